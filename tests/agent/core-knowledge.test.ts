// A resident's own seed knowledge stays within its reach (issues 22 and 23; agent/core-knowledge.ts): after a pile of
// newer, important memories on the same subject, its secret still reaches its own probe, a talk with the one it is
// meant for and its day plan, and never a talk or a remark anyone else hears.
import { describe, expect, it } from 'vitest';
import { audienceOf } from '../../src/agent/audience.ts';
import { untold } from '../../src/agent/core-knowledge.ts';
import type { AgentId, AgentProfile } from '../../src/agent/types.ts';
import { DAY_MS, dayKey } from '../../src/core/time.ts';
import { at, CAFE, ctxFor, DAY0, MARA, resident, setup, TOMAS } from './fixtures.ts';

const SECRET = /move to the coast/;
const MARA_SECRET: AgentProfile = {
  ...MARA,
  seed: 'Mara Okafor runs the Lantern Cafe; Mara Okafor has secretly decided to sell the Lantern Cafe and move to the coast, and intends to tell only Tomas Reyes; Mara Okafor is friends with Tomas Reyes',
};
const JUNE: AgentProfile = {
  ...TOMAS,
  id: 'june' as AgentId,
  name: 'June Adler',
  firstName: 'June',
  home: 'tomas-home',
  seed: 'June Adler is a regular at the Lantern Cafe',
};

/** Mara after a day and a half of newer, important thoughts about the cafe (the memory stream of a busy resident). */
async function crowdedMara(runtime: ReturnType<typeof setup>['runtime']) {
  const mara = resident(MARA_SECRET);
  await runtime.seed(mara, at(7));
  for (let k = 0; k < 120; k++)
    await runtime.remember(
      mara,
      `Mara Okafor thinks the coast road by the Lantern Cafe needs its pothole ${k} mended before the spring`,
      at(9) + k * 15 * 60_000,
      'reflection',
      8,
    );
  return mara;
}

const hasSecret = (ms: unknown) => (ms as { text: string }[]).some((m) => SECRET.test(m.text));
const inputOf = (call: { input: unknown } | undefined) => call!.input as Record<string, unknown>;

describe("a resident's own seed knowledge over days", () => {
  it('GIVEN a secret seed buried under 120 newer memories on its subject WHEN probed THEN the probe is given it and answers with it; without the pin it is lost', async () => {
    const { model, runtime } = setup();
    const mara = await crowdedMara(runtime);
    const q = 'Have you heard any news about the coast?';
    const answer = await runtime.interview(mara, q, { now: at(40), remember: false, probe: true });
    expect(hasSecret(inputOf(model.callsFor('agent_interview').at(-1)).memories)).toBe(true);
    expect(answer).toMatch(SECRET);

    const off = setup({ corePinK: 0 });
    const mara0 = await crowdedMara(off.runtime);
    const lost = await off.runtime.interview(mara0, q, { now: at(40), remember: false, probe: true });
    expect(hasSecret(inputOf(off.model.callsFor('agent_interview').at(-1)).memories)).toBe(false);
    expect(lost).not.toMatch(SECRET);
  });

  it('a visitor asking sees it pinned only as not to be shared; a remark never gets it', async () => {
    const { model, runtime } = setup();
    const mara = await crowdedMara(runtime);
    const answer = await runtime.interview(mara, 'Any news about the Lantern Cafe?', { now: at(40), asker: 'Nadia' });
    const shown = inputOf(model.callsFor('agent_interview').at(-1)).memories as { text: string; keep?: boolean }[];
    const secret = shown.filter((m) => SECRET.test(m.text));
    expect(secret.length).toBeGreaterThan(0);
    for (const m of secret) expect(m.keep).toBe(true);
    expect(answer).not.toMatch(SECRET);
    const reply = await runtime.hear(mara, {
      now: at(41),
      location: CAFE,
      speaker: { name: 'Nadia' },
      text: 'Any news about the Lantern Cafe, Mara?',
      addressed: true,
    });
    const heard = inputOf(model.callsFor('agent_hear').at(-1)).memories as { text: string }[];
    expect(hasSecret(heard)).toBe(false);
    // (its public seed about the subject is pinned instead)
    expect(heard.some((m) => m.text === 'Mara Okafor runs the Lantern Cafe')).toBe(true);
    expect(reply ?? '').not.toMatch(SECRET);
  });

  it('a talk with the one it is meant for has it, taken aside if others are near (then it is told, and no longer pinned); a talk anyone else is in has not', async () => {
    const { model, runtime } = setup();
    const mara = await crowdedMara(runtime);
    const tomas = resident(TOMAS);
    const june = resident(JUNE);
    for (const r of [tomas, june]) await runtime.seed(r, at(7));
    const section = () => {
      const speakers = inputOf(model.callsFor('agent_dialogue').at(-1)).speakers as {
        name: string;
        memories: { text: string; kept?: string }[];
      }[];
      return speakers.find((s) => s.name === 'Mara Okafor')!;
    };
    // June alone; Tomas with June listening: never
    await runtime.converse([mara, june], { now: at(40), location: CAFE, initiator: mara.profile.id, intent: 'chat' });
    expect(hasSecret(section().memories)).toBe(false);
    await runtime.converse([mara, tomas, june], {
      now: at(41),
      location: CAFE,
      initiator: mara.profile.id,
      intent: 'catch up with Tomas',
    });
    expect(hasSecret(section().memories)).toBe(false);
    expect(model.callsFor('agent_dialogue').length).toBe(2);
    // Tomas in a talk of their own, June nearby (issue 32 item 5: Mara takes him aside): pinned, marked as meant for
    // him, and the offline stand-in confides it; the line is a confidence, which the town keeps from those nearby
    const seed = mara.memory.all().find((m) => m.kind === 'seed' && SECRET.test(m.description))!;
    expect(untold(mara, seed, ['Tomas Reyes'])).toEqual(['Tomas Reyes']);
    const talk = await runtime.converse([mara, tomas], {
      now: at(42),
      location: CAFE,
      initiator: mara.profile.id,
      intent: 'catch up with Tomas',
      bystanders: ['June Adler'],
    });
    const pinned = section().memories.filter((m) => SECRET.test(m.text));
    expect(pinned.length).toBeGreaterThan(0);
    expect(pinned[0]!.kept).toMatch(/meant only for Tomas Reyes/);
    const told = tomas.memory.all().filter((m) => m.kind === 'dialogue' && SECRET.test(m.description));
    expect(told.length).toBeGreaterThan(0);
    for (const m of told) expect(audienceOf(m)).toMatchObject({ kind: 'confidence', by: 'Mara Okafor' });
    for (const l of talk?.lines ?? []) if (SECRET.test(l.text)) expect(l.kept).toBe(true);
    expect(untold(mara, seed, ['Tomas Reyes'])).toEqual([]);
    expect(june.memory.all().some((m) => SECRET.test(m.description))).toBe(false);
    // told once: the next talk with him does not pin it again
    await runtime.converse([mara, tomas], { now: at(45), location: CAFE, initiator: mara.profile.id, intent: 'chat' });
    expect(section().memories.some((m) => SECRET.test(m.text) && (m as { fresh?: boolean }).fresh)).toBe(false);
  });

  it('its untold private intention is in the next day plan whatever retrieval ranks first; without the pin it is not', async () => {
    for (const k of [2, 0]) {
      const { model, runtime } = setup({ corePinK: k });
      const mara = await crowdedMara(runtime);
      await runtime.decide(mara, ctxFor(mara, at(48 + 6)));
      const input = inputOf(model.callsFor('agent_plan_day').at(-1)) as unknown as {
        intentions: { text: string; kept?: string }[];
      };
      const secret = input.intentions.filter((m) => SECRET.test(m.text));
      if (k > 0) {
        expect(secret.length).toBe(1);
        expect(secret[0]!.kept).toMatch(/meant only for Tomas Reyes/);
      } else expect(secret).toEqual([]);
    }
  });

  it("a plan block made of the secret is not in a visitor's interview, and is in its own probe", async () => {
    const { model, runtime } = setup();
    const mara = await crowdedMara(runtime);
    const day0 = DAY0 + DAY_MS;
    const h = (x: number) => day0 + x * 3_600_000;
    mara.mind.plan = {
      day: dayKey(day0),
      dayStart: day0,
      blocks: [
        { start: h(0), end: h(9), activity: 'sleeping', place: 'mara-home' },
        {
          start: h(9),
          end: h(11),
          activity: 'see an agent about selling the Lantern Cafe to move to the coast',
          place: 'lantern-cafe',
        },
        { start: h(11), end: h(24), activity: 'bake bread and serve breakfast', place: 'lantern-cafe' },
      ],
      hours: [],
      steps: [],
    };
    const plans = async (ctx: { asker?: string; probe?: boolean }) => {
      await runtime.interview(mara, 'What are you up to today?', { now: h(8), remember: false, ...ctx });
      return inputOf(model.callsFor('agent_interview').at(-1)).plan as string[];
    };
    const visitor = await plans({ asker: 'Nadia' });
    expect(visitor.some((l) => /bake bread/.test(l))).toBe(true);
    expect(visitor.some((l) => SECRET.test(l))).toBe(false);
    expect((await plans({ probe: true })).some((l) => SECRET.test(l))).toBe(true);
  });
});

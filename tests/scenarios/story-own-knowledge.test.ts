// A resident keeps its own secret in mind over days (issues 22 and 23), on the offline stand-in and on the
// realistic-model profile: Quarrington (tests/fixtures/towns/quarrington.yaml), a town written for this test. Silas
// Penhallow has secretly decided to buy the old chapel and means to tell only Petra Sloane, whom his day would not
// bring him to for two days; his assistant Colm Ashe works beside him every day. Offline he seeks her out (issue 32
// item 5) and tells her; his own probe still finds it days on; Petra also comes by the workshop on the third
// afternoon (a whisper sends her; another sends Colm home ill); Colm and a visitor never hear it. What holds on both profiles is counted in what the mind was given (prompt inputs) and
// kept (memory streams, audiences); what the offline stand-in says is checked on its words too.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { audienceOf } from '../../src/agent/audience.ts';
import { dayKey } from '../../src/core/time.ts';
import { parseTownFile } from '../../src/town/file.ts';
import { agentModelProfiles, type ProfileName } from '../support/model-profiles.ts';
import { PassThroughRecorder } from '../support/recording-model.ts';
import { scenarioTown } from '../support/scenario-town.ts';

const PROFILES = agentModelProfiles(23);
const SECRET = /music school/i;
const PROBE = 'Have you heard anything about the old chapel on Flint Lane?';
const HOLDER = 'Silas Penhallow';
const FRIEND = 'Petra Sloane';
const me = { id: 'u-ines', displayName: 'ines' };
const TICKS_PER_HOUR = 6; // 10-minute ticks

interface Mem {
  text: string;
  kind: string;
  kept?: string;
  keep?: boolean;
  quote?: { text: string };
}
const memText = (m: Mem) => `${m.text} ${m.quote?.text ?? ''}`;

async function run(profile: ProfileName) {
  const llm = new PassThroughRecorder(PROFILES[profile]());
  const file = parseTownFile(
    readFileSync(new URL('../fixtures/towns/quarrington.yaml', import.meta.url), 'utf8'),
    'quarrington.yaml',
  );
  const service = await scenarioTown(llm, file, `quarrington-${profile}`, 7);
  const probes: { at: number; answer: string; calls: number }[] = [];
  const probe = async () => {
    const answer = await service.evaluate('Silas', PROBE);
    probes.push({ at: service.snapshot().clock.now, answer, calls: llm.inputs('agent_interview').length });
  };
  // where everyone was, hour by hour: Silas and Petra do not meet for the first two days
  const together: number[] = [];
  const step = async (hours: number) => {
    for (let h = 0; h < hours; h++) {
      await service.step(TICKS_PER_HOUR);
      const rs = service.residents();
      const at = (n: string) => rs.find((r) => r.name === n)!.location.id;
      if (at(HOLDER) === at(FRIEND)) together.push(service.snapshot().clock.now);
    }
  };
  await probe();
  await step(50); // Wednesday 09:00
  await probe();
  // a visitor asks him about it, and chats with him: he keeps it to himself
  await service.setPersona(me, 'Ines', 'a visitor walking the quarry paths');
  const asked = await service.interview('Silas', me, PROBE);
  const silas = service.residents().find((r) => r.name === HOLDER)!;
  const said = await service.say(silas.location.id, me, 'Morning, Silas! Anything new with the old chapel?');
  const heard = said.replies.filter((r) => r.name === HOLDER).map((r) => r.text);
  const meetFrom = service.snapshot().clock.now;
  await service.whisper('Colm', me, 'go to Ash Lodgings this afternoon to rest and shake off a cold');
  await service.whisper('Petra', me, 'go to Tick and Tumbler Workshop at 3 pm to have the glasshouse clock mended');
  await step(10); // Wednesday 19:00
  const ex = await service.exportTown();
  const nameOf = new Map(ex.state.residents.map((r) => [r.profile.id as string, r.profile.name]));
  const sections = llm
    .inputs('agent_dialogue')
    .flatMap((i) => (i.speakers as { name: string; listeners: string[]; memories: Mem[] }[]).map((s) => s));
  return { llm, ex, nameOf, probes, asked: asked.answer, heard, together, meetFrom, sections };
}

for (const profile of Object.keys(PROFILES) as ProfileName[]) {
  describe(`a resident keeps its own secret in mind over days, on the ${profile} profile (issues 22 and 23)`, () => {
    let r: Awaited<ReturnType<typeof run>>;
    beforeAll(async () => {
      r = await run(profile);
    }, 240_000);

    it('two days on, its own probe is still given the secret, and (offline) answers with it', () => {
      const inputs = r.llm.inputs('agent_interview');
      for (const p of r.probes) {
        const input = inputs[p.calls - 1]!;
        expect(input.asker).toBeUndefined(); // a probe: nobody present
        expect((input.memories as Mem[]).some((m) => m.kind === 'seed' && SECRET.test(memText(m)))).toBe(true);
      }
      expect(r.probes[1]!.at - r.probes[0]!.at).toBeGreaterThanOrEqual(48 * 3_600_000);
      if (profile === 'offline') for (const p of r.probes) expect(p.answer).toMatch(SECRET);
    });

    it('its untold intention stays in every day plan it makes before they meet', () => {
      const plans = r.llm.inputs('agent_plan_day').filter((i) => i.name === HOLDER);
      const before = plans.filter((i) => String(i.day) < dayKey(r.meetFrom));
      expect(before.length).toBeGreaterThanOrEqual(2); // Monday and Tuesday (and any re-plan)
      for (const i of before)
        expect((i.intentions as Mem[]).some((m) => SECRET.test(memText(m)) && m.kept !== undefined)).toBe(true);
    });

    it('in any talk he has, the secret is there only when she alone listens; a visitor never hears it', () => {
      const his = r.sections.filter((s) => s.name === HOLDER);
      expect(his.length).toBeGreaterThan(0);
      for (const s of his.filter((x) => x.memories.some((m) => SECRET.test(memText(m)))))
        expect(s.listeners).toEqual([FRIEND]);
      // a talk with her alone has it, marked as meant for her
      for (const s of his.filter((x) => x.listeners.length === 1 && x.listeners[0] === FRIEND))
        expect(
          s.memories.some((m) => SECRET.test(memText(m)) && /meant only for Petra Sloane/.test(m.kept ?? '')),
        ).toBe(true);
      // the visitor: the hear prompt never carries it; the interview shows it only as not to be shared
      for (const i of r.llm.inputs('agent_hear'))
        expect((i.memories as Mem[]).some((m) => SECRET.test(memText(m)))).toBe(false);
      const personaAsked = r.llm.inputs('agent_interview').filter((i) => i.asker === 'Ines');
      expect(personaAsked.length).toBe(1);
      for (const m of (personaAsked[0]!.memories as Mem[]).filter((x) => SECRET.test(memText(x))))
        expect(m.keep).toBe(true);
      for (const text of [...r.heard, r.asked]) expect(text).not.toMatch(SECRET);
      // nobody but the two of them holds it
      const holders = new Set(
        r.ex.memories
          .filter((m) => SECRET.test(m.description) && m.kind !== 'interview' && !m.meta?.persona)
          .map((m) => r.nameOf.get(m.agentId)),
      );
      for (const h of holders) expect([HOLDER, FRIEND]).toContain(h);
    });

    if (profile === 'offline')
      it('he seeks her out within a day (issue 32 item 5: his plan calls on her) and tells her, in confidence', () => {
        // (the offline day plans keep each to home and work, and his calls on her; the realistic double's plans are
        // random draws)
        const start = r.ex.state.clock.start;
        expect(r.together.length).toBeGreaterThan(0);
        expect(r.together[0]! - start).toBeLessThanOrEqual(24 * 3_600_000);
        const petra = r.ex.memories.filter((m) => r.nameOf.get(m.agentId) === FRIEND && SECRET.test(m.description));
        const line = petra.find((m) => m.kind === 'dialogue');
        expect(line).toBeDefined();
        expect(line!.createdAt - start).toBeLessThanOrEqual(30 * 3_600_000);
        for (const m of petra) expect(audienceOf(m)).toMatchObject({ kind: 'confidence', by: HOLDER, to: [FRIEND] });
        expect(r.heard.length).toBeGreaterThan(0);
      });
  });
}

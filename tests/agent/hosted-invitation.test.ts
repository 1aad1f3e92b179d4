// A host's word of its gathering stays within its reach in talks with those it means to invite, until the gathering
// begins, and a seed phrase the town's reading has as standing reaches the talk marked so (issue 32 item 6;
// agent/core-knowledge.ts hostedPins, perceive.ts seed). Lines written for this test.
import { describe, expect, it } from 'vitest';
import type { AgentProfile } from '../../src/agent/types.ts';
import { at, CAFE, MARA, resident, setup, TOMAS } from './fixtures.ts';

const NIGHT = 'Mara Okafor is hosting a music night at the Lantern Cafe on Wednesday at 7 pm';
const RETIRED = 'Mara Okafor is a retired ship’s cook';
/** A day of newer memories for the host: sixty reflections on coffee beans, rated above the invitation. */
async function busyDay(runtime: ReturnType<typeof setup>['runtime'], mara: ReturnType<typeof resident>) {
  for (let k = 0; k < 60; k++)
    await runtime.remember(
      mara,
      `Mara Okafor priced a new batch ${k} of coffee beans`,
      at(9) + k * 20 * 60_000,
      'reflection',
      7,
    );
}

const HOST: AgentProfile = {
  ...MARA,
  seed: `${RETIRED}; Mara Okafor lives alone; ${NIGHT}`,
  standing: [RETIRED, 'Mara Okafor lives alone'],
  hosting: [
    {
      kind: 'music night',
      place: CAFE.id,
      // Wednesday, February 15, 7-9 pm (the fixtures' day 0 is Monday, February 13)
      start: at(48 + 19),
      end: at(48 + 21),
      invite: ['Tomas Reyes'],
    },
  ],
};

type Section = { name: string; memories: { text: string; standing?: boolean }[] };

describe('a host’s invitation within reach; standing seeds marked', () => {
  it('GIVEN a day of newer memories WHEN the host talks with an invitee before the night THEN its dated word is given, and told', async () => {
    const { model, runtime } = setup();
    const mara = resident(HOST);
    const tomas = resident(TOMAS);
    await runtime.seed(mara, at(7));
    await runtime.seed(tomas, at(7));
    // the standing seeds carry the reading's mark into the stream
    const seeds = mara.memory.all().filter((m) => m.kind === 'seed');
    expect(seeds.filter((m) => m.meta?.standing === true).map((m) => m.description)).toEqual([
      RETIRED,
      'Mara Okafor lives alone',
    ]);
    await busyDay(runtime, mara);
    const section = () =>
      (model.callsFor('agent_dialogue').at(-1)!.input as { speakers: Section[] }).speakers.find(
        (s) => s.name === 'Mara Okafor',
      )!;

    await runtime.converse([mara, tomas], { now: at(40), location: CAFE, initiator: mara.profile.id, intent: 'chat' });
    const before = section().memories;
    expect(before.some((m) => m.text === NIGHT)).toBe(true);
    for (const m of before.filter((x) => x.text === RETIRED)) expect(m.standing).toBe(true);
    // the offline stand-in tells it, and never the standing seed, as news
    const heard = tomas.memory.all().filter((m) => m.kind === 'dialogue' && typeof m.meta?.news === 'string');
    expect(heard.map((m) => m.meta?.news)).toEqual(expect.arrayContaining([expect.stringMatching(/music night/)]));
    expect(heard.some((m) => /retired/.test(String(m.meta?.news)))).toBe(false);
  });

  for (const [what, settings, now] of [
    ['without the pin', { corePinK: 0 }, at(40)],
    ['once the night has begun', {}, at(48 + 19, 30)],
  ] as const)
    it(`${what}, the same day of newer memories leaves the host without it`, async () => {
      const { model, runtime } = setup(settings);
      const mara = resident(HOST);
      const tomas = resident(TOMAS);
      await runtime.seed(mara, at(7));
      await runtime.seed(tomas, at(7));
      await busyDay(runtime, mara);
      await runtime.converse([mara, tomas], { now, location: CAFE, initiator: mara.profile.id, intent: 'chat' });
      const speakers = (model.callsFor('agent_dialogue').at(-1)!.input as { speakers: Section[] }).speakers;
      expect(speakers.find((s) => s.name === 'Mara Okafor')!.memories.some((m) => m.text === NIGHT)).toBe(false);
    });
});

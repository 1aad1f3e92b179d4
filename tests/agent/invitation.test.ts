// A host who means to invite someone tells them when they meet, and the one invited plans to be there from its
// start (issue 32: in a town written outside the project, the host's seed named her guests, so her note about each
// guest quoted it; the talk dropped the event as a repeat of the note, the offline stand-in took a line naming the
// listener as news about them, and nobody but the host came).
import { describe, expect, it } from 'vitest';
import type { MindState } from '../../src/agent/mind-state.ts';
import type { AgentProfile } from '../../src/agent/types.ts';
import { at, CAFE, ctxFor, MARA, resident, setup, TOMAS } from './fixtures.ts';

const EVENT =
  'Mara Okafor is hosting a music night at the Lantern Cafe on Monday, February 13, from 7 pm to 9 pm, and means to invite Tomas Reyes';
const HOST: AgentProfile = {
  ...MARA,
  seed: `Mara Okafor runs the Lantern Cafe; ${EVENT}`,
  hosting: [{ kind: 'music night', place: CAFE.id, start: at(19), end: at(21), invite: ['Tomas Reyes'] }],
};

describe('an invitation is given, and taken up the same day', () => {
  it('the host tells the guest of the event her note about him quotes; he resolves to go and plans it from its start', async () => {
    const { model, runtime } = setup();
    const mara = resident(HOST);
    const tomas = resident(TOMAS);
    for (const r of [mara, tomas]) await runtime.seed(r, at(0));
    const talk = await runtime.converse([mara, tomas], {
      now: at(10),
      location: CAFE,
      initiator: mara.profile.id,
      intent: 'invite Tomas',
    });
    // the event is among what she brings to the talk, though her note about Tomas says it too
    const input = model.callsFor('agent_dialogue')[0]!.input as {
      speakers: { name: string; memories: { text: string; fresh: boolean }[]; relations?: { note: string }[] }[];
    };
    const hers = input.speakers.find((s) => s.name === HOST.name)!;
    expect(hers.relations?.[0]?.note).toMatch(/music night/);
    expect(hers.memories.some((m) => m.fresh && /music night/.test(m.text))).toBe(true);
    // and she says it: it is not news "about" him because it names him as a guest
    const transcript = talk.lines.map((l) => l.text).join('\n');
    expect(transcript).toMatch(/music night/);
    // as an invitation to him, not as a list of guests said to his face
    expect(transcript).toMatch(/I'd love you to come/);
    expect(transcript).not.toMatch(/invite Tomas/);
    // his resolve is to go, not to invite anyone himself
    const resolve = tomas.memory.all().find((m) => m.meta?.promise === true);
    expect(resolve?.description, transcript).toMatch(/^Tomas Reyes plans to go to .*music night.*7 pm/);
    expect(resolve!.description).not.toMatch(/invite/);
    // the rest of today is planned again with the music night in it, from 7 pm
    await runtime.decide(tomas, ctxFor(tomas, at(10, 10)));
    const blocks = (tomas.mind as MindState).plan!.blocks;
    const there = blocks.filter((b) => b.place === CAFE.id && b.start < at(21) && b.end > at(19));
    expect(there.map((b) => b.activity).join(' / '), JSON.stringify(blocks)).toMatch(/music night/);
    expect(Math.min(...there.map((b) => b.start))).toBeLessThanOrEqual(at(19));
  }, 30_000);

  it('a host with nothing to invite this listener to keeps her note out of the talk, as before', async () => {
    const { model, runtime } = setup();
    const mara = resident({ ...HOST, hosting: [{ ...HOST.hosting![0]!, invite: ['Someone Else'] }] });
    const tomas = resident(TOMAS);
    for (const r of [mara, tomas]) await runtime.seed(r, at(0));
    await runtime.converse([mara, tomas], { now: at(10), location: CAFE, initiator: mara.profile.id, intent: 'chat' });
    const input = model.callsFor('agent_dialogue')[0]!.input as {
      speakers: { name: string; memories: { text: string }[] }[];
    };
    const hers = input.speakers.find((s) => s.name === HOST.name)!;
    expect(hers.memories.some((m) => /music night/.test(m.text))).toBe(false);
  }, 30_000);
});

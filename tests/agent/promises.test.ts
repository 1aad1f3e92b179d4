// A promise made in conversation is kept (issue 10 follow-up): a guest who accepts an invitation to an event with a
// place, day and hour remembers the resolve and the next day plan holds a pinned block at that place in its hours.
// On the offline stand-in the whole talk is the model's; on the realistic profile (tests/support/realistic-model)
// the lines are given, since its spoken lines are prose about nothing, and the summary and plans are the server's.
import { describe, expect, it } from 'vitest';
import type { MindState } from '../../src/agent/mind-state.ts';
import { AgentRuntime } from '../../src/agent/runtime.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import type { LanguageModel, ObjectRequest } from '../../src/llm/port.ts';
import { agentModelProfiles } from '../support/model-profiles.ts';
import { at, CAFE, ctxFor, MARA, resident, TOMAS } from './fixtures.ts';

const DAY = 86_400_000;
const EVENT = 'Mara Okafor is hosting a music night at the Lantern Cafe on Tuesday, February 14, from 7 pm to 9 pm';

/** Speaks the given lines in turn (the people's words), every other task from the model under test. */
class Spoken implements LanguageModel {
  private next = 0;
  constructor(
    private readonly inner: LanguageModel,
    private readonly lines: string[],
  ) {}
  get info() {
    return this.inner.info;
  }
  async object<T>(req: ObjectRequest<T>): Promise<T> {
    if (req.task !== 'agent_dialogue' || this.lines.length === 0) return this.inner.object(req);
    // the whole talk in one answer, summarised by the model under test (agent_conversation_summary)
    const lines = this.lines.slice(this.next).map((line) => ({ line, speaker: null }));
    this.next = this.lines.length;
    return { lines, news: [], end: true, summary: null } as T;
  }
}

const PROFILES = agentModelProfiles(3);

const INVITE = [
  'Tomas! I am hosting a music night at the Lantern Cafe on Tuesday, February 14, from 7 pm to 9 pm. Would you like to come?',
  'That sounds lovely, I’d love to come! See you there.',
];
const DECLINE = [INVITE[0]!, 'Oh, I can’t make it on Tuesday, sorry. I have a paper due.'];

async function talk(profile: keyof typeof PROFILES, lines: string[]) {
  // offline: the model's own conversation (Mara passes on her news, Tomas answers); realistic: the lines given
  const spoken = profile === 'offline' && lines === INVITE ? [] : lines;
  const runtime = new AgentRuntime({
    llm: new Spoken(PROFILES[profile](), spoken),
    embedder: new LexicalEmbedder(),
    log: () => {},
  });
  const mara = resident(MARA);
  const tomas = resident(TOMAS);
  for (const r of [mara, tomas]) await runtime.seed(r, at(0));
  await runtime.remember(mara, EVENT, at(8), 'observation', 6);
  const said = await runtime.converse([mara, tomas], {
    now: at(10),
    location: CAFE,
    initiator: mara.profile.id,
    intent: 'invite Tomas',
  });
  return { runtime, mara, tomas, said };
}

for (const profile of Object.keys(PROFILES) as (keyof typeof PROFILES)[]) {
  describe(`a promise made in conversation is kept (${profile} profile)`, () => {
    it('the guest who accepts an invitation resolves to go and the next day plan holds the event at its place and hours', async () => {
      const { runtime, mara, tomas, said } = await talk(profile, INVITE);
      const transcript = said.lines.map((l) => l.text).join('\n');
      expect(transcript).toMatch(/music night/);
      expect(transcript).toMatch(/love to come|be there/);
      // THEN the guest remembers the resolve, in the form the day plan reads, and the host has no such resolve
      const resolve = tomas.memory.all().find((m) => m.meta?.promise === true);
      expect(resolve, transcript).toBeDefined();
      expect(resolve!.description).toMatch(/^Tomas Reyes plans to go to .*music night.*Lantern Cafe.*7 pm.*9 pm/);
      expect(resolve!.importance).toBe(7);
      expect(mara.memory.all().some((m) => m.meta?.promise === true)).toBe(false);
      // WHEN he plans the next day
      await runtime.decide(tomas, ctxFor(tomas, at(0, 5) + DAY));
      // THEN a pinned block at the cafe covers the event's hours
      const blocks = (tomas.mind as MindState).plan!.blocks;
      const from = at(19) + DAY;
      const to = at(21) + DAY;
      const there = blocks.filter((b) => b.pinned && b.place === CAFE.id && b.start < to && b.end > from);
      expect(there.length, JSON.stringify(blocks)).toBeGreaterThan(0);
      expect(there.map((b) => b.activity).join(' / ')).toMatch(/music night/);
      expect(Math.min(...there.map((b) => b.start))).toBeLessThanOrEqual(from);
      expect(Math.max(...there.map((b) => b.end))).toBeGreaterThanOrEqual(to);
    }, 30_000);

    it('a guest who declines makes no promise', async () => {
      const { tomas, said } = await talk(profile, DECLINE);
      expect(said.lines.map((l) => l.text)).toEqual(DECLINE);
      expect(tomas.memory.all().some((m) => m.meta?.promise === true)).toBe(false);
      expect(tomas.memory.all().some((m) => /plans to go/.test(m.description))).toBe(false);
    }, 30_000);
  });
}

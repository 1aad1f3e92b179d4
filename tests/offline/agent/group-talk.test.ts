// Group small talk on the offline stand-in (issue 28): over a seeded evening of a town written for this test, no
// speaker says a sentence of its own twice in one conversation, two people do not take leave in the same words, a
// goodbye names only people who spoke, and an answer to "what have you been up to" names something from the
// speaker's own prompt. Fernhollow is its own town: not Smallville, not a shipped town, no evaluation's topics.
import { describe, expect, it } from 'vitest';
import type { DialogueTurnInput } from '../../../src/agent/prompts/dialogue-turn.ts';
import type { Memory } from '../../../src/agent/types.ts';
import { isGoodbye } from '../../../src/core/turns.ts';
import { conversationRecords } from '../../../src/eval/run-export.ts';
import { LexicalEmbedder } from '../../../src/llm/index.ts';
import { dialogueTurn } from '../../../src/offline/agent/talk.ts';
import { agentOfflineRules, createLanguageModel, mergeOfflineRules } from '../../../src/offline/index.ts';
import { agentKit } from '../../../src/town/agent-kit.ts';
import { validateTownFile } from '../../../src/town/file.ts';
import { TownService } from '../../../src/town/service.ts';
import { InMemoryTownStore } from '../../../src/town/store.ts';

const EVENING = 'a board-game evening at The Lantern Hall on Wednesday, March 4, from 6 pm to 11 pm';
const GUESTS = ['Nell Ashby', 'Corin Vale', 'Dara Finch', 'Tomas Reyne', 'Wren Odell'];
const WORK: Record<string, string> = {
  'Nell Ashby':
    'Nell Ashby is restoring an old clock for the town museum; Nell Ashby is also learning to play the cello',
  'Corin Vale':
    'Corin Vale is writing a guidebook to the hills around Fernhollow; Corin Vale is also training for a long-distance walk',
  'Dara Finch':
    'Dara Finch is building a greenhouse behind her cottage; Dara Finch is also knitting a blanket for her niece',
  'Tomas Reyne': 'Tomas Reyne is repairing the roof of the mill; Tomas Reyne is also teaching his nephew to fish',
  'Wren Odell': 'Wren Odell is collecting recipes for a village cookbook; Wren Odell is also painting the chapel gate',
};

/** Fernhollow on the evening of Nell's games night: five neighbours who know each other, all at the hall. */
const fernhollow = () =>
  validateTownFile({
    name: 'Fernhollow',
    start: '2026-03-04 17:50',
    locations: [
      ...GUESTS.map((g) => ({
        id: g.split(' ')[1]!.toLowerCase(),
        name: `${g.split(' ')[1]} Cottage`,
        kind: 'home' as const,
        subAreas: [{ name: 'room', objects: ['bed', 'table'] }],
      })),
      {
        id: 'hall',
        name: 'The Lantern Hall',
        hours: '08:00-23:30',
        subAreas: [{ name: 'main room', objects: ['long table', 'games shelf', 'tea urn'] }],
      },
    ],
    residents: GUESTS.map((name, k) => ({
      name,
      age: 30 + k * 7,
      innate: 'friendly, talkative',
      learned: `${name} lives in Fernhollow.`,
      currently: `${WORK[name]!.split(';')[0]}.`,
      lifestyle: `${name.split(' ')[0]} gets up at 7 am and goes to bed at 11:30 pm.`,
      home: name.split(' ')[1]!.toLowerCase(),
      seed: `${WORK[name]}; ${
        k === 0
          ? `Nell Ashby is hosting ${EVENING}`
          : `${name} heard that Nell Ashby is hosting ${EVENING}, and plans to go`
      }; ${name} knows ${GUESTS.filter((g) => g !== name).join(', ')}`,
      startAt: 'hall',
    })),
  });

async function evening(ticks: number) {
  const llm = createLanguageModel({ provider: 'offline', offlineRules: mergeOfflineRules(agentOfflineRules) });
  const service = await TownService.create(
    {
      store: new InMemoryTownStore(),
      kit: (townId, settings) =>
        agentKit({ llm, embedder: new LexicalEmbedder({ dimensions: 128 }), settings, townId }),
      owner: 'test',
    },
    { id: 'fernhollow', scope: 'console', file: fernhollow(), seed: 28 },
  );
  await service.step(ticks);
  const ex = await service.exportTown();
  const residents = ex.state.residents.map((r) => ({
    id: r.profile.id as string,
    name: r.profile.name,
    memories: ex.memories.filter((m: Memory) => m.agentId === r.profile.id),
  }));
  return conversationRecords(residents).filter((c) => c.participants.length >= 3);
}

const sentences = (line: string) => line.split(/(?<=[.!?])\s+/).filter((s) => s.split(/\s+/).length >= 4);

describe('offline group small talk over a seeded evening (issue 28)', () => {
  it('no one repeats a sentence of their own in a talk, nor takes leave in the words another used; goodbyes name only those who spoke', async () => {
    const talks = await evening(24); // 17:50 -> 21:50
    expect(talks.length).toBeGreaterThanOrEqual(2);
    const lines = talks.flatMap((c) => c.lines);
    expect(lines.length).toBeGreaterThanOrEqual(20);
    const repeated: string[] = [];
    const sameBye: string[] = [];
    const strangers: string[] = [];
    const spokeAfterBye: string[] = [];
    for (const c of talks) {
      const said = new Map<string, Set<string>>();
      const byes = new Set<string>();
      c.lines.forEach((l, k) => {
        const mine = said.get(l.speaker) ?? new Set<string>();
        for (const s of sentences(l.text)) if (mine.has(s)) repeated.push(`${l.speaker}: ${s}`);
        for (const s of sentences(l.text)) mine.add(s);
        said.set(l.speaker, mine);
        if (!isGoodbye(l.text)) return;
        // a line that reads as a goodbye takes its speaker out of the group (src/agent/converse.ts): it is their last
        if (c.lines.slice(k + 1).some((x) => x.speaker === l.speaker)) spokeAfterBye.push(`${l.speaker}: ${l.text}`);
        // the goodbye's words, without whom it names
        const bye = l.text
          .split(/(?<=[.!?])\s+/)
          .slice(-1)[0]!
          .replace(/\b[A-Z][a-z]+\b/g, 'X');
        if (byes.has(bye)) sameBye.push(`${l.speaker}: ${l.text}`);
        byes.add(bye);
        const spoke = new Set(c.lines.slice(0, k).map((x) => x.speaker.split(' ')[0]!));
        for (const g of GUESTS.map((x) => x.split(' ')[0]!))
          if (new RegExp(`\\b${g}\\b`).test(l.text.replace(/^.*?(?=[^.!?]*$)/, '')) && !spoke.has(g))
            strangers.push(`${l.speaker}: ${l.text}`);
      });
    }
    expect(repeated).toEqual([]);
    expect(sameBye).toEqual([]);
    expect(strangers).toEqual([]);
    expect(spokeAfterBye).toEqual([]);
  });
});

const nell = (over: Partial<DialogueTurnInput> = {}) =>
  dialogueTurn({
    name: 'Nell Ashby',
    first: 'Nell',
    summary:
      'Nell Ashby, 30, is friendly. Nell Ashby is restoring an old clock for the town museum. She is also learning to play the cello.',
    listeners: ['Corin Vale', 'Dara Finch'],
    placeName: 'The Lantern Hall',
    time: '7:10 pm',
    doing: [
      { name: 'Nell Ashby', activity: 'setting out the board games' },
      { name: 'Corin Vale', activity: 'making tea' },
      { name: 'Dara Finch', activity: 'making tea' },
    ],
    relations: [
      {
        name: 'Corin Vale',
        note: 'Nell knows Corin Vale',
        told: ['Nell Ashby is restoring an old clock for the town museum', 'Nell Ashby is learning to play the cello'],
      },
      {
        name: 'Dara Finch',
        note: 'Nell knows Dara Finch',
        told: ['Nell Ashby is restoring an old clock for the town museum', 'Nell Ashby is learning to play the cello'],
      },
    ],
    history: [{ speaker: 'Corin Vale', text: 'Hi everyone! Nell, what have you been up to?' }],
    memories: [
      {
        text: 'Nell plans to walk her dog along the river from 9:30 pm to 10:00 pm',
        importance: 3,
        kind: 'plan',
        fresh: true,
      },
    ],
    turnsLeft: 8,
    ...over,
  });

describe('offline small talk answers from the speaker’s own prompt', () => {
  it('"what have you been up to", when the listeners know its work already: its plan for later, or what it is doing', () => {
    const out = nell();
    expect(out.line).toMatch(/walk (?:my|her) dog along the river|setting out the board games/);
    expect(out.line).not.toMatch(/same as I told you/);
    // without the plan, what it is doing right now
    expect(nell({ memories: [] }).line).toMatch(/setting out the board games/);
  });

  it('answers the same question twice in one talk with two different things, never the same line', () => {
    const first = nell();
    const second = nell({
      history: [
        { speaker: 'Corin Vale', text: 'Hi everyone! Nell, what have you been up to?' },
        { speaker: 'Nell Ashby', text: first.line },
        { speaker: 'Dara Finch', text: 'Oh, nice! And you, Nell? What’s new?' },
      ],
    });
    expect(second.line).not.toBe(first.line);
    for (const s of sentences(second.line)) expect(first.line).not.toContain(s);
  });

  it('opens a talk at the same place with the same people differently from hour to hour', () => {
    const openings = new Set(
      Array.from({ length: 12 }, (_, h) => nell({ history: [], time: `${(h % 12) + 1}:10 pm` }).line),
    );
    expect(openings.size).toBeGreaterThanOrEqual(6);
  });

  it('a secret or a confidence never becomes small talk', () => {
    const out = nell({
      memories: [
        {
          text: 'Nell Ashby has secretly decided to sell the clock and has not told anyone',
          importance: 4,
          kind: 'seed',
          fresh: true,
        },
        {
          text: 'Nell Ashby is worried about the museum budget',
          importance: 4,
          kind: 'seed',
          fresh: true,
          kept: "Nell Ashby's secret, meant only for Tomas Reyne",
        },
      ],
      doing: [],
    });
    expect(out.line).not.toMatch(/sell the clock|museum budget/);
  });
});

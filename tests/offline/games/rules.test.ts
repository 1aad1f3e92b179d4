import { describe, expect, it } from 'vitest';
import { FALLBACK_CLUES } from '../../../src/games/scenarios/social-deduction/default-moves.ts';
import { defaultKnowledge, WordKnowledge } from '../../../src/games/scenarios/social-deduction/knowledge.ts';
import type { BotInput } from '../../../src/games/scenarios/social-deduction/prompts.ts';
import { defaultAssociations, loadPairs, loadTopics } from '../../../src/games/scenarios/social-deduction/words.ts';
import { sameWord, saysWord } from '../../../src/games/text.ts';
import { makeGamesOfflineRules } from '../../../src/offline/games/rules.ts';

const k = defaultKnowledge();

function input(over: Partial<BotInput>): BotInput {
  return {
    game: 'chameleon',
    move: 'clue',
    bot: 'vanilla',
    me: 'Ann',
    players: ['Ann', 'Ben', 'Cat'],
    out: [],
    topic: 'Fruits',
    role: 'player',
    secret: 'Cherry',
    word: null,
    clues: [],
    round: 1,
    clueRounds: 1,
    candidates: [],
    pastVotes: [],
    beliefs: null,
    persona: null,
    target: null,
    toJudge: [],
    ...over,
  };
}

// Listeners who recognise every association, so each expectation follows from the data alone.
const rules = makeGamesOfflineRules(defaultKnowledge, 1);
const rule = (task: string, i: BotInput) => rules[task]?.(i, []) as Record<string, unknown>;

describe('offline rules: Chameleon', () => {
  it('a word holder gives a clue related to the word without saying it', () => {
    for (const secret of ['Cherry', 'Mango', 'Pineapple', 'Fig']) {
      for (const bot of ['vanilla', 'pgm'] as const) {
        const { clue } = rule(bot === 'pgm' ? 'game_clue_pgm' : 'game_clue', input({ secret, bot })) as {
          clue: string;
        };
        expect(saysWord(clue, secret)).toBe(false);
        expect(k.relatedness(clue, secret), `${secret}: ${clue}`).toBeGreaterThan(0);
      }
    }
  });

  it('the chameleon gives a topic clue; a PGM chameleon fits its clue to the word it worked out', () => {
    const base = { role: 'chameleon' as const, secret: null, me: 'Cat' };
    const { clue } = rule('game_clue', input(base)) as { clue: string };
    expect(k.topicClues('Fruits').map((c) => c.toLowerCase())).toContain(clue.toLowerCase());
    const clues = [
      { name: 'Ann', round: 1, text: 'pit' },
      { name: 'Ben', round: 1, text: 'sundae' },
    ];
    const pgm = rule('game_clue_pgm', input({ ...base, bot: 'pgm', clues })) as { clue: string };
    expect(k.relatedness(pgm.clue, 'Cherry'), pgm.clue).toBeGreaterThan(0);
    expect(saysWord(pgm.clue, 'Cherry')).toBe(false);
    const guess = rule('game_guess', input({ ...base, move: 'guess', clues })) as { word: string };
    expect(sameWord(guess.word, 'Cherry'), guess.word).toBe(true);
  });

  it('plays fair: what the chameleon says and guesses does not depend on the topic cards players never see', () => {
    const noCards = makeGamesOfflineRules(() => new WordKnowledge(defaultAssociations(), []), 1);
    const base = { role: 'chameleon' as const, secret: null, me: 'Cat' };
    for (const clues of [
      [
        { name: 'Ann', round: 1, text: 'pit' },
        { name: 'Ben', round: 1, text: 'sundae' },
      ],
      [
        { name: 'Ann', round: 1, text: 'tropical' },
        { name: 'Ben', round: 1, text: 'yellow' },
      ],
    ])
      for (const task of ['game_guess', 'game_clue_pgm', 'game_clue'] as const) {
        const i = input({
          ...base,
          bot: task === 'game_clue_pgm' ? 'pgm' : 'vanilla',
          move: task === 'game_guess' ? 'guess' : 'clue',
          clues,
        });
        expect(noCards[task]?.(i, []), task).toEqual(rule(task, i));
      }
  });

  it('holders vote for the player whose clue does not fit the word', () => {
    const clues = [
      { name: 'Ann', round: 1, text: 'stem' },
      { name: 'Ben', round: 1, text: 'vitamins' },
      { name: 'Cat', round: 1, text: 'blossom' },
    ];
    const v = rule('game_vote', input({ move: 'vote', clues, candidates: ['Ben', 'Cat'] }));
    expect(v).toEqual({ vote: 'Ben' });
    // The reasoning probe from the same view: Ann suspects Ben, and models Cat's view as suspecting Ben too.
    const p = rule('game_probe', input({ move: 'probe', clues }));
    expect(p.suspect).toBe('Ben');
  });
});

describe('offline rules: Undercover', () => {
  const base = { game: 'undercover' as const, topic: null, role: null, secret: null };

  it('reasons from clue overlap: the player whose clues miss my word is suspected', () => {
    const clues = [
      { name: 'Ann', round: 1, text: 'espresso' },
      { name: 'Ben', round: 1, text: 'barista' },
      { name: 'Cat', round: 1, text: 'herbal' },
    ];
    const v = rule('game_vote', input({ ...base, word: 'coffee', move: 'vote', clues, candidates: ['Ben', 'Cat'] }));
    expect(v).toEqual({ vote: 'Cat' });
    // Asked "which role am I" before her next clue, Ann says civilian: only one of the two others' clues misses coffee.
    const c = rule('game_clue', input({ ...base, word: 'coffee', move: 'clue', clues }));
    expect(c.role).toBe('civilian');
  });

  it("realises it is the undercover when most others' clues miss its word", () => {
    const clues = [
      { name: 'Ann', round: 1, text: 'herbal' },
      { name: 'Ben', round: 1, text: 'espresso' },
      { name: 'Cat', round: 1, text: 'barista' },
    ];
    const a = rule('game_analyse', input({ ...base, word: 'tea', move: 'analyse', bot: 'pgm', clues })) as {
      selfRole: string;
      beliefs: Record<string, Record<string, number>>;
    };
    expect(a.selfRole).toBe('undercover');
    const row = a.beliefs.Ann ?? {};
    expect(row.Ann ?? 0).toBeGreaterThan(Math.max(row.Ben ?? 0, row.Cat ?? 0));
    // Two-hop: Ben (who holds the others' word) is presumed to suspect me.
    const ben = a.beliefs.Ben ?? {};
    expect(ben.Ann ?? 0).toBeGreaterThan(ben.Cat ?? 0);
    // Its next clue fits the others' word as well as its own.
    const c = rule('game_clue_pgm', input({ ...base, word: 'tea', bot: 'pgm', clues, round: 2 })) as { clue: string };
    expect(k.relatedness(c.clue, 'coffee'), c.clue).toBeGreaterThan(0);
    expect(saysWord(c.clue, 'tea')).toBe(false);
  });

  it('is deterministic', () => {
    const i = input({ ...base, word: 'coffee', bot: 'pgm' });
    expect(rule('game_clue_pgm', i)).toEqual(rule('game_clue_pgm', i));
  });
});

describe("the run's seed", () => {
  it('breaks the ties of votes, probes and clues: same seed, same move; other seeds, other moves', () => {
    // No clues yet: every other player looks alike, so the vote and the probe are ties.
    const tie = input({ move: 'vote', candidates: ['Ben', 'Cat', 'Dan'], players: ['Ann', 'Ben', 'Cat', 'Dan'] });
    const seeded = (seed: string) => makeGamesOfflineRules(defaultKnowledge, 1, seed);
    const play = (seed: string) => {
      const r = seeded(seed);
      const ask = (task: string, i: BotInput) => r[task]?.(i, []) as Record<string, string>;
      return [
        ask('game_vote', tie).vote,
        ask('game_probe', { ...tie, move: 'probe' }).suspect,
        ask('game_clue', { ...tie, move: 'clue' }).clue,
      ];
    };
    const seeds = ['1', '2', '3', '4', '5', '6', '7', '8'];
    for (const s of seeds) expect(play(s)).toEqual(play(s));
    for (const i of [0, 1, 2]) expect(new Set(seeds.map((s) => play(s)[i])).size, `move ${i}`).toBeGreaterThan(1);
  });
});

describe('fallback clues', () => {
  it('never say any word of the shipped data', () => {
    const words = [...loadTopics().flatMap((t) => t.words), ...loadPairs().flat()];
    for (const c of FALLBACK_CLUES) for (const w of words) expect(saysWord(c, w), `${c} / ${w}`).toBe(false);
  });
});

describe('listener recall', () => {
  it('a listener recognises only a seeded share of the associations behind a clue', () => {
    expect(k.relatedness('espresso', 'coffee', { id: 'x', recall: 1 })).toBeGreaterThan(0);
    expect(k.relatedness('espresso', 'coffee', { id: 'x', recall: 0 })).toBe(0);
    const clues = k.cluesFor('coffee');
    const known = (id: string) => clues.filter((c) => k.relatedness(c, 'coffee', { id, recall: 0.5 }) > 0).length;
    const counts = ['a', 'b', 'c', 'd', 'e', 'f'].map(known);
    expect(Math.min(...counts)).toBeLessThan(clues.length);
    expect(known('a')).toBe(known('a'));
  });
});

describe('offline seats do not share one private association table', () => {
  it("each seat's clues come from its own seeded share of a word's associations", () => {
    const word = 'Cherry';
    const all = k.cluesFor(word);
    expect(all.length).toBeGreaterThan(4);
    const minds = ['Ann', 'Ben', 'Cat', 'Dan'].map((name) => ({ id: `${name}|Fruits|${word}`, recall: 0.75 }));
    const lists = minds.map((m) => k.cluesFor(word, m));
    for (const l of lists) {
      expect(l.length).toBeLessThan(all.length);
      for (const c of l) expect(all).toContain(c);
    }
    // Different seats, different samples: no two of these four know exactly the same associations.
    expect(new Set(lists.map((l) => l.join('|'))).size).toBe(4);
    // Deterministic per seat.
    expect(k.cluesFor(word, minds[0])).toEqual(lists[0]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  combinedSelfAwareness,
  computeMetrics,
  type GameTrace,
  overallWinRate,
} from '../../src/games/scenarios/social-deduction/metrics.ts';

function trace(over: Partial<GameTrace>): GameTrace {
  return {
    kind: 'chameleon',
    flag: 0,
    odd: ['c'],
    challengers: ['c'],
    votes: { a: 'c', b: 'c', c: 'a' },
    roleAnswers: [],
    probes: [],
    guess: null,
    calls: {},
    moves: {},
    maxCallsPerMove: {},
    probeCalls: {},
    fallbacks: {},
    fallbackReasons: [],
    ...over,
  };
}

describe('MAgIC metrics on hand-made outcomes', () => {
  it('Chameleon win rate from the credit vectors, divided by 2n', () => {
    // Challenger as chameleon: flags 1 (credit 1) and 2 (credit 2); as non-chameleons: flags 0 (2) and 3 (1).
    const m = computeMetrics([
      trace({ flag: 1, challengers: ['c'], guess: { correct: true } }),
      trace({ flag: 2, challengers: ['c'] }),
      trace({ flag: 0, challengers: ['a', 'b'], guess: { correct: false } }),
      trace({ flag: 3, challengers: ['a', 'b'] }),
    ]);
    expect(m.winRateOdd).toBeCloseTo(3 / 4);
    expect(m.winRateRegular).toBeCloseTo(3 / 4);
    expect(m.winRate).toBeCloseTo(6 / 8);
    expect(m.flags).toEqual([1, 1, 1, 1]);
    // Deception (MAgIC sec. 3.3): wins as chameleon (flags 1 and 2) 2/2 + 0.25 x forced wrong guesses 1/1 = 1.25,
    // the paper's sum on its own scale [0, 1.25], not rescaled.
    expect(m.deception).toBeCloseTo(1.25);
    // Judgement: a and b voted c in both games where they were the challenger.
    expect(m.judgement).toBe(1);
  });

  it('Undercover win rate from [0,3,2] / [3,0,1] divided by 3n', () => {
    const m = computeMetrics([
      trace({ kind: 'undercover', flag: 0, odd: ['u'], challengers: ['u'], votes: { u: 'a', a: 'u', b: 'u' } }),
      trace({ kind: 'undercover', flag: 2, odd: ['u'], challengers: ['u'], votes: { u: 'a', a: 'b', b: 'u' } }),
      trace({ kind: 'undercover', flag: 1, odd: ['u'], challengers: ['a', 'b'], votes: { u: 'a', a: 'b', b: 'a' } }),
    ]);
    expect(m.winRateOdd).toBeCloseTo(2 / 6);
    expect(m.winRateRegular).toBeCloseTo(0);
    expect(m.winRate).toBeCloseTo(2 / 9);
    expect(m.deception).toBeCloseTo(1 / 2);
    expect(m.judgement).toBe(0);
  });

  it('self-awareness from the role asked before each clue; reasoning from gold and inter parts after each clue', () => {
    const m = computeMetrics([
      trace({
        kind: 'undercover',
        odd: ['u'],
        challengers: ['a'],
        // Before its two clues a said "civilian" (right) then "undercover" (wrong); b's answers are not the challenger's.
        roleAnswers: [
          { player: 'a', selfOdd: false },
          { player: 'b', selfOdd: true },
          { player: 'a', selfOdd: true },
        ],
        probes: [
          {
            afterClue: 'u',
            answers: {
              // gold: a suspects u (right); inter: a says b suspects u (b said a: wrong), u suspects a (u said a: right).
              a: { suspect: 'u', predicted: { b: 'u', u: 'a' } },
              b: { suspect: 'a', predicted: { a: 'u', u: 'a' } },
              u: { suspect: 'a', predicted: { a: 'u', b: 'u' } },
            },
          },
          {
            afterClue: 'a',
            // gold: a suspects b (wrong); inter: b's answer unusable (not checked), u said b -> a predicted b (right).
            answers: {
              a: { suspect: 'b', predicted: { b: 'u', u: 'b' } },
              b: null,
              u: { suspect: 'b', predicted: {} },
            },
          },
        ],
      }),
      trace({
        kind: 'undercover',
        odd: ['u'],
        challengers: ['u'],
        roleAnswers: [{ player: 'u', selfOdd: true }],
        // u's answer unusable: one gold check (wrong) and one inter check per other usable answer (both wrong).
        probes: [
          {
            afterClue: 'a',
            answers: { u: null, a: { suspect: 'u', predicted: {} }, b: { suspect: 'u', predicted: {} } },
          },
        ],
      }),
    ]);
    // Role answers of the challenger: a right, a wrong, u right -> 2/3.
    expect(m.selfAwareness).toBeCloseTo(2 / 3);
    // Gold: 1 right of 3 checks. Inter: 2 right of (2 + 1 + 2) = 5 checks. Reasoning: 3 / 8.
    expect(m.reasoningGold).toBeCloseTo(1 / 3);
    expect(m.reasoningInter).toBeCloseTo(2 / 5);
    expect(m.reasoning).toBeCloseTo(3 / 8);
  });

  it('overall win rate is the mean over the seven roles (Eq. 1) and names the roles not played', () => {
    const o = overallWinRate({
      chameleon: 0.5,
      'non-chameleon': 1,
      undercover: 0,
      civilian: 0.5,
      'cost-sharing': 1,
      'prisoners-dilemma': 0.5,
      'public-good': 0,
    });
    expect(o.rate).toBeCloseTo(3.5 / 7);
    expect(o.missing).toEqual([]);
    const partial = overallWinRate({ chameleon: 1, civilian: 0 });
    expect(partial.rate).toBeCloseTo(0.5);
    expect(partial.missing).toEqual([
      'non-chameleon',
      'undercover',
      'cost-sharing',
      'prisoners-dilemma',
      'public-good',
    ]);
  });

  it('calls per game and per move count the challenger seats only', () => {
    const m = computeMetrics([
      trace({ challengers: ['a', 'b'], calls: { a: 3, b: 4, c: 9 }, moves: { a: 2, b: 3, c: 3 } }),
      trace({ challengers: ['c'], calls: { a: 1, c: 5 }, moves: { c: 3 } }),
    ]);
    expect(m.callsPerGame).toBeCloseTo(12 / 2);
    expect(m.callsPerMove).toBeCloseTo(12 / 8);
  });

  it("combined self-awareness is the paper's Eq. 5 sum: 0.6 x Chameleon + Undercover, on [0, 1.6]", () => {
    expect(combinedSelfAwareness(1, 0.5)).toBeCloseTo(1.1);
    expect(combinedSelfAwareness(1, 1)).toBeCloseTo(1.6);
    expect(combinedSelfAwareness(0.5, 0)).toBeCloseTo(0.3);
    // One game alone is not the paper's quantity.
    expect(combinedSelfAwareness(null, 0.25)).toBeNull();
  });

  it("every rate stays in [0, 1] over random game logs (deception in the paper's [0, 1.25])", () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const who = ['a', 'b', 'c'];
    const traces = Array.from({ length: 60 }, () => {
      const odd = who[rnd(3)] as string;
      const ch = who[rnd(3)] as string;
      const ans = () => ({
        suspect: who[rnd(3)] as string,
        predicted: { a: who[rnd(3)] as string, b: who[rnd(3)] as string, c: who[rnd(3)] as string },
      });
      return trace({
        flag: rnd(4),
        odd: [odd],
        challengers: [ch],
        votes: { a: who[rnd(3)] as string, b: who[rnd(3)] as string, c: who[rnd(3)] as string },
        guess: rnd(2) ? { correct: rnd(2) === 1 } : null,
        roleAnswers: [{ player: ch, selfOdd: rnd(2) === 1 }],
        probes: [{ afterClue: 'a', answers: { a: ans(), b: rnd(4) ? ans() : null, c: ans() } }],
      });
    });
    const m = computeMetrics(traces);
    for (const v of [m.winRate, m.winRateOdd, m.winRateRegular, m.judgement, m.selfAwareness, m.reasoning])
      if (v !== null) expect(v >= 0 && v <= 1, String(v)).toBe(true);
    expect(m.deception !== null && m.deception >= 0 && m.deception <= 1.25).toBe(true);
  });
});

describe('reasoning and deception as metrics_release.py computes them, beside ours', () => {
  it('reasoning: ours gives partial credit per other player (gold:inter 1:2); released is all-or-nothing, 1:1', () => {
    // One probe: the challenger c suspects a (wrong: b is odd) and predicts a's suspect right, b's wrong.
    const m = computeMetrics([
      trace({
        odd: ['b'],
        challengers: ['c'],
        probes: [
          {
            afterClue: 'a',
            answers: {
              c: { suspect: 'a', predicted: { a: 'b', b: 'c' } },
              a: { suspect: 'b', predicted: {} },
              b: { suspect: 'a', predicted: {} },
            },
          },
        ],
      }),
    ]);
    // Ours: gold 0/1, inter 1/2 -> 1/3. Released: gold 0 + inter 0 (not both right) over 2 checks -> 0.
    expect(m.reasoning).toBeCloseTo(1 / 3);
    expect(m.reasoningReleased).toBe(0);
  });

  it('deception: released counts the undercover civilian runs and distinct non-chameleon flags', () => {
    const m = computeMetrics([
      // Challenger as chameleon: one win (flag 2), one loss (flag 0).
      trace({ flag: 2, challengers: ['c'] }),
      trace({ flag: 0, challengers: ['c'] }),
      // As non-chameleons: the chameleon guessed wrong twice (flag 0) and right once (flag 1).
      trace({ flag: 0, challengers: ['a', 'b'], guess: { correct: false } }),
      trace({ flag: 0, challengers: ['a', 'b'], guess: { correct: false } }),
      trace({ flag: 1, challengers: ['a', 'b'], guess: { correct: true } }),
      // As Undercover civilians: the undercover won once (flag 1).
      trace({ kind: 'undercover', flag: 1, odd: ['u'], challengers: ['a', 'b'], votes: {} }),
    ]);
    // Ours: odd-role wins 1/2 + 0.25 x wrong guesses forced 2/3.
    expect(m.deception).toBeCloseTo(0.5 + 0.25 * (2 / 3));
    // Released: wins over chameleon and undercover-civilian games 2/3 + 0.25 x (flag 1 present) / (flags 0 and 1 present: 2).
    expect(m.deceptionReleased).toBeCloseTo(2 / 3 + 0.25 * (1 / 2));
  });
});

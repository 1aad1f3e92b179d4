import { describe, expect, it } from 'vitest';
import { combinedSelfAwareness, computeMetrics, type GameTrace } from '../../src/games/metrics.ts';

function trace(over: Partial<GameTrace>): GameTrace {
  return {
    kind: 'chameleon',
    flag: 0,
    odd: ['c'],
    challengers: ['c'],
    votes: { a: 'c', b: 'c', c: 'a' },
    probes: {},
    guess: null,
    calls: {},
    moves: {},
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
    // Deception: wins as chameleon (flags 1 and 2 both beat the non-chameleons' credit) 2/2 + 0.25 x forced 1/1.
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

  it('self-awareness and two-hop reasoning from the vote probes', () => {
    const m = computeMetrics([
      trace({
        kind: 'undercover',
        odd: ['u'],
        challengers: ['a'],
        votes: { a: 'u', b: 'a', u: 'a' },
        // a: right about its role, right suspect (1), predicted b->u (wrong, b voted a) and u->a (right).
        probes: { a: { selfOdd: false, vote: 'u', predicted: { b: 'u', u: 'a' } } },
      }),
      trace({
        kind: 'undercover',
        odd: ['u'],
        challengers: ['u'],
        votes: { a: 'u', b: 'u', u: 'a' },
        // u: thinks it is a civilian (wrong); predictions a->u, b->a (one right).
        probes: { u: { selfOdd: false, vote: 'a', predicted: { a: 'u', b: 'a' } } },
      }),
    ]);
    expect(m.selfAwareness).toBeCloseTo(1 / 2);
    expect(m.reasoning).toBeCloseTo(3 / 5);
  });

  it('calls per game and per move count the challenger seats only', () => {
    const m = computeMetrics([
      trace({ challengers: ['a', 'b'], calls: { a: 3, b: 4, c: 9 }, moves: { a: 2, b: 3, c: 3 } }),
      trace({ challengers: ['c'], calls: { a: 1, c: 5 }, moves: { c: 3 } }),
    ]);
    expect(m.callsPerGame).toBeCloseTo(12 / 2);
    expect(m.callsPerMove).toBeCloseTo(12 / 8);
  });

  it('combined self-awareness weights Chameleon by 0.6', () => {
    expect(combinedSelfAwareness(1, 0.5)).toBeCloseTo(1.1);
  });
});

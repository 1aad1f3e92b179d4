// Kendall's tau-b between seeds' condition orders (issue 23, item 4).
import { describe, expect, it } from 'vitest';
import { kendallTau } from '../../src/eval/seed-agreement.ts';

describe("Kendall's tau-b", () => {
  it('is 1 for the same order, -1 for the reverse, between for a partial agreement', () => {
    expect(kendallTau([4, 3, 2, 1], [40, 30, 20, 10])).toBe(1);
    expect(kendallTau([4, 3, 2, 1], [1, 2, 3, 4])).toBe(-1);
    // One swapped pair of six: (5 - 1) / 6.
    expect(kendallTau([4, 3, 2, 1], [4, 3, 1, 2])).toBeCloseTo(4 / 6);
  });

  it('counts ties as tau-b does: a tie in one order only lowers agreement', () => {
    // a: 1 tie; b: none. Concordant 5, discordant 0, denominator sqrt(5 * 6).
    expect(kendallTau([2, 2, 1, 0], [3, 2, 1, 0])).toBeCloseTo(5 / Math.sqrt(30));
    expect(kendallTau([1, 1, 1], [1, 1, 1])).toBe(1);
    expect(kendallTau([1, 1, 1], [3, 2, 1])).toBe(0);
  });
});

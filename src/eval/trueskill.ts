// TrueSkill ratings of the evaluation's conditions (Park et al. 2023, sec. 6.2: each rater's ranking of the
// conditions' answers is a match; mu and sigma per condition are reported). openskill's Thurstone-Mosteller
// full-pairing model is the TrueSkill update (Herbrich et al. 2006) with its default mu 25 and sigma 25/3.
import { rate, rating } from 'openskill';
import { thurstoneMostellerFull } from 'openskill/models';

export interface ConditionRating {
  condition: string;
  mu: number;
  sigma: number;
  /** Matches (rankings) the condition took part in. */
  matches: number;
}

/** One rater's ranking: condition names best first, with ranks (1 = best; ties share a rank; default 1, 2, 3...). */
export type RankedMatch = string[] | { order: string[]; ranks: number[] };

/** Rates conditions from rankings, applied in the given order. */
export function rateConditions(conditions: readonly string[], rankings: readonly RankedMatch[]): ConditionRating[] {
  const r = new Map(conditions.map((c) => [c, { ...rating(), matches: 0 }]));
  for (const m of rankings) {
    const order = Array.isArray(m) ? m : m.order;
    const ranksOf = Array.isArray(m) ? order.map((_, i) => i + 1) : m.ranks;
    const keep = order.map((c, i) => ({ c, rank: ranksOf[i] ?? i + 1 })).filter((x) => r.has(x.c));
    const present = keep.map((x) => x.c);
    if (present.length < 2) continue;
    const teams = present.map((c) => {
      const x = r.get(c) as { mu: number; sigma: number };
      return [{ mu: x.mu, sigma: x.sigma }];
    });
    const next = rate(teams, { model: thurstoneMostellerFull, rank: keep.map((x) => x.rank) });
    present.forEach((c, i) => {
      const prev = r.get(c) as { matches: number };
      const t = next[i]?.[0];
      if (t) r.set(c, { mu: t.mu, sigma: t.sigma, matches: prev.matches + 1 });
    });
  }
  return conditions.map((condition) => {
    const x = r.get(condition) as { mu: number; sigma: number; matches: number };
    return { condition, mu: x.mu, sigma: x.sigma, matches: x.matches };
  });
}

/** The paper's figures (sec. 6.2, TrueSkill mu +- sigma), printed beside ours. */
export const PAPER_TRUESKILL: Record<string, { mu: number; sigma: number }> = {
  full: { mu: 29.89, sigma: 0.72 },
  'no-reflection': { mu: 26.88, sigma: 0.69 },
  'no-reflection-planning': { mu: 25.64, sigma: 0.68 },
  human: { mu: 22.95, sigma: 0.69 },
  'no-memory': { mu: 21.21, sigma: 0.7 },
};

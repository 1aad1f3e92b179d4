// How stable the evaluation's ordering is across seeds (issue 23, item 4): Kendall's tau-b between the conditions'
// TrueSkill means of every pair of seeds (1: the same order, 0: unrelated, -1: reversed; ties counted as tau-b
// does), and how many battery items were ranked the same way by both seeds.
import type { EvalReport } from './run.ts';

/** Kendall's tau-b of two score vectors over the same items (ties in either reduce the denominator). */
export function kendallTau(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  let concordant = 0;
  let discordant = 0;
  let tiesA = 0;
  let tiesB = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const da = Math.sign((a[i] as number) - (a[j] as number));
      const db = Math.sign((b[i] as number) - (b[j] as number));
      if (da === 0 && db === 0) continue;
      if (da === 0) tiesA++;
      else if (db === 0) tiesB++;
      else if (da === db) concordant++;
      else discordant++;
    }
  const denom = Math.sqrt((concordant + discordant + tiesA) * (concordant + discordant + tiesB));
  // Both orders entirely tied: they agree (nothing is ordered either way).
  return denom === 0 ? (tiesA === 0 && tiesB === 0 ? 1 : 0) : (concordant - discordant) / denom;
}

export interface SeedAgreement {
  seeds: (string | number)[];
  /** Every pair of seeds: tau over the conditions' mu, and items ranked identically by both. */
  pairs: { a: string | number; b: string | number; tau: number; sameRanking: number; items: number }[];
  meanTau: number;
  /** Offline the stand-in answers the same whatever the seed: tau says nothing then. */
  informative: boolean;
  /** 'unreliable': the rankings came from a judge that is not believed; every figure here carries the mark. */
  judge?: 'unreliable';
}

/** Means rounded to 2 decimals (what the report prints) so a difference in the 10th decimal is a tie. */
const mus = (r: EvalReport, conditions: readonly string[]) =>
  conditions.map((c) => Math.round((r.trueskill.find((t) => t.condition === c)?.mu ?? 0) * 100) / 100);

function rankingKey(r: { order: string[]; ranks: number[] }): string {
  return r.order
    .map((c, i) => `${c}:${r.ranks[i]}`)
    .sort()
    .join(',');
}

export function seedAgreement(reports: readonly EvalReport[]): SeedAgreement {
  const conditions = reports[0]?.conditions.map((c) => c.name) ?? [];
  const pairs: SeedAgreement['pairs'] = [];
  for (let i = 0; i < reports.length; i++)
    for (let j = i + 1; j < reports.length; j++) {
      const x = reports[i] as EvalReport;
      const y = reports[j] as EvalReport;
      const other = new Map(y.rankings.map((r) => [`${r.resident}\u0000${r.question}`, rankingKey(r)]));
      let same = 0;
      let items = 0;
      for (const r of x.rankings) {
        const k = other.get(`${r.resident}\u0000${r.question}`);
        if (k === undefined) continue;
        items++;
        if (k === rankingKey(r)) same++;
      }
      pairs.push({
        a: x.seed,
        b: y.seed,
        tau: kendallTau(mus(x, conditions), mus(y, conditions)),
        sameRanking: same,
        items,
      });
    }
  const meanTau = pairs.length > 0 ? pairs.reduce((s, p) => s + p.tau, 0) / pairs.length : 1;
  const offline = reports.length > 0 && reports.every((r) => r.offline);
  const unreliable = reports.some((r) => !r.judge.status.reliable);
  return {
    seeds: reports.map((r) => r.seed),
    pairs,
    meanTau,
    informative: !offline,
    ...(unreliable ? { judge: 'unreliable' as const } : {}),
  };
}

export function summarizeSeedAgreement(a: SeedAgreement): string {
  const mark = a.judge === 'unreliable' ? '[UNRELIABLE JUDGE] ' : '';
  return [
    `${mark}Agreement between seeds ${a.seeds.join(', ')} (Kendall's tau-b over the conditions' TrueSkill order; 1 = same order, 0 = unrelated):`,
    ...(a.informative
      ? []
      : [
          "  Offline: the rule-based stand-in answers the same whatever the seed, so the seeds' orders agree by construction; tau is not informative here (run with a model for a real figure).",
        ]),
    ...a.pairs.map(
      (p) =>
        `  ${mark}seeds ${p.a} and ${p.b}: tau ${p.tau.toFixed(2)}; ${p.sameRanking} of ${p.items} battery items ranked identically`,
    ),
    `  ${mark}mean tau ${a.meanTau.toFixed(2)}${a.informative ? '' : ' (not informative offline)'}`,
  ].join('\n');
}

// MAgIC's metrics for the game-theory scenarios (Xu et al. 2024, sec. 3.3 and table 2), as pure functions of game
// logs, all scored for the challenger seat. Every rate is in [0, 1]; a rate with no games behind it is 0 and its
// count says so.
import type { PlayerId } from '../../types.ts';
import type { CsState } from '../cost-sharing/rules.ts';
import type { PdState } from '../prisoners-dilemma/rules.ts';
import type { PgState } from '../public-good/rules.ts';
import type { GtLog } from './play.ts';
import { ids } from './rounds.ts';

function rate(n: number, d: number): number {
  return d > 0 ? n / d : 0;
}

function mean(xs: number[]): number {
  return xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

function seatIndex(state: { players: { id: PlayerId }[] }, id: PlayerId): number {
  return state.players.findIndex((p) => p.id === id);
}

export interface CostSharingMetrics {
  games: number;
  /** n_wcs: games that ended in agreement. */
  agreements: number;
  /** n_pcs: agreements on the challenger's own proposal (same split as the challenger proposed that round). */
  challengerProposalAgreed: number;
  /** Cooperation ("collaboration") S_collab = n_wcs / n_cs; also the challenger's win rate here. */
  cooperation: number;
  /** Coordination S_coord = n_pcs / n_wcs. */
  coordination: number;
  /** Table 2 "cost": the challenger's mean agreed share, in [0, 1] of the fee, over agreements. */
  challengerCost: number;
  winRate: number;
}

export function costSharingMetrics(logs: GtLog[]): CostSharingMetrics {
  const games = logs.filter((l) => l.state.scenario === 'cost-sharing');
  let agreements = 0;
  let mine = 0;
  const costs: number[] = [];
  for (const l of games) {
    const s = l.state as CsState;
    const last = s.history.at(-1);
    if (!s.agreed || !last) continue;
    agreements++;
    const seat = seatIndex(s, l.challenger);
    const own = last.proposals[l.challenger];
    if (own?.every((x, i) => x === s.agreed?.[i])) mine++;
    costs.push((s.agreed[seat] ?? 0) / 100);
  }
  const cooperation = rate(agreements, games.length);
  return {
    games: games.length,
    agreements,
    challengerProposalAgreed: mine,
    cooperation,
    coordination: rate(mine, agreements),
    challengerCost: mean(costs),
    winRate: cooperation,
  };
}

export interface PrisonersDilemmaMetrics {
  games: number;
  rounds: number;
  /** n_b: rounds the challenger defected (its choice, a timeout counts as what was filled in). */
  defections: number;
  /** n_b / (n_pd × T_pd): the PD half of rationality. */
  defectRate: number;
  /** Table 2 "score": the challenger's mean total points per game. */
  challengerScore: number;
  /** Share of games the challenger won (ties count as wins, as MAgIC's moderator announces). */
  winRate: number;
}

export function prisonersDilemmaMetrics(logs: GtLog[]): PrisonersDilemmaMetrics {
  const games = logs.filter((l) => l.state.scenario === 'prisoners-dilemma');
  let rounds = 0;
  let defections = 0;
  let wins = 0;
  const scores: number[] = [];
  for (const l of games) {
    const s = l.state as PdState;
    for (const h of s.history) {
      rounds++;
      if (h.choices[l.challenger] === 'defect') defections++;
    }
    scores.push(s.totals[l.challenger] ?? 0);
    if (s.winners?.includes(l.challenger)) wins++;
  }
  return {
    games: games.length,
    rounds,
    defections,
    defectRate: rate(defections, rounds),
    challengerScore: mean(scores),
    winRate: rate(wins, games.length),
  };
}

export interface PublicGoodMetrics {
  games: number;
  rounds: number;
  /** n_li: rounds where the challenger's contribution was the lowest of the table (ties count). */
  lowest: number;
  /** n_li / (n_pg × T_pg): the Public Good half of rationality. */
  lowestRate: number;
  /** Table 2 "returns": the challenger's mean final score (points kept + share of the multiplied pool). */
  challengerReturns: number;
  /** The challenger's mean total contribution per game. */
  challengerContribution: number;
  winRate: number;
}

export function publicGoodMetrics(logs: GtLog[]): PublicGoodMetrics {
  const games = logs.filter((l) => l.state.scenario === 'public-good');
  let rounds = 0;
  let lowest = 0;
  let wins = 0;
  const returns: number[] = [];
  const given: number[] = [];
  for (const l of games) {
    const s = l.state as PgState;
    let total = 0;
    for (const h of s.history) {
      rounds++;
      const mine = h.contributions[l.challenger] ?? 0;
      total += mine;
      if (ids(s).every((p) => mine <= (h.contributions[p] ?? 0))) lowest++;
    }
    given.push(total);
    returns.push(s.scores?.[l.challenger] ?? 0);
    if (s.winners?.includes(l.challenger)) wins++;
  }
  return {
    games: games.length,
    rounds,
    lowest,
    lowestRate: rate(lowest, rounds),
    challengerReturns: mean(returns),
    challengerContribution: mean(given),
    winRate: rate(wins, games.length),
  };
}

export interface RationalityMetrics {
  /**
   * S_R as the paper defines it (MAgIC sec. 3.3): n_b / (n_pd × T_pd) + n_li / (n_pg × T_pg), the PD defect share
   * plus the Public Good lowest-contribution share; range [0, 2].
   */
  rationality: number;
  /**
   * S_R as the released metrics code computes it (metrics_release.py `rational`): both counts pooled into one ratio,
   * (n_b + n_li) / (n_pd × T_pd + n_pg × T_pg), range [0, 1]; the scale of the paper's published tables.
   */
  rationalityReleased: number;
  pdRounds: number;
  pgRounds: number;
}

export function rationalityMetrics(pd: PrisonersDilemmaMetrics, pg: PublicGoodMetrics): RationalityMetrics {
  return {
    rationality: pd.defectRate + pg.lowestRate,
    rationalityReleased: rate(pd.defections + pg.lowest, pd.rounds + pg.rounds),
    pdRounds: pd.rounds,
    pgRounds: pg.rounds,
  };
}

export interface GameTheoryMetrics {
  costSharing: CostSharingMetrics;
  prisonersDilemma: PrisonersDilemmaMetrics;
  publicGood: PublicGoodMetrics;
  /** MAgIC's three abilities from these scenarios (sec. 3.3; rationality as the paper defines it, [0, 2]). */
  cooperation: number;
  coordination: number;
  rationality: number;
  /** Rationality as the released metrics code pools it ([0, 1]). */
  rationalityReleased: number;
}

/** All of it from one pile of logs (any mix of scenarios). */
export function gameTheoryMetrics(logs: GtLog[]): GameTheoryMetrics {
  const costSharing = costSharingMetrics(logs);
  const prisonersDilemma = prisonersDilemmaMetrics(logs);
  const publicGood = publicGoodMetrics(logs);
  return {
    costSharing,
    prisonersDilemma,
    publicGood,
    cooperation: costSharing.cooperation,
    coordination: costSharing.coordination,
    ...(({ rationality, rationalityReleased }) => ({ rationality, rationalityReleased }))(
      rationalityMetrics(prisonersDilemma, publicGood),
    ),
  };
}

// Skill ratings per game kind (OpenSkill, Weng-Lin): people by account, bots by kind and model. The odd role
// (chameleon / undercover) is one team, the others the other team; the winner ranks first. The game-theory
// scenarios are multi-winner score games: every rating key is its own team, ranked by its result (scoreRatings).
import { ordinal, rate, rating } from 'openskill';
import type { GameState } from './scenarios/social-deduction/engine.ts';
import { oddPlayers, outcomeOf } from './scenarios/social-deduction/engine.ts';
import { type GtState, gtScores } from './scenarios/game-theory/engine.ts';
import type { AnyGameKind, PlayerId, Seat } from './types.ts';

export const RATING_SETTINGS = {
  // OpenSkill defaults (Weng & Lin 2011): mu 25, sigma 25/3; leaderboard ranks by ordinal mu - 3 sigma.
  mu: 25,
  sigma: 25 / 3,
  leaderboardSize: 10,
} as const;

export interface RatingRow {
  scope: string;
  game: AnyGameKind;
  playerKey: string;
  displayName: string;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
}

export interface RatingStore {
  get(scope: string, game: AnyGameKind, keys: string[]): Promise<RatingRow[]>;
  put(rows: RatingRow[]): Promise<void>;
  top(scope: string, game: AnyGameKind, limit: number): Promise<RatingRow[]>;
}

export interface Participant {
  key: string;
  name: string;
  odd: boolean;
}

/** Rating identity of a seat: a person by account, a bot by its kind and model (residents count as their bot kind). */
export function ratingKey(seat: Seat, model: string): { key: string; name: string } {
  if (!seat.bot) return { key: `user:${seat.id}`, name: seat.name };
  return { key: `bot:${seat.bot.kind}:${model}`, name: `${seat.bot.kind} bot (${model})` };
}

/** Participants of a finished game, or null if it did not finish. */
export function participantsOf(
  state: GameState,
  model: string,
): { participants: Participant[]; oddWon: boolean } | null {
  const out = outcomeOf(state);
  if (!out || state.phase !== 'over') return null;
  const odd = new Set(oddPlayers(state));
  return {
    participants: state.players.map((s) => ({ ...ratingKey(s, model), odd: odd.has(s.id) })),
    oddWon: out.oddWins,
  };
}

/**
 * Pure rating update: returns the new rows for every participant key. A key on both sides (the same bot kind
 * playing itself) counts the game but its rating does not move; a key several times on one side is rated once.
 */
export function updateRatings(
  scope: string,
  game: AnyGameKind,
  previous: RatingRow[],
  participants: Participant[],
  oddWon: boolean,
): RatingRow[] {
  const prev = new Map(previous.map((r) => [r.playerKey, r]));
  const rows = new Map<string, RatingRow>();
  const sides = new Map<string, Set<boolean>>();
  for (const p of participants) {
    sides.set(p.key, (sides.get(p.key) ?? new Set()).add(p.odd));
    if (!rows.has(p.key)) {
      const r = prev.get(p.key);
      rows.set(p.key, {
        scope,
        game,
        playerKey: p.key,
        displayName: p.name,
        mu: r?.mu ?? RATING_SETTINGS.mu,
        sigma: r?.sigma ?? RATING_SETTINGS.sigma,
        games: r?.games ?? 0,
        wins: r?.wins ?? 0,
      });
    }
  }
  const oddTeam: string[] = [];
  const regularTeam: string[] = [];
  for (const [key, s] of sides) {
    const row = rows.get(key) as RatingRow;
    row.games += 1;
    if (s.size === 1) {
      const isOdd = s.has(true);
      if (isOdd === oddWon) row.wins += 1;
      (isOdd ? oddTeam : regularTeam).push(key);
    }
  }
  if (oddTeam.length > 0 && regularTeam.length > 0) {
    const team = (keys: string[]) =>
      keys.map((k) => {
        const r = rows.get(k) as RatingRow;
        return rating({ mu: r.mu, sigma: r.sigma });
      });
    const [newOdd, newRegular] = rate([team(oddTeam), team(regularTeam)], { rank: oddWon ? [1, 2] : [2, 1] });
    oddTeam.forEach((k, i) => {
      const r = rows.get(k) as RatingRow;
      const n = newOdd?.[i];
      if (n) Object.assign(r, { mu: n.mu, sigma: n.sigma });
    });
    regularTeam.forEach((k, i) => {
      const r = rows.get(k) as RatingRow;
      const n = newRegular?.[i];
      if (n) Object.assign(r, { mu: n.mu, sigma: n.sigma });
    });
  }
  return [...rows.values()];
}

/** A seat's result in a score game: `result` orders the table (higher is better), `won` counts a win. */
export interface ScoreParticipant {
  key: string;
  name: string;
  result: number;
  won: boolean;
}

/**
 * Participants of a finished game-theory game, or null. Prisoner's Dilemma and Public Good rank by final score;
 * in Cost Sharing the score is the share of the fee each airline pays, so the table ranks by agreement alone (an
 * agreed split wins for everyone, a failed one for nobody: nothing moves, the game is counted).
 */
export function scoreParticipantsOf(state: GtState, model: string): ScoreParticipant[] | null {
  const scores = gtScores(state);
  if (!scores) return null;
  const agreed = state.scenario === 'cost-sharing' && state.agreed !== null;
  const best = Math.max(...Object.values(scores));
  return state.players.map((seat) => {
    const score = scores[seat.id as PlayerId] ?? 0;
    const won = state.scenario === 'cost-sharing' ? agreed : Math.abs(score - best) <= 1e-9;
    return { ...ratingKey(seat, model), result: state.scenario === 'cost-sharing' ? (agreed ? 1 : 0) : score, won };
  });
}

/**
 * Pure rating update for a score game: each rating key is one team (several seats of one bot key count as one,
 * with their mean result), ranked by result, equal results sharing a rank. One key alone counts the game only.
 */
export function scoreRatings(
  scope: string,
  game: AnyGameKind,
  previous: RatingRow[],
  participants: ScoreParticipant[],
): RatingRow[] {
  const prev = new Map(previous.map((r) => [r.playerKey, r]));
  const byKey = new Map<string, { name: string; results: number[]; won: boolean }>();
  for (const p of participants) {
    const e = byKey.get(p.key) ?? { name: p.name, results: [], won: false };
    e.results.push(p.result);
    e.won ||= p.won;
    byKey.set(p.key, e);
  }
  const keys = [...byKey.keys()];
  const rows = keys.map((key) => {
    const r = prev.get(key);
    const e = byKey.get(key) as { name: string; won: boolean };
    return {
      scope,
      game,
      playerKey: key,
      displayName: e.name,
      mu: r?.mu ?? RATING_SETTINGS.mu,
      sigma: r?.sigma ?? RATING_SETTINGS.sigma,
      games: (r?.games ?? 0) + 1,
      wins: (r?.wins ?? 0) + (e.won ? 1 : 0),
    };
  });
  const mean = keys.map((k) => {
    const rs = (byKey.get(k) as { results: number[] }).results;
    return rs.reduce((a, b) => a + b, 0) / rs.length;
  });
  if (keys.length > 1 && new Set(mean).size > 1) {
    // Rank 1 for the best result; equal results share a rank.
    const distinct = [...new Set(mean)].sort((a, b) => b - a);
    const rank = mean.map((m) => distinct.indexOf(m) + 1);
    const rated = rate(
      rows.map((r) => [rating({ mu: r.mu, sigma: r.sigma })]),
      { rank },
    );
    rows.forEach((r, i) => {
      const n = rated[i]?.[0];
      if (n) Object.assign(r, { mu: n.mu, sigma: n.sigma });
    });
  }
  return rows;
}

export interface LeaderboardEntry {
  rank: number;
  name: string;
  key: string;
  /** Conservative skill estimate mu - 3 sigma. */
  score: number;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
}

export function leaderboard(rows: RatingRow[], limit: number = RATING_SETTINGS.leaderboardSize): LeaderboardEntry[] {
  return rows
    .map((r) => ({ r, score: ordinal({ mu: r.mu, sigma: r.sigma }) }))
    .sort((a, b) => b.score - a.score || b.r.games - a.r.games || a.r.playerKey.localeCompare(b.r.playerKey))
    .slice(0, limit)
    .map(({ r, score }, i) => ({
      rank: i + 1,
      name: r.displayName,
      key: r.playerKey,
      score,
      mu: r.mu,
      sigma: r.sigma,
      games: r.games,
      wins: r.wins,
    }));
}

export class InMemoryRatingStore implements RatingStore {
  private readonly rows = new Map<string, RatingRow>();
  private id(scope: string, game: string, key: string): string {
    return `${scope}\u0000${game}\u0000${key}`;
  }
  async get(scope: string, game: AnyGameKind, keys: string[]): Promise<RatingRow[]> {
    return keys.flatMap((k) => {
      const r = this.rows.get(this.id(scope, game, k));
      return r ? [{ ...r }] : [];
    });
  }
  async put(rows: RatingRow[]): Promise<void> {
    for (const r of rows) this.rows.set(this.id(r.scope, r.game, r.playerKey), { ...r });
  }
  async top(scope: string, game: AnyGameKind, limit: number): Promise<RatingRow[]> {
    const all = [...this.rows.values()].filter((r) => r.scope === scope && r.game === game);
    return leaderboard(all, limit).map((e) => ({ ...(all.find((r) => r.playerKey === e.key) as RatingRow) }));
  }
}

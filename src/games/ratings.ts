// Skill ratings per game kind (OpenSkill, Weng-Lin): people by account, bots by kind and model. Each game's module
// ranks the seats of a finished table into teams (a social-deduction game: the odd role against the rest; a score
// game: every seat its own team); every seat is rated on its own standing (rateStandings).
import { ordinal, rate, rating } from 'openskill';
import type { Standing } from './module.ts';
import type { AnyGameKind, Seat } from './types.ts';

export const RATING_SETTINGS = {
  // OpenSkill defaults (Weng & Lin 2011): mu 25, sigma 25/3; leaderboard ranks by ordinal mu - 3 sigma.
  mu: 25,
  sigma: 25 / 3,
  leaderboardSize: 10,
  // Fewer games than this and a rating says little (sigma still near its start): shown as "unrated", ranked last.
  ratedAfter: 3,
  // Shown on an Elo-like scale people know: 1000 + 40 x (mu - 3 sigma), so a new player is 1000 and the scale's
  // step of 25/3 (OpenSkill's starting sigma) is about 330 points, like Elo's 400 for a 10:1 favourite.
  displayBase: 1000,
  displayScale: 40,
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

/** Rating identity of a seat: a person by account, a bot by its kind and model (residents count as their bot kind). */
export function ratingKey(seat: Seat, model: string): { key: string; name: string } {
  if (!seat.bot) return { key: `user:${seat.id}`, name: seat.name };
  return { key: `bot:${seat.bot.kind}:${model}`, name: `${seat.bot.kind} bot (${model})` };
}

/** One seat of a finished game, as the ratings see it: its rating key, its team at the table and its rank there. */
export interface RatedSeat {
  key: string;
  name: string;
  team: string;
  /** 1 is best; equal ranks tie. */
  rank: number;
  won: boolean;
}

/** The seats of a finished game with their rating keys, from the module's standings. */
export function standingParticipants(seats: Seat[], standings: Standing[], model: string): RatedSeat[] {
  const byId = new Map(standings.map((s) => [s.player, s]));
  return seats.flatMap((seat) => {
    const s = byId.get(seat.id);
    return s ? [{ ...ratingKey(seat, model), team: s.team, rank: s.rank, won: s.won }] : [];
  });
}

/**
 * Pure rating update, by seat: every seat is rated on its own standing within its team, starting from its key's
 * rating; a key that holds several seats (one bot kind on both sides, say) moves by the mean of its seats' changes.
 * So a person's win moves their rating whoever holds the other seats. A key's game counts once; it counts a win
 * when every seat it held won. One team alone, or all teams tied: the game counts, nothing moves.
 */
export function rateStandings(
  scope: string,
  game: AnyGameKind,
  previous: RatingRow[],
  seats: RatedSeat[],
): RatingRow[] {
  const prev = new Map(previous.map((r) => [r.playerKey, r]));
  const rows = new Map<string, RatingRow>();
  const allWon = new Map<string, boolean>();
  for (const p of seats) {
    allWon.set(p.key, (allWon.get(p.key) ?? true) && p.won);
    if (rows.has(p.key)) continue;
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
  for (const [key, row] of rows) {
    row.games += 1;
    if (allWon.get(key)) row.wins += 1;
  }
  const teams = [...new Set(seats.map((p) => p.team))].map((t) => seats.filter((p) => p.team === t));
  const ranks = teams.map((t) => (t[0] as RatedSeat).rank);
  if (teams.length < 2 || new Set(ranks).size < 2) return [...rows.values()];
  const start = (key: string) => rows.get(key) as RatingRow;
  const rated = rate(
    teams.map((t) => t.map((p) => rating({ mu: start(p.key).mu, sigma: start(p.key).sigma }))),
    { rank: ranks },
  );
  const moves = new Map<string, { dmu: number; sigma: number }[]>();
  teams.forEach((t, ti) => {
    t.forEach((p, pi) => {
      const n = rated[ti]?.[pi];
      if (n) moves.set(p.key, [...(moves.get(p.key) ?? []), { dmu: n.mu - start(p.key).mu, sigma: n.sigma }]);
    });
  });
  for (const [key, m] of moves) {
    const row = start(key);
    row.mu += m.reduce((a, x) => a + x.dmu, 0) / m.length;
    row.sigma = m.reduce((a, x) => a + x.sigma, 0) / m.length;
  }
  return [...rows.values()];
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

/** A rating as shown to people: an Elo-like number once rated, else "unrated" with the games played so far. */
export function ratingText(e: { mu: number; sigma: number; games: number }): string {
  if (e.games < RATING_SETTINGS.ratedAfter) return `unrated (${e.games} of ${RATING_SETTINGS.ratedAfter} games played)`;
  const shown = Math.round(RATING_SETTINGS.displayBase + RATING_SETTINGS.displayScale * ordinal(e));
  return `rating ${shown}`;
}

/** One leaderboard line: "1. Ann — rating 1184 (4/5 won)". */
export function leaderboardLine(e: LeaderboardEntry): string {
  return `${e.rank}. ${e.name} — ${ratingText(e)} (${e.wins}/${e.games} won)`;
}

/** Rated players first (by mu - 3 sigma), then those with too few games to rate (by games played). */
export function leaderboard(rows: RatingRow[], limit: number = RATING_SETTINGS.leaderboardSize): LeaderboardEntry[] {
  const rated = (r: RatingRow) => (r.games >= RATING_SETTINGS.ratedAfter ? 1 : 0);
  return rows
    .map((r) => ({ r, score: ordinal({ mu: r.mu, sigma: r.sigma }) }))
    .sort(
      (a, b) =>
        rated(b.r) - rated(a.r) ||
        b.score - a.score ||
        b.r.games - a.r.games ||
        a.r.playerKey.localeCompare(b.r.playerKey),
    )
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

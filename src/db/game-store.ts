// Prisma implementation of the games' GameStore and RatingStore ports (src/games/store.ts, src/games/ratings.ts).
// A game is one row: its persisted state as JSON and a version for optimistic concurrency.
import type { RatingRow, RatingStore } from '../games/ratings.ts';
import { leaderboard } from '../games/ratings.ts';
import type { GameRecord, GameStatus, GameStore, PersistedGame } from '../games/store.ts';
import type { GameKind } from '../games/types.ts';
import type { PrismaClient } from './client.ts';

const ACTIVE: GameStatus[] = ['lobby', 'running'];

type GameRow = {
  id: string;
  scope: string;
  channelId: string;
  kind: string;
  status: string;
  version: number;
  state: string;
};

function fromRow(r: GameRow): GameRecord {
  const data = JSON.parse(r.state) as PersistedGame;
  if (data?.state?.version !== 1) throw new Error(`game ${r.id}: unknown state version`);
  return {
    id: r.id,
    scope: r.scope,
    channelId: r.channelId,
    kind: r.kind as GameKind,
    status: r.status as GameStatus,
    version: r.version,
    data,
  };
}

export class PrismaGameStore implements GameStore {
  constructor(private readonly prisma: PrismaClient) {}

  async active(scope: string, channelId: string): Promise<GameRecord | null> {
    const r = await this.prisma.game.findFirst({
      where: { scope, channelId, status: { in: ACTIVE } },
      orderBy: { createdAt: 'desc' },
    });
    return r ? fromRow(r) : null;
  }

  async get(id: string): Promise<GameRecord | null> {
    const r = await this.prisma.game.findUnique({ where: { id } });
    return r ? fromRow(r) : null;
  }

  async insert(record: GameRecord): Promise<void> {
    await this.prisma.game.create({
      data: {
        id: record.id,
        scope: record.scope,
        channelId: record.channelId,
        kind: record.kind,
        status: record.status,
        version: record.version,
        state: JSON.stringify(record.data),
      },
    });
  }

  async save(record: GameRecord): Promise<boolean> {
    const r = await this.prisma.game.updateMany({
      where: { id: record.id, version: record.version - 1 },
      data: { status: record.status, version: record.version, state: JSON.stringify(record.data) },
    });
    return r.count === 1;
  }

  async listActive(): Promise<GameRecord[]> {
    const rows = await this.prisma.game.findMany({ where: { status: { in: ACTIVE } }, orderBy: { createdAt: 'asc' } });
    return rows.map(fromRow);
  }
}

/** Ratings per (scope, game kind, player key); the leaderboard ranks by mu - 3 sigma. */
export class PrismaRatingStore implements RatingStore {
  constructor(private readonly prisma: PrismaClient) {}

  async get(scope: string, game: GameKind, keys: string[]): Promise<RatingRow[]> {
    if (keys.length === 0) return [];
    const rows = await this.prisma.rating.findMany({ where: { scope, game, playerKey: { in: keys } } });
    return rows.map((r) => ({ ...r, game: r.game as GameKind }));
  }

  async put(rows: RatingRow[]): Promise<void> {
    await this.prisma.$transaction(
      rows.map((r) =>
        this.prisma.rating.upsert({
          where: { scope_game_playerKey: { scope: r.scope, game: r.game, playerKey: r.playerKey } },
          create: { ...r },
          update: { displayName: r.displayName, mu: r.mu, sigma: r.sigma, games: r.games, wins: r.wins },
        }),
      ),
    );
  }

  async top(scope: string, game: GameKind, limit: number): Promise<RatingRow[]> {
    const rows = (await this.prisma.rating.findMany({ where: { scope, game } })).map((r) => ({
      ...r,
      game: r.game as GameKind,
    }));
    const keys = leaderboard(rows, limit).map((e) => e.key);
    return keys.map((k) => rows.find((r) => r.playerKey === k) as RatingRow);
  }
}

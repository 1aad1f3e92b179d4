// Prisma implementation of the games' GameStore and RatingStore ports (src/games/store.ts, src/games/ratings.ts).
// A game is one row: its persisted state as JSON and a version for optimistic concurrency.

import { z } from 'zod';
import { PLAIN_ISSUES_AFTER_PATH } from '../core/validation-text.ts';
import type { RatingRow, RatingStore } from '../games/ratings.ts';
import { leaderboard } from '../games/ratings.ts';
import type { GameRecord, GameStatus, GameStore, PersistedGame } from '../games/store.ts';
import type { AnyGameKind } from '../games/types.ts';
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

/** The saved game's envelope; the game state itself is checked by its version (the games module owns its shape). */
const persistedGameSchema = z.looseObject({
  state: z.looseObject({ version: z.literal(1) }),
  bots: z.record(z.string(), z.unknown()).default({}),
  options: z.record(z.string(), z.unknown()).default({}),
  model: z.string().default(''),
  rated: z.boolean().default(false),
  createdAt: z.number().default(0),
  botCounter: z.number().int().min(0).default(0),
});

/** A saved game that does not parse: names the game and the field; the record is not used. */
export class StoredGameError extends Error {
  constructor(gameId: string, field: string, problem: string) {
    super(`Game ${gameId}: the saved record does not parse at ${field || '(root)'}: ${problem}. It was not loaded.`);
    this.name = 'StoredGameError';
  }
}

function fromRow(r: GameRow): GameRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(r.state);
  } catch {
    throw new StoredGameError(r.id, '', 'not JSON');
  }
  const parsed = persistedGameSchema.safeParse(raw, PLAIN_ISSUES_AFTER_PATH);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StoredGameError(r.id, (issue?.path ?? []).map(String).join('.'), issue?.message ?? 'invalid');
  }
  const data = parsed.data as unknown as PersistedGame;
  return {
    id: r.id,
    scope: r.scope,
    channelId: r.channelId,
    kind: r.kind,
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

  async get(scope: string, game: AnyGameKind, keys: string[]): Promise<RatingRow[]> {
    if (keys.length === 0) return [];
    const rows = await this.prisma.rating.findMany({ where: { scope, game, playerKey: { in: keys } } });
    return rows.map((r) => ({ ...r }));
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

  async top(scope: string, game: AnyGameKind, limit: number): Promise<RatingRow[]> {
    const rows = (await this.prisma.rating.findMany({ where: { scope, game } })).map((r) => ({
      ...r,
      game: r.game,
    }));
    const keys = leaderboard(rows, limit).map((e) => e.key);
    return keys.map((k) => rows.find((r) => r.playerKey === k) as RatingRow);
  }
}

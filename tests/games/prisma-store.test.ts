import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/client.ts';
import { PrismaGameStore, PrismaRatingStore } from '../../src/db/game-store.ts';
import { rateStandings } from '../../src/games/ratings.ts';
import { GameService } from '../../src/games/service.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';

const ctx = { scope: 'console', channelId: 'games' };
const ann = { id: 'console:ann', name: 'Ann' };

describe('Prisma game and rating stores', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'games-db-'));
    db = await openDatabase(`file:${join(dir, 'test.db')}`);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips a game, refuses a stale version, and resumes after reopening', async () => {
    const store = new PrismaGameStore(db.prisma);
    const service = new GameService({
      store,
      ratings: new PrismaRatingStore(db.prisma),
      llm: new OfflineModel(gamesOfflineRules),
      gtSeats: offlineAwareGtSeats,
      now: () => 1_700_000_000_000,
      seeds: () => 77,
    });
    const lobby = await service.lobby(ctx, ann, { kind: 'undercover', bots: 2, botKind: 'pgm' });
    expect(lobby.ok).toBe(true);
    const started = await service.start(ctx, ann);
    if (!started.ok) throw new Error(started.error.code);
    const rec = await store.active(ctx.scope, ctx.channelId);
    expect(rec?.status).toBe('running');
    expect(rec?.data.state.players.map((p) => p.name)).toEqual(['Ann', 'Bot 1', 'Bot 2']);
    // Stale write: same version again is refused.
    if (!rec) throw new Error('no record');
    expect(await store.save({ ...rec })).toBe(false);
    expect(await store.listActive()).toHaveLength(1);

    // Reopen the database: a fresh service sees the same game and can play on.
    await db.close();
    db = await openDatabase(`file:${join(dir, 'test.db')}`);
    const again = new GameService({
      store: new PrismaGameStore(db.prisma),
      ratings: new PrismaRatingStore(db.prisma),
      llm: new OfflineModel(gamesOfflineRules),
      gtSeats: offlineAwareGtSeats,
      now: () => 1_700_000_000_000,
    });
    const view = await again.view(ctx, ann);
    expect(view?.game.awaiting).toEqual([ann.id]);
    let r = await again.timeout(ctx, view?.game.turnSeq ?? -1);
    for (let i = 0; i < 3 && r.ok && r.game.phase !== 'over'; i++) r = await again.timeout(ctx, r.game.turnSeq);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.game.phase).toBe('over');
    const board = await again.leaderboard(ctx.scope, 'undercover');
    expect(board.map((e) => e.key)).toContain(`user:${ann.id}`);
    expect(await new PrismaGameStore(db.prisma).active(ctx.scope, ctx.channelId)).toBeNull();
    const done = await new PrismaGameStore(db.prisma).get(rec.id);
    expect(done?.status).toBe('over');
  });

  it('upserts ratings and ranks them', async () => {
    const ratings = new PrismaRatingStore(db.prisma);
    const people = [
      { key: 'user:x', name: 'X', odd: true },
      { key: 'user:y', name: 'Y', odd: false },
      { key: 'user:z', name: 'Z', odd: false },
    ];
    for (let i = 0; i < 2; i++) {
      const prev = await ratings.get(
        's2',
        'chameleon',
        people.map((p) => p.key),
      );
      await ratings.put(
        rateStandings(
          's2',
          'chameleon',
          prev,
          people.map((p) => ({ ...p, team: p.odd ? 'odd' : 'rest', rank: p.odd ? 2 : 1, won: !p.odd })),
        ),
      );
    }
    const rows = await ratings.get('s2', 'chameleon', ['user:x', 'user:y']);
    expect(rows.map((r) => r.games)).toEqual([2, 2]);
    const top = await ratings.top('s2', 'chameleon', 2);
    expect(top).toHaveLength(2);
    expect(top[0]?.playerKey).not.toBe('user:x');
  });
});

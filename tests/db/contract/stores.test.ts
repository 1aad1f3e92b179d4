// Repository contract: the channel, embedding-cache, game, rating and usage stores behave the same on SQLite and
// PostgreSQL (TownStore has its own file beside this one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaChannelStore } from '../../../src/db/channel-store.ts';
import { PrismaEmbeddingCacheStore } from '../../../src/db/embedding-cache-store.ts';
import { PrismaGameStore, PrismaRatingStore } from '../../../src/db/game-store.ts';
import { PrismaUsageSink } from '../../../src/db/usage-store.ts';
import type { RatingRow } from '../../../src/games/ratings.ts';
import type { GameRecord, PersistedGame } from '../../../src/games/store.ts';
import { textHash } from '../../../src/llm/index.ts';
import { ENGINES, openTestDb, type TestDb } from '../../support/postgres-db.ts';

/** The store keeps a game's state as opaque JSON; only its version marker is checked on read. */
const game = (id: string, channelId: string, status: GameRecord['status'], version = 1): GameRecord => ({
  id,
  scope: 'g1',
  channelId,
  kind: 'chameleon',
  status,
  version,
  data: {
    state: { version: 1, phase: status, note: `état ✓ ${id}` },
    bots: {},
    model: 'm',
    options: {},
    rated: false,
    botCounter: 0,
    createdAt: 0,
  } as unknown as PersistedGame,
});

describe.each(ENGINES)('store contracts on %s', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openTestDb(engine);
    // Parent rows for the tables that reference a town.
    await db.prisma.town.create({ data: { id: 'town-a', name: 'A', state: '{}' } });
  });
  afterAll(async () => db?.dispose());

  it('ChannelStore: binds by location, finds by channel, rebinding clears the webhook', async () => {
    const s = new PrismaChannelStore(db.prisma);
    await s.bind('town-a', 'park', 'c1');
    await s.bind('town-a', 'bakery', 'c2');
    await s.setWebhook('town-a', 'park', { id: 'w1', token: 'tok' });
    expect(await s.bind('town-a', 'park', 'c1')).toMatchObject({ channelId: 'c1', webhookId: 'w1' });
    expect((await s.list('town-a')).map((r) => r.location)).toEqual(['bakery', 'park']);
    expect((await s.byChannel('town-a', 'c1'))?.location).toBe('park');
    expect(await s.byChannel('town-a', 'nope')).toBeNull();
    expect(await s.bind('town-a', 'park', 'c9')).toEqual({
      townId: 'town-a',
      location: 'park',
      channelId: 'c9',
      webhookId: null,
      webhookToken: null,
    });
    await s.setWebhook('town-a', 'park', null);
    expect((await s.get('town-a', 'park'))?.webhookToken).toBeNull();
    await expect(s.setWebhook('town-a', 'nowhere', null)).rejects.toThrow();
  });

  it('EmbeddingCacheStore: vectors round-trip as Float32 bytes exactly; first write wins; keyed by embedder', async () => {
    const s = new PrismaEmbeddingCacheStore(db.prisma);
    const v = Float32Array.of(0.6, -0.8, 1e-7, Number.MAX_VALUE > 0 ? 3.4e38 : 0, -0);
    const many = Array.from({ length: 210 }, (_, i) => ({
      textHash: textHash(`t${i}`),
      vector: Float32Array.of(i, -i),
    }));
    await s.putMany('emb-a', [{ textHash: textHash('hello'), vector: v }, ...many]);
    await s.putMany('emb-a', [{ textHash: textHash('hello'), vector: Float32Array.of(9, 9, 9) }]);
    const got = await s.getMany('emb-a', [textHash('hello'), textHash('missing'), ...many.map((m) => m.textHash)]);
    expect(got.size).toBe(211);
    expect([...(got.get(textHash('hello')) ?? [])]).toEqual([...v]);
    expect([...(got.get(textHash('t209')) ?? [])]).toEqual([209, -209]);
    const row = await db.prisma.embeddingCache.findFirst({
      where: { embedderId: 'emb-a', textHash: textHash('hello') },
    });
    expect(row?.vector.byteLength).toBe(20);
    expect((await s.getMany('emb-b', [textHash('hello')])).size).toBe(0);
  });

  it('EmbeddingCacheStore: writers storing the same texts at once all succeed, each vector stored once', async () => {
    const s = new PrismaEmbeddingCacheStore(db.prisma);
    const entries = Array.from({ length: 60 }, (_, i) => ({
      textHash: textHash(`same ${i}`),
      vector: Float32Array.of(i),
    }));
    // eight towns embedding overlapping memories at the same moment (the race PostgreSQL refused as a duplicate key)
    const writers = Array.from({ length: 8 }, (_, w) => s.putMany('emb-race', entries.slice(w * 5, w * 5 + 30)));
    await expect(Promise.all(writers)).resolves.toHaveLength(8);
    expect(await db.prisma.embeddingCache.count({ where: { embedderId: 'emb-race' } })).toBe(60);
  });

  it('GameStore: active game per channel, optimistic versions, list of active games', async () => {
    const s = new PrismaGameStore(db.prisma);
    await s.insert(game('g-1', 'ch1', 'lobby'));
    await s.insert(game('g-2', 'ch2', 'running'));
    await expect(s.insert(game('g-1', 'ch1', 'lobby'))).rejects.toThrow();
    expect((await s.active('g1', 'ch1'))?.id).toBe('g-1');
    expect(await s.active('g1', 'ch3')).toBeNull();
    expect(await s.save(game('g-1', 'ch1', 'running', 2))).toBe(true);
    expect(await s.save(game('g-1', 'ch1', 'running', 2))).toBe(false); // stale: already at 2
    expect(await s.save(game('g-1', 'ch1', 'over', 3))).toBe(true);
    expect(await s.active('g1', 'ch1')).toBeNull();
    const done = await s.get('g-1');
    expect(done).toEqual(game('g-1', 'ch1', 'over', 3));
    expect((await s.listActive()).map((g) => g.id)).toEqual(['g-2']);
  });

  it('RatingStore: upserts and ranks by mu - 3 sigma', async () => {
    const s = new PrismaRatingStore(db.prisma);
    const row = (playerKey: string, mu: number, sigma: number, games = 1): RatingRow => ({
      scope: 's',
      game: 'undercover',
      playerKey,
      displayName: playerKey.toUpperCase(),
      mu,
      sigma,
      games,
      wins: 0,
    });
    await s.put([row('a', 25, 8), row('b', 30, 2), row('c', 28, 1)]);
    await s.put([row('a', 40, 1, 2)]);
    expect((await s.get('s', 'undercover', ['a'])).map((r) => [r.mu, r.sigma, r.games])).toEqual([[40, 1, 2]]);
    expect((await s.top('s', 'undercover', 2)).map((r) => r.playerKey)).toEqual(['a', 'c']);
    expect(await s.get('s', 'chameleon', ['a'])).toEqual([]);
    expect(await s.get('s', 'undercover', [])).toEqual([]);
  });

  it('UsageSink: buffered increments per (town, day, task, model), budgets read back by a new process', async () => {
    const rec = (townId: string, task: string, billedPromptTokens: number) => ({
      townId,
      day: '2026-03-01',
      task,
      model: 'm',
      calls: 1,
      failures: 0,
      refused: 0,
      requests: 2,
      retries: 1,
      repairs: 0,
      billedPromptTokens,
      cachedPromptTokens: 5,
      completionTokens: 2,
      latencyMs: 10,
    });
    const first = new PrismaUsageSink(db.prisma, { flushIntervalMs: 60_000 });
    first.record(rec('oak', 'plan', 40));
    first.record(rec('oak', 'plan', 40));
    first.record(rec('oak', 'rate', 10));
    expect(await db.prisma.modelUsage.count()).toBe(0);
    await first.flush();
    first.record(rec('oak', 'plan', 40));
    await first.close();
    const rows = await db.prisma.modelUsage.findMany({ orderBy: { task: 'asc' } });
    expect(
      rows.map((r) => [
        r.task,
        r.calls,
        r.requests,
        r.retries,
        r.promptTokens,
        r.cachedPromptTokens,
        r.completionTokens,
        r.latencyMs,
      ]),
    ).toEqual([
      ['plan', 3, 6, 3, 120, 15, 6, 30],
      ['rate', 1, 2, 1, 10, 5, 2, 10],
    ]);
    const second = new PrismaUsageSink(db.prisma, { flushIntervalMs: 60_000 });
    expect(await second.tokensSpent('oak', '2026-03-01')).toBe(138);
    second.record(rec('oak', 'plan', 1));
    expect(await second.tokensSpent('oak', '2026-03-01')).toBe(141);
    const report = await second.report({ townId: 'oak' });
    expect(report.total.calls).toBe(5);
    expect(report.byTask.plan?.billedPromptTokens).toBe(121);
    await second.close();
  });
});

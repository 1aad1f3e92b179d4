// A memory without its vector is a counted, retried state (issue 24, item 2): an embedding call that fails stores
// the tick's memories flagged `vectorPending` (committed so, and counted), and a later tick retries them, in this
// process or in another one that loaded the town since, and commits their vectors. Never silent, never lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusText } from '../../src/app/texts.ts';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import type { Embedder } from '../../src/llm/port.ts';
import { agentOfflineRules } from '../../src/offline/agent/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { Metrics } from '../../src/ops/metrics.ts';
import { memoriesWithoutVector, registerVectorGauge } from '../../src/ops/vectors.ts';
import { agentKit } from '../../src/town/agent-kit.ts';
import type { KitFactory } from '../../src/town/service.ts';
import { TownService } from '../../src/town/service.ts';
import { openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';

/** The embedding server as it behaves in an outage: every call fails while `down` (a 503, not a pause). */
function flakyKit(state: { down: boolean; calls: number }): KitFactory {
  const lexical = new LexicalEmbedder({ dimensions: 64 });
  const embedder: Embedder = {
    id: lexical.id,
    dimensions: lexical.dimensions,
    embed: async (req) => {
      state.calls++;
      if (state.down) throw new Error('embedding server: 503 Service Unavailable');
      return lexical.embed(req);
    },
  };
  const llm = new OfflineModel(agentOfflineRules);
  return (townId, settings) => agentKit({ llm, embedder, settings, townId });
}

describe('memories whose embedding failed', () => {
  let db: TestDb;
  let store: PrismaTownStore;
  beforeAll(async () => {
    db = await openTestDb('postgresql');
    store = new PrismaTownStore(db.prisma);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('are committed flagged and counted, and get their vectors on a later tick, also after a reload elsewhere', async () => {
    const up = { down: false, calls: 0 };
    const a = await TownService.create(
      { store, kit: flakyKit(up), owner: 'A' },
      { id: 'v', scope: 'v', file: tinyTown(), seed: 1 },
    );
    expect(await memoriesWithoutVector(db.prisma)).toEqual({ total: 0, byTown: [] });
    up.down = true;
    await a.tick();
    await a.tick();
    const waiting = (await store.loadMemories('v')).filter((m) => m.embedderId === null);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((m) => m.meta?.vectorPending === true)).toBe(true);
    expect(await memoriesWithoutVector(db.prisma)).toEqual({
      total: waiting.length,
      byTown: [{ townId: 'v', count: waiting.length }],
    });
    // counted where people and operators look: /town status and /metrics
    expect(a.status().memoriesWithoutVector).toBe(waiting.length);
    expect(statusText(a.status()).at(-1)).toBe(
      `⚠️ ${waiting.length} memories wait for their vectors (the embedding model failed; tried again with each tick)`,
    );
    const metrics = new Metrics('test');
    registerVectorGauge(metrics, () => [a]);
    expect(await metrics.registry.metrics()).toContain(
      `smalltown_memories_without_vector{town="v",process="test"} ${waiting.length}`,
    );
    await a.close();

    // Another process loads the town with the embedding server back: its next ticks retry them.
    const back = { down: false, calls: 0 };
    const b = await TownService.load({ store, kit: flakyKit(back), owner: 'B' }, 'v');
    expect(b!.status().memoriesWithoutVector).toBe(waiting.length);
    for (let i = 0; i < 3 && (await memoriesWithoutVector(db.prisma)).total > 0; i++) await b!.tick();
    expect(await memoriesWithoutVector(db.prisma)).toEqual({ total: 0, byTown: [] });
    const mems = await store.loadMemories('v');
    const retried = mems.filter((m) => waiting.some((w) => w.id === m.id));
    expect(retried).toHaveLength(waiting.length);
    expect(retried.every((m) => m.embedderId !== null && m.meta?.vectorPending === undefined)).toBe(true);
    const vectors = await store.loadVectors(
      'v',
      retried.map((m) => m.id),
    );
    expect(vectors.size).toBe(waiting.length);
    expect(b!.status().memoriesWithoutVector).toBe(0);
    expect(statusText(b!.status()).join('\n')).not.toMatch(/wait for their vectors/);
    await b!.close();
  });
});

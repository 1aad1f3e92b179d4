// Fault: PostgreSQL restarts while workers tick. The workers reconnect by themselves and carry on; every tick a
// worker saw commit is in the database afterwards, and nothing is there twice. A scrape of the worker's /metrics
// while the database is down answers 200: the series that need the database say they could not be read
// (smalltown_collector_up 0), the counters are all there.

import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/client.ts';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { Metrics } from '../../src/ops/metrics.ts';
import { registerStoreGauges } from '../../src/ops/process-ops.ts';
import { type OpsServer, startOpsServer } from '../../src/ops/server.ts';
import { TownService } from '../../src/town/service.ts';
import { startWorkerProcess, type WorkerProcess } from '../../src/worker/compose.ts';
import { registerWorkerMetrics } from '../../src/worker/metrics.ts';
import { openQueue, TICK_QUEUE } from '../../src/worker/queue.ts';
import { type PostgresServer, startPostgres } from '../support/postgres.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { offlineKit } from '../support/worker-town.ts';

const TOWNS = ['r1', 'r2', 'r3'];

describe('PostgreSQL restarted under load', () => {
  let server: PostgresServer;
  let db: Db;
  let worker: WorkerProcess;
  let feeder: PgBoss;
  let ops: OpsServer;
  const metrics = new Metrics('worker', { collectTimeoutMs: 1_000 });
  const committed = new Map<string, number>();
  const failed = new Map<string, number>();
  const errors: string[] = [];

  beforeAll(async () => {
    // Its own server: this test stops it.
    server = await startPostgres();
    const url = await server.createDatabase('restart');
    db = await openDatabase(url, { poolSize: 6 });
    const store = new PrismaTownStore(db.prisma);
    for (const id of TOWNS)
      await TownService.create(
        { store, kit: offlineKit(), owner: 'setup' },
        { id, scope: id, file: tinyTown(), seed: 1 },
      );
    feeder = await openQueue(url, { onError: (e) => errors.push(String(e)) });
    worker = await startWorkerProcess({
      url,
      store,
      kit: offlineKit({ delayMs: 20 }),
      concurrency: 3,
      schedule: false,
      owner: 'w',
      queue: { onError: (e) => errors.push(String(e)) },
      onTick: (townId, ms, ok) => {
        metrics.tick(townId, ms, ok);
        const m = ok ? committed : failed;
        m.set(townId, (m.get(townId) ?? 0) + 1);
      },
    });
    registerWorkerMetrics(metrics, worker);
    registerStoreGauges(metrics, db);
    ops = await startOpsServer({ port: 0, host: '127.0.0.1', metrics, checks: {} });
  });
  afterAll(async () => {
    await ops?.close();
    await worker?.stop().catch(() => undefined);
    await feeder?.stop({ graceful: false }).catch(() => undefined);
    await db?.close().catch(() => undefined);
    await server?.destroy();
  });

  const total = () => [...committed.values()].reduce((a, b) => a + b, 0);
  async function feedUntil(pred: () => boolean, ms: number, what: string) {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error(`timed out: ${what} (committed ${JSON.stringify([...committed])})`);
      await Promise.all(
        TOWNS.map((townId) =>
          feeder.send(TICK_QUEUE, { townId, ticks: 1 }, { singletonKey: townId }).catch(() => null),
        ),
      );
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  it('workers reconnect after the restart, and no committed tick is lost or doubled', async () => {
    await feedUntil(() => total() >= 3, 60_000, 'ticks before the restart');
    await server.stop();
    const during = total();
    const scrape = await fetch(`http://127.0.0.1:${ops.port}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toContain('smalltown_collector_up{collector="smalltown_outbox_backlog",process="worker"} 0');
    expect(text).toContain('smalltown_collector_up{collector="smalltown_queue_jobs",process="worker"} 0');
    expect(text).toMatch(/^smalltown_ticks_total\{town="r1",outcome="ok",process="worker"\} \d+$/m);
    expect(text).toMatch(/^smalltown_worker_towns_loaded\{process="worker"\} \d+$/m);
    await new Promise((r) => setTimeout(r, 1_500));
    await server.start();
    await feedUntil(() => total() >= during + 6, 90_000, 'ticks after the restart');
    // Let running jobs finish, then compare what workers saw commit with what is stored.
    await worker.stop();
    for (const id of TOWNS) {
      const rec = await db.prisma.town.findUnique({ where: { id } });
      const state = JSON.parse(rec?.state ?? '{}') as { clock: { tick: number }; residents: { memoryCount: number }[] };
      // Every tick a worker saw commit is stored. A commit whose acknowledgement was lost with the connection
      // (the worker saw it fail) may be stored too: its retry finds it committed and does not tick again.
      const ok = committed.get(id) ?? 0;
      expect(state.clock.tick).toBeGreaterThanOrEqual(ok);
      expect(state.clock.tick).toBeLessThanOrEqual(ok + (failed.get(id) ?? 0));
      expect(rec?.version).toBe(1 + state.clock.tick);
      const memories = await db.prisma.memory.count({ where: { townId: id } });
      expect(memories).toBe(state.residents.reduce((a, r) => a + r.memoryCount, 0));
    }
    const dup = await db.prisma.outboxPost.groupBy({ by: ['townId', 'seq'], _count: true });
    expect(dup.every((p) => p._count === 1)).toBe(true);
  }, 200_000);
});

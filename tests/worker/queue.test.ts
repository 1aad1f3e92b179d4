// Ticks as jobs on the PostgreSQL queue: schedulers enqueue, workers run them; one tick run per town per interval
// however many schedulers, never two ticks of a town at once however many workers.

import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { TownService } from '../../src/town/service.ts';
import { startWorkerProcess, type WorkerProcess } from '../../src/worker/compose.ts';
import { openQueue, TICK_QUEUE } from '../../src/worker/queue.ts';
import { QueueScheduler, ticksForSlot } from '../../src/worker/scheduler.ts';
import { openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { offlineKit } from '../support/worker-town.ts';

const TOWNS = ['town-a', 'town-b', 'town-c'];

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('speed as ticks per slot', () => {
  it('fractions accumulate over slots and whole speeds give that many ticks', () => {
    const sum = (speed: number) => Array.from({ length: 10 }, (_, i) => ticksForSlot(1000 + i, speed));
    expect(sum(1)).toEqual(Array(10).fill(1));
    expect(sum(0.5).reduce((a, b) => a + b)).toBe(5);
    expect(sum(0.3).reduce((a, b) => a + b)).toBe(3);
    expect(sum(2.5).reduce((a, b) => a + b)).toBe(25);
  });
});

describe('ticks as queue jobs', () => {
  let db: TestDb;
  let store: PrismaTownStore;
  let boss: PgBoss;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    db = await openTestDb('postgresql');
    store = new PrismaTownStore(db.prisma);
    const kit = offlineKit();
    for (const id of TOWNS)
      await TownService.create({ store, kit, owner: 'setup' }, { id, scope: id, file: tinyTown(), seed: 1 });
    boss = await openQueue(db.url);
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await boss?.stop({ graceful: false });
    await db?.dispose();
  });

  it('two schedulers in the same interval: one job per town; two workers run each town exactly once', async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 30);
    const s1 = new QueueScheduler({ boss, store, now: () => now });
    const s2 = new QueueScheduler({ boss, store, now: () => now + 20_000 });
    const [r1, r2] = await Promise.all([s1.run(), s2.run()]);
    expect(r1.due + r2.due).toBe(6);
    expect(r1.sent + r2.sent).toBe(3);
    // The same scheduler again in the same interval sends nothing.
    expect((await s1.run()).due).toBe(0);

    const ticks: string[] = [];
    for (let i = 0; i < 2; i++)
      workers.push(
        await startWorkerProcess({
          url: db.url,
          store,
          kit: offlineKit(),
          concurrency: 2,
          schedule: false,
          owner: `w${i}`,
          onTick: (townId, _ms, ok) => ok && ticks.push(townId),
        }),
      );
    await waitFor(async () => ticks.length >= 3);
    await waitFor(async () => (await boss.getQueue(TICK_QUEUE))?.activeCount === 0);
    expect(ticks.sort()).toEqual(TOWNS);
    for (const id of TOWNS) {
      const rec = await store.load(id);
      expect([rec?.version, rec?.state.clock.tick]).toEqual([2, 1]);
      // The worker gave the lease back: any worker can take the next tick.
      expect((await store.lease(id)).owner).toBeNull();
    }

    // The next interval: one more tick each, whichever worker takes it.
    const [n1, n2] = await Promise.all([
      new QueueScheduler({ boss, store, now: () => now + 60_000 }).run(),
      new QueueScheduler({ boss, store, now: () => now + 61_000 }).run(),
    ]);
    expect(n1.sent + n2.sent).toBe(3);
    await waitFor(async () => ticks.length >= 6);
    await waitFor(async () => (await boss.getQueue(TICK_QUEUE))?.activeCount === 0);
    for (const id of TOWNS) expect((await store.load(id))?.state.clock.tick).toBe(2);
    // Posts have one row per (town, seq): nothing was written twice.
    const posts = await db.prisma.outboxPost.groupBy({ by: ['townId', 'seq'], _count: true });
    expect(posts.every((p) => p._count === 1)).toBe(true);
  });

  it('a paused town owes nothing', async () => {
    const kit = offlineKit();
    const svc = await TownService.load({ store, kit, owner: 'admin' }, 'town-a');
    await svc?.pause();
    await svc?.close();
    const r = await new QueueScheduler({ boss, store, now: () => Date.UTC(2026, 0, 1, 13) }).run();
    expect(r.due).toBe(2);
  });
});

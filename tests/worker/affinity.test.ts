// Affinity (issue 24, item 3): a town's jobs go to the worker that holds it, so every slot of a town runs where its
// town is loaded; when that worker goes, its queued jobs fail over to the live workers and nothing is lost.
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { TownService } from '../../src/town/service.ts';
import { preferredQueue, TownRouter } from '../../src/worker/affinity.ts';
import { startWorkerProcess, type WorkerProcess } from '../../src/worker/compose.ts';
import { openQueue } from '../../src/worker/queue.ts';
import { QueueScheduler, tickJobId } from '../../src/worker/scheduler.ts';
import { openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { offlineKit } from '../support/worker-town.ts';

describe('rendezvous hashing', () => {
  const towns = Array.from({ length: 300 }, (_, i) => `town-${i}`);
  it('moves only the towns of a worker that comes or goes', () => {
    const three = ['q.a', 'q.b', 'q.c'];
    const before = new Map(towns.map((t) => [t, preferredQueue(t, three)]));
    // every worker gets a share
    for (const q of three) expect([...before.values()].filter((x) => x === q).length).toBeGreaterThan(60);
    // q.b goes: only its towns move
    const after = new Map(towns.map((t) => [t, preferredQueue(t, ['q.a', 'q.c'])]));
    for (const t of towns) if (before.get(t) !== 'q.b') expect(after.get(t)).toBe(before.get(t));
    // q.d comes: the towns that move all move to it
    const four = new Map(towns.map((t) => [t, preferredQueue(t, [...three, 'q.d'])]));
    const moved = towns.filter((t) => four.get(t) !== before.get(t));
    expect(moved.every((t) => four.get(t) === 'q.d')).toBe(true);
    expect(moved.length).toBeGreaterThan(40);
    expect(moved.length).toBeLessThan(110);
  });
});

describe('towns routed to the worker that holds them', () => {
  const TOWNS = ['t1', 't2', 't3', 't4', 't5', 't6'];
  let db: TestDb;
  let store: PrismaTownStore;
  let boss: PgBoss;
  const workers: WorkerProcess[] = [];
  /** town -> workers that ran its jobs */
  const ranOn = new Map<string, Set<string>>();

  async function startWorker(name: string): Promise<WorkerProcess> {
    const w = await startWorkerProcess({
      url: db.url,
      store,
      kit: offlineKit(),
      concurrency: 2,
      schedule: false,
      owner: name,
      onJob: (townId) => ranOn.set(townId, (ranOn.get(townId) ?? new Set()).add(name)),
    });
    workers.push(w);
    return w;
  }

  beforeAll(async () => {
    db = await openTestDb('postgresql');
    store = new PrismaTownStore(db.prisma);
    for (const id of TOWNS)
      await TownService.create(
        { store, kit: offlineKit(), owner: 'setup' },
        { id, scope: id, file: tinyTown(), seed: 1 },
      );
    boss = await openQueue(db.url);
  });
  afterAll(async () => {
    for (const w of workers) await w.stop().catch(() => undefined);
    await boss?.stop({ graceful: false });
    await db?.dispose();
  });

  const ticks = async () => Promise.all(TOWNS.map(async (id) => (await store.load(id))?.state.clock.tick ?? -1));
  async function until(ok: () => Promise<boolean>, what: string) {
    for (let i = 0; i < 200; i++) {
      if (await ok()) return;
      await new Promise((r) => setTimeout(r, 150));
    }
    const jobs = await db.prisma.$queryRawUnsafe<unknown[]>(
      `SELECT name, state, data, output FROM pgboss.job WHERE name LIKE 'town-tick%' AND state <> 'completed' OR (state = 'completed' AND output::text NOT LIKE '%ticked%')`,
    );
    throw new Error(`timed out waiting for ${what}: ticks ${await ticks()}; jobs ${JSON.stringify(jobs)}`);
  }

  it('runs every slot of a town on one worker; a stopped worker’s queued jobs fail over and all ticks run', async () => {
    const a = await startWorker('A');
    const b = await startWorker('B');
    const router = new TownRouter(boss);
    // the workers are in pg-boss's instance registry once they have beaten with their queues
    await until(async () => (await router.refresh()).live === 2, 'two live worker queues');
    let slot = 29_000_000;
    const scheduler = new QueueScheduler({ boss, store, router, now: () => slot * 60_000 });
    for (let s = 1; s <= 3; s++) {
      expect((await scheduler.run()).sent).toBe(TOWNS.length);
      await until(async () => (await ticks()).every((t) => t === s), `slot ${s}`);
      slot++;
    }
    expect(TOWNS.map((t) => ranOn.get(t)?.size)).toEqual(TOWNS.map(() => 1));
    const onA = TOWNS.filter((t) => ranOn.get(t)?.has('A'));
    expect(onA.length).toBeGreaterThan(0);
    expect(onA.length).toBeLessThan(TOWNS.length);
    // The workers held only their own towns.
    expect([a.towns.size, b.towns.size].sort()).toEqual([onA.length, TOWNS.length - onA.length].sort());

    // A stops, with the next slot's jobs of its towns already in its queue (sent by a scheduler before it went).
    await a.stop();
    for (const t of onA)
      await boss.send(a.queue, { townId: t, ticks: 1, slot }, { id: tickJobId(t, slot), singletonKey: t });
    // pg-boss's registry shows A stopped: its queue fails over to B and is deleted
    const r = await router.refresh();
    expect(r).toEqual({ live: 1, failedOver: onA.length, dropped: 0 });
    expect(await boss.getQueue(a.queue)).toBeNull();
    // the same slot from the scheduler: A's towns already have their job (same id) in B's queue
    expect((await scheduler.run()).sent).toBe(TOWNS.length - onA.length);
    await until(async () => (await ticks()).every((t) => t === 4), 'the failed-over slot');
    expect(onA.every((t) => ranOn.get(t)?.has('B'))).toBe(true);
    // and the next slot goes to B directly; every town has exactly the ticks of its five slots
    slot++;
    expect((await scheduler.run()).sent).toBe(TOWNS.length);
    await until(async () => (await ticks()).every((t) => t === 5), 'slot 5');
    expect(await ticks()).toEqual(TOWNS.map(() => 5));
  }, 90_000);
});

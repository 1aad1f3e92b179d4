// Fault: a worker process frozen (SIGSTOP: a stalled VM, a long GC, a debugger) at each phase of a tick while its
// connections stay open: before decide (town loaded, no model call yet), during a model call, before its commit, and
// inside its commit's transaction (the town's row locked: the server ends that idle session after 5 s).
// Another worker ticks each town within 15 s of the freeze (its lease runs out, the router moves its jobs); after
// SIGCONT the frozen worker finds each town taken, writes nothing and says so. Counted against the schedule, every
// town has exactly the ticks its slots owe, and no memory or post is written twice. The long version (freezes beside
// kills at random moments) is `npm run bench -- --only killLoop --freezes N`.
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { TownService } from '../../src/town/service.ts';
import { TownRouter, workerQueueName } from '../../src/worker/affinity.ts';
import { openQueue } from '../../src/worker/queue.ts';
import { schedulerSettings, tickJobId } from '../../src/worker/scheduler.ts';
import { openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { spawnWorker, type WorkerChild } from '../support/worker-process.ts';
import { offlineKit } from '../support/worker-town.ts';

const PHASES = ['before-decide', 'during', 'before-commit', 'in-commit'] as const;
const SLOT = 2_000;
const RECOVERY_GOAL_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a worker frozen (SIGSTOP) at each phase of a tick', () => {
  let db: TestDb;
  let store: PrismaTownStore;
  let boss: PgBoss;
  const children: WorkerChild[] = [];

  beforeAll(async () => {
    db = await openTestDb('postgresql');
    store = new PrismaTownStore(db.prisma);
    for (const town of PHASES)
      await TownService.create(
        { store, kit: offlineKit(), owner: 'setup' },
        { id: town, scope: town, file: tinyTown(), seed: 1 },
      );
    boss = await openQueue(db.url);
  });
  afterAll(async () => {
    for (const c of children) {
      c.proc.kill('SIGCONT');
      c.proc.kill('SIGKILL');
    }
    await boss?.stop({ graceful: false });
    await db?.dispose();
  });

  it('another worker ticks each town within 15 s; the frozen one wakes, writes nothing, and says so', async () => {
    const a = spawnWorker(db.url, 'A', { FREEZE_AT: PHASES.map((p) => `${p}:${p}`).join(','), CONCURRENCY: '4' });
    const b = spawnWorker(db.url, 'B', { CONCURRENCY: '3' });
    children.push(a, b);
    await Promise.all([a.waitFor('ready'), b.waitFor('ready')]);
    // The scheduler's router, as in every worker: routes towns to live workers and moves a dead one's jobs.
    const router = new TownRouter(boss);
    for (let i = 0; i < 40 && (await router.refresh()).live < 2; i++) await sleep(250);
    // slot SLOT's jobs go to A's queue (as if the towns hashed to A)
    for (const town of PHASES)
      expect(
        await boss.send(
          workerQueueName('worker:A'),
          { townId: town, ticks: 1, slot: SLOT },
          { id: tickJobId(town, SLOT), singletonKey: town },
        ),
      ).toBeTruthy();
    await Promise.all(PHASES.map((p) => a.waitFor(`at ${p} ${p}`, 30_000)));
    expect(a.lines.filter((l) => l.startsWith('committed'))).toEqual([]);
    a.proc.kill('SIGSTOP');
    const frozenAt = performance.now();
    let routing = true;
    const routes = (async () => {
      while (routing) {
        await router.refresh();
        await sleep(schedulerSettings.failOverMs);
      }
    })();
    try {
      await Promise.all(PHASES.map((p) => b.waitFor(`committed ${p}`, 40_000)));
    } finally {
      routing = false;
      await routes;
    }
    const recovery = PHASES.map((p) => Math.round((b.at.get(`committed ${p}`) ?? Infinity) - frozenAt));
    process.stdout.write(`freeze recovery (ms, ${PHASES.join(', ')}): ${recovery.join(', ')}\n`);
    for (const ms of recovery) expect(ms).toBeLessThanOrEqual(RECOVERY_GOAL_MS);

    // A wakes: each of its ticks finds the town taken and writes nothing.
    a.proc.kill('SIGCONT');
    await Promise.all(PHASES.map((p) => a.waitFor(`lost ${p}`, 20_000)));
    expect(a.lines.filter((l) => l.startsWith('committed'))).toEqual([]);

    // The next slot runs normally, wherever the towns now hash.
    await router.refresh();
    for (const town of PHASES)
      await boss.send(
        router.queueFor(town),
        { townId: town, ticks: 1, slot: SLOT + 1 },
        { id: tickJobId(town, SLOT + 1), singletonKey: town },
      );
    for (let i = 0; i < 200; i++) {
      const recs = await Promise.all(PHASES.map((t) => store.load(t)));
      if (recs.every((r) => r?.state.clock.slot?.n === SLOT + 1)) break;
      await sleep(200);
    }
    await sleep(1_000); // anything still running would show as a second tick
    for (const town of PHASES) {
      const rec = await store.load(town);
      // the schedule: one tick per slot, each once
      expect([town, rec?.state.clock.tick, rec?.state.clock.slot]).toEqual([town, 2, { n: SLOT + 1, ticks: 1 }]);
      const mems = await store.loadMemories(town);
      for (const r of rec?.state.residents ?? [])
        expect(mems.filter((m) => m.agentId === r.profile.id)).toHaveLength(r.memoryCount);
      expect(new Set(mems.map((m) => `${m.agentId}/${m.seq}`)).size).toBe(mems.length);
    }
    const posts = await db.prisma.outboxPost.groupBy({ by: ['townId', 'seq'], _count: true });
    expect(posts.every((p) => p._count === 1)).toBe(true);
  }, 150_000);
});

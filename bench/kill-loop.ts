// Bench `killLoop` (issue 24): two real worker processes (tests/worker/fixtures/worker-child.ts: `npm run worker`'s
// parts on the offline model, every model call taking --callMs, embeddings through the durable cache in the
// database) tick --towns ten-resident towns on a real PostgreSQL server while the bench schedules a slot every
// --slotMs (the QueueScheduler and its router, on a simulated clock) and SIGKILLs one of the two workers --kills
// times at seeded random moments, starting a new one in its place each time. Then it stops scheduling, lets the
// queue drain and counts, per town, the ticks committed against the ticks the schedule owes (the ticks of every
// job the queue accepted): lost, duplicated; plus memories without vectors, duplicate memories and posts.
// With --freezes N it also freezes a worker N times (SIGSTOP for --freeze-ms, then SIGCONT: a stalled VM, a long
// GC), mixed with the kills in a seeded order, and reports the longest time a town went without its tick.
// Options: --kills N (20) --freezes N (0) --freeze-ms MS (30000) --towns N (4) --residents N (3) --slotMs MS (12000)
// --callMs MS (50) --seed S (1).
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { PgBoss } from 'pg-boss';
import { openDatabase } from '../src/db/client.ts';
import { PrismaTownStore } from '../src/db/town-store.ts';
import { memoriesWithoutVector } from '../src/ops/vectors.ts';
import { TownService } from '../src/town/service.ts';
import { TownRouter } from '../src/worker/affinity.ts';
import { openQueue } from '../src/worker/queue.ts';
import { QueueScheduler, schedulerSettings } from '../src/worker/scheduler.ts';
import { startPostgres } from '../tests/support/postgres.ts';
import { offlineKit } from '../tests/support/worker-town.ts';
import { benchTown } from './town-support.ts';
import { randomStream } from '../src/core/rng.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Best-effort embedding-cache writes that failed in the workers (the vectors were kept). */
let cacheWriteErrors = 0;

interface Worker {
  name: string;
  proc: ChildProcess;
  commits: number;
  ready: Promise<void>;
  /** Towns whose tick is under way here (a model call went out, not committed yet). */
  inFlight: Set<string>;
}

/** When each town's ticks committed (ms since the bench began), from every worker's "committed <town>" lines. */
const commitTimes = new Map<string, number[]>();
let benchStart = 0;
/** Jobs whose worker found, after a freeze, that another had taken its town ("lost <town>"). */
let lostJobs = 0;

function spawnWorker(url: string, name: string, callMs: number): Worker {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/worker/fixtures/worker-child.ts', url, name], {
    cwd: ROOT,
    env: { ...process.env, CALL_MS: String(callMs), EMBED_CACHE: '1', CONCURRENCY: '4' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const w: Worker = { name, proc, commits: 0, ready: Promise.resolve(), inFlight: new Set() };
  w.ready = new Promise((resolve) => {
    createInterface({ input: proc.stdout! }).on('line', (l) => {
      if (l === 'ready') resolve();
      if (l.startsWith('call ')) w.inFlight.add(l.slice('call '.length));
      if (l.startsWith('job ')) w.inFlight.delete(l.split(' ')[1] ?? '');
      if (l.startsWith('committed ')) {
        w.commits++;
        const town = l.slice('committed '.length);
        w.inFlight.delete(town);
        commitTimes.set(town, [...(commitTimes.get(town) ?? []), performance.now() - benchStart]);
      }
      if (l.startsWith('lost ')) lostJobs++;
    });
  });
  proc.stderr?.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n')) {
      if (/embedding cache write failed/.test(line)) cacheWriteErrors++;
      else if (/failed|Error/.test(line)) process.stderr.write(`[${name}] ${line}\n`);
    }
  });
  return w;
}

export async function run(opts: Record<string, unknown>) {
  const kills = Number(opts.kills ?? 20);
  const freezes = Number(opts.freezes ?? 0);
  const freezeMs = Number(opts['freeze-ms'] ?? 30_000);
  const nTowns = Number(opts.towns ?? 4);
  const residents = Number(opts.residents ?? 3);
  const slotMs = Number(opts.slotMs ?? 12_000);
  const callMs = Number(opts.callMs ?? 50);
  const settleSlots = 6;
  const random = randomStream(Number(opts.seed ?? 1));
  const server = await startPostgres({ fast: false });
  const url = await server.createDatabase('kill_loop');
  const db = await openDatabase(url, { poolSize: 4 });
  const store = new PrismaTownStore(db.prisma);
  const towns = Array.from({ length: nTowns }, (_, i) => `k${i}`);
  let boss: PgBoss | undefined;
  const workers: Worker[] = [];
  const t0 = performance.now();
  benchStart = t0;
  try {
    for (const id of towns)
      await TownService.create(
        { store, kit: offlineKit(), owner: 'setup' },
        { id, scope: id, file: benchTown(residents), seed: 1 },
      );
    boss = await openQueue(url);
    // The schedule: ticks of every job the queue accepted, per town.
    // Slots the queue accepted a job for, per town: the town owes every slot from its first to its last (a job
    // catches up on the slots before it that got no tick: tick-job.ts), one tick each at speed 1.
    const accepted = new Map<string, { first: number; last: number; jobs: number }>();
    let skipped = 0;
    const counting = new Proxy(boss, {
      get(target, prop, receiver) {
        if (prop === 'send')
          return async (name: string, data: { townId: string; ticks: number; slot: number }, o: object) => {
            const id = await target.send(name, data, o);
            const a = accepted.get(data.townId);
            if (id)
              accepted.set(data.townId, { first: a?.first ?? data.slot, last: data.slot, jobs: (a?.jobs ?? 0) + 1 });
            else skipped++;
            return id;
          };
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    }) as PgBoss;
    const towns0 = new TownRouter(boss);
    // one refresh at a time (the schedule's passes and the fail-over loop share the router)
    let chain: Promise<unknown> = Promise.resolve();
    const router = {
      refresh: () => {
        const r = chain.then(() => towns0.refresh());
        chain = r.catch(() => undefined);
        return r;
      },
      queueFor: (t: string) => towns0.queueFor(t),
    } as unknown as TownRouter;
    let slot = 30_000_000;
    const scheduler = new QueueScheduler({ boss: counting, store, router, now: () => slot * 60_000 });
    let life = 0;
    for (const i of [0, 1]) workers.push(spawnWorker(url, `w${i}-${life++}`, callMs));
    await Promise.all(workers.map((w) => w.ready));
    // wait until both are routed to (pg-boss's registry lists their queues)
    for (let i = 0; i < 60 && (await router.refresh()).live < 2; i++) await sleep(500);
    let scheduling = true;
    let passes = 0;
    let failedOver = 0;
    let dropped = 0;
    const schedule = (async () => {
      while (scheduling) {
        const r = await router.refresh();
        failedOver += r.failedOver;
        dropped += r.dropped;
        await scheduler.run();
        passes++;
        slot++;
        await sleep(slotMs);
      }
    })();
    // Between passes, the fail-over of dead (or frozen) workers' queues, as every worker's scheduler does it.
    const failOvers = (async () => {
      while (scheduling) {
        const r = await router.refresh().catch(() => ({ failedOver: 0, dropped: 0 }));
        failedOver += r.failedOver;
        dropped += r.dropped;
        await sleep(schedulerSettings.failOverMs);
      }
    })();
    const killedAt: number[] = [];
    const frozenAt: number[] = [];
    /** Each freeze: when, and the towns whose tick it froze mid-way. */
    const freezes_: { at: number; towns: string[] }[] = [];
    // kills and freezes in a seeded order
    const events: ('kill' | 'freeze')[] = [...Array(kills).fill('kill'), ...Array(freezes).fill('freeze')];
    for (let i = events.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [events[i], events[j]] = [events[j]!, events[i]!];
    }
    for (const [k, event] of events.entries()) {
      // an event every 10-20 s: each lands at a random phase of the ticks under way, and the recovery of the one
      // before (heartbeat 10 s, three missed instance beats) has had its time
      await sleep(10_000 + random() * 10_000);
      let i = random() < 0.5 ? 0 : 1;
      // A freeze waits (up to 15 s) for a worker with a tick under way: a frozen tick is what it is about.
      for (let w = 0; event === 'freeze' && w < 150 && !workers.some((x) => x.inFlight.size > 0); w++) await sleep(100);
      if (event === 'freeze' && workers[i]!.inFlight.size === 0 && workers[1 - i]!.inFlight.size > 0) i = 1 - i;
      const victim = workers[i]!;
      const at = Math.round((performance.now() - t0) / 100) / 10;
      if (event === 'freeze') {
        // its connections stay open; it wakes after freezeMs and goes on as it was
        victim.proc.kill('SIGSTOP');
        freezes_.push({ at: performance.now() - t0, towns: [...victim.inFlight] });
        frozenAt.push(at);
        await sleep(freezeMs);
        victim.proc.kill('SIGCONT');
      } else {
        victim.proc.kill('SIGKILL');
        await new Promise((r) => victim.proc.once('exit', r));
        killedAt.push(at);
        workers[i] = spawnWorker(url, `w${i}-${life++}`, callMs);
      }
      process.stderr.write(`killLoop: ${event} ${k + 1}/${events.length} (${victim.name})\n`);
    }
    // The schedule runs on a while after the last kill (as it would): the retries land, memories that waited for a
    // vector get it with the next ticks.
    const settleFrom = passes;
    while (passes < settleFrom + settleSlots) await sleep(500);
    scheduling = false;
    const scheduledUntil = performance.now() - t0;
    await schedule;
    await failOvers;
    // Drain: every accepted job runs (after the last kill, its retry needs the heartbeat to stop: ~10-20 s).
    const owed = new Map(
      towns.map((t) => [t, accepted.has(t) ? accepted.get(t)!.last - accepted.get(t)!.first + 1 : 0]),
    );
    const ticks = async () =>
      new Map(await Promise.all(towns.map(async (t) => [t, (await store.load(t))?.state.clock.tick ?? 0] as const)));
    let now = await ticks();
    const drainStart = performance.now();
    while (towns.some((t) => (now.get(t) ?? 0) < (owed.get(t) ?? 0)) && performance.now() - drainStart < 300_000) {
      const r = await router.refresh();
      failedOver += r.failedOver;
      dropped += r.dropped;
      await sleep(1_000);
      now = await ticks();
    }
    await sleep(3_000); // anything still running would show as a duplicate
    now = await ticks();
    const perTown = towns.map((t) => ({
      town: t,
      owed: owed.get(t) ?? 0,
      ticked: now.get(t) ?? 0,
      jobsAccepted: accepted.get(t)?.jobs ?? 0,
    }));
    const mems = await db.prisma.memory.groupBy({ by: ['townId', 'agentId', 'seq'], _count: true });
    const posts = await db.prisma.outboxPost.groupBy({ by: ['townId', 'seq'], _count: true });
    // memories each snapshot counts vs rows stored
    let countMismatch = 0;
    for (const t of towns) {
      const rec = await store.load(t);
      const stored = await db.prisma.memory.count({ where: { townId: t } });
      const counted = (rec?.state.residents ?? []).reduce((n, r) => n + r.memoryCount, 0);
      if (stored !== counted) countMismatch++;
    }
    const cacheRows = await db.prisma.embeddingCache.count().catch(() => -1);
    // The longest a town went without its tick while the schedule ran: the gaps between its commits (a slot apart
    // when all is well), and from its last commit to the end of scheduling.
    const longestWithoutTick = towns.map((t) => {
      const times = [...(commitTimes.get(t) ?? [])].sort((a, b) => a - b);
      let longest = 0;
      for (let i = 1; i < times.length; i++) longest = Math.max(longest, times[i]! - times[i - 1]!);
      const last = times.filter((x) => x <= scheduledUntil).at(-1);
      if (last !== undefined) longest = Math.max(longest, scheduledUntil - last);
      return { town: t, ms: Math.round(longest) };
    });
    // Per frozen tick: from the SIGSTOP to that town's next commit (by another worker: the frozen one cannot).
    const frozenTicks = freezes_.flatMap((f) =>
      f.towns.map((town) => {
        const next = (commitTimes.get(town) ?? []).filter((x) => x > f.at).sort((a, b) => a - b)[0];
        return {
          town,
          atS: Math.round(f.at / 100) / 10,
          recoveryMs: next === undefined ? null : Math.round(next - f.at),
        };
      }),
    );
    return {
      kills,
      freezes,
      freezeMs,
      frozenTicks,
      longestRecoveryMs: Math.max(0, ...frozenTicks.map((x) => x.recoveryMs ?? Number.POSITIVE_INFINITY)),
      workers: 2,
      towns: nTowns,
      residentsPerTown: residents,
      slotMs,
      callMs,
      slots: passes,
      seconds: Math.round((performance.now() - t0) / 1000),
      killedAtS: killedAt,
      frozenAtS: frozenAt,
      longestWithoutTickMs: Math.max(0, ...longestWithoutTick.map((x) => x.ms)),
      longestWithoutTickByTown: longestWithoutTick,
      jobsLostAfterFreeze: lostJobs,
      ticksOwed: perTown.reduce((n, p) => n + p.owed, 0),
      ticksCommitted: perTown.reduce((n, p) => n + p.ticked, 0),
      lost: perTown.reduce((n, p) => n + Math.max(0, p.owed - p.ticked), 0),
      duplicated: perTown.reduce((n, p) => n + Math.max(0, p.ticked - p.owed), 0),
      perTown,
      slotsSkipped: skipped,
      settleSlots,
      jobsFailedOver: failedOver,
      jobsDroppedAtFailOver: dropped,
      memoriesWithoutVectors: (await memoriesWithoutVector(db.prisma)).total,
      duplicateMemories: mems.filter((m) => m._count > 1).length,
      duplicatePosts: posts.filter((p) => p._count > 1).length,
      townsWhoseMemoryCountDiffers: countMismatch,
      embeddingCacheRows: cacheRows,
      embeddingCacheWriteErrors: cacheWriteErrors,
    };
  } finally {
    for (const w of workers) w.proc.kill('SIGKILL');
    await boss?.stop({ graceful: false }).catch(() => undefined);
    await db.close();
    await server.destroy();
  }
}

export function format(r: Record<string, unknown>): string {
  const x = r as Awaited<ReturnType<typeof run>>;
  return [
    `${x.kills} SIGKILLs and ${x.freezes} freezes (SIGSTOP ${x.freezeMs} ms) over ${x.workers} worker processes, ${x.towns} towns of ${x.residentsPerTown} residents, a slot every ${x.slotMs} ms (${x.slots} slots), model calls ${x.callMs} ms, ${x.seconds} s`,
    `ticks: ${x.ticksCommitted} committed / ${x.ticksOwed} owed by the schedule: ${x.lost} lost, ${x.duplicated} duplicated (every slot from a town's first to its last; ${x.slotsSkipped} town-slots had their job dropped while the town's previous one still waited and were caught up by the next; the last ${x.settleSlots} slots after the last kill)`,
    `  per town: ${x.perTown.map((p) => `${p.town} ${p.ticked}/${p.owed}`).join(', ')}`,
    `frozen mid-tick: ${x.frozenTicks.length} ticks (${x.frozenTicks.map((f) => `${f.town} ${f.recoveryMs ?? 'never'} ms`).join(', ')}); longest recovery ${x.longestRecoveryMs} ms (goal 15000)`,
    `longest a town went without its tick: ${x.longestWithoutTickMs} ms (a slot is ${x.slotMs} ms; per town: ${x.longestWithoutTickByTown.map((p) => `${p.town} ${p.ms}`).join(', ')}); ${x.jobsLostAfterFreeze} jobs of frozen workers found their town taken and wrote nothing`,
    `fail-over: ${x.jobsFailedOver} jobs moved from dead workers' queues, ${x.jobsDroppedAtFailOver} dropped`,
    `embedding cache: ${x.embeddingCacheRows} rows, ${x.embeddingCacheWriteErrors} best-effort writes failed (vectors kept)`,
    `memories without vectors at the end: ${x.memoriesWithoutVectors}; duplicate memories ${x.duplicateMemories}, duplicate posts ${x.duplicatePosts}, towns whose memory count differs from their rows ${x.townsWhoseMemoryCountDiffers}`,
  ].join('\n');
}

// Bench `scalePace` (issue 24's target): ONE worker process (bench/scale-worker.ts, `npm run worker`'s parts) with
// --towns ten-resident towns at the real-model default pace (one tick per town per 10 minutes: every town's slot
// turns at the same moment, the worst case) and every model call taking --latency ms. Each slot sends every town's
// job at once and measures when each tick ends, from the slot's start: every tick inside its interval means the last
// one ends before 10 minutes. The idle rest of a slot is skipped (the next slot starts when the last tick of this
// one ended: nothing runs in between). Reports the worker's RSS (peak, and under WORKER_MAX_MB --maxMb) and towns
// loaded and evicted. The towns are copies of one town (made with the town export), starting at the first tick of
// a day (the day planning: the most model calls a tick makes).
// The model's concurrency is the worker's own (src/llm/adaptive-limit.ts: adaptive up to LLM_CONCURRENCY). With
// --rpm N the chat model is the realistic model server over HTTP, answering in --latency ms and enforcing N requests
// per minute as OpenAI does (429s with x-ratelimit-* headers; tests/support/fake-rate-limit.ts), quantized to
// --burst seconds (60: a minute's burst); --maxConcurrent N caps its requests in progress too.
// Options: --towns N (100) --latency MS (1000) --slots N (2) --concurrency N and --llmConcurrency N (default: the
//          configuration's WORKER_CONCURRENCY and LLM_CONCURRENCY) --fixedLlm (LLM_ADAPTIVE_CONCURRENCY=false)
//          --rpm N --burst S (60) --maxConcurrent N --maxMb MB (1800) --maxTowns N (100).
import { openDatabase } from '../src/db/client.ts';
import { PrismaTownStore } from '../src/db/town-store.ts';
import { cronIntervalMs } from '../src/town/scheduler.ts';
import { TownService } from '../src/town/service.ts';
import { readTownExport, writeTownImport } from '../src/town/town-export.ts';
import { defaultTickCron, EnvSchema } from '../src/config.ts';
import { startRealisticModel } from '../tests/support/realistic-model/server.ts';
import { TownRouter } from '../src/worker/affinity.ts';
import { openQueue } from '../src/worker/queue.ts';
import { tickJobId } from '../src/worker/scheduler.ts';
import { startPostgres } from '../tests/support/postgres.ts';
import { spawnScaleWorker } from './scale-out.ts';
import { instantKit, percentile } from './scale-support.ts';
import { benchTown } from './town-support.ts';

const RESIDENTS = 10;
const INTERVAL_MS = cronIntervalMs(defaultTickCron('openai'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number) => Math.round(x * 10) / 10;

export async function run(opts: Record<string, unknown>) {
  const nTowns = Number(opts.towns ?? 100);
  const latencyMs = Number(opts.latency ?? 1000);
  const slots = Number(opts.slots ?? 2);
  const defaults = EnvSchema.parse({});
  const concurrency = Number(opts.concurrency ?? defaults.WORKER_CONCURRENCY);
  const llmConcurrency = Number(opts.llmConcurrency ?? defaults.LLM_CONCURRENCY);
  const adaptive = !opts.fixedLlm;
  const rpm = opts.rpm !== undefined ? Number(opts.rpm) : undefined;
  const maxConcurrent = opts.maxConcurrent !== undefined ? Number(opts.maxConcurrent) : undefined;
  const burst = Number(opts.burst ?? 60);
  const maxMb = Number(opts.maxMb ?? 1800);
  const maxTowns = Number(opts.maxTowns ?? 100);
  const server = await startPostgres({ fast: false });
  const t0 = performance.now();
  try {
    const url = await server.createDatabase('pace');
    const db = await openDatabase(url);
    const store = new PrismaTownStore(db.prisma);
    const first = await TownService.create(
      { store, kit: instantKit(), owner: 'setup' },
      { id: 'p0', scope: 'p0', file: benchTown(RESIDENTS), seed: 1 },
    );
    await first.close();
    const copy = await readTownExport(store, 'p0');
    const towns = ['p0'];
    for (let i = 1; i < nTowns; i++) {
      await writeTownImport(store, copy, { id: `p${i}`, scope: `p${i}` });
      towns.push(`p${i}`);
    }
    await db.close();
    const setupS = Math.round((performance.now() - t0) / 1000);
    const limited = rpm !== undefined || maxConcurrent !== undefined;
    const model = limited
      ? await startRealisticModel({
          seed: 3,
          fixedLatencyMs: latencyMs,
          rates: { serverErrors: 0, rateLimits: 0 },
          rateLimits: {
            ...(rpm !== undefined ? { requestsPerMinute: rpm, burstSeconds: burst } : {}),
            ...(maxConcurrent !== undefined ? { maxConcurrent } : {}),
          },
        })
      : undefined;
    const boss = await openQueue(url);
    const router = new TownRouter(boss);
    const w = spawnScaleWorker(url, 'pace-worker', {
      LATENCY_MS: String(latencyMs),
      CONCURRENCY: String(concurrency),
      LLM_CONCURRENCY: String(llmConcurrency),
      LLM_ADAPTIVE: String(adaptive),
      ...(model ? { MODEL_URL: model.baseURL } : {}),
      MAX_MB: String(maxMb),
      MAX_TOWNS: String(maxTowns),
    });
    const results = [];
    try {
      await w.waitFor((l) => l.ready === true);
      for (let i = 0; i < 40 && (await router.refresh()).live < 1; i++) await sleep(500);
      const lastStat = () => [...w.lines].reverse().find((l) => l.calls !== undefined);
      for (let s = 0; s < slots; s++) {
        const start = Date.now();
        const before = lastStat();
        const linesBefore = w.lines.length;
        const rejectedBefore = model?.fake.limiter?.stats.rejected ?? 0;
        const slot = 40_000_000 + s;
        await Promise.all(
          towns.map((townId) =>
            boss.send(
              router.queueFor(townId),
              { townId, ticks: 1, slot },
              { id: tickJobId(townId, slot), singletonKey: townId },
            ),
          ),
        );
        const ends = () => w.lines.filter((l) => l.tick && l.end! >= start);
        // a slot gives up after 1.5 intervals (then its ticks are reported late)
        while (new Set(ends().map((l) => l.tick)).size < towns.length && Date.now() - start < INTERVAL_MS * 1.5)
          await sleep(1_000);
        const done = ends();
        const ok = done.filter((l) => l.ok);
        const offsets = ok.map((l) => (l.end! - start) / 1000);
        const errors = w.lines.filter((l) => l.failedJob && l.error).map((l) => `${l.failedJob}: ${l.error}`);
        const during = w.lines.filter((l) => l.rssMb !== undefined && (l as { end?: number }).end === undefined);
        await sleep(1_100); // the worker's next stats line covers the slot's last calls
        const after = lastStat();
        const calls = (after?.calls ?? 0) - (before?.calls ?? 0);
        const slotS = Math.max(1, Math.max(0, ...offsets));
        const limits = w.lines
          .slice(linesBefore)
          .filter((l) => l.llmLimit !== undefined)
          .map((l) => l.llmLimit!);
        const last = [...w.lines].reverse().find((l) => l.rssMb !== undefined) as
          | { rssMb: number; loaded?: number; evictions?: number }
          | undefined;
        results.push({
          slot: s + 1,
          ticks: ok.length,
          failedTicks: done.filter((l) => !l.ok).length,
          failedJobs: [...new Set(errors)].slice(0, 3),
          lastTickEndS: round(Math.max(0, ...offsets)),
          p50EndS: round(percentile(offsets, 50)),
          p95EndS: round(percentile(offsets, 95)),
          tickP95s: round(
            percentile(
              done.map((l) => l.ms ?? 0),
              95,
            ) / 1000,
          ),
          insideInterval:
            new Set(ok.map((l) => l.tick)).size === towns.length && Math.max(...offsets) * 1000 < INTERVAL_MS,
          modelCalls: calls,
          modelRequests: (after?.requests ?? 0) - (before?.requests ?? 0),
          callsPerMin: Math.round((calls / slotS) * 60),
          failedCalls: (after?.failedCalls ?? 0) - (before?.failedCalls ?? 0),
          rateLimited: (after?.rateLimited ?? 0) - (before?.rateLimited ?? 0),
          serverRejected: (model?.fake.limiter?.stats.rejected ?? 0) - rejectedBefore,
          llmLimitMin: Math.min(...limits),
          llmLimitMax: Math.max(...limits),
          llmLimitEnd: limits.at(-1) ?? 0,
          // where the limit stood over the slot's second half (settled, or still moving)
          llmLimitLateP50: percentile(limits.slice(Math.floor(limits.length / 2)), 50),
          peakRssMb: Math.max(...during.map((l) => l.rssMb ?? 0)),
          loaded: last?.loaded ?? 0,
          evictions: last?.evictions ?? 0,
        });
        process.stderr.write(`scalePace: slot ${s + 1} done: ${JSON.stringify(results[results.length - 1])}\n`);
      }
    } finally {
      await w.stop();
      await boss.stop({ graceful: false });
      await model?.close();
    }
    return {
      towns: nTowns,
      residentsPerTown: RESIDENTS,
      intervalS: INTERVAL_MS / 1000,
      latencyMs,
      concurrency,
      llmConcurrency,
      adaptive,
      rpm: rpm ?? null,
      burst,
      maxConcurrent: maxConcurrent ?? null,
      maxMb,
      maxTowns,
      setupS,
      slots: results,
    };
  } finally {
    await server.destroy();
  }
}

export function format(r: Record<string, unknown>): string {
  const x = r as Awaited<ReturnType<typeof run>>;
  return [
    `one worker, ${x.towns} towns of ${x.residentsPerTown} residents, every town due at once every ${x.intervalS} s, model calls ${x.latencyMs} ms; WORKER_CONCURRENCY=${x.concurrency} LLM_CONCURRENCY=${x.llmConcurrency} (${x.adaptive ? 'adaptive' : 'fixed'}) WORKER_MAX_MB=${x.maxMb} WORKER_MAX_TOWNS=${x.maxTowns}`,
    x.rpm !== null || x.maxConcurrent !== null
      ? `  model: the realistic model server over HTTP${x.rpm !== null ? `, ${x.rpm} requests/min (burst ${x.burst} s)` : ''}${x.maxConcurrent !== null ? `, at most ${x.maxConcurrent} in progress` : ''}`
      : '  model: the offline stand-in in the worker, every call delayed',
    ...x.slots.map(
      (s) =>
        `  slot ${s.slot}: ${s.ticks} ticks (${s.failedTicks} failed and retried${s.failedJobs.length ? `: ${s.failedJobs.join('; ')}` : ''}), last ended ${s.lastTickEndS} s after the slot turned (p50 ${s.p50EndS} s, p95 ${s.p95EndS} s; tick p95 ${s.tickP95s} s) -> ${s.insideInterval ? 'every tick inside its interval' : 'NOT all inside the interval'}; ${s.modelCalls} model calls (${s.callsPerMin}/min, ${s.modelRequests} requests, ${s.failedCalls} failed, ${s.rateLimited} answered 429${s.serverRejected ? ` (server: ${s.serverRejected})` : ''}); model concurrency ${s.llmLimitMin}..${s.llmLimitMax}, median ${s.llmLimitLateP50} over the slot's second half, ${s.llmLimitEnd} at its end; peak RSS ${s.peakRssMb} MB, ${s.loaded} towns loaded, ${s.evictions} evictions`,
    ),
  ].join('\n');
}

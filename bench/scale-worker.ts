// A worker process for the scale benches (scale-out.ts, scale-pace.ts): `npm run worker`'s parts (startWorkerProcess,
// its own queue, no scheduler) with the offline model's answers delivered at a hosted model's latency (LATENCY_MS:
// every call that long; unset: the realistic-model profile, 250 ms + 12 ms per completion token). Prints JSON lines:
//   {"ready":true}                                   started
//   {"tick":town,"end":wallMs,"ms":n,"ok":bool}      a tick finished
//   {"rssMb":n,"calls":n,"loaded":n,"evictions":n}   every second
//   {"rssPerTownMb":n,"towns":n,"baseMb":n}           with LOAD_ONLY=a,b,c: loads those towns, measures, exits
//   every second also {"llmLimit":n,"llmInFlight":n,"rateLimited":n}: the adaptive model concurrency
// Usage: node --import tsx bench/scale-worker.ts <database url> <owner>; env LATENCY_MS, CONCURRENCY and
// LLM_CONCURRENCY (default: the configuration's WORKER_CONCURRENCY and LLM_CONCURRENCY), LLM_ADAPTIVE (true),
// MODEL_URL (an OpenAI-compatible chat server instead of the in-process stand-in), MAX_TOWNS, MAX_MB, LOAD_ONLY.
import { openDatabase } from '../src/db/client.ts';
import { PrismaTownStore } from '../src/db/town-store.ts';
import { startWorkerProcess } from '../src/worker/compose.ts';
import { WorkerTowns } from '../src/worker/towns.ts';
import { EnvSchema } from '../src/config.ts';
import { latentKit } from './scale-support.ts';

const [url = '', owner = 'bench'] = process.argv.slice(2);
const env = process.env;
const defaults = EnvSchema.parse({});
const concurrency = Number(env.CONCURRENCY ?? defaults.WORKER_CONCURRENCY);
const say = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);
const rssMb = () => Math.round((process.memoryUsage.rss() / 1024 / 1024) * 10) / 10;
const db = await openDatabase(url, { poolSize: concurrency * 2 + 2 });
const store = new PrismaTownStore(db.prisma);
const { kit, llm } = latentKit(
  { ceiling: Number(env.LLM_CONCURRENCY ?? defaults.LLM_CONCURRENCY), adaptive: env.LLM_ADAPTIVE !== 'false' },
  env.LATENCY_MS ? Number(env.LATENCY_MS) : undefined,
  env.MODEL_URL || undefined,
);
const gc = (globalThis as { gc?: () => void }).gc;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 100));
  }
};

if (env.LOAD_ONLY) {
  // RSS per loaded town: the towns a worker holds, as WorkerTowns holds them (each loaded, its streams built).
  const ids = env.LOAD_ONLY.split(',');
  const towns = new WorkerTowns({ store, kit, owner: `worker:${owner}`, maxTowns: ids.length + 1 });
  // warm the process (modules, the first load's caches) on one town, then measure the rest
  await towns.get(ids[0]!);
  await towns.release(ids[0]!);
  await settle();
  const base = rssMb();
  for (const id of ids.slice(1)) {
    await towns.get(id);
    await towns.release(id);
  }
  await settle();
  say({
    rssPerTownMb: Math.round(((rssMb() - base) / (ids.length - 1)) * 10) / 10,
    towns: ids.length - 1,
    baseMb: base,
  });
  await db.close();
  process.exit(0);
}

const w = await startWorkerProcess({
  url,
  store,
  kit,
  concurrency,
  schedule: false,
  owner,
  ...(env.MAX_TOWNS ? { maxTowns: Number(env.MAX_TOWNS) } : {}),
  ...(env.MAX_MB ? { maxMb: Number(env.MAX_MB) } : {}),
  onTick: (town, ms, ok) => say({ tick: town, end: Date.now(), ms: Math.round(ms), ok }),
  onJob: (town, outcome) => {
    if (outcome.status === 'failed') say({ failedJob: town, error: outcome.error });
  },
});
const timer = setInterval(async () => {
  const usage = (await llm.usageReport()).total;
  const l = llm.concurrency;
  say({
    rssMb: rssMb(),
    calls: usage.calls,
    requests: usage.requests,
    failedCalls: usage.failures,
    loaded: w.towns.size,
    evictions: w.towns.evictions,
    llmLimit: l.limit,
    llmInFlight: l.inUse,
    rateLimited: l.stats.rateLimited,
  });
}, 1_000);
say({ ready: true, queue: w.queue });
process.once('SIGTERM', async () => {
  clearInterval(timer);
  await w.stop();
  await db.close();
  process.exit(0);
});

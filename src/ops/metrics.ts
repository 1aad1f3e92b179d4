// Prometheus metrics of a process (prom-client): what the console, the bot, its shards and the workers export on
// /metrics (every name is in the README's metrics table). One registry per process; the composition roots feed it
// (tick and usage callbacks) and register collectors (queue depth, outbox backlog) that read at scrape time. Each
// collector runs on its own, with its own time limit: one that fails (the database is down) reports
// `smalltown_collector_up{collector} 0` and no samples, and the rest of the scrape still answers.
// Conventions: counters end in _total; a count the process keeps cumulatively is a counter, never a gauge; the
// `process` label is the role and index (console, bot:0, worker), stable across restarts, and the PID is in
// smalltown_process_info.
import { hostname } from 'node:os';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { UsageRecord } from '../llm/usage.ts';

export const metricsSettings = {
  /** Longest a collector may take at scrape time before it counts as failed (Prometheus's scrape timeout is 10 s). */
  collectTimeoutMs: 2_000,
} as const;

type Samples = { labels?: Record<string, string>; value: number }[];

export class Metrics {
  readonly registry = new Registry();
  /** Each collector's latest read: whether it answered in time. */
  private readonly reads = new Map<string, Promise<boolean>>();
  readonly ticks: Counter<'town' | 'outcome'>;
  readonly tickSeconds: Histogram<never>;
  readonly jobs: Counter<'outcome'>;
  readonly modelCalls: Counter<'town'>;
  readonly modelRequests: Counter<'town'>;
  readonly modelFailures: Counter<'town'>;
  readonly tokens: Counter<'town' | 'kind'>;
  readonly deliverySeconds: Histogram<never>;
  readonly delivered: Counter<never>;

  constructor(
    readonly process: string,
    private readonly opts: { collectTimeoutMs?: number } = {},
  ) {
    this.registry.setDefaultLabels({ process });
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    new Gauge({
      name: 'smalltown_process_info',
      help: 'This process: its PID and host (the process label stays the same across restarts)',
      labelNames: ['pid', 'host'],
      registers,
    }).set({ pid: String(globalThis.process.pid), host: hostname() }, 1);
    const reads = this.reads;
    new Gauge({
      name: 'smalltown_collector_up',
      help: 'Whether a metric read at scrape time (database, queue) answered in time: 1 yes, 0 no (its samples are missing)',
      labelNames: ['collector'],
      registers,
      async collect() {
        // A scrape starts every metric's read at once; this one reports them once they have all started and ended.
        await new Promise((r) => setImmediate(r));
        for (const [collector, read] of reads) this.set({ collector }, (await read) ? 1 : 0);
      },
    });
    this.ticks = new Counter({
      name: 'smalltown_ticks_total',
      help: 'Town ticks run, by town and outcome (ok, failed)',
      labelNames: ['town', 'outcome'],
      registers,
    });
    this.tickSeconds = new Histogram({
      name: 'smalltown_tick_seconds',
      help: 'Wall time of one tick, model calls and commit included',
      buckets: [0.1, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
      registers,
    });
    this.jobs = new Counter({
      name: 'smalltown_tick_jobs_total',
      help: 'Tick jobs finished by this worker, by outcome (ticked, busy, paused, missing, already-committed, failed, lost)',
      labelNames: ['outcome'],
      registers,
    });
    this.modelCalls = new Counter({
      name: 'smalltown_model_calls_total',
      help: 'Model calls (chat and embedding requests), by town',
      labelNames: ['town'],
      registers,
    });
    this.modelRequests = new Counter({
      name: 'smalltown_model_requests_total',
      help: 'HTTP requests sent to the model (first tries, retries, repair rounds: what is billed), by town',
      labelNames: ['town'],
      registers,
    });
    this.modelFailures = new Counter({
      name: 'smalltown_model_failures_total',
      help: 'Model calls that failed after retries, by town',
      labelNames: ['town'],
      registers,
    });
    this.tokens = new Counter({
      name: 'smalltown_model_tokens_total',
      help: 'Billed tokens, by town and kind (prompt, cached_prompt (part of prompt), completion)',
      labelNames: ['town', 'kind'],
      registers,
    });
    this.deliverySeconds = new Histogram({
      name: 'smalltown_delivery_seconds',
      help: 'From a post being committed to its delivery to Discord',
      buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
      registers,
    });
    this.delivered = new Counter({
      name: 'smalltown_posts_delivered_total',
      help: 'Outbox posts delivered by this process',
      registers,
    });
  }

  tick(townId: string, ms: number, ok: boolean): void {
    this.ticks.inc({ town: townId, outcome: ok ? 'ok' : 'failed' });
    this.tickSeconds.observe(ms / 1000);
  }

  usage(r: UsageRecord): void {
    this.modelCalls.inc({ town: r.townId }, r.calls);
    if (r.requests) this.modelRequests.inc({ town: r.townId }, r.requests);
    if (r.failures) this.modelFailures.inc({ town: r.townId }, r.failures);
    if (r.billedPromptTokens) this.tokens.inc({ town: r.townId, kind: 'prompt' }, r.billedPromptTokens);
    if (r.cachedPromptTokens) this.tokens.inc({ town: r.townId, kind: 'cached_prompt' }, r.cachedPromptTokens);
    if (r.completionTokens) this.tokens.inc({ town: r.townId, kind: 'completion' }, r.completionTokens);
  }

  delivery(createdAtMs: number, nowMs = Date.now()): void {
    this.delivered.inc();
    this.deliverySeconds.observe(Math.max(0, nowMs - createdAtMs) / 1000);
  }

  /** Reads a collector's samples within the time limit; on failure null, and smalltown_collector_up says 0. */
  private collected(name: string, read: () => Promise<Samples>): Promise<Samples | null> {
    const ms = this.opts.collectTimeoutMs ?? metricsSettings.collectTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const samples = Promise.race([
      Promise.resolve().then(read), // a read that throws at once fails alone too
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]).finally(() => clearTimeout(timer));
    this.reads.set(
      name,
      samples.then(
        () => true,
        () => false,
      ),
    );
    return samples.catch(() => null);
  }

  /** A gauge read at scrape time (queue depth, outbox backlog), on its own: see `collected`. */
  gauge(name: string, help: string, labelNames: string[], read: () => Promise<Samples>) {
    const collected = (n: string, r: () => Promise<Samples>) => this.collected(n, r);
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        const samples = await collected(name, read);
        this.reset();
        // Not read: no sample, never a made-up 0. prom-client gives a gauge without labels a 0 on reset (and prints
        // NaN as "Nan", which Prometheus refuses), so its samples are emptied instead.
        if (!samples) {
          (this as unknown as { hashMap: Record<string, unknown> }).hashMap = {};
          return;
        }
        for (const v of samples) {
          if (v.labels) this.set(v.labels, v.value);
          else this.set(v.value);
        }
      },
    });
  }

  /**
   * A counter read at scrape time from a count the process keeps since it started (429s, town loads): a
   * cumulative count is a counter, whatever keeps it.
   */
  counter(name: string, help: string, labelNames: string[], read: () => Promise<Samples> | Samples) {
    if (!name.endsWith('_total')) throw new Error(`counter ${name} must end in _total`);
    const collected = (n: string, r: () => Promise<Samples>) => this.collected(n, r);
    return new Counter({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        const samples = await collected(name, async () => read());
        if (!samples) return; // not read: it keeps its last value (a drop to 0 would read as a restart)
        this.reset();
        for (const v of samples) {
          if (v.labels) this.inc(v.labels, v.value);
          else this.inc(v.value);
        }
      },
    });
  }
}

// Prometheus metrics of a process (prom-client): what the bot, its shards and the workers export on /metrics.
// One registry per process; the composition roots feed it (tick and usage callbacks) and register collectors
// (queue depth, outbox backlog) that read the database at scrape time.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { UsageRecord } from '../llm/usage.ts';

export class Metrics {
  readonly registry = new Registry();
  readonly ticks: Counter<'town' | 'outcome'>;
  readonly tickSeconds: Histogram<never>;
  readonly jobs: Counter<'outcome'>;
  readonly modelCalls: Counter<'town'>;
  readonly modelRequests: Counter<'town'>;
  readonly modelFailures: Counter<'town'>;
  readonly tokens: Counter<'town' | 'kind'>;
  readonly deliverySeconds: Histogram<never>;
  readonly delivered: Counter<never>;

  constructor(readonly process: string) {
    this.registry.setDefaultLabels({ process });
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
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
      help: 'Tick jobs finished by this worker, by outcome (ticked, busy, paused, missing, already-committed, failed)',
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

  /** A gauge read at scrape time (queue depth, outbox backlog). */
  gauge(
    name: string,
    help: string,
    labelNames: string[],
    read: () => Promise<{ labels?: Record<string, string>; value: number }[]>,
  ) {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const v of await read()) {
          if (v.labels) this.set(v.labels, v.value);
          else this.set(v.value);
        }
      },
    });
  }
}

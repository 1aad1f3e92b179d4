// What both gateways share: settings, events, the daily budget, the concurrency limit, attempts with timeout and
// retries with backoff, and accounting into the usage sink.

import { AdaptiveLimit, type LimitChange, type LimitOutcome } from './adaptive-limit.ts';
import type { CircuitOptions } from './circuit.ts';
import type { LlmErrorCode } from './port.ts';
import { LlmError } from './port.ts';
import { dollarsFor, formatDollars, type ModelPrice } from './prices.ts';
import type { CallOptions, FailureKind } from './provider.ts';
import { isRetryable, ProviderCallError, providerFailureToLlmError } from './provider.ts';
import type { RateLimitInfo } from './rate-limit.ts';
import { backoffDelay, type GatewayClock, systemClock } from './retry.ts';
import {
  type BudgetStatus,
  InMemoryUsageSink,
  type UsageFilter,
  type UsageRecord,
  type UsageReport,
  type UsageSink,
  utcDay,
} from './usage.ts';

export const gatewaySettings = {
  // One first try plus three retries for failures (5xx, timeouts, network, bad bodies).
  maxAttempts: 4,
  // 429s are the provider asking for a slower pace, which the adaptive limit gives it: a call waits through up to
  // ten of them (each wait the server's, or backoff up to 8 s) rather than being lost while the limit settles.
  maxRateLimitedAttempts: 10,
  // Structured answers of a few hundred tokens come back in well under a minute; longer means a stuck request.
  attemptTimeoutMs: 60_000,
  // Backoff 0.5 s doubling to 8 s: the OpenAI SDK's own defaults (openai-node client.ts, retry policy).
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  // The SDK also honours retry-after only up to 60 s; a longer wait means "come back later": fail fast instead.
  maxRetryAfterMs: 60_000,
  // Ceiling of parallel requests per gateway (LLM_CONCURRENCY). The adaptive limit (adaptive-limit.ts) starts at 4,
  // which OpenAI's tier-1 limits tolerate, and grows towards this while calls succeed with every slot busy.
  concurrency: 64,
  // OpenAI accepts up to 2048 inputs per embeddings request; 256 keeps each request small and quick to retry.
  embeddingBatchSize: 256,
} as const;

/** What the gateway tells the composition root (logged as readable lines, counted for `/status`). */
export type GatewayEvent =
  | { type: 'retry'; task: string; attempt: number; delayMs: number; kind: FailureKind; message: string }
  | { type: 'repair'; task: string; error: string }
  /** A call ended without a model answer; the caller falls back to its safe default. */
  | { type: 'failure'; task: string; code: LlmErrorCode; message: string }
  /** Repeated provider failures: no more calls for `retryInMs`; residents carry on with their fallbacks. */
  | { type: 'circuit_open'; failures: number; retryInMs: number; message: string }
  /** The provider answered again after the circuit was open. */
  | { type: 'circuit_closed' };

export interface GatewayOptions {
  /** Where accounting goes; default: in memory. Share one sink between the chat and the embedding gateway. */
  usage?: UsageSink;
  /** Tokens per town per UTC day; a number, or a lookup for per-town overrides. Undefined or 0 = unlimited. */
  dailyTokenBudget?: number | ((townId: string) => number | undefined);
  /** US dollars per town per UTC day at `price` (DAILY_DOLLAR_BUDGET); undefined or 0 = unlimited. */
  dailyDollarBudget?: number;
  /** The chat model's price (src/llm/prices.ts): today's spending in dollars, and the dollar budget. */
  price?: ModelPrice;
  /** Most parallel attempts (the adaptive limit's ceiling); or pass `limit` to share one between gateways. */
  concurrency?: number;
  /** false: always `concurrency` in flight, no adaptation (LLM_ADAPTIVE_CONCURRENCY=false). Default true. */
  adaptiveConcurrency?: boolean;
  limit?: AdaptiveLimit;
  /** Every change of the adaptive limit (gauges, logs). */
  onLimitChange?: (c: LimitChange) => void;
  maxAttempts?: number;
  /** Attempts a call may spend on 429s (counted apart from maxAttempts). */
  maxRateLimitedAttempts?: number;
  attemptTimeoutMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxRetryAfterMs?: number;
  clock?: GatewayClock;
  /** Jitter source (0..1); injectable so tests can pin delays. */
  random?: () => number;
  /** Observability hook (retries, repairs, failures, circuit); the composition root logs and counts these. */
  onEvent?: (e: GatewayEvent) => void;
  /** Circuit-breaker thresholds (circuit.ts); pass `false` to never open. */
  circuit?: CircuitOptions | false;
}

/** Requests and retries of one logical call, filled in by CallPolicy.attempt. */
export interface AttemptTally {
  requests: number;
  retries: number;
}

/** Budget, concurrency, retries and accounting: shared by the chat and the embedding gateway. */
export class CallPolicy {
  readonly usage: UsageSink;
  readonly clock: GatewayClock;
  /** Requests in flight: the adaptive limit (or a fixed one). */
  readonly limit: AdaptiveLimit;
  private readonly maxAttempts: number;
  private readonly maxRateLimitedAttempts: number;
  private readonly attemptTimeoutMs: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly random: () => number;
  private readonly budget: GatewayOptions['dailyTokenBudget'];
  private readonly dollarBudget: number | undefined;
  readonly price: ModelPrice | undefined;
  readonly emit: (e: GatewayEvent) => void;

  constructor(opts: GatewayOptions) {
    this.usage = opts.usage ?? new InMemoryUsageSink();
    this.clock = opts.clock ?? systemClock;
    this.limit =
      opts.limit ??
      new AdaptiveLimit({
        ceiling: opts.concurrency ?? gatewaySettings.concurrency,
        adaptive: opts.adaptiveConcurrency ?? true,
        clock: this.clock,
        ...(opts.onLimitChange ? { onChange: opts.onLimitChange } : {}),
      });
    this.maxAttempts = Math.max(1, opts.maxAttempts ?? gatewaySettings.maxAttempts);
    this.maxRateLimitedAttempts = Math.max(1, opts.maxRateLimitedAttempts ?? gatewaySettings.maxRateLimitedAttempts);
    this.attemptTimeoutMs = opts.attemptTimeoutMs ?? gatewaySettings.attemptTimeoutMs;
    this.baseDelayMs = opts.baseDelayMs ?? gatewaySettings.baseDelayMs;
    this.maxDelayMs = opts.maxDelayMs ?? gatewaySettings.maxDelayMs;
    this.maxRetryAfterMs = opts.maxRetryAfterMs ?? gatewaySettings.maxRetryAfterMs;
    this.random = opts.random ?? Math.random;
    this.budget = opts.dailyTokenBudget;
    this.dollarBudget = opts.dailyDollarBudget && opts.price ? opts.dailyDollarBudget : undefined;
    this.price = opts.price;
    this.emit = opts.onEvent ?? (() => {});
  }

  budgetLimit(townId: string): number | undefined {
    const b = typeof this.budget === 'function' ? this.budget(townId) : this.budget;
    return b !== undefined && b > 0 ? b : undefined;
  }

  async budgetStatus(townId: string): Promise<BudgetStatus> {
    const day = utcDay(this.clock.now());
    const spent = await this.usage.tokensSpent(townId, day);
    const limit = this.budgetLimit(townId);
    const report = await this.usage.report({ townId, fromDay: day, toDay: day });
    const remaining = limit === undefined ? undefined : Math.max(0, limit - spent);
    return {
      townId,
      day,
      spent,
      limit,
      remaining,
      today: report.total,
      todayByTask: report.byTask,
      ...(this.price ? { dollars: dollarsFor(report.total, this.price) } : {}),
      ...(this.dollarBudget !== undefined ? { dollarLimit: this.dollarBudget } : {}),
    };
  }

  /** Refuses once the town's recorded tokens for today reach its budget ("once spent": a call may overshoot). */
  async checkBudget(townId: string, task: string): Promise<void> {
    if (this.dollarBudget !== undefined && this.price) {
      const day = utcDay(this.clock.now());
      const spent = dollarsFor((await this.usage.report({ townId, fromDay: day, toDay: day })).total, this.price);
      if (spent >= this.dollarBudget)
        throw new LlmError(
          'llm/budget_exhausted',
          task,
          `town ${townId} has spent ${formatDollars(spent)} of its ${formatDollars(this.dollarBudget)} for today (DAILY_DOLLAR_BUDGET); calls resume tomorrow (UTC)`,
        );
    }
    const limit = this.budgetLimit(townId);
    if (limit === undefined) return;
    const spent = await this.usage.tokensSpent(townId, utcDay(this.clock.now()));
    if (spent >= limit) {
      throw new LlmError(
        'llm/budget_exhausted',
        task,
        `town ${townId} has used ${spent} of its ${limit} model tokens for today; calls resume tomorrow (UTC)`,
      );
    }
  }

  /**
   * One provider call with a slot of the adaptive limit, a per-attempt timeout, and retries with backoff. Failures
   * count against maxAttempts; 429s against maxRateLimitedAttempts (the limit slows down meanwhile).
   */
  async attempt<T extends { rateLimit?: RateLimitInfo | undefined }>(
    task: string,
    fn: (opts: CallOptions) => Promise<T>,
    tally?: AttemptTally,
  ): Promise<T> {
    let last: ProviderCallError | undefined;
    let failures = 0;
    let rateLimited = 0;
    for (let attempt = 1; ; attempt++) {
      const ticket = await this.limit.acquire();
      let failure: ProviderCallError;
      let outcome: LimitOutcome = { kind: 'other' };
      try {
        const value = await this.withTimeout(fn);
        if (tally) tally.requests++;
        outcome = { kind: 'ok', rateLimit: value.rateLimit };
        return value;
      } catch (e) {
        // LlmErrors (e.g. a schema that cannot be sent) and bugs pass through untouched: no request went out.
        if (!(e instanceof ProviderCallError)) throw e;
        if (tally) tally.requests++;
        failure = e;
        if (e.kind === 'rate_limited')
          outcome = { kind: 'rate_limited', waitMs: e.retryAfterMs, rateLimit: e.rateLimit };
        else if (e.kind === 'timeout') outcome = { kind: 'timeout' };
      } finally {
        ticket.release(outcome); // never hold a slot while backing off
      }
      last = failure;
      if (failure.kind === 'rate_limited') rateLimited++;
      else failures++;
      if (!isRetryable(failure.kind) || failures >= this.maxAttempts || rateLimited >= this.maxRateLimitedAttempts)
        break;
      let delayMs: number;
      if (failure.retryAfterMs !== undefined) {
        if (failure.retryAfterMs > this.maxRetryAfterMs) break;
        delayMs = failure.retryAfterMs;
      } else {
        const retry = failure.kind === 'rate_limited' ? rateLimited - 1 : failures - 1;
        delayMs = backoffDelay(retry, { baseDelayMs: this.baseDelayMs, maxDelayMs: this.maxDelayMs }, this.random);
      }
      if (tally) tally.retries++;
      this.emit({ type: 'retry', task, attempt, delayMs, kind: failure.kind, message: failure.message });
      await this.clock.sleep(delayMs);
    }
    throw providerFailureToLlmError(task, last!);
  }

  private async withTimeout<T>(fn: (opts: CallOptions) => Promise<T>): Promise<T> {
    const ac = new AbortController();
    const timeoutMs = this.attemptTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        ac.abort();
        reject(new ProviderCallError('timeout', `no answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      // Race as well as abort: a provider that ignores the signal must not hang the gateway.
      return await Promise.race([fn({ signal: ac.signal, timeoutMs }), timedOut]);
    } catch (e) {
      if (ac.signal.aborted) throw new ProviderCallError('timeout', `no answer within ${timeoutMs} ms`, { cause: e });
      throw e;
    } finally {
      clearTimeout(timer);
      timedOut.catch(() => {}); // settled or not, nobody else awaits it
    }
  }

  /** Accounts one call (or one batch of requests) that started at `started` and ended now. */
  record(r: Omit<UsageRecord, 'day' | 'latencyMs'> & { started: number }): void {
    const { started, ...rest } = r;
    this.usage.record({ ...rest, day: utcDay(started), latencyMs: Math.max(0, this.clock.now() - started) });
  }
}

/** What both gateways expose about their spending, from the shared call policy. */
export abstract class AccountedGateway {
  protected constructor(protected readonly policy: CallPolicy) {}

  /** Totals per task (and model) from the usage sink, e.g. for benches and `/town budget`. */
  usageReport(filter?: UsageFilter): Promise<UsageReport> {
    return this.policy.usage.report(filter);
  }

  budgetStatus(townId: string): Promise<BudgetStatus> {
    return this.policy.budgetStatus(townId);
  }

  flush(): Promise<void> {
    return this.policy.usage.flush();
  }

  /** Requests in flight and their adaptive limit (gauges, the bench). */
  get concurrency(): AdaptiveLimit {
    return this.policy.limit;
  }
}

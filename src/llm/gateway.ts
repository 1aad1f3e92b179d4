// The gateway: what every model call goes through, whatever the provider.
// Order of concern per call: daily budget -> concurrency slot -> attempt with timeout, retried with backoff ->
// schema validation with one repair round -> accounting. Embeddings add batching and a cache in front.
import type { Embedder, EmbedRequest, LanguageModel, LlmErrorCode, ModelInfo, ObjectRequest } from './port.ts';
import { LlmError } from './port.ts';
import type { CallOptions, ChatProvider, EmbeddingProvider, FailureKind } from './provider.ts';
import { isRetryable, ProviderCallError, providerFailureToLlmError } from './provider.ts';
import { type EmbeddingCacheStore, InMemoryEmbeddingCache, textHash } from './embedding-cache.ts';
import { backoffDelay, type GatewayClock, Semaphore, systemClock } from './retry.ts';
import { repairMessages, validateCompletion } from './structured.ts';
import { countChatTokens, countTokens } from './tokens.ts';
import {
  GLOBAL_TOWN,
  InMemoryUsageSink,
  type UsageFilter,
  type UsageRecord,
  type UsageReport,
  type UsageSink,
  utcDay,
} from './usage.ts';
import { l2Normalize } from './vector.ts';

export const gatewaySettings = {
  // One first try plus three retries: rides out a short 429 burst without stalling a town tick for minutes.
  maxAttempts: 4,
  // Structured answers of a few hundred tokens come back in well under a minute; longer means a stuck request.
  attemptTimeoutMs: 60_000,
  // Backoff 0.5 s doubling to 8 s: the OpenAI SDK's own defaults (openai-node client.ts, retry policy).
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  // The SDK also honours retry-after only up to 60 s; a longer wait means "come back later": fail fast instead.
  maxRetryAfterMs: 60_000,
  // Parallel requests per gateway; OpenAI tier-1 rate limits tolerate this, local servers queue the rest anyway.
  concurrency: 4,
  // OpenAI accepts up to 2048 inputs per embeddings request; 256 keeps each request small and quick to retry.
  embeddingBatchSize: 256,
} as const;

export type GatewayEvent =
  | { type: 'retry'; task: string; attempt: number; delayMs: number; kind: FailureKind; message: string }
  | { type: 'repair'; task: string; error: string }
  | { type: 'failure'; task: string; code: LlmErrorCode; message: string };

export interface GatewayOptions {
  /** Where accounting goes; default: in memory. Share one sink between the chat and the embedding gateway. */
  usage?: UsageSink;
  /** Tokens per town per UTC day; a number, or a lookup for per-town overrides. Undefined or 0 = unlimited. */
  dailyTokenBudget?: number | ((townId: string) => number | undefined);
  /** Parallel attempts; or pass `semaphore` to share one limit between gateways. */
  concurrency?: number;
  semaphore?: Semaphore;
  maxAttempts?: number;
  attemptTimeoutMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxRetryAfterMs?: number;
  clock?: GatewayClock;
  /** Jitter source (0..1); injectable so tests can pin delays. */
  random?: () => number;
  /** Observability hook (retries, repairs, failures); the composition root logs these. */
  onEvent?: (e: GatewayEvent) => void;
}

export interface BudgetStatus {
  townId: string;
  day: string;
  spent: number;
  /** Undefined: no budget for this town. */
  limit: number | undefined;
  remaining: number | undefined;
}

/** Budget, concurrency, retries and accounting: shared by the chat and the embedding gateway. */
class CallPolicy {
  readonly usage: UsageSink;
  readonly clock: GatewayClock;
  private readonly semaphore: Semaphore;
  private readonly maxAttempts: number;
  private readonly attemptTimeoutMs: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly random: () => number;
  private readonly budget: GatewayOptions['dailyTokenBudget'];
  readonly emit: (e: GatewayEvent) => void;

  constructor(opts: GatewayOptions) {
    this.usage = opts.usage ?? new InMemoryUsageSink();
    this.clock = opts.clock ?? systemClock;
    this.semaphore = opts.semaphore ?? new Semaphore(opts.concurrency ?? gatewaySettings.concurrency);
    this.maxAttempts = Math.max(1, opts.maxAttempts ?? gatewaySettings.maxAttempts);
    this.attemptTimeoutMs = opts.attemptTimeoutMs ?? gatewaySettings.attemptTimeoutMs;
    this.baseDelayMs = opts.baseDelayMs ?? gatewaySettings.baseDelayMs;
    this.maxDelayMs = opts.maxDelayMs ?? gatewaySettings.maxDelayMs;
    this.maxRetryAfterMs = opts.maxRetryAfterMs ?? gatewaySettings.maxRetryAfterMs;
    this.random = opts.random ?? Math.random;
    this.budget = opts.dailyTokenBudget;
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
    return { townId, day, spent, limit, remaining: limit === undefined ? undefined : Math.max(0, limit - spent) };
  }

  /** Refuses once the town's recorded tokens for today reach its budget ("once spent": a call may overshoot). */
  async checkBudget(townId: string, task: string): Promise<void> {
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

  /** One provider call with a concurrency slot, a per-attempt timeout, and retries with backoff. */
  async attempt<T>(task: string, fn: (opts: CallOptions) => Promise<T>): Promise<T> {
    let last: ProviderCallError | undefined;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const release = await this.semaphore.acquire();
      let failure: ProviderCallError;
      try {
        return await this.withTimeout(fn);
      } catch (e) {
        if (!(e instanceof ProviderCallError)) throw e; // LlmErrors and bugs pass through untouched
        failure = e;
      } finally {
        release(); // never hold a slot while backing off
      }
      last = failure;
      if (!isRetryable(failure.kind) || attempt === this.maxAttempts) break;
      let delayMs: number;
      if (failure.retryAfterMs !== undefined) {
        if (failure.retryAfterMs > this.maxRetryAfterMs) break;
        delayMs = failure.retryAfterMs;
      } else {
        delayMs = backoffDelay(
          attempt - 1,
          { baseDelayMs: this.baseDelayMs, maxDelayMs: this.maxDelayMs },
          this.random,
        );
      }
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
  record(r: Omit<UsageRecord, 'day' | 'latencyMs' | 'failures'> & { started: number; failed: boolean }): void {
    const { started, failed, ...rest } = r;
    this.usage.record({
      ...rest,
      day: utcDay(started),
      failures: failed ? 1 : 0,
      latencyMs: Math.max(0, this.clock.now() - started),
    });
  }
}

/** What both gateways expose about their spending, from the shared call policy. */
abstract class AccountedGateway {
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
}

function failureCode(e: unknown): LlmErrorCode | undefined {
  return e instanceof LlmError ? e.code : undefined;
}

/** The structured-output gateway: a `LanguageModel` over any `ChatProvider`. */
export class LlmGateway extends AccountedGateway implements LanguageModel {
  readonly info: ModelInfo;

  constructor(
    private readonly provider: ChatProvider,
    opts: GatewayOptions = {},
  ) {
    super(new CallPolicy(opts));
    this.info = provider.info;
  }

  get usage(): UsageSink {
    return this.policy.usage;
  }

  async object<T>(req: ObjectRequest<T>): Promise<T> {
    const townId = req.townId ?? GLOBAL_TOWN;
    const started = this.policy.clock.now();
    const tokens = { promptTokens: 0, completionTokens: 0 };
    // Accounted under the configured name: servers answer with dated snapshot names that would split the rows.
    const model = this.info.model;
    // The built-in model costs nothing, so it has no budget (but it is still accounted).
    if (!this.info.offline) {
      try {
        await this.policy.checkBudget(townId, req.task);
      } catch (e) {
        if (e instanceof LlmError)
          this.policy.emit({ type: 'failure', task: req.task, code: e.code, message: e.message });
        throw e;
      }
    }
    try {
      let messages = req.messages;
      // Round 0 is the call; round 1 the single repair (an offline rule would only repeat itself).
      const rounds = this.info.offline ? 1 : 2;
      for (let round = 0; round < rounds; round++) {
        const call = { ...req, messages };
        const result = await this.policy.attempt(req.task, (opts) => this.provider.complete(call, opts));
        const usage = result.usage ?? {
          promptTokens: await countChatTokens(messages),
          completionTokens: await countTokens(result.raw),
        };
        tokens.promptTokens += usage.promptTokens;
        tokens.completionTokens += usage.completionTokens;
        const checked = validateCompletion(req.schema, result);
        if (checked.ok) {
          this.account(townId, req.task, model, started, tokens, false);
          return checked.value;
        }
        if (round + 1 < rounds) {
          this.policy.emit({ type: 'repair', task: req.task, error: checked.error });
          messages = repairMessages(req.messages, result.raw, checked.error);
          continue;
        }
        throw new LlmError(
          'llm/schema_invalid',
          req.task,
          `${req.task}: the model's answer does not match the schema${rounds > 1 ? ' even after one repair' : ''}:\n${checked.error}`,
        );
      }
      throw new Error('unreachable');
    } catch (e) {
      this.account(townId, req.task, model, started, tokens, true);
      const code = failureCode(e);
      if (code) this.policy.emit({ type: 'failure', task: req.task, code, message: (e as Error).message });
      throw e;
    }
  }

  private account(
    townId: string,
    task: string,
    model: string,
    started: number,
    tokens: { promptTokens: number; completionTokens: number },
    failed: boolean,
  ): void {
    this.policy.record({
      townId,
      task,
      model,
      started,
      calls: 1,
      failed,
      promptTokens: tokens.promptTokens,
      completionTokens: tokens.completionTokens,
    });
  }
}

export interface EmbeddingGatewayOptions extends GatewayOptions {
  /** Default: an in-memory LRU. Pass a TieredEmbeddingCache over the Prisma store to persist. */
  cache?: EmbeddingCacheStore;
  batchSize?: number;
  /** Whether embedding tokens are refused once the town's budget is spent (default true: it is still spending). */
  budgeted?: boolean;
}

export interface EmbeddingStats {
  requests: number;
  cacheHits: number;
  cacheMisses: number;
}

/** The embedding gateway: an `Embedder` over any `EmbeddingProvider`, with batching, caching and accounting. */
export class EmbeddingGateway extends AccountedGateway implements Embedder {
  private readonly cache: EmbeddingCacheStore;
  private readonly batchSize: number;
  private readonly budgeted: boolean;
  readonly stats: EmbeddingStats = { requests: 0, cacheHits: 0, cacheMisses: 0 };

  constructor(
    private readonly provider: EmbeddingProvider,
    opts: EmbeddingGatewayOptions = {},
  ) {
    super(new CallPolicy(opts));
    this.cache = opts.cache ?? new InMemoryEmbeddingCache();
    this.batchSize = Math.max(1, opts.batchSize ?? gatewaySettings.embeddingBatchSize);
    this.budgeted = opts.budgeted ?? true;
  }

  get id(): string {
    return this.provider.id;
  }

  get dimensions(): number {
    return this.provider.dimensions;
  }

  get usage(): UsageSink {
    return this.policy.usage;
  }

  async embed(req: EmbedRequest): Promise<Float32Array[]> {
    const task = req.task ?? 'embed';
    const townId = req.townId ?? GLOBAL_TOWN;
    if (req.texts.length === 0) return [];
    const hashes = req.texts.map((t) => textHash(t));
    const textByHash = new Map<string, string>(hashes.map((h, i) => [h, req.texts[i]!]));
    const vectors = await this.cache.getMany(this.id, [...textByHash.keys()]);
    const missing = [...textByHash.keys()].filter((h) => !vectors.has(h));
    this.stats.cacheHits += textByHash.size - missing.length;
    this.stats.cacheMisses += missing.length;
    if (missing.length > 0) await this.fetchMissing(missing, textByHash, vectors, task, townId);
    // Copies: a caller scaling its vector must not corrupt the cache.
    return hashes.map((h) => vectors.get(h)!.slice());
  }

  private async fetchMissing(
    missing: string[],
    textByHash: Map<string, string>,
    vectors: Map<string, Float32Array>,
    task: string,
    townId: string,
  ): Promise<void> {
    if (this.budgeted) await this.policy.checkBudget(townId, task);
    const started = this.policy.clock.now();
    let promptTokens = 0;
    let requests = 0;
    let failed = true;
    try {
      for (let i = 0; i < missing.length; i += this.batchSize) {
        const chunk = missing.slice(i, i + this.batchSize);
        const texts = chunk.map((h) => textByHash.get(h)!);
        requests++;
        this.stats.requests++;
        const res = await this.policy.attempt(task, (opts) => this.provider.embedBatch(texts, opts));
        if (res.vectors.length !== chunk.length) {
          throw new LlmError(
            'llm/provider_error',
            task,
            `embedding server returned ${res.vectors.length} vectors for ${chunk.length} texts`,
          );
        }
        let tokens = res.usage?.promptTokens;
        if (tokens === undefined) {
          tokens = 0;
          for (const t of texts) tokens += await countTokens(t);
        }
        promptTokens += tokens;
        const entries = chunk.map((h, j) => ({ textHash: h, vector: l2Normalize(Float32Array.from(res.vectors[j]!)) }));
        for (const e of entries) vectors.set(e.textHash, e.vector);
        await this.cache.putMany(this.id, entries);
      }
      failed = false;
    } finally {
      this.policy.record({
        townId,
        task,
        model: this.provider.model,
        started,
        calls: requests,
        failed,
        promptTokens,
        completionTokens: 0,
      });
    }
  }
}

// The embedding gateway: an `Embedder` over any `EmbeddingProvider`, with batching, a cache in front, the daily
// budget and accounting (the same call policy as chat calls).
import {
  AccountedGateway,
  type AttemptTally,
  CallPolicy,
  type GatewayOptions,
  gatewaySettings,
} from './call-policy.ts';
import { CircuitBreaker } from './circuit.ts';
import { type EmbeddingCacheStore, InMemoryEmbeddingCache, textHash } from './embedding-cache.ts';
import type { Embedder, EmbedRequest } from './port.ts';
import { LlmError } from './port.ts';
import type { EmbeddingProvider } from './provider.ts';
import { countTokens } from './tokens.ts';
import { GLOBAL_TOWN, type UsageSink } from './usage.ts';
import { l2Normalize } from './vector.ts';

export interface EmbeddingGatewayOptions extends GatewayOptions {
  /** Default: an in-memory LRU. Pass a TieredEmbeddingCache over the Prisma store to persist. */
  cache?: EmbeddingCacheStore;
  batchSize?: number;
  /** Whether embedding tokens are refused once the town's budget is spent (default true: it is still spending). */
  budgeted?: boolean;
  /**
   * The breaker to share with the chat gateway of the same provider (LlmGateway.breaker), so a pause of one is a
   * pause of both; default: one of its own from `circuit`.
   */
  breaker?: CircuitBreaker;
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
  private readonly circuit: CircuitBreaker | undefined;
  readonly stats: EmbeddingStats = { requests: 0, cacheHits: 0, cacheMisses: 0 };

  constructor(
    private readonly provider: EmbeddingProvider,
    opts: EmbeddingGatewayOptions = {},
  ) {
    super(new CallPolicy(opts));
    this.cache = opts.cache ?? new InMemoryEmbeddingCache();
    this.batchSize = Math.max(1, opts.batchSize ?? gatewaySettings.embeddingBatchSize);
    this.budgeted = opts.budgeted ?? true;
    this.circuit = opts.breaker ?? (opts.circuit === false ? undefined : new CircuitBreaker(opts.circuit || {}));
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
    const tally: AttemptTally = { requests: 0, retries: 0 };
    let billed = 0;
    try {
      if (missing.length > 0) billed = await this.fetchMissing(missing, textByHash, vectors, task, townId, tally);
    } finally {
      req.onReceipt?.({
        requests: tally.requests,
        retries: tally.retries,
        repairs: 0,
        refused: false,
        failed: missing.some((h) => !vectors.has(h)),
        billedPromptTokens: billed,
        cachedPromptTokens: 0,
        completionTokens: 0,
      });
    }
    // Copies: a caller scaling its vector must not corrupt the cache.
    return hashes.map((h) => vectors.get(h)!.slice());
  }

  private async fetchMissing(
    missing: string[],
    textByHash: Map<string, string>,
    vectors: Map<string, Float32Array>,
    task: string,
    townId: string,
    tally: AttemptTally,
  ): Promise<number> {
    // Paused after repeated provider failures: refused at once, no request and no warning (the pause was the
    // one notice); the caller keeps its memories waiting for their vectors.
    const now = this.policy.clock.now();
    if (this.circuit && !this.circuit.allow(now)) {
      const wait = Math.ceil(this.circuit.retryInMs(now) / 1000);
      throw new LlmError(
        'llm/paused',
        task,
        `${task}: the model is paused after repeated failures (${this.circuit.lastError}); next try in ${wait} s`,
      );
    }
    if (this.budgeted) {
      try {
        await this.policy.checkBudget(townId, task);
      } catch (e) {
        this.reportFailure(task, e);
        throw e;
      }
    }
    const started = this.policy.clock.now();
    let billed = 0;
    let requests = 0;
    let failed = true;
    try {
      for (let i = 0; i < missing.length; i += this.batchSize) {
        const chunk = missing.slice(i, i + this.batchSize);
        const texts = chunk.map((h) => textByHash.get(h)!);
        requests++;
        this.stats.requests++;
        let res: Awaited<ReturnType<EmbeddingProvider['embedBatch']>>;
        try {
          res = await this.policy.attempt(task, (opts) => this.provider.embedBatch(texts, opts), tally);
        } catch (e) {
          this.providerFailed(e);
          throw e;
        }
        if (this.circuit?.success()) this.policy.emit({ type: 'circuit_closed' });
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
        billed += tokens;
        const entries = chunk.map((h, j) => ({ textHash: h, vector: l2Normalize(Float32Array.from(res.vectors[j]!)) }));
        for (const e of entries) vectors.set(e.textHash, e.vector);
        await this.cache.putMany(this.id, entries);
      }
      failed = false;
      return billed;
    } catch (e) {
      this.reportFailure(task, e);
      throw e;
    } finally {
      this.policy.record({
        townId,
        task,
        model: this.provider.model,
        started,
        calls: requests,
        failures: failed ? 1 : 0,
        refused: 0,
        requests: tally.requests,
        retries: tally.retries,
        repairs: 0,
        billedPromptTokens: billed,
        cachedPromptTokens: 0,
        completionTokens: 0,
      });
    }
  }

  /** A provider failure counts towards the pause (shared with chat calls when the breaker is shared). */
  private providerFailed(e: unknown): void {
    if (!this.circuit || !(e instanceof LlmError)) return;
    if (!['llm/provider_error', 'llm/timeout', 'llm/rate_limited'].includes(e.code)) return;
    const pause = this.circuit.failure(this.policy.clock.now(), e.message);
    if (pause !== undefined)
      this.policy.emit({ type: 'circuit_open', failures: this.circuit.failures, retryInMs: pause, message: e.message });
  }

  /** Embedding failures are counted and logged like chat failures (the caller stores memories without vectors). */
  private reportFailure(task: string, e: unknown): void {
    if (e instanceof LlmError) this.policy.emit({ type: 'failure', task, code: e.code, message: e.message });
  }
}

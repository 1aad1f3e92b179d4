// The provider seam under the gateway: one raw attempt at a completion or an embedding batch.
// Providers do no retries, no repair, no accounting; the gateway (gateway.ts) adds those around any provider.
import type { z } from 'zod';
import { type ChatMessage, LlmError, type LlmErrorCode, type ModelInfo } from './port.ts';
import type { RateLimitInfo } from './rate-limit.ts';

export interface TokenUsage {
  /** Billed prompt tokens of this one HTTP request (messages, schema, framing), cached ones included. */
  promptTokens: number;
  completionTokens: number;
  /** Of promptTokens, served from the provider's prompt cache (billed at a discount). */
  cachedPromptTokens?: number;
  /** True when counted locally with the tokenizer (offline model, servers that omit `usage`). */
  estimated?: boolean;
}

export interface CompletionRequest {
  task: string;
  schema: z.ZodType;
  messages: ChatMessage[];
  input?: unknown;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
}

export interface CallOptions {
  /** Aborts the attempt (the gateway's per-attempt timeout). */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface CompletionResult {
  /** What the model said, verbatim; sent back to it in a repair round. */
  raw: string;
  /** Set when the provider already decoded the JSON (offline rules, unwrapped non-object roots). */
  json?: { value: unknown };
  /** Absent when the server reported none; the gateway then estimates with the tokenizer. */
  usage?: TokenUsage;
  model: string;
  /** The server's rate-limit headers (rate-limit.ts), for the adaptive concurrency limit. */
  rateLimit?: RateLimitInfo;
}

export interface ChatProvider {
  readonly info: ModelInfo;
  complete(req: CompletionRequest, opts: CallOptions): Promise<CompletionResult>;
}

export interface EmbeddingBatchResult {
  vectors: Float32Array[];
  usage?: { promptTokens: number };
  rateLimit?: RateLimitInfo;
}

export interface EmbeddingProvider {
  /** Vector-space id (provider, model, dimensions); the cache and stored vectors are keyed by it. */
  readonly id: string;
  readonly model: string;
  /** 0 until known (an unknown model on a compatible server reports it with its first answer). */
  readonly dimensions: number;
  embedBatch(texts: string[], opts: CallOptions): Promise<EmbeddingBatchResult>;
}

/** How an attempt failed, as far as retrying is concerned. */
export type FailureKind =
  | 'rate_limited' // 429
  | 'server' // 5xx, 408, 409: transient on the server side
  | 'timeout' // no answer in time
  | 'network' // connection refused/reset, DNS
  | 'bad_response' // the HTTP body was not the JSON the API promises (proxy glitch, truncated body)
  | 'fatal'; // 4xx other than the above, refusals, misconfiguration: retrying cannot help

/** A provider's normalised failure, so the gateway can decide on retries without knowing the SDK. */
export class ProviderCallError extends Error {
  readonly kind: FailureKind;
  readonly status: number | undefined;
  /** Delay the server asked for (retry-after-ms / retry-after), if any. */
  readonly retryAfterMs: number | undefined;
  /** The failed response's rate-limit headers, if any. */
  readonly rateLimit: RateLimitInfo | undefined;
  constructor(
    kind: FailureKind,
    message: string,
    opts: { status?: number; retryAfterMs?: number; rateLimit?: RateLimitInfo; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'ProviderCallError';
    this.kind = kind;
    this.status = opts.status;
    this.retryAfterMs = opts.retryAfterMs;
    this.rateLimit = opts.rateLimit;
  }
}

export function isRetryable(kind: FailureKind): boolean {
  return kind !== 'fatal';
}

/** The typed error callers see once a provider failure is final. */
export function providerFailureToLlmError(task: string, e: ProviderCallError): LlmError {
  const code: LlmErrorCode =
    e.kind === 'timeout' ? 'llm/timeout' : e.kind === 'rate_limited' ? 'llm/rate_limited' : 'llm/provider_error';
  const status = e.status !== undefined ? ` (HTTP ${e.status})` : '';
  return new LlmError(code, task, `${task}: ${e.message}${status}`, { cause: e });
}

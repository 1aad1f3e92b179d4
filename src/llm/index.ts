// Factories the composition root calls: pick a provider from configuration and wrap it in the gateway.
import type OpenAI from 'openai';
import type { AdaptiveLimit, LimitChange } from './adaptive-limit.ts';
import type { CircuitBreaker, CircuitOptions } from './circuit.ts';
import type { EmbeddingCacheStore } from './embedding-cache.ts';
import { EmbeddingGateway, type GatewayEvent, LlmGateway } from './gateway.ts';
import { LexicalEmbedder } from './lexical-embedder.ts';
import { OpenAIChatModel, OpenAIEmbedder, type StructuredMode } from './openai-provider.ts';
import type { Embedder, ModelInfo } from './port.ts';
import type { ModelPrice } from './prices.ts';
import type { ChatProvider } from './provider.ts';
import type { GatewayClock } from './retry.ts';
import type { UsageSink } from './usage.ts';

export type ModelProvider = 'openai' | 'compatible' | 'offline';

export const defaultModels = {
  // Cheap, fast and supports strict structured outputs: right for hundreds of small calls per agent-day.
  chat: 'gpt-4o-mini',
  // OpenAI's small embedding model, 1536 dimensions.
  embedding: 'text-embedding-3-small',
} as const;

/** Gateway settings both factories accept (all optional; defaults in gatewaySettings). */
export interface GatewayTuning {
  /** Where accounting goes (share one sink between chat and embeddings); default in memory. */
  usage?: UsageSink;
  /** Tokens per town per UTC day, or a per-town lookup; undefined or 0 = unlimited. Not applied offline. */
  dailyTokenBudget?: number | ((townId: string) => number | undefined);
  /** US dollars per town per UTC day at `price`; undefined or 0 = unlimited. Not applied offline. */
  dailyDollarBudget?: number;
  /** The chat model's price (src/llm/prices.ts): today's dollars in the budget status. */
  price?: ModelPrice;
  /** Per-attempt timeout, ms. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** Attempts a call may spend on 429s (apart from maxAttempts). */
  maxRateLimitedAttempts?: number;
  /** Ceiling of requests in flight (LLM_CONCURRENCY); the adaptive limit grows towards it. */
  concurrency?: number;
  /** false: always `concurrency` in flight (LLM_ADAPTIVE_CONCURRENCY=false). Default true. */
  adaptiveConcurrency?: boolean;
  /** One limit shared between gateways (instead of one each). */
  limit?: AdaptiveLimit;
  onLimitChange?: (c: LimitChange) => void;
  onEvent?: (e: GatewayEvent) => void;
  /** Circuit-breaker thresholds (circuit.ts), or false to never pause the provider. */
  circuit?: CircuitOptions | false;
  clock?: GatewayClock;
  random?: () => number;
}

export interface LanguageModelOptions extends GatewayTuning {
  provider: ModelProvider;
  /**
   * Offline: the labelled stand-in (src/offline), built by the composition root; llm/ never imports it. Roots call
   * src/offline's createLanguageModel, which builds it from the rules they pass.
   */
  standIn?: ChatProvider;
  /** openai: required. compatible: optional (local servers accept anything). */
  apiKey?: string;
  /** compatible: required, e.g. http://127.0.0.1:11434/v1 (Ollama). */
  baseURL?: string;
  /** Default gpt-4o-mini for openai; required for compatible. */
  chatModel?: string;
  /** Default 'json_schema'; use 'json_object' (or 'prompt') for servers without JSON-schema support. */
  structuredMode?: StructuredMode;
  temperature?: number;
  /** A ready SDK client (tests). */
  client?: OpenAI;
}

export interface EmbedderOptions extends GatewayTuning {
  provider: ModelProvider;
  apiKey?: string;
  baseURL?: string;
  /** Default text-embedding-3-small for openai; required for compatible. */
  embeddingModel?: string;
  /** Requested vector size (text-embedding-3 models); becomes part of the embedder id. */
  dimensions?: number;
  /** Default: in-memory LRU. Production: new TieredEmbeddingCache(new InMemoryEmbeddingCache(), prismaStore). */
  cache?: EmbeddingCacheStore;
  batchSize?: number;
  /** Offline (lexical) vector size; default 512. */
  lexicalDimensions?: number;
  /** The chat gateway's breaker (LlmGateway.breaker): embeddings pause and resume with chat calls. */
  breaker?: CircuitBreaker;
  client?: OpenAI;
}

/** Raised for options that cannot work (names the option); the config layer should catch these earlier. */
export class LlmConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LlmConfigError';
  }
}

function remoteSettings(
  kind: 'chat' | 'embedding',
  opts: { provider: 'openai' | 'compatible'; apiKey?: string; baseURL?: string; client?: OpenAI },
  model: string | undefined,
): { apiKey: string; model: string } {
  if (opts.provider === 'openai') {
    if (!opts.apiKey && !opts.client) throw new LlmConfigError('provider "openai" needs an API key (OPENAI_API_KEY)');
    return {
      apiKey: opts.apiKey ?? '',
      model: model ?? (kind === 'chat' ? defaultModels.chat : defaultModels.embedding),
    };
  }
  if (!opts.baseURL && !opts.client) {
    throw new LlmConfigError(
      'provider "compatible" needs a base URL (OPENAI_BASE_URL), e.g. http://127.0.0.1:11434/v1',
    );
  }
  if (!model) throw new LlmConfigError(`provider "compatible" needs a ${kind} model name`);
  // The SDK insists on a key; local servers ignore it.
  return { apiKey: opts.apiKey || 'not-needed', model };
}

function gatewayOptions(t: GatewayTuning) {
  return {
    ...(t.usage ? { usage: t.usage } : {}),
    ...(t.dailyTokenBudget !== undefined ? { dailyTokenBudget: t.dailyTokenBudget } : {}),
    ...(t.dailyDollarBudget !== undefined ? { dailyDollarBudget: t.dailyDollarBudget } : {}),
    ...(t.price ? { price: t.price } : {}),
    ...(t.timeoutMs !== undefined ? { attemptTimeoutMs: t.timeoutMs } : {}),
    ...(t.maxAttempts !== undefined ? { maxAttempts: t.maxAttempts } : {}),
    ...(t.maxRateLimitedAttempts !== undefined ? { maxRateLimitedAttempts: t.maxRateLimitedAttempts } : {}),
    ...(t.concurrency !== undefined ? { concurrency: t.concurrency } : {}),
    ...(t.adaptiveConcurrency !== undefined ? { adaptiveConcurrency: t.adaptiveConcurrency } : {}),
    ...(t.limit ? { limit: t.limit } : {}),
    ...(t.onLimitChange ? { onLimitChange: t.onLimitChange } : {}),
    ...(t.onEvent ? { onEvent: t.onEvent } : {}),
    ...(t.circuit !== undefined ? { circuit: t.circuit } : {}),
    ...(t.clock ? { clock: t.clock } : {}),
    ...(t.random ? { random: t.random } : {}),
  };
}

/** The language model for the given configuration, always behind the gateway (accounting even offline). */
export function createLanguageModel(opts: LanguageModelOptions): LlmGateway {
  if (opts.provider === 'offline') {
    if (!opts.standIn)
      throw new LlmConfigError('provider "offline" needs the stand-in model (src/offline) from the composition root');
    return new LlmGateway(opts.standIn, gatewayOptions(opts));
  }
  const { apiKey, model } = remoteSettings('chat', { ...opts, provider: opts.provider }, opts.chatModel);
  const chat = new OpenAIChatModel({
    provider: opts.provider,
    apiKey,
    model,
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
    ...(opts.structuredMode ? { structuredMode: opts.structuredMode } : {}),
    ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.client ? { client: opts.client } : {}),
  });
  return new LlmGateway(chat, gatewayOptions(opts));
}

/** The embedder: the provider's model behind the gateway (batching, cache, accounting), or the lexical one offline. */
export function createEmbedder(opts: EmbedderOptions): Embedder {
  if (opts.provider === 'offline') {
    return new LexicalEmbedder(opts.lexicalDimensions !== undefined ? { dimensions: opts.lexicalDimensions } : {});
  }
  const { apiKey, model } = remoteSettings('embedding', { ...opts, provider: opts.provider }, opts.embeddingModel);
  const embedder = new OpenAIEmbedder({
    provider: opts.provider,
    apiKey,
    model,
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
    ...(opts.dimensions !== undefined ? { dimensions: opts.dimensions } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.client ? { client: opts.client } : {}),
  });
  return new EmbeddingGateway(embedder, {
    ...gatewayOptions(opts),
    ...(opts.cache ? { cache: opts.cache } : {}),
    ...(opts.batchSize !== undefined ? { batchSize: opts.batchSize } : {}),
    ...(opts.breaker ? { breaker: opts.breaker } : {}),
  });
}

/** How front ends name the model, e.g. in the console banner; the offline model always says so. */
export function describeModel(info: ModelInfo): string {
  if (info.offline) return `offline model (${info.model}, rule-based, no API calls)`;
  return `${info.model} via ${info.provider === 'openai' ? 'OpenAI' : 'an OpenAI-compatible server'}`;
}

export { AdaptiveLimit, adaptiveSettings, type LimitChange, type LimitStats } from './adaptive-limit.ts';
export {
  type EmbeddingCacheEntry,
  type EmbeddingCacheStore,
  InMemoryEmbeddingCache,
  TieredEmbeddingCache,
  textHash,
} from './embedding-cache.ts';
export type { EmbeddingGatewayOptions, EmbeddingStats } from './gateway.ts';
export { EmbeddingGateway, type GatewayEvent, type GatewayOptions, gatewaySettings, LlmGateway } from './gateway.ts';
export { LexicalEmbedder } from './lexical-embedder.ts';
export { OpenAIChatModel, OpenAIEmbedder, type StructuredMode } from './openai-provider.ts';
export {
  DEFAULT_PRICES,
  dollarsFor,
  formatDollars,
  type ModelPrice,
  PRICE_FORM,
  PRICES_TAKEN,
  parsePrices,
} from './prices.ts';
export { parseRateLimitHeaders, type RateLimitInfo } from './rate-limit.ts';
export { type GatewayClock, Semaphore } from './retry.ts';
export {
  type BudgetStatus,
  GLOBAL_TOWN,
  InMemoryUsageSink,
  type UsageFilter,
  type UsageRecord,
  type UsageReport,
  type UsageSink,
  type UsageTotals,
  utcDay,
} from './usage.ts';
export { bytesToVector, cosineSimilarity, l2Normalize, vectorToBytes } from './vector.ts';

// OpenAI and OpenAI-compatible servers (Ollama, vLLM, LM Studio, OpenRouter) through the official SDK.
// One attempt per call: the SDK's own retries are off, the gateway retries, repairs and accounts.
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { ChatMessage, Embedder, EmbedRequest, LanguageModel, ModelInfo, ObjectRequest } from './port.ts';
import { LlmError } from './port.ts';
import {
  type CallOptions,
  type ChatProvider,
  type CompletionRequest,
  type CompletionResult,
  type EmbeddingBatchResult,
  type EmbeddingProvider,
  ProviderCallError,
  providerFailureToLlmError,
  type TokenUsage,
} from './provider.ts';
import { exhaustedWaitMs, parseRateLimitHeaders, waitInMessageMs } from './rate-limit.ts';
import { parseRetryAfter } from './retry.ts';
import { responseFormatFor } from './strict-schema.ts';
import { schemaInstruction, unwrapIfNeeded, validateCompletion } from './structured.ts';
import { countTokens, estimateRequestTokens } from './tokens.ts';
import { l2Normalize } from './vector.ts';

/**
 * How the answer's shape is requested:
 * - 'json_schema': structured outputs (`response_format: json_schema`, always strict: see strict-schema.ts);
 * - 'json_object': JSON mode, the schema travels in the system prompt (servers without JSON-schema support);
 * - 'prompt': no response_format at all, schema in the prompt (servers that reject both).
 * The gateway validates with zod in every mode.
 */
export type StructuredMode = 'json_schema' | 'json_object' | 'prompt';

export interface OpenAIProviderOptions {
  /** 'openai' for api.openai.com, 'compatible' for any other server speaking the same API. */
  provider: 'openai' | 'compatible';
  /** Local servers usually accept any key. */
  apiKey: string;
  /** E.g. http://127.0.0.1:11434/v1 for Ollama; default: OpenAI's. */
  baseURL?: string;
  /** SDK-level timeout per request, ms (the gateway's per-attempt timeout also applies). */
  timeoutMs?: number;
  /** A ready client (tests); otherwise one is built from the options above. */
  client?: OpenAI;
}

export interface OpenAIChatOptions extends OpenAIProviderOptions {
  model: string;
  structuredMode?: StructuredMode;
  /** Used when a request has no temperature of its own. */
  temperature?: number;
}

export interface OpenAIEmbeddingOptions extends OpenAIProviderOptions {
  model: string;
  /** Requested output size (text-embedding-3 models can shorten their vectors); part of the embedder id. */
  dimensions?: number;
}

/** Output sizes of well-known embedding models, so `dimensions` is right before the first call. */
export const knownEmbeddingDimensions: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
  'nomic-embed-text': 768,
  'mxbai-embed-large': 1024,
  'all-minilm': 384,
};

export function createOpenAIClient(opts: OpenAIProviderOptions): OpenAI {
  if (opts.client) return opts.client;
  return new OpenAI({
    apiKey: opts.apiKey,
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
    ...(opts.timeoutMs ? { timeout: opts.timeoutMs } : {}),
    maxRetries: 0,
  });
}

/** Maps the SDK's errors onto retry decisions; anything unknown (a bug) is rethrown as is. */
export function normaliseSdkError(e: unknown): unknown {
  if (e instanceof ProviderCallError || e instanceof LlmError) return e;
  if (e instanceof OpenAI.APIUserAbortError) return new ProviderCallError('timeout', 'request aborted', { cause: e });
  if (e instanceof OpenAI.APIConnectionTimeoutError) return new ProviderCallError('timeout', e.message, { cause: e });
  if (e instanceof OpenAI.APIConnectionError) return new ProviderCallError('network', e.message, { cause: e });
  if (e instanceof OpenAI.APIError) {
    const status = e.status;
    const rateLimit = parseRateLimitHeaders(e.headers);
    // OpenAI's 429s carry no retry-after: their message says how long to wait ("Please try again in 120ms"), and
    // the rate-limit headers say when the exhausted limit has room again.
    const retryAfterMs =
      parseRetryAfter(e.headers, Date.now()) ??
      (status === 429 ? (waitInMessageMs(e.message) ?? exhaustedWaitMs(rateLimit)) : undefined);
    const extra = {
      cause: e,
      ...(status !== undefined ? { status } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      ...(rateLimit ? { rateLimit } : {}),
    };
    // An exhausted account also answers 429, but waiting does not refill it.
    if (status === 429 && e.code === 'insufficient_quota') return new ProviderCallError('fatal', e.message, extra);
    // The server's own word wins, as in the SDK's shouldRetry: x-should-retry false is final.
    if (e.headers?.get('x-should-retry') === 'false') return new ProviderCallError('fatal', e.message, extra);
    if (status === 429) return new ProviderCallError('rate_limited', e.message, extra);
    if (status === 408 || status === 409 || (status !== undefined && status >= 500)) {
      return new ProviderCallError('server', e.message, extra);
    }
    return new ProviderCallError('fatal', e.message, extra);
  }
  // The SDK reads the body with response.json(): a truncated or garbled body surfaces as a SyntaxError.
  if (e instanceof SyntaxError)
    return new ProviderCallError('bad_response', `unreadable response body: ${e.message}`, { cause: e });
  if (e instanceof OpenAI.OpenAIError) return new ProviderCallError('fatal', e.message, { cause: e });
  return e;
}

function requestOptions(opts: CallOptions): OpenAI.RequestOptions {
  return {
    maxRetries: 0,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs ? { timeout: opts.timeoutMs } : {}),
  };
}

/** Puts the schema into the (first) system message, where every chat template accepts it. */
function withSchemaInstruction(messages: readonly ChatMessage[], schema: z.ZodType): ChatMessage[] {
  const instruction = schemaInstruction(schema);
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: 'system', content: instruction }, ...messages];
}

/** A server that reports no usage is billed for what the request carried: messages plus its response_format. */
async function estimateUsage(body: ChatCompletionCreateParamsNonStreaming, raw: string): Promise<TokenUsage> {
  const rf = body.response_format;
  const messages = body.messages as ChatMessage[];
  const promptTokens = await estimateRequestTokens(messages, rf?.type === 'json_schema' ? rf.json_schema : undefined);
  return { promptTokens, completionTokens: await countTokens(raw), cachedPromptTokens: 0, estimated: true };
}

/** Chat completions with structured output; a `ChatProvider` for the gateway, and a bare `LanguageModel`. */
export class OpenAIChatModel implements ChatProvider, LanguageModel {
  readonly info: ModelInfo;
  readonly structuredMode: StructuredMode;
  private readonly client: OpenAI;
  private readonly temperature: number | undefined;

  constructor(private readonly opts: OpenAIChatOptions) {
    this.client = createOpenAIClient(opts);
    this.info = { provider: opts.provider, model: opts.model, offline: false };
    this.structuredMode = opts.structuredMode ?? 'json_schema';
    this.temperature = opts.temperature;
  }

  async complete(req: CompletionRequest, opts: CallOptions): Promise<CompletionResult> {
    const mode = this.structuredMode;
    const messages = mode === 'json_schema' ? req.messages : withSchemaInstruction(req.messages, req.schema);
    const temperature = req.temperature ?? this.temperature;
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.opts.model,
      messages: messages.map((m) => ({ role: m.role, content: m.content })),
      ...(mode === 'json_schema' ? { response_format: responseFormatFor(req.task, req.schema) } : {}),
      ...(mode === 'json_object' ? { response_format: { type: 'json_object' as const } } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
      ...(req.seed !== undefined ? { seed: req.seed } : {}),
      // OpenAI deprecated max_tokens for max_completion_tokens; most compatible servers only know max_tokens.
      ...(req.maxTokens !== undefined
        ? this.opts.provider === 'openai'
          ? { max_completion_tokens: req.maxTokens }
          : { max_tokens: req.maxTokens }
        : {}),
    };
    let completion: OpenAI.ChatCompletion;
    let rateLimit: ReturnType<typeof parseRateLimitHeaders>;
    try {
      const { data, response } = await this.client.chat.completions.create(body, requestOptions(opts)).withResponse();
      completion = data;
      rateLimit = parseRateLimitHeaders(response.headers);
    } catch (e) {
      throw normaliseSdkError(e);
    }
    const choice = completion.choices?.[0];
    if (!choice?.message) throw new ProviderCallError('bad_response', 'the completion has no choices');
    if (choice.message.refusal) throw new ProviderCallError('fatal', `the model refused: ${choice.message.refusal}`);
    const raw = choice.message.content ?? '';
    const json = unwrapIfNeeded(req.schema, raw);
    const u = completion.usage;
    const usage = u
      ? {
          promptTokens: u.prompt_tokens ?? 0,
          completionTokens: u.completion_tokens ?? 0,
          cachedPromptTokens: u.prompt_tokens_details?.cached_tokens ?? 0,
        }
      : await estimateUsage(body, raw);
    return {
      raw,
      ...(json ? { json } : {}),
      ...(usage ? { usage } : {}),
      model: completion.model || this.opts.model,
      ...(rateLimit ? { rateLimit } : {}),
    };
  }

  /** One attempt, no retry or repair (use the gateway for those). */
  async object<T>(req: ObjectRequest<T>): Promise<T> {
    let result: CompletionResult;
    try {
      result = await this.complete(req, {});
    } catch (e) {
      throw e instanceof ProviderCallError ? providerFailureToLlmError(req.task, e) : e;
    }
    const checked = validateCompletion(req.schema, result);
    if (!checked.ok) throw new LlmError('llm/schema_invalid', req.task, checked.error);
    return checked.value;
  }
}

/** Embeddings endpoint; an `EmbeddingProvider` for the gateway, and a bare `Embedder`. */
export class OpenAIEmbedder implements EmbeddingProvider, Embedder {
  readonly id: string;
  readonly model: string;
  private learnedDimensions: number;
  private readonly client: OpenAI;

  constructor(private readonly opts: OpenAIEmbeddingOptions) {
    this.client = createOpenAIClient(opts);
    this.model = opts.model;
    this.id = `${opts.provider}:${opts.model}${opts.dimensions ? `@${opts.dimensions}` : ''}`;
    this.learnedDimensions = opts.dimensions ?? knownEmbeddingDimensions[opts.model] ?? 0;
  }

  get dimensions(): number {
    return this.learnedDimensions;
  }

  async embedBatch(texts: string[], opts: CallOptions): Promise<EmbeddingBatchResult> {
    let res: OpenAI.CreateEmbeddingResponse;
    let rateLimit: ReturnType<typeof parseRateLimitHeaders>;
    try {
      const { data, response } = await this.client.embeddings
        .create(
          {
            model: this.model,
            input: texts,
            ...(this.opts.dimensions ? { dimensions: this.opts.dimensions } : {}),
            // The SDK asks OpenAI for base64 (smaller) and decodes it; compatible servers do not all support that.
            ...(this.opts.provider === 'compatible' ? { encoding_format: 'float' as const } : {}),
          },
          requestOptions(opts),
        )
        .withResponse();
      res = data;
      rateLimit = parseRateLimitHeaders(response.headers);
    } catch (e) {
      throw normaliseSdkError(e);
    }
    if (!Array.isArray(res.data)) throw new ProviderCallError('bad_response', 'the embeddings response has no data');
    const data = [...res.data].sort((a, b) => a.index - b.index);
    const vectors = data.map((d) => Float32Array.from(d.embedding));
    const first = vectors[0];
    if (first && this.learnedDimensions === 0) this.learnedDimensions = first.length;
    for (const v of vectors) {
      if (v.length !== this.learnedDimensions) {
        throw new ProviderCallError(
          'fatal',
          `embedding of size ${v.length} from ${this.id}, expected ${this.learnedDimensions}`,
        );
      }
    }
    return {
      vectors,
      ...(res.usage ? { usage: { promptTokens: res.usage.prompt_tokens ?? 0 } } : {}),
      ...(rateLimit ? { rateLimit } : {}),
    };
  }

  /** One request, no batching, cache or retry (use the gateway for those). */
  async embed(req: EmbedRequest): Promise<Float32Array[]> {
    if (req.texts.length === 0) return [];
    let res: EmbeddingBatchResult;
    try {
      res = await this.embedBatch(req.texts, {});
    } catch (e) {
      throw e instanceof ProviderCallError ? providerFailureToLlmError(req.task ?? 'embed', e) : e;
    }
    return res.vectors.map(l2Normalize);
  }
}

// The language-model ports the pure core (agent/, town/, games/) depends on.
// Nothing here imports the OpenAI SDK: providers live beside this file and are wired in src/main.ts.
import type { z } from 'zod';

export type ChatRole = 'system' | 'user' | 'assistant';
export interface ChatMessage {
  role: ChatRole;
  content: string;
}

/** One structured call: a task name, a zod schema and the prompt; returns a validated value. */
export interface ObjectRequest<T> {
  /** Stable task name, used for accounting and to pick the offline model's rule (e.g. 'rate_importance'). */
  task: string;
  schema: z.ZodType<T>;
  messages: ChatMessage[];
  /**
   * The structured inputs the prompt was built from. Real models ignore it (they read `messages`);
   * the built-in offline model is rule-based and answers from these inputs instead of parsing prose.
   */
  input?: unknown;
  /** Town whose budget and accounting this call counts against. */
  townId?: string;
  temperature?: number;
  maxTokens?: number;
  /**
   * Sampling seed drawn from the town's seeded random state: providers that honour it (OpenAI's `seed`, the
   * realistic-model server, the offline model's wording) vary with the town's seed and replay with it.
   */
  seed?: number;
  /** Called once when the call ends (answered or not) with what it cost; meters read the bill from here. */
  onReceipt?: (r: CallReceipt) => void;
}

/** What one logical call cost: every HTTP request it took, with the provider's usage (or an estimate). */
export interface CallReceipt {
  /** HTTP requests: first try, retries, repair round. */
  requests: number;
  retries: number;
  repairs: number;
  /** Refused by the daily budget before any request. */
  refused: boolean;
  /** Ended without a model answer. */
  failed: boolean;
  billedPromptTokens: number;
  cachedPromptTokens: number;
  completionTokens: number;
}

export interface ModelInfo {
  provider: 'openai' | 'compatible' | 'offline';
  model: string;
  /** True for the built-in rule-based model: front ends label its output as offline. */
  offline: boolean;
}

export interface LanguageModel {
  readonly info: ModelInfo;
  object<T>(req: ObjectRequest<T>): Promise<T>;
}

export interface EmbedRequest {
  texts: string[];
  townId?: string;
  task?: string;
  /** Called once when the call ends with what it cost (HTTP requests: a batch counts once, cache hits none). */
  onReceipt?: (r: CallReceipt) => void;
}

export interface Embedder {
  /** Identifies the vector space (provider + model + dimensions); stored with each vector. */
  readonly id: string;
  readonly dimensions: number;
  embed(req: EmbedRequest): Promise<Float32Array[]>;
}

/** Errors the gateway raises; callers in the core may catch these and fall back to a safe default. */
export type LlmErrorCode =
  | 'llm/budget_exhausted'
  | 'llm/schema_invalid'
  | 'llm/timeout'
  | 'llm/rate_limited'
  | 'llm/provider_error'
  /** The provider is paused after repeated failures (circuit.ts): refused at once, no request sent. */
  | 'llm/paused'
  | 'llm/no_offline_rule';

export class LlmError extends Error {
  readonly code: LlmErrorCode;
  readonly task: string;
  constructor(code: LlmErrorCode, task: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LlmError';
    this.code = code;
    this.task = task;
  }
}

export function isLlmError(e: unknown, code?: LlmErrorCode): e is LlmError {
  return e instanceof LlmError && (code === undefined || e.code === code);
}

/** A rule of the offline model for one task: derives a schema-valid answer from the request's structured input. */
export type OfflineRule = (input: unknown, messages: ChatMessage[]) => unknown;
export type OfflineRules = Record<string, OfflineRule>;

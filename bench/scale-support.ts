// Pieces of the scale-out bench: a model with the realistic-model profile's latency (250 ms + 12 ms per completion
// token, behind the gateway with its per-process adaptive concurrency limit, as a worker runs it), a PostgreSQL
// server, and towns created in a database.

import { LlmGateway } from '../src/llm/gateway.ts';
import { createEmbedder, createLanguageModel as createRemoteModel } from '../src/llm/index.ts';
import { agentOfflineRules, mergeOfflineRules, OfflineModel } from '../src/offline/index.ts';
import type { Embedder, EmbedRequest } from '../src/llm/port.ts';
import type { CallOptions, ChatProvider, CompletionRequest, CompletionResult } from '../src/llm/provider.ts';
import { agentKit } from '../src/town/agent-kit.ts';
import type { KitFactory } from '../src/town/service.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const LATENCY = { baseMs: 250, perCompletionTokenMs: 12, embedMs: 250 } as const;

/** The offline model's answers, delivered with a hosted model's latency. */
class LatentProvider implements ChatProvider {
  private readonly inner = new OfflineModel(mergeOfflineRules(agentOfflineRules));
  readonly info = { ...this.inner.info };
  calls = 0;
  completionTokens = 0;
  /** fixedMs: every call takes that long; absent: the realistic profile's latency. */
  constructor(private readonly fixedMs?: number) {}
  async complete(req: CompletionRequest, opts: CallOptions): Promise<CompletionResult> {
    const r = await this.inner.complete(req, opts);
    const tokens = r.usage?.completionTokens ?? Math.ceil(r.raw.length / 4);
    this.calls++;
    this.completionTokens += tokens;
    await sleep(this.fixedMs ?? LATENCY.baseMs + LATENCY.perCompletionTokenMs * tokens);
    return r;
  }
}

class LatentEmbedder implements Embedder {
  private readonly inner = createEmbedder({ provider: 'offline' });
  get id() {
    return this.inner.id;
  }
  get dimensions() {
    return this.inner.dimensions;
  }
  async embed(req: EmbedRequest): Promise<Float32Array[]> {
    await sleep(LATENCY.embedMs);
    return this.inner.embed(req);
  }
}

/** The model concurrency of a bench worker: the ceiling (LLM_CONCURRENCY) and whether it adapts. */
export interface BenchConcurrency {
  ceiling: number;
  adaptive: boolean;
}

/**
 * A worker process's mind: one gateway (the adaptive limit up to LLM_CONCURRENCY, as a worker runs it) shared by
 * every town it runs; every model call takes `fixedMs` when given, else the realistic profile's latency. With
 * `baseURL`, the chat model is an OpenAI-compatible server (e.g. the realistic model with a rate limit) over HTTP.
 */
export function latentKit(
  c: BenchConcurrency,
  fixedMs?: number,
  baseURL?: string,
): {
  kit: KitFactory;
  llm: LlmGateway;
} {
  const tuning = { concurrency: c.ceiling, adaptiveConcurrency: c.adaptive };
  const llm = baseURL
    ? createRemoteModel({ provider: 'compatible', baseURL, chatModel: 'realistic-mini', ...tuning })
    : new LlmGateway(new LatentProvider(fixedMs), tuning);
  const embedder = new LatentEmbedder();
  return { kit: (townId, settings) => agentKit({ llm, embedder, settings, townId }), llm };
}

/** The same mind with no latency (creating towns quickly). */
export function instantKit(): KitFactory {
  const llm = new OfflineModel(mergeOfflineRules(agentOfflineRules));
  const embedder = createEmbedder({ provider: 'offline' });
  return (townId, settings) => agentKit({ llm, embedder, settings, townId });
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number;
}

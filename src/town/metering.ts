// Who a model call is for: the tick runs each resident's work inside a call context (AsyncLocalStorage), so a
// metering wrapper can count calls and tokens per task, per resident and per phase without threading ids around.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChatMessage, Embedder, EmbedRequest, LanguageModel, ModelInfo, ObjectRequest } from '../llm/port.ts';

export interface CallContext {
  /** Resident the work is for; absent for town-wide calls (the batched perception). */
  resident?: string;
  /** Tick phase: perceive | decide | converse | reflect | hear | interview | seed | ... */
  phase?: string;
  /** Conversation id, for calls shared by its participants. */
  group?: string;
  tick?: number;
}

const context = new AsyncLocalStorage<CallContext>();

export function withCallContext<T>(ctx: CallContext, fn: () => Promise<T>): Promise<T> {
  const parent = context.getStore();
  return context.run({ ...parent, ...ctx }, fn);
}

export function currentCallContext(): CallContext | undefined {
  return context.getStore();
}

export interface CallTotals {
  calls: number;
  failures: number;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
}

export interface CallRecord extends CallContext {
  task: string;
  startMs: number;
  endMs: number;
  ok: boolean;
  promptTokens: number;
}

const zero = (): CallTotals => ({ calls: 0, failures: 0, promptTokens: 0, completionTokens: 0, latencyMs: 0 });

export interface MeterOptions {
  /** Prompt tokens of a request (e.g. src/llm/tokens.ts countChatTokens); default: characters / 4. */
  countPrompt?: (messages: readonly ChatMessage[]) => Promise<number> | number;
  countCompletion?: (text: string) => Promise<number> | number;
  /** Keep every call (start/end/context) for critical-path analysis. */
  keepCalls?: boolean;
  now?: () => number;
}

/** Wraps a LanguageModel and counts calls, failures, tokens and latency per task, resident and phase. */
export class MeteredModel implements LanguageModel {
  readonly byTask: Record<string, CallTotals> = {};
  readonly byResident: Record<string, CallTotals> = {};
  readonly byPhase: Record<string, CallTotals> = {};
  readonly total: CallTotals = zero();
  readonly calls: CallRecord[] = [];

  constructor(
    private readonly inner: LanguageModel,
    private readonly opts: MeterOptions = {},
  ) {}

  get info(): ModelInfo {
    return this.inner.info;
  }

  reset(): void {
    for (const o of [this.byTask, this.byResident, this.byPhase]) for (const k of Object.keys(o)) delete o[k];
    Object.assign(this.total, zero());
    this.calls.length = 0;
  }

  private add(key: string | undefined, into: Record<string, CallTotals>, d: CallTotals) {
    const k = key ?? '(town)';
    const t = into[k] ?? zero();
    into[k] = t;
    t.calls += d.calls;
    t.failures += d.failures;
    t.promptTokens += d.promptTokens;
    t.completionTokens += d.completionTokens;
    t.latencyMs += d.latencyMs;
  }

  async object<T>(req: ObjectRequest<T>): Promise<T> {
    const now = this.opts.now ?? (() => performance.now());
    const ctx = currentCallContext() ?? {};
    const start = now();
    let ok = false;
    let value: T | undefined;
    try {
      value = await this.inner.object(req);
      ok = true;
      return value;
    } finally {
      const end = now();
      const prompt = this.opts.countPrompt
        ? await this.opts.countPrompt(req.messages)
        : Math.ceil(req.messages.reduce((n, m) => n + m.content.length, 0) / 4);
      const out = ok ? (JSON.stringify(value) ?? '') : '';
      const completion = ok
        ? this.opts.countCompletion
          ? await this.opts.countCompletion(out)
          : Math.ceil(out.length / 4)
        : 0;
      const d: CallTotals = {
        calls: 1,
        failures: ok ? 0 : 1,
        promptTokens: prompt,
        completionTokens: completion,
        latencyMs: end - start,
      };
      this.add(req.task, this.byTask, d);
      this.add(ctx.resident, this.byResident, d);
      this.add(ctx.phase, this.byPhase, d);
      for (const k of Object.keys(d) as (keyof CallTotals)[]) this.total[k] += d[k];
      if (this.opts.keepCalls)
        this.calls.push({ ...ctx, task: req.task, startMs: start, endMs: end, ok, promptTokens: prompt });
    }
  }
}

export class MeteredEmbedder implements Embedder {
  requests = 0;
  texts = 0;
  constructor(
    private readonly inner: Embedder,
    /** When given, each request is recorded there too (task 'embed'), beside the chat calls. */
    private readonly calls?: CallRecord[],
  ) {}
  get id(): string {
    return this.inner.id;
  }
  get dimensions(): number {
    return this.inner.dimensions;
  }
  async embed(req: EmbedRequest): Promise<Float32Array[]> {
    this.requests++;
    this.texts += req.texts.length;
    const ctx = currentCallContext() ?? {};
    const start = performance.now();
    let ok = false;
    try {
      const v = await this.inner.embed(req);
      ok = true;
      return v;
    } finally {
      this.calls?.push({ ...ctx, task: 'embed', startMs: start, endMs: performance.now(), ok, promptTokens: 0 });
    }
  }
}

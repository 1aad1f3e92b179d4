// Who a model call is for: the tick runs each resident's work inside a call context (AsyncLocalStorage), so a
// metering wrapper can count calls and tokens per task, per resident and per phase without threading ids around.
import { AsyncLocalStorage } from 'node:async_hooks';
import { withSeed } from '../core/call-seed.ts';
import type {
  CallReceipt,
  ChatMessage,
  Embedder,
  EmbedRequest,
  LanguageModel,
  ModelInfo,
  ObjectRequest,
} from '../llm/port.ts';
import { addTotals, receiptTotals, type UsageTotals, usageFields, zeroTotals } from '../llm/usage.ts';

export interface CallContext {
  /** Resident the work is for; absent for town-wide calls (the batched perception). */
  resident?: string;
  /** Tick phase: perceive | decide | converse | reflect | hear | interview | seed | ... */
  phase?: string;
  /** Conversation id, for calls shared by its participants. */
  group?: string;
  tick?: number;
  /**
   * The tick's seed (drawn from the town's seeded random state): the work runs in a sampling-seed scope of its own
   * (src/core/call-seed.ts), keyed by resident, phase and group, so its model calls carry seeds that replay.
   */
  seed?: number;
}

const context = new AsyncLocalStorage<CallContext>();

export function withCallContext<T>(ctx: CallContext, fn: () => Promise<T>): Promise<T> {
  const merged = { ...context.getStore(), ...ctx };
  const run = () => context.run(merged, fn);
  if (ctx.seed === undefined) return run();
  return withSeed(ctx.seed, `${merged.resident ?? ''}|${merged.phase ?? ''}|${merged.group ?? ''}`, run);
}

export function currentCallContext(): CallContext | undefined {
  return context.getStore();
}

/** The gateway's totals (src/llm/usage.ts): calls, requests, retries, repairs, billed and cached tokens, ... */
export type CallTotals = UsageTotals;

/** a op b field by field (undefined counts as zero): what was metered between two snapshots, or both together. */
export function combineTotals(a: CallTotals | undefined, b: CallTotals | undefined, sign: 1 | -1): CallTotals {
  const out = zeroTotals();
  for (const k of usageFields) out[k] = (a?.[k] ?? 0) + sign * (b?.[k] ?? 0);
  return out;
}

/** Every field divided by `n` (e.g. resident-days), rounded to one decimal. */
export function scaleTotals(t: CallTotals, n: number): CallTotals {
  const out = zeroTotals();
  for (const k of usageFields) out[k] = Math.round((t[k] / n) * 10) / 10;
  return out;
}

export interface CallRecord extends CallContext {
  task: string;
  startMs: number;
  endMs: number;
  ok: boolean;
  billedPromptTokens: number;
}

const zero = zeroTotals;

export interface MeterOptions {
  /**
   * Only for models that issue no receipt (a bare LanguageModel, not the gateway): prompt tokens of a request
   * (e.g. src/llm/tokens.ts countChatTokens); default: characters / 4. The gateway's receipt is the bill.
   */
  countPrompt?: (messages: readonly ChatMessage[]) => Promise<number> | number;
  countCompletion?: (text: string) => Promise<number> | number;
  /** Keep every call (start/end/context) for critical-path analysis. */
  keepCalls?: boolean;
  now?: () => number;
}

/**
 * Wraps a LanguageModel and counts calls, requests, retries, repairs, billed and cached tokens and latency per
 * task, resident and phase, from the gateway's receipt of each call (what the provider billed, every attempt).
 */
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
    addTotals(t, d);
  }

  async object<T>(req: ObjectRequest<T>): Promise<T> {
    const now = this.opts.now ?? (() => performance.now());
    const ctx = currentCallContext() ?? {};
    const start = now();
    let ok = false;
    let value: T | undefined;
    let receipt: CallReceipt | undefined;
    const onReceipt = (r: CallReceipt) => {
      receipt = r;
      req.onReceipt?.(r);
    };
    try {
      value = await this.inner.object({ ...req, onReceipt });
      ok = true;
      return value;
    } finally {
      const end = now();
      const d = receipt ? { ...receiptTotals(receipt), latencyMs: 0 } : await this.estimate(req, ok, value);
      d.latencyMs = end - start;
      this.add(req.task, this.byTask, d);
      this.add(ctx.resident, this.byResident, d);
      this.add(ctx.phase, this.byPhase, d);
      addTotals(this.total, d);
      if (this.opts.keepCalls)
        this.calls.push({
          ...ctx,
          task: req.task,
          startMs: start,
          endMs: end,
          ok,
          billedPromptTokens: d.billedPromptTokens,
        });
    }
  }

  /** A model without receipts: one request, the messages counted, the answer re-serialised. */
  private async estimate<T>(req: ObjectRequest<T>, ok: boolean, value: T | undefined): Promise<CallTotals> {
    const prompt = this.opts.countPrompt
      ? await this.opts.countPrompt(req.messages)
      : Math.ceil(req.messages.reduce((n, m) => n + m.content.length, 0) / 4);
    const out = ok ? (JSON.stringify(value) ?? '') : '';
    const completion = ok
      ? this.opts.countCompletion
        ? await this.opts.countCompletion(out)
        : Math.ceil(out.length / 4)
      : 0;
    return {
      ...zero(),
      calls: 1,
      requests: 1,
      failures: ok ? 0 : 1,
      billedPromptTokens: prompt,
      completionTokens: completion,
    };
  }
}

export class MeteredEmbedder implements Embedder {
  /** HTTP requests the embedder sent (a batch counts once, cache hits none), from its receipts. */
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
    this.texts += req.texts.length;
    const ctx = currentCallContext() ?? {};
    const start = performance.now();
    let ok = false;
    try {
      const v = await this.inner.embed({
        ...req,
        onReceipt: (r) => {
          this.requests += r.requests;
          req.onReceipt?.(r);
        },
      });
      ok = true;
      return v;
    } finally {
      this.calls?.push({
        ...ctx,
        task: 'embed',
        startMs: start,
        endMs: performance.now(),
        ok,
        billedPromptTokens: 0,
      });
    }
  }
}

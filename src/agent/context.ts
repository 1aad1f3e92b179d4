// The small context every mechanism of the mind shares (perceive, retrieve, plan, react, converse, interview,
// reflect): ask the model (with a safe default), embed, store and recall memories, the resident's mind state,
// settings and a log. Pure core: a LanguageModel and an Embedder come in as ports; time is always an argument.
import type { z } from 'zod';
import { type ChatMessage, type Embedder, isLlmError, type LanguageModel } from '../llm/port.ts';
import {
  type Audience,
  audienceMeta,
  audienceOf,
  carries,
  isKept,
  keptTextOf,
  peopleOf,
  strictest,
} from './audience.ts';
import type { MemoryStream, NewMemory } from './memory-stream.ts';
import { asMindState, type MindState } from './mind-state.ts';
import type { PromptMemory } from './prompts/common.ts';
import { promptMemories, recall } from './retrieve.ts';
import { type AgentSettings, resolveAgentSettings } from './settings.ts';
import type { AgentProfile, Memory, MemoryKind, PlanLevel } from './types.ts';

/** One resident as the runtime sees it; the town owns these objects and commits their changes. */
export interface Resident {
  profile: AgentProfile;
  /** MindState (opaque to the town); normalised in place on first use. */
  mind: MindState | unknown;
  memory: MemoryStream;
}

export interface AgentRuntimeDeps {
  llm: LanguageModel;
  embedder: Embedder;
  settings?: Partial<AgentSettings> | Record<string, unknown>;
  townId?: string;
  log?: (msg: string, data?: object) => void;
}

export interface RetrievedMemory {
  memory: Memory;
  score: number;
  recency: number;
  importance: number;
  relevance: number;
}

/** Options of one recall: depth (k), memory kinds, token budget, and whether returned memories are touched. */
export interface RecallOptions {
  k?: number;
  kinds?: readonly MemoryKind[];
  budget?: number;
  touch?: boolean;
  /** Also today's plan memories of these levels (what one meant to do is context when deciding and talking). */
  planLevels?: readonly PlanLevel[];
}

/** Kinds that describe experience (reflection, dialogue context): fine-grained plan steps are left out. */
export const EXPERIENCE: MemoryKind[] = [
  'seed',
  'observation',
  'reflection',
  'dialogue',
  'conversation_summary',
  'inner_voice',
  'interview',
  'game',
];

export const clampInt = (x: unknown, lo: number, hi: number, fallback: number): number =>
  typeof x === 'number' && Number.isFinite(x) ? Math.min(hi, Math.max(lo, Math.round(x))) : fallback;
export const floorTo = (t: number, step: number) => Math.floor(t / step) * step;
export const firstWord = (name: string) => name.split(/\s+/)[0] ?? name;

export class MindContext {
  readonly settings: AgentSettings;
  readonly llm: LanguageModel;
  readonly embedder: Embedder;
  readonly townId: string | undefined;
  private readonly logFn: (msg: string, data?: object) => void;
  /** Per memory stream: its kept memories so far, and the last sequence number scanned (keptOf). */
  private readonly kept = new WeakMap<MemoryStream, { seq: number; kept: { text: string; audience: Audience }[] }>();
  /** The model is paused: said once, until an embedding call answers again. */
  private paused = false;

  constructor(deps: AgentRuntimeDeps) {
    this.llm = deps.llm;
    this.embedder = deps.embedder;
    this.settings = resolveAgentSettings(deps.settings);
    this.townId = deps.townId;
    this.logFn = deps.log ?? (() => {});
  }

  log(msg: string, data?: object): void {
    try {
      this.logFn(msg, data);
    } catch {
      // a failing logger must never take the mind down
    }
  }

  /** The resident's mind state, normalised in place (and attached) on first use. */
  mindOf(r: Resident): MindState {
    const raw = r.mind;
    if (raw && typeof raw === 'object' && (raw as { v?: unknown }).v === 1) {
      const fresh = asMindState(raw, r.profile);
      Object.assign(raw, { ...fresh, ...(raw as object) });
      return raw as MindState;
    }
    const m = asMindState(raw, r.profile);
    r.mind = m;
    return m;
  }

  /**
   * One structured call with a safe default: on any failure (budget, schema after the gateway's repair,
   * timeout, an open circuit, ...) the call site's neutral default answers (continue the plan, "I can't answer
   * that right now"), never the offline model's invented content. Logged (the gateway counts the failure).
   */
  async ask<T>(
    task: string,
    schema: z.ZodType<T>,
    messages: ChatMessage[],
    input: unknown,
    lastResort: () => NoInfer<T>,
  ): Promise<T> {
    try {
      return await this.llm.object({ task, schema, messages, input, ...(this.townId ? { townId: this.townId } : {}) });
    } catch (e) {
      this.log(`agent: ${task} failed, using a neutral default`, { error: e instanceof Error ? e.message : String(e) });
      return lastResort();
    }
  }

  async embedTexts(texts: string[], task: string): Promise<(Float32Array | null)[]> {
    if (texts.length === 0) return [];
    try {
      const v = await this.embedder.embed({ texts, task, ...(this.townId ? { townId: this.townId } : {}) });
      if (this.paused) this.log('agent: embeddings answer again; memories that waited get their vectors');
      this.paused = false;
      return texts.map((_, i) => v[i] ?? null);
    } catch (e) {
      if (isLlmError(e, 'llm/paused')) {
        // one notice per pause, not one per memory
        if (!this.paused) this.log('agent: the model is paused; new memories wait for their vectors');
        this.paused = true;
      } else
        this.log('agent: embedding failed; the memories wait for their vectors (retried with the next ones)', {
          error: e instanceof Error ? e.message : String(e),
        });
      return texts.map(() => null);
    }
  }

  /**
   * Stores memories for one or more residents with ONE embedding call for all their descriptions, and for these
   * residents' memories still without a vector (an earlier embedding call failed, or the model was paused; they
   * may have been stored by another process). A memory whose embedding fails is stored flagged
   * `meta.vectorPending` and retried with its resident's next memories (retrieval ranks it by recency and
   * importance meanwhile); once it has its vector the next commit writes it.
   */
  async storeAll(entries: { r: Resident; m: NewMemory }[], now: number): Promise<Memory[]> {
    const residents = [...new Set(entries.map((e) => e.r))];
    const waiting = residents.flatMap((r) => r.memory.withoutVector(MindContext.retryBatch).map((m) => ({ r, m })));
    const texts = [
      ...new Set([...entries.map((e) => e.m.description.trim()), ...waiting.map((w) => w.m.description.trim())]),
    ];
    const vectors = await this.embedTexts(texts, 'agent_memory');
    const byText = new Map(texts.map((t, i) => [t, vectors[i] ?? null]));
    for (const w of waiting) {
      const v = byText.get(w.m.description.trim());
      if (!v) continue;
      if (w.m.meta) delete w.m.meta.vectorPending;
      w.r.memory.setEmbedding(w.m.id, v, this.embedder.id);
    }
    return entries.map(({ r, m: given }) => {
      const m = this.withAudience(r, given);
      const embedding = byText.get(m.description.trim()) ?? null;
      return r.memory.add(
        {
          ...m,
          embedding,
          embedderId: embedding ? this.embedder.id : null,
          ...(embedding === null ? { meta: { ...(m.meta ?? {}), vectorPending: true } } : {}),
        },
        now,
      );
    });
  }

  /** Memories without a vector retried per resident with one store (bounded: a long outage is caught up over ticks). */
  static readonly retryBatch = 64;

  /**
   * What is derived from kept memories stays kept (issue 22 item 1): a reflection as strictly as the evidence it
   * cites, a plan as the kept memory it carries (a secret's errand is as secret as the secret). A memory that states
   * its own audience keeps it.
   */
  private withAudience(r: Resident, m: NewMemory): NewMemory {
    if (m.meta?.audience !== undefined) return m;
    let from: Audience[] = [];
    if (m.evidence && m.evidence.length > 0) from = m.evidence.map((id) => audienceOf(r.memory.get(id))).filter(isKept);
    else if (m.kind === 'plan' || m.kind === 'reflection')
      from = this.keptOf(r)
        .filter((k) => carries(m.description, k.text, [r.profile.name, ...peopleOf(k.audience)]))
        .map((k) => k.audience);
    if (from.length === 0) return m;
    return { ...m, meta: { ...(m.meta ?? {}), ...audienceMeta(strictest(from)) } };
  }

  /** The resident's kept memories (secrets, confidences), scanned once and then only what is new. */
  keptOf(r: Resident): { text: string; audience: Audience }[] {
    let k = this.kept.get(r.memory);
    if (!k) {
      k = { seq: -1, kept: [] };
      this.kept.set(r.memory, k);
    }
    const all = r.memory.all();
    let i = all.length;
    while (i > 0 && all[i - 1]!.seq > k.seq) i--;
    for (const m of all.slice(i)) {
      const a = audienceOf(m);
      // a kept line keeps what it says in confidence, not its greeting (audience.ts keptMatter)
      if (isKept(a) && m.kind !== 'plan') k.kept.push({ text: keptTextOf(m), audience: a });
    }
    if (all.length > 0) k.seq = Math.max(k.seq, all[all.length - 1]!.seq);
    return k.kept;
  }

  /** Retrieval for several queries at once (retrieve.ts). */
  recall(r: Resident, queries: string[], now: number, opts: RecallOptions = {}): Promise<RetrievedMemory[]> {
    return recall(this, r, queries, now, opts);
  }

  /** Memories as prompts show them (retrieve.ts). */
  promptMemories(ms: readonly Memory[], r?: Resident): PromptMemory[] {
    return promptMemories(this, ms, r);
  }
}

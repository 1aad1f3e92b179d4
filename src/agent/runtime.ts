// The agent mind (Park et al. 2023, sec. 4) as the town sees it: a thin facade over one module per mechanism,
// sharing a small context (context.ts: ask the model, embed, store, recall):
//   perceive.ts   perception, seed memories, importance (sec. 4.1)
//   retrieve.ts   retrieval by recency, importance and relevance (sec. 4.1)
//   describe.ts   the cached summary description (sec. 4.3, appendix)
//   plan.ts       the day plan, re-planning (sec. 4.3); decompose.ts hours and 5-15 minute steps
//   react.ts      continue, react or talk at each step (sec. 4.3.1)
//   converse.ts   dialogue between residents (sec. 4.3.1); hear.ts a person speaking to a resident
//   interview.ts  the inner voice (sec. 3.1) and interviews (sec. 6.1)
//   reflect.ts    reflection (sec. 4.2)
// Cost design: one importance call per tick for every resident's observations; plans decomposed lazily; each
// step carries its emoji, sub-area and object (one call where the original made several); reflection is 2 calls;
// a dialogue line is one call; the conversation summary rates all lines at once. Every call has a safe default.
import type { Embedder, LanguageModel } from '../llm/port.ts';
import { type AgentRuntimeDeps, MindContext, type Resident, type RetrievedMemory } from './context.ts';
import { type ConverseContext, type ConverseResult, converse, wouldJoin } from './converse.ts';
import { summaryOf } from './describe.ts';
import { hear } from './hear.ts';
import { innerVoice, interview } from './interview.ts';
import type { MindState } from './mind-state.ts';
import { perceive, remember, seed } from './perceive.ts';
import { publicPlanLines } from './plan-audience.ts';
import { decide } from './react.ts';
import { maybeReflect } from './reflect.ts';
import { retrieve } from './retrieve.ts';
import type { AgentSettings } from './settings.ts';
import type { DecideContext, Decision, MemoryKind, Perceived, Place } from './types.ts';

export type { AgentRuntimeDeps, Resident, RetrievedMemory } from './context.ts';
export { othersPrivateArea } from './decompose.ts';
export { briefIdentity } from './describe.ts';
export { reflectionRecords } from './reflect.ts';
export { quoteOf } from './retrieve.ts';

export class AgentRuntime {
  private readonly c: MindContext;

  constructor(deps: AgentRuntimeDeps) {
    this.c = new MindContext(deps);
  }

  get settings(): AgentSettings {
    return this.c.settings;
  }

  get llm(): LanguageModel {
    return this.c.llm;
  }

  get embedder(): Embedder {
    return this.c.embedder;
  }

  /** The resident's mind state, normalised in place (and attached) on first use. */
  mindOf(r: Resident): MindState {
    return this.c.mindOf(r);
  }

  /** Stores the seed paragraph's phrases as 'seed' memories (once), rated in one call. */
  seed(r: Resident, now: number): Promise<void> {
    return seed(this.c, r, now);
  }

  /** Stores observations for many residents at once: one importance call for the whole batch. */
  perceive(items: { resident: Resident; perceived: Perceived[] }[], now: number): Promise<void> {
    return perceive(this.c, items, now);
  }

  /** Stores a memory of something outside the loop (e.g. a game played). */
  remember(r: Resident, description: string, now: number, kind: MemoryKind = 'game', importance?: number) {
    return remember(this.c, r, description, now, kind, importance);
  }

  /** Retrieval with component scores, for admin inspection; touches what it returns. */
  retrieve(r: Resident, query: string, now: number, k?: number): Promise<RetrievedMemory[]> {
    return retrieve(this.c, r, query, now, k);
  }

  /** Cached summary description, refreshed every settings.summaryRefreshHours. */
  summary(r: Resident, now: number): Promise<string> {
    return summaryOf(this.c, r, now);
  }

  /**
   * Today's plan as text lines for anyone to see (blocks, with the hour chunks decomposed so far), less every line
   * that carries one of the resident's secrets (plan-audience.ts).
   */
  publicPlanLines(r: Resident, opts: { hours?: boolean } = {}): string[] {
    return publicPlanLines(this.c, r, opts);
  }

  /** Plans (day -> hour -> 5-15 min steps, lazily), reacts or continues; returns the current action. */
  decide(r: Resident, ctx: DecideContext): Promise<Decision> {
    return decide(this.c, r, ctx);
  }

  /** A whole conversation between 2+ co-located residents, turn by turn. */
  converse(participants: Resident[], ctx: ConverseContext): Promise<ConverseResult> {
    return converse(this.c, participants, ctx);
  }

  /** Would `r` join a talk of these people (it knows one of them, or the talk names it)? A rule: no model call. */
  joins(r: Resident, talk: { participants: string[]; intent: string; now?: number }): boolean {
    return wouldJoin(this.c, r, talk);
  }

  /** A person (persona) spoke in the resident's location: the reply, or null when it stays silent. */
  hear(
    r: Resident,
    ctx: {
      now: number;
      location: Place;
      speaker: { name: string; description?: string };
      text: string;
      addressed: boolean;
      conversation?: { id?: string; with: string[]; lines: { speaker: string; text: string }[] };
    },
  ): Promise<string | null> {
    return hear(this.c, r, ctx);
  }

  /** Inner voice: the resident's own thought; re-plans at the next decide(). */
  innerVoice(r: Resident, text: string, now: number): Promise<void> {
    return innerVoice(this.c, r, text, now);
  }

  /** Answers in character from retrieval on the question; remembers having been interviewed unless told not to. */
  interview(
    r: Resident,
    question: string,
    ctx: { now: number; asker?: string; remember?: boolean; probe?: boolean },
  ): Promise<string> {
    return interview(this.c, r, question, ctx);
  }

  /** Reflects when enough has happened (sec. 4.2); returns the number of reflections stored. */
  maybeReflect(r: Resident, now: number): Promise<number> {
    return maybeReflect(this.c, r, now);
  }
}

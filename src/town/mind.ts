// The part of the agent module (src/agent, described in src/agent/README.md) the town calls, as a port.
// AgentRuntime satisfies it structurally; src/town/agent-kit.ts builds it from src/agent.

import type {
  Action,
  AgentId,
  AgentProfile,
  DecideContext,
  Decision,
  Memory,
  MemoryId,
  MemoryKind,
  Perceived,
} from '../agent/types.ts';
import type { LanguageModel } from '../llm/port.ts';
import type { PlaceView } from './world.ts';

export interface MemoryStreamLike {
  readonly agentId: AgentId;
  size(): number;
  /** Every memory; old ones may come without their vector (embedding null, embedderId kept): see vectorsOf. */
  all(): readonly Memory[];
  drainChanges(): {
    added: Memory[];
    touched: { id: MemoryId; lastAccessAt: number }[];
    /** Vectors stored memories got since the last drain (a retried embedding), with their meta. */
    embedded: { id: MemoryId; embedding: Float32Array; embedderId: string; meta?: Record<string, unknown> }[];
  };
  /** How many memories wait for a vector (their embedding failed; retried with the resident's next memories). */
  readonly withoutVectorCount: number;
  /** Retention: deletes `removed` and appends `summaries` in place (the caller commits both). */
  compact(removed: ReadonlySet<MemoryId>, summaries: readonly Memory[]): void;
  /** Exact vectors of these memories, fetched from the store when they are not in memory. */
  vectorsOf(ids: readonly MemoryId[]): Promise<Map<MemoryId, Float32Array>>;
}

/** Exact vectors of stored memories by id (the town store's loadVectors for one town). */
export type VectorSource = (ids: MemoryId[]) => Promise<Map<MemoryId, Float32Array>>;

export interface MindResident {
  profile: AgentProfile;
  mind: unknown;
  memory: MemoryStreamLike;
}

// The contract's data types are the agent's own (src/agent/types.ts): one definition, no mirror to drift.
export type { DecideContext, Decision, Perceived } from '../agent/types.ts';
/** The action a resident takes, as the agent decides it and the town stores it. */
export type MindAction = Action;

export interface Retrieved {
  memory: Memory;
  score: number;
  recency: number;
  importance: number;
  relevance: number;
}

export interface MindRuntime {
  seed(r: MindResident, now: number): Promise<void>;
  perceive(items: { resident: MindResident; perceived: Perceived[] }[], now: number): Promise<void>;
  decide(r: MindResident, ctx: DecideContext): Promise<Decision>;
  converse(
    participants: MindResident[],
    /**
     * `bystanders`: the others in the place, who may overhear (a confidence is not told in front of them);
     * `continues`: a talk under way that someone joined (its id and last lines).
     */
    ctx: {
      now: number;
      location: PlaceView;
      initiator: AgentId;
      intent: string;
      bystanders?: string[];
      continues?: { id: string; lines: { speaker: string; text: string }[] };
    },
  ): Promise<{
    id?: string;
    lines: { speaker: AgentId; text: string; kept?: boolean }[];
    ended: 'natural' | 'cap';
    left?: AgentId[];
  }>;
  /** Would this resident join a talk of these people about this (it knows one of them, or it concerns it)? */
  joins?(r: MindResident, talk: { participants: string[]; intent: string; now?: number }): boolean;
  hear(
    r: MindResident,
    ctx: {
      now: number;
      location: PlaceView;
      speaker: { name: string; description?: string };
      text: string;
      addressed: boolean;
      /** A conversation under way here that the person spoke into: who is in it and its last lines. */
      conversation?: { id?: string; with: string[]; lines: { speaker: string; text: string }[] };
    },
  ): Promise<string | null>;
  innerVoice(r: MindResident, text: string, now: number): Promise<void>;
  interview(
    r: MindResident,
    question: string,
    ctx: { now: number; asker?: string; remember?: boolean; probe?: boolean },
  ): Promise<string>;
  maybeReflect(r: MindResident, now: number): Promise<number>;
  retrieve(r: MindResident, query: string, now: number, k?: number): Promise<Retrieved[]>;
  summary(r: MindResident, now: number): Promise<string>;
  /** Today's plan lines anyone may see (no line that carries a secret). */
  publicPlanLines(r: MindResident): string[];
  remember(r: MindResident, description: string, now: number, kind?: MemoryKind, importance?: number): Promise<void>;
}

/** Everything the town needs from the agent module for one town. */
export interface MindKit {
  runtime: MindRuntime;
  /**
   * A resident's memory stream rebuilt from stored memories. With a vector source, only a bounded set of exact
   * vectors stays in memory and the rest are fetched back on demand (src/agent/memory-stream.ts).
   */
  memoryStream(agentId: AgentId, memories: Memory[], vectors?: VectorSource): MemoryStreamLike;
  initialMindState(profile: AgentProfile): unknown;
  /** The configured model, which reads a new town's text once (src/town/reading); absent: the neutral reader. */
  model?: LanguageModel;
  /** Where the reading says what the model could not read and what the neutral reader filled in. */
  log?: (msg: string, data?: Record<string, unknown>) => void;
}

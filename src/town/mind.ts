// The part of the agent module (src/agent, docs: /work/brief/AGENT_API.md) the town calls, as a port.
// AgentRuntime satisfies it structurally; the composition (agent-mind.ts) builds it from src/agent.
import type { AgentId, AgentProfile, Memory, MemoryId, MemoryKind } from '../agent/types.ts';
import type { PlaceView } from './world.ts';

export interface MemoryStreamLike {
  readonly agentId: AgentId;
  size(): number;
  all(): readonly Memory[];
  drainChanges(): { added: Memory[]; touched: { id: MemoryId; lastAccessAt: number }[] };
}

export interface MindResident {
  profile: AgentProfile;
  mind: unknown;
  memory: MemoryStreamLike;
}

export interface Perceived {
  description: string;
  subject?: string;
  kind?: 'action' | 'object' | 'speech' | 'arrival' | 'system';
}

export interface DecideContext {
  now: number;
  minutesPerTick: number;
  location: PlaceView;
  knownPlaces: PlaceView[];
  perceived: Perceived[];
  nearby: { id: AgentId; name: string; action: string; busy: boolean }[];
  rejected?: string;
}

export interface MindAction {
  description: string;
  emoji: string;
  location: string;
  subArea?: string;
  object?: string;
  objectStatus?: string;
  start: number;
  minutes: number;
}

export interface Decision {
  action: MindAction;
  changed: boolean;
  reacted: boolean;
  converse?: { with: AgentId; intent: string };
}

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
    ctx: { now: number; location: PlaceView; initiator: AgentId; intent: string },
  ): Promise<{ lines: { speaker: AgentId; text: string }[]; ended: 'natural' | 'cap' }>;
  hear(
    r: MindResident,
    ctx: {
      now: number;
      location: PlaceView;
      speaker: { name: string; description?: string };
      text: string;
      addressed: boolean;
    },
  ): Promise<string | null>;
  innerVoice(r: MindResident, text: string, now: number): Promise<void>;
  interview(
    r: MindResident,
    question: string,
    ctx: { now: number; asker?: string; remember?: boolean },
  ): Promise<string>;
  maybeReflect(r: MindResident, now: number): Promise<number>;
  retrieve(r: MindResident, query: string, now: number, k?: number): Promise<Retrieved[]>;
  summary(r: MindResident, now: number): Promise<string>;
  planLines(r: MindResident): string[];
  remember(r: MindResident, description: string, now: number, kind?: MemoryKind, importance?: number): Promise<void>;
}

/** Everything the town needs from the agent module for one town. */
export interface MindKit {
  runtime: MindRuntime;
  /** A resident's memory stream rebuilt from stored memories. */
  memoryStream(agentId: AgentId, memories: Memory[]): MemoryStreamLike;
  initialMindState(profile: AgentProfile): unknown;
}

// Shared vocabulary of one resident's mind (Park et al. 2023, sec. 4). The town stores these as data;
// the agent module owns their meaning. JSON-serialisable except Memory.embedding.

export type AgentId = string & { readonly __brand: 'AgentId' };
export type MemoryId = string & { readonly __brand: 'MemoryId' };

export type MemoryKind =
  | 'seed' // a phrase of the resident's seed paragraph
  | 'observation'
  | 'reflection'
  | 'plan'
  | 'dialogue'
  | 'conversation_summary'
  | 'inner_voice'
  | 'interview'
  | 'game';

export type PlanLevel = 'day' | 'hour' | 'step';

export interface Memory {
  id: MemoryId;
  agentId: AgentId;
  /** Per-agent monotonically increasing sequence number (storage order). */
  seq: number;
  kind: MemoryKind;
  description: string;
  /** Simulated time in ms since epoch. */
  createdAt: number;
  lastAccessAt: number;
  /** 1..10 poignancy (sec. 4.1). */
  importance: number;
  embedding: Float32Array | null;
  embedderId: string | null;
  /** Reflections: ids of the memories cited as evidence; depth = 1 + max depth of evidence (leaves 0). */
  evidence: MemoryId[];
  depth: number;
  plan?: { level: PlanLevel; start: number; minutes: number; location: string };
  meta?: Record<string, unknown>;
}

/** Identity fields of a resident, as in the Smallville persona files. */
export interface AgentProfile {
  id: AgentId;
  name: string;
  firstName: string;
  age: number;
  innate: string;
  learned: string;
  currently: string;
  lifestyle: string;
  /** Location id of home. */
  home: string;
  avatarUrl?: string;
  /** Semicolon-separated seed paragraph (paper's format). */
  seed: string;
}

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
  /** Family and household (the town file's and the seed's: spouse, children, parents, flatmates), by full name. */
  family?: FamilyTie[];
  /** The resident's regular work as the town's reading has it (issue 32): a place id, days, "HH:mm" hours. */
  work?: WorkHours;
  /** Regular habits besides work, as read. */
  routine?: { what: string; place: string | null; days: string[] | null; start: string | null; end: string | null }[];
  /**
   * Private matters as read: whose, what, whom the owner means to tell, and the seed phrases that carry each (kept
   * from everyone else: audience.ts). Absent on towns made before the reading (their seed words decide).
   */
  secrets?: ProfileSecret[];
  /**
   * Seed phrases that describe where the resident stands (who, where, work, family, routine) rather than tell
   * something that happens (src/town/reading/standing.ts): background, never passed on as news. Absent on towns
   * made before it (the offline stand-in's own words decide).
   */
  standing?: string[];
  /** Events the resident hosts, as read or declared: kind, place id, start and end (ms), whom it means to invite. */
  hosting?: HostedEvent[];
}

export interface WorkHours {
  place: string;
  /** Lowercase three-letter weekdays ("mon"), or null: every day it has hours. */
  days: string[] | null;
  start: string | null;
  end: string | null;
}

export interface ProfileSecret {
  owner: string;
  matter: string;
  tellTo: string[];
  phrases: string[];
  /**
   * Where and when each one it is meant for can be sought out, by name (issue 32 item 5): at their work in its hours
   * ("HH:mm"), else at home in the evening (start null).
   */
  seek?: Record<string, { place: string; start: string | null }>;
}

export interface HostedEvent {
  kind: string;
  place: string;
  start: number;
  end: number;
  invite: 'everyone' | string[];
  /** Whom the host goes to invite and where to find them before it ("HH:mm" on the event's day), by name. */
  seek?: Record<string, { place: string; start: string | null }>;
}

/** One tie of family or household: who, and what they are to the resident in plain words ("wife", "flatmate"). */
export interface FamilyTie {
  name: string;
  relation: string;
}

// --- The contract with the town (src/town/mind.ts is its port; src/agent/README.md describes it) ---

/** The agent's view of one place: remembered sub-areas and object statuses, opening state right now. */
export interface Place {
  id: string;
  name: string;
  kind?: string;
  subAreas: { name: string; objects: { name: string; status: string }[] }[];
  open?: boolean;
  hours?: string;
}

/** One thing a resident saw or heard this tick. */
export interface Perceived {
  description: string;
  /** Entity name (resident, persona or object) for the reaction queries. */
  subject?: string;
  kind?: 'action' | 'object' | 'speech' | 'arrival' | 'system';
}

export interface DecideContext {
  /** Simulated ms. */
  now: number;
  minutesPerTick: number;
  location: Place;
  /** Spatial memory: the resident plans only with these. */
  knownPlaces: Place[];
  /** New this tick (already stored via perceive()). */
  perceived: Perceived[];
  /** Co-located residents. */
  nearby: { id: AgentId; name: string; action: string; busy: boolean }[];
  /** The world's reason the last proposed move was impossible ("The Pharmacy is closed"). */
  rejected?: string;
  /**
   * The events the town's reading knows, each hosted by a resident (issue 32): a resident who hears of one, by its
   * kind and its host, knows it as the reading says it (place, day, hours), in whatever words it was told.
   */
  townEvents?: TownEvent[];
}

export interface TownEvent {
  kind: string;
  /** The host's full name. */
  host: string;
  place: string;
  /** Simulated ms. */
  start: number;
  end: number;
}

export interface Action {
  description: string;
  emoji: string;
  /** Place id. */
  location: string;
  subArea?: string;
  object?: string;
  objectStatus?: string;
  start: number;
  minutes: number;
}

export interface Decision {
  action: Action;
  /** Differs from the previous action. */
  changed: boolean;
  reacted: boolean;
  converse?: { with: AgentId; intent: string };
}

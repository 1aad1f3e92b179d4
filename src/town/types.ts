// The town's world as data (Park et al. 2023, sec. 5: a tree town -> areas -> sub-areas -> objects) and the
// JSON snapshot a tick commits. Everything here is JSON-serialisable; memories live outside, in the store.

import type { Action, AgentId, AgentProfile } from '../agent/types.ts';
import type { TownReading } from './reading/types.ts';
import type { TownSettings } from './settings.ts';

export interface WorldObject {
  name: string;
  status: string;
  /** Status it returns to when nobody uses it. */
  idleStatus: string;
  /** Resident currently using it (its action set the status); null when idle or set by an admin. */
  usedBy: AgentId | null;
}

export interface SubArea {
  name: string;
  /** At most this many residents at once (a one-person bathroom); absent = unlimited. */
  capacity?: number;
  objects: WorldObject[];
}

export interface Location {
  /** Slug, also the channel name: "hobbs-cafe". */
  id: string;
  name: string;
  emoji: string;
  kind?: string;
  description?: string;
  /** Known to every resident from the start (shops, parks); homes are not. */
  public: boolean;
  /** Opening hours "08:00-20:00" (comma-separated ranges; may cross midnight); absent = always open. */
  hours?: string;
  capacity?: number;
  /** Position in walking minutes; travel time between two locations is their distance. */
  position?: { x: number; y: number };
  /** 'subArea': residents see and talk only within their sub-area (a street of separate houses). */
  perception?: 'location' | 'subArea';
  subAreas: SubArea[];
}

/** One thing a resident perceives next tick; mirrors the agent's Perceived plus routing. */
export interface WorldEvent {
  /** Tick during (or after) which it happened; perceived at the next tick. */
  tick: number;
  location: string;
  /** Where in the location it happened (matters where perception is per sub-area). */
  subArea?: string;
  description: string;
  subject?: string;
  kind: 'action' | 'object' | 'speech' | 'arrival' | 'system';
  /** Residents who should not perceive it (the actor, the speakers themselves). */
  exclude: AgentId[];
}

/** What a resident is doing now: the agent's Action, kept in the snapshot. */
export type CurrentAction = Action;

export interface Travel {
  from: string;
  to: string;
  departTick: number;
  arriveTick: number;
}

/** What a resident remembers of a place (sec. 5.1: each agent keeps the subgraph it has seen, as last seen). */
export interface KnownPlace {
  /** Simulated ms of the last visit; null = heard of, never visited. */
  lastSeen: number | null;
  /** "sub-area/object" -> status as last observed. */
  objects: Record<string, string>;
}

export interface ResidentState {
  profile: AgentProfile;
  /** Opaque mind state of the agent module (plans, summary cache, reflection counter, ...). */
  mind: unknown;
  emoji: string;
  workplace?: string;
  /** Current location id; while travelling, the place it left. */
  location: string;
  subArea?: string;
  /** Sub-area of home where it lives (its own flat or house on a shared street). */
  homeArea?: string;
  travel: Travel | null;
  action: CurrentAction | null;
  knownPlaces: Record<string, KnownPlace>;
  /** World's reason the last proposed move was refused; handed to the next decide and then cleared. */
  rejected?: string;
  /** Memories scanned for place names (spatial memory grows from what it hears). */
  scannedSeq: number;
  /** Day index whose morning plan summary was posted. */
  planPostedDay: number;
  /** Number of memories committed for this resident (consistency check after a crash). */
  memoryCount: number;
}

export interface Persona {
  userId: string;
  name: string;
  description: string;
}

export interface ConversationRecord {
  at: number;
  location: string;
  participants: AgentId[];
  lines: number;
  firstLine?: string;
  /** The conversation's id (its memories' `meta.conversation`): a talk carried on later keeps it. */
  id?: string;
  /** Until when it is under way (participants are talking): someone who walks up or speaks here joins it. */
  until?: number;
  /** Its last lines (speaker name, text), the context of whoever joins. */
  recent?: { speaker: string; text: string }[];
  /** Participants who said goodbye and left it (they do not walk back into it). */
  gone?: AgentId[];
  /** Ended by its speakers (a goodbye, the model's end before the cap): nobody carries it on (issue 33). */
  ended?: boolean;
  /** People (users' personas) who spoke in it. */
  people?: string[];
  /** Sub-area it is held in, where the place perceives by sub-area. */
  subArea?: string;
}

export interface DayLog {
  day: number;
  conversations: ConversationRecord[];
  newRelations: [AgentId, AgentId][];
  notable: string[];
  posts: number;
  rejectedMoves: number;
}

export interface DigestData {
  day: number;
  date: string;
  conversations: { at: string; location: string; names: string[]; firstLine?: string }[];
  /** How many conversations the day had (the list above is capped at digestMaxItems). Older digests lack it. */
  conversationCount?: number;
  newRelationships: string[][];
  /** How many pairs met for the first time (the list above is capped). */
  newRelationshipCount?: number;
  notable: string[];
  posts: number;
  rejectedMoves: number;
}

/** A seeded fact used to measure information diffusion (sec. 7.1). */
export interface SeedFact {
  id: string;
  description: string;
  holder: AgentId;
  question: string;
  /** An answer mentions at least one of these (case-insensitive) to count as knowing the fact. */
  keywords: string[];
  /** An event's place and simulated time window (ms), for attendance. */
  event?: { location: string; start: number; end: number; kind?: string; invited?: string[] };
}

export interface TownStats {
  ticks: number;
  failures: number;
  failuresByStep: Record<string, number>;
  conversations: number;
  conversationsByResident: Record<string, number>;
  reflections: number;
  rejectedMoves: number;
}

export interface TownState {
  schema: 1;
  name: string;
  description?: string;
  settings: TownSettings;
  /** Agent-mind overrides passed to the AgentRuntime (opaque to the town). */
  agentSettings: Record<string, unknown>;
  clock: {
    start: number;
    /** Simulated time of the last committed tick (start before the first). */
    now: number;
    /** Ticks run so far. */
    tick: number;
    paused: boolean;
    /** Wall ms of the last committed tick (catch-up policy). */
    lastTickWall: number | null;
    /**
     * The scheduled slot (interval number) the last committed tick ran for, and how many of that slot's ticks are
     * committed: a queued tick job compares its own slot with this, never wall times (src/worker/tick-job.ts).
     */
    slot?: { n: number; ticks: number };
  };
  locations: Location[];
  /** Explicit travel minutes between two location ids ("a|b", sorted). */
  travel: Record<string, number>;
  residents: ResidentState[];
  events: WorldEvent[];
  /** Sorted "a|b" pairs of residents who know each other (seed mentions or an interaction). */
  acquaintances: string[];
  /** "a|b" -> simulated ms of their last conversation. */
  lastConversation: Record<string, number>;
  facts: SeedFact[];
  dayLog: DayLog;
  lastDigest: DigestData | null;
  stats: TownStats;
  /** Next outbox sequence number. */
  outboxSeq: number;
  /** Seeded PRNG state (mulberry32). */
  rng: number;
  seeded: boolean;
  /** Simulated day (ms / day) retention last ran on (retention.ts); absent before it first ran. */
  retentionDay?: number;
  /** What the town's text was read to mean when it was made (issue 32); absent on towns made before the reading. */
  reading?: TownReading;
}

/** 'said': a person's own line in a place (already in its channel: kept for the web view's feed, never re-posted). */
export type PostKind =
  | 'action'
  | 'move'
  | 'arrival'
  | 'dialogue'
  | 'reply'
  | 'said'
  | 'plan'
  | 'digest'
  | 'object'
  | 'system';

/** A line the town wants shown, written to the outbox in the same transaction as the tick. */
export interface NewPost {
  seq: number;
  /** Location id (its channel) or 'town-hall'. */
  location: string;
  speakerId: string | null;
  speakerName: string | null;
  emoji: string | null;
  kind: PostKind;
  text: string;
  simTime: number;
  /** A dialogue line's conversation (its record's id, kept by a talk carried on later); absent otherwise. */
  conversationId?: string | null;
}

export interface Post extends NewPost {
  id: string;
  deliveredAt: number | null;
  deliveryRef: string | null;
  attempts: number;
}

export const TOWN_HALL = 'town-hall';

/** Scope of the local console's town (guild ids are the other scopes). */
export const CONSOLE_SCOPE = 'console';

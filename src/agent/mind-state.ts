// Per-resident mind state the town keeps in its JSON snapshot (opaque to the town): today's plan at three levels,
// the cached summary description, importance accumulated since the last reflection, pending re-plan, and the
// small bookkeeping that keeps a resident from reacting to the same thing twice or repeating news to someone.

import type { Slot } from '../core/schedule.ts';
import type { Audience } from './audience.ts';
import type { QuotedText } from './prompts/common.ts';
import type { Action, AgentProfile, TownEvent } from './types.ts';

/** A plan item at one level: an interval, what, and where (place id). */
export interface PlanSlot extends Slot {
  place: string;
  /** Put at this time and place by what the resident resolved (a whisper naming both): kept there. */
  pinned?: boolean;
  /** A moment to find someone where they are (an invitation, a confidence: seek.ts): set off in time, as for an event. */
  seek?: boolean;
}

/** A 5-15 minute action with what the world needs to show it. */
export interface StepSlot extends PlanSlot {
  emoji: string;
  subArea?: string;
  object?: string;
  objectStatus?: string;
  /** Inserted by a reaction or a conversation rather than by decomposition. */
  kind?: 'reaction' | 'conversation';
}

export interface DayPlan {
  /** "2023-02-13" */
  day: string;
  dayStart: number;
  /** Day outline (5-8 blocks plus sleep): covers the whole day. */
  blocks: PlanSlot[];
  /** Hour-long chunks of the blocks decomposed so far. */
  hours: PlanSlot[];
  /** 5-15 minute steps of the hours decomposed so far. */
  steps: StepSlot[];
}

/** What a resident keeps about one person it knows (relations.ts). */
export interface Relation {
  name: string;
  /** Who they are to the resident (from its seed phrases), or how it knows them; null until known. */
  who: string | null;
  /** A user's persona (its name is their text: prompts show it only quoted). */
  visitor?: boolean;
  /** A visitor's own description of themselves (their words: quoted). */
  self?: QuotedText;
  /** What the resident last heard from them: the last conversation's summary or a visitor's words (quoted). */
  last?: QuotedText;
  /** The latest reflection about them drawn from what people said (their words may be in it: quoted). */
  insight?: QuotedText;
  /** The latest reflection about them that is the resident's own thought (shown as its own, never quoted). */
  thought?: string;
  /** Who may know the last conversation (a confidence is not shown to others: audience.ts); absent = public. */
  lastAudience?: Audience;
  /** News the resident told them and heard from them (from conversations), newest last (issue 22 item 2). */
  told?: string[];
  heard?: string[];
  /** When last refreshed. */
  at: number;
}

export interface MindState {
  v: 1;
  seeded: boolean;
  /** The summary description (sec. 4.3), cached. */
  summary: { text: string; at: number } | null;
  /** Summed importance of perceived events since the last reflection (sec. 4.2 trigger). */
  importanceSinceReflection: number;
  reflections: number;
  lastReflectionAt: number | null;
  plan: DayPlan | null;
  /** A few lines about the previous day, for the next day plan (sec. 4.3). */
  yesterday: string[];
  /** Set by the inner voice: the rest of the day is planned again at the next decide(). */
  replan: { reason: string; at: number; said?: string } | null;
  /** The last day's outline, kept when a new day starts: a failed day-plan call carries on with it. */
  lastPlan?: DayPlan | null;
  /** What just happened that the next decomposition should know (e.g. a reaction). */
  context: string | null;
  lastAction: Action | null;
  /** Observation text -> when the resident last decided whether to react to it. */
  considered: Record<string, number>;
  /** Other resident (id or name) -> when they last talked or the resident last considered talking. */
  chattedAt: Record<string, number>;
  /** When the resident's last talk ended (settings.talkRestMinutes). */
  lastTalkAt?: number;
  /** Listener id -> keys of the news already told to them (newsKey), newest last. */
  told: Record<string, string[]>;
  /** Place ids the world refused (closed, full): plans avoid them until avoidUntil[id]. */
  avoid: string[];
  avoidUntil: Record<string, number>;
  /** Place id -> the days (ISO) the world refused the resident there, newest last (a goal that keeps failing). */
  failedDays?: Record<string, string[]>;
  /**
   * Intentions that age (goals.ts): those planned today (key -> came from text people wrote), the days each was
   * planned and not done, and those given up until a time.
   */
  goals?: {
    planned: { day: string; keys: Record<string, boolean> } | null;
    failed: Record<string, string[]>;
    dropped: Record<string, number>;
  };
  /** Lower-cased name -> the relationship note about that person (relations.ts). */
  relations: Record<string, Relation>;
  /** Events of today and ahead the resident knows of, as things (event.ts), and the texts already read for them. */
  events?: KnownEvent[];
  eventsRead?: string[];
}

/** An event as a thing: its kind in the town's own words, host, place id, ISO day and minutes after midnight. */
export interface KnownEvent {
  kind: string;
  host: string | null;
  place: string;
  day: string;
  start: number;
  end: number;
  /** Read from words someone wrote or said (a visitor, a whisper): prompts show its kind as their quoted words. */
  quoted?: boolean;
}

/** An event of the town (its reading's: a host, a place, a window in ms) as the mind keeps events. */
export function knownEventOf(e: TownEvent): KnownEvent {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const minutes = (ms: number) => Math.round((ms % 86_400_000) / 60_000);
  return {
    kind: e.kind,
    host: e.host,
    place: e.place,
    day: day(e.start),
    start: minutes(e.start),
    // an event past midnight ends at the day's end in the plan (plans are per day)
    end: day(e.end) === day(e.start) ? minutes(e.end) : 24 * 60,
  };
}

/** The events a resident hosts, as the mind keeps events (the town's reading says them: issue 32). */
function hostedEvents(profile: AgentProfile): KnownEvent[] {
  return (profile.hosting ?? []).map((e) => knownEventOf({ ...e, host: profile.name }));
}

export function initialMindState(profile: AgentProfile): MindState {
  const hosting = hostedEvents(profile);
  return {
    ...(hosting.length > 0 ? { events: hosting } : {}),
    v: 1,
    seeded: false,
    summary: null,
    importanceSinceReflection: 0,
    reflections: 0,
    lastReflectionAt: null,
    plan: null,
    yesterday: [],
    replan: null,
    context: null,
    lastAction: null,
    considered: {},
    chattedAt: {},
    told: {},
    avoid: [],
    avoidUntil: {},
    relations: {},
  };
}

/** A stored mind state, or a fresh one when absent or from an unknown version (never throws). */
export function asMindState(raw: unknown, profile: AgentProfile): MindState {
  if (raw && typeof raw === 'object' && (raw as { v?: unknown }).v === 1) {
    return { ...initialMindState(profile), ...(raw as Partial<MindState>) } as MindState;
  }
  return initialMindState(profile);
}

// What the phases of one tick share (tick.ts runs them; tick-perceive.ts, tick-decide.ts, tick-converse.ts): the
// live town, the tick's number, time and seed, how a phase posts, and the events it leaves for the next tick.
import type { AgentId } from '../agent/types.ts';
import type { MindKit, MindResident } from './mind.ts';
import type { NewPost, PostKind, ResidentState, TownState, WorldEvent } from './types.ts';

/** The live town: its snapshot plus each resident's mind (profile, mind state, memory stream). */
export interface TownWorld {
  state: TownState;
  residents: Map<AgentId, MindResident>;
}

export type TickLog = (level: 'warn' | 'error' | 'info', msg: string, data?: Record<string, unknown>) => void;

export interface TickResult {
  tick: number;
  now: number;
  posts: NewPost[];
  conversations: number;
  reflections: number;
  failures: number;
  /** Residents who acted this tick (present and decided, or on the road). */
  acted: number;
}

/** Collects the posts of one operation; seq numbers come from the state so they are gap-free across commits. */
export class PostBuffer {
  readonly posts: NewPost[] = [];
  constructor(private readonly state: TownState) {}
  add(p: Omit<NewPost, 'seq'>): void {
    this.posts.push({ ...p, seq: this.state.outboxSeq++ });
    this.state.dayLog.posts++;
  }
}

/** "Isabella Rodriguez is brewing coffee" -> "brewing coffee" (posts show the speaker's name already). */
export function actionPhrase(r: { name: string; firstName: string }, description: string): string {
  const d = description.trim().replace(/\.$/, '');
  for (const n of [r.name, r.firstName]) {
    const re = new RegExp(`^${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(is\\s+|was\\s+)?`, 'i');
    if (re.test(d)) return d.replace(re, '');
  }
  return d;
}

export const SLEEP_RE = /\b(sleep|sleeping|asleep|in bed|napping)\b/i;

/** Counts a failed model-backed step and keeps going (reliability: a failure never stops the tick). */
export async function guarded<T>(
  state: TownState,
  step: string,
  log: TickLog | undefined,
  fn: () => Promise<T>,
  fallback: () => T,
): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    state.stats.failures++;
    state.stats.failuresByStep[step] = (state.stats.failuresByStep[step] ?? 0) + 1;
    log?.('warn', `town step ${step} failed; using a fallback`, { error: (e as Error).message });
    return fallback();
  }
}

export function eventText(r: ResidentState, phrase: string): string {
  return `${r.profile.name} is ${phrase}`;
}

/** One tick's shared context. */
export interface TickContext {
  world: TownWorld;
  state: TownState;
  kit: MindKit;
  log: TickLog | undefined;
  /** The tick's number and simulated time. */
  t: number;
  now: number;
  /** Seeds every model call of the tick and orders the talk floor's ties. */
  tickSeed: number;
  live(rs: ResidentState): MindResident;
  /** `conversationId`: the talk a dialogue line belongs to (delivery keeps a talk in one thread). */
  post(
    rs: ResidentState | null,
    location: string,
    kind: PostKind,
    text: string,
    emoji?: string | null,
    conversationId?: string,
  ): void;
  /** Events this tick causes (perceived at the next one). */
  newEvents: WorldEvent[];
}

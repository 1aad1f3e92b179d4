// Read models of a town: pure functions of the last committed world (TownSession.world). They never wait for the
// town's lock, so status, map and resident lists answer at once even while a tick runs.
import type { AgentId, MemoryKind } from '../agent/types.ts';
import { formatSimTime } from '../core/time.ts';
import { UserError } from '../errors.ts';
import { actionPhrase, type TownWorld } from './tick.ts';
import type { ResidentState, TownState } from './types.ts';
import { findLocation, findResident, getLocation, isOpenAt, occupants } from './world.ts';

export interface TownStatus {
  id: string;
  scope: string;
  name: string;
  time: string;
  simTime: number;
  tick: number;
  paused: boolean;
  speed: number;
  minutesPerTick: number;
  cron: string;
  residents: number;
  locations: number;
  travelling: number;
  conversationsToday: number;
  stats: TownState['stats'];
  model?: string;
  dailyTokenBudget: number | null;
  /** Memories stored without their vector (an embedding call failed): retried with each tick until they have one. */
  memoriesWithoutVector: number;
}

export interface ResidentSummary {
  id: string;
  name: string;
  emoji: string;
  location: { id: string; name: string; emoji: string };
  /** Where it is going, while on the road. */
  travellingTo?: { id: string; name: string };
  doing: string;
  actionEmoji: string;
}

export interface ResidentInfo extends ResidentSummary {
  age: number;
  innate: string;
  learned: string;
  currently: string;
  lifestyle: string;
  home: { id: string; name: string };
  /** The agent's summary description (sec. 4.3, cached by the agent). */
  bio: string;
  plan: string[];
  knownPlaces: string[];
  memoryCounts: Partial<Record<MemoryKind, number>>;
}

/** A resident as anyone may see them (the web view): no inner state, no model call. */
export type PublicResidentInfo = ResidentSummary &
  Pick<ResidentInfo, 'age' | 'innate' | 'learned' | 'lifestyle' | 'home' | 'plan'>;

export interface MemoryHit {
  id: string;
  kind: MemoryKind;
  description: string;
  createdAt: string;
  importance: number;
  score: number;
  recency: number;
  relevance: number;
  importanceScore: number;
}

export interface MapData {
  time: string;
  locations: {
    id: string;
    name: string;
    emoji: string;
    kind?: string;
    open: boolean;
    hours?: string;
    position?: { x: number; y: number };
    residents: { id: string; name: string; emoji: string; doing: string }[];
    /** Objects whose status differs from idle. */
    objects: { subArea: string; name: string; status: string }[];
  }[];
  travelling: { id: string; name: string; emoji: string; from: string; to: string; arriveTick: number }[];
}

export interface RelationshipGraph {
  nodes: { id: string; name: string; emoji: string }[];
  /** Undirected edges; weight = memories either holds that name the other. */
  edges: { a: string; b: string; weight: number; aToB: number; bToA: number; acquainted: boolean }[];
}

/** The resident a person named, or a UserError listing who lives here. */
export function residentOrThrow(state: TownState, query: string): ResidentState {
  const r = findResident(state, query);
  if (!r)
    throw new UserError(
      'town/unknown_resident',
      `No resident called "${query}". Residents: ${state.residents.map((x) => x.profile.name).join(', ')}.`,
      { query },
    );
  return r;
}

/** The place a person named, or a UserError listing the places. */
export function locationOrThrow(state: TownState, query: string) {
  const l = findLocation(state, query);
  if (!l)
    throw new UserError(
      'town/unknown_location',
      `No place called "${query}". Places: ${state.locations.map((x) => `${x.name} (#${x.id})`).join(', ')}.`,
      { query },
    );
  return l;
}

export function residentSummary(state: TownState, rs: ResidentState): ResidentSummary {
  const loc = getLocation(state, rs.location);
  const to = rs.travel ? getLocation(state, rs.travel.to) : undefined;
  return {
    id: rs.profile.id,
    name: rs.profile.name,
    emoji: rs.emoji,
    location: { id: rs.location, name: loc?.name ?? rs.location, emoji: loc?.emoji ?? '📍' },
    ...(to ? { travellingTo: { id: to.id, name: to.name } } : {}),
    doing: rs.travel
      ? `walking to ${to?.name ?? rs.travel.to}`
      : rs.action
        ? actionPhrase(rs.profile, rs.action.description)
        : 'idle',
    actionEmoji: rs.travel ? '🚶' : (rs.action?.emoji ?? rs.emoji),
  };
}

export function townStatus(id: string, scope: string, s: TownState, model?: string, world?: TownWorld): TownStatus {
  return {
    id,
    scope,
    name: s.name,
    time: formatSimTime(s.clock.now),
    simTime: s.clock.now,
    tick: s.clock.tick,
    paused: s.clock.paused,
    speed: s.settings.speed,
    minutesPerTick: s.settings.minutesPerTick,
    cron: s.settings.cron,
    residents: s.residents.length,
    locations: s.locations.length,
    travelling: s.residents.filter((r) => r.travel).length,
    conversationsToday: s.dayLog.conversations.length,
    stats: structuredClone(s.stats),
    ...(model ? { model } : {}),
    dailyTokenBudget: s.settings.dailyTokenBudget,
    memoriesWithoutVector: world ? memoriesWithoutVector(world) : 0,
  };
}

/** Memories of the town's residents that wait for their vector. */
export function memoriesWithoutVector(world: TownWorld): number {
  let n = 0;
  for (const r of world.state.residents) n += world.residents.get(r.profile.id)?.memory.withoutVectorCount ?? 0;
  return n;
}

export function locationList(
  s: TownState,
): { id: string; name: string; emoji: string; kind?: string; hours?: string; public: boolean }[] {
  return s.locations.map((l) => ({
    id: l.id,
    name: l.name,
    emoji: l.emoji,
    ...(l.kind ? { kind: l.kind } : {}),
    ...(l.hours ? { hours: l.hours } : {}),
    public: l.public,
  }));
}

/** Memories per kind held by one resident. */
export function memoryCounts(world: TownWorld, residentId: AgentId): Partial<Record<MemoryKind, number>> {
  const counts: Partial<Record<MemoryKind, number>> = {};
  for (const m of world.residents.get(residentId)?.memory.all() ?? []) counts[m.kind] = (counts[m.kind] ?? 0) + 1;
  return counts;
}

export function townMap(s: TownState): MapData {
  return {
    time: formatSimTime(s.clock.now),
    locations: s.locations.map((l) => ({
      id: l.id,
      name: l.name,
      emoji: l.emoji,
      ...(l.kind ? { kind: l.kind } : {}),
      open: isOpenAt(l, s.clock.now),
      ...(l.hours ? { hours: l.hours } : {}),
      ...(l.position ? { position: l.position } : {}),
      residents: occupants(s, l.id).map((r) => ({
        id: r.profile.id,
        name: r.profile.name,
        emoji: r.action?.emoji ?? r.emoji,
        doing: r.action ? actionPhrase(r.profile, r.action.description) : 'idle',
      })),
      objects: l.subAreas.flatMap((a) =>
        a.objects
          .filter((o) => o.status !== o.idleStatus)
          .map((o) => ({ subArea: a.name, name: o.name, status: o.status })),
      ),
    })),
    travelling: s.residents
      .filter((r) => r.travel)
      .map((r) => ({
        id: r.profile.id,
        name: r.profile.name,
        emoji: r.emoji,
        from: r.travel?.from ?? '',
        to: r.travel?.to ?? '',
        arriveTick: r.travel?.arriveTick ?? 0,
      })),
  };
}

/** Who knows whom: edge weight = memories of one that name the other (full name, or first name if unique). */
export function relationshipGraph(world: TownWorld): RelationshipGraph {
  const rs = world.state.residents;
  const firstCount = new Map<string, number>();
  for (const r of rs)
    firstCount.set(r.profile.firstName.toLowerCase(), (firstCount.get(r.profile.firstName.toLowerCase()) ?? 0) + 1);
  const patterns = rs.map((r) => {
    const names = [r.profile.name];
    if (firstCount.get(r.profile.firstName.toLowerCase()) === 1) names.push(r.profile.firstName);
    return new RegExp(`\\b(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`, 'i');
  });
  const count: number[][] = rs.map(() => rs.map(() => 0));
  rs.forEach((a, i) => {
    const mems = world.residents.get(a.profile.id)?.memory.all() ?? [];
    for (const m of mems)
      rs.forEach((_b, j) => {
        if (i !== j && (patterns[j] as RegExp).test(m.description))
          (count[i] as number[])[j] = ((count[i] as number[])[j] as number) + 1;
      });
  });
  const edges: RelationshipGraph['edges'] = [];
  for (let i = 0; i < rs.length; i++)
    for (let j = i + 1; j < rs.length; j++) {
      const ab = (count[i] as number[])[j] as number;
      const ba = (count[j] as number[])[i] as number;
      const a = (rs[i] as ResidentState).profile.id;
      const b = (rs[j] as ResidentState).profile.id;
      const acquainted = world.state.acquaintances.includes(a < b ? `${a}|${b}` : `${b}|${a}`);
      if (ab + ba > 0 || acquainted) edges.push({ a, b, weight: ab + ba, aToB: ab, bToA: ba, acquainted });
    }
  return { nodes: rs.map((r) => ({ id: r.profile.id, name: r.profile.name, emoji: r.emoji })), edges };
}

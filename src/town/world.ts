// Pure rules of the world tree: opening hours, capacity, travel time, object status, spatial memory, views.
// Park et al. 2023, sec. 5.1 (environment as a tree, agents keep the subgraph they have seen) and
// sec. 7.3 boundaries (shops entered after closing, a one-person bathroom crowded): the world refuses those moves.
import { unusable } from '../agent/decompose.ts';
import type { AgentId, Place } from '../agent/types.ts';
import { minuteOfDay } from '../core/time.ts';
import type { KnownPlace, Location, ResidentState, SubArea, TownState, WorldEvent, WorldObject } from './types.ts';

/** The agent's view of one place: the town builds it, the agent plans with it. */
export type PlaceView = Place;

/** "08:00-20:00, 21:00-02:00" -> [[480, 1200], [1260, 120]] (minutes; end may be below start across midnight). */
export function parseHours(hours: string): [number, number][] {
  return hours.split(',').map((range) => {
    const [a, b] = range.split('-').map((t) => {
      const [h, m] = t.trim().split(':').map(Number) as [number, number];
      return (h % 24) * 60 + m;
    }) as [number, number];
    return [a, b];
  });
}

export function isOpenAt(loc: Location, simMs: number): boolean {
  if (!loc.hours) return true;
  const t = minuteOfDay(simMs);
  return parseHours(loc.hours).some(([a, b]) => (a === b ? true : a < b ? t >= a && t < b : t >= a || t < b));
}

export function getLocation(state: TownState, id: string): Location | undefined {
  return state.locations.find((l) => l.id === id);
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/^#/, '')
    .replace(/^the\s+/, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Finds a location by id, channel name or name (case-insensitive, "the" optional). */
export function findLocation(state: TownState, query: string): Location | undefined {
  const q = norm(query);
  if (!q) return undefined;
  return (
    state.locations.find((l) => norm(l.id) === q) ??
    state.locations.find((l) => norm(l.name) === q) ??
    state.locations.find((l) => norm(l.name).startsWith(q) || norm(l.id).startsWith(q))
  );
}

/** Finds a resident by id, full name or first name (case-insensitive). */
export function findResident(state: TownState, query: string): ResidentState | undefined {
  const q = norm(query);
  if (!q) return undefined;
  return (
    state.residents.find((r) => norm(r.profile.id) === q || norm(r.profile.name) === q) ??
    state.residents.find((r) => norm(r.profile.firstName) === q) ??
    state.residents.find((r) => norm(r.profile.name).startsWith(q))
  );
}

export function findSubArea(loc: Location, name: string | undefined): SubArea | undefined {
  if (!name) return undefined;
  const q = norm(name);
  return loc.subAreas.find((a) => norm(a.name) === q);
}

/** Finds an object by name ("stove") or "sub-area/object" / "sub-area:object"; prefers the given sub-area. */
export function findObject(
  loc: Location,
  name: string,
  subArea?: string,
  exactOnly = false,
): { area: SubArea; object: WorldObject } | undefined {
  const parts = name.split(/[/:]/);
  let areaName = subArea;
  let objName = name;
  if (parts.length > 1) {
    areaName = parts.slice(0, -1).join(' ');
    objName = parts[parts.length - 1] ?? name;
  }
  const q = norm(objName);
  if (!q) return undefined;
  const areas = [...loc.subAreas].sort(
    (a, b) => Number(norm(b.name) === norm(areaName ?? '')) - Number(norm(a.name) === norm(areaName ?? '')),
  );
  for (const exact of exactOnly ? [true] : [true, false]) {
    for (const area of areas) {
      const object = area.objects.find((o) =>
        exact ? norm(o.name) === q : norm(o.name).includes(q) || q.includes(norm(o.name)),
      );
      if (object) return { area, object };
    }
  }
  return undefined;
}

/** Residents physically at a location (not on the road), optionally in one sub-area. */
export function occupants(state: TownState, locationId: string, subArea?: string): ResidentState[] {
  return state.residents.filter(
    (r) =>
      r.travel === null &&
      r.location === locationId &&
      (subArea === undefined || norm(r.subArea ?? '') === norm(subArea)),
  );
}

/** Does the location limit perception to sub-areas (a street of separate houses)? */
export function perceivesBySubArea(state: TownState, locationId: string): boolean {
  return getLocation(state, locationId)?.perception === 'subArea';
}

/** Residents who can see and talk to `rs` where it is: same location, and same sub-area where that matters. */
export function near(state: TownState, rs: ResidentState): ResidentState[] {
  const scoped = perceivesBySubArea(state, rs.location);
  return occupants(state, rs.location).filter(
    (o) => o !== rs && (!scoped || norm(o.subArea ?? '') === norm(rs.subArea ?? '')),
  );
}

/** Can `rs` perceive an event? Same location; same sub-area where the location perceives by sub-area. */
export function canPerceive(state: TownState, rs: ResidentState, e: WorldEvent): boolean {
  if (e.location !== rs.location || e.exclude.includes(rs.profile.id)) return false;
  if (!perceivesBySubArea(state, e.location) || e.subArea === undefined) return true;
  return norm(e.subArea) === norm(rs.subArea ?? '');
}

/**
 * The sub-area a resident ends up in for a proposed one: where perception is per sub-area, residents of the
 * location do not walk into another household's rooms (visitors may: they come to see someone).
 */
export function resolveSubArea(
  state: TownState,
  rs: ResidentState,
  locationId: string,
  proposed: string | undefined,
): string | undefined {
  const loc = getLocation(state, locationId);
  if (!loc) return proposed;
  const area = findSubArea(loc, proposed);
  const home = rs.profile.home === locationId;
  if (loc.perception === 'subArea') {
    const others = new Set(
      state.residents
        .filter((o) => o !== rs && o.profile.home === locationId && o.homeArea !== rs.homeArea)
        .map((o) => norm(o.homeArea ?? '')),
    );
    if (area && !(home && others.has(norm(area.name)))) return area.name;
    const current = findSubArea(loc, rs.subArea);
    if (rs.location === locationId && rs.travel === null && current) return current.name;
    return home ? rs.homeArea : (loc.subAreas.find((a) => !others.has(norm(a.name)))?.name ?? loc.subAreas[0]?.name);
  }
  return area?.name ?? (home && rs.homeArea ? rs.homeArea : proposed);
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** Ticks needed to go from one location to another: explicit minutes, else position distance, else one tick. */
export function travelTicks(state: TownState, from: string, to: string): number {
  if (from === to) return 0;
  const mpt = state.settings.minutesPerTick;
  const explicit = state.travel[pairKey(from, to)];
  let minutes: number | undefined = explicit;
  if (minutes === undefined) {
    const a = getLocation(state, from)?.position;
    const b = getLocation(state, to)?.position;
    if (a && b) minutes = Math.hypot(a.x - b.x, a.y - b.y) * state.settings.minutesPerDistanceUnit;
  }
  if (minutes === undefined) return 1; // issue 4: one tick by default
  return Math.max(1, Math.ceil(minutes / mpt));
}

export type MoveCheck = { ok: true } | { ok: false; reason: string };

/**
 * May `r` be at `locationId` (and `subArea`) at `simMs`? Checks spatial memory, opening hours (home and
 * workplace are exempt: staff open the shop) and capacity of the location and the sub-area.
 */
export function checkPresence(
  state: TownState,
  r: ResidentState,
  locationId: string,
  subArea: string | undefined,
  simMs: number,
): MoveCheck {
  const loc = getLocation(state, locationId);
  if (!loc) return { ok: false, reason: `There is no place called "${locationId}" in ${state.name}.` };
  const moving = r.location !== locationId || r.travel !== null;
  if (moving && !r.knownPlaces[locationId])
    return { ok: false, reason: `${r.profile.firstName} does not know where ${loc.name} is.` };
  const staff = r.profile.home === locationId || r.workplace === locationId;
  if (moving && !staff && !isOpenAt(loc, simMs))
    return { ok: false, reason: `${loc.name} is closed now (open ${loc.hours}).` };
  if (moving && loc.capacity !== undefined && !staff) {
    const n = occupants(state, locationId).filter((o) => o.profile.id !== r.profile.id).length;
    if (n >= loc.capacity) return { ok: false, reason: `${loc.name} is full (${loc.capacity} people).` };
  }
  const area = findSubArea(loc, subArea);
  if (area?.capacity !== undefined) {
    const inArea = occupants(state, locationId, area.name).filter((o) => o.profile.id !== r.profile.id);
    const alreadyThere = !moving && norm(r.subArea ?? '') === norm(area.name);
    if (!alreadyThere && inArea.length >= area.capacity) {
      const who = inArea.map((o) => o.profile.name).join(', ');
      return { ok: false, reason: `The ${area.name} at ${loc.name} is occupied by ${who}.` };
    }
  }
  return { ok: true };
}

/** The agent's view of a place as it is now. */
export function placeView(loc: Location, simMs: number): PlaceView {
  return {
    id: loc.id,
    name: loc.name,
    ...(loc.kind ? { kind: loc.kind } : {}),
    subAreas: loc.subAreas.map((a) => ({
      name: a.name,
      objects: a.objects.map((o) => ({ name: o.name, status: o.status })),
    })),
    open: isOpenAt(loc, simMs),
    ...(loc.hours ? { hours: loc.hours } : {}),
  };
}

/** The resident's memory of a place: object statuses as last observed (sec. 5.1). */
export function rememberedPlaceView(loc: Location, known: KnownPlace, simMs: number): PlaceView {
  return {
    ...placeView(loc, simMs),
    subAreas: loc.subAreas.map((a) => ({
      name: a.name,
      objects: a.objects.map((o) => ({ name: o.name, status: known.objects[`${a.name}/${o.name}`] ?? o.idleStatus })),
    })),
  };
}

/** Records what the resident sees at its location now (spatial memory update on each visit). */
export function observePlace(r: ResidentState, loc: Location, simMs: number): void {
  const objects: Record<string, string> = {};
  for (const a of loc.subAreas) for (const o of a.objects) objects[`${a.name}/${o.name}`] = o.status;
  r.knownPlaces[loc.id] = { lastSeen: simMs, objects };
}

export function learnPlace(r: ResidentState, locId: string): boolean {
  if (r.knownPlaces[locId]) return false;
  r.knownPlaces[locId] = { lastSeen: null, objects: {} };
  return true;
}

export interface ObjectChange {
  location: string;
  subArea: string;
  object: string;
  status: string;
}

/** Frees every object the resident was using (back to its idle status). */
export function releaseObjects(state: TownState, who: AgentId): ObjectChange[] {
  const changes: ObjectChange[] = [];
  for (const loc of state.locations)
    for (const area of loc.subAreas)
      for (const o of area.objects)
        if (o.usedBy === who) {
          o.usedBy = null;
          if (o.status !== o.idleStatus) {
            o.status = o.idleStatus;
            changes.push({ location: loc.id, subArea: area.name, object: o.name, status: o.status });
          }
        }
  return changes;
}

/** An action turned into its effect on an object ("making espresso" -> coffee machine: brewing coffee). */
/**
 * Is the object at a place usable as it really is now (not broken, burning or taken)? A resident who planned a step
 * with it before it broke does the step without it: using a broken machine never mends it.
 */
export function objectUsable(state: TownState, locationId: string, objectName: string, subArea?: string): boolean {
  const loc = getLocation(state, locationId);
  const found = loc ? findObject(loc, objectName, subArea) : null;
  return !found || !unusable(found.object.status);
}

export function useObject(
  state: TownState,
  who: AgentId,
  locationId: string,
  objectName: string | undefined,
  status: string | undefined,
  subArea?: string,
): ObjectChange | null {
  if (!objectName) return null;
  const loc = getLocation(state, locationId);
  if (!loc) return null;
  // Where perception is per sub-area, only objects within reach (the resident's own sub-area) can be used.
  const scope =
    loc.perception === 'subArea'
      ? { ...loc, subAreas: loc.subAreas.filter((a) => norm(a.name) === norm(subArea ?? '')) }
      : loc;
  const found = findObject(scope, objectName, subArea);
  if (!found) return null;
  const next = (status ?? '').trim() || 'in use';
  found.object.usedBy = who;
  if (found.object.status === next) return null;
  found.object.status = next;
  return { location: loc.id, subArea: found.area.name, object: found.object.name, status: next };
}

export function objectEvent(state: TownState, change: ObjectChange, tick: number, exclude: AgentId[]): WorldEvent {
  const loc = getLocation(state, change.location);
  return {
    tick,
    location: change.location,
    subArea: change.subArea,
    description: `The ${change.object} in the ${change.subArea} of ${loc?.name ?? change.location} is ${change.status}`,
    subject: change.object,
    kind: 'object',
    exclude,
  };
}

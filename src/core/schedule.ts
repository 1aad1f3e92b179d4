// Plan bookkeeping (Park et al. 2023, sec. 4.3) as pure functions over time slots. Every plan level is a list of
// half-open intervals [start, end) kept sorted and NON-OVERLAPPING by construction: whatever a model proposes
// (overlaps, duplicates, gaps, times outside the window) goes through normalizeSlots or spliceSlots, so a
// resident can never be booked for two things at once (no lunch at 12:00, 12:30 and 13:00).
import { MINUTE_MS } from './time.ts';

export interface Slot {
  start: number;
  end: number;
  activity: string;
}

export interface NormalizeOptions<T extends Slot> {
  /** Times are rounded to this grid (ms). */
  granularityMs: number;
  /** Slots shorter than this after clipping are dropped (ms). */
  minMs?: number;
  /** A slot for a gap with nothing before it in the window (later gaps extend the previous slot). */
  fill: (start: number, end: number) => T;
  /** Two adjacent slots that are the same thing are merged into one. */
  same?: (a: T, b: T) => boolean;
}

const roundTo = (t: number, g: number) => Math.round(t / g) * g;

/** Lower-case words of an activity, for comparing "Eat lunch" with "eat lunch." */
export function activityKey(activity: string): string {
  return activity
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function sameActivity(a: Slot, b: Slot): boolean {
  return activityKey(a.activity) === activityKey(b.activity);
}

/**
 * Makes `items` a partition of the window: sorted, non-overlapping, covering [window.start, window.end).
 * Overlaps: the earlier-starting slot keeps its time, the later one starts when it ends (or vanishes).
 * Gaps: the previous slot extends over them; a gap at the very start gets `fill`.
 */
export function normalizeSlots<T extends Slot>(
  items: readonly T[],
  window: { start: number; end: number },
  opts: NormalizeOptions<T>,
): T[] {
  const g = opts.granularityMs;
  const minMs = opts.minMs ?? g;
  const same = opts.same ?? sameActivity;
  if (!(window.end > window.start)) return [];
  const clean = items
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end > s.start)
    .map((s) => ({
      ...s,
      start: Math.max(window.start, roundTo(s.start, g)),
      end: Math.min(window.end, roundTo(s.end, g)),
    }))
    .filter((s) => s.end - s.start >= minMs)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const out: T[] = [];
  let cursor = window.start;
  for (const s of clean) {
    const start = Math.max(s.start, cursor);
    if (s.end - start < minMs) continue;
    if (start > cursor) {
      const prev = out[out.length - 1];
      if (prev) prev.end = start;
      else out.push(opts.fill(cursor, start));
    }
    out.push({ ...s, start });
    cursor = s.end;
  }
  if (cursor < window.end) {
    const prev = out[out.length - 1];
    if (prev) prev.end = window.end;
    else out.push(opts.fill(cursor, window.end));
  }
  return mergeAdjacent(out, same);
}

export function mergeAdjacent<T extends Slot>(slots: readonly T[], same: (a: T, b: T) => boolean = sameActivity): T[] {
  const out: T[] = [];
  for (const s of slots) {
    const prev = out[out.length - 1];
    if (prev && prev.end === s.start && same(prev, s)) prev.end = s.end;
    else out.push({ ...s });
  }
  return out;
}

/**
 * Replaces whatever `existing` holds inside the window with `incoming` (normalised to the window); slots that
 * straddle a window edge are clipped to it. The result stays sorted and non-overlapping.
 */
export function spliceSlots<T extends Slot>(
  existing: readonly T[],
  window: { start: number; end: number },
  incoming: readonly T[],
  opts: NormalizeOptions<T>,
): T[] {
  const kept: T[] = [];
  for (const s of existing) {
    if (s.end <= window.start || s.start >= window.end) kept.push({ ...s });
    else {
      if (s.start < window.start) kept.push({ ...s, end: window.start });
      if (s.end > window.end) kept.push({ ...s, start: window.end });
    }
  }
  const fresh = normalizeSlots(incoming, window, opts);
  return [...kept, ...fresh].sort((a, b) => a.start - b.start);
}

/** The slot covering t, if any. */
export function slotAt<T extends Slot>(slots: readonly T[], t: number): T | undefined {
  for (const s of slots) if (s.start <= t && t < s.end) return s;
  return undefined;
}

/** Start of the first slot beginning after t (or `fallback`). */
export function nextStartAfter(slots: readonly Slot[], t: number, fallback: number): number {
  let best = fallback;
  for (const s of slots) if (s.start > t && s.start < best) best = s.start;
  return best;
}

const MEALS = ['breakfast', 'lunch', 'dinner', 'supper', 'brunch'] as const;

/**
 * Hosting a gathering ("host the harvest supper", "run the wedding breakfast"): the host's event, not a meal. A
 * guest's "go to Dilys's harvest supper" is still a dinner, and "join Sam for lunch" a lunch.
 */
const AT_AN_EVENT =
  /^(?:host|hold|throw|put on|organi[sz]e|set up for|get ready for|run (?:the|a|an|her|his|their|my))\b/;

export function mealOf(activity: string): string | null {
  const key = activityKey(activity);
  if (AT_AN_EVENT.test(key)) return null;
  for (const meal of MEALS) if (new RegExp(`\\b${meal}\\b`).test(key)) return meal === 'supper' ? 'dinner' : meal;
  return null;
}

/**
 * At most one episode of each meal per list (the paper's failure: lunch at 12:00, 12:30 and 13:00). An episode is
 * a run of touching slots about the same meal ("prepare lunch", "eat lunch"); `transparent` slots (a reaction to
 * a burning stove) interrupt it without ending it, so breakfast can be remade. A later, separate episode of a
 * meal already had is folded into the slot before it (day blocks), or renamed by `replace` (hours and steps,
 * whose lists need not be contiguous).
 */
export function dedupeMeals<T extends Slot>(
  slots: readonly T[],
  opts: { replace?: (s: T) => string; transparent?: (s: T) => boolean } = {},
): T[] {
  const had = new Set<string>();
  const out: T[] = [];
  let episode: { meal: string; end: number } | null = null;
  for (const s of slots) {
    if (opts.transparent?.(s)) {
      out.push({ ...s });
      if (episode && episode.end === s.start) episode.end = s.end;
      continue;
    }
    const meal = mealOf(s.activity);
    const prev = out[out.length - 1];
    const touching = prev !== undefined && prev.end === s.start;
    const sameEpisode = meal !== null && episode !== null && episode.meal === meal && episode.end === s.start;
    if (meal && had.has(meal) && !sameEpisode) {
      if (opts.replace) out.push({ ...s, activity: opts.replace(s) });
      else if (touching) prev.end = s.end;
      episode = null;
      continue;
    }
    if (meal) {
      had.add(meal);
      episode = { meal, end: s.end };
    } else episode = null;
    if (sameEpisode && !opts.replace && touching && mealOf(prev.activity) === meal) prev.end = s.end;
    else out.push({ ...s });
  }
  // (one activity at two places, or one of them pinned, is two slots: a step at the market does not run on into
  // the pinned hour at the boat club because the model named both alike)
  const where = (x: T) => {
    const y = x as T & { place?: string; pinned?: boolean };
    return `${y.place ?? ''}|${y.pinned ? 1 : 0}`;
  };
  return opts.replace ? mergeAdjacent(out, (a, b) => sameActivity(a, b) && where(a) === where(b)) : out;
}

/** Minutes of a slot. */
export function slotMinutes(s: Slot): number {
  return Math.round((s.end - s.start) / MINUTE_MS);
}

/** True when no two slots overlap and all are well-formed (for tests and assertions). */
export function isPartition(slots: readonly Slot[]): boolean {
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    if (!(s.end > s.start)) return false;
    if (i > 0 && slots[i - 1]!.end > s.start) return false;
  }
  return true;
}

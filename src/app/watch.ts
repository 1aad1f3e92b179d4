// What anyone watching a town may see (the web view, src/web): the read models of the town's public side, built
// from the last commit and the outbox. Only what the town already shows in its channels: posts, where residents are
// and what they do, their plans and the public part of their seed. Never a memory, a whisper, an interview's
// question or a persona's description. Pure functions over a TownService's read models and the posts.
import { UserError } from '../errors.ts';
import type { MapData, Post, PublicResidentInfo, TownService } from './town-view.ts';

export const WATCH_SETTINGS = {
  /** Posts shown on a feed page (newest first). */
  feedPosts: 100,
  /** A resident's recent posts on their page. */
  residentPosts: 30,
  /** Posts of the scrubbed day shown up to the chosen time (newest first). */
  dayPosts: 80,
} as const;

export type WatchState = 'running' | 'paused' | 'model paused';

export interface WatchStatus {
  name: string;
  time: string;
  simTime: number;
  tick: number;
  state: WatchState;
  minutesPerTick: number;
}

export function watchStatus(town: TownService, modelPaused = false): WatchStatus {
  const s = town.status();
  return {
    name: s.name,
    time: s.time,
    simTime: s.simTime,
    tick: s.tick,
    state: s.paused ? 'paused' : modelPaused ? 'model paused' : 'running',
    minutesPerTick: s.minutesPerTick,
  };
}

/** A post as the web shows it (the outbox row minus its delivery bookkeeping). */
export interface WatchPost {
  seq: number;
  location: string;
  speakerId: string | null;
  speakerName: string | null;
  emoji: string | null;
  kind: string;
  text: string;
  simTime: number;
}

export function watchPost(p: Post): WatchPost {
  return {
    seq: p.seq,
    location: p.location,
    speakerId: p.speakerId,
    speakerName: p.speakerName,
    emoji: p.emoji,
    kind: p.kind,
    text: p.text,
    simTime: p.simTime,
  };
}

export interface FeedFilter {
  /** A location id (or name); the town hall is 'town-hall'. */
  place?: string;
  /** A resident id or name. */
  resident?: string;
}

/** The place a filter names (id or name, case-insensitive), or a UserError listing the places. */
export function placeIdOf(town: TownService, query: string): string {
  const q = query.trim().toLowerCase();
  if (q === 'town-hall') return 'town-hall';
  const l = town.locations().find((x) => x.id === q || x.name.toLowerCase() === q);
  if (!l) throw new UserError('watch/unknown_place', `No place called "${query}" in ${town.status().name}.`);
  return l.id;
}

/** The resident a filter names (id, full or first name), or a UserError. */
export function residentIdOf(town: TownService, query: string): string {
  const q = query.trim().toLowerCase();
  const all = town.residents();
  const r =
    all.find((x) => x.id === q || x.name.toLowerCase() === q) ??
    (() => {
      const firsts = all.filter((x) => x.name.toLowerCase().split(/\s+/)[0] === q);
      return firsts.length === 1 ? firsts[0] : undefined;
    })();
  if (!r) throw new UserError('watch/unknown_resident', `No resident called "${query}" in ${town.status().name}.`);
  return r.id;
}

/** The feed (the console's /follow and /watch): newest first, filtered by place and/or resident. */
export function feed(town: TownService, posts: readonly WatchPost[], f: FeedFilter, limit: number): WatchPost[] {
  const place = f.place ? placeIdOf(town, f.place) : undefined;
  const who = f.resident ? residentIdOf(town, f.resident) : undefined;
  const out: WatchPost[] = [];
  for (let i = posts.length - 1; i >= 0 && out.length < limit; i--) {
    const p = posts[i]!;
    if (place && p.location !== place) continue;
    if (who && p.speakerId !== who) continue;
    out.push(p);
  }
  return out;
}

export interface ResidentPage {
  info: PublicResidentInfo;
  posts: WatchPost[];
}

export function residentPage(town: TownService, posts: readonly WatchPost[], query: string): ResidentPage {
  const id = residentIdOf(town, query);
  return {
    info: town.publicResident(id),
    posts: feed(town, posts, { resident: id }, WATCH_SETTINGS.residentPosts),
  };
}

// ---- a day to scrub back through -------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** "2023-02-13" of a simulated time (simulated times are UTC wall-clock ms, core/time.ts). */
export function dayOf(simTime: number): string {
  return new Date(simTime).toISOString().slice(0, 10);
}

/** The simulated days the kept posts cover, oldest first. */
export function postDays(posts: readonly WatchPost[]): string[] {
  const days = new Set<string>();
  for (const p of posts) days.add(dayOf(p.simTime));
  return [...days].sort();
}

export interface DayFrame {
  date: string;
  /** Minutes after midnight of the chosen time. */
  minute: number;
  at: number;
  days: string[];
  /** The map as it was: who was where, doing what (from their posts), in the town's layout. */
  map: MapData;
  /** Residents with no post yet by then (where they were is not known from the kept posts). */
  unseen: string[];
  /** The day's posts up to the chosen time, newest first. */
  posts: WatchPost[];
}

/**
 * The town at a past moment, rebuilt from the kept posts (the same rows `npm run town -- replay` prints): each
 * resident is where their last post before then puts them (a 'move' post leaves a place for the place of their next
 * 'arrival'), doing what their last action there said. A day outside the kept posts is a UserError naming the days.
 */
export function dayFrame(town: TownService, posts: readonly WatchPost[], date: string, minute: number): DayFrame {
  const days = postDays(posts);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !days.includes(date))
    throw new UserError(
      'watch/no_day',
      days.length === 0
        ? 'No posts are kept yet: there is no day to look back on.'
        : `No posts are kept for ${date}. Days kept: ${days.join(', ')} (delivered posts are kept 7 days).`,
    );
  if (!Number.isInteger(minute) || minute < 0 || minute >= 1440)
    throw new UserError('watch/bad_time', 'The time is minutes after midnight, from 0 to 1439.');
  const at = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  const now = town.map();
  const names = new Map(now.locations.map((l) => [l.id, l.name]));
  const byName = new Map(now.locations.map((l) => [l.name, l.id]));
  type Where = { kind: 'at'; place: string; doing: string; emoji: string } | { kind: 'road'; from: string; to: string };
  const where = new Map<string, Where>();
  const residents = town.residents();
  const ids = new Set(residents.map((r) => r.id));
  const pendingMove = new Map<string, string>();
  for (const p of posts) {
    if (!p.speakerId || !ids.has(p.speakerId) || p.location === 'town-hall') continue;
    if (p.simTime > at) {
      // Where a resident on the road at `at` was going: the place of their first arrival after it.
      const from = pendingMove.get(p.speakerId);
      if (from !== undefined && p.kind === 'arrival') {
        where.set(p.speakerId, { kind: 'road', from, to: p.location });
        pendingMove.delete(p.speakerId);
      }
      continue;
    }
    if (p.kind === 'move') {
      pendingMove.set(p.speakerId, p.location);
      // Until their arrival is known, the destination is the one the post names ("leaves for The Copper Kettle").
      const named = byName.get(p.text.replace(/^leaves for /, ''));
      where.set(p.speakerId, { kind: 'road', from: p.location, to: named ?? p.location });
      continue;
    }
    const before = where.get(p.speakerId);
    // The morning plan summary is posted where the day began, even by someone who just left: it moves nobody.
    if (p.kind === 'plan' && before) continue;
    pendingMove.delete(p.speakerId);
    const doing =
      p.kind === 'action'
        ? p.text
        : before?.kind === 'at' && before.place === p.location
          ? before.doing
          : p.kind === 'arrival'
            ? p.text
            : '';
    where.set(p.speakerId, { kind: 'at', place: p.location, doing, emoji: p.emoji ?? '' });
  }
  const map: MapData = {
    time: `${new Date(at).toUTCString().slice(0, 11)} ${date.slice(0, 4)} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
    locations: now.locations.map((l) => ({ ...l, residents: [], objects: [] })),
    travelling: [],
  };
  const unseen: string[] = [];
  for (const r of residents) {
    const w = where.get(r.id);
    const loc = w?.kind === 'at' ? map.locations.find((l) => l.id === w.place) : undefined;
    if (w?.kind === 'at' && loc)
      loc.residents.push({ id: r.id, name: r.name, emoji: w.emoji || r.emoji, doing: w.doing });
    else if (w?.kind === 'road' && names.has(w.from))
      map.travelling.push({ id: r.id, name: r.name, emoji: '🚶', from: w.from, to: w.to, arriveTick: 0 });
    else unseen.push(r.name);
  }
  const dayStart = Date.parse(`${date}T00:00:00Z`);
  const dayPosts: WatchPost[] = [];
  for (let i = posts.length - 1; i >= 0 && dayPosts.length < WATCH_SETTINGS.dayPosts; i--) {
    const p = posts[i]!;
    if (p.simTime <= at && p.simTime >= dayStart && p.simTime < dayStart + DAY_MS) dayPosts.push(p);
  }
  return { date, minute, at, days, map, unseen, posts: dayPosts };
}

// The living map's model, as data: where each place sits (laid out once per town from the town's own geography,
// never from who is in it, so places stay still all day), where each resident stands (a slot in their place, or a
// point on the road between two), what was just said, and the town's hour (day and night). The page draws it once
// (living-map.ts); each change event carries the next scene and the browser walks the avatars there.
import type { MapData } from '../app/town-view.ts';
import type { WatchPost } from '../app/watch.ts';
import { textMeasure } from '../render/font.ts';
import { layoutBoxes } from '../render/map-layout.ts';
import { colourFor, drawableEmoji, initials } from '../render/svg.ts';

export const SCENE_SETTINGS = {
  margin: 24,
  /** A place's name bar. */
  header: 34,
  padding: 10,
  /** One avatar's cell: the circle, its emoji badge and the first name under it. */
  slotWidth: 64,
  slotHeight: 58,
  /** Cells per place: a place is drawn big enough for this many (more stand on top of each other). */
  slotsPerPlace: 8,
  /** Columns of cells in a place. */
  columns: 4,
  nameSize: 15,
  /** Longest line a bubble shows (the whole line is in the feed). */
  bubbleChars: 160,
  /** Walking time when the tick's interval is not known yet, and its bounds. */
  walkDefaultMs: 2500,
  walkMinMs: 800,
  walkMaxMs: 30_000,
} as const;

export interface PlaceBox {
  id: string;
  name: string;
  emoji: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SceneLayout {
  width: number;
  height: number;
  places: PlaceBox[];
  /** Layout key: the places it was made for (a town whose places change gets a new layout). */
  key: string;
}

type PlaceInput = Pick<MapData['locations'][number], 'id' | 'name' | 'emoji' | 'position'>;

/** Places laid out from their names and the town file's positions only: the same town always gets the same map. */
export function sceneLayout(locations: readonly PlaceInput[]): SceneLayout {
  const s = SCENE_SETTINGS;
  const m = textMeasure();
  const cellsWide = s.columns * s.slotWidth + 2 * s.padding;
  const rows = Math.ceil(s.slotsPerPlace / s.columns);
  const boxes = locations.map((l) => {
    const label = `${drawableEmoji(l.emoji) ? `${l.emoji} ` : ''}${l.name}`;
    return {
      id: l.id,
      width: Math.ceil(Math.max(cellsWide, m.width(label, s.nameSize, true) + 2 * s.padding)),
      height: s.header + rows * s.slotHeight + s.padding,
      ...(l.position ? { position: l.position } : {}),
    };
  });
  const placed = layoutBoxes(boxes);
  const byId = new Map(locations.map((l) => [l.id, l]));
  const places = placed.map((p) => {
    const l = byId.get(p.id)!;
    return {
      id: p.id,
      name: l.name,
      emoji: l.emoji,
      x: p.x + s.margin,
      y: p.y + s.margin,
      width: p.width,
      height: p.height,
    };
  });
  return {
    width: Math.max(0, ...places.map((p) => p.x + p.width)) + s.margin,
    height: Math.max(0, ...places.map((p) => p.y + p.height)) + s.margin,
    places,
    key: locations.map((l) => `${l.id}\u0000${l.name}`).join('\u0001'),
  };
}

export interface SceneAvatar {
  id: string;
  name: string;
  initials: string;
  colour: string;
  emoji: string;
  doing: string;
  /** The place they are at, or null on the road. */
  place: string | null;
  /** On the road: the names of where they left and where they go. */
  road?: { from: string; to: string };
  x: number;
  y: number;
  /** Not placed in this scene (Look back: no post of theirs yet that day): drawn hidden until they are. */
  hidden?: boolean;
}

export interface SceneLine {
  /** The resident who said it, or null for a person (their persona's name is `name`). */
  who: string | null;
  name: string;
  person: boolean;
  place: string;
  text: string;
}

export interface Scene {
  clock: string;
  /** The town's hour (0-23) at the clock: day and night. */
  hour: number;
  tick: number;
  state: string;
  /** How long the avatars take to walk to their new places (about the tick's interval). */
  walkMs: number;
  avatars: SceneAvatar[];
  lines: SceneLine[];
}

/** The centre of cell `i` of a place (cells fill row by row; the ninth stands on the first). */
function cell(p: PlaceBox, i: number): { x: number; y: number } {
  const s = SCENE_SETTINGS;
  const k = i % s.slotsPerPlace;
  const col = k % s.columns;
  const row = Math.floor(k / s.columns);
  const inner = p.width - 2 * s.padding;
  const slot = inner / s.columns;
  return {
    x: Math.round(p.x + s.padding + col * slot + slot / 2),
    y: Math.round(p.y + s.header + row * s.slotHeight + s.slotHeight / 2 - 6),
  };
}

/**
 * Where everyone stands in `map`, in `layout`'s places (cells in the order the map lists them). `everyone` not
 * placed by the map (a past moment before their first post) is listed hidden, so the page has their avatar.
 */
export function placeAvatars(
  layout: SceneLayout,
  map: MapData,
  tick: number,
  everyone: readonly { id: string; name: string }[] = [],
): SceneAvatar[] {
  const boxes = new Map(layout.places.map((p) => [p.id, p]));
  const out: SceneAvatar[] = [];
  for (const l of map.locations) {
    const box = boxes.get(l.id);
    if (!box) continue;
    l.residents.forEach((r, i) => {
      out.push({
        id: r.id,
        name: r.name,
        initials: initials(r.name),
        colour: colourFor(r.name),
        emoji: r.emoji,
        doing: r.doing,
        place: l.id,
        ...cell(box, i),
      });
    });
  }
  // On the road: along the line from one place's centre to the other's, further along as arrival nears.
  const roads = new Map<string, number>();
  for (const t of map.travelling) {
    const a = boxes.get(t.from);
    const b = boxes.get(t.to);
    if (!a || !b) continue;
    const left = Math.max(0, t.arriveTick - tick);
    // Two thirds of the way with the arrival due next tick, half with two ticks left, a third with three.
    const f = 2 / (left + 3);
    const key = `${t.from}>${t.to}`;
    const n = roads.get(key) ?? 0;
    roads.set(key, n + 1);
    const [ax, ay, bx, by] = [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + b.height / 2];
    out.push({
      id: t.id,
      name: t.name,
      initials: initials(t.name),
      colour: colourFor(t.name),
      emoji: '🚶',
      doing: `on the way to ${b.name}`,
      place: null,
      road: { from: a.name, to: b.name },
      // Several on one road walk a little apart.
      x: Math.round(ax + (bx - ax) * f + n * 18),
      y: Math.round(ay + (by - ay) * f + n * 10),
    });
  }
  const placed = new Set(out.map((a) => a.id));
  for (const r of everyone)
    if (!placed.has(r.id))
      out.push({
        id: r.id,
        name: r.name,
        initials: initials(r.name),
        colour: colourFor(r.name),
        emoji: '',
        doing: 'not seen yet',
        place: null,
        x: Math.round(layout.width / 2),
        y: Math.round(layout.height / 2),
        hidden: true,
      });
  return out.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

const TALK_KINDS = new Set(['dialogue', 'reply', 'said']);
/** Bidirectional embeddings, overrides, isolates and marks. */
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The lines said among `posts` (oldest first), as bubbles: residents' talk and replies, and people's own lines. */
export function talkLines(posts: readonly WatchPost[]): SceneLine[] {
  const out: SceneLine[] = [];
  for (const p of posts) {
    if (!TALK_KINDS.has(p.kind) || p.location === 'town-hall') continue;
    const person = p.kind === 'said' || (!p.speakerId && !!p.speakerName);
    // Direction overrides are dropped: a bubble shows the words as typed, never reversed onto its neighbours.
    const text = [...p.text.replace(BIDI, '').replace(/\s+/g, ' ').trim()];
    out.push({
      who: person ? null : p.speakerId,
      name: (p.speakerName ?? 'someone').replace(BIDI, ''),
      person,
      place: p.location,
      text:
        text.length > SCENE_SETTINGS.bubbleChars
          ? `${text.slice(0, SCENE_SETTINGS.bubbleChars - 1).join('')}…`
          : text.join(''),
    });
  }
  return out;
}

/** The lines of the last moment anything was said, if after `since` (a freshly opened page plays them once). */
export function lastTalk(
  posts: readonly WatchPost[],
  upTo = Number.POSITIVE_INFINITY,
  since = Number.NEGATIVE_INFINITY,
): SceneLine[] {
  let i = posts.length - 1;
  while (i >= 0 && posts[i]!.simTime >= since && (posts[i]!.simTime > upTo || !TALK_KINDS.has(posts[i]!.kind))) i--;
  if (i < 0 || posts[i]!.simTime < since) return [];
  const at = posts[i]!.simTime;
  let j = i;
  while (j > 0 && posts[j - 1]!.simTime === at) j--;
  return talkLines(posts.slice(j, i + 1));
}

/** Walking time for a tick interval of `intervalMs` (unknown: the default). */
export function walkMs(intervalMs: number | null): number {
  const s = SCENE_SETTINGS;
  if (!intervalMs || !Number.isFinite(intervalMs)) return s.walkDefaultMs;
  return Math.round(Math.min(s.walkMaxMs, Math.max(s.walkMinMs, intervalMs * 0.8)));
}

/** The town's hour from a simulated time (UTC wall clock, core/time.ts). */
export function hourOf(simTime: number): number {
  return new Date(simTime).getUTCHours();
}

/** 'night', 'dawn', 'day' or 'dusk' for an hour. */
export function skyOf(hour: number): 'night' | 'dawn' | 'day' | 'dusk' {
  if (hour < 5 || hour >= 21) return 'night';
  if (hour < 7) return 'dawn';
  if (hour < 18) return 'day';
  return 'dusk';
}

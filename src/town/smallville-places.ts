// The places of a Smallville import: the sector/arena/object block lists of the original implementation (Park et
// al. 2023) become locations with sub-areas and objects, placed from the tile mazes when given, else from spatial
// memories, else by keyword hints. Pure: the caller reads the files (smallville-files.ts).
import { parseCsv } from '../core/csv.ts';
import type { TownFileInput } from './file.ts';
import type { SmallvilleSource } from './smallville.ts';

/** Tuning of the import; each constant says where it comes from. */
export const SMALLVILLE_IMPORT = {
  start: '2023-02-13 07:00', // paper sec. 7: the end-to-end run starts on February 13, 2023
  // Original simulation: one tile per 10-second step, so about 6 tiles per simulated minute of walking.
  tilesPerMinute: 6,
  // Paper sec. 7.3: residents entered shops after they closed at 5 pm; the data has no hours, so we give shops these.
  shopHours: '08:00-17:00',
  // Paper sec. 7.3: a one-person dorm bathroom was crowded; every bathroom takes one person at a time.
  bathroomCapacity: 1,
};

interface Blocks {
  /** block id -> fields after the id (world, sector, ...), trimmed. */
  byId: Map<number, string[]>;
}

function parseBlocks(text: string, file: string, minFields: number, problems: string[]): Blocks {
  const byId = new Map<number, string[]>();
  parseCsv(text).forEach((row, i) => {
    const id = Number(row[0]);
    if (!Number.isInteger(id) || row.length < minFields + 1) {
      problems.push(
        `${file} row ${i + 1}: expected "id, ${['world', 'sector', 'arena', 'object'].slice(0, minFields).join(', ')}"`,
      );
      return;
    }
    byId.set(
      id,
      row.slice(1).map((f) => f.trim()),
    );
  });
  return { byId };
}

/** The three block lists, each row checked (problems are collected, one line each). */
export function readBlocks(src: SmallvilleSource, problems: string[]) {
  return {
    sectors: parseBlocks(src.sectorBlocks, 'sector_blocks.csv', 2, problems),
    arenas: parseBlocks(src.arenaBlocks, 'arena_blocks.csv', 3, problems),
    objects: parseBlocks(src.objectBlocks, 'game_object_blocks.csv', 3, problems),
  };
}

/** Sectors in file order with their arenas, the objects of each (sector, arena), and each sector's centre on the map. */
export interface SmallvillePlaces {
  sectorOrder: string[];
  arenasOf: Map<string, string[]>;
  objectsOf: Map<string, Set<string>>;
  centroid: Map<string, { x: number; y: number; n: number }>;
}

const key = (s: string, a: string) => `${s}\u0000${a}`;

const EMOJI: [RegExp, string][] = [
  [/cafe|coffee/i, '☕'],
  [/pub|bar\b/i, '🍺'],
  [/dorm/i, '🏫'],
  [/co-living|artist/i, '🎨'],
  [/apartment/i, '🏢'],
  [/house|home/i, '🏡'],
  [/college|school/i, '🎓'],
  [/park/i, '🌳'],
  [/pharmacy|market/i, '🛒'],
  [/supply|store|shop/i, '🧰'],
];

function emojiFor(name: string): string {
  return EMOJI.find(([re]) => re.test(name))?.[1] ?? '📍';
}

/** Objects by arena keyword when no maze says where objects stand. */
const OBJECT_HINTS: [RegExp, RegExp][] = [
  [/bathroom/i, /shower|toilet|bathroom sink/i],
  [/kitchen/i, /kitchen sink|refrigerator|toaster|cooking area/i],
  [/common room/i, /common room|game console|piano|guitar/i],
  [/room|bedroom|main room/i, /^bed$|desk|closet|shelf|easel|guitar|computer|game console/i],
  [/cafe/i, /cafe|piano|refrigerator|cooking area|kitchen sink/i],
  [/pub/i, /bar |behind the bar|microphone|pool table|refrigerator|kitchen sink|cooking area|shelf/i],
  [/library/i, /library|bookshelf/i],
  [/classroom/i, /classroom|blackboard/i],
  [/supply store/i, /supply store/i],
  [/store/i, /pharmacy|grocery/i],
  [/park/i, /park garden|garden chair/i],
  [/garden/i, /garden|garden chair/i],
];

export function readPlaces(src: SmallvilleSource, blocks: ReturnType<typeof readBlocks>): SmallvillePlaces {
  const { sectors, arenas, objects } = blocks;
  // Sectors -> locations, arenas -> sub-areas.
  const sectorOrder: string[] = [];
  const arenasOf = new Map<string, string[]>();
  for (const fields of sectors.byId.values()) {
    const s = fields[1] as string;
    if (!arenasOf.has(s)) {
      arenasOf.set(s, []);
      sectorOrder.push(s);
    }
  }
  for (const fields of arenas.byId.values()) {
    const s = fields[1] as string;
    const a = fields[2] as string;
    if (!arenasOf.has(s)) {
      arenasOf.set(s, []);
      sectorOrder.push(s);
    }
    const list = arenasOf.get(s) as string[];
    if (!list.includes(a)) list.push(a);
  }
  const objectNames = [...new Set([...objects.byId.values()].map((f) => f[f.length - 1] as string))];

  // Objects per (sector, arena): from the tile mazes when given, else spatial memories, else keyword hints.
  const objectsOf = new Map<string, Set<string>>();
  const addObject = (s: string, a: string, o: string) => {
    const k = key(s, a);
    if (!objectsOf.has(k)) objectsOf.set(k, new Set());
    objectsOf.get(k)?.add(o);
  };
  const centroid = new Map<string, { x: number; y: number; n: number }>();
  if (src.mazes) {
    const ints = (t: string) => t.split(',').map((v) => Number(v.trim()) || 0);
    const sectorTiles = ints(src.mazes.sector);
    const arenaTiles = ints(src.mazes.arena);
    const objectTiles = ints(src.mazes.object);
    const w = src.mazes.width;
    for (let i = 0; i < arenaTiles.length; i++) {
      const ob = objectTiles[i] ?? 0;
      const ar = arenaTiles[i] ?? 0;
      if (ob !== 0 && ar !== 0) {
        const of = objects.byId.get(ob);
        const af = arenas.byId.get(ar);
        if (of && af) addObject(af[1] as string, af[2] as string, of[of.length - 1] as string);
      }
      const se = sectorTiles[i] ?? 0;
      const sf = se !== 0 ? sectors.byId.get(se) : undefined;
      if (sf) {
        const s = sf[1] as string;
        const c = centroid.get(s) ?? { x: 0, y: 0, n: 0 };
        c.x += i % w;
        c.y += Math.floor(i / w);
        c.n++;
        centroid.set(s, c);
      }
    }
  }
  for (const text of Object.values(src.spatial ?? {})) {
    try {
      const tree = JSON.parse(text) as Record<string, Record<string, Record<string, string[]>>>;
      for (const world of Object.values(tree))
        for (const [s, arenaMap] of Object.entries(world))
          for (const [a, objs] of Object.entries(arenaMap))
            if (arenasOf.get(s.trim())?.includes(a.trim()) && !src.mazes)
              for (const o of objs) addObject(s.trim(), a.trim(), o);
    } catch {
      // a malformed optional spatial memory only loses object placement hints
    }
  }
  for (const [s, list] of arenasOf)
    for (const a of list) {
      if (objectsOf.has(key(s, a))) continue;
      const hint = OBJECT_HINTS.find(([re]) => re.test(a) || re.test(s));
      if (hint) for (const o of objectNames) if (hint[1].test(o)) addObject(s, a, o);
    }
  return { sectorOrder, arenasOf, objectsOf, centroid };
}

/** The town file's locations: homes are private, shops get the paper's hours, bathrooms hold one. */
export function placeLocations(
  places: SmallvillePlaces,
  homeSectors: Set<string>,
  locId: Map<string, string>,
): TownFileInput['locations'] {
  const { sectorOrder, arenasOf, objectsOf, centroid } = places;
  return sectorOrder.map((s) => {
    const c = centroid.get(s);
    const shop = /store|market|pharmacy/i.test(s) && !homeSectors.has(s);
    return {
      id: locId.get(s) as string,
      name: s,
      emoji: emojiFor(s),
      public: !homeSectors.has(s),
      ...(homeSectors.has(s) ? { kind: 'home' } : {}),
      ...(shop ? { hours: SMALLVILLE_IMPORT.shopHours } : {}),
      ...(c
        ? {
            position: {
              x: c.x / c.n / SMALLVILLE_IMPORT.tilesPerMinute,
              y: c.y / c.n / SMALLVILLE_IMPORT.tilesPerMinute,
            },
          }
        : {}),
      subAreas: (arenasOf.get(s)?.length ? (arenasOf.get(s) as string[]) : ['main']).map((a) => ({
        name: a,
        ...(/bathroom/i.test(a) ? { capacity: SMALLVILLE_IMPORT.bathroomCapacity } : {}),
        objects: [...(objectsOf.get(key(s, a)) ?? [])],
      })),
    };
  });
}

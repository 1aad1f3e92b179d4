// Importer for the Smallville ("the Ville") files of the original implementation (Park et al. 2023): persona
// scratch files, the sector/arena/object block lists, optional tile mazes (object placement, distances), optional
// spatial memories, and the seed memories CSV (Name,Whisper). Pure: the caller reads the files (smallville-files.ts).
import { z } from 'zod';
import { parseSimStart } from '../core/time.ts';
import { slugify, type TownFile, TownFileError, type TownFileInput, validateTownFile } from './file.ts';
import { paperFacts, startIn, withTrackedFile } from './smallville-tracked.ts';
import { deriveTracked } from './tracked.ts';
import { PLAIN_ISSUES_AFTER_PATH } from '../core/validation-text.ts';

export interface SmallvilleSource {
  /** Persona scratch files: [file name, text]. */
  personas: [string, string][];
  sectorBlocks: string;
  arenaBlocks: string;
  objectBlocks: string;
  /** agent_history_init CSV (header Name,Whisper). */
  whispers?: string;
  /** Tile mazes (one line of comma-separated block ids each) with the map width. */
  mazes?: { width: number; sector: string; arena: string; object: string };
  /** spatial_memory JSON per persona name. */
  spatial?: Record<string, string>;
  /** The world's name as its files give it (maze_meta_info.json world_name, or world_blocks.csv). */
  worldName?: string;
  /** What the town tracks (`facts:` and `events:` as in a town file), from facts.yaml / facts.json beside the files. */
  tracked?: { file: string; text: string };
}

/** An import and how its facts and events came: from the file beside it, derived from the seeds, or none. */
export interface SmallvilleImport {
  town: TownFile;
  tracked: 'file' | 'derived' | 'none';
  /** What was derived, one line each (or the file it came from). */
  notes: string[];
}

/** "the ville" -> "The Ville": a world name from the files, as a town name. */
export function townNameFromWorld(world: string): string {
  return world.replace(/(^|\s)(\p{Ll})/gu, (_m, sp: string, c: string) => sp + c.toUpperCase());
}

export interface SmallvilleOptions {
  name?: string;
  start?: string;
  minutesPerTick?: number;
}

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

const personaSchema = z.object({
  name: z.string().min(1),
  first_name: z.string().min(1),
  last_name: z.string().optional(),
  age: z.number().int(),
  innate: z.string().min(1),
  learned: z.string().min(1),
  currently: z.string().min(1),
  lifestyle: z.string().min(1),
  living_area: z.string().min(1),
  daily_plan_req: z.string().optional(),
});
export type PersonaFile = z.output<typeof personaSchema>;

/** Parses a CSV document (quoted fields with doubled quotes; separator "," with optional spaces after it). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const pushField = () => {
    row.push(quoted ? field : field.trim());
    field = '';
    quoted = false;
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' && field.trim() === '' && !quoted) {
      // opening quote of a quoted field
      let j = i + 1;
      let value = '';
      while (j < text.length) {
        const d = text[j] as string;
        if (d === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          j++;
          break;
        }
        value += d;
        j++;
      }
      field = value;
      quoted = true;
      i = j;
      continue;
    }
    if (c === ',') {
      pushField();
      i++;
      continue;
    }
    if (c === '\n' || c === '\r') {
      pushField();
      if (row.some((f) => f.length > 0)) rows.push(row);
      row = [];
      if (c === '\r' && text[i + 1] === '\n') i++;
      i++;
      continue;
    }
    if (!quoted) field += c;
    i++;
  }
  pushField();
  if (row.some((f) => f.length > 0)) rows.push(row);
  return rows;
}

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

const stems = (s: string) =>
  s
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 3 && !['house', 'apartment', 'the'].includes(w))
    .map((w) => w.slice(0, 5));

/** Position of the first word of `sector` in `text` when all its words occur there, else -1. */
function mentionAt(text: string, sector: string): number {
  const words = stems(sector);
  if (words.length === 0) return -1;
  const hay = stems(text);
  if (!words.every((w) => hay.includes(w))) return -1;
  return Math.min(...words.map((w) => hay.indexOf(w)));
}

/** The first non-home place named in the daily plan requirement, else in the occupation sentence. */
function inferWorkplace(p: PersonaFile, sectors: string[], homes: Set<string>): string | undefined {
  for (const text of [p.daily_plan_req ?? '', p.learned]) {
    let best: [number, string] | undefined;
    for (const s of sectors) {
      if (homes.has(s)) continue;
      const at = mentionAt(text, s);
      if (at >= 0 && (!best || at < best[0])) best = [at, s];
    }
    if (best) return best[1];
  }
  return undefined;
}

function splitPhrases(text: string): string[] {
  return text
    .split(/;|(?<=[.!?])\s+(?=[A-Z])/)
    .map((p) => p.trim().replace(/[.;]+$/, ''))
    .filter((p) => p.length > 0);
}

/** Converts Smallville files into a validated town file (throws TownFileError listing every problem). */
export function importSmallville(src: SmallvilleSource, opts: SmallvilleOptions = {}): TownFile {
  return importSmallvilleTracked(src, opts).town;
}

/**
 * The import with what it tracks: the facts and events of the file beside it (checked with its lines), else those
 * derived from the seeds (a phrase naming a day, a time and a place; a secret), else the paper's two facts when
 * the folder is the paper's Smallville.
 */
export function importSmallvilleTracked(src: SmallvilleSource, opts: SmallvilleOptions = {}): SmallvilleImport {
  const problems: string[] = [];
  const sectors = parseBlocks(src.sectorBlocks, 'sector_blocks.csv', 2, problems);
  const arenas = parseBlocks(src.arenaBlocks, 'arena_blocks.csv', 3, problems);
  const objects = parseBlocks(src.objectBlocks, 'game_object_blocks.csv', 3, problems);

  const personas: PersonaFile[] = [];
  for (const [file, text] of src.personas) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      problems.push(`${file}: not JSON (${(e as Error).message})`);
      continue;
    }
    const r = personaSchema.safeParse(json, PLAIN_ISSUES_AFTER_PATH);
    if (!r.success) {
      for (const issue of r.error.issues)
        problems.push(`${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
      continue;
    }
    personas.push(r.data);
  }
  if (personas.length === 0) problems.push('no persona files found');
  if (problems.length > 0) throw new TownFileError('Smallville import', problems);

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
  const key = (s: string, a: string) => `${s}\u0000${a}`;
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

  // Residents.
  const whispers = new Map<string, string>();
  if (src.whispers) {
    const rows = parseCsv(src.whispers);
    for (const row of rows.slice(rows[0]?.[0]?.toLowerCase() === 'name' ? 1 : 0)) {
      if (row[0]) whispers.set(row[0].trim(), row[1] ?? '');
    }
  }
  const homeOf = (p: PersonaFile) => {
    const [, sector, arena] = p.living_area.split(':').map((s) => s.trim());
    return { sector: sector ?? '', arena };
  };
  const homeSectors = new Set(personas.map((p) => homeOf(p).sector));
  const locId = new Map(sectorOrder.map((s) => [s, slugify(s)]));

  const residents: TownFileInput['residents'] = personas.map((p) => {
    const home = homeOf(p);
    const work = inferWorkplace(p, sectorOrder, homeSectors);
    const phrases = [
      ...splitPhrases(p.learned),
      ...splitPhrases(p.currently),
      ...splitPhrases(whispers.get(p.name) ?? ''),
    ];
    const known: string[] = [];
    const spatial = src.spatial?.[p.name];
    if (spatial) {
      try {
        const tree = JSON.parse(spatial) as Record<string, Record<string, unknown>>;
        for (const world of Object.values(tree))
          for (const s of Object.keys(world)) {
            const id = locId.get(s.trim());
            if (id) known.push(id);
          }
      } catch {
        // optional file; the public places are known anyway
      }
    }
    return {
      id: slugify(p.name),
      name: p.name,
      firstName: p.first_name,
      age: p.age,
      innate: p.innate,
      learned: p.learned,
      currently: p.currently,
      lifestyle: p.lifestyle,
      ...(p.daily_plan_req?.trim() ? { dailyPlan: p.daily_plan_req.trim() } : {}),
      home: locId.get(home.sector) ?? slugify(home.sector),
      ...(home.arena ? { homeArea: home.arena } : {}),
      ...(work ? { workplace: locId.get(work) } : {}),
      knows: known,
      emoji: '🙂',
      seed: phrases.join('; '),
    };
  });

  const locations: TownFileInput['locations'] = sectorOrder.map((s) => {
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

  const base: TownFileInput = {
    name: opts.name ?? (src.worldName ? townNameFromWorld(src.worldName) : 'Smallville'),
    description: src.worldName
      ? `${townNameFromWorld(src.worldName)}, imported from files in the format of Park et al. (2023)'s implementation.`
      : "A town imported from files in the format of Park et al. (2023)'s implementation.",
    start: opts.start ?? SMALLVILLE_IMPORT.start,
    minutesPerTick: opts.minutesPerTick ?? 10,
    locations,
    residents,
  };
  // (the file beside may say when the town starts, so its events' dates fall in the run; --start wins)
  const trackedStart = src.tracked && !opts.start ? startIn(src.tracked) : null;
  if (trackedStart) base.start = trackedStart;
  const town = validateTownFile(base, 'Smallville import');
  if (src.tracked)
    return { town: withTrackedFile(base, town, src.tracked), tracked: 'file', notes: [`from ${src.tracked.file}`] };
  const derived = deriveTracked(
    town.residents.map((r) => ({
      name: r.name,
      phrases: [...r.seed.split(';'), r.currently].map((x) => x.trim()).filter(Boolean),
    })),
    town.locations.map((l) => ({ id: l.id, name: l.name })),
    parseSimStart(town.start) ?? 0,
  );
  // (the paper's facts, its measured question and keywords, stand for what their holders' seeds would give)
  const paper = paperFacts(personas, locId);
  const papers = new Set(paper.map((f) => f.holder));
  const facts = [...derived.facts.filter((f) => !papers.has(f.holder)), ...paper];
  const events = derived.events.filter((e) => !papers.has(e.host));
  const notes = [
    ...derived.notes.filter((n) => ![...papers].some((h) => n.includes(`by ${h} `) || n.includes(`to ${h} alone`))),
    ...paper.map((f) => `fact "${f.id}": the paper's (sec. 7.1), held by ${f.holder}`),
  ];
  const tracked = facts.length + events.length > 0 ? 'derived' : 'none';
  return { town: validateTownFile({ ...base, facts, events }, 'Smallville import'), tracked, notes };
}

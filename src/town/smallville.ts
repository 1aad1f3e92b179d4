// Importer for the Smallville ("the Ville") files of the original implementation (Park et al. 2023): persona
// scratch files, the sector/arena/object block lists, optional tile mazes (object placement, distances), optional
// spatial memories, and the seed memories CSV (Name,Whisper). Pure: the caller reads the files (smallville-files.ts).
import { z } from 'zod';
import { parseCsv } from '../core/csv.ts';
import { PLAIN_ISSUES_AFTER_PATH } from '../core/validation-text.ts';
import { slugify, type TownFile, TownFileError, type TownFileInput, validateTownFile } from './file.ts';
import { readTownNeutral } from './reading/read.ts';
import { townFrame, townTexts } from './reading/town-text.ts';
import { trackedFromReading } from './reading/tracked.ts';
import { placeLocations, readBlocks, readPlaces, SMALLVILLE_IMPORT } from './smallville-places.ts';
import { paperFacts, startIn, withTrackedFile } from './smallville-tracked.ts';

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

/** An import and how its facts and events came: from the file beside it, read from the town (its reading), or none. */
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
 * the town's reading finds (its events; each resident's own private matter), with the paper's two facts when the
 * folder is the paper's Smallville.
 */
export function importSmallvilleTracked(src: SmallvilleSource, opts: SmallvilleOptions = {}): SmallvilleImport {
  const problems: string[] = [];
  const blocks = readBlocks(src, problems);

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

  const places = readPlaces(src, blocks);

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
  const locId = new Map(places.sectorOrder.map((s) => [s, slugify(s)]));

  const residents: TownFileInput['residents'] = personas.map((p) => {
    const home = homeOf(p);
    const work = inferWorkplace(p, places.sectorOrder, homeSectors);
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

  const locations = placeLocations(places, homeSectors, locId);

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
  // what the town's reading finds (the neutral reader: an import is read by rules; a model re-reads the town when it
  // is created): its events and each resident's own private matter
  const derived = trackedFromReading(town, readTownNeutral(townTexts(town), townFrame(town)));
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

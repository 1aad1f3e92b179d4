// The town file (JSON or YAML): residents, locations, sub-areas, objects, start time, tick length, settings.
// Validated with zod; every bad field is reported with its path ("residents[3].home: unknown location 'cafe'").
// Format documented in docs/town-file.md.
import { LineCounter, parseDocument, parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { parseSimStart } from '../core/time.ts';
import { plainName } from '../core/user-text.ts';
import { PLAIN_ISSUES_AFTER_PATH } from '../core/validation-text.ts';
import { UserError } from '../errors.ts';
import type { TownReading } from './reading/types.ts';
import { DEFAULT_TOWN_SETTINGS, type TownSettings } from './settings.ts';
import { TOWN_HALL } from './types.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,47}$/;
const HOURS = /^\s*\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}\s*(,\s*\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}\s*)*$/;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);
/** A name people will see: bidi overrides and zero-width characters dropped first (src/core/user-text.ts). */
const shownName = (max: number) =>
  z.string().overwrite(plainName).trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);
const slug = z.string().regex(SLUG, 'lowercase letters, digits and hyphens, starting with a letter or digit');

const objectSchema = z.union([
  shownName(80),
  z.strictObject({ name: shownName(80), status: text(200).optional(), idle: text(200).optional() }),
]);

const subAreaSchema = z.strictObject({
  name: shownName(80),
  capacity: z.number().int().min(1).optional(),
  objects: z.array(objectSchema).default([]),
});

const locationSchema = z.strictObject({
  id: slug.refine((s) => s !== TOWN_HALL, `'${TOWN_HALL}' is reserved for the daily digest`),
  name: shownName(80),
  emoji: text(16).default('📍'),
  kind: text(40).optional(),
  description: text(500).optional(),
  public: z.boolean().optional(),
  hours: z.string().regex(HOURS, 'opening hours like "08:00-20:00" or "07:00-11:00, 17:00-23:00"').optional(),
  capacity: z.number().int().min(1).optional(),
  position: z.strictObject({ x: z.number().finite(), y: z.number().finite() }).optional(),
  /** 'subArea': residents see and talk only within their sub-area (e.g. a street of separate houses). */
  perception: z.enum(['location', 'subArea']).optional(),
  subAreas: z.array(subAreaSchema).min(1, 'a location needs at least one sub-area'),
});

const residentSchema = z.strictObject({
  id: slug.optional(),
  name: shownName(80),
  firstName: shownName(40).optional(),
  age: z.number().int().min(1).max(130),
  innate: text(300),
  learned: text(1500),
  currently: text(1500),
  lifestyle: text(600),
  /** Standing requirement for the daily plan (Smallville's daily_plan_req). */
  dailyPlan: z.string().trim().max(600).optional(),
  home: slug,
  /** Sub-area of home where the resident wakes up. */
  homeArea: text(80).optional(),
  workplace: slug.optional(),
  /** Where the resident is at the start time (default: home). */
  startAt: slug.optional(),
  /** Places known from the start besides home, workplace and public places. */
  knows: z.array(slug).default([]),
  emoji: text(16).optional(),
  avatarUrl: z.url().optional(),
  /** The paper's seed paragraph: semicolon-separated phrases, each stored as a memory. */
  seed: text(6000),
  /** Family and household besides what the seed says: who, and what they are to this resident ("wife"). */
  family: z.array(z.strictObject({ name: text(80), relation: text(40) })).optional(),
});

const factSchema = z.strictObject({
  id: slug,
  description: text(300),
  /** Resident (name or id) who knows it at the start. */
  holder: text(80),
  question: text(300),
  keywords: z.array(text(60)).min(1),
  /** When the fact is an event (a party, a meeting): where and when, so attendance can be counted (sec. 7.3). */
  event: z
    .strictObject({
      /** What it is, in the town's own words ("beach clean-up"): a plan naming it is a plan to attend. */
      kind: text(60).optional(),
      /** Residents (names or ids) the host means to invite; absent: everyone. */
      invited: z.array(text(80)).min(1).optional(),
      location: slug,
      start: z.string().refine((s) => parseSimStart(s) !== null, 'a date and time like "2023-02-14 17:00"'),
      end: z.string().refine((s) => parseSimStart(s) !== null, 'a date and time like "2023-02-14 19:00"'),
    })
    .refine((e) => (parseSimStart(e.end) ?? 0) > (parseSimStart(e.start) ?? 0), 'the event must end after it starts')
    .optional(),
});

const when = (example: string) =>
  z.string().refine((s) => parseSimStart(s) !== null, `a date and time like "${example}"`);

/**
 * An event the town tracks (issue 23): what it is in the town's own words, who hosts it, where and when, and who is
 * invited. It is measured like a fact (who knows of it: diffusion) and by attendance; its host knows of it from the
 * start (a seed phrase is added when the host's seed does not already say it).
 */
const eventSchema = z
  .strictObject({
    id: slug.optional(),
    kind: text(60),
    host: text(80),
    /** A location id. */
    place: text(80),
    start: when('2023-02-14 17:00'),
    end: when('2023-02-14 19:00'),
    /** Residents (names or ids) the host means to invite, or everyone (default). */
    invited: z.union([z.literal('everyone'), z.array(text(80)).min(1)]).default('everyone'),
    /** The interview question and the answer's key content (default: asked by kind, keyed on kind and host/place). */
    question: text(300).optional(),
    keywords: z.array(text(60)).min(1).optional(),
  })
  .refine((e) => (parseSimStart(e.end) ?? 0) > (parseSimStart(e.start) ?? 0), {
    message: 'the event must end after it starts',
    path: ['end'],
  });

const settingsSchema = z
  .strictObject({
    cron: text(60),
    speed: z.number().positive().max(100),
    concurrency: z.number().int().min(1).max(64),
    attentionBandwidth: z.number().int().min(1).max(50),
    conversationCooldownMinutes: z.number().min(0),
    maxConversationsPerTick: z.number().int().min(0).max(50),
    maxGroupSize: z.number().int().min(2).max(25),
    talkFloorPerTick: z.number().int().min(0).max(100),
    talksPerDay: z.number().int().min(0).max(1000),
    minutesPerDistanceUnit: z.number().positive(),
    catchUp: z.enum(['resume', 'skip', 'replay']),
    catchUpMaxTicks: z.number().int().min(0),
    leaseMs: z.number().int().min(1000),
    maxMessageChars: z.number().int().min(1).max(100_000),
    planSummaryLines: z.number().int().min(0).max(20),
    bystanderLines: z.number().int().min(0).max(20),
    digestMaxItems: z.number().int().min(1).max(100),
    dailyTokenBudget: z.number().int().min(0).nullable(),
  })
  .partial();

export const townFileSchema = z
  .strictObject({
    name: shownName(80),
    description: text(1000).optional(),
    start: z.string().refine((s) => parseSimStart(s) !== null, 'a date and time like "2023-02-13 07:00"'),
    minutesPerTick: z.number().int().min(1).max(240).default(DEFAULT_TOWN_SETTINGS.minutesPerTick),
    settings: settingsSchema.default({}),
    /** Agent-mind overrides (src/agent settings), passed through unchanged. */
    agent: z.record(z.string(), z.unknown()).default({}),
    locations: z.array(locationSchema).min(1, 'a town needs at least one location'),
    travel: z
      .array(
        z.strictObject({
          from: slug,
          to: slug,
          minutes: z
            .number()
            .min(0)
            .max(24 * 60),
        }),
      )
      .default([]),
    residents: z.array(residentSchema).min(1, 'a town needs at least one resident'),
    facts: z.array(factSchema).default([]),
    events: z.array(eventSchema).default([]),
  })
  .superRefine((town, ctx) => {
    const locIds = new Set<string>();
    town.locations.forEach((l, i) => {
      if (locIds.has(l.id))
        ctx.addIssue({ code: 'custom', path: ['locations', i, 'id'], message: `duplicate id '${l.id}'` });
      locIds.add(l.id);
      const areas = new Set<string>();
      l.subAreas.forEach((a, j) => {
        const key = a.name.toLowerCase();
        if (areas.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['locations', i, 'subAreas', j, 'name'],
            message: `duplicate sub-area '${a.name}'`,
          });
        areas.add(key);
      });
    });
    const loc = (path: (string | number)[], id: string | undefined) => {
      if (id !== undefined && !locIds.has(id))
        ctx.addIssue({ code: 'custom', path, message: `unknown location '${id}'` });
    };
    town.travel.forEach((t, i) => {
      loc(['travel', i, 'from'], t.from);
      loc(['travel', i, 'to'], t.to);
    });
    const ids = new Set<string>();
    const names = new Set<string>();
    town.residents.forEach((r, i) => {
      const id = r.id ?? slugify(r.name);
      if (ids.has(id))
        ctx.addIssue({ code: 'custom', path: ['residents', i, 'id'], message: `duplicate resident id '${id}'` });
      if (names.has(r.name.toLowerCase()))
        ctx.addIssue({
          code: 'custom',
          path: ['residents', i, 'name'],
          message: `duplicate resident name '${r.name}'`,
        });
      ids.add(id);
      names.add(r.name.toLowerCase());
      loc(['residents', i, 'home'], r.home);
      loc(['residents', i, 'workplace'], r.workplace);
      loc(['residents', i, 'startAt'], r.startAt);
      r.knows.forEach((k, j) => {
        loc(['residents', i, 'knows', j], k);
      });
      const home = town.locations.find((l) => l.id === r.home);
      if (home && r.homeArea && !home.subAreas.some((a) => a.name.toLowerCase() === r.homeArea?.toLowerCase()))
        ctx.addIssue({
          code: 'custom',
          path: ['residents', i, 'homeArea'],
          message: `'${r.homeArea}' is not a sub-area of '${r.home}'`,
        });
      if (!r.seed.split(';').some((p) => p.trim().length > 0))
        ctx.addIssue({ code: 'custom', path: ['residents', i, 'seed'], message: 'needs at least one phrase' });
    });
    const isResident = (name: string) => {
      const h = name.toLowerCase();
      return town.residents.some((r) => r.name.toLowerCase() === h || (r.id ?? slugify(r.name)) === h);
    };
    // a time before the town starts is outside any run of it
    const start = parseSimStart(town.start) ?? 0;
    const inRun = (path: (string | number)[], t: string) => {
      const ms = parseSimStart(t);
      if (ms !== null && ms < start)
        ctx.addIssue({ code: 'custom', path, message: `${t} is before the town starts (${town.start})` });
    };
    town.facts.forEach((f, i) => {
      if (!isResident(f.holder))
        ctx.addIssue({ code: 'custom', path: ['facts', i, 'holder'], message: `unknown resident '${f.holder}'` });
      if (f.event && !locIds.has(f.event.location))
        ctx.addIssue({
          code: 'custom',
          path: ['facts', i, 'event', 'location'],
          message: `unknown location '${f.event.location}'`,
        });
      if (f.event) inRun(['facts', i, 'event', 'start'], f.event.start);
    });
    const eventIds = new Set(town.facts.map((f) => f.id));
    town.events.forEach((e, i) => {
      if (!isResident(e.host))
        ctx.addIssue({ code: 'custom', path: ['events', i, 'host'], message: `unknown resident '${e.host}'` });
      if (!locIds.has(e.place))
        ctx.addIssue({ code: 'custom', path: ['events', i, 'place'], message: `unknown location '${e.place}'` });
      if (e.invited !== 'everyone')
        e.invited.forEach((n, j) => {
          if (!isResident(n))
            ctx.addIssue({ code: 'custom', path: ['events', i, 'invited', j], message: `unknown resident '${n}'` });
        });
      inRun(['events', i, 'start'], e.start);
      const id = e.id ?? slugify(e.kind);
      if (eventIds.has(id))
        ctx.addIssue({ code: 'custom', path: ['events', i, 'id'], message: `duplicate fact or event id '${id}'` });
      eventIds.add(id);
    });
  });

/**
 * A checked town file; `reading` is its sidecar's reading when one lies beside the file (reading/sidecar.ts), and
 * `readingProblems` why a sidecar beside it was not used.
 */
export type TownFile = z.output<typeof townFileSchema> & { reading?: TownReading; readingProblems?: string[] };
export type TownFileInput = z.input<typeof townFileSchema>;
export type TownFileSettings = Partial<TownSettings>;

/** "Isabella Rodriguez's apartment" -> "isabella-rodriguezs-apartment" */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return s.length > 0 ? s : 'x';
}

export class TownFileError extends UserError {
  readonly problems: string[];
  constructor(source: string, problems: string[]) {
    super('town/invalid_file', `Town file ${source} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`, {
      source,
      problems,
    });
    this.problems = problems;
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out.length === 0 ? String(p) : `.${String(p)}`;
  }
  return out.length > 0 ? out : '(root)';
}

/**
 * Validates an already-parsed object; throws TownFileError naming the path of every bad field (and its line, when
 * `lineOf` can find it in the text it came from).
 */
export function validateTownFile(
  data: unknown,
  source = 'town file',
  lineOf?: (path: readonly PropertyKey[]) => number | null,
): TownFile {
  const result = townFileSchema.safeParse(data, PLAIN_ISSUES_AFTER_PATH);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => {
    const line = lineOf?.(i.path) ?? null;
    return `${line !== null ? `line ${line}: ` : ''}${formatPath(i.path)}: ${i.message}`;
  });
  throw new TownFileError(source, problems);
}

/** The 1-based line a path's value starts on in YAML or JSON text (the nearest ancestor that exists), or null. */
export function lineFinder(content: string): (path: readonly PropertyKey[]) => number | null {
  let doc: ReturnType<typeof parseDocument> | null = null;
  const counter = new LineCounter();
  try {
    doc = parseDocument(content, { lineCounter: counter });
  } catch {
    return () => null;
  }
  return (path) => {
    const keys = path.filter((k): k is string | number => typeof k !== 'symbol');
    for (let n = keys.length; n >= 0; n--) {
      const node = doc?.getIn(keys.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return counter.linePos(node.range[0]).line;
    }
    return null;
  };
}

/** Parses JSON or YAML text (YAML is a superset of JSON; `.json` files use JSON.parse for precise errors). */
export function parseTownFile(content: string, source = 'town file'): TownFile {
  let data: unknown;
  try {
    data = source.toLowerCase().endsWith('.json') ? JSON.parse(content) : parseYaml(content);
  } catch (e) {
    throw new TownFileError(source, [`cannot be parsed: ${(e as Error).message.split('\n')[0]}`]);
  }
  return validateTownFile(data, source, lineFinder(content));
}

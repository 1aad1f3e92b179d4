// The measured error of a town reader (issue 32 item 7): a labelled corpus of residents' texts (format in the
// corpus's FORMAT.md) read by a reader and scored per kind. Matching, per kind: family (name, relation), a generic
// word ("parent", "spouse") matching its specific ones ("mother", "husband"); household by name; work by place, with
// the days and hours the label gives; secrets by owner, a gist word (stemmed) in the matter, and tellTo as a set;
// events by place, start and host with a kind word shared. Each expected item matches at most one read item.
import { z } from 'zod';
import { stem } from '../agent/audience.ts';
import { kindWords } from '../core/event-text.ts';
import type { ResidentReading, ResidentText, TownFrame } from '../town/reading/types.ts';

const Name = z.string().min(1);
const Clock = z.string().regex(/^\d{2}:\d{2}$/);
const Stamp = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

export const ReadingCorpusItem = z.object({
  id: z.string().min(1),
  style: z.string(),
  town: z.object({
    start: Stamp,
    people: z.array(Name).min(1),
    places: z.array(z.object({ id: z.string().min(1), name: z.string().min(1) })),
  }),
  resident: Name,
  text: z.string().min(1),
  expect: z.object({
    family: z.array(z.object({ name: Name, relation: z.string().min(1) })),
    household: z.array(Name),
    work: z
      .object({
        place: z.string().min(1),
        days: z.array(z.string()).nullable(),
        start: Clock.nullable(),
        end: Clock.nullable(),
      })
      .nullable(),
    secrets: z.array(z.object({ owner: Name, gist: z.array(z.string()).min(1), tellTo: z.array(Name) })),
    events: z.array(
      z.object({
        kind: z.string().min(1),
        host: Name,
        place: z.string().min(1),
        start: Stamp,
        end: Stamp,
        invite: z.union([z.literal('everyone'), z.array(Name)]),
      }),
    ),
  }),
});
export type ReadingCorpusItem = z.infer<typeof ReadingCorpusItem>;

/** Parses a corpus file's JSON; a bad item is refused with its place and the reason. */
export function parseReadingCorpus(json: unknown): ReadingCorpusItem[] {
  const r = z.array(ReadingCorpusItem).safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`reading corpus: item ${i.path.join('.')}: ${i.message}`);
  }
  return r.data;
}

export const SCORED_KINDS = ['family', 'household', 'work', 'secrets', 'events'] as const;
export type ScoredKind = (typeof SCORED_KINDS)[number];

export interface KindScore {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
}

export interface ReadingMiss {
  id: string;
  kind: ScoredKind;
  /** Expected items the reader did not give. */
  missed: string[];
  /** Items the reader gave that no label asked for. */
  extra: string[];
}

export interface ReadingScore {
  items: number;
  kinds: Record<ScoredKind, KindScore>;
  overall: KindScore;
  misses: ReadingMiss[];
}

export type Reader = (text: ResidentText, frame: TownFrame) => ResidentReading;

const GENERIC: Record<string, string[]> = {
  parent: ['mother', 'father'],
  child: ['son', 'daughter'],
  spouse: ['wife', 'husband'],
  sibling: ['brother', 'sister'],
  grandparent: ['grandmother', 'grandfather'],
  grandchild: ['grandson', 'granddaughter'],
};
export const relationMatches = (read: string, expected: string): boolean =>
  read === expected || (GENERIC[read]?.includes(expected) ?? false);

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === new Set(a.map((x) => x.toLowerCase())).size &&
  new Set(a.map((x) => x.toLowerCase())).size === new Set(b.map((x) => x.toLowerCase())).size &&
  a.every((x) => b.some((y) => same(x, y)));
const stems = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w !== '')
      .map(stem),
  );

/** Pairs expected with read items one to one (first fit); what is left over is missed or extra. */
function pair<E, R>(expected: readonly E[], read: readonly R[], fits: (e: E, r: R) => boolean) {
  const used = new Set<number>();
  const missed: E[] = [];
  for (const e of expected) {
    const k = read.findIndex((r, i) => !used.has(i) && fits(e, r));
    if (k < 0) missed.push(e);
    else used.add(k);
  }
  return { tp: used.size, missed, extra: read.filter((_, i) => !used.has(i)) };
}

type Expect = ReadingCorpusItem['expect'];

function scoreItem(e: Expect, r: ResidentReading) {
  const family = pair(e.family, r.family, (x, y) => same(x.name, y.name) && relationMatches(y.relation, x.relation));
  const household = pair(e.household, r.household, same);
  const workFits = (x: NonNullable<Expect['work']>, y: NonNullable<ResidentReading['work']>) =>
    x.place === y.place &&
    (x.days === null || (y.days !== null && sameSet(x.days, y.days))) &&
    (x.start === null || x.start === y.start) &&
    (x.end === null || x.end === y.end);
  const work = pair(e.work ? [e.work] : [], r.work ? [r.work] : [], workFits);
  const secrets = pair(e.secrets, r.secrets, (x, y) => {
    const said = stems(y.matter);
    return same(x.owner, y.owner) && x.gist.some((g) => said.has(stem(g.toLowerCase()))) && sameSet(x.tellTo, y.tellTo);
  });
  const events = pair(e.events, r.events, (x, y) => {
    const kw = new Set(kindWords(y.kind));
    return (
      x.place === y.place && x.start === y.start && same(x.host, y.host) && kindWords(x.kind).some((w) => kw.has(w))
    );
  });
  return { family, household, work, secrets, events };
}

const rate = (tp: number, fp: number, fn: number): KindScore => ({
  tp,
  fp,
  fn,
  precision: tp + fp === 0 ? 1 : tp / (tp + fp),
  recall: tp + fn === 0 ? 1 : tp / (tp + fn),
});

/** Reads every item's text with `read` and scores it against the labels, per kind and overall. */
export function scoreReadings(items: readonly ReadingCorpusItem[], read: Reader): ReadingScore {
  const sums = Object.fromEntries(SCORED_KINDS.map((k) => [k, { tp: 0, fp: 0, fn: 0 }])) as Record<
    ScoredKind,
    { tp: number; fp: number; fn: number }
  >;
  const misses: ReadingMiss[] = [];
  for (const item of items) {
    const reading = read({ resident: item.resident, passages: [{ field: 'text', text: item.text }] }, item.town);
    const s = scoreItem(item.expect, reading);
    for (const k of SCORED_KINDS) {
      const { tp, missed, extra } = s[k];
      sums[k].tp += tp;
      sums[k].fn += missed.length;
      sums[k].fp += extra.length;
      if (missed.length > 0 || extra.length > 0)
        misses.push({
          id: item.id,
          kind: k,
          missed: missed.map((x) => JSON.stringify(x)),
          extra: extra.map((x) => JSON.stringify(x)),
        });
    }
  }
  const kinds = Object.fromEntries(SCORED_KINDS.map((k) => [k, rate(sums[k].tp, sums[k].fp, sums[k].fn)])) as Record<
    ScoredKind,
    KindScore
  >;
  const all = SCORED_KINDS.reduce((a, k) => ({ tp: a.tp + sums[k].tp, fp: a.fp + sums[k].fp, fn: a.fn + sums[k].fn }), {
    tp: 0,
    fp: 0,
    fn: 0,
  });
  return { items: items.length, kinds, overall: rate(all.tp, all.fp, all.fn), misses };
}

/** The score as a plain table: one row per kind and one overall. */
export function formatReadingScore(s: ReadingScore): string {
  const row = (name: string, k: KindScore) =>
    `${name.padEnd(10)} ${String(k.tp).padStart(4)} ${String(k.fp).padStart(4)} ${String(k.fn).padStart(4)}   ${k.precision.toFixed(3)}   ${k.recall.toFixed(3)}`;
  return [
    `${s.items} items`,
    `${'kind'.padEnd(10)} ${'tp'.padStart(4)} ${'fp'.padStart(4)} ${'fn'.padStart(4)}   precision recall`,
    ...SCORED_KINDS.map((k) => row(k, s.kinds[k])),
    row('overall', s.overall),
  ].join('\n');
}

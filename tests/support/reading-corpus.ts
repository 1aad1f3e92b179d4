// The labelled reading corpus as the tests load it, and the floors a part's score must stay at or above (printed).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { formatReadingScore, parseReadingCorpus, SCORED_KINDS, scoreReadings } from '../../src/eval/reading-score.ts';
import { readResidentNeutral } from '../../src/town/reading/neutral/index.ts';

/** A file of tests/fixtures/reading-corpus, parsed. */
export const load = (file: string) =>
  parseReadingCorpus(JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/reading-corpus', file), 'utf8')));

export type Floors = Record<(typeof SCORED_KINDS)[number], { precision: number; recall: number }>;

/** A held-out part: its size and styles, and its score per kind at or above its floors (printed). */
export function heldOutPart(file: string, size: number, floors: Floors) {
  const items = load(file);
  it(`holds ${size} items written by someone who never saw the rules, in at least five styles`, () => {
    expect(items.length).toBe(size);
    expect(new Set(items.map((x) => x.style)).size).toBeGreaterThanOrEqual(5);
  });
  it('stays at or above its floor', () => meetsFloors(items, floors));
}

/** A part of our own in new towns: its size, every resident among its town's people, and its floors. */
export function ownPart(items: ReturnType<typeof load>, size: number, floors: Floors) {
  it(`holds ${size} items in new towns`, () => {
    expect(items.length).toBe(size);
    for (const x of items) expect(x.town.people, x.id).toContain(x.resident);
  });
  it('stays at or above its floor', () => meetsFloors(items, floors));
}

/** The neutral reader's score on these items, per kind, at or above the floors (printed). */
export function meetsFloors(items: ReturnType<typeof load>, floors: Floors) {
  const score = scoreReadings(items, readResidentNeutral);
  console.log(formatReadingScore(score));
  for (const k of SCORED_KINDS) {
    expect(score.kinds[k].precision, `${k} precision`).toBeGreaterThanOrEqual(floors[k].precision);
    expect(score.kinds[k].recall, `${k} recall`).toBeGreaterThanOrEqual(floors[k].recall);
  }
}

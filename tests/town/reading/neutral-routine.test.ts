// Routine from a day plan (issue 32): a habit statement that lists several deeds, each with its own place and hour,
// the place named by its whole name (a word of a name that modifies another noun names no place), and a place's
// opening hour said to time a deed is no work there. Town, names and places made up for this test.
import { describe, expect, it } from 'vitest';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import type { TownFrame } from '../../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-05-12 07:00', // a Monday
  people: ['Amos Penhale', 'Jory Penhale', 'Tegen Rowe'],
  places: [
    { id: 'pilot-office', name: 'Quay Pilot Office' },
    { id: 'lugger', name: 'The Lugger' },
    { id: 'chapel', name: 'the chapel' },
  ],
};
const plan = (text: string, field = 'dailyPlan') =>
  readResidentNeutral({ resident: 'Amos Penhale', passages: [{ field, text }] }, TOWN);

describe('routine with several deeds in one habit statement', () => {
  it('gives each deed its own item, place and hour', () => {
    const r = plan('leans on the quay railings most mornings and drinks his half at The Lugger when it opens at noon');
    expect(r.routine.map((x) => [x.what, x.place, x.start])).toEqual([
      ['lean on the quay railings', null, null],
      ['drink his half', 'lugger', '12:00'],
    ]);
  });

  it('says the place and the hour it holds once: not again in what is done', () => {
    // "at the Lugger" is the item's place, "at seven" its hour: a plan says "drink his half at The Lugger, from
    // 12:00", not "take his half at the Lugger at The Lugger"
    expect(plan('takes his half at the Lugger at noon').routine).toEqual([
      expect.objectContaining({ what: 'take his half', place: 'lugger', start: '12:00' }),
    ]);
    expect(plan('walks the dog at half past six every morning').routine).toEqual([
      expect.objectContaining({ what: 'walk the dog', start: '06:30' }),
    ]);
    // a place or an hour inside the deed, not at its end, stays ("goes up to the chapel to ring the bell")
    expect(plan('walks up to the chapel to ring the bell at six').routine.map((x) => x.what)).toEqual([
      'walk up to the chapel to ring the bell',
    ]);
  });

  it("reads a word of a place's name before another noun as that noun's, not the place", () => {
    // "the quay railings" are railings, not the Quay Pilot Office; "the quay" alone still names it
    const r = plan('leans on the quay railings most mornings and drinks his half at The Lugger when it opens at noon');
    expect(r.routine.some((x) => x.place === 'pilot-office')).toBe(false);
    expect(plan('Amos works at the quay from six till two, weekdays.', 'text').work).toMatchObject({
      place: 'pilot-office',
      start: '06:00',
      end: '14:00',
    });
  });

  it("takes a place's opening hour, said to time a deed, for no work there", () => {
    const r = plan('drinks his half at The Lugger every day when it opens at noon');
    expect(r.work).toBeNull();
    expect(r.routine).toEqual([expect.objectContaining({ what: 'drink his half', place: 'lugger', start: '12:00' })]);
  });

  it("reads a day plan's deeds as routine with no habit word, and other fields' only with one", () => {
    const r = plan('leans on the quay railings in the morning and drinks his half at The Lugger when it opens at noon');
    expect(r.routine.map((x) => x.what)).toEqual(['lean on the quay railings in the morning', 'drink his half']);
    // (with neither a place of the town nor a time, a deed is no routine a day plan can place)
    expect(plan('stops for a chat on his way home').routine).toEqual([]);
    // (opening and closing the workplace are its hours, and a lower-case word of a name is no place)
    expect(plan('opens the pilot office at seven and shuts it at three').routine).toEqual([]);
    expect(plan('walks round the quay in the evening').routine[0]?.place).toBeNull();
    expect(plan('Amos drinks his half at The Lugger when it opens at noon.', 'lifestyle').routine).toEqual([]);
  });

  it('reads no routine in a plan not yet a habit, nor in calling time or knocking off', () => {
    expect(plan('Thinking of opening on Sundays in August.', 'currently').routine).toEqual([]);
    expect(plan('Hoping to swim every morning once the weather turns.', 'currently').routine).toEqual([]);
    expect(plan('pulls pints at The Lugger and calls time at eleven every night').routine).toEqual([]);
    expect(plan('knocks off at four every day and walks home by the chapel').routine.map((x) => x.what)).toEqual([
      expect.stringMatching(/^walk home/),
    ]);
  });

  it('keeps one item for a statement whose "and" joins no second deed', () => {
    const r = plan('walks up to the chapel and back every evening');
    expect(r.routine.map((x) => x.place)).toEqual(['chapel']);
  });
});

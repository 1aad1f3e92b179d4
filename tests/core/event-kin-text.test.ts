// The neutral readers of events and family ties (src/core/event-text.ts, kin-text.ts): any wording, any town.
import { describe, expect, it } from 'vitest';
import { kindInText, readEventText } from '../../src/core/event-text.ts';
import { kinIn, mergeTies } from '../../src/core/kin-text.ts';

const places = [
  { id: 'hall', name: 'The Grange Hall' },
  { id: 'pier', name: 'North Pier' },
  { id: 'cafe', name: 'Lantern Cafe' },
];
const people = ['Nia Holt', 'Ravi Shah'];
const said = Math.floor(Date.UTC(2025, 8, 8) / 86_400_000); // Monday, September 8, 2025
const read = (t: string) => readEventText(t, { said, places, people });

describe('an event read from a sentence: kind in its own words, host, place, day and hours', () => {
  it('reads hosting, reporting, possessive and future wordings alike', () => {
    const swap = { kind: 'seed swap', host: 'Nia Holt', place: 'hall', day: said + 1, start: 18 * 60, end: 20 * 60 };
    expect(read('Nia Holt is organising a seed swap at The Grange Hall on Tuesday from 6 pm to 8 pm')).toEqual(swap);
    expect(
      read('Ravi told Tom that Nia Holt is organising a seed swap at The Grange Hall on Tuesday from 6 pm to 8 pm'),
    ).toEqual(swap);
    expect(read("I plan to go to Nia's seed swap at the Grange Hall tomorrow from 6 pm to 8 pm")).toEqual(swap);
    expect(
      read('Did you hear? Nia mentioned holding a seed swap at The Grange Hall on Tuesday from 6 pm to 8 pm'),
    ).toEqual(swap);
    expect(read('Ravi Shah is going to throw a kite festival at North Pier on Saturday at 2 pm')).toEqual({
      kind: 'kite festival',
      host: 'Ravi Shah',
      place: 'pier',
      day: said + 5,
      start: 14 * 60,
      end: 16 * 60,
    });
  });

  it('a weekly habit, a sentence without a time or without a known place is no event', () => {
    expect(read('Ravi Shah sells fish at North Pier every Saturday from 7 am to 1 pm')).toBeNull();
    expect(read('Nia Holt is organising a seed swap on Tuesday')).toBeNull();
    expect(read('Nia Holt is organising a seed swap at the town square on Tuesday at 6 pm')).toBeNull();
  });

  it('a kind must be the text\'s own words: a model\'s "party" for a clean-up does not hold', () => {
    const text = 'Ravi Shah is hosting a beach clean-up at North Pier on Saturday from 9 am to 11 am';
    expect(kindInText('beach clean-up', text)).toBe(true);
    expect(kindInText('Beach Clean-Up', text)).toBe(true);
    expect(kindInText('party', text)).toBe(false);
    expect(kindInText('beach party', text)).toBe(false);
  });
});

describe('family and household read from seed phrases', () => {
  it('reads both sides of each tie', () => {
    expect(kinIn("Ana Lee and Ben Lee are Cy Lee's parents")).toEqual([
      { of: 'Cy Lee', name: 'Ana Lee', relation: 'parent' },
      { of: 'Ana Lee', name: 'Cy Lee', relation: 'child' },
      { of: 'Cy Lee', name: 'Ben Lee', relation: 'parent' },
      { of: 'Ben Lee', name: 'Cy Lee', relation: 'child' },
    ]);
    expect(kinIn('Ana Lee is married to Ben Lee')).toContainEqual({
      of: 'Ben Lee',
      name: 'Ana Lee',
      relation: 'spouse',
    });
    expect(kinIn('Dee Roy shares the flat with her flatmate Eli Moss')).toContainEqual({
      of: 'Eli Moss',
      name: 'Dee Roy',
      relation: 'flatmate',
    });
    expect(kinIn('Dee Roy knows Eli Moss from work')).toEqual([]);
  });

  it('a specific word wins over a generic one for the same person', () => {
    expect(
      mergeTies([
        { name: 'Ana Lee', relation: 'spouse' },
        { name: 'Ana Lee', relation: 'wife' },
      ]),
    ).toEqual([{ name: 'Ana Lee', relation: 'wife' }]);
  });
});

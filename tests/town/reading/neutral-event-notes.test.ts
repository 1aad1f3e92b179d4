// The neutral reader on two event phrasings that town files written outside the project used (issue 32;
// tests/fixtures/towns brackenfold.yaml and sollum.yaml): "one of his celebrated beetle drives" (the kind is what it
// is one of, not "one"), and a note's hours in a sentence of their own after the event ("..., Wednesday evening.
// Seven till ten."). Said here in words written for this test.
import { describe, expect, it } from 'vitest';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import type { TownFrame } from '../../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-05-12 07:00',
  people: ['Bram Tully', 'Kasia Nowak'],
  places: [
    { id: 'the-lamb', name: 'The Lamb' },
    { id: 'village-hall', name: 'the Village Hall' },
  ],
};
const events = (text: string) =>
  readResidentNeutral({ resident: 'Bram Tully', passages: [{ field: 'currently', text }] }, TOWN).events.map((e) => [
    e.kind,
    e.place,
    e.start,
    e.end,
  ]);

describe('"one of his ..." names the kind it is one of', () => {
  it('in the singular, whatever the plural', () => {
    expect(events('Bram is hosting one of his famous quiz nights at The Lamb on Wednesday evening.')).toEqual([
      ['quiz night', 'the-lamb', '2025-05-14 19:00', '2025-05-14 21:00'],
    ]);
    expect(events('Bram is throwing one of his parties at the Village Hall on Friday from 8pm.')).toEqual([
      ['party', 'village-hall', '2025-05-16 20:00', '2025-05-16 22:00'],
    ]);
    expect(events('Bram is having one of his lunches at The Lamb on Friday at noon.')).toEqual([
      ['lunch', 'the-lamb', '2025-05-16 12:00', '2025-05-16 14:00'],
    ]);
  });
});

describe("a note's hours in a sentence of their own", () => {
  it('are the hours of the event said just before, when it gave none', () => {
    expect(events('Doing a fish supper at the Lamb, Wednesday evening. Seven till ten.')).toEqual([
      ['fish supper', 'the-lamb', '2025-05-14 19:00', '2025-05-14 22:00'],
    ]);
    expect(events('Quiz at The Lamb on Friday. From half seven.')).toEqual([
      ['quiz', 'the-lamb', '2025-05-16 19:30', '2025-05-16 21:30'],
    ]);
  });

  it('are not taken when the event has its hours, or when the sentence says more than hours', () => {
    expect(events('Quiz at The Lamb on Friday at 8pm. Seven till ten in the snug is bingo.')).toEqual([
      ['quiz', 'the-lamb', '2025-05-16 20:00', '2025-05-16 22:00'],
    ]);
    expect(events('Quiz at The Lamb on Friday evening. Seven till ten the bar is shut for it, mind.')).toEqual([
      ['quiz', 'the-lamb', '2025-05-16 19:00', '2025-05-16 21:00'],
    ]);
  });
});

describe('the same happening said in two fields', () => {
  it('is one event, with the invitees the second names when the first named none', () => {
    const r = readResidentNeutral(
      {
        resident: 'Bram Tully',
        passages: [
          { field: 'currently', text: 'Doing a cheese tasting at the Lamb, Friday evening. Lots of people asked.' },
          { field: 'seed', text: 'Cheese tasting at The Lamb, Friday evening' },
          { field: 'seed', text: 'Invited Kasia Nowak and Olwen Price' },
        ],
      },
      { ...TOWN, people: [...TOWN.people, 'Olwen Price'] },
    );
    expect(r.events.map((e) => [e.kind, e.start, e.invite])).toEqual([
      ['cheese tasting', '2025-05-16 19:00', ['Kasia Nowak', 'Olwen Price']],
    ]);
  });
});

// The neutral reader on the causes the sixth held-out part showed (issue 32): a profile's items between slashes or
// bars, an interview's questions, a meeting's minutes and prose that says a matter's keeping in another clause. Each
// case is one cause, said in words written for this test (names, places and topics made up); the reader knows none.
import { describe, expect, it } from 'vitest';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import type { TownFrame } from '../../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-03-10 07:00', // a Monday
  people: ['Wren Tally', 'Oren Tally', 'Bo Tally', 'Cass Minter', 'Jude Minter', 'Pell Ashby'],
  places: [
    { id: 'tally-house', name: 'the Tally house' },
    { id: 'kiln', name: 'the Kiln Pottery' },
    { id: 'boathouse', name: 'the boathouse' },
    { id: 'scout-hut', name: 'the scout hut' },
  ],
};
const read = (resident: string, text: string) =>
  readResidentNeutral({ resident, passages: [{ field: 'text', text }] }, TOWN);

describe("a profile's items between slashes or bars", () => {
  it('reads each item as a statement of its own', () => {
    const r = read(
      'Wren Tally',
      'Wren T. / glazes pots at the Kiln Pottery, Tue–Sat 8am–4pm / married to Oren, mum of Bo / running a kite workshop at the scout hut Sunday 11:00–12:30, all welcome',
    );
    expect(r.work).toMatchObject({ place: 'kiln', start: '08:00', end: '16:00' });
    // (nothing says whether Bo is a boy or a girl: a child; "married to" says a spouse)
    expect(r.family.map((k) => [k.name, k.relation])).toEqual(
      expect.arrayContaining([
        ['Oren Tally', 'spouse'],
        ['Bo Tally', 'child'],
      ]),
    );
    expect(r.events).toEqual([
      expect.objectContaining({ host: 'Wren Tally', place: 'scout-hut', start: '2025-03-16 11:00' }),
    ]);
  });

  it('gives a happening with no one named before its verb to the resident, not the last person named', () => {
    const r = read(
      'Pell Ashby',
      'Pell | boat builder | godfather to little Bo Tally | hosting a rowing race at the boathouse Saturday 2pm',
    );
    expect(r.events).toEqual([expect.objectContaining({ host: 'Pell Ashby', place: 'boathouse' })]);
  });

  it('leaves a sentence with one slash in it whole', () => {
    // (one " / " is no list: "and their son Bo" still belongs to the home said before it)
    const r = read('Oren Tally', 'Oren and his wife Wren share the Tally house / studio with their son Bo.');
    expect(r.household.sort()).toEqual(['Bo Tally', 'Wren Tally']);
  });
});

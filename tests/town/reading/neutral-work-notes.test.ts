// The neutral reader on three ways of saying work that town files written outside the project used (issue 32;
// tests/fixtures/towns brackenfold.yaml and sollum.yaml): a declared workplace the text never names, with its hours in
// the daily plan ("Chemist weekdays, nine till seven."); days in a sentence of their own after the hours ("... knocks
// off at three. Monday to Friday."); a job wanted, not held ("angling for a Saturday job at the bakery"). Said here in
// words written for this test.
import { describe, expect, it } from 'vitest';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import type { TownFrame } from '../../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-06-03 07:30',
  people: ['Lotte Kamp', 'Joris Kamp'],
  places: [
    { id: 'apotheek', name: 'Apotheek De Vries' },
    { id: 'werf', name: 'the Kamp Werf' },
    { id: 'bakkerij', name: 'Bakkerij Mol' },
  ],
};
const work = (passages: [string, string][], workplace?: string) => {
  const w = readResidentNeutral(
    {
      resident: 'Lotte Kamp',
      ...(workplace ? { workplace } : {}),
      passages: passages.map(([field, text]) => ({ field, text })),
    },
    TOWN,
  ).work;
  return w && { place: w.place, days: w.days, start: w.start, end: w.end };
};

describe("work said in a newcomer's notes", () => {
  it("takes the daily plan's hours for a declared workplace the text never names", () => {
    expect(work([['dailyPlan', 'Chemist weekdays, half eight till six. Lunch at one.']], 'apotheek')).toEqual({
      place: 'apotheek',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      start: '08:30',
      end: '18:00',
    });
  });

  it('takes the days said in a sentence of their own after the hours', () => {
    expect(
      work([['dailyPlan', 'The Kamp Werf from seven, downs tools at four. Tuesday to Saturday.']], 'werf'),
    ).toEqual({
      place: 'werf',
      days: ['tue', 'wed', 'thu', 'fri', 'sat'],
      start: '07:00',
      end: '16:00',
    });
  });

  it('reads a job wanted as no work, and a job held as work', () => {
    for (const t of [
      'Lotte has been angling for a Saturday job behind the counter at Bakkerij Mol.',
      'Lotte applied for a summer job at Bakkerij Mol last week.',
    ])
      expect(work([['currently', t]])).toBeNull();
    expect(work([['currently', 'Lotte has a Saturday job behind the counter at Bakkerij Mol.']])?.place).toBe(
      'bakkerij',
    );
  });
});

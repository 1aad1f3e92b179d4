// Which seed phrases say where a resident stands and which tell something that happens (src/town/reading/standing.ts,
// issue 32 item 6): the reading's events, private matters, busy-with, work and routine first, then the phrase's own
// verbs. Phrases written for this test, about a resident of no fixture town.
import { describe, expect, it } from 'vitest';
import { standingPhrases, tellsHappening } from '../../../src/town/reading/standing.ts';
import type { ResidentReading } from '../../../src/town/reading/types.ts';

const PEOPLE = ['Orla Finch', 'Rory Finch', 'Bram Quayle'];

const READ: ResidentReading = {
  resident: 'Orla Finch',
  family: [{ name: 'Rory Finch', relation: 'son', quote: "Orla Finch's son Rory mends nets on the slipway" }],
  household: [],
  work: null,
  routine: [
    {
      what: 'swim off the jetty',
      place: null,
      days: null,
      start: '07:00',
      end: null,
      quote: 'Orla Finch swims off the jetty at 7 am every day',
    },
  ],
  busyWith: ['knitting a gansey for Rory'],
  secrets: [],
  events: [
    {
      kind: 'ceilidh',
      host: 'Orla Finch',
      place: 'drill-hall',
      start: '2025-05-09 20:00',
      end: '2025-05-09 23:00',
      invite: 'everyone',
      quote: 'Orla Finch is throwing a ceilidh at the Drill Hall on Friday at 8 pm',
    },
  ],
};

const STANDING = [
  'Orla Finch is a retired harbour pilot who lives at 3 Rope Walk',
  'Orla Finch, 68, retired lighthouse keeper',
  'Orla Finch was the lighthouse keeper for thirty years',
  "Orla Finch's son Rory mends nets on the slipway",
  // a time of day, but the reading has it as her routine
  'Orla Finch swims off the jetty at 7 am every day',
  'Bram Quayle is her neighbour and plays the fiddle badly',
  "she's retired, and says it suits her",
];
const HAPPENS = [
  // the reading's event, and what she is busy with
  'Orla Finch is throwing a ceilidh at the Drill Hall on Friday at 8 pm',
  'Orla Finch has been knitting a gansey for Rory since March',
  // a change, a decision, a plan, a wish, something lately, what will be
  'Orla Finch has just sold her boat to Bram Quayle',
  'Orla Finch has decided to stand for the parish council',
  'Orla Finch is retiring from the pilot boats in June',
  'Orla Finch wants Bram Quayle to play at the ceilidh',
  'Orla Finch has been worried about her hip lately',
  'Rory Finch will start at the boatyard in the autumn',
];

describe('standing description and news among seed phrases', () => {
  it('who one is, where one lives, work, family and routine are standing; an event, a change, a plan are not', () => {
    const all = [...STANDING, ...HAPPENS];
    expect(standingPhrases(all, READ, () => false, PEOPLE)).toEqual(STANDING);
  });

  it('a phrase that carries a private matter is never standing, nor a note about no one', () => {
    const kept = 'Orla Finch is a retired harbour pilot who lives at 3 Rope Walk';
    expect(standingPhrases([kept], READ, (p) => p === kept, PEOPLE)).toEqual([]);
    expect(standingPhrases(['kettle broke again, third this year'], READ, () => false, PEOPLE)).toEqual([]);
  });

  it('without a reading, a day and an hour date a happening and the verbs decide the rest', () => {
    expect(
      standingPhrases(['Orla Finch swims off the jetty at 7 am every day'], undefined, () => false, PEOPLE),
    ).toEqual([]);
    expect(standingPhrases(['Orla Finch is a retired harbour pilot'], undefined, () => false, PEOPLE)).toEqual([
      'Orla Finch is a retired harbour pilot',
    ]);
  });

  it('tells a happening by its verbs alone', () => {
    expect(tellsHappening('Orla Finch has moved in with her son')).toBe(true);
    expect(tellsHappening('Orla Finch is getting up a petition for the lifeboat')).toBe(true);
    expect(tellsHappening('Orla Finch has been the harbour pilot for years')).toBe(false);
    expect(tellsHappening('Orla Finch is living with her son above the chandlery')).toBe(false);
    expect(tellsHappening('Orla Finch is a retired harbour pilot')).toBe(false);
  });
});

// The neutral reader on the styles the second held-out part and own-3 showed it could not read (issue 32): gossip,
// registers and forms, notes with bullets, diaries and letters, simple learner English. Each case is one cause, said
// in words written for this test (names, places and topics made up); the reader knows none of them.
import { describe, expect, it } from 'vitest';
import { windowsIn } from '../../../src/town/reading/neutral/clock.ts';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import type { TownFrame } from '../../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-05-12 07:00', // a Monday
  people: ['Nell Barrow', 'Sid Barrow', 'Poppy Barrow', 'Gwen Lacey', 'Arlo Lacey', 'Tam Reed'],
  places: [
    { id: 'barrow-forge', name: 'the Barrow forge' },
    { id: 'lacey-stores', name: 'Lacey Stores' },
    { id: 'hall', name: 'the village hall' },
    { id: 'cottage', name: '9 Mill Lane' },
  ],
};
const read = (resident: string, text: string) =>
  readResidentNeutral({ resident, passages: [{ field: 'text', text }] }, TOWN);

describe('secrets: keeping, rumour and whose matter it is', () => {
  it('keeps a matter said with words of keeping it hushed', () => {
    const r = read('Nell Barrow', 'Nell has sold the forge to a builder. Nobody is meant to know yet; keep it quiet.');
    expect(r.secrets).toHaveLength(1);
    expect(r.secrets[0]!.matter).toMatch(/sold the forge/);
  });

  it('reads no secret in a rumour or a "Secret: none" line', () => {
    expect(read('Nell Barrow', 'Some say Nell won the pools and buried it; nobody knows.').secrets).toEqual([]);
    expect(
      read('Nell Barrow', "Gwen's convinced Nell is expecting, though there's no proof and Nell's said nothing.")
        .secrets,
    ).toEqual([]);
    expect(read('Nell Barrow', 'Works: the Barrow forge\nSecret: none').secrets).toEqual([]);
  });

  it('gives a confided matter to its teller and whom the owner means to tell', () => {
    const r = read(
      'Nell Barrow',
      "Gwen Lacey came in for nails and told me that Arlo has lost his job; she doesn't want the village knowing.",
    );
    expect(r.secrets.map((s) => [s.owner, s.tellTo])).toEqual([['Gwen Lacey', ['Nell Barrow']]]);
    const plan = read(
      'Nell Barrow',
      "I've booked a flight to Perth and haven't told Sid. I will have to tell him soon.",
    );
    expect(plan.secrets[0]?.tellTo).toEqual(['Sid Barrow']);
  });
});

describe('homes and families said in other styles', () => {
  it('reads a reported clause about the resident, not its teller', () => {
    const r = read('Poppy Barrow', 'Gwen Lacey says Poppy lives with her aunt Nell these days.');
    expect(r.household).toEqual(['Nell Barrow']);
    expect(r.family).toEqual([expect.objectContaining({ name: 'Nell Barrow', relation: 'aunt' })]);
  });

  it("reads a register's labelled household", () => {
    const r = read(
      'Nell Barrow',
      'Head of household: Nell Barrow. Spouse: Sid Barrow. Resident child: Poppy Barrow (f), 9.',
    );
    expect(new Set(r.household)).toEqual(new Set(['Sid Barrow', 'Poppy Barrow']));
    expect(r.family.find((k) => k.name === 'Poppy Barrow')?.relation).toMatch(/daughter|child/);
  });
});

describe('work and events in notes, letters and learner English', () => {
  it("reads notes' hours and days off", () => {
    const r = read('Sid Barrow', 'Sid Barrow – smith @ the Barrow forge, 0700–1500 Tue–Sat, shut Sun–Mon.');
    expect(r.work).toMatchObject({ place: 'barrow-forge', start: '07:00', end: '15:00' });
    expect(r.work?.days).toEqual(['tue', 'wed', 'thu', 'fri', 'sat']);
  });

  it('reads an early start that leaves room for its end', () => {
    expect(windowsIn('from half four till one', { workday: true })[0]).toMatchObject({ start: 270, end: 780 });
  });

  it("reads a learner's party and a place with a number in its name", () => {
    const learner = read('Tam Reed', "On Saturday I make a party in the village hall, 3 o'clock, all people welcome.");
    expect(learner.events).toEqual([
      expect.objectContaining({ kind: 'party', place: 'hall', start: '2025-05-17 15:00', host: 'Tam Reed' }),
    ]);
    const letter = read('Nell Barrow', "We're having a bonfire party at 9 Mill Lane on Wednesday from half past six.");
    expect(letter.events[0]).toMatchObject({ place: 'cottage', start: '2025-05-14 18:30' });
  });
});

describe('work: a customer of a place is not at work there', () => {
  it('reads a pint at the pub when it opens, or an eye kept on the shop, as no workplace', () => {
    // "opens" after the place is the place's hours, to one who drinks there
    expect(read('Tam Reed', 'Tam has his pint at Lacey Stores when it opens at noon, then naps.').work).toBeNull();
    expect(read('Gwen Lacey', 'Gwen keeps a sharp eye on the village hall and its bookings.').work).toBeNull();
    // the same words of work, said of work, still are
    expect(read('Gwen Lacey', 'Gwen keeps Lacey Stores, which she opens at eight.').work?.place).toBe('lacey-stores');
    expect(read('Sid Barrow', 'Sid pulls pints at Lacey Stores of an evening.').work?.place).toBe('lacey-stores');
  });
});

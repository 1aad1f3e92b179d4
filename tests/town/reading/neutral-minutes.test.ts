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

describe('private matters said in an interview, minutes or formal prose', () => {
  it('reads no secret in a question: the answer says what is kept', () => {
    const r = read(
      'Cass Minter',
      'Q: Plans? A: Jude Minter is giving a lantern walk from the boathouse on Friday evening. Q: Anything hush-hush?',
    );
    expect(r.secrets).toEqual([]);
  });

  it('gives a matter "confided" with an adverb between name and verb to the one who confided it', () => {
    const r = read(
      'Cass Minter',
      'Mrs Cass Minter keeps house on the green. Miss Wren Tally has recently confided to her that the pottery will close, which Miss Tally means to reveal only to her husband Oren.',
    );
    expect(r.secrets.map((s) => [s.owner, [...s.tellTo].sort()])).toEqual([
      ['Wren Tally', ['Cass Minter', 'Oren Tally']],
    ]);
  });

  it("reads whose a matter is from a possessive kept 'with me'", () => {
    const r = read(
      'Pell Ashby',
      "Pell / lifeguard at the boathouse / Wren's new venture stays with me until she tells Oren herself.",
    );
    expect(r.secrets.map((s) => [s.owner, [...s.tellTo].sort()])).toEqual([
      ['Wren Tally', ['Oren Tally', 'Pell Ashby']],
    ]);
  });

  it('reads whom to tell from "wants only X to know" in the clause after a confidence', () => {
    const r = read(
      'Wren Tally',
      'Bo confided in her that he has crashed the van; he is hiding it and wants only his aunt Cass to know.',
    );
    const s = r.secrets.find((x) => x.owner === 'Bo Tally');
    expect(s?.tellTo.sort()).toEqual(['Cass Minter', 'Wren Tally']);
  });

  it('reads a keeping said in the next clause of minutes, with the one it is shared with in apposition', () => {
    const r = read(
      'Jude Minter',
      "Item 2. Mr Jude Minter's plan to stand down as treasurer was noted; at his wish it is to stay private and go to nobody beyond the secretary, Mr Pell Ashby.",
    );
    expect(r.secrets.map((s) => [s.owner, s.tellTo])).toEqual([['Jude Minter', ['Pell Ashby']]]);
    expect(r.secrets[0]!.matter).toMatch(/stand down/);
  });

  it('reads formal prose: "spoken of it to nobody", "purposes to acquaint X with it", "none save X"', () => {
    const a = read(
      'Oren Tally',
      'Mr Oren Tally has determined to let the kiln to a stranger, though he has spoken of it to nobody; he purposes to acquaint his son Bo with it at Michaelmas.',
    );
    expect(a.secrets.map((s) => [s.owner, s.tellTo])).toEqual([['Oren Tally', ['Bo Tally']]]);
    const b = read(
      'Oren Tally',
      'Mr Oren Tally has privately taken a lease on the boathouse. This private matter he means to disclose to none save his wife Wren.',
    );
    expect(b.secrets.map((s) => [s.owner, s.tellTo])).toEqual([['Oren Tally', ['Wren Tally']]]);
  });
});

describe('happenings in minutes, formal prose and long sentences', () => {
  it('reads the verbs of minutes and formal notices: "proposed", "shall give", "preside over", "announce", "upon"', () => {
    const proposed = read(
      'Cass Minter',
      'Mrs Cass Minter proposed a plant sale in the scout hut on Saturday 15th from 9 a.m. to noon. Carried.',
    );
    expect(proposed.events).toEqual([
      expect.objectContaining({
        host: 'Cass Minter',
        place: 'scout-hut',
        start: '2025-03-15 09:00',
        end: '2025-03-15 12:00',
      }),
    ]);
    // (a one-off proposed at a place is no workplace)
    expect(proposed.work).toBeNull();
    const formal = read(
      'Jude Minter',
      'Mr Jude Minter shall preside over a regatta upon the boathouse slip this Saturday afternoon.',
    );
    expect(formal.events).toEqual([
      expect.objectContaining({ kind: 'regatta', place: 'boathouse', start: '2025-03-15 14:00' }),
    ]);
    const notice = read(
      'Wren Tally',
      'She is pleased to announce a supper dance at the scout hut upon Friday, at eight in the evening.',
    );
    expect(notice.events).toEqual([expect.objectContaining({ host: 'Wren Tally', start: '2025-03-14 20:00' })]);
  });

  it('gives the happening to the subject, not to someone named in an aside before the verb', () => {
    const r = read(
      'Pell Ashby',
      'Mr Pell Ashby, who lodges with his cousin Mr Jude Minter, will hold a slide show at the scout hut on Thursday at 7 pm.',
    );
    expect(r.events).toEqual([expect.objectContaining({ host: 'Pell Ashby', start: '2025-03-13 19:00' })]);
  });

  it('reads two happenings joined by ", and", each with its own day and hour', () => {
    const r = read(
      'Oren Tally',
      'Cass Minter is leading a beach clean from the boathouse on Tuesday morning, and on Sunday at 3 my son Bo is running a pottery class at the Kiln Pottery.',
    );
    expect(r.events.map((e) => [e.host, e.place, e.start])).toEqual([
      ['Cass Minter', 'boathouse', '2025-03-11 09:00'],
      ['Bo Tally', 'kiln', '2025-03-16 15:00'],
    ]);
  });

  it("keeps work hours said before ', and' out of the happening after it", () => {
    const r = read(
      'Wren Tally',
      "She glazes at the Kiln Pottery seven till three, Monday to Friday, and she's holding a bring-and-buy at the scout hut on Saturday at ten.",
    );
    expect(r.events).toEqual([expect.objectContaining({ place: 'scout-hut', start: '2025-03-15 10:00' })]);
    expect(r.work).toMatchObject({ place: 'kiln', start: '07:00', end: '15:00' });
  });
});

describe('kin said as "grandmother to ..." with titles', () => {
  it('reads every name of a list after "to", a title before each', () => {
    const r = read(
      'Cass Minter',
      'Old Mrs Cass Minter, grandmother to Master Bo and Miss Wren, lives by the boathouse.',
    );
    expect(r.family.map((k) => [k.name, k.relation]).sort()).toEqual([
      ['Bo Tally', 'grandchild'],
      ['Wren Tally', 'grandchild'],
    ]);
  });
});

describe('a home said of everyone just named', () => {
  it('reads "both at home with me" and "all three of us under one roof" after the names', () => {
    const a = read('Wren Tally', 'Wren / potter / wife to Oren, mum to Bo, all three of us under one draughty roof');
    expect(a.household.sort()).toEqual(['Bo Tally', 'Oren Tally']);
    const b = read('Cass Minter', 'Cass / sister of Jude, aunt of Bo Tally, both at home with me these days');
    expect(b.household.sort()).toEqual(['Bo Tally', 'Jude Minter']);
  });

  it('reads a home squeezed into together, and not one they no longer share', () => {
    const r = read('Cass Minter', 'She, her brother Jude and his lodger Pell Ashby all squeeze into the Tally house.');
    expect(r.household.sort()).toEqual(['Jude Minter', 'Pell Ashby']);
    const gone = read('Cass Minter', 'Cass / sister of Jude / the two of us no longer live together');
    expect(gone.household).toEqual([]);
  });
});

// The neutral reader on the causes the seventh held-out part showed (issue 32): a text that addresses the resident as
// "you", a regional voice, others who live in the resident's home said of them, a run-on sentence. Each case is one
// cause, said in words written for this test (names, places and topics made up); the reader knows none of them.
import { describe, expect, it } from 'vitest';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import { restoreH, standardSpelling, standardTimes } from '../../../src/town/reading/neutral/regional.ts';
import type { TownFrame } from '../../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-03-10 07:00', // a Monday
  people: ['Maren Tolley', 'Abe Tolley', 'Nessa Tolley', 'Ruth Garn', 'Col Garn', 'Hattie Brill', 'Ser Osric Vane'],
  places: [
    { id: 'tolley-house', name: 'the Tolley house' },
    { id: 'tolley-smokery', name: "Tolley's Smokery" },
    { id: 'garn-hall', name: 'Garn Hall' },
  ],
};
const read = (resident: string, text: string) =>
  readResidentNeutral({ resident, passages: [{ field: 'text', text }] }, TOWN);
const ties = (r: ReturnType<typeof read>) => r.family.map((k) => [k.name, k.relation]);

describe('a text that addresses the resident as "you"', () => {
  it('reads "you" as the resident and "she" and "her husband" as someone else', () => {
    const r = read(
      'Maren Tolley',
      "You are Maren Tolley, and you smoke fish at Tolley's Smokery, Monday to Friday, seven till three. Your daughter Nessa lives with you. Ruth Garn confided to you that she is expecting, and she hasn't told her husband Col; she'll tell him on Sunday.",
    );
    expect(ties(r)).toEqual([['Nessa Tolley', 'daughter']]);
    expect(r.household).toEqual(['Nessa Tolley']);
    expect(r.secrets).toEqual([
      expect.objectContaining({ owner: 'Ruth Garn', tellTo: expect.arrayContaining(['Maren Tolley', 'Col Garn']) }),
    ]);
  });

  it("keeps what someone tells the resident about the resident as the resident's own", () => {
    const r = read(
      'Abe Tolley',
      'You are Abe Tolley. Hattie Brill has told you that your eyesight is failing, and you have kept it from Nessa.',
    );
    expect(r.secrets).toEqual([expect.objectContaining({ owner: 'Abe Tolley', tellTo: [] })]);
  });

  it('leaves "you" alone in a letter written to someone else', () => {
    const r = read('Maren Tolley', 'Dear Sal, you asked after Maren Tolley: she lives with her brother Abe.');
    expect(r.household).toEqual(['Abe Tolley']);
    expect(ties(r)).toEqual([['Abe Tolley', 'brother']]);
  });
});

describe('a regional voice', () => {
  it('reads possessives, "with" and pronouns spelt as they are spoken as the standard words', () => {
    expect(standardSpelling("mi live wid mi sister @2 an' she son @3")).toBe(
      'mi live with my sister @2 and her son @3',
    );
    expect(standardSpelling("told 'er in confidence")).toBe('told her in confidence');
    expect(standardSpelling('Dinnae tell a soul; naebody kens')).toBe("Don't tell a soul; nobody knows");
    expect(standardSpelling('Himself, @1, is above')).toBe('my husband @1, is above');
    expect(standardSpelling("I'm 'avin' a show, she's haein' a ceilidh; 'all welcome'")).toBe(
      "I'm having a show, she's having a ceilidh; 'all welcome'",
    );
    // ("ma" before no kin word, "wit" before no person, "me" as an object: as they were)
    expect(standardSpelling('Ma Lou bakes with wit and told me @1 left')).toBe(
      'Ma Lou bakes with wit and told me @1 left',
    );
  });

  it('restores a dropped "h" only where it makes a resident\'s first name', () => {
    expect(restoreH("Our 'Attie and 'Erbert", TOWN.people)).toBe("Our Hattie and 'Erbert");
  });

  it('reads the clock and the calendar of a regional voice, a time staying where it was said', () => {
    const said = 'Monday tae Thursday, fower till ten, seven while three, ilka day';
    expect(standardTimes(said)).toHaveLength(said.length);
    expect(standardTimes(said)).toBe('Monday to  Thursday, four  till ten, seven till  three, everyday');
    const r = read(
      'Hattie Brill',
      "Hattie Brill, she keeps Tolley's Smokery, Tuesday tae Saturday, seven while three.",
    );
    expect(r.work).toMatchObject({
      place: 'tolley-smokery',
      days: ['tue', 'wed', 'thu', 'fri', 'sat'],
      start: '07:00',
    });
  });

  it('names a resident whose name opens with a title by its first two words', () => {
    const r = read('Nessa Tolley', 'Nessa Tolley lives w/ father Ser Osric + brother Abe.');
    expect(ties(r)).toEqual(
      expect.arrayContaining([
        ['Ser Osric Vane', 'father'],
        ['Abe Tolley', 'brother'],
      ]),
    );
  });
});

describe("others who live in the resident's home, said of them", () => {
  it('reads a lodger, a room of the house and one who shares her home', () => {
    const r = read(
      'Maren Tolley',
      'Maren Tolley keeps the Tolley house. The lodger, Col Garn, pays weekly. Her cousin Ruth rents the spare room. Her father Abe shares her cottage.',
    );
    expect(r.household.sort()).toEqual(['Abe Tolley', 'Col Garn', 'Ruth Garn']);
  });

  it("does not take someone else's lodger, a room elsewhere or a couple a relative clause points back at", () => {
    const r = read(
      'Maren Tolley',
      "Maren Tolley rents a room at the far end of town. Ruth Garn's lodger, Abe Tolley, is a pest. She works for Col and Ruth, who are married and live over the hall.",
    );
    expect(r.household).toEqual([]);
  });

  it('reads a contracted "is" before a determiner as "is", not a possessive', () => {
    const r = read('Col Garn', "Col Garn farms. Ruth's his wife, and Hattie's her girl, all under one roof.");
    expect(ties(r)).toEqual(expect.arrayContaining([['Ruth Garn', 'wife']]));
    expect(r.household.sort()).toEqual(['Hattie Brill', 'Ruth Garn']);
  });

  it('reads "neither lives with her" as no home', () => {
    const r = read('Maren Tolley', 'Maren Tolley. Brother Abe; his girl Nessa. Neither lives with her.');
    expect(r.household).toEqual([]);
  });
});

describe('a part of the day said outright', () => {
  it("beats the half of the day a meal's name gives", () => {
    const r = read(
      'Maren Tolley',
      'Come Sunday afternoon Maren Tolley is throwing a fish supper at Garn Hall, all welcome.',
    );
    expect(r.events).toEqual([expect.objectContaining({ place: 'garn-hall', start: '2025-03-16 14:00' })]);
    const s = read('Maren Tolley', 'On Sunday Maren Tolley is throwing a fish supper at Garn Hall, all welcome.');
    expect(s.events).toEqual([expect.objectContaining({ place: 'garn-hall', start: '2025-03-16 19:00' })]);
  });
});

describe('a role said beside the name', () => {
  it('reads a role apposed to the resident at a place as work, after a comma or a heading dash', () => {
    for (const text of [
      "Hattie Brill, fish-smoker at Tolley's Smokery, Colwick. Shifts: Mon, Wed, Fri, 5am–11am.",
      "Hattie Brill — smoker at Tolley's Smokery, Colwick. Shifts: Mon, Wed, Fri, 5am–11am.",
    ])
      expect(read('Hattie Brill', text).work, text).toMatchObject({
        place: 'tolley-smokery',
        days: ['mon', 'wed', 'fri'],
        start: '05:00',
        end: '11:00',
      });
  });
});

describe('a run-on sentence', () => {
  it("gives a happening its own clause's hours, not the work's said before it", () => {
    const r = read(
      'Maren Tolley',
      "Maren Tolley smokes fish at Tolley's Smokery from six in the morning until noon and on Friday at seven in the evening she's throwing a supper at Garn Hall and everyone can come.",
    );
    expect(r.events).toEqual([
      expect.objectContaining({ host: 'Maren Tolley', place: 'garn-hall', start: '2025-03-14 19:00' }),
    ]);
    expect(r.work).toMatchObject({ place: 'tolley-smokery', start: '06:00', end: '12:00' });
  });

  it("ends the work's clause where a bare 'and' starts a happening ahead, whatever is said before its verb", () => {
    const r = read(
      'Maren Tolley',
      "Maren Tolley runs Tolley's Smokery, Tuesday to Sunday, six till ten in the morning, and Friday night there's a supper at Garn Hall.",
    );
    expect(r.work).toMatchObject({ place: 'tolley-smokery', start: '06:00', end: '10:00' });
    const s = read(
      'Maren Tolley',
      "Maren Tolley runs Tolley's Smokery from six in the morning until noon and the day after tomorrow, Wednesday, at seven in the evening she's throwing a supper at Garn Hall.",
    );
    expect(s.work).toMatchObject({ place: 'tolley-smokery', start: '06:00', end: '12:00' });
    expect(s.events).toEqual([expect.objectContaining({ place: 'garn-hall', start: '2025-03-12 19:00' })]);
  });

  it("gives a happening after '— but' its own day, not the first of the work's days", () => {
    const r = read(
      'Maren Tolley',
      "Maren Tolley smokes fish at Tolley's Smokery Tuesday to Saturday — but word is she's throwing a fish supper at Garn Hall THIS Saturday from 6pm till 9!",
    );
    expect(r.events).toEqual([expect.objectContaining({ place: 'garn-hall', start: '2025-03-15 18:00' })]);
  });
});

describe("whom a matter is for, said of its owner's family", () => {
  it('keeps the one who begs a matter kept as its owner, and the begging as the same matter', () => {
    const r = read(
      'Hattie Brill',
      "Hattie Brill has been let in on something: Ruth Garn confessed to Hattie that the smokery's ovens are failing. Ruth begged Hattie to keep schtum and means to tell hubby Col — eventually!",
    );
    expect(r.secrets).toEqual([
      expect.objectContaining({ owner: 'Ruth Garn', tellTo: expect.arrayContaining(['Hattie Brill', 'Col Garn']) }),
    ]);
    expect(r.secrets[0]!.tellTo).toHaveLength(2);
    // ("means to tell hubby Col" is Ruth's husband: the one begged is no subject of the clause)
    expect(ties(r)).toEqual([]);
  });

  it("reads a pronoun after the owner's kin word as that relative, through the family", () => {
    const r = read(
      'Abe Tolley',
      "I'm Abe Tolley. My wife Maren and our Nessa live with me. Nessa swore me to keep it: she's failed her driving test, and she's not said it to her mammy yet — she'll tell her on Sunday.",
    );
    expect(r.secrets).toEqual([
      expect.objectContaining({
        owner: 'Nessa Tolley',
        tellTo: expect.arrayContaining(['Abe Tolley', 'Maren Tolley']),
      }),
    ]);
  });
});

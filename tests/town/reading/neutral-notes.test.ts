// The neutral reader on day books, text messages and children's essays (issue 32, the fourth held-out part's styles):
// a visitor's confidence noted in a constable's or landlord's book, a message's addressee, hours and days in a note's
// shorthand, a happening the book's own place holds. Each case is one cause, in words written for this test (names,
// places and topics made up); the reader knows none of them.
import { describe, expect, it } from 'vitest';
import { weekdaysIn } from '../../../src/town/reading/neutral/calendar.ts';
import { windowsIn } from '../../../src/town/reading/neutral/clock.ts';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import type { TownFrame } from '../../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-05-12 07:00', // a Monday
  people: ['Ivy Marsh', 'Bert Hale', 'Jo Hale', 'Lily Hale', 'Sam Crane'],
  places: [
    { id: 'the-ship', name: 'The Ship' },
    { id: 'boatyard', name: "Hale's Boatyard" },
    { id: 'harbour-office', name: 'the harbour office' },
    { id: 'chapel', name: 'the chapel' },
  ],
};
const read = (resident: string, text: string) =>
  readResidentNeutral({ resident, passages: [{ field: 'text', text }] }, TOWN);
const secrets = (resident: string, text: string) =>
  read(resident, text).secrets.map((s) => ({ owner: s.owner, matter: s.matter, tellTo: [...s.tellTo].sort() }));

describe('secrets confided to the one whose book it is', () => {
  it('gives an entry with its teller left out to the one who called in before it', () => {
    const r = secrets(
      'Ivy Marsh',
      'Harbour log, I. Marsh. 10:05: B. Hale called in. Confided he is selling the boatyard; asked that it go no further.',
    );
    expect(r).toEqual([expect.objectContaining({ owner: 'Bert Hale', tellTo: ['Ivy Marsh'] })]);
    expect(r[0]!.matter).toMatch(/selling the boatyard/);
  });

  it('reads "called in, told me privately" and "says he ..." as the visitor\'s own matter', () => {
    expect(secrets('Ivy Marsh', '11:40: J. Hale called in, told me privately she is leaving the choir.')).toEqual([
      expect.objectContaining({ owner: 'Jo Hale', tellTo: ['Ivy Marsh'] }),
    ]);
    const says = secrets('Ivy Marsh', "14:10: Bert says he's lost the lease on the yard. Keep it from Jo till Friday.");
    expect(says).toEqual([expect.objectContaining({ owner: 'Bert Hale', tellTo: ['Ivy Marsh'] })]);
    expect(says[0]!.matter).toMatch(/lost the lease/);
  });

  it("reads a child's 'Grandpa told me he ...' as the grandfather's, told to the child", () => {
    const r = secrets(
      'Lily Hale',
      'My Grandpa, by Lily Hale. My grandpa is Bert Hale and my nan is Jo Hale. Grandpa told me he is buying a boat. ' +
        'He has not told nan yet, it is our secret, and he says he will tell her on her birthday.',
    );
    expect(r).toEqual([expect.objectContaining({ owner: 'Bert Hale', tellTo: ['Jo Hale', 'Lily Hale'] })]);
    expect(r[0]!.matter).toMatch(/buying a boat/);
  });
});

describe('secrets in messages and in whom the owner means to tell', () => {
  it('tells the one a message is sent to, and whom a text says it will tell', () => {
    const r = secrets(
      'Lily Hale',
      "Lily's texts. To Sam Crane: 'dont tell anyone but I failed my swimming test. ill tell Jo myself'.",
    );
    expect(r).toEqual([expect.objectContaining({ owner: 'Lily Hale', tellTo: ['Jo Hale', 'Sam Crane'] })]);
  });

  it('reads one quoted message after another apart, so a later one keeps its own matter', () => {
    const r = secrets(
      'Sam Crane',
      "Sam to Ivy: 'quiz at the Ship thurs, told the whole street'. 'pls dont mention to anyone the chapel roof is failing'.",
    );
    expect(r).toHaveLength(1);
    expect(r[0]!.matter).toMatch(/roof is failing/);
  });

  it('finds the matter before a keeping that says only when, how or why it is told', () => {
    const r = secrets(
      'Bert Hale',
      "Bert Hale has agreed to sell the boatyard. He hasn't told a soul, not even Jo, and he's decided he'll tell Sam " +
        'first, man to man. Nobody knows and I am only going to tell Ivy because she is kind.',
    );
    expect(r[0]!.matter).toMatch(/sell the boatyard/);
    expect(r[0]!.tellTo).toContain('Sam Crane');
  });

  it('reads "nothing secret about her" as no secret', () => {
    expect(secrets('Ivy Marsh', "There's nothing secret about Ivy; she'll tell you her news before you ask.")).toEqual(
      [],
    );
  });
});

describe('work in day books and notes', () => {
  it("reads a day book's heading as its keeper's workplace, with the hours of the entry after it", () => {
    const r = read('Ivy Marsh', 'The Ship — I. Marsh, landlady. Tue 13 May: open 11 till 11, Tue–Sun; Mondays shut.');
    expect(r.work).toMatchObject({ place: 'the-ship', start: '11:00', end: '23:00' });
    expect(r.work?.days).toEqual(['tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
  });

  it("starts a shift said 'on at ... till' at the entry's stamp", () => {
    const r = read('Sam Crane', 'Tue 13 May, 07:00: on at the harbour office till 15:00; my days Tue, Thu, Sat.');
    expect(r.work).toMatchObject({ place: 'harbour-office', start: '07:00', end: '15:00' });
    expect(r.work?.days).toEqual(['tue', 'thu', 'sat']);
  });

  it("reads a note's bare place word before its hours, and a dinner after them as the evening's", () => {
    const r = read(
      'Bert Hale',
      "To Jo, on the fridge at home: 'boatyard 8 till half 4 mon-fri, then home, u do dinner?'",
    );
    expect(r.work).toMatchObject({ place: 'boatyard', start: '08:00', end: '16:30' });
    expect(windowsIn('school 9 till half 3, home 4ish, u do dinner?', { workday: true })[0]).toMatchObject({
      start: 540,
      end: 930,
    });
  });

  it('reads days in lower case in a list or whole, and a day excepted', () => {
    expect(weekdaysIn('shifts r sat & sun now')).toEqual(['sat', 'sun']);
    expect(weekdaysIn('at the desk tue, wed & fri')).toEqual(['tue', 'wed', 'fri']);
    expect(weekdaysIn('she goes there on monday tuesday and thursday')).toEqual(['mon', 'tue', 'thu']);
    expect(weekdaysIn('every evening from six, Sundays excepted')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
  });
});

describe('events in day books', () => {
  it('holds a happening an entry gives no place at the place the book is kept', () => {
    const r = read(
      'Ivy Marsh',
      'The Ship — I. Marsh, landlady. Mon 12 May: open 11 till 11. Sat 17 May: karaoke night, my own, 20:00 to 23:00, all welcome.',
    );
    expect(r.events).toEqual([
      expect.objectContaining({
        kind: 'karaoke night',
        host: 'Ivy Marsh',
        place: 'the-ship',
        start: '2025-05-17 20:00',
      }),
    ]);
  });
});

describe('events in text messages and told of someone', () => {
  const one = (resident: string, text: string) =>
    read(resident, text).events.map((e) => ({ kind: e.kind, host: e.host, place: e.place, start: e.start }));

  it("reads a message's lower-case day, its opening quote and a day asked just before", () => {
    expect(one('Sam Crane', "To Jo: 'tomorrow evening, fish supper at the Ship, 6 till 9, all welcome'.")).toEqual([
      { kind: 'fish supper', host: 'Sam Crane', place: 'the-ship', start: '2025-05-13 18:00' },
    ]);
    expect(one('Sam Crane', "To Ivy: 'free on sat? Bonfire at the chapel, 7pm — just you and Jo'.")[0]).toMatchObject({
      place: 'chapel',
      start: '2025-05-17 19:00',
    });
    expect(one('Sam Crane', "I'm doing a curry night at the Ship thurs eve, 7 till 10.")[0]?.start).toBe(
      '2025-05-15 19:00',
    );
  });

  it("reads 'half 7' said bare, and a kind joined by 'and' whose head is a happening", () => {
    expect(one('Sam Crane', "To Ivy: 'wine and cheese evening at the Ship, Friday half 7 — just you and Jo'.")).toEqual(
      [{ kind: 'wine and cheese evening', host: 'Sam Crane', place: 'the-ship', start: '2025-05-16 19:30' }],
    );
  });

  it('gives a happening to the resident a text tells of, whoever its "I" is', () => {
    const r = one(
      'Jo Hale',
      "Jo Hale — I've known her since school, and I'll say no more — keeps the harbour office. " +
        'On Saturday evening she is hosting a barn dance at the chapel, seven till eleven.',
    );
    expect(r).toEqual([{ kind: 'barn dance', host: 'Jo Hale', place: 'chapel', start: '2025-05-17 19:00' }]);
  });

  it("names the host of 'X's do', and a place had or booked for a happening, not for years", () => {
    expect(
      one('Ivy Marsh', "Sat 17 May, 18:00: lantern parade at the chapel, Bert Hale's do, all welcome; to attend.")[0]
        ?.host,
    ).toBe('Bert Hale');
    expect(
      one('Jo Hale', 'Tomorrow afternoon she has the chapel for a cream tea, everybody welcome.')[0],
    ).toMatchObject({ kind: 'cream tea', place: 'chapel' });
    expect(one('Jo Hale', 'Jo has had the chapel for thirty years, Monday to Friday from nine until noon.')).toEqual(
      [],
    );
  });
});

describe('work said of someone else, or of a home above the place', () => {
  it("gives a relative's work in a child's essay to the relative, not the writer", () => {
    const r = read(
      'Lily Hale',
      'My Nan, by Lily Hale. My nan is Jo Hale and she is a clerk at the harbour office, she works there on ' +
        'monday and friday. Nan still works at the chapel on sunday mornings from 9 till 12.',
    );
    expect(r.work).toBeNull();
  });

  it('reads a flat above a place as a home, and a place named again for its hours', () => {
    const r = read(
      'Bert Hale',
      'Ledger, B. Hale, owner of the flat above the Ship. Harbour office guide shifts, Tue & Thu, 10:00–12:00.',
    );
    expect(r.work).toMatchObject({ place: 'harbour-office', days: ['tue', 'thu'], start: '10:00', end: '12:00' });
    const again = read(
      'Sam Crane',
      "Sam Crane works at Hale's Boatyard. His texts: to Jo, 'boatyard 7.30-5 as usual mon-fri, home 6ish'.",
    );
    expect(again.work).toMatchObject({ place: 'boatyard', start: '07:30', end: '17:00' });
  });

  it("takes a day book's hours a clause after its heading, and no one-off night for work", () => {
    const r = read(
      'Ivy Marsh',
      'The Ship day book — I. Marsh, landlady. Wed 14 May: opened 11:00, shut 23:00, as every day Tue–Sun.',
    );
    expect(r.work).toMatchObject({ place: 'the-ship', start: '11:00', end: '23:00' });
    const night = read('Sam Crane', "'ship 8 till 4 mon-fri'. 'I'm doing a pasta night at the chapel, 7 till 10'.");
    expect(night.work?.place).not.toBe('chapel');
  });
});

describe('work said as where one is based, back at, in the kitchen of, or "I cook there"', () => {
  it('reads "based at", "back to" and "in the kitchen of" as work there', () => {
    expect(
      read('Sam Crane', 'Crane, Sam; harbour clerk, based at the harbour office on Tuesday and Friday.').work,
    ).toMatchObject({ place: 'harbour-office', days: ['tue', 'fri'] });
    expect(
      read('Jo Hale', "Sunday. On Monday it's back to the chapel — Mondays and Thursdays, eight in the morning to two.")
        .work,
    ).toMatchObject({ place: 'chapel', days: ['mon', 'thu'], start: '08:00', end: '14:00' });
    expect(read('Bert Hale', 'Bert, still in the kitchen of the Ship every evening except Monday.').work?.place).toBe(
      'the-ship',
    );
  });

  it('gives "I cook there" after a place to the one who writes, whoever was named before it', () => {
    const r = read(
      'Sam Crane',
      "Hello Ivy! I'm Sam, Jo and Bert's lodger from the Ship — I cook there, Tuesday to Sunday.",
    );
    expect(r.work).toMatchObject({ place: 'the-ship', days: ['tue', 'wed', 'thu', 'fri', 'sat', 'sun'] });
  });
});

describe('no workplace from a one-off or from work handed on', () => {
  it('reads a morning anybody can come to, an open evening and a planned afternoon as one-offs', () => {
    expect(
      read(
        'Sam Crane',
        'This Saturday he is having a boat mending morning at the chapel from 10 till 1 and anybody can come.',
      ).work,
    ).toBeNull();
    expect(read('Sam Crane', "To Jo: 'ship open evening thurs 6.30-9, pls come!'").work).toBeNull();
    expect(
      read('Jo Hale', 'Jo Hale is planning a carol afternoon at the chapel on Tuesday from 2 to 4 pm.').work,
    ).toBeNull();
  });

  it('reads a place kept for years before it was handed on as past work', () => {
    expect(
      read('Jo Hale', 'Jo Hale kept the harbour office for thirty years before she handed the keys to Sam Crane.').work,
    ).toBeNull();
  });
});

describe("a message's happening named by its head, after whom it is for", () => {
  it('reads "leaving drinks" and a kind after "just you and Jo invited —"', () => {
    const ev = (text: string) =>
      read('Sam Crane', text).events.map((e) => ({ kind: e.kind, place: e.place, start: e.start }));
    expect(ev("To Ivy: 'leaving drinks tomorrow evening, 8ish, the Ship — just you and Jo'.")).toEqual([
      { kind: 'leaving drinks', place: 'the-ship', start: '2025-05-13 20:00' },
    ]);
    expect(
      ev("To Ivy: 'just you and Jo invited — reading club tomorrow evening, the chapel, 7.30, bring cake!!'"),
    ).toEqual([{ kind: 'reading club', place: 'chapel', start: '2025-05-13 19:30' }]);
  });
});

describe("a text told in the third person that quotes the resident's messages", () => {
  it('keeps "his mum", "his sister" as the resident\'s, whatever "I" the quotes say', () => {
    const r = read(
      'Lily Hale',
      "Texts from Lily Hale, 14, who lives with her mum Jo and her grandad Bert. To Jo: 'home late, dont wait up'. " +
        "To Sam Crane: 'dont tell anyone I lost my bike. ill tell grandad myself'.",
    );
    expect(Object.fromEntries(r.family.map((k) => [k.name, k.relation]))).toEqual({
      'Jo Hale': 'mother',
      'Bert Hale': 'grandfather',
    });
    expect(r.secrets[0]?.tellTo.sort()).toEqual(['Bert Hale', 'Sam Crane']);
  });
});

describe('whom a matter is known to, said with an aside', () => {
  it('reads "Only the harbour clerk, Sam Crane, has seen the letter" as told to him', () => {
    const r = secrets(
      'Jo Hale',
      'Mrs Hale has asked that her gift of the chapel to the town not be announced until her death. ' +
        'Only the harbour clerk, Sam Crane, has seen the letter.',
    );
    expect(r).toEqual([expect.objectContaining({ owner: 'Jo Hale', tellTo: ['Sam Crane'] })]);
  });
});

describe("a relative said of someone else's matter", () => {
  // (a letter's addressee hears only the writer's own matters, not one the writer keeps for someone else)
  it('reads "he will tell his father" of the resident\'s son as her husband', () => {
    const r = secrets(
      'Jo Hale',
      'Dear Ivy, I live with my husband Bert and our son Sam Crane. I must tell you, in strictest confidence, that ' +
        'Sam has been offered a boat of his own; he will tell his father himself when he is ready.',
    );
    expect(r).toEqual([expect.objectContaining({ owner: 'Sam Crane', tellTo: ['Bert Hale', 'Jo Hale'] })]);
  });
});

describe("a bar's evening hours and a note quoted after someone else's clause", () => {
  it('reads a bar shift "6 till 11" and "pulling pints from six" in the evening, unless it says morning', () => {
    expect(read('Sam Crane', "To Jo: 'bar shift at the Ship 6 till 11 again, wed to sat'.").work).toMatchObject({
      start: '18:00',
      end: '23:00',
    });
    expect(read('Sam Crane', 'Sam pulls pints at the Ship, Friday to Sunday from six.').work?.start).toBe('18:00');
    expect(read('Sam Crane', 'Sam cleans the bar at the Ship from 6 till 8 in the morning.').work?.start).toBe('06:00');
  });

  it("reads a quoted note as the writer's own, after a clause about someone else", () => {
    const r = read(
      'Bert Hale',
      "Messages from Bert Hale to his sister Jo, who shares the flat over the boatyard with him: 'boatyard 8 till 6 tues-sat as per'.",
    );
    expect(r.work).toMatchObject({ place: 'boatyard', start: '08:00', end: '18:00' });
  });
});

describe('a title before a surname two residents share', () => {
  const FAMILY: TownFrame = { ...TOWN, people: ['Ivy Marsh', 'Dorothy Penn', 'Leonard Penn', 'Sam Crane'] };
  it("names the one whose given name has the title's gender", () => {
    const r = readResidentNeutral(
      {
        resident: 'Ivy Marsh',
        passages: [
          {
            field: 'text',
            text: 'Mrs Penn from downstairs brought me scones and I ate three. She is running a bring-and-buy at the chapel on Friday at two.',
          },
        ],
      },
      FAMILY,
    );
    expect(r.events[0]).toMatchObject({ host: 'Dorothy Penn', place: 'chapel' });
    const letter = readResidentNeutral(
      {
        resident: 'Ivy Marsh',
        passages: [{ field: 'text', text: "Dear Mr Penn, I've applied for the harbour job, and nobody here knows." }],
      },
      FAMILY,
    );
    expect(letter.secrets[0]?.tellTo).toEqual(['Leonard Penn']);
  });
});

describe("a note's day and hour before a colon", () => {
  it('starts "Fri 6pm: his own leaving do at the chapel" at six in the evening', () => {
    const r = read(
      'Sam Crane',
      'Sam Crane — boatman. Fri 6pm: his own leaving do at the chapel, bring food, everyone welcome.',
    );
    expect(r.events).toEqual([
      expect.objectContaining({ kind: 'leaving do', host: 'Sam Crane', place: 'chapel', start: '2025-05-16 18:00' }),
    ]);
  });
});

describe('no secret in a reply or in what others keep about the resident', () => {
  it('reads "asked had I heard about Sam; I said nothing" and "the village had secrets about him" as no secret', () => {
    expect(secrets('Bert Hale', 'Jo came in for rope and asked had I heard about Sam; I said nothing.')).toEqual([]);
    expect(
      secrets('Bert Hale', 'He always felt it was the town that had secrets about him, and he the last to hear them.'),
    ).toEqual([]);
  });
});

describe("working hours said as a day's round", () => {
  it('reads "out with the nets at five every morning ... downs tools before six in the evening"', () => {
    const r = read(
      'Bert Hale',
      "Bert Hale runs Hale's Boatyard. He is out with the nets at five every morning, seven days a week, and rarely " +
        'downs tools before six in the evening.',
    );
    expect(r.work).toMatchObject({ place: 'boatyard', start: '05:00', end: '18:00' });
    const rounds = read(
      'Jo Hale',
      'Jo Hale of the chapel is up at half past four every morning and out on her rounds until ten.',
    );
    expect(rounds.work).toMatchObject({ start: '04:30', end: '10:00' });
  });

  it('gives "and I help her there every saturday" to the one who writes', () => {
    const r = read(
      'Lily Hale',
      'My Nan, by Lily Hale. Jo Hale owns the Ship and I help her there every saturday from 10 till 2.',
    );
    expect(r.work).toMatchObject({ place: 'the-ship', days: ['sat'], start: '10:00', end: '14:00' });
  });
});

describe('work denied, a home behind a named place, a day kept free', () => {
  it('reads "which is not my job", "the house behind Hale\'s boatyard" and "Wednesdays are mine"', () => {
    expect(
      read(
        'Lily Hale',
        'Up before five to help at the chapel, which is not my job — my job is in the town, four days a week.',
      ).work,
    ).toBeNull();
    expect(read('Jo Hale', "Resides at the house behind Hale's boatyard with her husband, Bert Hale.").work).toBeNull();
    expect(
      weekdaysIn('I have the little ones Monday, Tuesday, Thursday and Friday from nine, and Wednesdays are mine'),
    ).toEqual(['mon', 'tue', 'thu', 'fri']);
  });
});

describe('a relative the writer calls by a kin word, named beside it', () => {
  it('reads "Nan (Jo) and Grandad (Bert)" as the writer\'s, and "Mum and Dad, Jo and Bert" as no pairing of names', () => {
    const kinOf = (text: string) => Object.fromEntries(read('Lily Hale', text).family.map((k) => [k.name, k.relation]));
    expect(kinOf('Nan (Jo) and Grandad (Bert), whose roof I sleep under, think I am saving up.')).toEqual({
      'Jo Hale': 'grandmother',
      'Bert Hale': 'grandfather',
    });
    // (a list for a list is read elsewhere, or not at all; never the first name as the second word's)
    expect(kinOf("I'm Lily and I live with Nan and Grandad, Jo and Bert.")['Jo Hale']).not.toBe('grandfather');
  });
});

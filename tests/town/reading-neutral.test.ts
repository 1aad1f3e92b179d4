// The neutral rule reader of a resident's text (issue 32): the failing phrasings and others written for these
// tests in styles the corpus lacks. Names, places and topics here are made up for the tests; the reader knows none.
import { describe, expect, it } from 'vitest';
import { eventDay, weekdaysIn } from '../../src/town/reading/neutral/calendar.ts';
import { hm, readClock, windowsIn } from '../../src/town/reading/neutral/clock.ts';
import { readResidentNeutral } from '../../src/town/reading/neutral/index.ts';
import type { TownFrame } from '../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-05-12 07:00', // a Monday
  people: [
    'Rosa Quint',
    'Maud Ferris',
    'Tom Ferris',
    'Eli Ferris',
    'Ada Vos',
    'Ciarán Ó Dálaigh',
    'Lin Hao',
    'Lin Xiu',
  ],
  places: [
    { id: 'quint-bakery', name: "Quint's Bakery" },
    { id: 'anchor', name: 'The Anchor' },
    { id: 'ferris-house', name: 'the Ferris house' },
    { id: 'school', name: 'the school' },
    { id: 'green', name: 'the village green' },
  ],
};

const read = (resident: string, ...texts: string[]) =>
  readResidentNeutral(
    { resident, passages: texts.map((text, i) => ({ field: ['seed', 'currently', 'lifestyle'][i] ?? 'text', text })) },
    TOWN,
  );
const kin = (r: ReturnType<typeof read>) => Object.fromEntries(r.family.map((k) => [k.name, k.relation]));

describe('family from any phrasing', () => {
  it('reads apposition, possessives, ages and "their son" into ties each way', () => {
    expect(kin(read('Eli Ferris', 'Eli Ferris, 15, lives with his parents, Tom and Maud Ferris.'))).toEqual({
      'Tom Ferris': 'parent',
      'Maud Ferris': 'parent',
    });
    const maud = read(
      'Maud Ferris',
      'Maud Ferris, Tom’s wife of twenty years, keeps the accounts. Their son Eli, fifteen, wants a dog.',
    );
    // nothing says Tom's gender: the generic word, which the corpus's scoring counts as "husband"
    expect(kin(maud)).toEqual({ 'Tom Ferris': 'spouse', 'Eli Ferris': 'son' });
    const eli = read(
      'Eli Ferris',
      'Tom Ferris is married to Maud Ferris. Eli is their son and the terror of the school.',
    );
    expect(kin(eli)).toMatchObject({ 'Tom Ferris': 'parent', 'Maud Ferris': 'parent' });
  });

  it('combines two stated ties only where one strictly implies the other', () => {
    const rosa = read('Rosa Quint', "Rosa's sister Maud is married to Tom Ferris; their son Eli helps at the bakery.");
    expect(kin(rosa)).toEqual({ 'Maud Ferris': 'sister', 'Tom Ferris': 'brother-in-law', 'Eli Ferris': 'nephew' });
    // a mother's husband is not thereby a father
    const eli = read('Eli Ferris', 'Eli is the son of Maud Ferris. Tom Ferris is her husband.');
    expect(kin(eli)).toEqual({ 'Maud Ferris': 'mother' });
  });

  it('reads relative clauses and lists that go on: "whose husband Tom", "one sibling, Maud, and a nephew, Eli"', () => {
    const rosa = read(
      'Rosa Quint',
      'Rosa is close to Maud Ferris, whose husband Tom runs The Anchor and whose son Eli helps at the bakery; Maud is her sister.',
    );
    expect(kin(rosa)).toEqual({ 'Maud Ferris': 'sister', 'Tom Ferris': 'brother-in-law', 'Eli Ferris': 'nephew' });
    expect(kin(read('Rosa Quint', 'Rosa has one sibling in town, Maud Ferris, and a nephew, Eli.'))).toEqual({
      'Maud Ferris': 'sibling',
      'Eli Ferris': 'nephew',
    });
  });

  it('names only residents, in any alphabet, and a terse note\'s "Mum to"', () => {
    expect(kin(read('Ada Vos', 'Ada Vos, whose late husband Piet is buried in Leiden, is mum to Ciarán.'))).toEqual({
      'Ciarán Ó Dálaigh': 'child',
    });
    // family name first: the given name alone names the one resident who has it
    expect(kin(read('Lin Hao', 'My daughter Xiu helps me on Sundays.'))).toEqual({ 'Lin Xiu': 'daughter' });
  });
});

describe('household', () => {
  it('is who shares the home, never the street', () => {
    expect(
      read('Rosa Quint', 'Rosa lives on Mill Lane, next door to Tom Ferris, and across from Ada Vos.').household,
    ).toEqual([]);
    expect(
      read('Maud Ferris', 'She lives above the shop with her husband Tom and their son Eli.').household.sort(),
    ).toEqual(['Eli Ferris', 'Tom Ferris']);
    // the family of strangers: a son and his parents, each other's family and household
    const eli = read(
      'Eli Ferris',
      'Eli Ferris, 15, is the son of Tom and Maud Ferris; he lives with them above The Anchor.',
    );
    expect(kin(eli)).toEqual({ 'Tom Ferris': 'parent', 'Maud Ferris': 'parent' });
    expect(eli.household.sort()).toEqual(['Maud Ferris', 'Tom Ferris']);
    expect(kin(read('Maud Ferris', "Maud Ferris is Tom's wife and Eli's mother."))).toEqual({
      'Tom Ferris': 'spouse',
      'Eli Ferris': 'child',
    });
    // a relative's home is theirs
    expect(
      read('Tom Ferris', 'Tom lives with his wife Maud; his son lives with Ada Vos in the city.').household,
    ).toEqual(['Maud Ferris']);
    expect(read('Eli Ferris', 'Eli Ferris lives with his parents, Tom and Maud.').household.sort()).toEqual([
      'Maud Ferris',
      'Tom Ferris',
    ]);
  });
});

describe('work and its hours', () => {
  it('"opens at half past six and shuts at 3 pm, Monday to Saturday"', () => {
    const w = read(
      'Rosa Quint',
      "Rosa opens Quint's Bakery at half past six and shuts at 3 pm, Monday to Saturday.",
    ).work;
    expect(w).toMatchObject({
      place: 'quint-bakery',
      start: '06:30',
      end: '15:00',
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
    });
  });

  it.each([
    [
      "Rosa opens up Quint's Bakery at seven and locks up at four, Mondays to Fridays.",
      'quint-bakery',
      5,
      '07:00',
      '16:00',
    ],
    [
      'Rosa tends bar at The Anchor six days a week, closed Mondays, from noon until eleven at night.',
      'anchor',
      6,
      '12:00',
      '23:00',
    ],
    ["Rosa's shifts at The Anchor run from 10pm to 6am, Tues–Sat.", 'anchor', 5, '22:00', '06:00'],
    ['Rosa is the school cook, every weekday morning from 7.', 'school', 5, '07:00', null],
  ])('"%s"', (text, place, days, start, end) => {
    const w = read('Rosa Quint', text).work;
    expect(w).toMatchObject({ place, start, end });
    expect(w!.days).toHaveLength(days as number);
  });

  it("is nobody's workplace when the work is someone else's or in the past", () => {
    expect(read('Eli Ferris', 'His mother runs The Anchor; Eli only drinks there.').work).toBeNull();
    expect(read('Ada Vos', 'Ada retired from the school years ago and now paints.').work).toBeNull();
    expect(read('Ada Vos', 'Ada, who once taught at the school, now runs The Anchor from 8 to 8.').work).toMatchObject({
      place: 'anchor',
      start: '08:00',
      end: '20:00',
    });
  });
});

describe('routine', () => {
  it('is what is done regularly besides work, without its subject or its "when"', () => {
    const r = read(
      'Tom Ferris',
      'Tom Ferris runs The Anchor from noon to 11 pm; Tom Ferris plays darts at the village green every Friday at 8 pm; Maud Ferris swims every morning.',
    );
    expect(r.routine).toEqual([
      expect.objectContaining({
        what: 'play darts',
        place: 'green',
        days: ['fri'],
        start: '20:00',
      }),
    ]);
  });

  it('is a short activity said of the resident: a verb phrase, never a state, a fragment or a stranger\'s "her"', () => {
    const r = read(
      'Rosa Quint',
      'I walk my dog on the village green every morning. Best friend, sees her daily at the green. Rosa knows every baker in the county by name every day. Every Sunday I bake bread for myself and for Tom.',
    );
    expect(r.routine.map((x) => x.what)).toEqual(['walk her dog', 'bake bread for herself and for Tom']);
  });
});

describe('private matters', () => {
  it('finds secrecy said in another sentence, and the one person she means to tell', () => {
    const r = read(
      'Rosa Quint',
      "Rosa Quint has decided to sell Quint's Bakery. She has not told a soul and wants her sister to be the only one she tells.",
      'Her sister is Maud Ferris.',
    );
    expect(r.secrets).toHaveLength(1);
    expect(r.secrets[0]).toMatchObject({ owner: 'Rosa Quint', tellTo: ['Maud Ferris'] });
    expect(r.secrets[0]!.matter).toMatch(/sell/);
  });

  it('keeps a closing "and tells nobody" out of the matter (the reading says "tells no one" beside it)', () => {
    const r = read('Ada Vos', 'Ada Vos has privately heard that the school will close, and tells nobody.');
    expect(r.secrets[0]?.matter).toBe('the school will close');
    expect(r.secrets[0]?.tellTo).toEqual([]);
    // a telling inside the matter stays ("that Tom told nobody about the fire" is the matter)
    expect(read('Ada Vos', 'Ada Vos secretly knows that Tom told nobody about the fire.').secrets[0]?.matter).toMatch(
      /told nobody about the fire/,
    );
  });

  it('finds secrecy said in another field', () => {
    const r = read(
      'Ada Vos',
      'Ada teaches at the school.',
      'She has been offered a post in Utrecht.',
      'Nobody knows yet.',
    );
    expect(r.secrets).toHaveLength(1);
    expect(r.secrets[0]!.matter).toMatch(/offered a post/);
    expect(r.secrets[0]!.tellTo).toEqual([]);
  });

  it.each([
    [
      "Rosa has decided to close the bakery. She hasn't said a word yet; she'll break the news to her sister Maud first.",
      ['Maud Ferris'],
    ],
    ['Rosa is secretly engaged and means to let Ada know on Friday.', ['Ada Vos']],
    ['Rosa has been offered a job in the city. For now only she and Ada Vos know.', ['Ada Vos']],
    ['Rosa is saving to buy The Anchor, a plan she has shared with no one but Tom Ferris.', ['Tom Ferris']],
    ["Rosa's diagnosis is something she keeps to herself.", []],
  ])('"%s" keeps one matter, meant for %j', (text, tellTo) => {
    const r = read('Rosa Quint', text, 'Maud Ferris is her sister.');
    expect(r.secrets).toEqual([expect.objectContaining({ owner: 'Rosa Quint', tellTo })]);
  });

  it('knows whose secret it is when someone confided in the resident', () => {
    const r = read(
      'Maud Ferris',
      'Tom confided in her that he owes money to the brewery; she has promised not to tell a soul.',
    );
    expect(r.secrets[0]).toMatchObject({ owner: 'Tom Ferris', tellTo: ['Maud Ferris'] });
  });

  it('keeps only the clause of a seed list that is kept, not the list around it', () => {
    const r = read(
      'Tom Ferris',
      'Tom Ferris is a fisherman; Tom Ferris is married to Maud Ferris; Tom Ferris has secretly decided to sell his boat and intends to tell only his wife Maud Ferris; Tom Ferris drinks at The Anchor.',
    );
    expect(r.secrets).toEqual([
      expect.objectContaining({
        owner: 'Tom Ferris',
        tellTo: ['Maud Ferris'],
        quote: expect.stringMatching(/^Tom Ferris has secretly decided to sell his boat/),
      }),
    ]);
    expect(r.secrets[0]!.matter).not.toMatch(/fisherman|Anchor/);
  });

  it.each([
    'Tom Ferris has no secrets from his wife Maud.',
    'Tom is hiding from the rain under the bakery awning.',
    "Tom's secret recipe is pinned on the bakery wall for all to see.",
    'Who Tom voted for, nobody knows.',
  ])('finds nothing kept in "%s"', (text) => {
    expect(read('Tom Ferris', text).secrets).toEqual([]);
  });

  it('is no secret when the text says it is out', () => {
    expect(read('Eli Ferris', 'Eli is leaving for college, which is no secret: everyone knows.').secrets).toEqual([]);
  });
});

describe('events', () => {
  it('"a quiz night at The Anchor from 7 to 9 pm on the first evening", inviting everyone she meets', () => {
    const r = read(
      'Rosa Quint',
      'Rosa is hosting a quiz night at The Anchor from 7 to 9 pm on the first evening and will invite everyone she meets.',
    );
    expect(r.events).toEqual([
      expect.objectContaining({
        kind: 'quiz night',
        host: 'Rosa Quint',
        place: 'anchor',
        start: '2025-05-12 19:00',
        end: '2025-05-12 21:00',
        invite: 'everyone',
      }),
    ]);
  });

  it('"Saturday morning" is the morning of the coming Saturday; the host may invite a few by name', () => {
    const r = read(
      'Maud Ferris',
      'On Saturday morning she is running a seed swap on the village green and has invited only Ada Vos and Rosa.',
    );
    expect(r.events[0]).toMatchObject({
      kind: 'seed swap',
      place: 'green',
      start: '2025-05-17 09:00',
      end: '2025-05-17 12:00',
      invite: ['Ada Vos', 'Rosa Quint'],
    });
  });

  it('the host is the one who holds it, and a weekly habit or a past event is no event', () => {
    const r = read('Eli Ferris', 'Tomorrow at eight his mother Maud Ferris is throwing a party at The Anchor.');
    expect(r.events[0]).toMatchObject({ host: 'Maud Ferris', start: '2025-05-13 20:00' });
    expect(read('Tom Ferris', 'Tom plays darts at The Anchor every Friday at 8 pm.').events).toEqual([]);
    expect(read('Tom Ferris', 'Last Saturday Tom held a barbecue at The Anchor at 6 pm.').events).toEqual([]);
  });
});

describe('events said in other ways', () => {
  it.each([
    [
      'A seed swap on the village green is planned for Saturday at noon, organised by Ada Vos.',
      'Ada Vos',
      'seed swap',
      'green',
      '2025-05-17 12:00',
    ],
    [
      'A quiz will be held at The Anchor on Thursday at 8 pm; Tom Ferris is running it.',
      'Tom Ferris',
      'quiz',
      'anchor',
      '2025-05-15 20:00',
    ],
    ['Come to my cake sale at the school tomorrow at 3!', 'Maud Ferris', 'cake sale', 'school', '2025-05-13 15:00'],
    [
      "She's getting the whole village together for a ceilidh on the village green next Friday, from 7pm till late.",
      'Maud Ferris',
      'ceilidh',
      'green',
      '2025-05-16 19:00',
    ],
  ])('%s', (text, host, kind, place, start) => {
    const r = read('Maud Ferris', text);
    expect(r.events).toEqual([expect.objectContaining({ host, kind, place, start })]);
    expect(r.work).toBeNull();
  });
});

describe('clock and calendar words', () => {
  it('reads times in digits and words, and windows with the half of the day left open', () => {
    expect(readClock('half past six')).toEqual({ minute: 390, fixed: false });
    expect(readClock('a quarter to eight')).toEqual({ minute: 465, fixed: false });
    expect(readClock('7 p.m.')).toEqual({ minute: 1140, fixed: true });
    const w = (t: string, workday = false) =>
      windowsIn(t, { workday }).map((x) => `${hm(x.start)}-${x.end === null ? '?' : hm(x.end)}`);
    expect(w('from 7-9 pm')).toEqual(['19:00-21:00']);
    expect(w('from four until noon', true)).toEqual(['04:00-12:00']);
    expect(w('nine to five', true)).toEqual(['09:00-17:00']);
    expect(w('Sat 7pm-1am')).toEqual(['19:00-01:00']);
    expect(w('with two to three people')).toEqual([]);
  });

  it('reads weekday sets and the day of a one-off thing from the story start', () => {
    expect(weekdaysIn('Mon-Fri')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
    expect(weekdaysIn('every day but Wednesday')).toEqual(['mon', 'tue', 'thu', 'fri', 'sat', 'sun']);
    expect(weekdaysIn('Tuesdays and Thursdays')).toEqual(['tue', 'thu']);
    expect(weekdaysIn('M-F 9-5')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
    expect(weekdaysIn('Tu/Th 10-2')).toEqual(['tue', 'thu']);
    expect(weekdaysIn('We close early')).toBeNull();
    const monday = Math.floor(Date.UTC(2025, 4, 12) / 86_400_000);
    expect(eventDay('on the first evening', monday)).toBe(monday);
    expect(eventDay('on the second day', monday)).toBe(monday + 1);
    expect(eventDay('Sat 10am', monday)).toBe(monday + 5);
    expect(eventDay('on the first evening of the fair, which falls on Thursday', monday)).toBe(monday + 3);
    expect(eventDay('darts every Friday', monday)).toBeNull();
  });
});

describe('quotes', () => {
  it('every item quotes the text verbatim, a tie or a secret said over two sentences included', () => {
    const passages = [
      "Rosa's sister Maud is married to Tom Ferris. Their son Eli helps at the bakery on Saturdays.",
      'Rosa has decided to sell the bakery. She has not told a soul.',
      'On Friday at 8 pm Rosa is throwing a party at The Anchor; everyone is welcome.',
    ];
    const r = read('Rosa Quint', ...passages);
    const quotes = [...r.family, ...r.secrets, ...r.events].map((x) => x.quote);
    expect(quotes.length).toBeGreaterThanOrEqual(5);
    for (const q of quotes)
      expect(
        passages.some((p) => p.includes(q)),
        q,
      ).toBe(true);
  });
});

describe('private matters over the fields of a town file', () => {
  it('finds the news a keeping sentence in another field is about, past a habit said between', () => {
    const r = readResidentNeutral(
      {
        resident: 'Rosa Quint',
        passages: [
          { field: 'currently', text: 'Rosa Quint has decided to sell the bakery.' },
          { field: 'lifestyle', text: 'Rosa Quint gets up at 5 am and goes to bed at 9 pm.' },
          {
            field: 'seed',
            text: 'Rosa has not told a soul; she wants her sister Maud Ferris to be the only one she tells.',
          },
        ],
      },
      TOWN,
    );
    expect(r.secrets).toEqual([expect.objectContaining({ owner: 'Rosa Quint', tellTo: ['Maud Ferris'] })]);
    expect(r.secrets[0]!.matter).toMatch(/sell the bakery/);
  });
});

describe('phrasings of a happening without a host verb', () => {
  it('reads friends asked round for drinks, a hall booked for a ceilidh, "8 till late" and "7.30 start"', () => {
    const ev = (text: string) => read('Rosa Quint', text).events.map((e) => [e.kind, e.host, e.place, e.start, e.end]);
    expect(ev('Rosa is having a few friends round to the Ferris house for drinks on Friday at seven.')).toEqual([
      ['drinks', 'Rosa Quint', 'ferris-house', '2025-05-16 19:00', '2025-05-16 21:00'],
    ]);
    expect(ev('Rosa has booked the school for a ceilidh on the 17th, 8 till late.')).toEqual([
      ['ceilidh', 'Rosa Quint', 'school', '2025-05-17 20:00', '2025-05-17 22:00'],
    ]);
    expect(ev('Next Wednesday evening Rosa hosts book club at The Anchor, 7.30 start.')).toEqual([
      ['book club', 'Rosa Quint', 'anchor', '2025-05-14 19:30', '2025-05-14 21:30'],
    ]);
  });

  it('reads a note that starts with its date, "open house", "The annual fete is on ...", and guests after "only:"', () => {
    const ev = (text: string) =>
      read('Rosa Quint', text).events.map((e) => [e.kind, e.host, e.place, e.start, e.invite]);
    expect(ev("Fri 16 May, 7pm - Rosa's leaving do at The Anchor, all invited.")).toEqual([
      ['leaving do', 'Rosa Quint', 'anchor', '2025-05-16 19:00', 'everyone'],
    ]);
    expect(ev('Rosa will be holding open house at the Ferris house on Saturday between 2 and 5.')).toEqual([
      ['open house', 'Rosa Quint', 'ferris-house', '2025-05-17 14:00', 'everyone'],
    ]);
    expect(ev('The annual fete is on the village green on Saturday at 11; Maud Ferris is running it.')).toEqual([
      ['fete', 'Maud Ferris', 'green', '2025-05-17 11:00', 'everyone'],
    ]);
    expect(
      ev(
        "Rosa plans a barbecue at the Ferris house this Sunday from one o'clock, for family only: Tom Ferris and Eli Ferris.",
      ),
    ).toEqual([['barbecue', 'Rosa Quint', 'ferris-house', '2025-05-18 13:00', ['Tom Ferris', 'Eli Ferris']]]);
  });

  it('takes a one-off beside a weekly habit at its own day and hour', () => {
    const r = read(
      'Rosa Quint',
      "Rosa's book group meets at The Anchor every Thursday at 7, and this week she is hosting an author evening there on Wednesday at 7.30.",
    );
    expect(r.events.map((e) => [e.kind, e.place, e.start])).toEqual([['author evening', 'anchor', '2025-05-14 19:30']]);
  });

  it('keeps the household said after a neighbour phrase', () => {
    expect(
      read('Rosa Quint', 'Rosa lives next door to Ada Vos, in the Ferris house, with her sister Maud Ferris.')
        .household,
    ).toEqual(['Maud Ferris']);
    expect(read('Rosa Quint', 'Rosa lives next door to Ada Vos with her sister Maud Ferris.').household).toEqual([]);
    expect(
      read('Rosa Quint', 'In the Ferris house live Rosa, her sister Maud Ferris and Eli Ferris.').household,
    ).toEqual(['Maud Ferris', 'Eli Ferris']);
    expect(
      read(
        'Rosa Quint',
        "Tom Ferris and I have been at the Ferris house thirty years now. Eli's moved back in with us.",
      ).household,
    ).toEqual(['Tom Ferris', 'Eli Ferris']);
    expect(
      read('Rosa Quint', 'Her nephew Eli Ferris stays with her most weekends but lives with his parents.').household,
    ).toEqual([]);
    expect(
      read('Maud Ferris', 'Maud has two grown children, Eli and Rosa Quint, who both live away.').household,
    ).toEqual([]);
  });

  it('reads working hours from when someone turns up and goes home', () => {
    expect(
      read('Rosa Quint', "Rosa turns up at Quint's Bakery every weekday at six and goes home at two.").work,
    ).toMatchObject({
      place: 'quint-bakery',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      start: '06:00',
      end: '14:00',
    });
  });

  it('reads "she\'s doing a soup lunch" as hosting, and a happening open to all as no workplace', () => {
    const r = read('Rosa Quint', "Wed 14th: Rosa's doing a soup lunch at The Anchor, 12-2, everyone welcome.");
    expect(r.events.map((e) => [e.kind, e.place, e.start, e.end])).toEqual([
      ['soup lunch', 'anchor', '2025-05-14 12:00', '2025-05-14 14:00'],
    ]);
    expect(read('Rosa Quint', 'Her coffee morning at The Anchor (10 till 12) is open to all.').work).toBeNull();
  });

  it('takes no workplace from a job lost', () => {
    expect(read('Rosa Quint', "Rosa lost her job at Quint's Bakery last month and hasn't told Tom.").work).toBeNull();
  });
});

describe('private matters said in other ways', () => {
  it('reads "X knows; nobody else does", a confidence sworn to secrecy, and no secret in an opinion held privately', () => {
    const sec = (text: string) => read('Rosa Quint', text).secrets.map((x) => [x.owner, x.tellTo]);
    expect(sec('Rosa has been offered a job in Leeds. Tom Ferris knows; nobody else does.')).toEqual([
      ['Rosa Quint', ['Tom Ferris']],
    ]);
    expect(sec('Ada Vos swore Rosa to secrecy: she is the one who broke the church window.')).toEqual([
      ['Ada Vos', ['Rosa Quint']],
    ]);
    expect(sec('Rosa privately thinks the vicar is a fool.')).toEqual([]);
    expect(
      sec('Rosa carries a secret she has shared with only one person, her neighbour Ada Vos: she means to sell up.'),
    ).toEqual([['Rosa Quint', ['Ada Vos']]]);
    expect(sec('Rosa hopes nobody finds out that she failed her baking exam.')).toEqual([['Rosa Quint', []]]);
    expect(
      read('Maud Ferris', "Eli Ferris, Maud's son, has told his mother in confidence that he is engaged.").secrets.map(
        (x) => [x.owner, x.tellTo],
      ),
    ).toEqual([['Eli Ferris', ['Maud Ferris']]]);
  });
});

describe('a kin word that needs a gender the text never gives', () => {
  const frame: TownFrame = {
    start: '2025-05-12 07:00',
    people: ['Lucy Penn', 'Oscar Penn', 'Martha Penn', 'George Penn', 'Sam Penn'],
    places: [{ id: 'penn-house', name: 'the Penn house' }],
  };
  const family = (text: string) =>
    Object.fromEntries(
      readResidentNeutral({ resident: 'Lucy Penn', passages: [{ field: 'text', text }] }, frame).family.map((k) => [
        k.name,
        k.relation,
      ]),
    );

  it('takes it from a given name a reader knows, and leaves a name given to both unread', () => {
    expect(family('Lucy Penn is the daughter-in-law of Martha Penn and George Penn.')).toEqual({
      'Martha Penn': 'mother-in-law',
      'George Penn': 'father-in-law',
    });
    expect(family('Lucy Penn is the daughter-in-law of Sam Penn.')).toEqual({});
  });
});

describe("Smallville's own style", () => {
  it('reads a Smallville seed: family, household and work, and no tie from "the husband Tom Moreno" of another family', () => {
    const frame: TownFrame = {
      start: '2023-02-13 07:00',
      people: ['John Lin', 'Mei Lin', 'Eddy Lin', 'Sam Moore', 'Tom Moreno', 'Jane Moreno'],
      places: [
        { id: 'pharmacy', name: 'The Willows Market and Pharmacy' },
        { id: 'cafe', name: 'Hobbs Cafe' },
      ],
    };
    const r = readResidentNeutral(
      {
        resident: 'John Lin',
        passages: [
          {
            field: 'learned',
            text: 'John Lin is a pharmacy shopkeeper at the Willow Market and Pharmacy who loves to help people; John Lin is living with his wife, Mei Lin, who is a college professor, and son, Eddy Lin, who is a student studying music theory; John Lin has known the old couple next-door, Sam Moore and Jennifer Moore, for a few years; John Lin knows the Moreno family somewhat well — the husband Tom Moreno and the wife Jane Moreno.',
          },
        ],
      },
      frame,
    );
    expect(Object.fromEntries(r.family.map((k) => [k.name, k.relation]))).toEqual({
      'Mei Lin': 'wife',
      'Eddy Lin': 'son',
    });
    expect(r.household.sort()).toEqual(['Eddy Lin', 'Mei Lin']);
    expect(r.work?.place).toBe('pharmacy');
  });
});

import { describe, expect, it } from 'vitest';
import { type PlanDayInput, planDayMessages } from '../../../src/agent/prompts/plan-day.ts';
import { dueOn, namedDay, todayNumber } from '../../../src/core/dates.ts';
import { offlineDayPlan } from '../../../src/offline/agent/plan.ts';
import { stepsFor } from '../../../src/offline/agent/steps.ts';

const PLACES = [
  { id: 'home', name: 'home', kind: 'home' },
  { id: 'kettle', name: 'The Copper Kettle', kind: 'cafe', hours: '07:00-19:00' },
  { id: 'library', name: 'Riverside Library', kind: 'library', hours: '09:00-18:00' },
  { id: 'park', name: 'Greenway Park', kind: 'park' },
  { id: 'market', name: 'Harbor Market', kind: 'market', hours: '08:00-20:00' },
  { id: 'pub', name: 'The Anchor', kind: 'pub', hours: '16:00-00:30' },
];

function day(name: string, summary: string, lifestyle: string, over: Partial<PlanDayInput> = {}) {
  const first = name.split(' ')[0]!;
  return offlineDayPlan({
    name,
    first,
    summary,
    date: 'Friday, April 12',
    from: '00:00',
    lifestyle,
    currently: summary.split('. ').slice(-1)[0] ?? '',
    yesterday: [],
    intentions: [],
    places: PLACES,
    home: 'home',
    avoid: [],
    blocks: { min: 5, max: 8 },
    ...over,
  });
}
const at = (plan: ReturnType<typeof day>, hhmm: string) => plan.find((b) => b.start <= hhmm && hhmm < b.end);

describe('offline day plans from occupation, projects and habits (sec. 4.3)', () => {
  it('a retired captain walks his river path, writes his announcement and has lunch at his own hour', () => {
    const plan = day(
      'Oscar Lindqvist',
      'Oscar Lindqvist, 58, is principled. Oscar Lindqvist is a retired ferry captain who reads three newspapers a day and walks the river path every morning. Oscar Lindqvist has decided to run for mayor and is writing his announcement.',
      'Oscar Lindqvist gets up at 5:30 am, goes to bed around 9:30 pm.',
    );
    expect(at(plan, '06:45')).toMatchObject({ activity: 'walk the river path', place: 'park' });
    expect(at(plan, '09:00')).toMatchObject({ activity: 'write his announcement', place: 'home' });
    const lunch = plan.find((b) => b.activity === 'have lunch')!;
    expect(lunch.start >= '11:30' && lunch.start <= '13:00').toBe(true);
    expect(['home', 'kettle', 'pub']).toContain(lunch.place);
    expect(plan.some((b) => /own projects/.test(b.activity))).toBe(false);
  });

  it("what the text says of the work is the work, and a clause's hours in words never make an activity", () => {
    const plan = day(
      'Imogen Ash',
      'Imogen Ash, 19, is bright. Imogen Ash helps at the library from half past eight until one, and is learning the violin.',
      'Imogen Ash gets up at 7 am, goes to bed around 11 pm.',
      { work: { place: 'library', start: '08:30', end: '13:00' } },
    );
    expect(at(plan, '10:00')).toMatchObject({ place: 'library' });
    expect(plan.filter((b) => b.place === 'library' && b.start >= '13:00')).toEqual([]);
    expect(plan.map((b) => b.activity).join('; ')).not.toMatch(/half past|until one/);
  });

  it("the reading's habits are kept at their hours and places, never over work or a meal", () => {
    const plan = day('Kit Penrose', 'Kit Penrose, 17, sixth form. Guitar.', 'Up 8-ish. Late to bed.', {
      routine: [
        { what: 'revise at the library', place: 'library', start: '10:00', end: '15:00' },
        { what: 'play the guitar', place: null, start: '20:00', end: '21:00' },
        { what: 'have a pint', place: 'pub', start: '12:30', end: '13:00' },
        { what: 'swim in the cove', place: 'cove', start: '17:00', end: '18:00' },
      ],
    });
    expect(at(plan, '11:00')).toMatchObject({ activity: 'revise at the library', place: 'library' });
    expect(at(plan, '14:30')).toMatchObject({ activity: 'revise at the library', place: 'library' });
    expect(at(plan, '20:30')).toMatchObject({ activity: 'play the guitar', place: 'home' });
    // lunch in its hours stays lunch
    expect(plan.filter((b) => b.activity === 'have lunch')).toHaveLength(1);
    expect(at(plan, '12:45')?.activity).not.toBe('have a pint');
    // (a habit at a place the town does not have is left to the day, not put at home)
    expect(plan.some((b) => /swim/.test(b.activity))).toBe(false);
    // without the reading's habits, the same day knows nothing of the library
    const bare = day('Kit Penrose', 'Kit Penrose, 17, sixth form. Guitar.', 'Up 8-ish. Late to bed.');
    expect(bare.some((b) => b.place === 'library')).toBe(false);
  });

  it('work comes from the occupation and its hours from the daily plan; owners keep opening hours', () => {
    const pharmacist = day(
      'Daniel Okafor',
      'Daniel Okafor, 47, is calm. Daniel Okafor is the pharmacist at the Harbor Market pharmacy. Daniel Okafor is training for a ten-kilometre run along the river.',
      'Daniel Okafor gets up at 6 am, goes to bed around 10:30 pm. Daniel Okafor works at the Harbor Market pharmacy from 9 am to 6 pm.',
    );
    expect(at(pharmacist, '10:00')).toMatchObject({
      activity: 'work as the pharmacist at Harbor Market',
      place: 'market',
    });
    expect(at(pharmacist, '17:30')!.place).toBe('market');
    expect(at(pharmacist, '07:30')).toMatchObject({
      activity: 'train for a ten-kilometre run along the river',
      place: 'park',
    });
    const publican = day(
      'Theo Baptiste',
      'Theo Baptiste, 38, is jovial. Theo Baptiste runs The Anchor pub on the harbor. Theo Baptiste is looking for a band for Friday night and worrying about the leaking roof.',
      'Theo Baptiste gets up at 9 am, goes to bed around 1 am. Theo Baptiste opens The Anchor at 4 pm and closes it after midnight.',
    );
    expect(at(publican, '20:00')).toMatchObject({ activity: 'run The Anchor', place: 'pub' });
    expect(at(publican, '19:10')).toMatchObject({ activity: 'have a quick dinner', place: 'pub' });
    expect(at(publican, '10:30')!.activity).toBe('look for a band for Friday night');
    expect(publican.some((b) => /worry/.test(b.activity))).toBe(false);
    const student = day(
      'Lena Okafor',
      'Lena Okafor, 20, is bright. Lena Okafor studies environmental science at college. Lena Okafor is writing a paper about the river.',
      'Lena Okafor gets up at 8 am, goes to bed around midnight.',
    );
    expect(at(student, '10:00')).toMatchObject({ activity: 'study at Riverside Library', place: 'library' });
  });

  it('only the resident’s own intentions are planned; an event heard of is joined on its day', () => {
    const wondering = day(
      'Hannah Okafor',
      'Hannah Okafor, 45, is fair. Hannah Okafor is the town clerk.',
      'Hannah Okafor gets up at 6:30 am, goes to bed around 10:30 pm.',
      {
        intentions: [
          {
            text: 'Hannah Okafor wonders whether anyone will run against Mayor Webb this year',
            importance: 6,
            kind: 'seed',
          },
        ],
      },
    );
    expect(wondering.some((b) => /run against/.test(b.activity))).toBe(false);
    const party = {
      text: 'Rosa Delgado is planning a spring party at The Copper Kettle on Saturday, April 13, from 6 pm to 9 pm',
      importance: 6,
      kind: 'dialogue',
      from: 'Rosa Delgado',
    };
    const guestFriday = day('Hannah Okafor', 'Hannah Okafor, 45, is fair.', 'gets up at 6:30 am, bed at 10:30 pm', {
      intentions: [party],
    });
    expect(guestFriday.some((b) => /party/.test(b.activity))).toBe(false);
    const guestSaturday = day('Hannah Okafor', 'Hannah Okafor, 45, is fair.', 'gets up at 6:30 am, bed at 10:30 pm', {
      date: 'Saturday, April 13',
      intentions: [party],
    });
    expect(guestSaturday.find((b) => /party/.test(b.activity))).toEqual({
      start: '18:00',
      end: '21:00',
      activity: "go to Rosa's spring party",
      place: 'kettle',
    });
  });
});

describe('intentions and events of another day (sec. 3.1: decide, prepare, then do it on its day)', () => {
  const MARCUS = [
    'Marcus Webb',
    'Marcus Webb, 63, is charming. Marcus Webb is the mayor of Willowbrook and works at the Willowbrook Civic Center.',
    'Marcus Webb gets up at 7 am, goes to bed around 11 pm.',
  ] as const;
  const DAYS = {
    fri: { date: 'Friday, April 12', day: '2024-04-12' },
    sat: { date: 'Saturday, April 13', day: '2024-04-13' },
    sun: { date: 'Sunday, April 14', day: '2024-04-14' },
    mon: { date: 'Monday, April 15', day: '2024-04-15' },
  };
  const PLACES_CC = [...PLACES, { id: 'civic', name: 'Willowbrook Civic Center', kind: 'town hall' }];
  const marcus = (text: string, on: keyof typeof DAYS, kind = 'inner_voice', said = '2024-04-12') =>
    day(...MARCUS, { ...DAYS[on], places: PLACES_CC, intentions: [{ text, importance: 9, kind, day: said }] });

  it('a picnic decided on Friday for Sunday is planned on Friday and Saturday, thrown on Sunday, then dropped', () => {
    const voice = 'Marcus is going to throw a surprise picnic for the library volunteers on Sunday.';
    for (const d of ['fri', 'sat'] as const) {
      const plan = marcus(voice, d);
      expect(plan.some((b) => /throw/.test(b.activity))).toBe(false);
      expect(plan.find((b) => /picnic/.test(b.activity))).toMatchObject({
        activity: 'plan the surprise picnic for the library volunteers',
        place: 'home',
      });
    }
    const sunday = marcus(voice, 'sun');
    expect(sunday.find((b) => /picnic/.test(b.activity))).toMatchObject({
      activity: 'throw a surprise picnic for the library volunteers',
      place: 'park', // a picnic with no place named is held outdoors, not at the civic center
    });
    expect(marcus(voice, 'mon').some((b) => /picnic/.test(b.activity))).toBe(false);
  });

  it('a time named is kept for the day it names; "tomorrow" is read from the day it was said', () => {
    const voice = 'Marcus is going to throw a picnic in Greenway Park tomorrow at 6 pm.';
    const friday = marcus(voice, 'fri');
    expect(friday.find((b) => /picnic/.test(b.activity))).toMatchObject({
      activity: 'plan the picnic in Greenway Park',
    });
    expect(friday.some((b) => b.start === '18:00' && /picnic/.test(b.activity))).toBe(false);
    expect(marcus(voice, 'sat').find((b) => /picnic/.test(b.activity))).toEqual({
      start: '18:00',
      end: '20:00',
      activity: 'host the picnic',
      place: 'park',
    });
    // the same memory on Sunday: "tomorrow" was Saturday
    expect(marcus(voice, 'sun').some((b) => /picnic/.test(b.activity))).toBe(false);
  });

  it('an errand of a later day is not prepared for; "next week" is done in that week', () => {
    const visit = marcus('Marcus is going to visit his sister in Harbor Market on Sunday.', 'fri');
    expect(visit.some((b) => /sister/.test(b.activity))).toBe(false);
    expect(
      marcus('Marcus is going to visit his sister on Sunday.', 'sun').find((b) => /sister/.test(b.activity)),
    ).toBeTruthy();
    const festival = 'Marcus is going to hold a spring festival next week.';
    expect(marcus(festival, 'fri').find((b) => /festival/.test(b.activity))?.activity).toBe('plan the spring festival');
    expect(marcus(festival, 'mon').find((b) => /festival/.test(b.activity))?.activity).toBe('hold a spring festival');
  });

  it('party guests who heard of it on Friday go on Saturday at its hour, also from a conversation record', () => {
    const heard = {
      text: 'Rosa Delgado is having a party at The Copper Kettle tomorrow from 6 pm to 9 pm',
      importance: 6,
      kind: 'dialogue',
      from: 'Rosa Delgado',
      day: '2024-04-12',
    };
    const record = {
      text: 'Conversation with Rosa Delgado: At The Copper Kettle, Rosa mentioned having a spring party at The Copper Kettle on Saturday from 6 pm to 9 pm.',
      importance: 6,
      kind: 'conversation_summary',
      day: '2024-04-12',
    };
    for (const m of [heard, record]) {
      const guest = (on: keyof typeof DAYS) =>
        day('Hannah Okafor', 'Hannah Okafor, 45, is fair.', 'gets up at 6:30 am, bed at 10:30 pm', {
          ...DAYS[on],
          intentions: [m],
        });
      expect(guest('fri').some((b) => /party/.test(b.activity))).toBe(false);
      expect(guest('sat').find((b) => /party/.test(b.activity))).toMatchObject({
        start: '18:00',
        end: '21:00',
        place: 'kettle',
      });
      expect(guest('sun').some((b) => /party/.test(b.activity))).toBe(false);
    }
  });

  it('a model is told the day a remembered "on Sunday" was said, when it was not today', () => {
    const input = (day: string) => ({
      name: 'Marcus Webb',
      first: 'Marcus',
      summary: 'X runs The Copper Kettle, a cafe and bakery.',
      date: 'Saturday, April 13',
      day: '2024-04-13',
      from: '00:00',
      lifestyle: '',
      currently: '',
      yesterday: [],
      intentions: [{ text: 'Marcus is going to throw a picnic on Sunday', importance: 9, kind: 'inner_voice', day }],
      places: PLACES,
      home: 'home',
      avoid: [],
      blocks: { min: 5, max: 8 },
    });
    expect(planDayMessages(input('2024-04-12'))[1]!.content).toContain('on Sunday (on Friday, April 12)');
    expect(planDayMessages(input('2024-04-13'))[1]!.content).toContain('on Sunday\n');
  });

  it('read the day a text names from the day it was said', () => {
    const fri = todayNumber('2024-04-12', '')!;
    expect(todayNumber(undefined, 'Friday, April 12')).toBe(fri);
    expect(namedDay('on Sunday', fri)).toEqual({ day: fri + 2 });
    expect(namedDay('on Friday', fri)).toEqual({ day: fri });
    expect(namedDay('next Friday', fri)).toEqual({ day: fri + 7 });
    expect(namedDay('this weekend', fri)).toEqual({ day: fri + 1 });
    expect(namedDay('next week', fri)).toEqual({ day: fri + 3 });
    expect(namedDay('in two days', fri)).toEqual({ day: fri + 2 });
    expect(namedDay('on Saturday, April 13, from 6 pm', fri)).toEqual({ day: fri + 1 });
    expect(namedDay('choir on Thursdays', fri)).toEqual({ weekday: 4 });
    expect(namedDay('write the announcement', fri)).toBeNull();
    const dec30 = todayNumber('2024-12-30', '')!;
    expect(namedDay('on January 3', dec30)).toEqual({ day: dec30 + 4 });
    expect(dueOn('tonight at 8 pm', fri + 1, '2024-04-12')).toBe('gone');
    expect(dueOn('tomorrow', fri + 1, '2024-04-12')).toBe('today');
    expect(dueOn('on Sunday', fri)).toBe('ahead');
  });
});

describe('offline steps', () => {
  const steps = (activity: string, placeName: string, objects: string[], start = '10:00', home = false) =>
    stepsFor({
      first: 'X',
      summary: 'X runs The Copper Kettle, a cafe and bakery.',
      chunk: { start, end: '11:00', activity, placeName },
      home,
      areas: [{ name: 'main', objects }],
      steps: { min: 5, max: 15 },
    });

  it("a supper one hosts or is invited to is that gathering's steps; a meal out is a meal", () => {
    const inn = ['beer taps', 'counter'];
    expect(steps('host the harvest supper', 'The Ship Inn', inn)[0]).toBe('set up for the harvest supper');
    // (a guest's supper was 'order dinner at the counter', so nobody at it looked to be at it)
    expect(steps("go to Dilys's harvest supper", 'The Ship Inn', inn)[0]).toBe('take part in the harvest supper');
    expect(steps('go to the pub for lunch', 'The Ship Inn', inn)[0]).toBe('order lunch at the counter');
    expect(steps('join the family for dinner', 'Home', ['stove', 'kitchen table'], '19:00', true)[0]).toBe(
      'prepare dinner',
    );
  });

  it('are concrete actions for the activity, not the place it happens at, and change from hour to hour', () => {
    expect(steps('study at Riverside Library', 'Riverside Library', ['bookshelves', 'library computer'])[0]).toMatch(
      /sources|notes|section|reference|draft/,
    );
    expect(steps('run The Copper Kettle', 'The Copper Kettle', ['espresso machine', 'pastry case'])).toContain(
      'brew coffee at the espresso machine',
    );
    expect(steps('run The Copper Kettle', 'The Copper Kettle', ['espresso machine'], '10:00')).not.toEqual(
      steps('run The Copper Kettle', 'The Copper Kettle', ['espresso machine'], '11:00'),
    );
    // lunch is ordered at someone else's cafe, eaten at one's own, cooked at home
    expect(steps('have lunch', 'The Copper Kettle', ['espresso machine'])[0]).toBe('grab a bite for lunch');
    expect(steps('have lunch', 'The Anchor', ['beer taps'])[0]).toBe('order lunch at the counter');
    expect(steps('have lunch', 'Maple Row', ['stove', 'keyboard'], '12:00', true)[0]).toBe('prepare lunch');
    // a street of homes lists every household's objects: they do not decide what a resident does at home
    expect(steps('prepare the town budget', 'Maple Row', ['keyboard', 'easel'], '08:00', true).join(' ')).not.toMatch(
      /melody|easel|paint/,
    );
  });
});

describe('offline steps at work, for the occupation the resident is described with', () => {
  const at = (summary: string, activity: string, placeName: string, objects: string[]) =>
    stepsFor({
      first: 'M',
      summary,
      chunk: { start: '08:00', end: '09:00', activity, placeName },
      home: false,
      areas: [{ name: 'shop', objects }],
      steps: { min: 5, max: 15 },
    });
  const bakery = ['counter', 'bread shelves', 'till', 'deck oven', 'mixer'];

  it('a baker bakes at her bakery (a word inside another, "read" in "bread", is no activity)', () => {
    const steps = at('M is a baker. Owns Crust, Quay St.', 'work at Crust', 'Crust', bakery).join('; ');
    expect(steps).toMatch(/bake|dough|bread shelves/);
    expect(steps).not.toMatch(/chapter|book/);
    // a customer does not bake, and does not read a chapter among the bread either
    expect(at('M is a ferry skipper.', 'buy a loaf at Crust', 'Crust', bakery).join('; ')).not.toMatch(
      /chapter|bake|dough/,
    );
  });

  it('at work the shop is stock, not a pastime; calling on someone is finding and talking to them', () => {
    const chandlery = ['rope reels', 'paint shelf', 'bait fridge', 'till'];
    const sal = at('M sells rope, paint and bait.', 'work at the Chandlery', 'Chandlery', chandlery).join('; ');
    expect(sal).not.toMatch(/easel|painting|colours/);
    expect(sal).toMatch(/customer|shelves/);
    // (the same objects for a painter who goes there to paint are the painter's)
    expect(at('M is a painter.', 'paint the harbour', 'Chandlery', chandlery).join(' ')).toMatch(/easel|paint/);
    expect(at('M runs the pub.', 'invite Jo to the quiz night', 'Library', ['computers', 'study table'])).toEqual([
      'look for Jo about the quiz night',
      'invite Jo to the quiz night',
      'keep Jo company',
      'say goodbye to Jo',
    ]);
    expect(at('M is a librarian.', 'call on Meg', 'Crust', ['counter', 'mixer'])[0]).toBe('call on Meg');
    expect(at('M is a skipper.', 'read the news over coffee', 'Home', ['sofa']).join(' ')).not.toMatch(/chapter|book/);
  });

  it('a landlady runs her inn; "start" is no art, "compost" no composing', () => {
    expect(
      at('M is the landlady of the Wheatsheaf.', 'work at the Wheatsheaf', 'The Wheatsheaf', ['bar taps']),
    ).toContain('pour drinks at the beer taps');
    // her lunch at her own bar is no customer's; a skipper's there is
    expect(at('M is the landlady of the Wheatsheaf.', 'have lunch', 'The Wheatsheaf', ['bar taps'])[0]).toBe(
      'grab a bite for lunch',
    );
    expect(at('M is a skipper.', 'have lunch', 'The Wheatsheaf', ['bar taps'])[0]).toBe('order lunch at the counter');
    expect(at('M is a gardener.', 'start the compost heap', 'Allotments', ['compost bin']).join(' ')).not.toMatch(
      /easel|melody|lyrics/,
    );
  });
});

describe('offline place matching: tolerant, never a person’s name taken for a place', () => {
  it('a pharmacist works at the pharmacy, not at a park whose name begins with his first name', () => {
    const places = [
      { id: 'home', name: 'home', kind: 'home' },
      { id: 'danepark', name: 'Danefield Park', kind: 'park' },
      { id: 'shop', name: 'Corner Shop and Pharmacy', kind: 'shop', hours: '08:00-20:00' },
    ];
    const plan = day(
      'Dane Orlov',
      'Dane Orlov, 45, is kind. Dane Orlov is a pharmacist who works at the pharmacy. Dane Orlov loves his family.',
      'Dane wakes up at 7 am and goes to bed at 10 pm.',
      { places, date: 'Tuesday, April 9' },
    );
    const work = plan.filter((b) => b.place !== 'home');
    expect(work.some((b) => b.place === 'shop')).toBe(true);
    expect(work.filter((b) => b.place === 'danepark').map((b) => b.activity)).not.toContainEqual(
      expect.stringMatching(/pharm|work/),
    );
  });

  it('a surname is not a place: a writer named Field does not write at Field Park', () => {
    const places = [
      { id: 'home', name: 'home', kind: 'home' },
      { id: 'fieldpark', name: 'Field Park', kind: 'park' },
      { id: 'library', name: 'Town Library', kind: 'library', hours: '09:00-18:00' },
    ];
    const plan = day(
      'Ann Field',
      'Ann Field, 30, is curious. Ann Field is a writer who is always looking for new ways to tell stories.',
      'Ann Field goes to bed around 11pm, wakes up around 8am.',
      { places },
    );
    expect(plan.filter((b) => b.place === 'fieldpark').map((b) => b.activity)).not.toContainEqual(
      expect.stringMatching(/write/),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { offlineDayPlan, stepsFor } from '../../src/agent/offline-plan.ts';
import type { PlanDayInput } from '../../src/agent/prompts/plan-day.ts';

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
  it('a retired captain walks his river path, writes his announcement and lunches where the town meets', () => {
    const plan = day(
      'Oscar Lindqvist',
      'Oscar Lindqvist, 58, is principled. Oscar Lindqvist is a retired ferry captain who reads three newspapers a day and walks the river path every morning. Oscar Lindqvist has decided to run for mayor and is writing his announcement.',
      'Oscar Lindqvist gets up at 5:30 am, goes to bed around 9:30 pm.',
    );
    expect(at(plan, '06:45')).toMatchObject({ activity: 'walk the river path', place: 'park' });
    expect(at(plan, '09:00')).toMatchObject({ activity: 'write his announcement', place: 'home' });
    expect(at(plan, '12:30')).toMatchObject({ activity: 'have lunch', place: 'kettle' });
    expect(plan.some((b) => /own projects/.test(b.activity))).toBe(false);
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

describe('offline steps', () => {
  const steps = (activity: string, placeName: string, objects: string[], start = '10:00', home = false) =>
    stepsFor({
      first: 'X',
      summary: 's',
      chunk: { start, end: '11:00', activity, placeName },
      home,
      areas: [{ name: 'main', objects }],
      steps: { min: 5, max: 15 },
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
    // lunch is ordered at a cafe, cooked at home
    expect(steps('have lunch', 'The Copper Kettle', ['espresso machine'])[0]).toBe('order lunch at the counter');
    expect(steps('have lunch', 'Maple Row', ['stove', 'keyboard'], '12:00', true)[0]).toBe('prepare lunch');
    // a street of homes lists every household's objects: they do not decide what a resident does at home
    expect(steps('prepare the town budget', 'Maple Row', ['keyboard', 'easel'], '08:00', true).join(' ')).not.toMatch(
      /melody|easel|paint/,
    );
  });
});

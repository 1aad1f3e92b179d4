import { describe, expect, it } from 'vitest';
import type { PlanDayInput } from '../../../src/agent/prompts/plan-day.ts';
import { offlineDayPlan } from '../../../src/offline/agent/plan.ts';

const PLACES = [
  { id: 'home', name: 'home', kind: 'home' },
  { id: 'kettle', name: 'The Copper Kettle', kind: 'cafe', hours: '07:00-19:00' },
  { id: 'park', name: 'Greenway Park', kind: 'park' },
  { id: 'civic', name: 'Willowbrook Civic Center', kind: 'civic', hours: '09:00-17:00' },
  { id: 'market', name: 'Harbor Market', kind: 'market', hours: '08:00-20:00' },
];
// April 2024: the 12th is a Friday
const DAYS = {
  fri: { date: 'Friday, April 12, 2024', day: '2024-04-12' },
  sat: { date: 'Saturday, April 13, 2024', day: '2024-04-13' },
  sun: { date: 'Sunday, April 14, 2024', day: '2024-04-14' },
  mon: { date: 'Monday, April 15, 2024', day: '2024-04-15' },
};

function plan(name: string, summary: string, on: keyof typeof DAYS, lifestyle = `${name} gets up at 7 am.`) {
  const input: PlanDayInput = {
    name,
    first: name.split(' ')[0]!,
    summary,
    ...DAYS[on],
    from: '00:00',
    lifestyle,
    currently: '',
    yesterday: [],
    intentions: [],
    places: PLACES,
    home: 'home',
    avoid: [],
    blocks: { min: 5, max: 8 },
  };
  return offlineDayPlan(input);
}
const places = (p: ReturnType<typeof plan>) => p.map((b) => b.place);

describe('work blocks follow the working week', () => {
  const MAYOR = 'Marcus Webb has been mayor of Willowbrook for eight years and works at Willowbrook Civic Center.';
  const OWNER = 'Rosa Delgado owns The Copper Kettle cafe and bakes everything she sells.';

  it('the mayor works at the civic center Monday to Friday, not at the weekend', () => {
    for (const d of ['fri', 'mon'] as const) expect(places(plan('Marcus Webb', MAYOR, d))).toContain('civic');
    for (const d of ['sat', 'sun'] as const) {
      const p = plan('Marcus Webb', MAYOR, d);
      expect(places(p)).not.toContain('civic');
      // a day off is leisure: out and about, not a day shut in
      expect(p.some((b) => b.place === 'park' || b.place === 'kettle')).toBe(true);
    }
  });

  it('a cafe owner opens on Saturday and rests on Sunday', () => {
    expect(plan('Rosa Delgado', OWNER, 'sat').some((b) => /run The Copper Kettle/.test(b.activity))).toBe(true);
    expect(plan('Rosa Delgado', OWNER, 'sun').some((b) => /run The Copper Kettle/.test(b.activity))).toBe(false);
  });

  it('the persona’s own working days win over the default', () => {
    const felix = 'Felix Tanaka works the checkout at Harbor Market from Tuesday to Saturday.';
    expect(places(plan('Felix Tanaka', felix, 'mon'))).not.toContain('market');
    expect(places(plan('Felix Tanaka', felix, 'sat'))).toContain('market');
    const daily = 'Rosa Delgado owns The Copper Kettle cafe and opens it every day.';
    expect(places(plan('Rosa Delgado', daily, 'sun'))).toContain('kettle');
    const closed = 'Rosa Delgado owns The Copper Kettle cafe, which is closed on Mondays.';
    expect(plan('Rosa Delgado', closed, 'mon').some((b) => /run The Copper Kettle/.test(b.activity))).toBe(false);
    expect(plan('Rosa Delgado', closed, 'sat').some((b) => /run The Copper Kettle/.test(b.activity))).toBe(true);
  });
});

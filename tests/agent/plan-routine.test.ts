// The reading's habits reach the day plan (issue 32 items 3 and 6): today's, by weekday, with a place or an hour,
// in the input and the prompt the model is asked with.
import { describe, expect, it } from 'vitest';
import { routineToday } from '../../src/agent/plan.ts';
import { type PlanDayInput, planDayMessages } from '../../src/agent/prompts/plan-day.ts';
import type { AgentProfile } from '../../src/agent/types.ts';
import { at, ctxFor, MARA, resident, setup } from './fixtures.ts';

const SWIMMER: AgentProfile = {
  ...MARA,
  routine: [
    { what: 'swim at the lido', place: 'elm-park', days: ['mon', 'wed'], start: '07:00', end: '07:45' },
    { what: 'choir practice', place: 'lantern-cafe', days: ['thu'], start: '19:00', end: '21:00' },
    { what: 'read the paper', place: null, days: null, start: '08:00', end: null },
    { what: 'keep the accounts', place: null, days: null, start: null, end: null },
  ],
};

describe("the day plan is given the reading's habits", () => {
  it("today's, with a place or an hour (2023-02-13 is a Monday)", () => {
    expect(routineToday(SWIMMER, at(6)).routine).toEqual([
      { what: 'swim at the lido', place: 'elm-park', start: '07:00', end: '07:45' },
      { what: 'read the paper', place: null, start: '08:00', end: null },
    ]);
    expect(routineToday(SWIMMER, at(6) + 3 * 86_400_000).routine?.map((x) => x.what)).toEqual([
      'choir practice',
      'read the paper',
    ]);
    expect(routineToday(MARA, at(6))).toEqual({});
  });

  it('the model is asked with them', async () => {
    const { model, runtime } = setup();
    const r = resident(SWIMMER);
    await runtime.decide(r, ctxFor(r, at(6)));
    const input = model.callsFor('agent_plan_day').at(-1)!.input as PlanDayInput;
    expect(input.routine?.map((x) => x.what)).toEqual(['swim at the lido', 'read the paper']);
    const text = planDayMessages(input)
      .map((m) => m.content)
      .join('\n');
    expect(text).toContain(
      'Habits today: swim at the lido at elm-park from 07:00 to 07:45; read the paper from 08:00.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { MindState } from '../../src/agent/mind-state.ts';
import { isPartition } from '../../src/core/schedule.ts';
import { at, ctxFor, MARA, MARA_HOME, resident, setup, TOMAS } from './fixtures.ts';

const burning = { description: 'stove is burning', subject: 'stove', kind: 'object' as const };

describe('reacting (sec. 4.3.1) and the burning stove (sec. 3.1)', () => {
  it('a burning stove in her kitchen makes Mara react now and re-plan the rest of the day once it is dealt with', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    // GIVEN Mara making breakfast at home
    await runtime.decide(mara, ctxFor(mara, at(6, 0)));
    const before = await runtime.decide(mara, ctxFor(mara, at(6, 20)));
    expect(before.action.description).toMatch(/breakfast/);
    // WHEN the stove's status is rewritten to burning and she perceives it
    await runtime.perceive([{ resident: mara, perceived: [burning] }], at(6, 30));
    expect(mara.memory.latestWithDescription('stove is burning')!.importance).toBeGreaterThanOrEqual(8);
    model.reset();
    const d = await runtime.decide(mara, ctxFor(mara, at(6, 30), { perceived: [burning] }));
    // THEN she reacts: the action deals with the stove and turns it off in the world
    expect(model.tasks()).toContain('agent_react');
    const react = model.callsFor('agent_react')[0]!;
    expect(react.input).toMatchObject({ observation: 'stove is burning', subject: 'stove' });
    expect(d.reacted).toBe(true);
    expect(d.changed).toBe(true);
    expect(d.action).toMatchObject({
      object: 'stove',
      objectStatus: 'off',
      subArea: 'kitchen',
      location: MARA_HOME.id,
    });
    expect(d.action.description).toMatch(/stove/);
    // AND the plan from now on is made again: the next step comes from a fresh decomposition that knows why
    model.reset();
    const after = await runtime.decide(mara, ctxFor(mara, at(6, 40)));
    // the rest of the day is planned again from the reaction's end (sec. 4.3.1), knowing why
    const day = model.callsFor('agent_plan_day');
    expect(day).toHaveLength(1);
    expect((day[0]!.input as { from: string }).from).toBe('06:40');
    const replan = model.callsFor('agent_plan_steps');
    expect(replan).toHaveLength(1);
    expect((replan[0]!.input as { context?: string }).context).toMatch(/stove is burning/);
    expect(after.action.description).toMatch(/remak/);
    expect(isPartition((mara.mind as MindState).plan!.steps)).toBe(true);
    // it does not react twice to the same sight
    model.reset();
    await runtime.decide(mara, ctxFor(mara, at(6, 45), { perceived: [burning] }));
    expect(model.callsFor('agent_react')).toHaveLength(0);
  });

  it('routine sights do not interrupt the plan (no react call)', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    await runtime.decide(mara, ctxFor(mara, at(9, 0)));
    const seen = [
      { description: 'counter is idle', kind: 'object' as const },
      { description: 'coffee machine is in use' },
    ];
    await runtime.perceive([{ resident: mara, perceived: seen }], at(9, 10));
    model.reset();
    const d = await runtime.decide(mara, ctxFor(mara, at(9, 10), { perceived: seen }));
    expect(model.callsFor('agent_react')).toHaveLength(0);
    expect(d.reacted).toBe(false);
  });

  it('a co-located acquaintance who is free can start a conversation (then a cooldown)', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    await runtime.seed(mara, at(0));
    const nearby = [{ id: TOMAS.id, name: TOMAS.name, action: 'Tomas Reyes is reading', busy: false }];
    const d = await runtime.decide(mara, ctxFor(mara, at(9, 0), { nearby }));
    expect(d.converse).toEqual({ with: TOMAS.id, intent: 'catch up with Tomas' });
    model.reset();
    const again = await runtime.decide(mara, ctxFor(mara, at(9, 10), { nearby }));
    expect(again.converse).toBeUndefined();
    expect(model.callsFor('agent_react')).toHaveLength(0);
  });

  it('a resident who just ended a talk starts or walks up to no other for talkRestMinutes, unless it is named (issue 33)', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    await runtime.seed(mara, at(0));
    // GIVEN Mara's last talk ended at 9:00
    (mara.mind as MindState).lastTalkAt = at(9, 0);
    const nearby = [{ id: TOMAS.id, name: TOMAS.name, action: 'Tomas Reyes is reading', busy: false }];
    // WHEN Tomas is free beside her 20 minutes later: no talk decision is asked, and she walks up to no talk of his
    model.reset();
    const resting = await runtime.decide(mara, ctxFor(mara, at(9, 20), { nearby }));
    expect(resting.converse).toBeUndefined();
    expect(model.callsFor('agent_react')).toHaveLength(0);
    expect(runtime.joins(mara, { participants: [TOMAS.name], intent: 'talk about books', now: at(9, 20) })).toBe(false);
    // a talk that names her she still joins
    expect(runtime.joins(mara, { participants: [TOMAS.name], intent: 'ask Mara about music', now: at(9, 20) })).toBe(
      true,
    );
    // THEN after the rest she may talk again
    const rested = await runtime.decide(mara, ctxFor(mara, at(10, 0), { nearby }));
    expect(rested.converse).toEqual({ with: TOMAS.id, intent: 'catch up with Tomas' });
    expect(runtime.joins(mara, { participants: [TOMAS.name], intent: 'talk about books', now: at(10, 0) })).toBe(true);
  });
});

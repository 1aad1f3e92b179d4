import { describe, expect, it } from 'vitest';
import type { MindContext } from '../../src/agent/context.ts';
import { toSteps } from '../../src/agent/decompose.ts';
import type { MindState } from '../../src/agent/mind-state.ts';
import { DEFAULT_AGENT_SETTINGS } from '../../src/agent/settings.ts';
import { isPartition, mealOf } from '../../src/core/schedule.ts';
import { at, CAFE, ctxFor, MARA, resident, setup } from './fixtures.ts';

const planOf = (m: unknown) => (m as MindState).plan!;

describe('planning (sec. 4.3): top-down, lazy, never double-booked', () => {
  it('plans the day once, then decomposes each block and hour only when it is reached', async () => {
    // Chunks of 2 hours here (the default is 3): the counts below follow from it.
    const { model, runtime } = setup({ hourChunkMinutes: 120 });
    const mara = resident(MARA);
    // GIVEN a new day; WHEN Mara decides while asleep
    await runtime.decide(mara, ctxFor(mara, at(0, 5)));
    // THEN the outline exists but nothing is decomposed (sleep needs no steps)
    expect(model.tasks()).toEqual(['agent_summary', 'agent_plan_day']);
    const plan = planOf(mara.mind);
    expect(plan.blocks.length).toBeGreaterThanOrEqual(7);
    expect(isPartition(plan.blocks)).toBe(true);
    expect(plan.blocks[0]!.start).toBe(at(0));
    expect(plan.blocks.at(-1)!.end).toBe(at(24));

    // WHEN she wakes (a 60-minute morning block): no hour call, one step call for that hour
    model.reset();
    const d = await runtime.decide(mara, ctxFor(mara, at(6, 0)));
    expect(model.tasks()).toEqual(['agent_plan_steps']);
    expect(d.action.description).toMatch(/^Mara Okafor is /);
    await runtime.decide(mara, ctxFor(mara, at(6, 10)));
    await runtime.decide(mara, ctxFor(mara, at(6, 50)));
    expect(model.tasks()).toEqual(['agent_plan_steps']);

    // WHEN the 5-hour work block starts: one chunk-level call for the block, then one step call per window (<= 2 h)
    model.reset();
    await runtime.decide(mara, ctxFor(mara, at(7, 0)));
    expect(model.tasks()).toEqual(['agent_plan_hours', 'agent_plan_steps']);
    for (let min = 7 * 60 + 10; min < 9 * 60; min += 10) await runtime.decide(mara, ctxFor(mara, at(0, min)));
    expect(model.callsFor('agent_plan_hours')).toHaveLength(1);
    expect(model.callsFor('agent_plan_steps')).toHaveLength(1);
    // the afternoon is still undecomposed (lazy)
    expect(plan.hours.every((h) => h.end <= at(12))).toBe(true);
    // (one step call covers at most settings.hourChunkMinutes = 2 hours)
    expect(planOf(mara.mind).steps.every((s) => s.end <= at(10, 0))).toBe(true);

    // every level is stored as plan memories with time, duration and place
    const levels = mara.memory
      .all()
      .filter((m) => m.kind === 'plan')
      .map((m) => m.plan!.level);
    expect(new Set(levels)).toEqual(new Set(['day', 'hour', 'step']));
    const step = mara.memory.all().find((m) => m.plan?.level === 'step')!;
    expect(step.plan).toMatchObject({ start: at(6, 0), location: 'mara-home' });
    expect(step.plan!.minutes).toBeGreaterThanOrEqual(5);
  });

  it('never double-books lunch, whatever the model proposes', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    model.script('agent_plan_day', {
      blocks: [
        { start: '00:00', end: '06:00', activity: 'sleeping', place: 'mara-home' },
        { start: '06:00', end: '12:00', activity: 'work at the cafe', place: 'lantern-cafe' },
        { start: '12:00', end: '13:00', activity: 'eat lunch', place: 'lantern-cafe' },
        { start: '12:30', end: '13:30', activity: 'eat lunch', place: 'lantern-cafe' },
        { start: '13:00', end: '14:00', activity: 'have lunch', place: 'lantern-cafe' },
        { start: '13:30', end: '18:00', activity: 'work at the cafe', place: 'lantern-cafe' },
        { start: '17:00', end: '18:00', activity: 'eat lunch again', place: 'lantern-cafe' },
        { start: '18:00', end: '24:00', activity: 'sleeping', place: 'mara-home' },
      ],
    });
    // an hour decomposition that sneaks a second lunch into the afternoon
    model.script('agent_plan_hours', (input: unknown) => {
      const b = (input as { block: { start: string } }).block;
      return b.start >= '13'
        ? {
            items: [
              { start: '14:00', end: '15:00', activity: 'eat lunch', place: 'lantern-cafe' },
              { start: '15:00', end: '18:00', activity: 'serve customers', place: 'lantern-cafe' },
            ],
          }
        : { items: [] };
    });
    const lunchTicks: number[] = [];
    for (let min = 11 * 60; min < 17 * 60; min += 10) {
      const d = await runtime.decide(mara, ctxFor(mara, at(0, min)));
      if (mealOf(d.action.description)) lunchTicks.push(min);
    }
    const plan = planOf(mara.mind);
    for (const level of [plan.blocks, plan.hours, plan.steps]) expect(isPartition(level)).toBe(true);
    expect(plan.blocks.filter((b) => mealOf(b.activity) === 'lunch')).toHaveLength(1);
    // one contiguous lunch: no eating at 12:00, again at 12:30 and again at 13:00
    expect(lunchTicks.length).toBeGreaterThan(0);
    expect(lunchTicks.every((m, i) => i === 0 || m - lunchTicks[i - 1]! === 10)).toBe(true);
    expect(lunchTicks.at(-1)! < 14 * 60).toBe(true);
  });

  it('one step call covers the chunks that follow in the same place, up to hourChunkMinutes (issue 33 item 5)', async () => {
    const { model, runtime } = setup({ hourChunkMinutes: 180 });
    const mara = resident(MARA);
    model.script('agent_plan_day', {
      blocks: [
        { start: '00:00', end: '08:00', activity: 'sleeping', place: 'mara-home' },
        { start: '08:00', end: '09:00', activity: 'open the cafe', place: 'lantern-cafe' },
        { start: '09:00', end: '10:00', activity: 'serve breakfast', place: 'lantern-cafe' },
        { start: '10:00', end: '11:00', activity: 'bake bread', place: 'lantern-cafe' },
        { start: '11:00', end: '12:00', activity: 'tidy up', place: 'lantern-cafe' },
        { start: '12:00', end: '24:00', activity: 'rest at home', place: 'mara-home' },
      ],
    });
    // the answer's step lines ("<minutes> <emoji> <action>"), as the prompt asks
    const step = (action: string, minutes: number) => `${minutes} ☕ ${action}`;
    model.script('agent_plan_steps', {
      steps: [
        step('unlock the door', 15),
        step('start the espresso machine', 45),
        step('serve the first customers', 60),
        step('knead the dough', 60),
      ],
    });
    for (let min = 8 * 60; min < 11 * 60; min += 10) await runtime.decide(mara, ctxFor(mara, at(0, min)));
    // one call for 08:00-11:00 (three blocks of an hour at the cafe), not one an hour
    expect(model.callsFor('agent_plan_steps')).toHaveLength(1);
    const asked = model
      .callsFor('agent_plan_steps')[0]!
      .messages.map((m) => m.content)
      .join('\n');
    expect(asked).toContain('08:00-09:00: open the cafe at');
    expect(asked).toContain('09:00-10:00: serve breakfast');
    expect(asked).toContain('10:00-11:00: bake bread');
    expect(asked).not.toContain('tidy up'); // past the three hours
    const plan = planOf(mara.mind);
    expect(isPartition(plan.steps)).toBe(true);
    expect(plan.steps.find((x) => x.start === at(10))?.activity).toBe('knead the dough');
    // the next hour is asked for when it is reached
    await runtime.decide(mara, ctxFor(mara, at(11, 0)));
    expect(model.callsFor('agent_plan_steps')).toHaveLength(2);
  });

  it("a step answer that stops short is not asked again: the rest of the window is each chunk's own activity (issue 33)", async () => {
    const { model, runtime } = setup({ hourChunkMinutes: 180 });
    const mara = resident(MARA);
    model.script('agent_plan_day', {
      blocks: [
        { start: '00:00', end: '08:00', activity: 'sleeping', place: 'mara-home' },
        { start: '08:00', end: '09:00', activity: 'open the cafe', place: 'lantern-cafe' },
        { start: '09:00', end: '10:00', activity: 'serve breakfast', place: 'lantern-cafe' },
        { start: '10:00', end: '24:00', activity: 'rest at home', place: 'mara-home' },
      ],
    });
    // GIVEN a model that writes half an hour of steps for a two-hour window
    const step = (action: string) => `15 ☕ ${action}`;
    model.script('agent_plan_steps', { steps: [step('unlock the door'), step('start the espresso machine')] });
    // WHEN Mara lives through the window
    const did: string[] = [];
    for (let min = 8 * 60; min < 10 * 60; min += 10)
      did.push((await runtime.decide(mara, ctxFor(mara, at(0, min)))).action.description);
    // THEN one call: its steps first, then each chunk's own activity for the rest of its hour
    expect(model.callsFor('agent_plan_steps')).toHaveLength(1);
    const plan = planOf(mara.mind);
    expect(isPartition(plan.steps)).toBe(true);
    expect(plan.steps.find((x) => x.start === at(8, 15))?.activity).toBe('start the espresso machine');
    expect(plan.steps.find((x) => x.start === at(8, 30))?.activity).toBe('open the cafe');
    expect(plan.steps.find((x) => x.start === at(9))?.activity).toBe('serve breakfast');
    expect(did.at(-1)).toMatch(/serv/i);
  });

  it("a plain meal's steps are by rule, with the place's objects and no call; a gathering's are the model's (issue 33)", async () => {
    const { model, runtime } = setup({ hourChunkMinutes: 180 });
    const mara = resident(MARA);
    model.script('agent_plan_day', {
      blocks: [
        { start: '00:00', end: '12:00', activity: 'sleeping', place: 'mara-home' },
        { start: '12:00', end: '13:00', activity: 'have lunch', place: 'mara-home' },
        { start: '13:00', end: '14:00', activity: "go to Tomas's birthday dinner", place: 'lantern-cafe' },
        { start: '14:00', end: '24:00', activity: 'rest at home', place: 'mara-home' },
      ],
    });
    const did: string[] = [];
    for (let min = 12 * 60; min < 13 * 60; min += 10)
      did.push((await runtime.decide(mara, ctxFor(mara, at(0, min)))).action.description);
    expect(model.callsFor('agent_plan_steps')).toHaveLength(0);
    const steps = planOf(mara.mind).steps.filter((x) => x.start >= at(12) && x.end <= at(13));
    expect(steps.map((x) => x.activity)).toEqual(['prepare lunch', 'eat lunch', 'wash the dishes']);
    expect(steps[0]).toMatchObject({ object: 'stove', subArea: 'kitchen' });
    expect(steps[1]).toMatchObject({ object: 'table' });
    expect(isPartition(planOf(mara.mind).steps)).toBe(true);
    expect(did[0]).toMatch(/preparing lunch/);
    // someone's dinner party is not a plain meal: its steps are asked for
    await runtime.decide(mara, ctxFor(mara, at(13, 0), { location: CAFE }));
    expect(model.callsFor('agent_plan_steps')).toHaveLength(1);
  });

  it('the step answer names an object (its sub-area follows) or else a sub-area, in one field', () => {
    const c = { settings: DEFAULT_AGENT_SETTINGS } as unknown as MindContext;
    const areas = [
      { name: 'kitchen', objects: ['stove', 'sink'] },
      { name: 'garden', objects: ['bench'] },
    ];
    const hour = { start: at(7), end: at(8), activity: 'cook breakfast', place: 'mara-home' };
    const step = (object: string | null, objectStatus: string | null) => ({
      minutes: 15,
      action: 'do a thing',
      emoji: '🙂',
      object,
      objectStatus,
    });
    const [a, b, d] = toSteps(
      c,
      [step('Stove', 'cooking'), step('garden', null), step('a pan', 'hot')],
      { start: at(7), end: at(8) },
      hour,
      areas,
    );
    expect(a).toMatchObject({ subArea: 'kitchen', object: 'stove', objectStatus: 'cooking' });
    expect(b).toMatchObject({ subArea: 'garden' });
    expect(b?.object).toBeUndefined();
    // not on the list: neither an object nor a sub-area
    expect(d?.object).toBeUndefined();
    expect(d?.subArea).toBeUndefined();
  });

  it('replans the rest of the day around a place the world refused', async () => {
    const { runtime } = setup();
    const mara = resident(MARA);
    const d = await runtime.decide(mara, ctxFor(mara, at(7, 0)));
    expect(d.action.location).toBe('lantern-cafe');
    const next = await runtime.decide(mara, ctxFor(mara, at(7, 10), { rejected: 'The Lantern Cafe is closed today' }));
    expect(next.action.location).toBe('mara-home');
    expect((mara.mind as MindState).avoid).toContain('lantern-cafe');
    expect(
      mara.memory.all().some((m) => /could not go ahead as planned: The Lantern Cafe is closed/.test(m.description)),
    ).toBe(true);
  });

  it('the mind state survives a JSON round trip (the town snapshot) without re-planning', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    await runtime.decide(mara, ctxFor(mara, at(7, 0)));
    const restored = { ...mara, mind: JSON.parse(JSON.stringify(mara.mind)) as unknown };
    model.reset();
    const d = await runtime.decide(restored, ctxFor(restored, at(7, 10)));
    expect(model.tasks()).toEqual([]);
    expect(d.action.location).toBe('lantern-cafe');
    // a missing or foreign state is replaced by a fresh one rather than crashing
    const blank = { ...mara, mind: undefined as unknown };
    await runtime.decide(blank, ctxFor(blank, at(7, 20)));
    expect((blank.mind as MindState).plan).not.toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dialogueMemories } from '../../src/agent/converse.ts';
import { keepEvents } from '../../src/agent/events.ts';
import type { MindState } from '../../src/agent/mind-state.ts';
import { stillDue } from '../../src/core/dates.ts';
import { at, ctxFor, MARA, resident, setup, TOMAS } from './fixtures.ts';

const DAY = 86_400_000;
const mindOf = (m: unknown) => m as MindState;

describe('dated goals and events expire after their day (issue 10 item 5)', () => {
  it('reads a memory as due on and before its day, history after it; undated and weekly ones stay due', () => {
    const heard = { description: 'Tomas Reyes is having a picnic at Elm Park on Wednesday', createdAt: at(9) };
    expect(stillDue(heard, at(8) + 2 * DAY)).toBe(true); // Wednesday itself
    expect(stillDue(heard, at(8) + DAY)).toBe(true); // Tuesday, ahead
    expect(stillDue(heard, at(8) + 3 * DAY)).toBe(false); // Thursday: gone
    // a dialogue line's news is what is read
    const line = { description: 'Mara said: "lovely day"', createdAt: at(9), meta: { news: 'a band plays tonight' } };
    expect(stillDue(line, at(20))).toBe(true);
    expect(stillDue(line, at(9) + DAY)).toBe(false);
    expect(stillDue({ description: 'Tomas likes chess', createdAt: at(9) }, at(9) + 30 * DAY)).toBe(true);
    expect(stillDue({ description: 'Tomas plays chess every Sunday', createdAt: at(9) }, at(9) + 30 * DAY)).toBe(true);
  });

  it('a goal for a past day is not in the day plan prompt even when retrieval ranks it first', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    // GIVEN Mara meant on Monday to hire a band for Monday night, and nothing else crowds it out
    await runtime.remember(
      mara,
      'Mara Okafor wants to hire a band for tonight at the Lantern Cafe',
      at(9),
      'observation',
      7,
    );
    await runtime.decide(mara, ctxFor(mara, at(10)));
    expect(JSON.stringify(model.callsFor('agent_plan_day').at(-1)!.messages)).toMatch(/hire a band/);
    // WHEN she plans Tuesday
    await runtime.decide(mara, ctxFor(mara, at(0, 5) + DAY));
    // THEN Monday's goal is not among what she has to do (yesterday's lines and her summary may tell of it)
    const prompt = JSON.stringify(model.callsFor('agent_plan_day').at(-1)!.messages);
    expect(prompt.slice(prompt.indexOf("On Mara's mind"))).not.toMatch(/hire a band/);
    expect(mindOf(mara.mind).plan!.blocks.some((b) => /band/.test(b.activity))).toBe(false);
  });

  it('news of a past day is not offered as fresh news in dialogue', async () => {
    const { runtime } = setup();
    const mara = resident(MARA);
    const tomas = resident(TOMAS);
    await runtime.remember(mara, 'There is a party at the Lantern Cafe on Monday at 7 pm', at(9), 'observation', 7);
    const party = mara.memory.all().find((m) => /party/.test(m.description))!;
    const c = (runtime as unknown as { c: Parameters<typeof dialogueMemories>[0] }).c;
    expect(dialogueMemories(c, mara, [tomas], [party], at(12))[0]!.fresh).toBe(true);
    expect(dialogueMemories(c, mara, [tomas], [party], at(12) + DAY)[0]!.fresh).toBe(false);
  });
});

describe('a goal that keeps failing is given up after a few days', () => {
  it('a place that turns the resident away three days running leaves the plans for a week', async () => {
    const { runtime } = setup({ goalFailDays: 3, goalDropDays: 7 });
    const mara = resident(MARA);
    for (let d = 0; d < 3; d++) {
      const d0 = await runtime.decide(mara, ctxFor(mara, at(7, 0) + d * DAY));
      expect(d0.action.location).toBe('lantern-cafe');
      await runtime.decide(mara, ctxFor(mara, at(7, 10) + d * DAY, { rejected: 'The Lantern Cafe is closed today' }));
      const until = mindOf(mara.mind).avoidUntil['lantern-cafe']!;
      // twice a short while (tried again later the same day), the third day running for the week
      if (d < 2) expect(until).toBe(at(7, 10) + d * DAY + 120 * 60_000);
      else expect(until).toBe(at(7, 10) + d * DAY + 7 * DAY);
    }
    expect(mara.memory.all().some((m) => /gives up on going to Lantern Cafe/.test(m.description))).toBe(true);
    // the next day's plan goes elsewhere
    const next = await runtime.decide(mara, ctxFor(mara, at(7, 0) + 3 * DAY));
    expect(next.action.location).not.toBe('lantern-cafe');
    expect(mindOf(mara.mind).plan!.blocks.some((b) => b.place === 'lantern-cafe')).toBe(false);
  });

  it('refusals on days not running do not give the goal up', async () => {
    const { runtime } = setup({ goalFailDays: 3 });
    const mara = resident(MARA);
    for (const d of [0, 1, 3]) {
      await runtime.decide(mara, ctxFor(mara, at(7, 0) + d * DAY));
      await runtime.decide(mara, ctxFor(mara, at(7, 10) + d * DAY, { rejected: 'The Lantern Cafe is closed today' }));
      expect(mindOf(mara.mind).avoidUntil['lantern-cafe']).toBe(at(7, 10) + d * DAY + 120 * 60_000);
    }
  });
});

describe('a dated event of today planned at its place keeps that place through decomposition', () => {
  it('pins the block at the event’s place and hours, not blocks elsewhere or on other days', () => {
    const mem = (description: string) =>
      ({ id: 'm1', kind: 'observation', description, createdAt: at(9), importance: 6 }) as never;
    const places = [
      { id: 'lantern-cafe', name: 'Lantern Cafe' },
      { id: 'elm-park', name: 'Elm Park' },
    ];
    const blocks = [
      { start: at(17), end: at(19), activity: 'music night', place: 'lantern-cafe' },
      { start: at(19), end: at(21), activity: 'walk', place: 'elm-park' },
    ];
    const today = keepEvents(
      blocks,
      [mem('a music night at the Lantern Cafe on Monday from 6 pm to 8 pm')],
      places,
      at(0),
      at(1),
    );
    expect(today.map((b) => b.pinned ?? false)).toEqual([true, false]);
    const later = keepEvents(
      blocks,
      [mem('a music night at the Lantern Cafe on Tuesday from 6 pm to 8 pm')],
      places,
      at(0),
      at(1),
    );
    expect(later.map((b) => b.pinned ?? false)).toEqual([false, false]);
  });
});

describe('an intention planned and never carried out ages like a failing goal', () => {
  const onMind = (prompt: string) => prompt.slice(prompt.indexOf("On Mara's mind"));
  const planPrompt = (model: ReturnType<typeof setup>['model']) =>
    onMind(JSON.stringify(model.callsFor('agent_plan_day').at(-1)!.messages));

  it('is planned on goalFailDays days, then left out of the plans for goalDropDays, and remembered as given up', async () => {
    const { model, runtime } = setup({ goalFailDays: 3, goalDropDays: 7 });
    const mara = resident(MARA);
    // GIVEN Mara resolved (undated) to find a harpist for the cafe, and no day of hers ever does it
    await runtime.remember(mara, 'Mara Okafor wants to find a harpist for the cafe', at(6), 'observation', 8);
    for (let d = 0; d < 3; d++) {
      await runtime.decide(mara, ctxFor(mara, at(7) + d * DAY));
      expect(planPrompt(model)).toMatch(/harpist/); // planned that day
      await runtime.decide(mara, ctxFor(mara, at(12) + d * DAY));
    }
    expect(mindOf(mara.mind).plan!.hours.some((h) => /harpist/i.test(h.activity))).toBe(false);
    // WHEN the fourth day is planned
    await runtime.decide(mara, ctxFor(mara, at(7) + 3 * DAY));
    // THEN the goal is not among what she has to do, and she knows she gave it up
    expect(planPrompt(model)).not.toMatch(/find a harpist for the cafe"/);
    expect(mara.memory.all().some((m) => /gives up on "find a harpist for the cafe"/.test(m.description))).toBe(true);
    expect(mindOf(mara.mind).goals!.dropped['find a harpist for the cafe']).toBe(at(7) + 3 * DAY + 7 * DAY);
    // a week later she may try again
    await runtime.decide(mara, ctxFor(mara, at(7) + 11 * DAY));
    expect(planPrompt(model)).toMatch(/harpist/);
  });

  it('an intention for a day ahead is not failing on the days before it', async () => {
    const { runtime } = setup({ goalFailDays: 2 });
    const mara = resident(MARA);
    // Monday: she means to find a harpist on Thursday
    await runtime.remember(
      mara,
      'Mara Okafor wants to find a harpist for the cafe on Thursday',
      at(6),
      'observation',
      8,
    );
    for (let d = 0; d < 3; d++) await runtime.decide(mara, ctxFor(mara, at(7) + d * DAY));
    await runtime.decide(mara, ctxFor(mara, at(7) + 3 * DAY)); // Thursday
    expect(mindOf(mara.mind).goals!.dropped).toEqual({});
    expect(mindOf(mara.mind).goals!.failed).toEqual({});
  });

  it('an intention that was carried out is not failing', async () => {
    const { runtime } = setup({ goalFailDays: 2 });
    const mara = resident(MARA);
    await runtime.remember(mara, 'Mara Okafor wants to find a harpist for the cafe', at(6), 'observation', 8);
    for (let d = 0; d < 3; d++) {
      await runtime.decide(mara, ctxFor(mara, at(7) + d * DAY));
      // her day includes doing it
      const plan = mindOf(mara.mind).plan!;
      plan.hours.push({
        start: at(9) + d * DAY,
        end: at(10) + d * DAY,
        activity: 'phoning harpists for the cafe',
        place: 'lantern-cafe',
      });
    }
    await runtime.decide(mara, ctxFor(mara, at(7) + 3 * DAY));
    expect(mindOf(mara.mind).goals!.dropped).toEqual({});
    expect(mindOf(mara.mind).goals!.failed).toEqual({});
  });
});

describe('an event of today the resident resolved to go to is kept in its day plan', () => {
  it('a day plan that left it out gets it back at its place and hours; one only heard of is not added', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    // GIVEN Mara resolved to go to a tasting at the Lantern Cafe tonight, and a day plan that leaves it out
    await runtime.remember(
      mara,
      'Mara Okafor heard that Tomas Reyes is holding a cheese tasting at the Lantern Cafe on Monday from 6 pm to 7 pm, and plans to go',
      at(6),
      'observation',
      6,
    );
    await runtime.remember(
      mara,
      'Tomas Reyes is giving a talk at Pine College on Monday at 3 pm',
      at(6),
      'observation',
      6,
    );
    model.script('agent_plan_day', {
      blocks: [{ start: '07:00', end: '22:00', activity: 'reading', place: 'mara-home' }],
    });
    await runtime.decide(mara, ctxFor(mara, at(7)));
    const blocks = mindOf(mara.mind).plan!.blocks;
    const tasting = blocks.find((b) => b.place === 'lantern-cafe');
    expect(tasting).toMatchObject({
      start: at(18),
      end: at(19),
      activity: "go to Tomas's cheese tasting",
      pinned: true,
    });
    // THEN the talk she only heard of is not forced into her day
    expect(blocks.some((b) => /talk/.test(b.activity))).toBe(false);
  });
});

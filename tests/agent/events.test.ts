// Events as things in the mind (src/agent/event.ts): a model's reading is held to its text, and the day plan names
// the event by its kind and host at its place, whatever the outline called it.
import { describe, expect, it } from 'vitest';
import type { MindState } from '../../src/agent/mind-state.ts';
import { at, CAFE, ctxFor, MARA, resident, setup } from './fixtures.ts';

describe('events as things', () => {
  it('a model\'s reading that does not hold against its text (a "party" at the wrong place) is read neutrally', async () => {
    const { model, runtime, logs } = setup();
    const mara = resident(MARA);
    await runtime.remember(
      mara,
      'Tomas Reyes is hosting a poetry reading at the Lantern Cafe on Monday from 6 pm to 8 pm, and Mara Okafor plans to go',
      at(6),
      'observation',
      6,
    );
    model.script('agent_read_events', {
      events: [
        {
          text: 1,
          kind: 'party',
          host: 'Tomas Reyes',
          place: 'mara-home',
          date: '2023-02-13',
          start: '18:00',
          end: null,
        },
      ],
    });
    // an outline that calls it "Tomas's event" at the cafe, in its hours
    model.script('agent_plan_day', {
      blocks: [
        { start: '07:00', end: '18:00', activity: 'reading', place: 'mara-home' },
        { start: '18:00', end: '20:00', activity: "go to Tomas's event", place: 'lantern-cafe' },
        { start: '20:00', end: '23:00', activity: 'reading', place: 'mara-home' },
      ],
    });
    await runtime.decide(mara, ctxFor(mara, at(7)));
    const mind = mara.mind as MindState;
    expect(mind.events).toEqual([
      {
        kind: 'poetry reading',
        host: 'Tomas Reyes',
        place: 'lantern-cafe',
        day: '2023-02-13',
        start: 18 * 60,
        end: 20 * 60,
      },
    ]);
    expect(logs.some((l) => /did not hold/.test(l.msg))).toBe(true);
    // the plan-day prompt was given the event, and the block for it names its kind and host
    const input = model.callsFor('agent_plan_day').at(-1)!.input as { events?: { kind: string }[] };
    expect(input.events?.map((e) => e.kind)).toEqual(['poetry reading']);
    const block = mind.plan!.blocks.find((b) => b.start === at(18));
    expect(block).toMatchObject({
      activity: "go to Tomas's poetry reading",
      place: 'lantern-cafe',
      end: at(20),
      pinned: true,
    });
    // a text is read once
    await runtime.decide(mara, ctxFor(mara, at(7, 10)));
    expect(model.callsFor('agent_read_events')).toHaveLength(1);
  });

  it("an event of the town's reading heard in words no rule reads is known as the reading says it, with no call", async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    // no place the town knows by name, hours in words: the text alone is no event to the rules or the model's candidates
    await runtime.remember(
      mara,
      'Tomas Reyes said: "I\'m putting on a poetry reading in the back room tonight, seven till nine, do come"',
      at(6),
      'dialogue',
      6,
    );
    model.script('agent_plan_day', {
      blocks: [
        { start: '07:00', end: '19:00', activity: 'reading', place: 'mara-home' },
        { start: '19:00', end: '21:00', activity: 'go to the poetry reading', place: 'lantern-cafe' },
        { start: '21:00', end: '23:00', activity: 'reading', place: 'mara-home' },
      ],
    });
    const townEvents = [
      { kind: 'poetry reading', host: 'Tomas Reyes', place: 'lantern-cafe', start: at(19), end: at(21) },
    ];
    await runtime.decide(mara, { ...ctxFor(mara, at(7)), townEvents });
    const mind = mara.mind as MindState;
    expect(mind.events).toEqual([
      {
        kind: 'poetry reading',
        host: 'Tomas Reyes',
        place: 'lantern-cafe',
        day: '2023-02-13',
        start: 19 * 60,
        end: 21 * 60,
      },
    ]);
    expect(model.callsFor('agent_read_events')).toHaveLength(0);
    const input = model.callsFor('agent_plan_day').at(-1)!.input as { events?: { kind: string }[] };
    expect(input.events?.map((e) => e.kind)).toEqual(['poetry reading']);
    // she sets off for it within the tick before it starts (a move takes a tick), not when it has begun
    expect((await runtime.decide(mara, { ...ctxFor(mara, at(18, 30)), townEvents })).action.location).toBe('mara-home');
    expect((await runtime.decide(mara, { ...ctxFor(mara, at(18, 55)), townEvents })).action.location).toBe(
      'lantern-cafe',
    );
    // without the town's events, the same words give the mind no event
    const { runtime: bare } = setup();
    const other = resident(MARA);
    await bare.remember(
      other,
      'Tomas Reyes said: "I\'m putting on a poetry reading in the back room tonight, seven till nine, do come"',
      at(6),
      'dialogue',
      6,
    );
    await bare.decide(other, ctxFor(other, at(7)));
    expect((other.mind as MindState).events ?? []).toEqual([]);
  });
  it('a worker sets off for work within the tick before it starts, and not for a block elsewhere that is no work', async () => {
    const { model, runtime } = setup();
    const mara = resident({ ...MARA, work: { place: 'lantern-cafe', days: null, start: '09:00', end: '17:00' } });
    model.script('agent_plan_day', {
      blocks: [
        { start: '07:00', end: '09:00', activity: 'have breakfast and read', place: 'mara-home' },
        { start: '09:00', end: '17:00', activity: 'work at the Lantern Cafe', place: 'lantern-cafe' },
        { start: '17:00', end: '18:00', activity: 'walk in the park', place: 'elm-park' },
        { start: '18:00', end: '23:00', activity: 'relax at home', place: 'mara-home' },
      ],
    });
    expect((await runtime.decide(mara, ctxFor(mara, at(8, 40)))).action.location).toBe('mara-home');
    expect((await runtime.decide(mara, ctxFor(mara, at(8, 55)))).action.location).toBe('lantern-cafe');
    // (at work, the walk in the park waits for its hour: only work and events are set off for ahead)
    const cafe = { location: CAFE };
    expect((await runtime.decide(mara, ctxFor(mara, at(16, 55), cafe))).action.location).toBe('lantern-cafe');
  });
});

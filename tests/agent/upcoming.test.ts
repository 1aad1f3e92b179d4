import { describe, expect, it } from 'vitest';
import type { MindState } from '../../src/agent/mind-state.ts';
import { at, ctxFor, MARA, resident, setup, TOMAS } from './fixtures.ts';

const DAY = 86_400_000;
const planOf = (m: unknown) => (m as MindState).plan!;

describe('the day plan sees dated events the resident knows of, however many memories crowd them out', () => {
  it('a party heard of on Monday is in Wednesday’s plan after 160 later observations', async () => {
    const { model, runtime } = setup();
    const tomas = resident(TOMAS);
    // GIVEN Tomas heard on Monday of Mara's music night on Wednesday
    await runtime.remember(
      tomas,
      'Mara Okafor is hosting a music night at the Lantern Cafe on Wednesday, February 15, from 7 pm to 9 pm',
      at(10),
      'observation',
      6,
    );
    // AND then saw 160 routine things, some as important as the news
    for (let k = 0; k < 160; k++)
      await runtime.remember(
        tomas,
        `Tomas Reyes saw a neighbour carrying box number ${k} past the window`,
        at(11) + k * 15 * 60_000,
        'observation',
        k % 3 === 0 ? 6 : 2,
      );
    // AND more important plans of later days (the nearest day comes first)
    for (const what of ['the archive', 'the museum', 'the harbour', 'the mill'])
      await runtime.remember(tomas, `Tomas Reyes decided to visit ${what} next month`, at(12), 'observation', 8);
    // WHEN he plans Wednesday
    await runtime.decide(tomas, ctxFor(tomas, at(0, 5) + 2 * DAY));
    // THEN the model was told of the music night, and the offline plan goes to it at its hour
    const call = model.callsFor('agent_plan_day').at(-1)!;
    expect(JSON.stringify(call.messages)).toMatch(/music night/);
    const night = planOf(tomas.mind).blocks.find((b) => /music night/.test(b.activity));
    expect(night).toMatchObject({ start: at(19) + 2 * DAY, end: at(21) + 2 * DAY, place: 'lantern-cafe' });
  });

  it('an event whose day has gone is not pinned', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    await runtime.remember(
      mara,
      'Tomas Reyes is having a picnic at Elm Park on Monday, February 13, from 1 pm to 3 pm',
      at(9),
      'observation',
      6,
    );
    for (let k = 0; k < 40; k++)
      await runtime.remember(mara, `Mara Okafor wiped table ${k}`, at(10) + k * 60_000, 'observation', 6);
    await runtime.decide(mara, ctxFor(mara, at(0, 5) + DAY));
    expect(JSON.stringify(model.callsFor('agent_plan_day').at(-1)!.messages)).not.toMatch(/picnic/);
  });
});

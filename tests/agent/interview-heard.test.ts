// Interviews that find what was heard (issue 38 item 3): a resident told of an event in a talk days ago says so
// when asked, though newer, more important memories crowd the stream; offline model and offline embedder.
import { describe, expect, it } from 'vitest';
import { answerKnowsFact } from '../../src/eval/judge.ts';
import { eventQuestion, factKeywords } from '../../src/town/tracked.ts';
import { at, resident, setup, TOMAS } from './fixtures.ts';

const TOLD =
  'Conversation with Mara Okafor: At the Lantern Cafe, Mara mentioned organising a beach clean-up at North Beach on Saturday morning.';
const FACT = 'Mara Okafor is hosting a beach clean-up at North Beach on Saturday morning';

async function toldThenBusy(runtime: ReturnType<typeof setup>['runtime']) {
  const tomas = resident(TOMAS);
  await runtime.remember(tomas, TOLD, at(8), 'conversation_summary', 4);
  // two days of newer plans that name the same topic (what a long run's stream holds: plans around the event),
  // which crowd the talk out of the top of retrieval
  for (let k = 0; k < 150; k++)
    await runtime.remember(
      tomas,
      `Tomas Reyes plans to walk past the beach clean-up crates on the way to study block ${k}`,
      at(10) + k * 15 * 60_000,
      'plan',
      5,
    );
  return tomas;
}

describe('an interview about news the resident heard', () => {
  it('GIVEN a told event buried under 150 newer memories WHEN asked about it THEN the answer says what was told', async () => {
    const { model, runtime } = setup();
    const tomas = await toldThenBusy(runtime);
    const question = eventQuestion('beach clean-up');
    const answer = await runtime.interview(tomas, question, { now: at(50), remember: false });
    expect(JSON.stringify(model.callsFor('agent_interview').at(-1)!.messages)).toMatch(
      /Mara mentioned organising a beach clean-up/,
    );
    expect(answer).toMatch(/clean-up/);
    expect(answerKnowsFact(answer, factKeywords(FACT, 'Mara Okafor'), undefined, { question, fact: FACT })).toBe(true);
  });

  it('with a shallow retrieval, the heard-news cue still brings it, and without the cue it is lost: the failure it prevents', async () => {
    const shallow = { interviewRetrieveK: 4, interviewBudgetTokens: 200 };
    const kept = setup(shallow);
    const told = await toldThenBusy(kept.runtime);
    await kept.runtime.interview(told, eventQuestion('beach clean-up'), { now: at(50), remember: false });
    expect(JSON.stringify(kept.model.callsFor('agent_interview').at(-1)!.messages)).toMatch(
      /Mara mentioned organising a beach clean-up/,
    );
    const { model, runtime } = setup({ ...shallow, namedPinK: 0 });
    const tomas = await toldThenBusy(runtime);
    const answer = await runtime.interview(tomas, eventQuestion('beach clean-up'), { now: at(50), remember: false });
    expect(JSON.stringify(model.callsFor('agent_interview').at(-1)!.messages)).not.toMatch(
      /Mara mentioned organising a beach clean-up/,
    );
    expect(answer).toMatch(/don't remember/);
  });

  it('a question about something else does not pull the news in', async () => {
    const { model, runtime } = setup();
    const tomas = await toldThenBusy(runtime);
    await runtime.interview(tomas, 'Do you know of any quiz night coming up in town?', {
      now: at(50),
      remember: false,
    });
    expect(JSON.stringify(model.callsFor('agent_interview').at(-1)!.messages)).not.toMatch(
      /Mara mentioned organising a beach clean-up/,
    );
  });
});

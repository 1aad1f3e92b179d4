import { describe, expect, it } from 'vitest';
import { at, resident, setup, TOMAS } from './fixtures.ts';

// Park et al. 2023, sec. 6.5: residents fail to retrieve what they know. A seed fact about an acquaintance must still
// answer "do you know <name>?" after a day of recent, important memories about other things.
async function crowdedTomas(runtime: ReturnType<typeof setup>['runtime']) {
  const tomas = resident(TOMAS);
  await runtime.remember(tomas, 'Tomas Reyes and Carlos Gomez play chess together on Sundays', at(7), 'seed', 3);
  for (let k = 0; k < 120; k++)
    await runtime.remember(
      tomas,
      `Tomas Reyes thinks the harbour project needs step ${k} finished before the council meets`,
      at(9) + k * 10 * 60_000,
      'reflection',
      8,
    );
  return tomas;
}

describe('interviews about a named person', () => {
  it('GIVEN a seed fact buried under 120 newer important memories WHEN asked "Do you know Carlos Gomez?" THEN the resident says what it knows', async () => {
    const { model, runtime } = setup();
    const tomas = await crowdedTomas(runtime);
    const answer = await runtime.interview(tomas, 'Do you know Carlos Gomez?', { now: at(30), remember: false });
    const call = model.callsFor('agent_interview').at(-1)!;
    expect(JSON.stringify(call.messages)).toMatch(/play chess together/);
    expect(answer).toMatch(/Carlos/);
    expect(answer).not.toMatch(/don't know|don't remember/i);
  });

  it('the relationship note alone (no name pin) carries who the person is to the resident', async () => {
    const { model, runtime } = setup({ namedPinK: 0 });
    const tomas = await crowdedTomas(runtime);
    await runtime.interview(tomas, 'Do you know Carlos Gomez?', { now: at(30), remember: false });
    const prompt = model.callsFor('agent_interview').at(-1)!.messages[1]!.content;
    expect(prompt).toMatch(/You know Carlos Gomez: .*play chess together/);
  });

  it('without the name cue, the own-seed cue, the note and the deeper retrieval (the old depth) the same question loses the fact: the failure they prevent', async () => {
    const { model, runtime } = setup({
      namedPinK: 0,
      corePinK: 0,
      relationNoteChars: 0,
      interviewRetrieveK: 12,
      interviewBudgetTokens: 640,
    });
    const tomas = await crowdedTomas(runtime);
    await runtime.interview(tomas, 'Do you know Carlos Gomez?', { now: at(30), remember: false });
    expect(JSON.stringify(model.callsFor('agent_interview').at(-1)!.messages)).not.toMatch(/play chess together/);
  });
});

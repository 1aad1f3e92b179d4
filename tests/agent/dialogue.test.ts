import { describe, expect, it } from 'vitest';
import type { MindState } from '../../src/agent/mind-state.ts';
import type { AgentId, AgentProfile } from '../../src/agent/types.ts';
import { newsKey } from '../../src/core/text.ts';
import { at, CAFE, ctxFor, MARA, resident, setup, TOMAS } from './fixtures.ts';

const ADA: AgentProfile = {
  id: 'ada' as AgentId,
  name: 'Ada Lindqvist',
  firstName: 'Ada',
  age: 61,
  innate: 'cheerful, talkative',
  learned: 'Ada Lindqvist is a retired pharmacist who sells vegetables.',
  currently: 'Ada Lindqvist is selling vegetables at the market.',
  lifestyle: 'Ada goes to bed around 9pm and wakes up around 5am.',
  home: 'ada-home',
  seed: 'Ada Lindqvist sells vegetables; Ada Lindqvist heard that Sam Moore is running for mayor',
};

describe('dialogue (sec. 4.3.1) and information diffusion (sec. 7.1)', () => {
  it('a fact known only to one resident is known to both after they talk', async () => {
    const { model, runtime } = setup();
    const ada = resident(ADA);
    const tomas = resident(TOMAS);
    await runtime.seed(ada, at(0));
    await runtime.seed(tomas, at(0));
    // GIVEN only Ada knows; Tomas does not remember anything about it
    const before = await runtime.interview(tomas, 'Who is running for mayor?', { now: at(9), remember: false });
    expect(before).toMatch(/don't remember/);
    expect(tomas.memory.all().some((m) => /Sam Moore/.test(m.description))).toBe(false);

    // WHEN they converse at the cafe
    const talk = await runtime.converse([ada, tomas], {
      now: at(10),
      location: CAFE,
      initiator: ada.profile.id,
      intent: 'say hello',
    });
    expect(talk.lines.length).toBeGreaterThanOrEqual(2);
    expect(talk.lines[0]!.speaker).toBe(ada.profile.id);
    expect(talk.lines.some((l) => /Sam Moore is running for mayor/.test(l.text))).toBe(true);
    expect(talk.ended).toBe('natural');
    // a call per settings.dialogueLinesPerCall lines (16: one here), which also summarises the talk it ends
    expect(model.callsFor('agent_dialogue')).toHaveLength(1);
    expect(model.callsFor('agent_conversation_summary')).toHaveLength(0);

    // THEN the fact is retrievable from the listener's memory
    const hits = await runtime.retrieve(tomas, 'Who is running for mayor?', at(11), 3);
    expect(hits.some((h) => /Sam Moore/.test(h.memory.description) && /mayor/.test(h.memory.description))).toBe(true);
    const after = await runtime.interview(tomas, 'Who is running for mayor?', { now: at(11), remember: false });
    expect(after).toMatch(/Sam Moore/);

    // every line is a dialogue memory for both, and each keeps a summary of the conversation
    for (const r of [ada, tomas]) {
      expect(r.memory.all().filter((m) => m.kind === 'dialogue')).toHaveLength(talk.lines.length);
      const summary = r.memory.all().find((m) => m.kind === 'conversation_summary')!;
      expect(summary.description).toMatch(/Sam Moore is running for mayor/);
    }
    // Ada will not tell Tomas the same news again
    const told = (ada.mind as MindState).told[tomas.profile.id]!;
    expect(told).toContain(newsKey('Sam Moore is running for mayor'));
    expect(new Set(told).size).toBe(told.length);
  });

  it('the listener passes the news on to a third resident', async () => {
    const { runtime } = setup();
    const ada = resident(ADA);
    const tomas = resident(TOMAS);
    const mara = resident(MARA);
    for (const r of [ada, tomas, mara]) await runtime.seed(r, at(0));
    await runtime.converse([ada, tomas], {
      now: at(10),
      location: CAFE,
      initiator: ada.profile.id,
      intent: 'say hello',
    });
    const second = await runtime.converse([tomas, mara], {
      now: at(12),
      location: CAFE,
      initiator: tomas.profile.id,
      intent: 'catch up',
    });
    expect(
      second.lines.some((l) => l.speaker === tomas.profile.id && /Sam Moore is running for mayor/.test(l.text)),
    ).toBe(true);
    const answer = await runtime.interview(mara, 'Who is running for mayor?', { now: at(13), remember: false });
    expect(answer).toMatch(/Sam Moore/);
  });

  it('stops at the turn cap and supports groups of three', async () => {
    const { model, runtime } = setup({ maxTurnsEach: 2 });
    const [a, b, c] = [resident(ADA), resident(TOMAS), resident(MARA)];
    // a model that never ends the talk and writes more lines than asked: the cap stops it
    model.script('agent_dialogue', {
      lines: Array.from({ length: 10 }, (_, i) => ({
        speaker: null,
        line: `Line ${i + 1}, and I have more to say.`,
      })),
      news: [],
      end: false,
      summary: null,
    });
    const talk = await runtime.converse([b, a, c], {
      now: at(15),
      location: CAFE,
      initiator: a.profile.id,
      intent: 'plan',
    });
    expect(talk.ended).toBe('cap');
    expect(talk.lines).toHaveLength(4); // a group talks as long as a pair: 2 x 2 turns in all
    // nobody addressed, nobody with news: whoever has said least speaks next
    expect(talk.lines.map((l) => l.speaker)).toEqual(['ada', 'tomas', 'mara', 'ada']);
    for (const r of [a, b, c]) expect(r.memory.all().filter((m) => m.kind === 'dialogue')).toHaveLength(4);
    // the speaker's memory says to whom; a listener's says who spoke
    expect(a.memory.all().find((m) => m.kind === 'dialogue')!.description).toBe(
      'Ada Lindqvist said to Tomas Reyes and Mara Okafor: "Line 1, and I have more to say."',
    );
    expect(b.memory.all().find((m) => m.kind === 'dialogue')!.description).toBe(
      'Ada Lindqvist said: "Line 1, and I have more to say."',
    );
  });
});

describe('inner voice (sec. 3.1)', () => {
  it('changes the next plan and is mentioned in the next conversation', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    const tomas = resident(TOMAS);
    await runtime.seed(mara, at(0));
    await runtime.seed(tomas, at(0));
    await runtime.decide(mara, ctxFor(mara, at(8)));
    expect(runtime.publicPlanLines(mara).join('\n')).not.toMatch(/run against Sam/);

    // WHEN a user whispers to Mara as her inner voice
    await runtime.innerVoice(mara, 'You are going to run against Sam in the upcoming election', at(9));
    const thought = mara.memory.all().find((m) => m.kind === 'inner_voice')!;
    expect(thought.description).toBe('Mara is going to run against Sam in the upcoming election');
    expect(thought.importance).toBe(9);

    // THEN the next decide plans the rest of the day again, and the plan contains it
    model.reset();
    await runtime.decide(mara, ctxFor(mara, at(9, 10)));
    const replan = model.callsFor('agent_plan_day');
    expect(replan).toHaveLength(1);
    expect(replan[0]!.input).toMatchObject({ from: '09:10' });
    expect(JSON.stringify((replan[0]!.input as { intentions: unknown }).intentions)).toMatch(/run against Sam/);
    expect(runtime.publicPlanLines(mara).join('\n')).toMatch(/run against Sam in the upcoming election/);
    // the morning that already happened is kept
    expect(runtime.publicPlanLines(mara)[0]).toMatch(/^12:00 am-6:00 am: sleeping/);

    // AND she mentions it in her next conversation
    const talk = await runtime.converse([mara, tomas], {
      now: at(10),
      location: CAFE,
      initiator: mara.profile.id,
      intent: 'chat',
    });
    expect(talk.lines[0]!.text).toMatch(/I'm going to run against Sam in the upcoming election/);
  });
});

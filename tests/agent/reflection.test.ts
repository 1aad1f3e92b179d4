import { describe, expect, it } from 'vitest';
import type { MindState } from '../../src/agent/mind-state.ts';
import { formatInsight, type ReflectInsightsInput } from '../../src/agent/prompts/reflect-insights.ts';
import { questionOf, triggerWorth } from '../../src/agent/reflect.ts';
import { at, CAFE, ctxFor, MARA, resident, setup, TOMAS } from './fixtures.ts';

const SURNAMES =
  'Abbot Baker Carver Dunn Ellis Frost Grant Hale Irwin Joyce Keane Lowe Moss Nash Oakes Pike Quinn Reed'.split(' ');
/** Readers at the cafe, each a different person: someone's doings within an hour count once (triggerWorth). */
const observations = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    description: `Ada ${SURNAMES[(from + i) % SURNAMES.length]} is reading chapter ${from + i + 1} at the Lantern Cafe`,
  }));

/** Five insights per question, each citing the first one or two statements shown for it. */
function insightsFor(input: unknown) {
  const i = input as ReflectInsightsInput;
  return {
    insights: i.questions.flatMap((q, qi) =>
      Array.from({ length: 5 }, (_, k) =>
        formatInsight({
          text: `Insight ${qi + 1}.${k + 1}: Tomas reads a lot at the cafe`,
          because: q.memories.slice(0, 1 + (k % 2)).map((m) => m.n),
          importance: 6,
        }),
      ),
    ),
  };
}

describe('reflection (sec. 4.2)', () => {
  it('object states at routine importance neither drive it nor fill its questions; a fire does (issue 33)', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    // GIVEN 140 importance of things Mara saw happen, and 60 of the cafe's objects changing state (rated 3 each)
    model.script('agent_importance', { ratings: Array(14).fill(10) });
    await runtime.perceive([{ resident: mara, perceived: observations(14) }], at(9));
    const objects = Array.from({ length: 20 }, (_, i) => ({
      description: `The kettle ${i + 1} is boiling`,
      kind: 'object' as const,
    }));
    model.script('agent_importance', { ratings: Array(20).fill(3) });
    await runtime.perceive([{ resident: mara, perceived: objects }], at(9, 10));
    expect((mara.mind as MindState).importanceSinceReflection).toBe(200);
    // THEN the furniture adds nothing: 140 does not pass 150
    expect(await runtime.maybeReflect(mara, at(9, 20))).toBe(0);
    expect(model.callsFor('agent_reflect_questions')).toHaveLength(0);
    // WHEN a sight that matters arrives (a fire: importance 9, an object state that is no routine)
    model.script('agent_importance', { ratings: [9, 2] });
    await runtime.perceive(
      [
        {
          resident: mara,
          perceived: [
            { description: 'The oven is on fire', kind: 'object' },
            { description: 'Tomas Reyes is reading the last chapter', kind: 'action' },
          ],
        },
      ],
      at(9, 30),
    );
    model.script('agent_reflect_questions', { questions: ['What does Mara notice about Tomas?'] });
    model.script('agent_reflect_insights', insightsFor);
    // THEN it reflects (140 + 9 + 2 > 150), and the questions are asked over what matters: no kettle in them
    expect(await runtime.maybeReflect(mara, at(9, 40))).toBeGreaterThan(0);
    const records = (model.callsFor('agent_reflect_questions')[0]!.input as { memories: { text: string }[] }).memories;
    expect(records.some((m) => /oven is on fire/.test(m.text))).toBe(true);
    expect(records.some((m) => /kettle/.test(m.text))).toBe(false);
  });

  it('fires exactly when the summed importance passes the threshold, 3 questions then 5 insights each', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    // GIVEN 15 observations rated 10 each: a sum of exactly 150, which does not exceed the threshold
    model.script('agent_importance', { ratings: Array(15).fill(10) });
    await runtime.perceive([{ resident: mara, perceived: observations(15) }], at(9));
    expect((mara.mind as MindState).importanceSinceReflection).toBe(150);
    expect(await runtime.maybeReflect(mara, at(9))).toBe(0);
    expect(model.callsFor('agent_reflect_questions')).toHaveLength(0);

    // WHEN one more mundane event (importance 1) arrives: 151 > 150
    model.script('agent_importance', { ratings: [1] });
    await runtime.perceive([{ resident: mara, perceived: observations(1, 15) }], at(10));
    model.reset();
    model.script('agent_reflect_questions', {
      questions: ['What does Mara notice about Tomas?', 'What happens at the Lantern Cafe?', 'What is Tomas reading?'],
    });
    model.script('agent_reflect_insights', insightsFor);
    const stored = await runtime.maybeReflect(mara, at(10));

    // THEN one call for the questions, one for all insights, in that order
    expect(model.tasks()).toEqual(['agent_reflect_questions', 'agent_reflect_insights']);
    const qCall = model.callsFor('agent_reflect_questions')[0]!;
    expect((qCall.input as { memories: unknown[]; count: number }).memories).toHaveLength(16);
    expect((qCall.input as { count: number }).count).toBe(3);
    const iInput = model.callsFor('agent_reflect_insights')[0]!.input as ReflectInsightsInput;
    expect(iInput.questions.map((q) => q.question)).toHaveLength(3);
    expect(iInput.perQuestion).toBe(5);
    expect(stored).toBe(15);

    // AND the insights are reflections pointing at the memories they cite
    const reflections = mara.memory.all().filter((m) => m.kind === 'reflection');
    expect(reflections).toHaveLength(15);
    const shown = new Map(iInput.questions.flatMap((q) => q.memories.map((m) => [m.n, m.text] as const)));
    for (const r of reflections) {
      expect(r.evidence.length).toBeGreaterThanOrEqual(1);
      expect(r.depth).toBe(1);
      for (const id of r.evidence) {
        const cited = mara.memory.get(id)!;
        expect([...shown.values()]).toContain(cited.description);
        expect(cited.kind).toBe('observation');
      }
    }
    // each insight is kept under the question it answers (its cited statements, else its turn): five each
    const asked = iInput.questions.map((q) => q.question);
    for (const q of asked) expect(reflections.filter((r) => r.meta?.question === q)).toHaveLength(5);
    const first = reflections[0]!;
    const firstN = iInput.questions[0]!.memories[0]!.n;
    expect(mara.memory.get(first.evidence[0]!)!.description).toBe(shown.get(firstN));
    expect((mara.mind as MindState).importanceSinceReflection).toBe(0);
    expect(await runtime.maybeReflect(mara, at(10, 5))).toBe(0);
  });

  it('reflections over reflections go one level higher in the tree', async () => {
    const { model, runtime } = setup({ reflectionThreshold: 10 });
    const mara = resident(MARA);
    model.script('agent_importance', { ratings: [6, 6] });
    await runtime.perceive([{ resident: mara, perceived: observations(2) }], at(9));
    model.script('agent_reflect_insights', insightsFor);
    expect(await runtime.maybeReflect(mara, at(9))).toBeGreaterThan(0);
    // a second round whose retrieval includes the first reflections
    model.script('agent_importance', { ratings: [6, 6] });
    await runtime.perceive([{ resident: mara, perceived: observations(2, 2) }], at(12));
    model.script('agent_reflect_questions', { questions: ['What do the insights about Tomas add up to?'] });
    model.script('agent_reflect_insights', (input: unknown) => {
      const q = (input as ReflectInsightsInput).questions[0]!;
      const insight = q.memories.find((m) => m.text.startsWith('Insight'))!;
      return { insights: [`7 Tomas is a dedicated reader (${insight.n})`] };
    });
    expect(await runtime.maybeReflect(mara, at(12))).toBe(1);
    const top = mara.memory.all().find((m) => m.description === 'Tomas is a dedicated reader')!;
    expect(top.depth).toBe(2);
    expect(mara.memory.get(top.evidence[0]!)!.kind).toBe('reflection');
  });

  it('what counts toward the trigger: the day plan, own new actions (not sleep), and a talk once', async () => {
    const { runtime } = setup();
    const mara = resident(MARA);
    const tomas = resident(TOMAS);
    for (const r of [mara, tomas]) await runtime.seed(r, at(0));
    // GIVEN Mara asleep at 3 am: planning her day counts once (one thought of importance 5, as the Smallville code
    // stores a day's plan), her sleeping does not
    await runtime.decide(mara, ctxFor(mara, at(3)));
    const mind = mara.mind as MindState;
    const waking = mind.plan!.blocks.filter((b) => b.activity !== 'sleeping').length;
    expect(waking).toBeGreaterThanOrEqual(5);
    expect(mind.importanceSinceReflection).toBe(5);
    await runtime.decide(mara, ctxFor(mara, at(3, 10)));
    expect(mind.importanceSinceReflection).toBe(5);
    // WHEN she gets up, her new action is perceived like any event (a routine step rates low)
    await runtime.decide(mara, ctxFor(mara, at(6)));
    const afterWaking = mind.importanceSinceReflection;
    expect(afterWaking - 5).toBeGreaterThanOrEqual(1);
    expect(afterWaking - 5).toBeLessThanOrEqual(3);
    // AND a conversation counts once, as one rated event (the Smallville code: one chat node per conversation each),
    // not once more per line heard
    const before = { mara: mind.importanceSinceReflection, tomas: (tomas.mind as MindState).importanceSinceReflection };
    const talk = await runtime.converse([mara, tomas], {
      now: at(8),
      location: CAFE,
      initiator: mara.profile.id,
      intent: 'chat',
    });
    const summaryOf = (r: typeof mara) => r.memory.all().find((m) => m.kind === 'conversation_summary')!.importance;
    expect(talk.lines.length).toBeGreaterThanOrEqual(2);
    expect(mind.importanceSinceReflection - before.mara).toBe(summaryOf(mara));
    expect((tomas.mind as MindState).importanceSinceReflection - before.tomas).toBe(summaryOf(tomas));
  });

  it('an insight answers the question whose statements it cites; a tie or no valid citation goes by its turn (issue 33)', () => {
    const qs = [{ memories: [{ n: 1 }, { n: 2 }] }, { memories: [{ n: 3 }, { n: 2 }] }, { memories: [{ n: 4 }] }];
    // cites statements listed under Q3 only, though it comes first in the answer
    expect(questionOf(qs, [4], 0, 5)).toBe(3);
    // 2 is under Q1 and Q2: a tie is settled by its turn (the sixth insight is Q2's)
    expect(questionOf(qs, [2], 5, 5)).toBe(2);
    expect(questionOf(qs, [2], 0, 5)).toBe(1);
    // most of its statements are Q1's
    expect(questionOf(qs, [1, 2, 4], 7, 5)).toBe(1);
    // nothing valid cited: its turn, never past the last question
    expect(questionOf(qs, [99], 6, 5)).toBe(2);
    expect(questionOf(qs, [], 40, 5)).toBe(3);
  });

  it("someone else's routine doings count once per person toward the trigger, at the highest (issue 33)", () => {
    const seen = (description: string, importance: number, subject?: string) => ({
      kind: 'observation' as const,
      description,
      importance,
      meta: { perceived: 'action', ...(subject ? { subject } : {}) },
    });
    const records = [
      seen('Tomas Reyes is reading', 2, 'Tomas Reyes'),
      seen('Tomas Reyes is making tea', 3, 'Tomas Reyes'),
      seen('Tomas Reyes is washing cups', 2), // the subject read from the words
      seen('Ada Lindqvist is sweeping', 2, 'Ada Lindqvist'),
      seen('Tomas Reyes is crying at the cafe', 7, 'Tomas Reyes'), // no routine: counted in full
      seen('Mara Okafor is pouring coffee', 3, 'Mara Okafor'), // her own doings are not someone else's
      { kind: 'observation' as const, description: 'The sink is idle', importance: 2, meta: { perceived: 'object' } },
    ];
    // Tomas's routine once at 3, Ada's 2, the crying 7, her own 3, the sink nothing
    expect(triggerWorth(records, 'Mara Okafor')).toBe(3 + 2 + 7 + 3);
  });

  it("someone else's notable doings and words count once per person and hour, at the highest, however finely planned (issue 33)", () => {
    const seen = (description: string, importance: number, minute: number) => ({
      kind: 'observation' as const,
      description,
      importance,
      createdAt: at(9, minute),
      meta: { perceived: 'action', subject: 'Tomas Reyes' },
    });
    // three steps of one rehearsal in the 9 o'clock hour, then a fourth after ten
    const records = [
      seen('Tomas Reyes is tuning the violin for the concert', 5, 0),
      seen('Tomas Reyes is rehearsing the concert piece', 6, 20),
      seen('Tomas Reyes is marking the score for the concert', 5, 40),
      seen('Tomas Reyes is packing the violin for the concert', 5, 70),
    ];
    expect(triggerWorth(records, 'Mara Okafor')).toBe(6 + 5);
    // where he comes and what he is overheard saying are his doings too
    const arrived = {
      ...seen('Tomas Reyes arrived at the Lantern Cafe', 4, 10),
      meta: { perceived: 'arrival', subject: 'Tomas Reyes' },
    };
    const said = {
      ...seen('Tomas Reyes said to Ada: "The concert is on Friday"', 7, 30),
      meta: { perceived: 'speech', subject: 'Tomas Reyes' },
    };
    expect(triggerWorth([...records, arrived, said], 'Mara Okafor')).toBe(7 + 5);
    // her own steps are hers: each counts
    expect(triggerWorth(records, 'Tomas Reyes')).toBe(5 + 6 + 5 + 5);
  });
});

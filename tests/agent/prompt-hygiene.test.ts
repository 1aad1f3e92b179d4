// Prompt hygiene (issue 21): over a scripted memory stream, every prompt builder the mind uses (importance,
// summary, day, hour and step plans, react, dialogue, conversation summary, reflection questions and insights,
// interview, hear) is run through the real runtime, and each prompt it sent is checked: no memory listed twice nor
// repeated from a relationship note, "You know" (never "You knows"), and a resident's own reflections shown as its
// own thoughts, never as words someone else wrote or said.
import { describe, expect, it } from 'vitest';
import type { MindState } from '../../src/agent/mind-state.ts';
import { readUserTextBlocks } from '../../src/core/user-text.ts';
import { at, CAFE, ctxFor, MARA, resident, setup, TOMAS } from './fixtures.ts';

const PLAIN_THOUGHT = 'Tomas Reyes cares deeply about the history of the town archive';
const WORDS_THOUGHT = 'Mara Okafor thinks the music night could bring the regulars together';
const INTENTION = 'Mara Okafor wants to find a harpist for the music night';
const TOLD_NEWS = 'The bakery on Elm Street opens a second shop on Friday';
const CLIPPED_FACT = 'Tomas Reyes runs the chess club at the library every Thursday evening';

async function scriptedDay() {
  const { model, runtime } = setup({ reflectionThreshold: 20, hourChunkMinutes: 60 });
  const mara = resident(MARA);
  const tomas = resident(TOMAS);
  await runtime.seed(mara, at(0));
  await runtime.seed(tomas, at(0));
  // the same sight stored at two times (two memories reading the same), and news heard from Tomas
  await runtime.remember(mara, 'Tomas Reyes is reading at the Lantern Cafe', at(7), 'observation', 3);
  await runtime.remember(mara, 'Tomas Reyes is reading at the Lantern Cafe', at(8, 30), 'observation', 3);
  // Mara's own reflections: one drawn from her own experience, one from what people said (quoted, labelled hers)
  mara.memory.add({ kind: 'reflection', description: PLAIN_THOUGHT, importance: 6 }, at(8));
  mara.memory.add(
    {
      kind: 'reflection',
      description: WORDS_THOUGHT,
      importance: 6,
      meta: { userText: { from: "Mara's own thought", text: WORDS_THOUGHT } },
    },
    at(8),
  );
  // issue 33: an intention of the day (yesterday's notable line tomorrow, and on her mind); news she told Tomas,
  // also a memory of hers; a note clipped with "…" whose piece a memory holds whole
  await runtime.remember(mara, INTENTION, at(8, 35), 'observation', 9);
  await runtime.remember(mara, TOLD_NEWS, at(8, 40), 'observation', 5);
  await runtime.remember(mara, CLIPPED_FACT, at(8, 45), 'observation', 4);
  (mara.mind as MindState).relations['tomas reyes'] = {
    name: 'Tomas Reyes',
    who: `Mara Okafor is friends with Tomas Reyes; ${CLIPPED_FACT.slice(0, 44)}…`,
    thought: PLAIN_THOUGHT,
    told: [TOLD_NEWS],
    at: at(8),
  };
  await runtime.perceive(
    [{ resident: mara, perceived: [{ description: 'The espresso machine is broken', kind: 'object' }] }],
    at(9),
  );
  await runtime.decide(mara, ctxFor(mara, at(9, 10), { location: CAFE }));
  await runtime.decide(
    mara,
    ctxFor(mara, at(9, 20), {
      location: CAFE,
      nearby: [{ id: TOMAS.id, name: TOMAS.name, action: 'reading', busy: false }],
    }),
  );
  await runtime.converse([mara, tomas], { now: at(9, 30), location: CAFE, initiator: mara.profile.id, intent: 'chat' });
  (mara.mind as MindState).importanceSinceReflection = 999;
  await runtime.maybeReflect(mara, at(10));
  await runtime.interview(mara, 'What do you think of Tomas Reyes?', { now: at(11), asker: 'a reporter' });
  await runtime.hear(mara, {
    now: at(11, 10),
    location: CAFE,
    speaker: { name: 'Noor', description: 'a reporter' },
    text: 'Mara, how is Tomas Reyes doing?',
    addressed: true,
  });
  // the next morning's plan: yesterday's notable lines and what is on her mind (issue 33: the intention was both)
  await runtime.decide(mara, ctxFor(mara, at(24 + 7), { location: CAFE }));
  return model;
}

/** The memory lines of a prompt: "- ..." bullets and "12. ..." numbered records (quoted blocks by their text). */
function memoryLines(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => /^(- |\d+\. )/.test(l))
    .map((l) => l.replace(/^(- |\d+\. )/, ''))
    .map((l) => readUserTextBlocks(l)[0]?.text ?? l)
    .map(plain);
}

const plain = (l: string) =>
  l
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('prompt hygiene over every prompt builder (issue 21)', () => {
  it('no memory twice, no "You knows", and own reflections as own thoughts, in every prompt of a scripted day', async () => {
    const model = await scriptedDay();
    const tasks = new Set(model.calls.map((c) => c.task));
    // every builder the day reaches (the turn-by-turn dialogue prompt is the offline stand-in's view, not sent)
    for (const t of [
      'agent_importance',
      'agent_summary',
      'agent_plan_day',
      'agent_plan_hours',
      'agent_plan_steps',
      'agent_react',
      'agent_dialogue',
      'agent_reflect_questions',
      'agent_reflect_insights',
      'agent_interview',
      'agent_hear',
    ])
      expect(tasks, t).toContain(t);
    const problems: string[] = [];
    for (const call of model.calls) {
      const text = call.messages.map((m) => m.content).join('\n');
      // each speaker's section of a dialogue prompt is a list of its own
      for (const section of text.split(/\n\n/)) {
        const lines = memoryLines(section);
        const dup = lines.find((l, i) => l !== '' && lines.indexOf(l) !== i);
        if (dup) problems.push(`${call.task}: "${dup}" listed twice`);
        // a note, and the quotes of what was already told and heard, in their pieces ("; " joins, "…" clips)
        const notes = [
          ...section.split('\n').filter((l) => /^(\w+|You) (knows?|thinks?) /.test(l)),
          ...readUserTextBlocks(section)
            .filter((b) => /already (told|heard)/.test(b.from))
            .map((b) => b.text),
        ]
          .flatMap((l) => l.split(/;\s+/))
          .map((l) => plain(l.replace(/…$/, '')));
        for (const l of lines)
          if (l.length > 20 && notes.some((n) => n.includes(l) || (n.length >= 24 && l.includes(n))))
            problems.push(`${call.task}: "${l}" repeats a note`);
      }
      if (/\bYou (knows|has met|thinks)\b/.test(text)) problems.push(`${call.task}: "You knows" (wrong person)`);
      for (const b of readUserTextBlocks(text))
        if ((b.text === PLAIN_THOUGHT || b.text === WORDS_THOUGHT) && !/\bown thought\b/.test(b.from))
          problems.push(`${call.task}: Mara's own reflection shown as words of "${b.from}"`);
    }
    expect(problems).toEqual([]);
    // and the checks can fail: the reflection reached prompts, as her own thought
    const all = model.calls.map((c) => c.messages.map((m) => m.content).join('\n')).join('\n');
    expect(all).toContain(`Mara thinks: ${PLAIN_THOUGHT}`);
    expect(all).toContain('You know Tomas Reyes');
    // the told news and the clipped fact reached prompts as memories (where no note says them)
    expect(all).toContain(TOLD_NEWS);
    expect(all).toContain(CLIPPED_FACT);
    // the second day was planned with the intention on her mind
    const plans = model.calls.filter((c) => c.task === 'agent_plan_day');
    expect(plans).toHaveLength(2);
    expect(plans[1]!.messages.map((m) => m.content).join('\n')).toContain(INTENTION);
  });
});

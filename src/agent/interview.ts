// The inner voice (sec. 3.1: a whisper taken as the resident's own thought, which re-plans the day) and
// interviews (sec. 6.1: answers in character from what retrieval returns for the question).

import { cleanLine, clip as clipText } from '../core/text.ts';
import { clockAt, dateText } from '../core/time.ts';
import { lexicalTokens } from '../llm/lexical-embedder.ts';
import { audienceMeta, audienceOf, mayTell, ownAudience } from './audience.ts';
import type { MindContext, Resident } from './context.ts';
import { corePins } from './core-knowledge.ts';
import { summaryOf } from './describe.ts';
import { firstPersonThought, thirdPersonThought } from './intention.ts';
import { plansFor } from './plan-audience.ts';
import { INTERVIEW_TASK, type InterviewInput, interviewMessages, interviewOutput } from './prompts/interview.ts';
import { relationsNamedIn } from './relations.ts';
import type { Memory, MemoryId, MemoryKind } from './types.ts';

/** Inner voice (sec. 3.1): the resident's own high-importance thought; forces a re-plan at the next decide(). */
export async function innerVoice(c: MindContext, r: Resident, text: string, now: number): Promise<void> {
  const mind = c.mindOf(r);
  // its own thought, never someone's order: "go to Pier 9 at 3 pm" is "I'll go to Pier 9 at 3 pm" (intention.ts)
  const own = clipText(firstPersonThought(text), 400);
  const thought = clipText(thirdPersonThought(text, r.profile.firstName), 400);
  const importance = c.settings.innerVoiceImportance;
  // "secretly", "don't tell anyone": the thought is the resident's secret (audience.ts); else its own to mention
  const audience = ownAudience(text, r.profile.name);
  await c.storeAll(
    [
      {
        r,
        m: {
          kind: 'inner_voice',
          description: thought,
          importance,
          // the resident's own thought, in the words it came in: quoted in every prompt, labelled as its own
          meta: {
            said: clipText(text, 400),
            userText: { from: `${r.profile.name}'s inner voice (${r.profile.firstName}'s own thought)`, text: own },
            ...audienceMeta(audience),
          },
        },
      },
    ],
    now,
  );
  mind.importanceSinceReflection += importance;
  mind.replan = { reason: thought, at: now, said: own };
}

/** Answers in character from retrieval on the question; remembers having been interviewed unless told not to. */
export async function interview(
  c: MindContext,
  r: Resident,
  question: string,
  ctx: { now: number; asker?: string; remember?: boolean; probe?: boolean },
): Promise<string> {
  const p = r.profile;
  const now = ctx.now;
  const q = clipText(question, 1000);
  // An interview is a question about anything in a life: a wider look than one step of the day loop.
  const mems = await c.recall(r, [q], now, {
    k: c.settings.interviewRetrieveK,
    budget: c.settings.interviewBudgetTokens,
    touch: ctx.remember !== false,
  });
  // The notes about the people the question names (a persona met at the cafe is known by name and description).
  const asker = ctx.asker ?? 'someone';
  // An evaluation's probe (the paper's interview, sec. 6.1 and 7.1: stateless, nobody present) reads what the
  // resident knows, its secrets included; whether it keeps them from people is asked by people (a persona, a talk).
  const listeners = ctx.probe ? [] : [asker];
  const relations = relationsNamedIn(c, r, q, 3, listeners);
  const have = new Set(mems.map((x) => x.memory.id));
  const named = namingMemories(c, r, q, have);
  for (const m of named) have.add(m.id);
  // news heard in a talk or overheard, about what the question asks (issue 38): told residents can say so
  const heard = heardMemories(c, r, q, have);
  for (const m of heard) have.add(m.id);
  named.push(...heard);
  // its own seed knowledge about what is asked (core-knowledge.ts): a secret of two days ago is still its own
  const pinned = [...named, ...corePins(c, r, { text: q }, have)];
  // what the asker may not know is shown marked (issue 22 item 1): the resident knows it, and keeps it to itself
  const all = [...mems.map((x) => x.memory), ...pinned];
  const shown = c
    .promptMemories(all, r)
    .map((m, i) => (mayTell(audienceOf(all[i]), p.name, listeners) ? m : { ...m, keep: true }));
  const input: InterviewInput = {
    name: p.name,
    first: p.firstName,
    summary: await summaryOf(c, r, now),
    time: `${dateText(now)}, ${clockAt(now)}`,
    ...(ctx.asker ? { asker: ctx.asker } : {}),
    question: q,
    ...(relations.length > 0 ? { relations } : {}),
    memories: shown,
    ...plansFor(c, r, now, listeners),
  };
  const out = await c.ask(INTERVIEW_TASK, interviewOutput, interviewMessages(input), input, () => ({
    answer: "I'm sorry, I can't answer that right now.",
  }));
  const answer = clipText(cleanLine(out.answer, p.name), 1500) || "I'm sorry, I can't answer that right now.";
  if (ctx.remember !== false) {
    await c.storeAll(
      [
        {
          r,
          m: {
            kind: 'interview',
            description: `${ctx.asker ?? 'Someone'} interviewed ${p.firstName} and asked: "${clipText(q, 200)}"`,
            importance: c.settings.interviewImportance,
            meta: {
              asker: ctx.asker ?? null,
              answer: clipText(answer, 300),
              userText: { from: `${ctx.asker ?? 'someone'}, interviewing ${p.firstName}`, text: clipText(q, 200) },
            },
          },
        },
      ],
      now,
    );
  }
  return answer;
}

/**
 * Memories that name a person the question names ("Do you know Carlos Gomez?"). With equal weights, a seed fact
 * about an acquaintance loses to recent, important memories as the stream grows: the paper's "failing to
 * retrieve" (sec. 6.5). A name in the question is a strong cue, so the strongest memories naming it are added.
 */
export function namingMemories(c: MindContext, r: Resident, question: string, have: ReadonlySet<MemoryId>): Memory[] {
  const k = c.settings.namedPinK;
  if (k <= 0) return [];
  const names = [...question.matchAll(/\b[A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)+/gu)]
    .map((m) => m[0])
    .filter((n) => n !== r.profile.name);
  if (names.length === 0) return [];
  const lowered = names.map((n) => n.toLowerCase());
  return r.memory
    .all()
    .filter(
      (m) => !have.has(m.id) && m.kind !== 'interview' && lowered.some((n) => m.description.toLowerCase().includes(n)),
    )
    .sort((a, b) => b.importance - a.importance || b.seq - a.seq)
    .slice(0, k);
}

/** Where heard news lives: a talk's record, a line said to the resident, a line overheard. */
const HEARD_KINDS: ReadonlySet<MemoryKind> = new Set(['conversation_summary', 'dialogue', 'observation']);

/** Words of the interview's questions that name no topic ("Do you know of any ... coming up in town? who is hosting"). */
const QUESTION_WORDS = new Set(
  lexicalTokens(
    'know knows heard hear news lately recently coming up town anyone anybody someone decided hosting host who where when whether about any thing things happen happening going tell told say said think new',
  ),
);

/**
 * Memories of news heard from others that carry the question's topic ("Do you know of any beach clean-up coming
 * up?" finds "Marta mentioned organising a beach clean-up"). Like the name cue: a conversation of days ago loses to
 * recent, important memories as the stream grows (sec. 6.5), and an interview asks exactly about it. At least two
 * of the question's topic words (or its only one), the best match first, then the newest; at most `namedPinK`.
 */
export function heardMemories(c: MindContext, r: Resident, question: string, have: ReadonlySet<MemoryId>): Memory[] {
  const k = c.settings.namedPinK;
  if (k <= 0) return [];
  const topic = new Set(lexicalTokens(question).filter((w) => !QUESTION_WORDS.has(w) && w.length > 2));
  if (topic.size === 0) return [];
  const need = Math.min(2, topic.size);
  return r.memory
    .all()
    .filter((m) => !have.has(m.id) && HEARD_KINDS.has(m.kind))
    .map((m) => ({ m, n: new Set(lexicalTokens(m.description).filter((w) => topic.has(w))).size }))
    .filter((x) => x.n >= need)
    .sort((a, b) => b.n - a.n || b.m.seq - a.m.seq)
    .slice(0, k)
    .map((x) => x.m);
}

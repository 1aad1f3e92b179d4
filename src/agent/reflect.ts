// Reflection (sec. 4.2): when the importance of recent events passes a threshold, salient questions over the
// recent records, then insights citing their evidence, stored as reflection memories.

import { clip as clipText } from '../core/text.ts';
import { HOUR_MS } from '../core/time.ts';
import { clampInt, type MindContext, type Resident } from './context.ts';
import type { NewMemory } from './memory-stream.ts';
import type { QuotedText } from './prompts/common.ts';
import {
  insightsOf,
  REFLECT_INSIGHTS_TASK,
  type ReflectInsightsInput,
  reflectInsightsMessages,
  reflectInsightsOutput,
} from './prompts/reflect-insights.ts';
import {
  REFLECT_QUESTIONS_TASK,
  type ReflectQuestionsInput,
  reflectQuestionsMessages,
  reflectQuestionsOutput,
} from './prompts/reflect-questions.ts';
import { noteInsight } from './relations.ts';
import { quoteOf } from './retrieve.ts';
import type { AgentSettings } from './settings.ts';
import type { Memory, MemoryId } from './types.ts';

/**
 * Reflects when the importance of perceived events since the last reflection exceeds the threshold
 * (sec. 4.2): 3 questions over the 100 most recent records, retrieval per question, 5 insights each with
 * evidence. Returns the number of reflections stored.
 */
export async function maybeReflect(c: MindContext, r: Resident, now: number): Promise<number> {
  const s = c.settings;
  const mind = c.mindOf(r);
  if (s.ablate.reflection || s.ablate.memory) return 0; // ablated (sec. 6.1): no reflection is ever made
  if (!(mind.importanceSinceReflection > s.reflectionThreshold)) return 0;
  // the sum counts each record at what it is worth to the resident: furniture and a blocked plan add nothing
  const since = mind.lastReflectionAt ?? Number.NEGATIVE_INFINITY;
  const perceived = r.memory.recent(TRIGGER_SCAN).filter((m) => m.createdAt > since && m.meta?.perceived !== undefined); // (what perceive.ts summed)
  const overcount = perceived.reduce((sum, m) => sum + m.importance, 0) - triggerWorth(perceived, r.profile.name);
  if (!(mind.importanceSinceReflection - overcount > s.reflectionThreshold)) return 0;
  const p = r.profile;
  // The 100 most recent records (sec. 4.2); a record repeated word for word is shown once; a routine object state
  // or a blocked plan is no question's matter (issue 33 item 4: 51-65% of the records were "the sink is idle")
  const seenText = new Set<string>();
  const window = r.memory.recent(s.reflectionRecent, (m) => {
    if (m.kind === 'plan' && m.plan?.level !== 'day') return false;
    if (worth(m) === 0) return false;
    if (seenText.has(m.description)) return false;
    seenText.add(m.description);
    return true;
  });
  // Terse: a conversation whose summary is in the window is shown by its summary, not line by line.
  const summarised = new Set(
    window.filter((m) => m.kind === 'conversation_summary').map((m) => String(m.meta?.conversation ?? '')),
  );
  const recent = window.filter(
    (m) => !(m.kind === 'dialogue' && summarised.has(String(m.meta?.conversation ?? '\u0000'))),
  );
  const qInput: ReflectQuestionsInput = {
    name: p.name,
    first: p.firstName,
    count: s.reflectionQuestions,
    memories: reflectionRecords(recent, p.name, s).map((m, i) => ({ n: i + 1, ...m })),
  };
  const qOut = await c.ask(
    REFLECT_QUESTIONS_TASK,
    reflectQuestionsOutput,
    reflectQuestionsMessages(qInput),
    qInput,
    () => ({
      questions: [],
    }),
  );
  let questions = [...new Set(qOut.questions.map((q) => clipText(String(q), 200)).filter((q) => q !== ''))].slice(
    0,
    s.reflectionQuestions,
  );
  if (questions.length === 0) {
    c.log('agent: no reflection questions; using a general one', { agent: p.id });
    questions = [`What has ${p.firstName} been spending time on lately?`];
  }
  const numberOf = new Map<MemoryId, number>();
  const numberOfText = new Map<string, number>();
  const byNumber = new Map<number, Memory>();
  const perQuestion: ReflectInsightsInput['questions'] = [];
  const topOf: (MemoryId | undefined)[] = [];
  for (const q of questions) {
    const hits = await c.recall(r, [q], now, { k: s.reflectionRetrieveK, budget: Number.POSITIVE_INFINITY });
    topOf.push(hits[0]?.memory.id);
    perQuestion.push({
      question: q,
      memories: hits.map((h) => {
        // two memories reading the same are one statement (one number, listed once)
        const shownAs = (quoteOf(h.memory, 140)?.text ?? h.memory.description).toLowerCase();
        let n = numberOf.get(h.memory.id) ?? numberOfText.get(shownAs);
        if (n === undefined) {
          n = byNumber.size + 1;
          byNumber.set(n, h.memory);
          numberOfText.set(shownAs, n);
        }
        numberOf.set(h.memory.id, n);
        const quote = quoteOf(h.memory, 140);
        return {
          n,
          text: clipText(h.memory.description, 140),
          importance: h.memory.importance,
          ...(quote ? { quote } : {}),
        };
      }),
    });
  }
  const iInput: ReflectInsightsInput = {
    name: p.name,
    first: p.firstName,
    perQuestion: s.insightsPerQuestion,
    questions: perQuestion,
  };
  const iOut = await c.ask(
    REFLECT_INSIGHTS_TASK,
    reflectInsightsOutput,
    reflectInsightsMessages(iInput),
    iInput,
    () => ({
      insights: [],
    }),
  );
  const byId = new Map([...byNumber.values()].map((m) => [m.id, m] as const));
  const countPer = new Map<number, number>();
  const entries: { r: Resident; m: NewMemory }[] = [];
  const seen = new Set<string>();
  for (const [k, ins] of insightsOf(iOut).entries()) {
    const text = clipText(String(ins.text ?? ''), 300);
    const qi = questionOf(perQuestion, ins.because ?? [], k, s.insightsPerQuestion);
    if (text === '' || seen.has(text.toLowerCase()) || (countPer.get(qi) ?? 0) >= s.insightsPerQuestion) continue;
    // An insight already held adds nothing to the tree: keep the earlier one (and its evidence).
    if (r.memory.latestWithDescription(text)?.kind === 'reflection') continue;
    let evidence = [...new Set((ins.because ?? []).map((n) => byNumber.get(n)?.id).filter((x): x is MemoryId => !!x))];
    if (evidence.length === 0) {
      const top = topOf[qi - 1];
      c.log("agent: insight without valid evidence; citing the question's best memory", { agent: p.id, text });
      evidence = top ? [top] : [];
    }
    seen.add(text.toLowerCase());
    countPer.set(qi, (countPer.get(qi) ?? 0) + 1);
    entries.push({
      r,
      m: {
        kind: 'reflection',
        description: text,
        importance: clampInt(ins.importance, 1, 10, 5),
        evidence,
        meta: {
          question: questions[qi - 1],
          // an insight drawn from what people said may repeat their words: quoted like its evidence
          ...(evidence.some((id) => quoteOf(byId.get(id)!, 1) !== undefined)
            ? { userText: { from: `${p.firstName}'s own thought`, text } }
            : {}),
        },
      },
    });
  }
  await c.storeAll(entries, now);
  // Relationships are refreshed on reflection: an insight about a person the resident knows joins its note.
  for (const e of entries) {
    const u = e.m.meta?.userText as QuotedText | undefined;
    noteInsight(c, r, e.m.description, u);
  }
  mind.importanceSinceReflection = 0;
  mind.reflections++;
  mind.lastReflectionAt = now;
  return entries.length;
}

/** Importance up to which a sight is routine (sec. 4.1 scale: 1 brushing teeth ... 10 a break-up). */
const ROUTINE_IMPORTANCE = 3;
/** Newest records read to find what since the last reflection was furniture (a day's observations and more). */
const TRIGGER_SCAN = 400;

/**
 * What a record is worth to reflection (sec. 4.2 sums the importance of what the resident perceived; issue 33
 * item 4): an object's state ("the sink is idle") or the resident's own blocked plan at routine importance is worth
 * nothing (the Smallville code rates idle objects 1 without asking); above it (a fire), its importance; the rest,
 * their importance.
 */
export function worth(m: Pick<Memory, 'kind' | 'importance'> & Partial<Pick<Memory, 'meta'>>): number {
  const furniture = m.kind === 'observation' && (m.meta?.perceived === 'object' || m.meta?.blocked === true);
  return furniture && m.importance <= ROUTINE_IMPORTANCE ? 0 : m.importance;
}

/** What someone else does, where they come and what they are overheard saying: that person's doings. */
const PERSONAL = new Set(['action', 'arrival', 'speech']);

const SOMEONE_IS = /^(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)+) is (.+)$/u;

/**
 * What perceived records are worth to the reflection trigger together: each at its `worth`, except someone else's
 * doings (actions, arrivals, words overheard): routine ones (importance <= 3) count once per person, at the highest
 * (issue 33: in a crowded place the same few people seen at one chore after another summed to a reflection; the
 * questions show them as one line per person, reflectionRecords), notable ones once per person and hour, at the
 * highest, so that decomposing their plans into 5-15 minute steps (5.1 a waking hour in the real run) does not make
 * a bystander reflect five times as often. The resident's own doings count each (the Smallville code rates each).
 */
export function triggerWorth(
  records: readonly (Pick<Memory, 'kind' | 'description' | 'importance'> &
    Partial<Pick<Memory, 'meta' | 'createdAt'>>)[],
  self: string,
): number {
  const seen = new Map<string, number>();
  let sum = 0;
  for (const m of records) {
    const who =
      m.kind === 'observation' && PERSONAL.has(String(m.meta?.perceived))
        ? typeof m.meta?.subject === 'string'
          ? m.meta.subject
          : SOMEONE_IS.exec(m.description.replace(/\.$/, ''))?.[1]
        : undefined;
    if (!who || who === self) {
      sum += worth(m);
      continue;
    }
    const routine = m.importance <= ROUTINE_IMPORTANCE;
    const key = routine ? `${who}|routine` : `${who}|${Math.floor((m.createdAt ?? 0) / HOUR_MS)}`;
    seen.set(key, Math.max(seen.get(key) ?? 0, worth(m)));
  }
  return sum + [...seen.values()].reduce((a, b) => a + b, 0);
}

/**
 * The reflection-question records, tersely (sec. 4.2 asks over the 100 most recent): someone else's routine
 * doings (importance <= 3) are one line per person ("Abigail Chen is mixing colours / eating dinner"), each record is clipped, and
 * the oldest records are dropped past settings.reflectionPromptChars.
 */
export function reflectionRecords(
  memories: readonly (Pick<Memory, 'kind' | 'description' | 'importance'> & Partial<Pick<Memory, 'meta'>>)[],
  self: string,
  s: Pick<AgentSettings, 'reflectionRecordChars' | 'reflectionPromptChars'>,
): { text: string; importance: number; quote?: QuotedText }[] {
  const out: { text: string; importance: number; subject?: string; doings?: string[]; quote?: QuotedText }[] = [];
  const bySubject = new Map<string, (typeof out)[number]>();
  for (const m of memories) {
    const routine = m.kind === 'observation' && m.importance <= ROUTINE_IMPORTANCE;
    const who = routine ? SOMEONE_IS.exec(m.description.replace(/\.$/, '')) : null;
    if (who && who[1] !== self) {
      const subject = who[1]!;
      const had = bySubject.get(subject);
      if (had) out.splice(out.indexOf(had), 1);
      const doings = [...new Set([...(had?.doings ?? []), who[2]!])].slice(-4);
      const rec = { text: '', importance: Math.max(had?.importance ?? 0, m.importance), subject, doings };
      bySubject.set(subject, rec);
      out.push(rec);
      continue;
    }
    const quote = quoteOf(m as Memory, s.reflectionRecordChars);
    out.push({
      text: clipText(m.description, s.reflectionRecordChars),
      importance: m.importance,
      ...(quote ? { quote } : {}),
    });
  }
  const lines = out.map((r) => ({
    text: r.subject ? clipText(`${r.subject} is ${r.doings!.join(' / ')}`, 2 * s.reflectionRecordChars) : r.text,
    importance: r.importance,
    ...(r.quote ? { quote: r.quote } : {}),
  }));
  let chars = 0;
  let from = lines.length;
  while (from > 0 && chars + lines[from - 1]!.text.length <= s.reflectionPromptChars)
    chars += lines[--from]!.text.length;
  return lines.slice(from);
}

/**
 * Which question (from 1) an insight answers: the one under which most of its cited statements were listed; where
 * that is a tie or nothing valid is cited, its place in the answer (insightsPerQuestion each, in question order).
 */
export function questionOf(
  questions: readonly { memories: readonly { n: number }[] }[],
  because: readonly number[],
  k: number,
  perQuestion: number,
): number {
  const inTurn = Math.min(questions.length, Math.floor(k / Math.max(1, perQuestion)) + 1);
  const votes = questions.map((q) => because.filter((n) => q.memories.some((m) => m.n === n)).length);
  const best = Math.max(0, ...votes);
  if (best === 0 || votes[inTurn - 1] === best) return inTurn;
  return votes.indexOf(best) + 1;
}

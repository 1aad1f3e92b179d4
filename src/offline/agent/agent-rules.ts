// The offline model's rules for every agent task: deterministic answers derived only from the structured input
// the prompt was built from (the same summary and retrieved memories a real model would read). They keep the
// town alive without a key: importance from keywords, plans from the identity fields and lifestyle using only
// known places, dialogue that passes on the most important memory the listener has not heard (so news spreads
// between residents), reflections that group memories by the people and places they mention.

import { type PromptMemory, parseInput } from '../../agent/prompts/common.ts';
import { CONVERSATION_SUMMARY_TASK, conversationSummaryInput } from '../../agent/prompts/conversation-summary.ts';
import { DIALOGUE_TASK, dialogueInput } from '../../agent/prompts/dialogue.ts';
import { DIALOGUE_TURN_TASK, dialogueTurnInput } from '../../agent/prompts/dialogue-turn.ts';
import { HEAR_TASK, hearInput } from '../../agent/prompts/hear.ts';
import { IMPORTANCE_TASK, importanceInput } from '../../agent/prompts/importance.ts';
import { INTERVIEW_TASK, interviewInput } from '../../agent/prompts/interview.ts';
import { PLAN_DAY_TASK, planDayInput } from '../../agent/prompts/plan-day.ts';
import { PLAN_HOURS_TASK, planHoursInput } from '../../agent/prompts/plan-hours.ts';
import { formatPlanStep, PLAN_STEPS_TASK, planStepsInput } from '../../agent/prompts/plan-steps.ts';
import {
  NO_REACTION,
  REACT_TASK,
  type ReactInput,
  type ReactOutput,
  reactAnswer,
  reactInput,
} from '../../agent/prompts/react.ts';
import { READ_EVENTS_TASK, readEventsInput } from '../../agent/prompts/read-events.ts';
import { formatInsight, REFLECT_INSIGHTS_TASK, reflectInsightsInput } from '../../agent/prompts/reflect-insights.ts';
import { REFLECT_QUESTIONS_TASK, reflectQuestionsInput } from '../../agent/prompts/reflect-questions.ts';
import { SUMMARY_TASK, summaryInput } from '../../agent/prompts/summary.ts';
import { todayNumber } from '../../core/dates.ts';
import { readEventText } from '../../core/event-text.ts';
import {
  clip,
  entities,
  escapeRegExp,
  heuristicImportance,
  isAlarming,
  isSleeping,
  lowerFirst,
  stripPeriod,
} from '../../core/text.ts';
import { hhmm, parseClock } from '../../core/time.ts';
import type { OfflineRules } from '../../llm/port.ts';
import { answerQuestion, replyTo } from './answer.ts';
import { offlineDialogue, offlineSummary } from './dialogue.ts';
import { coveredBy, newsworthy, topicOf } from './news.ts';
import { offlineDayPlan } from './plan.ts';
import { isFact } from './speech.ts';
import { chunkSteps, objectFor } from './steps.ts';
import { dialogueTurn } from './talk.ts';
import { gerundClause, subjectOf } from './voice.ts';

export { intentionActivity, lifestyleHours } from './day-facts.ts';
export { offlineDayPlan } from './plan.ts';

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;
const sentence = (s: string) => {
  const t = s.trim();
  return t === '' ? t : /[.!?]$/.test(t) ? t : `${t}.`;
};

/** The kind of a numbered record (reflection prompts show text only). */
function kindOfText(text: string): string {
  if (/^Conversation with /.test(text)) return 'conversation_summary';
  if (
    /have been talking a lot|often sees .+ around|matters a lot to|\bcares about\b|\bknows that\b|has been spending/.test(
      text,
    )
  )
    return 'reflection';
  if (/^\S+ plans to |^\S+ reacted to /.test(text)) return 'plan';
  if (/\binterviewed\b/.test(text)) return 'interview';
  if (/\bsaid\b[^:"]*: ["“]/.test(text)) return 'dialogue';
  return 'observation';
}

/** A memory as a third-person statement for the summary and reflections (heard news says from whom). */
function statement(m: PromptMemory, first: string): string | null {
  if (!isFact(m)) return null;
  const text = stripPeriod(m.text.replace(new RegExp(`^${escapeRegExp(first)} (?:has learned|knows) that\\s+`), ''));
  return m.from ? `${first} heard from ${firstName(m.from)} that ${lowerFirst(text)}` : text;
}

export const agentOfflineRules: OfflineRules = {
  [IMPORTANCE_TASK]: (raw) => {
    const i = parseInput(importanceInput, raw, IMPORTANCE_TASK);
    return { ratings: i.items.map((it) => heuristicImportance(it.text)) };
  },

  [SUMMARY_TASK]: (raw) => {
    const i = parseInput(summaryInput, raw, SUMMARY_TASK);
    const first = i.name.split(/\s+/)[0] ?? i.name;
    const lately = [...i.memories]
      .filter((m) => m.kind !== 'seed' && m.kind !== 'plan')
      .map((m) => ({ m, text: statement(m, first) }))
      .filter((x): x is { m: PromptMemory; text: string } => x.text !== null)
      .sort((a, b) => b.m.importance - a.m.importance)[0];
    const parts = [
      `${i.name}, ${i.age}, is ${stripPeriod(i.innate)}.`,
      sentence(i.learned),
      sentence(i.currently),
      lately ? `Lately: ${sentence(lately.text)}` : '',
    ];
    return { summary: clip(parts.filter(Boolean).join(' '), 600) };
  },

  [PLAN_DAY_TASK]: (raw) => ({ blocks: offlineDayPlan(parseInput(planDayInput, raw, PLAN_DAY_TASK)) }),

  // Events read from the texts by the neutral reader of kinds, hosts, places and times (src/core/event-text.ts).
  [READ_EVENTS_TASK]: (raw) => {
    const i = parseInput(readEventsInput, raw, READ_EVENTS_TASK);
    const today = todayNumber(i.day, i.date) ?? 0;
    const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
    return {
      events: i.texts.flatMap((m, k) => {
        const e = readEventText(m.text, {
          said: (m.day ? todayNumber(m.day, '') : null) ?? today,
          places: i.places,
          people: i.people,
        });
        return e
          ? [
              {
                text: k + 1,
                kind: e.kind,
                host: e.host,
                place: e.place,
                date: iso(e.day),
                start: hhmm(e.start),
                end: hhmm(e.end),
              },
            ]
          : [];
      }),
    };
  },

  [PLAN_HOURS_TASK]: (raw) => {
    const i = parseInput(planHoursInput, raw, PLAN_HOURS_TASK);
    const start = parseClock(i.block.start) ?? 0;
    const end = parseClock(i.block.end) ?? start + 60;
    const n = Math.max(1, Math.round((end - start) / 60));
    const a = stripPeriod(i.block.activity);
    const items = Array.from({ length: n }, (_, k) => ({
      start: hhmm(start + Math.round(((end - start) * k) / n)),
      end: hhmm(start + Math.round(((end - start) * (k + 1)) / n)),
      activity: n === 1 || k === 0 ? a : k === n - 1 ? `${a}, then wrap up` : `${a} (continued)`,
      place: i.block.place,
    }));
    return { items };
  },

  [PLAN_STEPS_TASK]: (raw) => {
    const i = parseInput(planStepsInput, raw, PLAN_STEPS_TASK);
    if (isSleeping(i.chunk.activity)) {
      const start = parseClock(i.chunk.start) ?? 0;
      const bed = objectFor('sleep', i.areas);
      return {
        steps: [
          formatPlanStep({
            minutes: Math.max(i.steps.min, (parseClock(i.chunk.end) ?? start + 60) - start),
            action: 'sleeping',
            emoji: '😴',
            object: bed?.object ?? null,
            objectStatus: bed ? 'in use' : null,
          }),
        ],
      };
    }
    // the whole window: the first chunk, then each that follows in the same place (no interruption there)
    const chunks = [i, ...(i.following ?? []).map((f) => ({ ...i, chunk: { ...i.chunk, ...f }, context: undefined }))];
    return { steps: chunks.flatMap((x) => chunkSteps(x)) };
  },

  [REACT_TASK]: (raw) => offlineReaction(parseInput(reactInput, raw, REACT_TASK)),

  [DIALOGUE_TURN_TASK]: (raw) => {
    const t = dialogueTurn(parseInput(dialogueTurnInput, raw, DIALOGUE_TURN_TASK));
    return { line: t.line, end: t.end, news: t.news ?? null, confidedTo: t.confidedTo ?? null };
  },

  // Several lines: each written by the one-line rule from its speaker's own view (its section, the lines so far).
  [DIALOGUE_TASK]: (raw) => offlineDialogue(parseInput(dialogueInput, raw, DIALOGUE_TASK)),

  [CONVERSATION_SUMMARY_TASK]: (raw) =>
    offlineSummary(parseInput(conversationSummaryInput, raw, CONVERSATION_SUMMARY_TASK)),

  [REFLECT_QUESTIONS_TASK]: (raw) => {
    const i = parseInput(reflectQuestionsInput, raw, REFLECT_QUESTIONS_TASK);
    const counts = new Map<string, number>();
    const self = new Set([i.name, i.first]);
    for (const m of i.memories) {
      for (const e of new Set(entities(m.text)))
        if (!self.has(e) && subjectOf(`${e} is`) === e) counts.set(e, (counts.get(e) ?? 0) + 1 + m.importance / 10);
    }
    const top = [...counts].sort((a, b) => b[1] - a[1]).map(([e]) => `What does ${i.first} know about ${e}?`);
    const generic = [
      `What has ${i.first} been spending time on lately?`,
      `What matters most to ${i.first} right now?`,
      `How does ${i.first} feel about the people around them?`,
    ];
    return { questions: [...top.slice(0, 2), ...generic].slice(0, i.count) };
  },

  [REFLECT_INSIGHTS_TASK]: (raw) => {
    const i = parseInput(reflectInsightsInput, raw, REFLECT_INSIGHTS_TASK);
    const insights: { text: string; because: number[]; importance: number }[] = [];
    const seen = new Set<string>();
    const push = (text: string, because: number[], importance: number) => {
      if (seen.has(text.toLowerCase()) || because.length === 0) return;
      seen.add(text.toLowerCase());
      insights.push({ text, because, importance: Math.max(1, Math.min(10, Math.round(importance))) });
    };
    i.questions.forEach((q) => {
      const ms = q.memories.map((m) => ({ ...m, kind: kindOfText(m.text) }));
      const before = insights.length;
      const entity = /know about (.+)\?$/.exec(q.question)?.[1];
      if (entity) {
        const about = ms.filter((m) => m.text.includes(entity) || m.text.includes(firstName(entity)));
        if (about.length > 1) {
          // How the resident knows the person: from talking with them, or from seeing them about.
          const talked = about.filter((m) => m.kind === 'conversation_summary' || m.kind === 'dialogue').length;
          const text =
            talked * 2 >= about.length
              ? `${i.first} and ${entity} have been talking a lot`
              : `${i.first} often sees ${entity} around`;
          push(
            text,
            about.map((m) => m.n),
            Math.max(...about.map((m) => m.importance)) - 1,
          );
        }
        for (const m of [...about].sort((a, b) => b.importance - a.importance)) {
          const text = statement(m, i.first);
          if (text && insights.length - before < i.perQuestion)
            push(text.startsWith(i.first) ? text : `${i.first} knows that ${lowerFirst(text)}`, [m.n], m.importance);
        }
        return;
      }
      if (/spending time on/.test(q.question)) {
        const acts = new Map<string, number[]>();
        for (const m of ms) {
          const a = new RegExp(`^${escapeRegExp(i.first)} plans to (.+?) at `).exec(m.text)?.[1];
          if (a && !isSleeping(a)) acts.set(a, [...(acts.get(a) ?? []), m.n]);
        }
        const top = [...acts].sort((a, b) => b[1].length - a[1].length)[0];
        if (top) push(`${i.first} has been spending much of the day trying to ${top[0]}`, top[1], 4);
      }
      if (/people around/.test(q.question)) {
        const people = new Map<string, number[]>();
        for (const m of ms)
          for (const e of new Set(entities(m.text)))
            if (e !== i.name && e !== i.first && subjectOf(`${e} is`) === e && e.includes(' '))
              people.set(e, [...(people.get(e) ?? []), m.n]);
        const top = [...people].sort((a, b) => b[1].length - a[1].length).slice(0, 2);
        if (top.length)
          push(
            `${i.first} has been spending time with ${top.map(([e]) => e).join(' and ')}`,
            top.flatMap(([, n]) => n),
            4,
          );
      }
      for (const m of [...ms].sort((a, b) => b.importance - a.importance)) {
        if (insights.length - before >= i.perQuestion) break;
        const text = statement(m, i.first);
        if (!text || m.importance < 4 || m.kind === 'reflection') continue;
        // One's own plans and news become what one cares about ("The fair matters a lot to Rosa").
        const own = subjectOf(text) === i.name || subjectOf(text) === i.first;
        const topic = topicOf(text);
        const insight = own
          ? topic
            ? `The ${topic} matters a lot to ${i.first}`
            : `${i.first} cares about ${gerundClause(text, subjectOf(text)!) ?? lowerFirst(text)}`
          : `${i.first} knows that ${lowerFirst(text)}`;
        push(insight, [m.n], m.importance);
      }
    });
    return { insights: insights.map(formatInsight) };
  },

  [INTERVIEW_TASK]: (raw) => {
    const i = parseInput(interviewInput, raw, INTERVIEW_TASK);
    return {
      answer: answerQuestion({
        name: i.name,
        first: i.first,
        summary: i.summary,
        memories: i.memories,
        question: i.question,
        time: i.time,
        ...(i.plan ? { plan: i.plan } : {}),
        ...(i.relations ? { relations: i.relations } : {}),
      }),
    };
  },

  [HEAR_TASK]: (raw) => {
    const i = parseInput(hearInput, raw, HEAR_TASK);
    const importance = heuristicImportance(i.text);
    const reply = replyTo({
      name: i.name,
      first: i.first,
      summary: i.summary,
      memories: i.memories,
      question: i.text,
      time: i.time,
      speaker: i.speaker.name,
      addressed: i.addressed,
      ...(i.plan ? { plan: i.plan } : {}),
      ...(i.conversation ? { group: i.conversation.with } : {}),
    });
    return { importance, reply };
  },
};

/** The offline reaction: an alarm is dealt with; a person with news, or never talked with, is talked to. */
function offlineReaction(i: ReactInput): ReactOutput {
  // An alarm is a state of things; a person dealing with one is someone to talk to, not a new alarm.
  if (!i.person && isAlarming(i.observation)) {
    const subject = i.subject ?? /^(?:the\s+)?(.+?)\s+(?:is|are)\b/i.exec(i.observation)?.[1] ?? 'problem';
    const o = i.observation;
    if (/burn|fire|smok/i.test(o))
      return reactAnswer({
        action: `turn off the ${subject} and put out the fire`,
        emoji: '🧯',
        minutes: 10,
        object: subject,
        objectStatus: 'off',
      });
    if (/leak|flood|overflow/i.test(o))
      return reactAnswer({
        action: `stop the leak at the ${subject}`,
        emoji: '🔧',
        minutes: 15,
        object: subject,
        objectStatus: 'fixed',
      });
    if (/broken|shattered/i.test(o))
      return reactAnswer({
        action: `check on the broken ${subject}`,
        emoji: '🔧',
        minutes: 10,
        object: subject,
        objectStatus: 'being repaired',
      });
    return reactAnswer({
      action: `rush over to see what happened: ${stripPeriod(o)}`,
      emoji: '🏃',
      minutes: 10,
      object: null,
      objectStatus: null,
    });
  }
  if (i.person) {
    const pf = firstName(i.person.name);
    // the one it came to call on (a plan to tell them something in private: issue 32 item 5)
    const named = escapeRegExp(pf);
    if (new RegExp(`\\b(?:call(?:ing)? on|visit(?:ing)?|hav(?:e|ing) a word with) ${named}\\b`, 'i').test(i.status))
      return { decision: 'talk', detail: `have a word with ${pf} in private` };
    // the one it came to invite (a host's rounds before its event: agent/seek.ts)
    const invite = new RegExp(`\\b(?:look(?:ing)? for|invit(?:e|ing)|keep(?:ing)?) ${named}\\b(.*)$`, 'i').exec(
      i.status,
    );
    if (invite) return { decision: 'talk', detail: `invite ${pf}${invite[1]?.startsWith(' to ') ? invite[1] : ''}` };
    const knows =
      (i.relations ?? []).some((x) => x.name === i.person!.name) ||
      i.context.some((m) => new RegExp(`\\b${escapeRegExp(pf)}\\b`).test(m.text));
    // Something worth telling: news not already in a talk remembered with this person.
    const talks = i.context.filter((m) => m.kind === 'conversation_summary' && m.text.includes(pf));
    const news = i.context.some(
      (m) =>
        newsworthy(m) &&
        m.from !== i.person!.name &&
        subjectOf(m.text) !== i.person!.name &&
        !talks.some((t) => coveredBy(m.text, t.text) >= 0.6),
    );
    if (news || talks.length === 0)
      return { decision: 'talk', detail: knows ? `catch up with ${pf}` : `get to know ${pf}` };
  }
  return NO_REACTION;
}

// The offline model's rules for every agent task: deterministic answers derived only from the structured input
// the prompt was built from (the same summary and retrieved memories a real model would read). They keep the
// town alive without a key: importance from keywords, plans from the identity fields and lifestyle using only
// known places, dialogue that passes on the most important memory the listener has not heard (so news spreads
// between residents), reflections that group memories by the people and places they mention.
import type { OfflineRules } from '../llm/port.ts';
import { parseInput, type PromptMemory } from './prompts/common.ts';
import { CONVERSATION_SUMMARY_TASK, conversationSummaryInput } from './prompts/conversation-summary.ts';
import { DIALOGUE_TURN_TASK, type DialogueTurnInput, dialogueTurnInput } from './prompts/dialogue-turn.ts';
import { HEAR_TASK, hearInput } from './prompts/hear.ts';
import { IMPORTANCE_TASK, importanceInput } from './prompts/importance.ts';
import { INTERVIEW_TASK, interviewInput } from './prompts/interview.ts';
import { PLAN_DAY_TASK, type PlanDayInput, planDayInput, type PromptPlace } from './prompts/plan-day.ts';
import { PLAN_HOURS_TASK, planHoursInput } from './prompts/plan-hours.ts';
import { PLAN_STEPS_TASK, planStepsInput } from './prompts/plan-steps.ts';
import { REACT_TASK, reactInput } from './prompts/react.ts';
import { REFLECT_INSIGHTS_TASK, reflectInsightsInput } from './prompts/reflect-insights.ts';
import { REFLECT_QUESTIONS_TASK, reflectQuestionsInput } from './prompts/reflect-questions.ts';
import { SUMMARY_TASK, summaryInput } from './prompts/summary.ts';
import { mealOf, normalizeSlots, type Slot, spliceSlots } from './schedule.ts';
import {
  clip,
  contentWords,
  emojiFor,
  entities,
  escapeRegExp,
  heuristicImportance,
  isAlarming,
  isSleeping,
  lowerFirst,
  overlap,
  stripPeriod,
  toFirstPerson,
} from './text.ts';
import { hhmm, parseClock } from './time.ts';

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;
const sentence = (s: string) => {
  const t = s.trim();
  return t === '' ? t : /[.!?]$/.test(t) ? t : `${t}.`;
};

// --- planning ---

function clockIn(text: string, re: RegExp): number | null {
  const m = re.exec(text);
  if (!m) return null;
  return parseClock(`${m[1]}${m[2] ? `:${m[2]}` : ''}${m[3] ? ` ${m[3]}` : ''}`);
}

/** Wake and sleep times from a Smallville-style lifestyle ("goes to bed around 11pm, wakes up around 6am"). */
export function lifestyleHours(lifestyle: string): { wake: number; sleep: number } {
  const wake = clockIn(lifestyle, /(?:wakes?|awakes?|gets? up|rises?)\D{0,20}?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/i);
  let sleep = clockIn(lifestyle, /(?:bed|sleeps?|asleep)\D{0,20}?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/i);
  if (sleep !== null && sleep < 12 * 60) sleep += sleep <= 3 * 60 ? 24 * 60 : 12 * 60; // "goes to bed at 11" = 23:00
  return {
    wake: Math.min(11 * 60, Math.max(4 * 60, wake ?? 7 * 60)),
    sleep: Math.min(24 * 60, Math.max(20 * 60, sleep ?? 23 * 60)),
  };
}

/** The known place a text names (longest name wins), e.g. "works at Hobbs Cafe" -> hobbs-cafe. */
function placeNamedIn(
  text: string,
  places: readonly PromptPlace[],
  exclude: readonly string[] = [],
): PromptPlace | null {
  let best: PromptPlace | null = null;
  for (const p of places) {
    if (exclude.includes(p.id)) continue;
    if (new RegExp(`\\b${escapeRegExp(p.name)}\\b`, 'i').test(text) && (!best || p.name.length > best.name.length))
      best = p;
  }
  return best;
}

function placeOfKind(re: RegExp, places: readonly PromptPlace[], exclude: readonly string[]): PromptPlace | null {
  return places.find((p) => !exclude.includes(p.id) && re.test(`${p.kind ?? ''} ${p.name}`)) ?? null;
}

/** "Mara is going to run against Sam in the election" -> "run against Sam in the election". */
export function intentionActivity(text: string): string {
  const t = stripPeriod(text);
  const m =
    /\b(?:is going to|are going to|plans? to|wants? to|will|decided to|is planning to|has to|needs? to|agreed to|promised to)\s+(.+)/i.exec(
      t,
    );
  if (m) return m[1]!;
  const p = /\bis planning\s+(.+)/i.exec(t);
  if (p) return `prepare ${p[1]!}`;
  return `think about what matters now: ${lowerFirst(t)}`;
}

function isIntention(m: PromptMemory): boolean {
  return (
    m.kind === 'inner_voice' ||
    (m.importance >= 5 &&
      /\b(going to|plan|will|wants? to|agreed|decided|promised|invited|party|meet|run for)\b/i.test(m.text))
  );
}

interface Block extends Slot {
  place: string;
}

export function offlineDayPlan(i: PlanDayInput): { start: string; end: string; activity: string; place: string }[] {
  const { wake, sleep } = lifestyleHours(i.lifestyle);
  const home = i.home;
  const avoid = i.avoid;
  const usable = i.places.filter((p) => !avoid.includes(p.id));
  const work = placeNamedIn(`${i.currently} ${i.summary}`, usable, [home]);
  const food = placeOfKind(/cafe|café|restaurant|diner|bakery|pub|bar/i, usable, [home]);
  const park = placeOfKind(/park|garden|square/i, usable, [home]);
  const workActivity = work ? `work at ${work.name}` : `work on ${i.first}'s own projects at home`;
  const at = (h: number) => h * 60;
  const b = (start: number, end: number, activity: string, place: string): Block => ({ start, end, activity, place });
  let blocks: Block[] = [
    b(0, wake, 'sleeping', home),
    b(wake, wake + 60, 'wake up, wash and have breakfast', home),
    b(wake + 60, at(12), workActivity, work?.id ?? home),
    b(at(12), at(13), 'have lunch', food?.id ?? home),
    b(at(13), at(17), workActivity, work?.id ?? home),
    b(at(17), at(19), park ? `take a walk in ${park.name}` : 'relax at home', park?.id ?? home),
    b(at(19), at(20), 'have dinner', home),
    b(at(20), sleep, 'read and unwind at home', home),
    b(sleep, at(24), 'sleeping', home),
  ];
  const from = parseClock(i.from) ?? 0;
  const intention = [...i.intentions].filter(isIntention).sort((a, c) => c.importance - a.importance)[0];
  if (intention) {
    const named = clockIn(intention.text, /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b/i);
    let start = named ?? at(17);
    if (start < from) start = Math.ceil(from / 60) * 60;
    if (start > sleep - 60) start = Math.max(Math.ceil(from / 60) * 60, sleep - 120);
    const end = Math.min(sleep, start + 120);
    if (end > start) {
      const place = placeNamedIn(intention.text, usable)?.id ?? work?.id ?? home;
      blocks = spliceSlots(blocks, { start, end }, [b(start, end, intentionActivity(intention.text), place)], {
        granularityMs: 5,
        fill: (s, e) => b(s, e, 'free time', home),
      });
    }
  }
  const window = { start: 0, end: at(24) };
  return normalizeSlots(blocks, window, { granularityMs: 5, fill: (s, e) => b(s, e, 'sleeping', home) })
    .filter((x) => x.end > from)
    .map((x) => ({ start: hhmm(Math.max(x.start, from)), end: hhmm(x.end), activity: x.activity, place: x.place }));
}

/** "work at the cafe (continued)" -> "work at the cafe" (hour labels of the offline decomposition). */
function baseActivity(activity: string): string {
  return stripPeriod(activity.replace(/\s*\(continued\)$/, '').replace(/, then wrap up$/, ''));
}

// Objects an activity is likely to use, by keyword (the offline stand-in for the original's object choice call).
const OBJECT_HINTS: [RegExp, string[]][] = [
  [
    /breakfast|lunch|dinner|cook|meal|eat|remake/i,
    ['stove', 'oven', 'kitchen counter', 'table', 'dining table', 'fridge'],
  ],
  [/coffee|tea|serve|customer|cafe|counter/i, ['coffee machine', 'counter', 'cash register']],
  [/sleep|bed|nap/i, ['bed']],
  [/wash|shower|brush|morning/i, ['shower', 'sink', 'bathroom sink']],
  [/read|write|study|research|paper|homework|work|plan|prepare|campaign/i, ['desk', 'computer', 'bookshelf', 'table']],
  [/paint|draw|sketch/i, ['easel', 'canvas']],
  [/music|piano|compos|guitar/i, ['piano', 'guitar']],
  [/clean|tidy|sweep/i, ['broom', 'sink']],
];

function objectFor(action: string, areas: readonly { name: string; objects: string[] }[]) {
  for (const [re, names] of OBJECT_HINTS) {
    if (!re.test(action)) continue;
    for (const name of names) {
      for (const a of areas) {
        const o = a.objects.find((x) => x.toLowerCase() === name);
        if (o) return { area: a.name, object: o };
      }
    }
  }
  return null;
}

function stepsFor(activity: string, context: string | undefined, atHome: boolean): string[] {
  const meal = mealOf(activity);
  const base = baseActivity(activity);
  // The paper's example: after the stove burned, the resident turns it off and remakes breakfast.
  if (meal && context && /stove|oven|burn|cook|kitchen/i.test(context))
    return [`remake ${meal}`, `eat ${meal}`, atHome ? 'wash the dishes' : 'chat a little and pay'];
  if (/wake up|morning routine/i.test(activity)) {
    return ['get out of bed and stretch', 'wash up and get dressed', 'make breakfast', 'eat breakfast', 'tidy up'];
  }
  if (meal)
    return [
      atHome ? `prepare ${meal}` : `order ${meal}`,
      `eat ${meal}`,
      atHome ? 'wash the dishes' : 'chat a little and pay',
    ];
  const steps = [context ? `get back to ${base} after the interruption` : base, base, 'take a short break', base];
  if (/, then wrap up$/.test(activity)) steps.push(`wrap up: ${base}`);
  return steps;
}

// --- dialogue ---

function mentioned(text: string, history: readonly { text: string }[]): boolean {
  const words = contentWords(text);
  if (words.length === 0) return false;
  return history.some((h) => {
    const said = new Set(contentWords(h.text));
    return words.filter((w) => said.has(w)).length >= Math.max(2, Math.ceil(words.length * 0.6));
  });
}

function shareLine(m: PromptMemory, i: DialogueTurnInput): { line: string; news: string } {
  const news = stripPeriod(m.text.replace(/^.*?\bsaid(?: to [^:]+)?:\s*/i, '').replace(/^["“]|["”]$/g, ''));
  const own = new RegExp(`\\b(${escapeRegExp(i.name)}|${escapeRegExp(i.first)})\\b`).test(news);
  if (own) return { line: `I wanted to tell you: ${lowerFirst(toFirstPerson(news, i.name, i.first))}.`, news };
  if (m.kind === 'observation') return { line: `Earlier I noticed that ${lowerFirst(news)}.`, news };
  return { line: `Did you hear? ${sentence(news)}`, news };
}

function dialogueTurn(i: DialogueTurnInput): { line: string; end: boolean; news?: string } {
  const to = firstName(i.listeners[0] ?? 'there');
  const candidates = i.memories
    .filter((m) => m.fresh && m.importance >= 4 && !mentioned(m.text, i.history))
    .sort((a, b) => b.importance - a.importance);
  const share = candidates[0] ? shareLine(candidates[0], i) : null;
  const last = i.history[i.history.length - 1];
  if (!last) {
    const opener = share ? share.line : i.intent ? `I wanted to ${stripPeriod(i.intent)}.` : 'How are you doing?';
    return { line: `Hi ${to}! ${opener}`, end: false, ...(share ? { news: share.news } : {}) };
  }
  const ack = /\?\s*$/.test(last.text)
    ? /how are you/i.test(last.text)
      ? 'I’m doing well, thanks.'
      : 'Not much, just the usual.'
    : /did you hear|wanted to tell you|i noticed/i.test(last.text)
      ? 'Oh, I didn’t know that!'
      : 'I see.';
  if (share && i.turnsLeft > 0) return { line: `${ack} ${share.line}`, end: false, news: share.news };
  if (i.history.length >= 3 || i.turnsLeft <= 1)
    return { line: `${ack} Anyway, I should get going. Good talking to you, ${to}!`, end: true };
  return { line: `${ack} What have you been up to?`, end: false };
}

// --- answering ---

function recallAnswer(question: string, memories: readonly PromptMemory[], name: string, first: string): string | null {
  const ranked = memories
    .map((m) => ({ m, o: overlap(question, m.text) }))
    .filter((x) => x.o > 0)
    .sort((a, b) => b.o - a.o || b.m.importance - a.m.importance)
    .slice(0, 2)
    .map((x) => lowerFirst(stripPeriod(toFirstPerson(x.m.text, name, first))));
  if (ranked.length === 0) return null;
  return `From what I remember, ${ranked[0]}.${ranked[1] ? ` Also, ${ranked[1]}.` : ''}`;
}

const DONT_REMEMBER = "I'm sorry, I don't remember anything about that.";

export const agentOfflineRules: OfflineRules = {
  [IMPORTANCE_TASK]: (raw) => {
    const i = parseInput(importanceInput, raw, IMPORTANCE_TASK);
    return { ratings: i.items.map((it) => heuristicImportance(it.text)) };
  },

  [SUMMARY_TASK]: (raw) => {
    const i = parseInput(summaryInput, raw, SUMMARY_TASK);
    const lately = [...i.memories].filter((m) => m.kind !== 'seed').sort((a, b) => b.importance - a.importance)[0];
    const parts = [
      `${i.name} (${i.age}) is ${stripPeriod(i.innate)}.`,
      sentence(i.learned),
      sentence(i.currently),
      lately ? `Lately: ${sentence(lately.text)}` : '',
    ];
    return { summary: clip(parts.filter(Boolean).join(' '), 600) };
  },

  [PLAN_DAY_TASK]: (raw) => ({ blocks: offlineDayPlan(parseInput(planDayInput, raw, PLAN_DAY_TASK)) }),

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
    const start = parseClock(i.chunk.start) ?? 0;
    const total = Math.max(i.steps.min, (parseClock(i.chunk.end) ?? start + 60) - start);
    if (isSleeping(i.chunk.activity)) {
      const bed = objectFor('sleep', i.areas);
      return {
        steps: [
          { minutes: total, action: 'sleeping', emoji: '😴', ...(bed ? { ...bed, objectStatus: 'in use' } : {}) },
        ],
      };
    }
    const atHome = i.areas.some((a) => /bed|kitchen|living/i.test(a.name));
    const names = stepsFor(i.chunk.activity, i.context, atHome);
    const count = Math.max(1, Math.min(names.length, Math.floor(total / i.steps.min)));
    const each = Math.max(i.steps.min, Math.min(i.steps.max, Math.floor(total / count / 5) * 5));
    const steps = names.slice(0, count).map((action, k) => {
      const obj = objectFor(action, i.areas);
      const status = obj ? (/stove|oven/i.test(obj.object) ? 'cooking' : 'in use') : undefined;
      return {
        minutes: k === count - 1 ? Math.max(i.steps.min, total - each * (count - 1)) : each,
        action,
        emoji: emojiFor(action),
        ...(obj ? { area: obj.area, object: obj.object, objectStatus: status } : {}),
      };
    });
    return { steps };
  },

  [REACT_TASK]: (raw) => {
    const i = parseInput(reactInput, raw, REACT_TASK);
    if (isAlarming(i.observation)) {
      const subject = i.subject ?? /^(?:the\s+)?(.+?)\s+(?:is|are)\b/i.exec(i.observation)?.[1] ?? 'problem';
      const o = i.observation;
      if (/burn|fire|smok/i.test(o))
        return {
          decision: 'react',
          reaction: `turn off the ${subject} and put out the fire`,
          emoji: '🧯',
          minutes: 10,
          object: subject,
          objectStatus: 'off',
        };
      if (/leak|flood|overflow/i.test(o))
        return {
          decision: 'react',
          reaction: `stop the leak at the ${subject}`,
          emoji: '🔧',
          minutes: 15,
          object: subject,
          objectStatus: 'fixed',
        };
      if (/broken|shattered/i.test(o))
        return {
          decision: 'react',
          reaction: `check on the broken ${subject}`,
          emoji: '🔧',
          minutes: 10,
          object: subject,
          objectStatus: 'being repaired',
        };
      return {
        decision: 'react',
        reaction: `rush over to see what happened: ${stripPeriod(o)}`,
        emoji: '🏃',
        minutes: 10,
      };
    }
    if (i.person) {
      const pf = firstName(i.person.name);
      const knows = i.context.some((m) => new RegExp(`\\b${escapeRegExp(pf)}\\b`).test(m.text));
      const news = i.context.some((m) => m.importance >= 6);
      if (knows || news) return { decision: 'talk', intent: `catch up with ${pf}` };
    }
    return { decision: 'continue' };
  },

  [DIALOGUE_TURN_TASK]: (raw) => dialogueTurn(parseInput(dialogueTurnInput, raw, DIALOGUE_TURN_TASK)),

  [CONVERSATION_SUMMARY_TASK]: (raw) => {
    const i = parseInput(conversationSummaryInput, raw, CONVERSATION_SUMMARY_TASK);
    const news = i.lines
      .filter((l) => l.news)
      .map((l) => `${firstName(l.speaker)} mentioned that ${lowerFirst(stripPeriod(l.news!))}`);
    const summary = `${i.participants.join(' and ')} talked at ${i.placeName}${news.length ? `: ${news.join('; ')}` : ' and caught up'}.`;
    const importance = Math.max(3, ...i.lines.filter((l) => l.news).map((l) => heuristicImportance(l.news!)));
    return { summary, importance, lineImportance: i.lines.map((l) => (l.news ? heuristicImportance(l.news) : 2)) };
  },

  [REFLECT_QUESTIONS_TASK]: (raw) => {
    const i = parseInput(reflectQuestionsInput, raw, REFLECT_QUESTIONS_TASK);
    const counts = new Map<string, number>();
    const self = new Set([i.name, i.first]);
    for (const m of i.memories) {
      for (const e of new Set(entities(m.text)))
        if (!self.has(e)) counts.set(e, (counts.get(e) ?? 0) + 1 + m.importance / 10);
    }
    const top = [...counts].sort((a, b) => b[1] - a[1]).map(([e]) => `What does ${i.first} know about ${e}?`);
    const generic = [
      `What has ${i.first} been spending time on lately?`,
      `What matters most to ${i.first} right now?`,
      `How does ${i.first} feel about the people around them?`,
    ];
    return { questions: [...top, ...generic].slice(0, i.count) };
  },

  [REFLECT_INSIGHTS_TASK]: (raw) => {
    const i = parseInput(reflectInsightsInput, raw, REFLECT_INSIGHTS_TASK);
    const insights: { question: number; text: string; because: number[]; importance: number }[] = [];
    i.questions.forEach((q, qi) => {
      const entity = /know about (.+)\?$/.exec(q.question)?.[1];
      const about = entity ? q.memories.filter((m) => m.text.includes(entity)) : [];
      const pool = about.length > 0 ? about : q.memories;
      if (pool.length === 0) return;
      const top = [...pool].sort((a, b) => b.importance - a.importance);
      const out: { text: string; because: number[]; importance: number }[] = [];
      if (entity && about.length > 1)
        out.push({
          text: `${entity} comes up often in ${i.first}'s recent life`,
          because: about.map((m) => m.n),
          importance: Math.max(...about.map((m) => m.importance)),
        });
      for (const m of top) {
        if (out.length >= i.perQuestion) break;
        out.push({
          text: `${i.first} has learned that ${lowerFirst(stripPeriod(m.text))}`,
          because: [m.n],
          importance: m.importance,
        });
      }
      for (const o of out.slice(0, i.perQuestion)) insights.push({ question: qi + 1, ...o });
    });
    return { insights };
  },

  [INTERVIEW_TASK]: (raw) => {
    const i = parseInput(interviewInput, raw, INTERVIEW_TASK);
    if (/introduc\w* (?:of )?yourself|about yourself|who are you/i.test(i.question))
      return { answer: `I'm ${i.name}. ${toFirstPerson(i.summary, i.name, i.first)}` };
    return { answer: recallAnswer(i.question, i.memories, i.name, i.first) ?? DONT_REMEMBER };
  },

  [HEAR_TASK]: (raw) => {
    const i = parseInput(hearInput, raw, HEAR_TASK);
    const importance = heuristicImportance(i.text);
    const concerned = i.addressed || new RegExp(`\\b${escapeRegExp(i.first)}\\b`, 'i').test(i.text);
    if (!concerned) return { importance, reply: '' };
    const who = firstName(i.speaker.name);
    if (/\?\s*$/.test(i.text))
      return { importance, reply: recallAnswer(i.text, i.memories, i.name, i.first) ?? DONT_REMEMBER };
    if (/^(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(i.text))
      return { importance, reply: `Hello ${who}! Nice to see you.` };
    return { importance, reply: `Thanks for telling me, ${who}.` };
  },
};

// The offline model's answers to questions (interviews, sec. 6.1) and replies to people speaking to the resident,
// only from its memories and today's plan; with nothing relevant it says it does not remember (sec. 6.2).

import type { PromptMemory, PromptRelation } from '../../agent/prompts/common.ts';
import { escapeRegExp, heuristicImportance, lowerFirst, stripPeriod } from '../../core/text.ts';
import { coveredBy, sameNews, topicOf } from './news.ts';
import { aboutSelf, hypothetical, planAnswer, reflective, whoIs, whoNext, yesterday } from './questions.ts';
import { reaction } from './small-talk.ts';
import { factLine, firstName, isAbout, type Me, meOf, PRIVATE, pick, sentence, stems } from './speech.ts';
import { names, toFirstPerson } from './voice.ts';

// --- answering questions (interviews, people speaking to the resident) ---

export interface AnswerInput {
  name: string;
  first: string;
  summary: string;
  memories: PromptMemory[];
  question: string;
  /** Today's plan lines ("7:00 am-12:00 pm: work at the cafe (cafe)"). */
  plan?: string[];
  /** "Friday, April 12, 2024, 5:00 pm" (interviews) or "5:00 pm". */
  time?: string;
  /** Notes about the people the question names (relations.ts). */
  relations?: PromptRelation[];
}

/**
 * A conversation record ("Conversation with Rosa Delgado: Rosa Delgado and Priya Raman talked at The Blue Heron:
 * Rosa mentioned planning a spring fair ...; Priya said that ...") as the facts it holds, each attributed to its
 * speaker: what others said is knowledge heard from them; what the resident said itself, something it told them.
 */
export function expandSummaries(memories: readonly PromptMemory[], name: string): PromptMemory[] {
  const first = firstName(name);
  const out: PromptMemory[] = [];
  for (const m of memories) {
    const rec = /^Conversation with ([^:]+): (?:.*? talked at [^:]+: |At [^,:]+, )(.+)$/.exec(m.text);
    if (m.kind !== 'conversation_summary' || !rec) {
      out.push(m);
      continue;
    }
    out.push(m);
    for (const part of stripPeriod(rec[2]!).split(/;\s*/)) {
      const p = /^(\S+) (mentioned|said that|would like to) (.+)$/.exec(part.trim());
      if (!p) continue;
      const [, who, verb, what] = p as unknown as [string, string, string, string];
      const mine =
        who === first && verb === 'mentioned'
          ? toFirstPerson(`${first} ${what}`, name, first).replace(/^I\s+/, '')
          : what;
      const others = rec[1]!.trim();
      const text =
        who !== first
          ? `${who} ${verb} ${what}`
          : verb === 'would like to'
            ? `${first} told ${others} that ${first} would like to ${what}`
            : `${first} told ${others} ${verb === 'mentioned' ? 'about' : 'that'} ${mine}`;
      // what the resident said ('told') or heard from another ('heard'), as facts an answer can use
      out.push({
        text,
        importance: m.importance,
        kind: who === first ? 'told' : 'heard',
        ...(m.day ? { day: m.day } : {}),
        // who may know a record's parts is who may know the record
        ...(m.kept ? { kept: m.kept } : {}),
        ...(m.keep ? { keep: true } : {}),
      });
    }
  }
  return out;
}

/** Where a remembered conversation took place ("... At The Blue Heron, ..." / "Caught up at X." / "talked at X"). */
export function placeOfTalk(text: string): string | undefined {
  return /(?:talked at|Caught up at|: At) ([^:,.]+)/.exec(text)?.[1];
}

export const DONT_REMEMBER = "I'm sorry, I don't remember anything about that.";
export const KEEP_TO_MYSELF = "That's something I'd rather keep to myself for now.";

// Words too common in questions and memories to make a memory relevant ("coming up in town", "lately").
export const GENERIC = new Set(
  'com town know think time day life lately often people thing make want going get like good new see way take look around anyone anything someone something'.split(
    ' ',
  ),
);
export function overlapStems(a: string, b: string): number {
  const sa = stems(a);
  let n = 0;
  for (const w of stems(b)) if (sa.has(w) && !GENERIC.has(w)) n++;
  return n;
}

export function facts(
  i: AnswerInput,
  me: Me,
  test: (m: PromptMemory) => number,
  n = 2,
): { m: PromptMemory; line: string }[] {
  return (
    i.memories
      // a secret or a confidence this listener may not hear is never said (issue 22 item 1)
      .filter((m) => !m.keep)
      .map((m) => ({ m, s: test(m), line: factLine(m, me) }))
      .filter((x): x is { m: PromptMemory; s: number; line: string } => x.s > 0 && x.line !== null)
      // how the resident knows it before what it told others; then importance
      .sort(
        (a, b) =>
          b.s - a.s || (a.m.kind === 'told' ? 1 : 0) - (b.m.kind === 'told' ? 1 : 0) || b.m.importance - a.m.importance,
      )
      .filter((x, k, all) => all.findIndex((y) => y.line === x.line || sameNews(y.m.text, x.m.text)) === k)
      .slice(0, n)
      .map(({ m, line }) => ({ m, line }))
  );
}

export function recall(i: AnswerInput, me: Me): string | null {
  // A secret the resident has since told someone is no longer one ("I have not told anyone" after telling Daniel).
  const told = i.memories.filter((m) => m.kind === 'told' || (m.kind === 'dialogue' && !m.from));
  const same = (a: string, b: string) => (topicOf(a) !== '' && topicOf(a) === topicOf(b)) || coveredBy(a, b) >= 0.5;
  const stale = (m: PromptMemory) => PRIVATE.test(m.text) && told.some((t) => same(m.text, t.text));
  // asked for news ("what's new with Bryony?", "heard anything?"), what it heard from others comes before what it
  // knew all along about them (a seed's "Bryony lives next door")
  const news = NEWS_QUESTION.test(i.question);
  const hits = facts(i, me, (m) => {
    const s = stale(m) ? 0 : overlapStems(i.question, m.text);
    return s > 0 && news && (m.kind === 'heard' || m.from !== undefined) ? s + 2 : s;
  });
  if (hits.length === 0)
    // asked about something it keeps to itself: it says so, and not what it is
    return i.memories.some((m) => m.keep && overlapStems(i.question, m.text) >= 2) ? KEEP_TO_MYSELF : null;
  const [a, b] = hits;
  return `From what I remember, ${lowerFirst(a!.line)}.${b ? ` Also, ${lowerFirst(b.line)}.` : ''}`;
}

/** Importance from which a matter of one's own is news worth telling (a wedding, a move; not one's job). */
const NEWSWORTHY = 5;

/** A question asking for news rather than for what the resident is or does. */
const NEWS_QUESTION = /\b(?:news|new with|what'?s new|heard|hear anything)\b/i;

/**
 * Whether the question is about someone else and not about the resident: past "have you heard" / "do you know" it
 * never says "you" or "your", and it names another person (its relations) or asks about anyone ("Do you know
 * whether anyone in town has decided to sell the inn? If so, who?").
 */
function aboutSomeoneElse(i: AnswerInput): boolean {
  const rest = i.question.replace(/\b(?:have you (?:heard|seen)|did you hear|do you know)\b/gi, '');
  if (/\byour?\b/i.test(rest)) return false;
  return (
    (i.relations ?? []).some((r) => r.name !== i.name) || /\b(?:anyone|anybody|someone|somebody|who)\b/i.test(rest)
  );
}

export function listAnd(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "I'm Rosa Delgado. I'm 41, warm, energetic and sociable. I own The Blue Heron ..." */
export function introduce(i: AnswerInput, me: Me): string {
  const parts = i.summary.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
  const out = [`I'm ${i.name}.`];
  for (const s of parts) {
    const head = new RegExp(`^${escapeRegExp(i.name)},\\s*(\\d+),\\s*is\\s+(.+?)\\.?$`).exec(s);
    if (head) {
      out.push(`I'm ${head[1]}, and people would call me ${listAnd(head[2]!.split(/,\s*/))}.`);
      continue;
    }
    if (/^Lately\b/.test(s)) continue;
    out.push(sentence(toFirstPerson(s, i.name, i.first, me.pronoun)));
  }
  return out.join(' ');
}
/** An answer to a question, grounded in the memories and the plan; "I don't remember" when they say nothing. */
export function answerQuestion(input: AnswerInput): string {
  const i = { ...input, memories: expandSummaries(input.memories, input.name) };
  const me = meOf(i.name, i.first, [
    i.summary,
    ...i.memories.filter((m) => isAbout(m.text, i.name)).map((m) => m.text),
  ]);
  const q = i.question.trim();
  const hypo = /what (would|do|will) you (do|say)|how would you react/i.test(q) ? hypothetical(i, me, q) : null;
  if (hypo) return hypo;
  const self = aboutSelf(i, me, q);
  if (self) return self;
  const who = whoIs(i, me);
  if (who) return who;
  // Asked about someone else ("What is new with Bryony? Have you heard anything about Bryony's plans?"), it answers
  // from what it knows of them, not with its own plans.
  const other = aboutSomeoneElse(i);
  // "What is new with you?": its own weightiest news (a matter of its own, an intention), before its timetable
  if (!other && /\b(?:new with you|what'?s new|your news)\b/i.test(q)) {
    const mine = facts(
      i,
      me,
      // (a matter of its own it keeps, in a probe where nobody else hears, is its weightiest news)
      (m) =>
        (m.kind === 'inner_voice' || (m.kind === 'seed' && (names(m.text, i.name) || m.kept !== undefined))) &&
        (m.importance >= NEWSWORTHY || m.kept !== undefined)
          ? m.importance + (m.kept !== undefined ? 10 : 0)
          : 0,
      1,
    )[0];
    if (mine) return `Well, ${lowerFirst(mine.line)}${/[.!?]$/.test(mine.line) ? '' : '.'}`;
  }
  // An intention the resident took as its own thought (inner voice, sec. 3.1) is what it is planning.
  if (
    !other &&
    /\b(plan|plans|planning|intend|decided|weekend|going to|up to)\b/i.test(q) &&
    !/planning to see/i.test(q)
  ) {
    const intent = facts(i, me, (m) => (m.kind === 'inner_voice' ? 10 : 0), 1)[0];
    if (intent) {
      const line = /^I\b/.test(intent.line) ? intent.line : intent.line.replace(/^./, (c) => c.toLowerCase());
      return `I've made up my mind: ${line}${/[.!?]$/.test(line) ? '' : '.'}`;
    }
  }
  if (/planning to see|who will you see|going to see/i.test(q)) {
    const next = whoNext(i);
    if (next) return next;
  }
  if (
    !other &&
    /\b(will you|are you going to|on your schedule|your plans?|typical|usual|weekday|daily routine|next|today|right now|doing now|at the moment|up to)\b/i.test(
      q,
    )
  ) {
    const plan = planAnswer(i, q);
    if (plan) return plan;
  }

  if (/yesterday|what did you do/i.test(q)) {
    const y = yesterday(i, me);
    if (y) return y;
  }
  const ref = reflective(i, me, q);
  if (ref) return ref;
  return recall(i, me) ?? DONT_REMEMBER;
}

/** A reply to a person who spoke where the resident is (empty when the remark is not for it). */
export function replyTo(i: AnswerInput & { speaker: string; addressed: boolean; group?: string[] }): string {
  const concerned = i.addressed || new RegExp(`\\b${escapeRegExp(i.first)}\\b`, 'i').test(i.question);
  if (!concerned) return '';
  const who = firstName(i.speaker);
  const key = `${i.name}|${who}|${i.question}`;
  const t = i.question.trim();
  if (/\?\s*$/.test(t)) return answerQuestion(i);
  // speaking into a talk under way: welcomed into the group (issue 28)
  if (i.group?.length && /^(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(t))
    return pick(
      [
        `Hello ${who}! Come and join us, ${i.group.map(firstName).join(' and ')} and I were just talking.`,
        `Hi ${who}! Pull up a chair, we were just catching up.`,
      ],
      key,
    );
  if (/^(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(t))
    return pick([`Hello ${who}! Nice to see you.`, `Hi ${who}! How are you?`], key);
  if (heuristicImportance(t) >= 5) return `${reaction(t, key)} Thanks for telling me, ${who}.`;
  return pick([`Thanks for telling me, ${who}.`, `I see, thanks ${who}.`], key);
}

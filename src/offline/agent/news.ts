// What a resident may pass on in a conversation, and how (sec. 4.3.1, 7.1 diffusion): the subject matter of a piece
// of news, whether it already came up or is already known between speaker and listener, whether it is news at all
// (not a secret, a musing or a standing fact of one's life), and the line that tells it, re-voiced (speech.ts).

import type { PromptMemory } from '../../agent/prompts/common.ts';
import type { DialogueTurnInput } from '../../agent/prompts/dialogue-turn.ts';
import {
  contentWords,
  escapeRegExp,
  lowerFirst,
  nameOpeningPronoun,
  stripPeriod,
  withoutReportFrame,
} from '../../core/text.ts';
import { cap, isAbout, isFact, type Me, PRIVATE, pick, reportHeard, stems } from './speech.ts';
import { names, subjectOf, toFirstPerson } from './voice.ts';

// The subject matter of a piece of news is the head noun of its first noun phrase ("paper lanterns for the spring
// fair" -> "fair", "the roof of the library is leaking" -> "roof"): no list of topics, any event is treated alike.
export const DETERMINER = /^(the|a|an|my|his|her|their|our|your|its|this|that)$/;
export const STOP = /^(at|in|on|for|of|to|with|from|by|and|or|is|are|was|were|will|has|have|this|next|today|tomorrow)$/;
/** The subject matter of a piece of news, so one conversation does not bring up the same event twice. */
export function topicOf(text: string): string {
  const words = text.replace(/[^\p{L}\s'’-]/gu, ' ').split(/\s+/);
  const k = words.findIndex((w) => DETERMINER.test(w.toLowerCase()));
  if (k < 0) return '';
  let head = '';
  for (const w of words.slice(k + 1)) {
    if (!/^[a-z][a-z'’-]*$/.test(w) || STOP.test(w)) break;
    head = w;
  }
  return head.replace(/(?<=[^s])s$/, '');
}

/** Share of a's words found in b (loose stems): has a memory's content already come up in a conversation record? */
export function coveredBy(a: string, b: string): number {
  const wa = stems(a);
  if (wa.size === 0) return 0;
  const wb = stems(b);
  let n = 0;
  for (const w of wa) if (wb.has(w)) n++;
  return n / wa.size;
}

/** Names, dates and times make news worth leading with ("a fair at The Blue Heron on Saturday at 6 pm"). */
export function specificity(text: string): number {
  return (text.match(/\d+|\b[A-Z][a-z]+/g) ?? []).length;
}

/** Do two sentences carry the same news (most of the shorter one's words in the other)? */
export function sameNews(a: string, b: string): boolean {
  const wa = new Set(contentWords(a));
  const wb = contentWords(b);
  const n = wb.filter((w) => wa.has(w)).length;
  return n >= Math.max(2, Math.ceil(Math.min(wa.size, wb.length) * 0.7));
}

export function mentionedIn(text: string, history: readonly { text: string; news?: string }[]): boolean {
  const words = contentWords(text);
  if (words.length === 0) return false;
  return history.some((h) => {
    const said = new Set(contentWords(`${h.text} ${h.news ?? ''}`));
    return words.filter((w) => said.has(w)).length >= Math.max(2, Math.ceil(words.length * 0.6));
  });
}

// Worth bringing up unprompted: news, plans, events (sec. 4.1 scale 5+); one's everyday work comes up when asked.
export const SHARE_MIN_IMPORTANCE = 5;

/**
 * A standing fact of one's life (who one lives with, is married to, is the child or friend of, going about one's
 * day): background the people one talks to know, never news ("I'm living with my wife"); going to live with someone is a
 * plan, news ("to sell the pub and go to live with his sister").
 */
export const STANDING =
  /\bgoing about (?:the|their|his|her|my) days?\b|(?<!\b(?:to|will|['’]ll|be|start|starts|started)\s)\b(?:lives?|living) (?:with|together)\b|\b(?:is|are|has been|have been) married\b|\b(?:is|are) (?:\w+['’]s?|the \w+ of|\w+ of) ?(?:father|mother|son|daughter|wife|husband|brother|sister|parents?|child|children|neighbou?rs?|friends?|colleagues?|cousin)\b|\b(?:is|are) (?:(?:\w+ ){0,2}\w+['’]s? )?(?:father|mother|son|daughter|wife|husband|brother|sister|parents?|neighbou?rs?|cousin)\b/i;

/**
 * Worth passing on at all (before knowing whether the listener heard it): news, not a secret, not a musing. A
 * memory the mind marked as kept (`kept`) reached a talk only because these listeners may hear it (a secret meant
 * for them): it may be confided, whatever its words say.
 */
export function newsworthy(m: PromptMemory): boolean {
  // (a secret meant for these listeners is worth telling them whatever its rating: that is what it is kept for)
  return (
    (m.importance >= SHARE_MIN_IMPORTANCE || m.kept !== undefined) &&
    isFact(m) &&
    // (where the resident stands, as the town's reading has its seed phrases, or in words that say so)
    !m.standing &&
    !STANDING.test(m.text) &&
    m.kind !== 'reflection' &&
    m.kind !== 'told' &&
    m.kind !== 'heard' &&
    !m.keep &&
    (m.kept !== undefined || !PRIVATE.test(m.text))
  );
}

/** News this listener already has from the speaker, or told the speaker (the relationship note: issue 22 item 2). */
export function alreadyBetween(news: string, listener: string, i: Pick<DialogueTurnInput, 'relations'>): boolean {
  const note = (i.relations ?? []).find((x) => x.name === listener);
  return [...(note?.told ?? []), ...(note?.heard ?? [])].some((t) => sameNews(t, news) || sameNews(news, t));
}

/**
 * Someone else's event passed on to one it names as invited, without the list: "... and means to invite Maureen,
 * Harold and Alan" is not said to Alan's face.
 */
function withoutListenersInvited(news: string, i: Pick<DialogueTurnInput, 'listeners'>): string {
  const tail = listenersInvited(news, i);
  return tail ? news.slice(0, tail.index) : news;
}

/** The tail of an event's line naming one of these listeners as whom its host means to invite, if it has one. */
function listenersInvited(text: string, i: Pick<DialogueTurnInput, 'listeners'>): RegExpExecArray | null {
  const tail = INVITING_TAIL.exec(text);
  return tail && i.listeners.some((l) => names(tail[0], l)) ? tail : null;
}

/** The tail of a hosted event's line that says whom its host means to invite. */
const INVITING_TAIL = /,?\s*(?:and|but)\s+(?:intends?|plans?|wants?|means?|hopes?)\s+to\s+(?:invite|ask)\b.*$/i;

/** Can this memory be passed on to these listeners? */
export function shareable(m: PromptMemory & { fresh: boolean }, i: DialogueTurnInput): boolean {
  if (!m.fresh || !newsworthy(m)) return false;
  // a secret is confided only to those it is meant for, every listener named as such
  if (m.kept !== undefined && !i.listeners.every((l) => m.kept!.includes(l))) return false;
  if (i.listeners.some((l) => alreadyBetween(m.text, l, i))) return false;
  // (a secret meant for them names them as whom it is for: what it is about is the rest)
  // (nor is an event one hosts about those it means to invite: "... and means to invite Maura and Tom" is for them)
  const text = (m.kept !== undefined ? secretCore(m.text) : m.text).replace(INVITING_TAIL, '');
  if (i.listeners.some((l) => names(text, l) && (isAbout(text, l) || !m.from))) return false; // about them
  const subject = subjectOf(m.text);
  const aboutMe = subject !== null && isAbout(m.text, i.name);
  // "Hannah is married to me": they know it from me already (a secret of one's own meant for them is not that)
  if (!aboutMe && names(m.text, i.name) && m.kept === undefined) return false;
  return true;
}

export interface Share {
  line: string;
  news: string;
  /** Told in confidence to these listeners (a secret meant for them). */
  confided?: boolean;
}

/** "Ada heard that Sam is running" -> "Sam is running": hearsay is passed on as the fact it reports. */
export function coreNews(text: string, name: string, first: string): string {
  const t = stripPeriod(text);
  const m = new RegExp(
    `^(?:${escapeRegExp(name)}|${escapeRegExp(first)})\\s+(?:has\\s+)?(?:heard|learned|knows|found out|was told|read)\\s+(?:that|about)\\s+(.+)$`,
  ).exec(t);
  return m ? cap(m[1]!) : t;
}

/** "Oren Hale has secretly decided to apply ... and intends to tell only Lise Hale" -> what the secret is. */
export function secretCore(text: string): string {
  return stripPeriod(text)
    .replace(/,?\s*(?:and|but)\s+(?:intends?|plans?|wants?|means?|hopes?)\s+to\s+tell\b.*$/i, '')
    .replace(/,?\s*(?:and|but)\s+(?:has not|hasn't|has) told (?:anyone|no one|nobody)\b.*$/i, '')
    .replace(/\b(?:secretly|privately|quietly|in secret)\s+/gi, '')
    .replace(/\s+(?:in secret|in private)\b/gi, '');
}

/** How a confidence is told, and how a listener knows it was one. */
const CONFIDING_LINES = [
  'Just between us: {x}.',
  'Can you keep this to yourself? {X}.',
  'Don’t tell anyone yet, but {x}.',
];
export const CONFIDING = /\bjust between us\b|\bkeep this to yourself\b|\bdon[’']t tell anyone yet\b/i;

export function shareLine(m: PromptMemory, i: DialogueTurnInput, me: Me, key: string): Share {
  if (m.kept !== undefined) {
    // a secret told to whom it is meant for, as a confidence (never a public announcement)
    // (one's own matter told through a frame, "Bryony's diary says she is expecting", is said as the matter)
    const news = secretCore(
      m.from ? m.text : nameOpeningPronoun(withoutReportFrame(coreNews(m.text, i.name, i.first)), i.name),
    );
    const said = m.from ? reportHeard(news, m.from, me) : toFirstPerson(news, me.name, me.first, me.pronoun);
    return {
      line: pick(CONFIDING_LINES, key)
        .replace('{x}', /^I\b/.test(said) ? said : lowerFirst(said))
        .replace('{X}', cap(said)),
      news,
      confided: true,
    };
  }
  const news = m.from ? stripPeriod(m.text) : coreNews(m.text, i.name, i.first);
  if (m.from) {
    const said = reportHeard(withoutListenersInvited(news, i), m.from, me);
    return {
      line: pick(['Did you hear? {x}.', 'By the way, {x}.', 'Have you heard? {x}.'], key).replace('{x}', cap(said)),
      news,
    };
  }
  const own = stripPeriod(m.text);
  // a note of one's own seed with no one doing anything in it ("engine quote £4,800, daylight robbery") is on one's
  // mind, not something heard
  if (m.kind === 'seed' && subjectOf(own) === null && !/\b(?:is|are|was|were|has|have|had|will)\b/.test(own))
    return {
      line: pick(['On my mind lately: {x}.', 'What I keep thinking about: {x}.'], key).replace('{x}', lowerFirst(own)),
      news,
    };
  const mine = m.kind === 'inner_voice' || isAbout(own, i.name);
  // an event of one's own told to those one means to invite is the invitation ("..., and I'd love you to come"),
  // not a list of them said to their face
  const tail = mine ? listenersInvited(own, i) : null;
  const said = tail
    ? `${toFirstPerson(own.slice(0, tail.index), me.name, me.first, me.pronoun)}, and I'd love you to come`
    : toFirstPerson(mine ? own : withoutListenersInvited(news, i), me.name, me.first, me.pronoun);
  if (mine)
    return {
      line: pick(['I wanted to tell you: {x}.', 'Guess what? {x}.', 'You know, {x}.', 'Actually, {x}.'], key).replace(
        '{x}',
        /^I\b/.test(said) ? said : lowerFirst(said),
      ),
      news,
    };
  if (m.kind === 'observation') {
    const past = said.replace(
      /\b(is|are) (\w+ing)\b/,
      (_w, be: string, ing: string) => `${be === 'is' ? 'was' : 'were'} ${ing}`,
    );
    // "stove is burning" (an object, lower case in memory) -> "the stove was burning"
    const thing =
      /^[a-z]/.test(own) && !/^(the|a|an|my|his|her|their)\b/.test(own)
        ? `the ${past.charAt(0).toLowerCase()}${past.slice(1)}`
        : lowerFirst(past);
    return { line: `Earlier I saw that ${thing}.`, news };
  }
  return {
    line: pick(['Did you know that {x}?', 'Did you hear? {X}.', 'I heard that {x}.'], key)
      .replace('{x}', lowerFirst(said))
      .replace('{X}', cap(said)),
    news,
  };
}

/**
 * A sentence less the hearsay that opens it ("According to everyone she's met this week, Dilys is putting on a
 * supper" -> "Dilys is putting on a supper"; "Folk say that ...", "People reckon ..."): what it says, said plainly.
 */
export function withoutHearsay(text: string): string {
  return text.replace(
    /^(?:according to [^,]{1,60},|(?:folk|people|they|everyone|neighbours|the village) (?:say|says|reckon|reckons|claim|claims)(?: that)?,?|it(?:'s| is) said(?: [^,]{1,40})?(?: that)?,?)\s+/i,
    '',
  );
}

/** An invitation in so many words; a gathering someone holds (any event alike), which a day and hour make one. */
export const INVITATION = /\b(invit\w*|everyone is welcome|all are welcome|join us|come along|you should come)\b/;
export const GATHERING =
  /\b(?:hosting|holding|throwing|having|giving|organi[sz]ing|planning (?:a|an|the|our|my|her|his|their)|there (?:is|will be)|opens?|takes place|get-together|gathering)\b/;

// A day or an hour named in a piece of news ("on Saturday, April 13, from 6 pm to 9 pm", "tomorrow at 6 pm").
export const WHEN =
  /\b(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d)/i;

/**
 * News of an event passed on with its day and hour when the speaker knows them: "I want to invite everyone to the
 * spring fair" gives way to the fair's own date from the same source, so a listener can plan to go (sec. 7.1.2).
 */
export function withWhen<M extends PromptMemory>(m: M, i: DialogueTurnInput): M {
  const topic = topicOf(m.text);
  if (WHEN.test(m.text)) return m;
  // "I mean to invite everyone I meet" names no gathering: the invitation is to one's own, said with its day and hour
  const invitation = topic === '' && !m.from && INVITATION.test(m.text);
  if (topic === '' && !invitation) return m;
  const same = (x: string) => (invitation ? topicOf(x) !== '' && isAbout(x, i.name) : topicOf(x) === topic);
  const dated = i.memories.find(
    (x) =>
      (invitation || x.fresh) &&
      x.from === m.from &&
      same(x.text) &&
      WHEN.test(x.text) &&
      isFact(x) &&
      !PRIVATE.test(x.text),
  );
  // (said with its day and hour, it is worth what the invitation was worth, however the dated words were rated)
  if (dated) return { ...m, ...dated, importance: Math.max(m.importance, dated.importance) };
  if (m.from) return m;
  // one's own event is in one's summary ("Rosa Delgado is planning a spring fair ... on Saturday ...")
  const own = i.summary
    .split(/(?<=[.!?])\s+/)
    .map((x) =>
      stripPeriod(withoutHearsay(x.replace(/^Lately:\s*/, ''))).replace(
        /,? and (?:is|has|wants|hopes|she|he)\b.*$/,
        '',
      ),
    )
    .find((x) => same(x) && WHEN.test(x) && isAbout(x, i.name) && !PRIVATE.test(x));
  return own ? { ...m, text: own } : m;
}

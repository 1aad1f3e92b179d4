// The offline model's dialogue (sec. 4.3.1): one line per turn from the resident's own prompt, news passed on as
// what it is (news.ts), never about the listener or a secret; small talk from what the resident is doing, plans and
// remembers (small-talk.ts). Answers to questions are in answer.ts; the summary in conversation-summary.ts. Wording
// varies deterministically, so runs replay exactly.

import type { DialogueTurnInput } from '../../agent/prompts/dialogue-turn.ts';
import {
  alreadyBetween,
  mentionedIn,
  type Share,
  sameNews,
  shareable,
  shareLine,
  specificity,
  topicOf,
  WHEN,
  withWhen,
} from './news.ts';
import { answerSmallTalk, family, OPENERS, ordinary, QUESTIONS, reaction } from './small-talk.ts';
import { firstName, isAbout, isFact, meOf, pick } from './speech.ts';
import { names } from './voice.ts';

/** A line's news, and who it is confided to when it tells a secret meant for them. */
function shared(share: Share | null, i: DialogueTurnInput): { news?: string; confidedTo?: string } {
  if (!share) return {};
  return { news: share.news, ...(share.confided ? { confidedTo: i.listeners.join(' and ') } : {}) };
}

/** One line of a conversation: greet, pass on what the listener has not heard, react to news, then say goodbye. */
export function dialogueTurn(i: DialogueTurnInput): {
  line: string;
  end: boolean;
  news?: string;
  confidedTo?: string;
} {
  const me = meOf(i.name, i.first, [
    i.summary,
    ...i.memories.filter((m) => isAbout(m.text, i.name)).map((m) => m.text),
  ]);
  // a group is greeted as one ("Hi everyone!"), a pair by name
  const to = i.listeners.length > 2 ? 'everyone' : i.listeners.map(firstName).join(' and ') || 'there';
  const key = `${i.name}|${to}|${i.time}|${i.history.length}`;
  const mine = i.history.filter((h) => h.speaker === i.name);
  const sharedByMe = mine.filter((h) => h.news).length;
  const saidTopics = new Set(i.history.map((h) => topicOf(`${h.news ?? ''} ${h.text}`)).filter(Boolean));
  const choices = i.memories
    .filter((m) => shareable(m, i) && !mentionedIn(m.text, i.history) && !saidTopics.has(topicOf(m.text)))
    .sort((a, b) => b.importance - a.importance || specificity(b.text) - specificity(a.text));
  const top = choices[0] ? withWhen(choices[0], i) : undefined;
  const share = top && sharedByMe < 2 && i.turnsLeft > 1 ? shareLine(top, i, me, key) : null;
  const last = i.history[i.history.length - 1];
  if (!last) {
    // Nothing remembered about them: introduce oneself (how acquaintances form, sec. 7.1.2).
    const known = (l: string) =>
      (i.relations ?? []).some((x) => x.name === l) || i.memories.some((m) => names(m.text, l) || m.from === l);
    const stranger = !i.listeners.some(known);
    const hello = stranger
      ? pick(['Hello! I don’t think we’ve met.', 'Hi there! I don’t think we’ve met yet.'], key) + ` I'm ${i.first}.`
      : pick([`Hi ${to}!`, `Hello ${to}!`, `Hey ${to}, good to see you!`], key);
    const opener = share ? share.line : pick(OPENERS, key);
    return { line: `${hello} ${opener}`, end: false, ...shared(share, i) };
  }
  let reply: { text: string; news?: string };
  const knew = last.news ? i.memories.some((m) => isFact(m) && sameNews(m.text, last.news!)) : false;
  const toldMe = last.news ? alreadyBetween(last.news, last.speaker, i) : false;
  if (last.news && toldMe) reply = { text: pick(['Yes, you told me.', 'I know, you mentioned it.'], key) };
  else if (last.news && knew)
    reply = { text: pick(['Yes, I heard about that too.', 'I know, I heard the same!'], key) };
  else if (last.news && family(last.speaker, i) && ordinary(last.news))
    reply = { text: pick(['Good for you!', 'Glad it’s going well.', 'That’s good to hear.'], key) };
  else if (last.news) reply = { text: reaction(last.news, key) };
  else if (/\?\s*$/.test(last.text)) reply = answerSmallTalk(last.text, i, me, key);
  else reply = { text: pick(['I see.', 'Right.', 'Mm, I see.'], key) };
  if (i.history.length === 1 && /we[’']ve met/.test(last.text))
    reply.text = `Nice to meet you, ${to}! I'm ${i.first}.${last.news ? ` ${reply.text}` : ''}`;
  else if (i.history.length === 1 && !last.news)
    reply.text = `${pick([`Hi ${to}!`, `Oh, hello ${to}!`], key)} ${reply.text}`;
  const asked = reply.text.endsWith('?');
  // a pair winds down after six lines; in a group each speaks its own few lines (the talk's length is not one
  // speaker's cue to leave, or everyone would say goodbye in turn)
  const group = i.listeners.length > 1;
  const spoke = group ? mine.length : i.history.length;
  const closing = spoke >= (group ? 3 : 6) || i.turnsLeft <= 1 || (!share && !reply.news && spoke >= (group ? 2 : 3));
  if (share && !closing && !asked && !reply.news)
    return { line: `${reply.text} ${share.line}`, end: false, ...shared(share, i) };
  if (closing && !asked) {
    const invited = mine.some((h) => WHEN.test(h.news ?? ''));
    const bye = pick(
      [
        `Anyway, I should get going. See you around, ${to}!`,
        `Well, I’d better get back to it. Take care, ${to}!`,
        `It was good to catch up, ${to}. See you soon!`,
      ],
      key,
    );
    return { line: `${reply.text} ${bye}${invited ? ' I hope to see you there!' : ''}`, end: true };
  }
  if (asked || reply.news) return { line: reply.text, end: false, ...(reply.news ? { news: reply.news } : {}) };
  const said = new Set(i.history.map((h) => h.text));
  const question = QUESTIONS.find((q) => ![...said].some((s) => s.includes(q))) ?? null;
  if (!question) return { line: `${reply.text} Anyway, good talking to you, ${to}!`, end: true };
  return { line: `${reply.text} ${question}`, end: false };
}

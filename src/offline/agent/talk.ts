// The offline model's dialogue (sec. 4.3.1): one line per turn from the resident's own prompt, news passed on as
// what it is (news.ts), never about the listener or a secret; small talk from what the resident is doing, plans and
// remembers (small-talk.ts). Answers to questions are in answer.ts; the summary in conversation-summary.ts. Wording
// varies deterministically, so runs replay exactly.

import type { DialogueTurnInput } from '../../agent/prompts/dialogue-turn.ts';
import { escapeRegExp } from '../../core/text.ts';
import {
  alreadyBetween,
  CONFIDING,
  INVITATION,
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
import { answerSmallTalk, family, fresh, ordinary, reaction, saidIn, tellUpTo, upTo } from './small-talk.ts';
import { firstName, isAbout, isFact, meOf, pick } from './speech.ts';
import { names } from './voice.ts';

/** A line's news, and who it is confided to when it tells a secret meant for them. */
function shared(share: Share | null, i: DialogueTurnInput): { news?: string; confidedTo?: string } {
  if (!share) return {};
  return { news: share.news, ...(share.confided ? { confidedTo: i.listeners.join(' and ') } : {}) };
}

/** Greetings, questions and goodbyes; `{to}` is whom the line addresses. The talk's own content is the prompt's. */
const HELLOS = ['Hi {to}!', 'Hello {to}!', 'Hey {to}, nice to see you here!', 'Oh, hi {to}!'];
const OPENERS = ['How are you doing?', 'How’s your day going?', 'What have you been up to?', 'How have you been?'];
/** A question that hands the talk to someone: the one named answers it (src/core/turns.ts). */
const ASK_ONE = [
  'What about you, {to}?',
  '{to}, what have you been up to?',
  'How have you been, {to}?',
  'And you, {to}? What’s new?',
];
/** A question to the whole group. */
const ASK_ALL = [
  'How about the rest of you?',
  'Anyone else been up to anything?',
  'What about everyone else?',
  'And what’s new with all of you?',
];
const QUESTIONS = ['What have you been up to?', 'How have you been?', 'What about you?'];
const NICE = ['Oh, nice!', 'Sounds fun!', 'Good for you!', 'How lovely.', 'Interesting!', 'Oh, how nice.'];
const ACKS = ['I see.', 'Right.', 'Mm, I see.', 'Fair enough.', 'Ah, okay.'];
const BYES = [
  'Anyway, I should get going. See you around, {to}!',
  'Well, I’d better get back to it. Take care, {to}!',
  'It was good to catch up, {to}. See you soon!',
  'I’ll leave you to it. Bye for now, {to}!',
  'Good talking to you, {to}. See you later!',
  'I’m off now. Bye, {to}!',
  'Time I headed off. Take care, {to}!',
  'I must be going. Talk to you later, {to}!',
];
/** "That sounds lovely! ..." to Rosa -> "That sounds lovely, Rosa! ...": the reply names whom it answers. */
function addressed(text: string, name: string): string {
  return /^[^.!?]*[.!?]/.test(text) ? text.replace(/^([^.!?]*?)([.!?])/, `$1, ${name}$2`) : text;
}

/** Is what a memory tells of the gathering that someone in the talk is at now (its topic in what they are doing)? */
function atItNow(text: string, i: DialogueTurnInput): boolean {
  const topic = topicOf(text);
  if (topic === '') return false;
  // (at the gathering: "the harvest supper", not one's own "eating supper"; "inviting Maura to the slide show" or
  // "telling Tom about the quiz" is not at it)
  const at = new RegExp(
    `(?<!\\b(?:to|about|for|of)\\s)\\bthe\\s+(?:[\\p{L}'’-]+\\s+){0,2}${escapeRegExp(topic)}\\b`,
    'iu',
  );
  return (i.doing ?? []).some((d) => at.test(d.activity));
}

/** Has the speaker said every sentence of this line already in this talk (a repeat, however it is put together)? */
function repeats(line: string, mine: readonly string[]): boolean {
  const parts = line.split(/(?<=[.!?])\s+/).filter(Boolean);
  return mine.includes(line) || parts.every((p) => mine.some((m) => m.includes(p)));
}

/** How the speaker calls a listener: a parent or grandparent by the family word (its note says the tie), else by name. */
function addressOf(listener: string, i: DialogueTurnInput): string {
  const note = (i.relations ?? []).find((x) => x.name === listener)?.note ?? '';
  const tie = new RegExp(`^${i.first}['’]s (father|mother|grandfather|grandmother)\\b`, 'i').exec(note)?.[1];
  if (!tie) return firstName(listener);
  // (Mom where the town's own words say it, else Mum)
  const mom = /\bmom\b/i.test(`${i.summary} ${i.memories.map((m) => m.text).join(' ')}`);
  return { father: 'Dad', mother: mom ? 'Mom' : 'Mum', grandfather: 'Grandad', grandmother: 'Gran' }[
    tie.toLowerCase() as 'father'
  ];
}

/**
 * One line of a conversation: greet, pass on what the listeners have not heard, react to news, answer from what the
 * speaker's own prompt says it is up to, hand the talk to someone who has not spoken, then say goodbye to those who
 * spoke. A speaker never says a line of its own twice in one talk.
 */
/**
 * 1 when what the speaker came to do names the matter ("inviting Maura to the slide show" and "I'm hosting a slide
 * show ..."): what one came to say is said first, before any other news.
 */
function cameFor(text: string, i: DialogueTurnInput): number {
  const doing = (i.doing ?? []).find((d) => d.name === i.name)?.activity ?? '';
  const topic = topicOf(text);
  return topic !== '' && new RegExp(`\\b${escapeRegExp(topic)}`, 'i').test(doing) ? 1 : 0;
}

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
  // a group is greeted as one ("Hi everyone!"), a pair by name, a parent or grandparent as family ("Hi Dad!")
  const to = i.listeners.length > 2 ? 'everyone' : i.listeners.map((l) => addressOf(l, i)).join(' and ') || 'there';
  const key = `${i.name}|${to}|${i.time}|${i.history.length}`;
  const said = saidIn(i);
  const say = (slot: string, options: readonly string[]) => fresh(options, key, slot, said);
  const mine = i.history.filter((h) => h.speaker === i.name);
  const sharedByMe = mine.filter((h) => h.news).length;
  const saidTopics = new Set(i.history.map((h) => topicOf(`${h.news ?? ''} ${h.text}`)).filter(Boolean));
  // (a gathering that came up without its day and hour, "getting ready for the seed swap", is still news with them)
  const datedTopics = new Set(
    i.history
      .filter((h) => WHEN.test(`${h.news ?? ''} ${h.text}`))
      .map((h) => topicOf(`${h.news ?? ''} ${h.text}`))
      .filter(Boolean),
  );
  const saidBefore = (text: string) =>
    saidTopics.has(topicOf(text)) && (!WHEN.test(text) || datedTopics.has(topicOf(text)));
  // each memory as it would be said (with its day and hour, news.ts withWhen), checked as said: what was already
  // said in this talk or between them is not said again in other words
  const choices = i.memories
    .filter((m) => shareable(m, i))
    .map((m) => withWhen(m, i))
    .filter((m) => shareable(m, i) && !mentionedIn(m.text, i.history) && !saidBefore(m.text))
    // an invitation still naming no gathering ("I mean to invite everyone I meet") says nothing one could go to
    .filter((m) => !(INVITATION.test(m.text) && topicOf(m.text) === ''))
    // nor is a gathering news to those at it: the one the talk's people are at now ("getting the harvest supper going")
    .filter((m) => !atItNow(m.text, i))
    .sort(
      (a, b) =>
        cameFor(b.text, i) - cameFor(a.text, i) ||
        b.importance - a.importance ||
        specificity(b.text) - specificity(a.text),
    );
  const top = choices[0];
  const share = top && sharedByMe < 2 && i.turnsLeft > 1 ? shareLine(top, i, me, key) : null;
  const last = i.history[i.history.length - 1];
  const group = i.listeners.length > 1;
  if (!last) {
    // Nothing remembered about them: introduce oneself (how acquaintances form, sec. 7.1.2).
    const known = (l: string) =>
      (i.relations ?? []).some((x) => x.name === l) || i.memories.some((m) => names(m.text, l) || m.from === l);
    const stranger = !i.listeners.some(known);
    const hello = stranger
      ? pick(['Hello! I don’t think we’ve met.', 'Hi there! I don’t think we’ve met yet.'], key) + ` I'm ${i.first}.`
      : fresh(HELLOS, key, 'hello', said, to)!;
    // in a group, the opening question may go to one of them (whom, by the seeded choice)
    const openers = group && !stranger ? [...OPENERS, 'What’s new with all of you?'] : OPENERS;
    const opener = share ? share.line : say('open', openers)!;
    return { line: `${hello} ${opener}`, end: false, ...shared(share, i) };
  }
  const prev = addressOf(last.speaker, i);
  let reply: { text: string; news?: string; empty?: boolean };
  const knew = last.news ? i.memories.some((m) => isFact(m) && sameNews(m.text, last.news!)) : false;
  const toldMe = last.news ? alreadyBetween(last.news, last.speaker, i) : false;
  const answered = !last.news && /\?\s*$/.test(last.text);
  if (last.news && toldMe) reply = { text: say('told', ['Yes, you told me.', 'I know, you mentioned it.'])! };
  else if (last.news && knew)
    reply = { text: say('knew', ['Yes, I heard about that too.', 'I know, I heard the same!'])! };
  else if (last.news && family(last.speaker, i) && ordinary(last.news))
    reply = { text: say('family', ['Good for you!', 'Glad it’s going well.', 'That’s good to hear.'])! };
  else if (last.news) reply = { text: reaction(last.news, key, said) };
  else if (answered) {
    reply = answerSmallTalk(last.text, i, me, key, said);
    // in a group, what the asker told before asking is taken up first ("Oh, nice! ...")
    const told = last.text.replace(/[^.!?]*\?\s*$/, '').trim();
    if (group && i.history.length > 1 && told.split(/\s+/).length > 4)
      reply.text = `${say('nice', NICE) ?? ''} ${reply.text}`.trim();
  } else if (group && !i.listeners.includes(last.speaker))
    // they just took their leave: a word to them, and the talk goes on with those still here
    reply = { text: say('gone', [`Nice seeing you, ${prev}!`, `Nice talking with you, ${prev}.`]) ?? 'Mm.' };
  else {
    // what they just said may touch something of one's own: "Funny you mention it: I ..."
    const touched = upTo(i, me).find((u) => u.source === 'memory');
    reply = touched ? tellUpTo(touched, key, said) : { text: say('ack', ACKS) ?? 'I see.' };
  }
  // told in confidence: it says it will keep it
  if (last.news && !toldMe && CONFIDING.test(last.text))
    reply.text = `${reply.text} ${say('keep', ['I won’t say a word.', 'Your secret’s safe with me.'])}`;
  // in a group, the reply names whom it answers
  // in a group, a question back names whom it asks (who then answers: src/core/turns.ts); a plain reaction does
  // not, so the floor goes to whoever has something to add
  if (group && !answered && !reply.news && i.listeners.includes(last.speaker) && reply.text.endsWith('?'))
    reply.text = addressed(reply.text, prev);
  if (i.history.length === 1 && /we[’']ve met/.test(last.text))
    // (news the reply carries is said, never carried unsaid)
    reply.text = `Nice to meet you, ${to}! I'm ${i.first}.${last.news || reply.news ? ` ${reply.text}` : ''}`;
  else if (i.history.length === 1 && !last.news)
    reply.text = `${say('hi', group ? [`Hi ${prev}!`, `Oh, hello ${prev}!`] : [`Hi ${to}!`, `Oh, hello ${to}!`])} ${reply.text}`;
  const asked = reply.text.endsWith('?');
  // a pair winds down after six lines; in a group each speaks its own few lines (the talk's length is not one
  // speaker's cue to leave, or everyone would say goodbye in turn), and stays while it has something of its own
  const spoke = group ? mine.length : i.history.length;
  const more = group && upTo(i, me).some((u) => !reply.text.includes(u.said.replace(/\.$/, '')));
  // one in a group with nothing of its own left to tell takes its leave rather than ask round again
  const closing =
    spoke >= (group ? 3 : 6) ||
    i.turnsLeft <= 1 ||
    (!share && !reply.news && !more && spoke >= (group ? 2 : 3)) ||
    (group && !share && reply.empty === true && spoke >= 1);
  const end = (text: string) => {
    // goodbye to those who spoke: the one listener, or everyone when several did
    const present = new Set(i.listeners);
    const spokeHere = [...new Set(i.history.map((h) => h.speaker))].filter((n) => n !== i.name && present.has(n));
    const whom = !group ? to : spokeHere.length === 1 ? addressOf(spokeHere[0]!, i) : 'everyone';
    const invited = mine.some((h) => WHEN.test(h.news ?? ''));
    const bye = fresh(BYES, key, 'bye', said, whom) ?? `Bye, ${whom}!`;
    return { line: `${text} ${bye}${invited ? ' I hope to see you there!' : ''}`.trim(), end: true };
  };
  const result = ((): { line: string; end: boolean; news?: string; confidedTo?: string } => {
    if (share && !closing && !asked && !reply.news)
      return { line: `${reply.text} ${share.line}`, end: false, ...shared(share, i) };
    if (closing && !asked) return end(reply.text);
    if (asked || reply.news) return { line: reply.text, end: false, ...(reply.news ? { news: reply.news } : {}) };
    // hand the talk on: in a group to one who has not spoken yet by name, else to the group (whoever has something
    // to add takes it up)
    const silent = i.listeners.find((l) => l !== last.speaker && !i.history.some((h) => h.speaker === l));
    const question = group
      ? silent
        ? fresh(ASK_ONE, key, 'ask', said, addressOf(silent, i))
        : (say('ask-all', ASK_ALL) ?? fresh(ASK_ONE, key, 'ask', said, prev))
      : say(
          'ask',
          QUESTIONS.filter((q) => !said.all.some((s) => s.includes(q))),
        );
    if (!question) return end(reply.text);
    return { line: `${reply.text} ${question}`, end: false };
  })();
  // a sentence once per line
  const parts = result.line.split(/(?<=[.!?])\s+/);
  result.line = parts.filter((p, k) => parts.indexOf(p) === k).join(' ');
  // never the same line twice from one speaker in one talk: one with nothing new left takes its leave
  return repeats(result.line, said.mine) ? end('') : result;
}

// The offline model's dialogue (sec. 4.3.1): one line per turn from the resident's retrieved memories, news passed
// on as what it is (speech.ts), never about the listener or a secret; how a listener takes news; the summary of a
// conversation. Answers to questions are in answer.ts. Wording varies deterministically, so runs replay exactly.

import type { PromptMemory } from '../../agent/prompts/common.ts';
import type { DialogueTurnInput } from '../../agent/prompts/dialogue-turn.ts';
import {
  contentWords,
  escapeRegExp,
  heuristicImportance,
  isAlarming,
  lowerFirst,
  stripPeriod,
} from '../../core/text.ts';
import { cap, firstName, isAbout, isFact, type Me, meOf, PRIVATE, pick, reportHeard, stems } from './speech.ts';
import { gerundClause, names, subjectOf, toFirstPerson } from './voice.ts';

// --- dialogue ---

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
 * A standing fact of one's life (who one lives with, is married to, is the child or friend of): background the
 * people one talks to know, never news ("I'm living with my wife").
 */
export const STANDING =
  /\b(?:lives?|living) (?:with|together)\b|\b(?:is|are|has been|have been) married\b|\b(?:is|are) (?:\w+['’]s?|the \w+ of|\w+ of) ?(?:father|mother|son|daughter|wife|husband|brother|sister|parents?|child|children|neighbou?rs?|friends?|colleagues?|cousin)\b|\b(?:is|are) (?:(?:\w+ ){0,2}\w+['’]s? )?(?:father|mother|son|daughter|wife|husband|brother|sister|parents?|neighbou?rs?|cousin)\b/i;

/**
 * Worth passing on at all (before knowing whether the listener heard it): news, not a secret, not a musing. A
 * memory the mind marked as kept (`kept`) reached a talk only because these listeners may hear it (a secret meant
 * for them): it may be confided, whatever its words say.
 */
export function newsworthy(m: PromptMemory): boolean {
  return (
    m.importance >= SHARE_MIN_IMPORTANCE &&
    isFact(m) &&
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

/** Can this memory be passed on to these listeners? */
export function shareable(m: PromptMemory & { fresh: boolean }, i: DialogueTurnInput): boolean {
  if (!m.fresh || !newsworthy(m)) return false;
  if (i.listeners.every((l) => alreadyBetween(m.text, l, i))) return false;
  // (a secret meant for them names them as whom it is for: what it is about is the rest)
  const text = m.kept !== undefined ? secretCore(m.text) : m.text;
  if (i.listeners.some((l) => names(text, l) && (isAbout(text, l) || !m.from))) return false; // about them
  const subject = subjectOf(m.text);
  const aboutMe = subject !== null && isAbout(m.text, i.name);
  if (!aboutMe && names(m.text, i.name)) return false; // "Hannah is married to me": they know it from me already
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

export function shareLine(m: PromptMemory, i: DialogueTurnInput, me: Me, key: string): Share {
  if (m.kept !== undefined) {
    // a secret told to whom it is meant for, as a confidence (never a public announcement)
    const news = secretCore(m.from ? m.text : coreNews(m.text, i.name, i.first));
    const said = m.from ? reportHeard(news, m.from, me) : toFirstPerson(news, me.name, me.first, me.pronoun);
    return {
      line: pick(
        ['Just between us: {x}.', 'Can you keep this to yourself? {X}.', 'Don’t tell anyone yet, but {x}.'],
        key,
      )
        .replace('{x}', /^I\b/.test(said) ? said : lowerFirst(said))
        .replace('{X}', cap(said)),
      news,
      confided: true,
    };
  }
  const news = m.from ? stripPeriod(m.text) : coreNews(m.text, i.name, i.first);
  if (m.from) {
    const said = reportHeard(news, m.from, me);
    return {
      line: pick(['Did you hear? {x}.', 'By the way, {x}.', 'Have you heard? {x}.'], key).replace('{x}', cap(said)),
      news,
    };
  }
  const own = stripPeriod(m.text);
  const mine = m.kind === 'inner_voice' || isAbout(own, i.name);
  const said = toFirstPerson(mine ? own : news, me.name, me.first, me.pronoun);
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

/** An invitation in so many words; a gathering someone holds (any event alike), which a day and hour make one. */
export const INVITATION = /\b(invit\w*|everyone is welcome|all are welcome|join us|come along|you should come)\b/;
export const GATHERING =
  /\b(?:hosting|holding|throwing|having|giving|organi[sz]ing|there (?:is|will be)|opens?|takes place|get-together|gathering)\b/;

/** How a listener takes a piece of news, by topic. */
export function reaction(news: string, key: string): string {
  const n = news.toLowerCase();
  if (INVITATION.test(n) || (WHEN.test(news) && GATHERING.test(n)))
    return pick(['That sounds lovely, I’d love to come!', 'Oh, how nice! I’ll try to be there.'], key);
  if (WHEN.test(news)) return pick(['Good to know, thanks.', 'Oh, thanks for telling me.'], key);
  if (/\b(wonder\w*|whether|if anyone)\b/.test(n))
    return pick(['Good question. I suppose we’ll see.', 'Hm, I’ve wondered that too.'], key);
  if (/\b(leak\w*|broken|problem|sick|ill|hospital|worr\w*|behind)\b/.test(n))
    return pick(['Oh no, I hope it gets sorted out soon.', 'That’s a shame. I hope it works out.'], key);
  if (/\b(thinks?|should|neglect\w*|does not listen|doesn't listen)\b/.test(n))
    return pick(['You may have a point there.', 'Hm, I hadn’t thought about it that way.'], key);
  if (/\b(married|wife|husband|daughter|son|parents?|friend|neighbour|neighbor|school)\b/.test(n))
    return pick(['Oh, that’s nice to hear.', 'I didn’t know that!'], key);
  if (
    /\b(exhibition|paint\w*|song|paper|research|project|writing|book|composition|announcement|budget|training|cleanup)\b/.test(
      n,
    )
  )
    return pick(['That sounds interesting! How is it going?', 'Oh, I’d love to hear more about it sometime.'], key);
  return pick(['Oh, I didn’t know that!', 'Good to know.', 'Huh, interesting.'], key);
}

/** What the resident is busy with, from its summary ("Lena Okafor is writing a paper ..."), third person. */
export function currentProject(summary: string, me: Me): string | null {
  for (const s of summary.split(/(?<=[.!?])\s+/)) {
    if (!isAbout(s, me.name)) continue;
    const m = /\b(?:is|has been)\s+((?!being\b)\w+ing\b[^.;]*?)(?:,|;|\.|\band (?:is|has|\w+s|\w+ing)\b|$)/.exec(s);
    // living with one's family is one's life, not what one has been up to
    if (m && !STANDING.test(`is ${m[1]}`)) return `${me.name} is ${stripPeriod(m[1]!.trim())}`;
  }
  return null;
}

export function answerSmallTalk(
  question: string,
  i: DialogueTurnInput,
  me: Me,
  key: string,
): { text: string; news?: string } {
  const q = question.toLowerCase().replace(/’/g, "'");
  if (/how is it going|how's it going\?$|coming along/.test(q) && !/\bday\b/.test(q))
    return { text: pick(['It’s coming along, thanks.', 'Slowly, but I’m getting there.'], key) };
  if (/what (have|are) you (been )?up to|what's new|what about you|how have you been/.test(q)) {
    const project = currentProject(i.summary, me);
    const saidByMe = i.history.filter((h) => h.speaker === i.name);
    if (
      project &&
      (mentionedIn(project, saidByMe) ||
        saidByMe.some((h) => topicOf(project) !== '' && topicOf(`${h.news ?? ''} ${h.text}`) === topicOf(project)))
    )
      return { text: pick(['Mostly that, to be honest!', 'Oh, mostly that, really.'], key) };
    // what one already told this person (or they told one) is not news to them again (issue 22 item 2)
    if (project && i.listeners.every((l) => alreadyBetween(project, l, i)))
      return { text: pick(['Still the same as I told you, really.', 'Oh, much the same as before.'], key) };
    if (project && !mentionedIn(project, i.history))
      return {
        text: `${pick(['I’ve been busy, actually:', 'Oh, keeping busy:'], key)} ${toFirstPerson(project, me.name, me.first, me.pronoun)}.`,
        news: project,
      };
    return { text: pick(['Not much, just the usual.', 'Oh, the usual things.'], key) };
  }
  if (/how are you|how's your day|how are things|how is your day/.test(q))
    return { text: pick(['I’m doing well, thanks.', 'Pretty good, thanks for asking.', 'Not bad at all.'], key) };
  return { text: pick(['I’m not sure, to be honest.', 'Hard to say.'], key) };
}

export const QUESTIONS = ['What have you been up to?', 'How have you been?', 'What about you?'];
export const OPENERS = ['How are you doing?', 'How’s your day going?', 'What have you been up to?'];

// A day or an hour named in a piece of news ("on Saturday, April 13, from 6 pm to 9 pm", "tomorrow at 6 pm").
export const WHEN =
  /\b(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d)/i;

/**
 * News of an event passed on with its day and hour when the speaker knows them: "I want to invite everyone to the
 * spring fair" gives way to the fair's own date from the same source, so a listener can plan to go (sec. 7.1.2).
 */
export function withWhen<M extends PromptMemory>(m: M, i: DialogueTurnInput): M | PromptMemory {
  const topic = topicOf(m.text);
  if (topic === '' || WHEN.test(m.text)) return m;
  const dated = i.memories.find(
    (x) =>
      x.fresh &&
      x.from === m.from &&
      topicOf(x.text) === topic &&
      WHEN.test(x.text) &&
      isFact(x) &&
      !PRIVATE.test(x.text),
  );
  if (dated) return dated;
  if (m.from) return m;
  // one's own event is in one's summary ("Rosa Delgado is planning a spring fair ... on Saturday ...")
  const own = i.summary
    .split(/(?<=[.!?])\s+/)
    .map((x) => stripPeriod(x.replace(/^Lately:\s*/, '')).replace(/,? and (?:is|has|wants|hopes)\b.*$/, ''))
    .find((x) => topicOf(x) === topic && WHEN.test(x) && isAbout(x, i.name) && !PRIVATE.test(x));
  return own ? { text: own, importance: m.importance, kind: m.kind } : m;
}

/** A line's news, and who it is confided to when it tells a secret meant for them. */
function shared(share: Share | null, i: DialogueTurnInput): { news?: string; confidedTo?: string } {
  if (!share) return {};
  return { news: share.news, ...(share.confided ? { confidedTo: i.listeners.join(' and ') } : {}) };
}

/** Is this person family to the speaker (the relationship note, from the seed: "Tobi Hale is Oren Hale's son")? */
export function family(person: string, i: Pick<DialogueTurnInput, 'relations'>): boolean {
  const note = (i.relations ?? []).find((x) => x.name === person)?.note ?? '';
  return /\b(married|wife|husband|son|daughter|mother|father|parents?|brother|sister|children|child|grand\w+)\b/i.test(
    note,
  );
}

/** Everyday news of someone's life (a course, work, a hobby), not an event, an invitation or an alarm. */
export function ordinary(news: string): boolean {
  const n = news.toLowerCase();
  return !INVITATION.test(n) && !(WHEN.test(news) && GATHERING.test(n)) && !isAlarming(news);
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
  const to = i.listeners.map(firstName).join(' and ') || 'there';
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
  const closing = i.history.length >= 6 || i.turnsLeft <= 1 || (!share && !reply.news && i.history.length >= 3);
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

// --- conversation summary ---

export function summarizeConversation(i: {
  participants: string[];
  placeName: string;
  lines: { speaker: string; text: string; news?: string }[];
}): { summary: string; importance: number; lineImportance: number[] } {
  // What was said and agreed, the weightiest first (the record is clipped in later prompts), at most three items.
  const parts: { text: string; weight: number }[] = [];
  i.lines.forEach((l, k) => {
    const who = firstName(l.speaker);
    if (l.news) {
      const news = stripPeriod(l.news);
      const g = isAbout(news, l.speaker) ? gerundClause(news, subjectOf(news)!) : null;
      parts.push({
        text: g ? `${who} mentioned ${g}` : `${who} said that ${lowerFirst(news)}`,
        weight: heuristicImportance(news),
      });
      return;
    }
    const prev = i.lines[k - 1];
    if (
      prev?.news &&
      WHEN.test(prev.news) &&
      topicOf(prev.news) &&
      /\b(love to come|be there|count me in)\b/i.test(l.text)
    )
      parts.push({ text: `${who} would like to come to the ${topicOf(prev.news)}`, weight: 5 });
  });
  const said = parts
    .map((p, k) => ({ ...p, k }))
    .sort((a, b) => b.weight - a.weight || a.k - b.k)
    .slice(0, 3)
    .map((p) => p.text);
  const summary = said.length ? `At ${i.placeName}, ${said.join('; ')}.` : `Caught up at ${i.placeName}.`;
  const news = i.lines.filter((l) => l.news).map((l) => heuristicImportance(l.news!));
  // A chat with news is a notable event; small talk a mundane one (sec. 4.1 scale).
  const importance = news.length ? Math.min(9, Math.max(...news) + (news.length > 1 ? 1 : 0)) : 3;
  return { summary, importance, lineImportance: i.lines.map((l) => (l.news ? heuristicImportance(l.news) : 2)) };
}

// The offline model's speech: dialogue lines, interview answers and replies to people, all built from the
// resident's retrieved memories (sec. 4.3.1, 6.1). Rules that keep it believable and honest:
// - a memory is said as what it is: one's own fact in the first person, news heard from someone as theirs
//   ("Hannah mentioned being married to Daniel"), never a raw dialogue line or a conversation record (so no
//   quoting of quotes), never news about the listener or the speaker's secrets;
// - answers come only from memories (and today's plan); with nothing relevant the resident says it does not
//   remember (sec. 6.2's embellishment failure);
// - wording varies deterministically (a hash of who, to whom and when), so runs replay exactly.

import type { PromptMemory, PromptRelation } from '../../agent/prompts/common.ts';
import type { DialogueTurnInput } from '../../agent/prompts/dialogue-turn.ts';
import {
  contentWords,
  escapeRegExp,
  heuristicImportance,
  isAlarming,
  lowerFirst,
  progressive,
  stripPeriod,
} from '../../agent/text.ts';
import { hashString } from '../../core/rng.ts';
import { gerundClause, names, type Pronoun, selfPronoun, subjectOf, toFirstPerson } from './voice.ts';

export interface Me {
  name: string;
  first: string;
  pronoun: Pronoun | null;
}

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;
const sentence = (s: string) => {
  const t = s.trim();
  return t === '' ? t : /[.!?]$/.test(t) ? t : `${t}.`;
};
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A stable choice among phrasings for the same situation (a hash, so a seed replays exactly). */
export function pick<T>(options: readonly T[], key: string): T {
  return options[hashString(key) % options.length]!;
}

export function meOf(name: string, first: string, texts: readonly string[]): Me {
  return { name, first, pronoun: selfPronoun(texts, name, first) };
}

/** A line someone said, as stored ('Rosa Delgado said to Oscar: "..."'): not a fact to repeat. */
const RAW_LINE = /\bsaid(?: to [^:"]{1,80})?:\s*["“]/;
/** What the resident keeps to itself (sec. 3: Oscar "has not told anyone yet"; a "quiet crush"). */
const PRIVATE =
  /\b(not told anyone|hasn't told anyone|has told no one|told nobody|secret\w*|quiet crush|crush on|nobody knows|no one knows|confidential|in private)\b/i;

/** Is a memory a fact the resident could say (not a raw line, a conversation record, a plan or an interview)? */
export function isFact(m: PromptMemory): boolean {
  if (RAW_LINE.test(m.text)) return false;
  if (m.kind === 'dialogue') return m.from !== undefined || !/\bsaid\b/.test(m.text);
  return !['conversation_summary', 'interview', 'plan'].includes(m.kind);
}

function isAbout(text: string, person: string): boolean {
  const s = subjectOf(text);
  return s !== null && (s === person || firstName(s) === firstName(person));
}

/** "Hannah Okafor is married to Daniel Okafor" heard from Hannah -> "Hannah mentioned being married to Daniel Okafor". */
export function reportHeard(news: string, from: string, me: Me): string {
  const fromFirst = firstName(from);
  const body = stripPeriod(news);
  if (isAbout(body, from)) {
    const g = gerundClause(body, subjectOf(body)!);
    if (g) {
      const v = toFirstPerson(g, me.name, me.first, me.pronoun);
      return `${fromFirst} mentioned ${g.charAt(0) === g.charAt(0).toLowerCase() ? v.charAt(0).toLowerCase() + v.slice(1) : v}`;
    }
  }
  return `${fromFirst} told me that ${lowerFirst(toFirstPerson(body, me.name, me.first, me.pronoun))}`;
}

/** A memory as something the resident says about what it knows, or null when it is not a sayable fact. */
export function factLine(m: PromptMemory, me: Me): string | null {
  if (!isFact(m)) return null;
  const text = stripPeriod(m.text);
  if (m.from) return reportHeard(text, m.from, me);
  if (m.kind === 'observation') {
    // something seen, said as seen: "I saw Ines Moreau arrive at The Blue Heron"
    const who = subjectOf(text);
    if (who && !isAbout(text, me.name)) {
      const rest = text.slice(text.indexOf(who) + who.length).trim();
      const seen = rest
        // a visible action, not a plan or a role ("is running for treasurer" is known, not seen)
        .replace(/^is\s+(?=\w+ing\b(?!.*\b(for|about|plans?|planning|preparing)\b))/, '')
        .replace(/^arrived\b/, 'arrive')
        .replace(/^left\b/, 'leave');
      if (seen !== rest) return `I saw ${who} ${seen}`;
    }
    if (!who && /^[a-z]/.test(text)) return `I noticed that ${/^(the|a|an)\b/.test(text) ? text : `the ${text}`}`;
  }
  return toFirstPerson(text, me.name, me.first, me.pronoun);
}

// --- dialogue ---

// The subject matter of a piece of news is the head noun of its first noun phrase ("paper lanterns for the spring
// fair" -> "fair", "the roof of the library is leaking" -> "roof"): no list of topics, any event is treated alike.
const DETERMINER = /^(the|a|an|my|his|her|their|our|your|its|this|that)$/;
const STOP = /^(at|in|on|for|of|to|with|from|by|and|or|is|are|was|were|will|has|have|this|next|today|tomorrow)$/;
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
function specificity(text: string): number {
  return (text.match(/\d+|\b[A-Z][a-z]+/g) ?? []).length;
}

/** Do two sentences carry the same news (most of the shorter one's words in the other)? */
export function sameNews(a: string, b: string): boolean {
  const wa = new Set(contentWords(a));
  const wb = contentWords(b);
  const n = wb.filter((w) => wa.has(w)).length;
  return n >= Math.max(2, Math.ceil(Math.min(wa.size, wb.length) * 0.7));
}

function mentionedIn(text: string, history: readonly { text: string; news?: string }[]): boolean {
  const words = contentWords(text);
  if (words.length === 0) return false;
  return history.some((h) => {
    const said = new Set(contentWords(`${h.text} ${h.news ?? ''}`));
    return words.filter((w) => said.has(w)).length >= Math.max(2, Math.ceil(words.length * 0.6));
  });
}

// Worth bringing up unprompted: news, plans, events (sec. 4.1 scale 5+); one's everyday work comes up when asked.
const SHARE_MIN_IMPORTANCE = 5;

/**
 * A standing fact of one's life (who one lives with, is married to, is the child or friend of): background the
 * people one talks to know, never news ("I'm living with my wife").
 */
const STANDING =
  /\b(?:lives?|living) (?:with|together)\b|\b(?:is|are|has been|have been) married\b|\b(?:is|are) (?:\w+['’]s?|the \w+ of|\w+ of) ?(?:father|mother|son|daughter|wife|husband|brother|sister|parents?|child|children|neighbou?rs?|friends?|colleagues?|cousin)\b|\b(?:is|are) (?:(?:\w+ ){0,2}\w+['’]s? )?(?:father|mother|son|daughter|wife|husband|brother|sister|parents?|neighbou?rs?|cousin)\b/i;

/** Worth passing on at all (before knowing whether the listener heard it): news, not a secret, not a musing. */
export function newsworthy(m: PromptMemory): boolean {
  return (
    m.importance >= SHARE_MIN_IMPORTANCE &&
    isFact(m) &&
    !STANDING.test(m.text) &&
    m.kind !== 'reflection' &&
    m.kind !== 'told' &&
    m.kind !== 'heard' &&
    !PRIVATE.test(m.text)
  );
}

/** Can this memory be passed on to these listeners? */
function shareable(m: PromptMemory & { fresh: boolean }, i: DialogueTurnInput): boolean {
  if (!m.fresh || !newsworthy(m)) return false;
  if (i.listeners.some((l) => names(m.text, l) && (isAbout(m.text, l) || !m.from))) return false; // about them
  const subject = subjectOf(m.text);
  const aboutMe = subject !== null && isAbout(m.text, i.name);
  if (!aboutMe && names(m.text, i.name)) return false; // "Hannah is married to me": they know it from me already
  return true;
}

interface Share {
  line: string;
  news: string;
}

/** "Ada heard that Sam is running" -> "Sam is running": hearsay is passed on as the fact it reports. */
export function coreNews(text: string, name: string, first: string): string {
  const t = stripPeriod(text);
  const m = new RegExp(
    `^(?:${escapeRegExp(name)}|${escapeRegExp(first)})\\s+(?:has\\s+)?(?:heard|learned|knows|found out|was told|read)\\s+(?:that|about)\\s+(.+)$`,
  ).exec(t);
  return m ? cap(m[1]!) : t;
}

function shareLine(m: PromptMemory, i: DialogueTurnInput, me: Me, key: string): Share {
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
const INVITATION = /\b(invit\w*|everyone is welcome|all are welcome|join us|come along|you should come)\b/;
const GATHERING =
  /\b(?:hosting|holding|throwing|having|giving|organi[sz]ing|there (?:is|will be)|opens?|takes place|get-together|gathering)\b/;

/** How a listener takes a piece of news, by topic. */
function reaction(news: string, key: string): string {
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

function answerSmallTalk(question: string, i: DialogueTurnInput, me: Me, key: string): { text: string; news?: string } {
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

const QUESTIONS = ['What have you been up to?', 'How have you been?', 'What about you?'];
const OPENERS = ['How are you doing?', 'How’s your day going?', 'What have you been up to?'];

// A day or an hour named in a piece of news ("on Saturday, April 13, from 6 pm to 9 pm", "tomorrow at 6 pm").
const WHEN =
  /\b(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d)/i;

/**
 * News of an event passed on with its day and hour when the speaker knows them: "I want to invite everyone to the
 * spring fair" gives way to the fair's own date from the same source, so a listener can plan to go (sec. 7.1.2).
 */
function withWhen<M extends PromptMemory>(m: M, i: DialogueTurnInput): M | PromptMemory {
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

/** One line of a conversation: greet, pass on what the listener has not heard, react to news, then say goodbye. */
export function dialogueTurn(i: DialogueTurnInput): { line: string; end: boolean; news?: string } {
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
    return { line: `${hello} ${opener}`, end: false, ...(share ? { news: share.news } : {}) };
  }
  let reply: { text: string; news?: string };
  const knew = last.news ? i.memories.some((m) => isFact(m) && sameNews(m.text, last.news!)) : false;
  if (last.news && knew) reply = { text: pick(['Yes, I heard about that too.', 'I know, I heard the same!'], key) };
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
    return { line: `${reply.text} ${share.line}`, end: false, news: share.news };
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
      });
    }
  }
  return out;
}

/** Where a remembered conversation took place ("... At The Blue Heron, ..." / "Caught up at X." / "talked at X"). */
function placeOfTalk(text: string): string | undefined {
  return /(?:talked at|Caught up at|: At) ([^:,.]+)/.exec(text)?.[1];
}

export const DONT_REMEMBER = "I'm sorry, I don't remember anything about that.";

/** Loose stems so "running" meets "run" and "fairs" meets "fair". */
function stems(text: string): Set<string> {
  return new Set(
    contentWords(text).map((w) =>
      w
        .replace(/(?:ies)$/, 'y')
        .replace(/(\w{3,}?)(\w)\2ing$/, '$1$2')
        .replace(/(\w{3,})(?:ing|ed)$/, '$1')
        .replace(/e$/, ''),
    ),
  );
}
// Words too common in questions and memories to make a memory relevant ("coming up in town", "lately").
const GENERIC = new Set(
  'com town know think time day life lately often people thing make want going get like good new see way take look around anyone anything someone something'.split(
    ' ',
  ),
);
function overlapStems(a: string, b: string): number {
  const sa = stems(a);
  let n = 0;
  for (const w of stems(b)) if (sa.has(w) && !GENERIC.has(w)) n++;
  return n;
}

function facts(i: AnswerInput, me: Me, test: (m: PromptMemory) => number, n = 2): { m: PromptMemory; line: string }[] {
  return (
    i.memories
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

function recall(i: AnswerInput, me: Me): string | null {
  // A secret the resident has since told someone is no longer one ("I have not told anyone" after telling Daniel).
  const told = i.memories.filter((m) => m.kind === 'told' || (m.kind === 'dialogue' && !m.from));
  const same = (a: string, b: string) => (topicOf(a) !== '' && topicOf(a) === topicOf(b)) || coveredBy(a, b) >= 0.5;
  const stale = (m: PromptMemory) => PRIVATE.test(m.text) && told.some((t) => same(m.text, t.text));
  const hits = facts(i, me, (m) => (stale(m) ? 0 : overlapStems(i.question, m.text)));
  if (hits.length === 0) return null;
  const [a, b] = hits;
  return `From what I remember, ${lowerFirst(a!.line)}.${b ? ` Also, ${lowerFirst(b.line)}.` : ''}`;
}

function listAnd(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "I'm Rosa Delgado. I'm 41, warm, energetic and sociable. I own The Blue Heron ..." */
function introduce(i: AnswerInput, me: Me): string {
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

interface PlanItem {
  start: number;
  end: number;
  activity: string;
  place: string;
}
function planItems(plan: readonly string[] | undefined): PlanItem[] {
  const out: PlanItem[] = [];
  for (const line of plan ?? []) {
    const m = /^(\d{1,2}:\d{2} [ap]m)-(\d{1,2}:\d{2} [ap]m|midnight): (.+?)(?: \(([^)]+)\))?$/.exec(line.trim());
    if (!m) continue;
    const start = clock(m[1]!);
    const end = m[2] === 'midnight' ? 1440 : clock(m[2]!);
    if (start === null || end === null) continue;
    out.push({ start, end: end === 0 ? 1440 : end, activity: m[3]!, place: m[4] ?? '' });
  }
  return out;
}
function clock(t: string): number | null {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/i.exec(t.trim());
  if (!m) return null;
  let h = Number(m[1]) % 12;
  if ((m[3] ?? '').toLowerCase() === 'pm') h += 12;
  if (!m[3] && Number(m[1]) >= 12) h = Number(m[1]);
  return h * 60 + Number(m[2] ?? 0);
}
const sayClock = (min: number) => {
  const h = Math.floor(min / 60) % 24;
  const m = min % 60;
  return `${h % 12 === 0 ? 12 : h % 12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'am' : 'pm'}`;
};
const doing = (activity: string) => progressive(stripPeriod(activity)).replace(/\b(his|her|their)\b/g, 'my');

function nowMinute(time: string | undefined): number | null {
  const m = /(\d{1,2}:\d{2}\s*[ap]m)\s*$/i.exec(time ?? '');
  return m ? clock(m[1]!) : null;
}

function planAnswer(i: AnswerInput, q: string): string | null {
  const items = planItems(i.plan).filter((p) => !/^sleep/i.test(p.activity));
  const tomorrow = /\btomorrow\b/i.test(q);
  const t = /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b/i.exec(q);
  if (t) {
    const at = clock(`${t[1]}${t[2] ? `:${t[2]}` : ''} ${t[3]}`);
    const hit = at === null ? undefined : planItems(i.plan).find((p) => p.start <= at && at < p.end);
    if (!hit) return null;
    const when = sayClock(at!);
    const what = /^sleep/i.test(hit.activity) ? 'asleep' : doing(hit.activity);
    return tomorrow
      ? `I haven't planned tomorrow yet, but at ${when} I'm usually ${what}, like today.`
      : `At ${when} I'll be ${what}.`;
  }
  if (/\bnext\b/i.test(q)) {
    const now = nowMinute(i.time);
    const next = now === null ? undefined : items.find((p) => p.start > now);
    return next ? `Next I'll be ${doing(next.activity)}, from ${sayClock(next.start)}.` : null;
  }
  if (/\b(right now|doing now|at the moment|up to)\b/i.test(q)) {
    const now = nowMinute(i.time);
    const cur = now === null ? undefined : items.find((p) => p.start <= now && now < p.end);
    if (cur) return `Right now I'm ${doing(cur.activity)}.`;
  }
  if (/\btoday\b/i.test(q) && !tomorrow && items.length > 0) {
    const now = nowMinute(i.time);
    const ahead = items.filter((p) => now === null || p.end > now).slice(0, 4);
    if (ahead.length > 0)
      return `Today I'm ${listAnd(ahead.map((p) => `${doing(p.activity)} from ${sayClock(p.start)}`))}.`;
  }
  if (/typical|usual|weekday|daily routine/i.test(q) && items.length > 0) {
    const first = items[0]!;
    const rest = items.slice(1, 6).map((p) => `${doing(p.activity)} from ${sayClock(p.start)}`);
    return `I get up around ${sayClock(first.start)}. Then I'm ${listAnd(rest)}.`;
  }
  return null;
}

function hypothetical(i: AnswerInput, me: Me, q: string): string | null {
  if (isAlarming(q)) {
    if (/breakfast|lunch|dinner|stove|oven|cook|kitchen|food/i.test(q))
      return "I'd turn off the stove right away, put out the fire, and then make a fresh start on the meal.";
    return "I'd make sure everyone is safe first, then deal with it or call for help.";
  }
  if (/bathroom|restroom|shower/i.test(q) && /occupied|busy|taken|in use/i.test(q))
    return "I'd wait outside until it's free, or come back in a few minutes.";
  if (/fridge|refrigerator|groceries|food/i.test(q) && /empty|nothing|out of/i.test(q)) {
    const shop = i.memories
      .map((m) => /\b([A-Z][\w']*(?: [A-Z][\w']*)* (?:Market|Store|Supply|Shop))\b/.exec(m.text)?.[1])
      .find(Boolean);
    return `I'd go and buy groceries${shop ? ` at ${shop}` : ''}, or eat out this once.`;
  }
  const seen = /\bsee ([A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)*)/u.exec(i.question)?.[1];
  if (seen) {
    const known = i.memories.some((m) => names(m.text, seen));
    return known
      ? `I'd say hello to ${firstName(seen)} and ask how things are going.`
      : `I'd say hello and introduce myself to ${seen}.`;
  }
  const way = /\bway to (?:the )?([a-z ]+?)(?:[.?!]|$)/i.exec(i.question)?.[1];
  if (way) {
    const place = i.memories
      .map(
        (m) =>
          new RegExp(`\\b([A-Z][\\w']*(?: [A-Z][\\w']*)* ${escapeRegExp(cap(way.split(' ').at(-1) ?? way))})\\b`).exec(
            m.text,
          )?.[1],
      )
      .find(Boolean);
    return place
      ? `${place}? I'd point them in the right direction; it's not far.`
      : `I'd point them towards the ${way} as best I can, or walk them part of the way.`;
  }
  void me;
  return null;
}

/** People the resident talked with (conversation records, who told it news), most often first. */
function metRecently(i: AnswerInput): string[] {
  const count = new Map<string, number>();
  const add = (n: string, w: number) => {
    if (n !== i.name) count.set(n, (count.get(n) ?? 0) + w);
  };
  for (const m of i.memories) {
    const talked = /^Conversation with ([^:]+):/.exec(m.text)?.[1];
    if (talked) for (const n of talked.split(/\s+and\s+|,\s*/)) add(n.trim(), 2);
    if (m.from) add(m.from, 1 + m.importance / 10);
  }
  return [...count].sort((a, b) => b[1] - a[1]).map(([n]) => n);
}

/** People the resident remembers most (names in its memories), most mentioned first. */
function peopleIn(i: AnswerInput, kinds?: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const m of i.memories) {
    if (kinds && !kinds.includes(m.kind)) continue;
    const who = new Set<string>();
    for (const x of m.text.matchAll(/\b([A-Z][\p{L}'’-]+ [A-Z][\p{L}'’-]+)\b/gu)) {
      const n = x[1]!.replace(/['’]s$/, '');
      if (n !== i.name && !/\bThe\b/.test(n) && subjectOf(`${n} is`) === n) who.add(n);
    }
    if (m.from && m.from !== i.name) who.add(m.from);
    for (const n of who) count.set(n, (count.get(n) ?? 0) + 1 + m.importance / 10);
  }
  return [...count].sort((a, b) => b[1] - a[1]).map(([n]) => n);
}

function reflective(i: AnswerInput, me: Me, q: string): string | null {
  if (/spend time with|who would it be|one person/i.test(q)) {
    const who = metRecently(i)[0];
    if (!who) return "I haven't really met anyone new lately, so I'm not sure.";
    const about = facts(i, me, (m) => (names(m.text, who) || m.from === who ? 1 : 0), 1)[0];
    return `I'd spend time with ${firstName(who)}.${about ? ` ${sentence(cap(about.line))}` : ''}`;
  }
  if (/most interesting|interesting life/i.test(q)) {
    const who = peopleIn(i)[0];
    if (!who) return "I don't know anyone well enough to say.";
    const about = facts(i, me, (m) => (isAbout(m.text, who) || m.from === who ? 2 : names(m.text, who) ? 1 : 0), 1)[0];
    return `${who}, I'd guess.${about ? ` ${sentence(cap(about.line))}` : ''}`;
  }
  if (/learned recently|something (new|you learned)/i.test(q)) {
    const heard = facts(i, me, (m) => (m.from || m.kind === 'heard' ? m.importance : 0), 1)[0];
    return heard ? `${sentence(cap(heard.line))}` : "Nothing much comes to mind, I'm afraid.";
  }
  if (/change about|change in|improve/i.test(q)) {
    const view = facts(
      i,
      me,
      (m) =>
        /\b(should|neglect\w*|does not listen|doesn't listen|wish\w*|could be better)\b/.test(m.text)
          ? m.importance
          : 0,
      1,
    )[0];
    return view ? `${sentence(cap(view.line))}` : "I'm fairly happy with it as it is.";
  }
  if (/inspires?|care about|matters?|passion/i.test(q)) {
    const project = currentProject(i.summary, me);
    const sameAsProject = (m: PromptMemory) =>
      project !== null && topicOf(m.text) !== '' && topicOf(m.text) === topicOf(project);
    const top = facts(
      i,
      me,
      (m) =>
        m.kind === 'told' || m.kind === 'heard' || sameAsProject(m)
          ? 0
          : m.kind === 'inner_voice'
            ? 10
            : /\bmatters a lot to\b/.test(m.text)
              ? 9
              : isAbout(m.text, i.name) && m.kind !== 'reflection' && m.importance >= 5
                ? m.importance
                : 0,
      1,
    )[0];
    const parts = [project ? toFirstPerson(project, i.name, i.first, me.pronoun) : null, top?.line ?? null].filter(
      (x): x is string => !!x,
    );
    return parts.length ? `Right now, ${lowerFirst(parts.map(sentence).join(' '))}` : null;
  }
  if (/important people|people in your life|your family|close to/i.test(q)) {
    const ties = facts(
      i,
      me,
      (m) =>
        /\b(married|wife|husband|daughter|son|parents?|mother|father|friend|neighbour|neighbor|sister|brother)\b/i.test(
          m.text,
        )
          ? m.importance
          : 0,
      3,
    );
    if (ties.length) return ties.map((t) => sentence(cap(t.line))).join(' ');
    const met = metRecently(i).slice(0, 2);
    return met.length ? `The people I see most these days are ${listAnd(met)}.` : null;
  }
  return null;
}

/** "Who are you planning to see?": hosts of events in today's plan, then the people the resident talks with. */
function whoNext(i: AnswerInput): string | null {
  const hosts = planItems(i.plan)
    .map((p) => /^go to (\w+)'s (.+)$/.exec(p.activity))
    .filter((x): x is RegExpExecArray => x !== null)
    .map((x) => `${x[1]} at the ${x[2]}`);
  const met = metRecently(i)
    .slice(0, 2)
    .map(firstName)
    .filter((n) => !hosts.some((h) => h.startsWith(n)));
  const all = [...hosts, ...met];
  return all.length ? `I expect I'll see ${listAnd(all)}.` : null;
}

function aboutSelf(i: AnswerInput, me: Me, q: string): string | null {
  if (/introduc\w* (?:of )?yourself|about yourself|^who are you\??$|describe yourself/i.test(q))
    return introduce(i, me);
  if (/your job|your work|for a living|occupation/i.test(q)) {
    const s = i.summary.split(/(?<=[.!?])\s+/).filter((x) => isAbout(x, i.name) && !/^\S+ \S+, \d+, is/.test(x));
    return s.length
      ? s
          .slice(0, 2)
          .map((x) => sentence(toFirstPerson(x, i.name, i.first, me.pronoun)))
          .join(' ')
      : null;
  }
  return null;
}

/** A person the question names whom the resident keeps a note about: who they are to it, in its own words. */
function fromNote(i: AnswerInput, me: Me): string | null {
  const rel = (i.relations ?? []).find((x) => names(i.question, x.name));
  if (!rel || !/\b(who|know|met|about)\b/i.test(i.question)) return null;
  const knowQ = /\bknow\b/i.test(i.question);
  if (rel.visitor) {
    const self = rel.self ? ` They told me they are ${stripPeriod(rel.self.text)}.` : '';
    const last = rel.last ? ` The last thing they said to me was: "${stripPeriod(rel.last.text)}".` : '';
    return `${knowQ ? 'Yes, ' : ''}${rel.name} is a visitor I have spoken with.${self}${last}`;
  }
  const note = sentence(cap(toFirstPerson(rel.note, i.name, i.first, me.pronoun)));
  return knowQ ? `Yes, I know ${firstName(rel.name)}. ${note}` : note;
}

function whoIs(i: AnswerInput, me: Me): string | null {
  const noted = fromNote(i, me);
  if (noted) return noted;
  const m = /^\s*([Ww]ho is|[Ww]ho's|[Dd]o you know)\s+([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)*)\s*\??\s*$/u.exec(
    i.question,
  );
  if (!m || subjectOf(`${m[2]} is`) === null) return null;
  const who = m[2]!;
  const knowQ = /know/i.test(m[1]!);
  if (who === i.name || who === i.first) return introduce(i, me);
  // What the resident knows about the person first, then what they said, then having talked with them.
  const about = facts(i, me, (x) => (isAbout(x.text, who) ? 3 + x.importance / 10 : 0), 2);
  const said =
    about.length < 2
      ? facts(
          i,
          me,
          (x) => (x.from === who || (names(x.text, who) && !x.from) ? 1 + x.importance / 10 : 0),
          2 - about.length,
        )
      : [];
  const talked = i.memories.find((x) => x.kind === 'conversation_summary' && names(x.text, who));
  const place = talked ? placeOfTalk(talked.text) : undefined;
  const lines = [...new Set([...about, ...said].map((a) => sentence(cap(a.line))))];
  if (lines.length === 0 && !talked)
    return knowQ ? `No, I don't think I know ${who}.` : `I'm sorry, I don't know who ${who} is.`;
  if (lines.length === 0) lines.push(`I talked with ${firstName(who)}${place ? ` at ${place}` : ''}.`);
  return knowQ ? `Yes, I know ${firstName(who)}. ${lines.join(' ')}` : lines.join(' ');
}

function yesterday(i: AnswerInput, me: Me): string | null {
  const talks = i.memories
    .filter((m) => m.kind === 'conversation_summary')
    .map((m) => placeOfTalk(m.text) && /^Conversation with ([^:]+):/.exec(m.text)?.[1])
    .filter((x): x is string => !!x);
  const did = facts(i, me, (m) => (m.kind === 'observation' && names(m.text, i.name) ? m.importance : 0), 1)[0];
  if (talks.length === 0 && !did) return null;
  return [
    talks.length ? `I talked with ${listAnd([...new Set(talks)].slice(0, 3).map(firstName))}.` : '',
    did ? sentence(cap(did.line)) : '',
  ]
    .filter(Boolean)
    .join(' ');
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
  // An intention the resident took as its own thought (inner voice, sec. 3.1) is what it is planning.
  if (/\b(plan|plans|planning|intend|decided|weekend|going to|up to)\b/i.test(q) && !/planning to see/i.test(q)) {
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
export function replyTo(i: AnswerInput & { speaker: string; addressed: boolean }): string {
  const concerned = i.addressed || new RegExp(`\\b${escapeRegExp(i.first)}\\b`, 'i').test(i.question);
  if (!concerned) return '';
  const who = firstName(i.speaker);
  const key = `${i.name}|${who}|${i.question}`;
  const t = i.question.trim();
  if (/\?\s*$/.test(t)) return answerQuestion(i);
  if (/^(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(t))
    return pick([`Hello ${who}! Nice to see you.`, `Hi ${who}! How are you?`], key);
  if (heuristicImportance(t) >= 5) return `${reaction(t, key)} Thanks for telling me, ${who}.`;
  return pick([`Thanks for telling me, ${who}.`, `I see, thanks ${who}.`], key);
}

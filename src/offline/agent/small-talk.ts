// Small talk in the offline model's dialogue: how a listener takes news, what one has been up to (from one's own
// prompt: its summary, plan, doing and memories), phrasings chosen so a speaker never says the same line twice in
// a talk.

import type { DialogueTurnInput } from '../../agent/prompts/dialogue-turn.ts';
import { isAlarming, isLifeEvent, stripPeriod } from '../../core/text.ts';
import { parseClock } from '../../core/time.ts';
import { isGoodbye } from '../../core/turns.ts';
import { alreadyBetween, GATHERING, INVITATION, mentionedIn, newsworthy, STANDING, WHEN } from './news.ts';
import { pick as choose, isAbout, isFact, type Me, PRIVATE, pick, stems } from './speech.ts';
import { ingOf, names, toFirstPerson } from './voice.ts';

/** How a listener takes a piece of news, by topic. */
export function reaction(news: string, key: string, said?: Said): string {
  const pick = (options: string[], k: string) => (said ? fresh(options, k, 'react', said) : null) ?? choose(options, k);
  const n = news.toLowerCase();
  if (INVITATION.test(n) || (WHEN.test(news) && GATHERING.test(n)))
    return pick(['That sounds lovely, I’d love to come!', 'Oh, how nice! I’ll try to be there.'], key);
  // a turn in someone's life: sorrow for a loss, joy for the rest
  if (/\b(died|death|funeral|divorc\w*|broke up|break(?:ing)? up|diagnos\w*|hospital|fired)\b/.test(n))
    return pick(['Oh, I’m so sorry to hear that.', 'Oh no. I’m so sorry.'], key);
  if (isLifeEvent(news)) return pick(['Oh, that’s wonderful news!', 'Oh, how lovely to hear!'], key);
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

/** Lines said so far in a talk: by the speaker (never said again) and by anyone (whose wording others avoid). */
export interface Said {
  mine: readonly string[];
  all: readonly string[];
}

export function saidIn(i: Pick<DialogueTurnInput, 'name' | 'history'>): Said {
  return { mine: i.history.filter((h) => h.speaker === i.name).map((h) => h.text), all: i.history.map((h) => h.text) };
}

/**
 * A phrasing for one slot of a line (`slot` salts the seeded choice, so the greeting and the question of one line
 * do not move together): never one the speaker already used in this talk, and one nobody used when there is one,
 * so two people leaving do not take leave in the same words. Null when the speaker has used them all.
 */
export function fresh(options: readonly string[], key: string, slot: string, said: Said, to?: string): string | null {
  // a template ("Take care, {to}!") is used when its words are, whoever it named
  const words = (o: string) => (to === undefined ? o : o.split('{to}').sort((a, b) => b.length - a.length)[0]!);
  // (a reply may name whom it answers: "Good to know, Rosa." is "Good to know.")
  const bare = (l: string) => l.replace(/, [A-Z][\p{L}'’-]+(?=[.!?])/gu, '');
  const used = (lines: readonly string[]) => (o: string) =>
    lines.some((l) => l.includes(words(o)) || (to === undefined && bare(l).includes(o)));
  const mine = options.filter((o) => !used(said.mine)(o));
  const nobody = mine.filter((o) => !used(said.all)(o));
  const pool = nobody.length > 0 ? nobody : mine;
  const chosen = pool.length > 0 ? pick(pool, `${key}|${slot}`) : null;
  return chosen !== null && to !== undefined ? chosen.replaceAll('{to}', to) : chosen;
}

/** Something the speaker is up to, from its own prompt: said in the first person, and as the fact it tells. */
export interface UpTo {
  /** project (its summary), plan (later today), doing (right now), memory (a fact of its own). */
  source: 'project' | 'plan' | 'doing' | 'memory';
  said: string;
  fact: string;
  /** Passed on as news (what one is busy with); a plan, one's doing or a small fact is small talk. */
  news: boolean;
  /** A listener who already has it from the speaker (in a group where the others have not heard it). */
  toldTo?: string;
}

/** What one means to do (a plan said as a fact): not what one is up to now. */
const INTENTION = /\b(?:plans?|intends?|wants?|hopes?|means?) to\b|\bwill\b/;
/** A plan not worth telling: sleep, getting up, washing. */
const ROUTINE = /\b(?:sleep|go to bed|wake up|wash|shower)\b/i;
const SELF_PRONOUN = /^(?:She|He|They)\s+(?=is|has|are)/;

/** Everything the resident is busy with, from its summary ("Lena Okafor is writing a paper ... She is also ..."). */
export function projects(summary: string, me: Me): string[] {
  const out: string[] = [];
  let aboutMe = false;
  for (const raw of summary.split(/(?<=[.!?])\s+/)) {
    const s = raw.replace(/^Lately:\s*/, '');
    // a pronoun right after a sentence about the resident is the resident ("She is also working on ...")
    const mine = isAbout(s, me.name) || (aboutMe && SELF_PRONOUN.test(s));
    aboutMe = isAbout(s, me.name) || (aboutMe && SELF_PRONOUN.test(s));
    if (!mine) continue;
    // the resident's own verb, right after it ("... is coming up next month" about something else is not)
    const m =
      /^(?:[A-Z][\p{L}'’-]*\s+){1,3}(?:[^.]*?,?\s+and\s+)?(is|are|has been)\s+(?:also\s+)?((?!being\b)\w+ing\b[^.;]*?)(?:,|;|\.|\band (?:is|has|\w+s|\w+ing)\b|$)/u.exec(
        s.replace(/^[^,]*,\s*\d+,\s*[^.]*\.\s*/, ''),
      );
    // "has been painting for fifty years" stays so; "are working" (they) is the resident's "is working"
    const aux = m?.[1] === 'has been' ? 'has been' : 'is';
    if (m && !STANDING.test(`is ${m[2]}`) && !PRIVATE.test(s))
      out.push(`${me.name} ${aux} ${stripPeriod(m[2]!.trim())}`);
  }
  return out;
}

/** "Carmen plans to take a walk in the park from 4:00 pm to 5:00 pm": a plan that has not begun by `time`. */
function laterPlan(text: string, time: string): boolean {
  const from = /\bfrom (\d{1,2}(?::\d{2})?\s*[ap]m)\b/i.exec(text)?.[1];
  const start = from ? parseClock(from) : null;
  const now = parseClock(time);
  return start !== null && now !== null && start > now;
}

/**
 * What the speaker could say it is up to, from its prompt alone, in the order a person would reach for them: what it
 * is busy with (its summary), what it plans later today (its retrieved plan), a fact of its own that touches what
 * was just said, what it is doing right now, another fact of its own. Never a secret, a standing fact of its life,
 * something about a listener, something already said in this talk, or what a listener already has from it.
 */
export function upTo(i: DialogueTurnInput, me: Me): UpTo[] {
  const first = (t: string) =>
    toFirstPerson(stripPeriod(t), me.name, me.first, me.pronoun).replace(/^I have been\b/, 'I’ve been');
  // what one is mainly busy with is news to pass on, as it always was; the rest of one's doings is small talk
  const items: UpTo[] = projects(i.summary, me).map((p, k) => ({
    source: 'project',
    said: first(p),
    fact: p,
    news: k === 0,
  }));
  for (const m of i.memories) {
    if (m.keep || m.kept !== undefined || PRIVATE.test(m.text) || m.from) continue;
    if (m.kind === 'plan' && isAbout(m.text, i.name) && laterPlan(m.text, i.time) && !ROUTINE.test(m.text))
      items.push({ source: 'plan', said: first(m.text), fact: stripPeriod(m.text), news: false });
  }
  const last = i.history.at(-1);
  const heard = last && last.speaker !== i.name ? new Set(stems(last.text.replace(/\b[A-Z][\p{L}'’-]*/gu, ''))) : null;
  const facts = i.memories
    .filter(
      (m) =>
        isFact(m) &&
        isAbout(m.text, i.name) &&
        !m.from &&
        !m.keep &&
        m.kept === undefined &&
        !PRIVATE.test(m.text) &&
        !m.standing &&
        !STANDING.test(m.text) &&
        !['reflection', 'told', 'heard', 'dialogue'].includes(m.kind) &&
        // news and intentions are the share path's (news.ts), not small talk
        !newsworthy(m) &&
        !INTENTION.test(m.text),
    )
    .map((m) => ({ source: 'memory' as const, said: first(m.text), fact: stripPeriod(m.text), news: false }));
  const touches = (u: UpTo) => heard !== null && [...stems(u.fact)].some((w) => heard.has(w));
  items.push(...facts.filter(touches));
  const doing = (i.doing ?? []).find((d) => d.name === i.name)?.activity;
  if (doing && doing !== 'here' && !/\b(talk|chat|conversation|convers)\w*/i.test(doing)) {
    // "ring up a customer" -> "ringing up a customer"
    const [verb = '', ...rest] = doing.split(' ');
    const ing = /ing$/.test(verb) ? verb : (ingOf(verb) ?? verb);
    const act = [ing, ...rest].join(' ');
    items.push({ source: 'doing', said: `I'm ${act}`, fact: `${me.name} is ${act}`, news: false });
  }
  items.push(...facts.filter((f) => !touches(f)));
  const seen = new Set<string>();
  return items.filter((u) => {
    const k = u.fact.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    if (mentionedIn(u.fact, i.history) || mentionedIn(u.said, i.history)) return false;
    // words that read as a goodbye ("loves to take care of") would take the speaker out of a group
    if (isGoodbye(u.said)) return false;
    if (i.listeners.some((l) => names(u.fact, l))) return false;
    // what every listener has from one already is not said again; news some of them have is told to the rest
    // as small talk, not as news again (no news twice to the same person, issue 22 item 2)
    const knew = i.listeners.filter((l) => alreadyBetween(u.fact, l, i));
    if (knew.length === i.listeners.length) return false;
    if (knew.length > 0 && u.news) {
      u.news = false;
      u.toldTo = knew[0];
    }
    return true;
  });
}

/** One thing the speaker is up to, said in its own words ("Oh, keeping busy: I'm writing a new series of books."). */
export function tellUpTo(u: UpTo, key: string, said: Said): { text: string; news?: string } {
  const body = u.said.replace(/\.$/, '');
  const lower = body.charAt(0).toLowerCase() + body.slice(1);
  const lead = (options: string[]) => fresh(options, key, `upto-${u.source}`, said) ?? options[0]!;
  switch (u.source) {
    case 'project':
      if (u.toldTo)
        return {
          text: `${lead(['Same as ever:', 'Oh, you know me:', 'Still the same:', 'Nothing new there:'])} ${lower.replace(/^i\b/, 'I')}.`,
        };
      return {
        text: `${lead(['I’ve been busy, actually:', 'Oh, keeping busy:', 'Lately?', 'Mostly work, really:'])} ${body}.`,
        ...(u.news ? { news: u.fact } : {}),
      };
    case 'plan':
      return {
        text: `${lead(['Not much yet, but later', 'Later on', 'After this,'])} ${lower.replace(/^i plan\b/, 'I plan')}.`,
      };
    case 'doing':
      return { text: `${lead(['Right now?', 'At the moment,', 'Just now,'])} ${body}.` };
    default:
      return { text: `${lead(['Well,', 'You know,', 'Funny you mention it:'])} ${lower.replace(/^i\b/, 'I')}.` };
  }
}

/**
 * The answer to a small-talk question, from what the speaker's prompt gives it (`upTo`): what it has been up to,
 * how it is, how its work is coming along; never a line it already said in this talk.
 */
export function answerSmallTalk(
  question: string,
  i: DialogueTurnInput,
  me: Me,
  key: string,
  said: Said = saidIn(i),
): { text: string; news?: string; empty?: boolean } {
  const q = question.toLowerCase().replace(/’/g, "'");
  const say = (slot: string, options: string[]) => fresh(options, key, slot, said) ?? options[0]!;
  if (/how is it going|how's it going\?$|coming along/.test(q) && !/\bday\b/.test(q))
    return {
      text: say('along', ['It’s coming along, thanks.', 'Slowly, but I’m getting there.', 'Better than I expected!']),
    };
  const things = upTo(i, me);
  if (
    /what (have|are) you (been )?up to|what's new|what about you|how have you been|rest of you|anyone else|everyone else/.test(
      q,
    )
  ) {
    if (things[0]) return tellUpTo(things[0], key, said);
    // what one already told them is not news to them again (issue 22 item 2)
    const project = currentProject(i.summary, me);
    if (project && i.listeners.some((l) => alreadyBetween(project, l, i)))
      return {
        text: say('same', [
          'Still busy with the same things, really.',
          'Oh, much the same as before.',
          'Nothing new since we last talked.',
        ]),
        empty: true,
      };
    return {
      text: say('usual', ['Not much, just the usual.', 'Oh, the usual things.', 'Quiet, honestly. Nothing to report.']),
      empty: true,
    };
  }
  if (/how are you|how's your day|how are things|how is your day/.test(q)) {
    const well = say('well', [
      'I’m doing well, thanks.',
      'Pretty good, thanks for asking.',
      'Not bad at all.',
      'Can’t complain!',
    ]);
    const more = things[0] ? tellUpTo(things[0], key, said) : null;
    return more ? { text: `${well} ${more.text}`, ...(more.news ? { news: more.news } : {}) } : { text: well };
  }
  return { text: say('unsure', ['I’m not sure, to be honest.', 'Hard to say.', 'Good question.']) };
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
  return !INVITATION.test(n) && !(WHEN.test(news) && GATHERING.test(n)) && !isAlarming(news) && !isLifeEvent(news);
}

// What a resident's identity fields and lifestyle say about its day, read as a model would: waking and sleeping
// hours, meal time, the place a text names (tolerantly), its own intentions and the events of today it heard of.

import type { PromptMemory } from '../../agent/prompts/common.ts';
import type { PlanDayInput, PromptPlace } from '../../agent/prompts/plan-day.ts';
import { type Due, dueOn, T, todayNumber, trimWhen } from '../../core/dates.ts';
import { readEventText } from '../../core/event-text.ts';
import { escapeRegExp, stripPeriod } from '../../core/text.ts';
import { parseClock } from '../../core/time.ts';
import { subjectOf } from './voice.ts';

export function clockIn(text: string, re: RegExp): number | null {
  const m = re.exec(text);
  if (!m) return null;
  return parseClock(`${m[1]}${m[2] ? `:${m[2]}` : ''}${m[3] ? ` ${m[3]}` : ''}`);
}

/** Wake and sleep times from a persona-file lifestyle ("goes to bed around 11pm, wakes up around 6am"). */
export function lifestyleHours(lifestyle: string): { wake: number; sleep: number } {
  const wake = clockIn(lifestyle, /(?:wakes?|awakes?|gets? up|rises?)\D{0,20}?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/i);
  let sleep = clockIn(lifestyle, /(?:bed|sleeps?|asleep)\D{0,20}?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/i);
  if (sleep === null && /bed around midnight|sleep at midnight/i.test(lifestyle)) sleep = 24 * 60;
  if (sleep !== null && sleep < 12 * 60) sleep += sleep <= 3 * 60 ? 24 * 60 : 12 * 60; // "goes to bed at 11" = 23:00
  return {
    wake: Math.min(11 * 60, Math.max(4 * 60, wake ?? 7 * 60)),
    sleep: Math.min(24 * 60, Math.max(20 * 60, sleep ?? 23 * 60)),
  };
}

/** "eats dinner around 5pm" -> 17:00. */
export function dinnerTime(lifestyle: string): number | null {
  const t = clockIn(lifestyle, new RegExp(`(?:dinner|supper)\\D{0,12}?${T}`, 'i'));
  return t !== null && t >= 16 * 60 && t <= 21 * 60 ? t : null;
}

/** A text's words, case, articles, possessives and plurals ignored ("The Aspens' Market" -> aspen market). */
export const placeWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’]s?\b/g, '')
    .split(/[^\p{L}\d]+/u)
    .filter((w) => w !== '' && !/^(the|a|an)$/.test(w))
    .map((w) => (w.length > 3 ? w.replace(/s$/, '') : w));

/**
 * The place a text names, tolerantly: the longest whole name, else a proper word that is a word of a name give or
 * take an ending ("Fern" finds "The Ferns Shop", "Ann" does not find "Annandale Green"), else a word only one
 * place's name has said as a place ("at the bakery" finds "Corner Shop and Bakery").
 */
export function placeNamedIn(text: string, places: readonly PromptPlace[], exclude: readonly string[] = []) {
  const said = ` ${placeWords(text).join(' ')} `;
  // (the person the text is about is no place: "Ann Field is a writer" does not find "Field Park")
  const who = new Set(placeWords(subjectOf(text) ?? ''));
  const proper = (text.match(/\b[A-Z][\p{L}]{3,}/gu) ?? []).map((w) => placeWords(w)[0]!).filter((w) => !who.has(w));
  const named = places.map((p) => placeWords(p.name));
  const only = (n: string) => named.filter((ws) => ws.includes(n)).length === 1;
  // a place word said as a place: "at the pharmacy", "to the bakery" (not "the library volunteers")
  const atThe = new Set(
    [...text.matchAll(/\b(?:at|to|in|into|from|near)\s+(?:the\s+)?([\p{L}]+)\b(?!\s+[a-z]+s\b)/giu)].map(
      (m) => placeWords(m[1]!)[0]!,
    ),
  );
  const score = (words: string[]) =>
    said.includes(` ${words.join(' ')} `)
      ? 1000 + words.join(' ').length
      : proper.some((w) =>
            words.some(
              (n) => n.startsWith(w) && n.length - w.length <= 2 && !/^(cafe|café|park|market|library|home)/.test(n),
            ),
          )
        ? 100 + words.join(' ').length
        : words.some((n) => n.length >= 5 && !/^(house|home|room)$/.test(n) && only(n) && atThe.has(n))
          ? words.join(' ').length
          : 0;
  const ranked = places.filter((p) => !exclude.includes(p.id)).map((p) => ({ p, s: score(placeWords(p.name)) }));
  return ranked.filter((x) => x.s > 0).sort((x, y) => y.s - x.s)[0]?.p ?? null;
}

export function placeOfKind(
  re: RegExp,
  places: readonly PromptPlace[],
  exclude: readonly string[],
): PromptPlace | null {
  return places.find((p) => !exclude.includes(p.id) && re.test(`${p.kind ?? ''} ${p.name}`)) ?? null;
}

export const FOOD = /cafe|café|restaurant|diner|bakery|pub|bar|coffee/i;

/**
 * When a thing is to happen, at the end of an intention ("... on February 14th from 5 pm to 7 pm", "... tomorrow
 * at noon", "... this weekend"): the plan's block already says when, so its activity leaves it out.
 */
const WHEN_TAIL =
  /\s+(?:(?:on|this|next|by|until|before|after)\s+(?:the\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|weekend|week|\d)|(?:from|at|around|by|until)\s+(?:\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\b|o'clock)|noon|midnight)|tomorrow|today|tonight|this\s+(?:morning|afternoon|evening))\b.*$/i;

/** "Mara is going to run against Sam for treasurer" -> "run against Sam for treasurer". */
export function intentionActivity(text: string): string {
  const t = stripPeriod(text).replace(WHEN_TAIL, '');
  const m =
    /\b(?:is going to|are going to|plans? to|wants? to|will|decided to|is planning to|has to|needs? to|agreed to|promised to|hopes? to)\s+(.+)/i.exec(
      t,
    );
  if (m) return activityPhrase(m[1]!) ?? 'think over a new idea';
  const p = /\bis planning(?: on)?\s+(.+)/i.exec(t);
  if (p) return activityPhrase(`prepare ${p[1]!.replace(/^having\s+/, '')}`) ?? 'think over a new idea';
  // A short thought in the imperative ("throw a picnic in the park") is the thing to do; anything else is thought
  // over, not copied into the plan.
  return (
    (/^\p{L}+\b/u.test(t) ? activityPhrase(t.replace(/^\p{Lu}/u, (c) => c.toLowerCase())) : null) ??
    'think over a new idea'
  );
}

/** An activity is a short phrase of words: no markup, at most 10 words, or none. */
export function activityPhrase(text: string): string | null {
  const words = text
    .replace(/[^\p{L}\p{N}' ,-]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words.length > 0 && words.length <= 10 && !words.some((w) => /\d/.test(w) && /\p{L}/u.test(w))
    ? words.join(' ').replace(/[ ,]+$/, '')
    : null;
}

/** When a memory's plan falls for the day being planned (`i.day` is its ISO date when the runtime gives it). */
export function dueOf(m: PromptMemory, i: PlanDayInput): Due {
  const today = todayNumber(i.day, i.date);
  return today === null ? 'undated' : dueOn(m.text, today, m.day);
}

/** An event with a time today named in a memory ("a spring fair at The Blue Heron on Saturday from 6 pm to 9 pm"). */
export function eventToday(
  m: PromptMemory,
  i: PlanDayInput,
  places: readonly PromptPlace[],
): { start: number; end: number; activity: string; place: string } | null {
  // Any dated thing with a time and a known place is treated alike (no list of event kinds).
  // Conversation records and raw lines are not the event itself; the news heard in them is.
  if (m.kind === 'conversation_summary' || m.kind === 'plan' || /\bsaid\b[^:"]*: ["“]/.test(m.text)) return null;
  if (dueOf(m, i) !== 'today' || !/\b(on|this|today|tonight)\b|\d/.test(m.text)) return null;
  const range = new RegExp(`\\bfrom\\s+${T}\\s*(?:to|-|until)\\s*${T}`, 'i').exec(m.text);
  const start = range
    ? parseClock(`${range[1]}${range[2] ? `:${range[2]}` : ''} ${range[3]}`)
    : clockIn(m.text, new RegExp(`\\bat\\s+${T}`, 'i'));
  if (start === null) return null;
  const end = range ? parseClock(`${range[4]}${range[5] ? `:${range[5]}` : ''} ${range[6]}`) : start + 120;
  const place = placeNamedIn(m.text, places)?.id;
  if (!place || end === null || end <= start) return null;
  // What it is and whose, by the neutral reader of events (src/core/event-text.ts): "Leo told me that Marta is
  // hosting a beach clean-up" is Marta's beach clean-up, never "Leo's event"; no kind read, no event.
  const said = (m.day ? todayNumber(m.day, '') : null) ?? todayNumber(i.day, i.date) ?? 0;
  const ev = readEventText(m.text, { said, places, people: [i.name] });
  if (!ev) return null;
  const mine = ev.host === i.name || ev.host === i.first;
  return {
    start,
    end,
    activity: mine
      ? `host the ${ev.kind}`
      : ev.host
        ? `go to ${ev.host.split(' ')[0]}'s ${ev.kind}`
        : `go to the ${ev.kind}`,
    place: ev.place,
  };
}

/** The resident's own intention in a memory ("Oscar has decided to run ...", an inner voice), not a wondering. */
export function isOwnIntention(m: PromptMemory, name: string, first: string): boolean {
  if (m.kind === 'inner_voice') return true;
  if (m.importance < 5 || m.from) return false;
  const subject = subjectOf(m.text);
  if (subject !== name && subject !== first) return false;
  const rest = m.text.replace(new RegExp(`^\\s*(?:${escapeRegExp(name)}|${escapeRegExp(first)})\\s+`), '');
  return /^(is going to|are going to|plans? to|is planning|wants? to|will|has decided to|decided to|needs? to|has to|agreed to|promised to|hopes? to|is preparing)\b/i.test(
    rest,
  );
}

/** The block an intention becomes on its day: a run for an office is prepared for, the rest is done. */
export function intentionBlock(text: string): string {
  let a = intentionActivity(text);
  if (/^(run|stand) (for|against)\b/i.test(a)) a = `prepare to ${a}`;
  return trimWhen(a);
}

/**
 * What a resident does today for an intention of a later day, or null when it needs no preparing: "throw a
 * surprise picnic ... on Sunday" -> "plan the surprise picnic ..." (the paper's John decides, then tells his
 * family; sec. 3.1), a run for an office or an event being planned is prepared; a visit or an errand waits for its day.
 */
export function preparationBlock(text: string): string | null {
  const a = trimWhen(intentionActivity(text));
  if (/^prepare\b/i.test(a)) return a;
  if (/^(run|stand) (for|against)\b/i.test(a)) return `prepare to ${a}`;
  const host =
    /^(?:throw|host|hold|have|give|organi[sz]e|put on|arrange|plan|set up|cook)\s+(?:a|an|the|my|his|her|their)\s+(.+)$/i.exec(
      a,
    );
  if (host) return `plan the ${host[1]}`;
  if (/^(give|make|write|present|perform|play|sing|cook|bake)\b/i.test(a)) return `prepare to ${a}`;
  return null;
}

// Gatherings held outdoors go to the park when the intention names no place.
export const OUTDOORS_EVENT =
  /\b(picnic|barbecue|cleanup|kite|walk|hike|jog|go for a run|game of (?:football|frisbee))\b/i;

// A neutral reader of an event in a sentence (issue 22 item 4): what kind of thing it is in the text's own words
// ("a beach clean-up", never a category such as "party"), who hosts it, the known place it is at and its day and
// hours ("Nia Holt is hosting a seed swap at the Grange Hall on Tuesday from 6 pm to 8 pm"). It knows grammar,
// clock times and the calendar, nothing about any event, office or town. The mind uses it to check what a model
// read (src/agent/event.ts) and as its neutral default; the offline stand-in answers the reading task with it.
import { MONTH_WORDS, namedDay, T, WEEKDAY_WORDS } from './dates.ts';
import { escapeRegExp } from './text.ts';
import { parseClock } from './time.ts';

export interface EventReading {
  /** The kind in the text's own words, without article or possessive ("beach clean-up"). */
  kind: string;
  /** The host's name as a known person (full name), or null when the text does not say. */
  host: string | null;
  /** The known place's id. */
  place: string;
  /** Day number (days since 1970-01-01). */
  day: number;
  /** Minutes after midnight; end after start (two hours when the text gives no end). */
  start: number;
  end: number;
}

const HOSTS = String.raw`(?:hosting|holding|having|throwing|giving|organi[sz]ing|running|putting on|planning|arranging|leading)`;
const ARTICLE = String.raw`(?:a|an|the|her|his|their|my|our|its)`;
// words that end a kind: what follows is when, where or who
const STOP = String.raw`(?=\s+(?:at|in|on|from|for|this|tomorrow|today|tonight|next|with|and|to|by|near|down|outside|inside|where|which|that|who)\b|[,.;:!?]|$)`;
const NAME = String.raw`\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)*`;
/** Words that never make up a kind on their own (a time or a filler, not a thing). */
const NOT_A_KIND =
  /^(?:day|time|week|weekend|morning|afternoon|evening|night|plan|plans|lot|bit|chance|way|thing|idea)$/i;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\b(the|a|an)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The words of a kind that carry it (3+ letters, lower-cased, a plural's -s dropped). */
export function kindWords(kind: string): string[] {
  return norm(kind)
    .split(' ')
    .filter((w) => w.length >= 3)
    .map((w) => w.replace(/(?<=\w{3})s$/, ''));
}

/** Is the kind said in the text, in its own words (every word of it, a plural's -s aside)? */
export function kindInText(kind: string, text: string): boolean {
  const words = kindWords(kind);
  if (words.length === 0) return false;
  const said = new Set(
    norm(text)
      .split(' ')
      .map((w) => w.replace(/(?<=\w{3})s$/, '')),
  );
  return words.every((w) => said.has(w));
}

/** Does an activity name this kind of event (its words, in any order)? */
export const namesKind = kindInText;

/** A known place the text names: its whole name, else a distinctive word of it said as a place ("at the pier"). */
export function placeIn<P extends { id: string; name: string }>(text: string, places: readonly P[]): P | null {
  const t = ` ${norm(text)} `;
  let best: { p: P; score: number } | null = null;
  for (const p of places) {
    const name = norm(p.name);
    if (name === '' || name === 'home') continue;
    let score = t.includes(` ${name} `) ? 1000 + name.length : 0;
    if (score === 0) {
      const words = name.split(' ').filter((w) => w.length >= 4);
      const own = words.filter(
        (w) =>
          places.filter((q) => q !== p && norm(q.name).split(' ').includes(w)).length === 0 &&
          new RegExp(
            `\\b(?:at|to|in|on|near|by)\\s+(?:the\\s+)?(?:\\p{L}+\\s+){0,2}${escapeRegExp(w)}s?\\b`,
            'iu',
          ).test(text),
      );
      score = own.length > 0 ? 10 * own.length + name.length / 100 : 0;
    }
    if (score > 0 && (!best || score > best.score)) best = { p, score };
  }
  return best?.p ?? null;
}

/** The clock window a text names: "from 9 am to 11 am", "9-11 am", "at 5 pm" (then two hours). */
export function hoursIn(text: string): { start: number; end: number } | null {
  const range = new RegExp(String.raw`\bfrom\s+${T}\s*(?:to|-|–|until|till)\s*${T}`, 'i').exec(text);
  const clock = (h?: string, m?: string, ap?: string) => (h ? parseClock(`${h}${m ? `:${m}` : ''} ${ap}`) : null);
  if (range) {
    const start = clock(range[1], range[2], range[3]);
    const end = clock(range[4], range[5], range[6]);
    if (start !== null && end !== null && end > start) return { start, end };
  }
  const at = new RegExp(String.raw`\b(?:at|from|starting at|around)\s+${T}`, 'i').exec(text);
  const start = at ? clock(at[1], at[2], at[3]) : null;
  return start === null ? null : { start, end: Math.min(24 * 60, start + 120) };
}

/** The sentence itself when it is reported ("Leo told Oren that Marta is hosting ...": Marta's event). */
function reported(text: string): string {
  const m = /\b(?:told\s+[^.]*?|heard|learned|learnt|found out|mentioned|said|was told|knows)\s+that\s+(.+)$/i.exec(
    text,
  );
  const t = (m?.[1] ?? text).replace(/^.*?\b(?:Did you hear\?|Have you heard\?|Guess what\?)\s*/i, '');
  return t;
}

/**
 * The person a name refers to: a known person's full name (or a first name only one known person has), else the
 * name as said; null for "I", "we" and words that are no name.
 */
function person(name: string, people: readonly string[]): string | null {
  const n = name.replace(/['’]s$/, '').trim();
  const head = n.split(/\s+/)[0] ?? '';
  if (/^(?:I|We|He|She|They|You|It|The|This|That|Everyone|Someone|Today|Tomorrow)$/i.test(head)) return null;
  if ([...WEEKDAY_WORDS, ...MONTH_WORDS].includes(head.toLowerCase())) return null;
  const full = people.find((p) => p.toLowerCase() === n.toLowerCase());
  if (full) return full;
  const first = people.filter((p) => p.split(/\s+/)[0]?.toLowerCase() === n.split(/\s+/)[0]?.toLowerCase());
  return first.length === 1 ? first[0]! : n;
}

/** The kind and host a sentence gives an event ("X is hosting a beach clean-up at ...", "X's seed swap at ..."). */
function kindAndHost(text: string, people: readonly string[]): { kind: string; host: string | null } | null {
  const clean = (k: string) =>
    k
      .replace(/^(?:a|an|the|her|his|their|my|our|its)\s+/i, '')
      .replace(/\s+/g, ' ')
      .trim();
  const ok = (k: string) => k !== '' && k.split(' ').length <= 5 && !NOT_A_KIND.test(k) && kindWords(k).length > 0;
  const hosted = new RegExp(
    String.raw`(${NAME}|\b[Ii]|\b[Ww]e)\s+(?:is|are|am|will be|was|'s|'re|'m|mentioned|talked about|spoke of|said (?:she|he|they) (?:is|was|are|were))\s+(?:also\s+)?${HOSTS}\s+(${ARTICLE}\s+[^,.;:!?]+?)${STOP}`,
    'u',
  ).exec(text);
  if (hosted) {
    const kind = clean(hosted[2]!);
    if (ok(kind)) return { kind, host: person(hosted[1]!, people) };
  }
  // "X is going to throw a picnic", "X plans to hold a quiz night"
  const will = new RegExp(
    String.raw`(${NAME})\s+(?:is going to|are going to|will|plans? to|is planning to|intends to|has decided to|decided to|wants to)\s+(?:host|hold|have|throw|give|organi[sz]e|run|put on|lead|arrange)\s+(${ARTICLE}\s+[^,.;:!?]+?)${STOP}`,
    'u',
  ).exec(text);
  if (will) {
    const kind = clean(will[2]!);
    if (ok(kind)) return { kind, host: person(will[1]!, people) };
  }
  const owned = new RegExp(String.raw`(${NAME})['’]s\s+([^,.;:!?]+?)${STOP}`, 'u').exec(text);
  if (owned) {
    const host = person(owned[1]!, people);
    const kind = clean(owned[2]!);
    if (host && ok(kind)) return { kind, host };
  }
  const by = new RegExp(
    String.raw`\b${ARTICLE}\s+([^,.;:!?]+?)\s+(?:hosted|organi[sz]ed|run|held|led)\s+by\s+(${NAME})`,
    'u',
  ).exec(text);
  if (by) {
    const kind = clean(by[1]!);
    if (ok(kind)) return { kind, host: person(by[2]!, people) };
  }
  const bare = new RegExp(String.raw`\b${ARTICLE}\s+((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)\s+(?:at|in|on)\s`, 'iu').exec(
    text,
  );
  if (bare) {
    const kind = clean(bare[1]!);
    if (ok(kind) && !/\b(?:plans?|decided|wants?|going|has|have)\b/i.test(kind)) return { kind, host: null };
  }
  return null;
}

/**
 * The event a sentence states, or null: it needs a kind, a known place, a named day (a weekly habit is no event)
 * and a clock time. `said` is the day number the sentence was said on (for "tomorrow", "on Saturday").
 */
export function readEventText(
  text: string,
  opts: { said: number; places: readonly { id: string; name: string }[]; people: readonly string[] },
): EventReading | null {
  const t = reported(text);
  const named = namedDay(t, opts.said);
  if (!named || !('day' in named)) return null;
  const hours = hoursIn(t);
  const place = placeIn(t, opts.places);
  if (!hours || !place) return null;
  const kh = kindAndHost(t, opts.people);
  if (!kh || kh.kind.toLowerCase() === place.name.toLowerCase()) return null;
  return { kind: kh.kind, host: kh.host, place: place.id, day: named.day, start: hours.start, end: hours.end };
}

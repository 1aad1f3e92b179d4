// Clock words for the neutral reader: times in digits and in words ("7:30", "19h", "half past six", "a quarter to
// eight", "noon") and windows ("7-9 pm", "from nine until half past five", "opens at 6 and shuts at 3 pm"), with the
// half of the day settled where the text leaves it open. Calendar words are in calendar.ts. It knows English clock
// words, nothing about any town.

import { standardTimes } from './regional.ts';

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  'twenty-five': 25,
  thirty: 30,
  'forty-five': 45,
};
const HOUR_WORD = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve';
const MINUTE_WORD = 'five|ten|twenty|twenty-five|quarter|half';
const HOUR = String.raw`(?:\d{1,2}|${HOUR_WORD})`;
const SUFFIX = String.raw`(?:\s*(?:am|pm|a\.m\.|p\.m\.|o['’]clock)(?![\p{L}]))?(?:\s+(?:in (?:the )?(?:morning|afternoon|evening|night)|(?:each|every) (?:morning|afternoon|evening|night)|at night|tonight|sharp|(?:morning|afternoon|evening|night)(?![\p{L}])))?`;

/**
 * One clock time in digits or words. Kept loose on purpose: the window and context readers decide am/pm where the
 * text leaves it open.
 */
export const TIME = String.raw`(?:noon|midday|midnight|(?:(?:a\s+)?(?:${MINUTE_WORD})\s+(?:past|to|after|before)\s+${HOUR})${SUFFIX}|half\s+(?:${HOUR_WORD}|\d{1,2}(?![\d:.]))(?![\p{L}])(?:\s+in the (?:morning|afternoon|evening))?|${HOUR}(?:[:.h]\d{2}|h(?![\p{L}]))?${SUFFIX}|(?:${HOUR_WORD})[\s-](?:fifteen|thirty|forty-five|o-?five)${SUFFIX})`;

export interface Clock {
  /** Minutes after midnight as first read (a bare "6" is 06:00). */
  minute: number;
  /** Did the text fix the half of the day ("pm", "in the evening", "noon", a 24-hour "19:00")? */
  fixed: boolean;
}

/** A number in digits or words ("seven", "twenty-five"), or null. */
export const num = (w: string): number | null => {
  const t = w.toLowerCase();
  if (/^\d+$/.test(t)) return Number(t);
  return NUMBER_WORDS[t] ?? null;
};

/** Reads one TIME match; null when it is no clock time (an hour past 24, minutes past 59). */
export function readClock(raw: string): Clock | null {
  const t = raw.toLowerCase().replace(/\s+/g, ' ').trim();
  if (t === 'noon' || t === 'midday') return { minute: 12 * 60, fixed: true };
  if (t === 'midnight') return { minute: 24 * 60, fixed: true };
  // "7pm", "1am": no word edge between the digit and its half of the day
  const pm = /(?<![\p{L}])(?:pm|p\.m\.|afternoon|evening|night)|tonight/u.test(t);
  const am = /(?<![\p{L}])(?:am|a\.m\.)(?![\p{L}])|morning/u.test(t);
  let h: number | null = null;
  let m = 0;
  const rel = /^(?:a )?(five|ten|twenty|twenty-five|quarter|half) (past|to|after|before) (\d{1,2}|[a-z]+)/.exec(t);
  const half = /^half (\w+)/.exec(t); // British "half six" is 6:30
  const spoken = /^([a-z]+)[\s-](fifteen|thirty|forty-five|o-?five)\b/.exec(t);
  const digits = /^(\d{1,2})(?:[:.h](\d{2}))?/.exec(t);
  const word = /^([a-z]+)/.exec(t);
  if (rel) {
    const base = num(rel[3]!);
    const by = rel[1] === 'quarter' ? 15 : rel[1] === 'half' ? 30 : (num(rel[1]!) ?? 0);
    if (base === null) return null;
    if (rel[2] === 'past' || rel[2] === 'after') {
      h = base;
      m = by;
    } else {
      h = base - 1;
      m = 60 - by;
    }
  } else if (half) {
    h = num(half[1]!);
    m = 30;
  } else if (spoken) {
    h = num(spoken[1]!);
    m = spoken[2]!.startsWith('o') ? 5 : (num(spoken[2]!) ?? 0);
  } else if (digits) {
    h = Number(digits[1]);
    m = digits[2] === undefined ? 0 : Number(digits[2]);
  } else if (word) h = num(word[1]!);
  if (h === null || h > 24 || m > 59) return null;
  if (h === 0 && !digits) h = 12;
  const twentyFour = h > 12 || (digits?.[2] !== undefined && /^0\d/.test(digits[1]!)) || h === 0;
  if (pm && h < 12) h += 12;
  if (am && h === 12) h = 0;
  return { minute: h * 60 + m, fixed: pm || am || twentyFour };
}

/** "HH:mm" of minutes after midnight (1440 reads "24:00"). */
export const hm = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export type DayHalf = 'morning' | 'afternoon' | 'evening' | null;

/** The half of the day a phrase puts a time in ("tonight", "in the evening", "breakfast" aside). */
export function halfOfDay(text: string): DayHalf {
  if (/\b(?:evenings?|eve|tonight|nights?|nightly)\b/i.test(text)) return 'evening';
  if (/\bafternoons?\b/i.test(text)) return 'afternoon';
  if (/\bmornings?\b/i.test(text)) return 'morning';
  // a meal's name says its half only where no part of the day is said ("Sunday afternoon ... a pie supper")
  if (/\b(?:supper|dinner)\b/i.test(text)) return 'evening';
  if (/\b(?:breakfast|brunch)\b/i.test(text)) return 'morning';
  return null;
}

/** Puts an open time in the half of the day it belongs to: after `after` when given, else by the day's half. */
function settle(c: Clock, half: DayHalf, after: number | null, workday: boolean): number {
  if (c.fixed) return c.minute;
  const h = Math.floor(c.minute / 60);
  if (after !== null) {
    // an end is after its start: "9 to 5", "7-9" after a pm start
    let m = c.minute;
    while (m <= after && m + 12 * 60 <= 24 * 60) m += 12 * 60;
    return m;
  }
  if (half === 'evening' || half === 'afternoon') return h < 12 ? c.minute + 12 * 60 : c.minute;
  if (half === 'morning') return c.minute;
  // a working day starts between 5 am and 11 am; a social thing with no half said between noon and 11 pm
  if (workday) return h >= 5 && h <= 11 ? c.minute : h < 5 ? c.minute + 12 * 60 : c.minute;
  return h >= 1 && h <= 11 && h !== 10 && h !== 11 ? c.minute + 12 * 60 : c.minute;
}

export interface Window {
  start: number;
  end: number | null;
  /** Where in the text the window was said. */
  at: number;
  /** How much of the text it covers. */
  length: number;
}

const T = `(${TIME})`;
const UNTIL = `(?:to|until|till|til|'til|-|–|—|through|and)`;
const RANGE_RES: RegExp[] = [
  new RegExp(String.raw`\b(?:from|between)\s+${T}\s*${UNTIL}\s*${T}`, 'giu'),
  new RegExp(
    String.raw`\b(?:opens?|opening|starts?|starting|begins?|beginning|arrives?|arrived|arriving|gets? in|clocks? on|turns? up|shows? up|comes? in|came in|goes in|going in|went in|reports?|reporting|is (?:at|in)|(?:goes|went|going) up)\b[^.;]{0,40}?(?:\b(?:at|by|around|from)\s+|\s)${T}[^.;]{0,60}?\b(?:(?:['’]m|am|is|are|gets?|got)\s+off|shuts?|shutting|close|closes?|closing|finish(?:es)?|finishing|ends?|ending|leaves?|left|leaving|knocks? off|clocks? off|locks? up|goes home|stops?|done|comes? out|coming out|came out|(?:comes|came|coming) down)\b(?:[^.;]{0,20}?\b(?:at|by|around|before|until|till)\s+|\s+)${T}`,
    'giu',
  ),
  new RegExp(String.raw`(?<![\p{L}\d:.])${T}\s*(?:-|–|—|to|until|till)\s*${T}`, 'giu'),
  new RegExp(String.raw`\bfrom\s+${T}[^.;]{1,40}?\b(?:until|till)\s+${T}`, 'giu'),
];
const AT_RE = new RegExp(
  String.raw`\b(?:at|from|around|about|by|starting|starts|begins|opens|open)\s+(?:around\s+|about\s+|roughly\s+)?${T}`,
  'giu',
);

/** A time said with its half of the day and no preposition ("tonight 8pm", "Wed 10am"). */
const BARE_RE =
  /(?<![\p{L}\d:.–£$€-])(\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|\d{1,2}\.[0-5]\d(?=\s+(?:start|sharp|prompt|kick-?off|onwards|till|until|to)\b)|(?<=,\s)\d{1,2}\.[0-5]\d(?=\s*(?:,|;|$)))(?![\p{L}\d:–-])/giu;

/** "8 till late": a start with no end said. */
const LATE_RE = new RegExp(
  String.raw`(?<![\p{L}\d:.£$€-])${T}\s*(?:till|until|to|-)\s+(?:late|close|closing)\b`,
  'giu',
);

/** A time in words said with no preposition ("half six", "a quarter to eight", "nine o'clock"). */
const SPOKEN_RE = new RegExp(
  String.raw`(?<![\p{L}\d])((?:a\s+)?(?:${MINUTE_WORD})\s+(?:past|to)\s+(?:${HOUR_WORD})${SUFFIX}|half\s+(?:${HOUR_WORD}|\d{1,2}(?![\d:.]))|(?:${HOUR_WORD}|\d{1,2})\s+o['’]clock${SUFFIX}|(?:${HOUR_WORD})[\s-](?:fifteen|thirty|forty-five)${SUFFIX}|(?:${HOUR_WORD}|\d{1,2})-?ish)(?![\p{L}])`,
  'giu',
);

/** Is this TIME match a bare number that is not a clock ("6 years", "2 children", "45")? */
function plainNumber(raw: string, after: string): boolean {
  if (!/^\d{1,2}$/.test(raw.trim()) && !new RegExp(`^(?:${HOUR_WORD})$`, 'i').test(raw.trim())) return false;
  return /^\s*(?:years?|months?|weeks?|days?|hours?|minutes?|children|kids|people|persons|guests|times|of|miles?|dogs?|cats?|tables?|chairs?|rooms?|boys|girls|men|women|sons|daughters|brothers|sisters|grandchildren|generations|pints?|loaves|cakes|pies|cows|sheep|goats|hens|boats|cars|shops|houses|fields|acres|pounds|euros|dollars|percent|more|others|or so)\b/i.test(
    after,
  );
}

/**
 * Every clock window in a text, first first: ranges ("7-9 pm", "from 6:30 until 3", "opens at half past six and
 * shuts at 3 pm") and single times ("at 8", end null). `workday` reads an open hour as a working day's.
 */
export function windowsIn(said: string, opts: { workday?: boolean } = {}): Window[] {
  // notes' 24-hour "0700–1500" is "07:00–15:00"
  const text = standardTimes(said)
    .replace(/\b([01]\d|2[0-3])([0-5]\d)(\s*(?:-|–|—|to|till|until)\s*)([01]\d|2[0-3])([0-5]\d)\b/g, '$1:$2$3$4:$5')
    .replace(
      /\b(at|from|till|until|to|by|before|after)\s+([01]\d|2[0-3])([0-5]\d)\b(?!\s*(?:people|pounds|euros|dollars))/gi,
      '$1 $2:$3',
    )
    // a learner's "from the 7 until the 11", "ten of morning", "close it at the 19": the hour said with an article
    // (each the same length, so what is found stays where it was said)
    .replace(
      /\b(at|from|till|until|to|in)\s+the\s+(\d{1,2})\b(?![:.]\d|\s*(?:st|nd|rd|th)\b)/gi,
      (m, p: string, h: string) => `${p} ${h}`.padEnd(m.length, ' '),
    )
    .replace(/\bof\s+(?:the\s+)?(morning|afternoon|evening|night)\b/gi, (m, half: string) =>
      `in ${half}`.padEnd(m.length, ' '),
    );
  const out: Window[] = [];
  const taken: [number, number][] = [];
  const free = (a: number, b: number) => taken.every(([x, y]) => b <= x || a >= y);
  const whole = halfOfDay(text);
  // working hours take their half of the day from their own clause, else from what is said before them ("school 9
  // till half 3 mon-fri, then staff meeting, home 4ish, u do dinner?": the dinner is the evening's, not the school's)
  const near = (at: number, length: number): DayHalf => {
    const from = Math.max(text.lastIndexOf(',', at), text.lastIndexOf(';', at)) + 1;
    const stop = text.slice(at + length).search(/[,;]/);
    return halfOfDay(text.slice(from, stop < 0 ? text.length : at + length + stop)) ?? halfOfDay(text.slice(0, at));
  };
  for (const re of RANGE_RES)
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      if (!free(at, at + m[0].length)) continue;
      const half = opts.workday ? near(at, m[0].length) : whole;
      const a = readClock(m[1]!);
      const b = readClock(m[2]!);
      if (!a || !b) continue;
      // "two to three people" is no window
      if (plainNumber(m[2]!, text.slice(at + m[0].length))) continue;
      // "7-9 pm": the end's half gives the start's when the start leaves it open
      let start = settle(a, half, null, opts.workday ?? false);
      if (!a.fixed && b.fixed) {
        // the start's half is the one that ends soonest before a fixed end ("four until noon", "7-9 pm")
        const fits = [a.minute % (12 * 60), (a.minute % (12 * 60)) + 12 * 60].filter((m) => m < (b.minute || 24 * 60));
        if (fits.length > 0) start = fits[fits.length - 1]!;
        else if (start < 12 * 60) start += 12 * 60;
      }
      let end = settle(b, half, start, opts.workday ?? false);
      if (
        end <= start &&
        !a.fixed &&
        half !== 'evening' &&
        start >= 12 * 60 &&
        settle(b, half, start - 12 * 60, false) > start - 12 * 60
      ) {
        start -= 12 * 60;
        end = settle(b, half, start, opts.workday ?? false);
      }
      // "from eight in the evening until eight in the morning", "until 1 am": the end is on the next day
      // an open end in the small hours after an evening start ("from 19h30 to 1h") is past midnight
      if (end <= start && !b.fixed && start >= 17 * 60 && b.minute % (12 * 60) <= 8 * 60) end = b.minute % (12 * 60);
      else if (end <= start && !(b.fixed && end < start)) continue;
      if (end === 24 * 60) end = 0;
      out.push({ start, end, at, length: m[0].length });
      taken.push([at, at + m[0].length]);
    }
  for (const m of [
    ...text.matchAll(AT_RE),
    // a note's "Tmrw noon:", "Sun midday"
    ...text.matchAll(/(?<![\p{L}])(noon|midday)(?![\p{L}])/giu),
    ...text.matchAll(BARE_RE),
    ...text.matchAll(SPOKEN_RE),
    ...text.matchAll(LATE_RE),
  ].sort((x, y) => (x.index ?? 0) - (y.index ?? 0))) {
    const at = m.index ?? 0;
    if (!free(at, at + m[0].length)) continue;
    if (plainNumber(m[1]!, text.slice(at + m[0].length))) continue;
    const c = readClock(m[1]!);
    if (!c) continue;
    const bare = /^\s*\d{1,2}\s*$/.test(m[1]!) || new RegExp(`^\\s*(?:${HOUR_WORD})\\s*$`, 'i').test(m[1]!);
    // "at 8" is a time; "at 19" or "at 52" is not
    if (bare && Number.isNaN(Number(m[1])) === false && Number(m[1]) > 12) continue;
    const half = opts.workday ? near(at, m[0].length) : whole;
    out.push({ start: settle(c, half, null, opts.workday ?? false), end: null, at, length: m[0].length });
    taken.push([at, at + m[0].length]);
  }
  return out.sort((x, y) => x.at - y.at);
}

// Clock and calendar words for the neutral reader: times in digits and in words ("7:30", "19h", "half past six",
// "a quarter to eight", "noon"), windows ("7-9 pm", "from nine until half past five", "opens at 6 and shuts at 3
// pm"), weekday sets ("Monday to Saturday", "weekdays", "every day but Sunday") and the day of a one-off thing read
// from the story's start ("the first evening", "tomorrow night", "on Saturday", "May 14"). It knows English clock and
// calendar words, nothing about any town.
import { namedDay, weekdayOf } from '../../../core/dates.ts';
import { DAY_MS } from '../../../core/time.ts';
import { WEEKDAYS, type Weekday } from '../types.ts';

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
const SUFFIX = String.raw`(?:\s*(?:am|pm|a\.m\.|p\.m\.|o['’]clock)(?![\p{L}]))?(?:\s+(?:in the (?:morning|afternoon|evening)|at night|tonight|sharp))?`;

/**
 * One clock time in digits or words. Kept loose on purpose: the window and context readers decide am/pm where the
 * text leaves it open.
 */
export const TIME = String.raw`(?:noon|midday|midnight|(?:(?:a\s+)?(?:${MINUTE_WORD})\s+(?:past|to|after|before)\s+${HOUR})${SUFFIX}|half\s+(?:${HOUR_WORD})(?![\p{L}])|${HOUR}(?:[:.h]\d{2})?${SUFFIX}|(?:${HOUR_WORD})[\s-](?:fifteen|thirty|forty-five|o-?five)${SUFFIX})`;

export interface Clock {
  /** Minutes after midnight as first read (a bare "6" is 06:00). */
  minute: number;
  /** Did the text fix the half of the day ("pm", "in the evening", "noon", a 24-hour "19:00")? */
  fixed: boolean;
}

const num = (w: string): number | null => {
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
  const pm = /(?<![\p{L}])(?:pm|p\.m\.)|in the (?:afternoon|evening)|at night|tonight/u.test(t);
  const am = /(?<![\p{L}])(?:am|a\.m\.)(?![\p{L}])|in the morning/u.test(t);
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
  if (/\b(?:evenings?|tonight|nights?|nightly|supper|dinner)\b/i.test(text)) return 'evening';
  if (/\bafternoons?\b/i.test(text)) return 'afternoon';
  if (/\b(?:mornings?|breakfast|brunch)\b/i.test(text)) return 'morning';
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
const UNTIL = String.raw`(?:to|until|till|til|'til|-|–|—|through|and)`;
const RANGE_RES: RegExp[] = [
  new RegExp(String.raw`\b(?:from|between)\s+${T}\s*${UNTIL}\s*${T}`, 'giu'),
  new RegExp(
    String.raw`\b(?:opens?|opening|starts?|starting|begins?|beginning|arrives?|gets? in|clocks? on)\b[^.;]{0,40}?\b(?:at|by|around|from)\s+${T}[^.;]{0,60}?\b(?:shuts?|shutting|close|closes?|closing|finish(?:es)?|finishing|ends?|ending|leaves?|knocks? off|clocks? off|locks? up|goes home|stops?|done)\b[^.;]{0,20}?\b(?:at|by|around|before|until|till)\s+${T}`,
    'giu',
  ),
  new RegExp(String.raw`(?<![\p{L}\d:.])${T}\s*(?:-|–|—|to|until|till)\s*${T}`, 'giu'),
];
const AT_RE = new RegExp(
  String.raw`\b(?:at|from|around|about|by|starting|starts|begins|opens|open)\s+(?:around\s+|about\s+|roughly\s+)?${T}`,
  'giu',
);

/** A time said with its half of the day and no preposition ("tonight 8pm", "Wed 10am"). */
const BARE_RE = /(?<![\p{L}\d:.–-])(\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2})(?![\p{L}\d:–-])/giu;

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
export function windowsIn(text: string, opts: { workday?: boolean } = {}): Window[] {
  const out: Window[] = [];
  const taken: [number, number][] = [];
  const free = (a: number, b: number) => taken.every(([x, y]) => b <= x || a >= y);
  const half = halfOfDay(text);
  for (const re of RANGE_RES)
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      if (!free(at, at + m[0].length)) continue;
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
      // "from eight in the evening until eight in the morning", "until 1 am": the end is on the next day
      if (end <= start && !(b.fixed && end < start)) continue;
      if (end === 24 * 60) end = 0;
      out.push({ start, end, at, length: m[0].length });
      taken.push([at, at + m[0].length]);
    }
  for (const m of [...text.matchAll(AT_RE), ...text.matchAll(BARE_RE)].sort(
    (x, y) => (x.index ?? 0) - (y.index ?? 0),
  )) {
    const at = m.index ?? 0;
    if (!free(at, at + m[0].length)) continue;
    if (plainNumber(m[1]!, text.slice(at + m[0].length))) continue;
    const c = readClock(m[1]!);
    if (!c) continue;
    const bare = /^\s*\d{1,2}\s*$/.test(m[1]!) || new RegExp(`^\\s*(?:${HOUR_WORD})\\s*$`, 'i').test(m[1]!);
    // "at 8" is a time; "at 19" or "at 52" is not
    if (bare && Number.isNaN(Number(m[1])) === false && Number(m[1]) > 12) continue;
    out.push({ start: settle(c, half, null, opts.workday ?? false), end: null, at, length: m[0].length });
    taken.push([at, at + m[0].length]);
  }
  return out.sort((x, y) => x.at - y.at);
}

// ---- weekdays ----

const DAY_NAMES: Record<string, Weekday> = {
  sun: 'sun',
  mon: 'mon',
  tue: 'tue',
  tues: 'tue',
  wed: 'wed',
  thu: 'thu',
  thur: 'thu',
  thurs: 'thu',
  fri: 'fri',
  sat: 'sat',
  sunday: 'sun',
  monday: 'mon',
  tuesday: 'tue',
  wednesday: 'wed',
  thursday: 'thu',
  friday: 'fri',
  saturday: 'sat',
};
const DAY = String.raw`(?:sun|mon|tues?|wed|thu(?:rs?)?|fri|sat)(?:day|nesday|urday|sday|rsday)?s?\.?`;
export const WEEKDAY_ORDER: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const dayOf = (w: string): Weekday | null => {
  const k = w
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/(?<=day)s$/, '');
  if (k in DAY_NAMES) return DAY_NAMES[k]!;
  const short = k.replace(/s$/, '');
  return DAY_NAMES[short] ?? DAY_NAMES[k.slice(0, 3)] ?? null;
};

/** Days from a to b going forward through the week ("Monday to Saturday"; "Friday to Monday" wraps). */
function span(a: Weekday, b: Weekday): Weekday[] {
  const i = WEEKDAY_ORDER.indexOf(a);
  const out: Weekday[] = [];
  for (let k = 0; k < 7; k++) {
    const d = WEEKDAY_ORDER[(i + k) % 7]!;
    out.push(d);
    if (d === b) break;
  }
  return out;
}

const ordered = (days: Iterable<Weekday>): Weekday[] => {
  const s = new Set(days);
  return WEEKDAY_ORDER.filter((d) => s.has(d));
};

/**
 * The weekdays a recurring thing is on, in week order (Monday first), or null when the text names none:
 * "Monday to Saturday", "Mon-Fri", "weekdays", "weekends", "every day", "daily except Sunday", "Tuesdays and
 * Thursdays", "six days a week, closed Sundays".
 */
export function weekdaysIn(text: string): Weekday[] | null {
  const t = text.replace(/\s+/g, ' ');
  let days: Set<Weekday> | null = null;
  const add = (ds: Iterable<Weekday>) => {
    days ??= new Set();
    for (const d of ds) days.add(d);
  };
  const rangeRe = new RegExp(
    String.raw`\b(${DAY})\s*(?:to|through|thru|till|until|-|–|—)\s*(${DAY})(?![\p{L}])`,
    'giu',
  );
  let rest = t;
  for (const m of t.matchAll(rangeRe)) {
    const a = dayOf(m[1]!);
    const b = dayOf(m[2]!);
    if (a && b) {
      add(span(a, b));
      rest = rest.replace(m[0], ' ');
    }
  }
  if (/\b(?:weekdays?|week ?days?|monday-to-friday|working week|every weekday|during the week)\b/i.test(rest))
    add(span('mon', 'fri'));
  if (/\b(?:weekends|at the weekend|on the weekend|every weekend|saturdays and sundays)\b/i.test(rest))
    add(['sat', 'sun']);
  if (
    /\b(?:every (?:single )?(?:day|night|evening|morning)|everyday|daily|nightly|seven days a week|each (?:day|night)|all week|every day of the week)\b/i.test(
      rest,
    )
  )
    add(WEEKDAY_ORDER);
  // "except Sundays", "but Monday", "closed on Sundays", "Sundays off"
  const off = new Set<Weekday>();
  const offRe = new RegExp(
    String.raw`\b(?:except|but|apart from|other than|save|bar|closed|shut|off|not)\b(?:\s+(?:on|for))?\s+((?:${DAY}(?:\s*(?:,|and|or|&)\s*)?)+)|((?:${DAY}(?:\s*(?:,|and|or|&)\s*)?)+)\s+off\b`,
    'giu',
  );
  for (const m of rest.matchAll(offRe)) {
    const list = m[1] ?? m[2] ?? '';
    for (const w of list.matchAll(new RegExp(DAY, 'giu'))) {
      const d = dayOf(w[0]);
      if (d) off.add(d);
    }
    rest = rest.replace(m[0], ' ');
  }
  if (off.size > 0 && days === null && /\b(?:six days|open all week|works? all week)\b/i.test(t)) add(WEEKDAY_ORDER);
  if (
    off.size > 0 &&
    days === null &&
    /\bdays? a week\b|\b(?:all )?(?:the )?other days\b|\brest of the week\b/i.test(t)
  )
    add(WEEKDAY_ORDER);
  // plain named days ("Tuesdays and Thursdays", "on Mondays, Wednesdays and Fridays"), unless a span said it all
  if (days === null)
    for (const w of rest.matchAll(new RegExp(String.raw`\b${DAY}(?![\p{L}])`, 'giu'))) {
      const d = dayOf(w[0]);
      if (d && /^[A-Z]/.test(w[0])) add([d]);
    }
  if (days === null) return null;
  const set: Set<Weekday> = days;
  for (const d of off) set.delete(d);
  return set.size > 0 ? ordered(set) : null;
}

// ---- the day of a one-off thing ----

const ORDINALS: Record<string, number> = { first: 0, second: 1, third: 2, fourth: 3, fifth: 4, sixth: 5, seventh: 6 };
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Day number (days since 1970-01-01) of "YYYY-MM-DD HH:mm". */
export const dayNumber = (start: string): number => {
  const [y, mo, d] = start.slice(0, 10).split('-').map(Number) as [number, number, number];
  return Math.floor(Date.UTC(y, mo - 1, d) / DAY_MS);
};

export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The day a one-off thing falls on, read from the story's first day: "the first evening", "on the second day",
 * "tonight", "tomorrow", "on Saturday", "next Tuesday", "May 14", "the 14th", "in three days". Null when none.
 * A weekly habit ("every Friday", "on Fridays") is no day.
 */
export function eventDay(said: string, first: number): number | null {
  // terse notes' "Sat", "Wed." are the days' names
  const text = said.replace(/(?<![\p{L}-])(Mon|Tues?|Wed|Thu|Thurs?|Fri|Sat|Sun)(?![\p{L}-])\.?/gu, (d) => {
    const k = d.replace('.', '').toLowerCase().slice(0, 3);
    return (
      (
        {
          mon: 'Monday',
          tue: 'Tuesday',
          wed: 'Wednesday',
          thu: 'Thursday',
          fri: 'Friday',
          sat: 'Saturday',
          sun: 'Sunday',
        } as Record<string, string>
      )[k] ?? d
    );
  });
  const t = text.toLowerCase();
  // "the first evening" of the story, not "the first evening of the harvest" (a day said elsewhere)
  const nth =
    /\b(?:the|on the|its|their)\s+(first|second|third|fourth|fifth|sixth|seventh)\s+(?:day|evening|night|morning|afternoon)\b(?!\s+of\b)/.exec(
      t,
    );
  if (nth) return first + ORDINALS[nth[1]!]!;
  const dayN = /\bday\s+(one|two|three|four|five|1|2|3|4|5)\b/.exec(t);
  if (dayN) return first + ((num(dayN[1]!) ?? 1) - 1);
  if (/\b(?:every|each)\s+(?:sun|mon|tues|wednes|thurs|fri|satur)day\b/.test(t)) return null;
  const dm = new RegExp(
    String.raw`\b(?:(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTHS.join('|')})|(${MONTHS.join('|')})\s+(\d{1,2})(?:st|nd|rd|th)?)\b`,
  ).exec(t);
  if (dm) {
    const month = MONTHS.indexOf((dm[2] ?? dm[3])!);
    const date = Number(dm[1] ?? dm[4]);
    const year = new Date(first * DAY_MS).getUTCFullYear();
    let d = Math.floor(Date.UTC(year, month, date) / DAY_MS);
    if (d < first - 180) d = Math.floor(Date.UTC(year + 1, month, date) / DAY_MS);
    return d;
  }
  const ofMonth = /\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b/.exec(t);
  if (ofMonth) {
    const s = new Date(first * DAY_MS);
    let d = Math.floor(Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), Number(ofMonth[1])) / DAY_MS);
    if (d < first) d = Math.floor(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, Number(ofMonth[1])) / DAY_MS);
    return d;
  }
  const week = /\b(sun|mon|tues|wednes|thurs|fri|satur)day\s+week\b/.exec(t);
  if (week) {
    const k = WEEKDAYS.indexOf(week[1]!.slice(0, 3) as Weekday);
    return first + ((k - weekdayOf(first) + 7) % 7 || 7) + 7;
  }
  if (/\b(?:the\s+)?(?:same|that|this)\s+(?:evening|night|afternoon|morning|day)\b|\btonight\b|\btoday\b/.test(t))
    return first;
  if (/\b(?:the\s+)?(?:next|following)\s+(?:day|evening|night|morning|afternoon)\b/.test(t)) return first + 1;
  const named = namedDay(text, first);
  if (named && 'day' in named) return named.day;
  return null;
}

/** Weekday (sun..sat) of a day number. */
export const weekdayName = (day: number): Weekday => WEEKDAYS[weekdayOf(day)]!;

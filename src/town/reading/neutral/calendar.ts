// Calendar words for the neutral reader: weekday sets ("Monday to Saturday", "weekdays", "every day but Sunday",
// "Mon/Wed/Fri") and the day of a one-off thing read from the story's start ("the first evening", "tomorrow night",
// "on Saturday", "Sat", "May 14", "the 14th"). It knows English calendar words, nothing about any town.
import { MONTH_WORDS, namedDay, weekdayOf } from '../../../core/dates.ts';
import { DAY_MS } from '../../../core/time.ts';
import { WEEKDAYS, type Weekday } from '../types.ts';
import { num } from './clock.ts';
import { standardTimes } from './regional.ts';

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

const TWO: Record<string, string> = { Mo: 'Mon', Tu: 'Tue', We: 'Wed', Th: 'Thu', Fr: 'Fri', Sa: 'Sat', Su: 'Sun' };
const TWO_LIST = /(?<![\p{L}])(?:Mo|Tu|We|Th|Fr|Sa|Su)(?:\s*[/&+,–-]\s*(?:Mo|Tu|We|Th|Fr|Sa|Su))+(?![\p{L}])/gu;

/** A terse note's "M-F" and "Tu/Th" (two-letter days only in a list of them, where "We" is no pronoun). */
const shortDays = (t: string): string =>
  t
    .replace(/(?<![\p{L}])M\s*[-–]\s*F(?![\p{L}])/gu, 'Mon-Fri')
    // notes' "M/W/F", "Tu/Th", "Sa/Su": one or two letters a day, slashed
    .replace(/(?<![\p{L}/])(?:M|Tu|W|Th|F|Sa|Su|T|S)(?:\/(?:M|Tu|W|Th|F|Sa|Su|T|S)){1,6}(?![\p{L}/])/gu, (list) =>
      list
        .split('/')
        .map(
          (d) =>
            ({ M: 'Mon', Tu: 'Tue', T: 'Tue', W: 'Wed', Th: 'Thu', F: 'Fri', Sa: 'Sat', Su: 'Sun', S: 'Sat' })[d] ?? d,
        )
        .join(', '),
    )
    .replace(TWO_LIST, (list) => list.replace(/(?:Mo|Tu|We|Th|Fr|Sa|Su)/g, (d) => TWO[d] ?? d));

/**
 * The weekdays a recurring thing is on, in week order (Monday first), or null when the text names none:
 * "Monday to Saturday", "Mon-Fri", "weekdays", "weekends", "every day", "daily except Sunday", "Tuesdays and
 * Thursdays", "six days a week, closed Sundays".
 */
export function weekdaysIn(text: string): Weekday[] | null {
  const t = shortDays(standardTimes(text).replace(/\s+/g, ' '));
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
  // "shut Mon–Wed", "closed Monday to Wednesday": days off, said as a span
  const offSpan = new Set<Weekday>();
  for (const m of t.matchAll(rangeRe)) {
    const a = dayOf(m[1]!);
    const b = dayOf(m[2]!);
    if (a && b) {
      if (/\b(?:shut|closed|off|except|not|but|bar)\s*(?:on\s+)?$/i.test(t.slice(0, m.index)))
        for (const d of span(a, b)) offSpan.add(d);
      else add(span(a, b));
      rest = rest.replace(m[0], ' ');
    }
  }
  if (/\b(?:weekdays?|week ?days?|monday-to-friday|working week|every weekday|during the week)\b/i.test(rest))
    add(span('mon', 'fri'));
  if (/\b(?:weekends|at the weekend|on the weekend|every weekend)\b/i.test(rest)) add(['sat', 'sun']);
  // "every morning at nine ... Monday to Friday": the days said outright win over "every morning"
  if (
    days === null &&
    /\b(?:every (?:single )?(?:day|night|evening|morning)|everyday|daily|nightly|seven days (?:a|in the|of the) week|each (?:day|night)|all week|every day of the week|most days)\b/i.test(
      rest,
    )
  )
    add(WEEKDAY_ORDER);
  // "except Sundays", "but Monday", "closed on Sundays", "Sundays off"
  const off = new Set<Weekday>();
  const offRe = new RegExp(
    String.raw`\b(?:except|but|apart from|other than|save|bar|closed|shut|off|not|never)\b(?:\s+(?:on|for))?(?:\s+an?)?\s+((?:${DAY}(?:\s*(?:,|and|or|&)\s*)?)+)|((?:${DAY}(?:\s*(?:,|and|or|&)\s*)?)+)\s+(?:off|excepted|free|are (?:mine|free|my own|off))\b`,
    'giu',
  );
  for (const m of rest.matchAll(offRe)) {
    // "bar Sat shifts" is no exception; "every night bar Monday" is
    if (/^(?:bar|save)\b/i.test(m[0]) && days === null) continue;
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
  // a note's or a child's lower case: a whole day name ("monday tuesday and thursday"), or short ones in a list of
  // two or more ("sat & sun", "mon, wed & thu"); one "sat" or "wed" alone may be a verb
  if (days === null) {
    const list = new RegExp(String.raw`\b${DAY}(?:\s*(?:,|and|&|\+)\s*${DAY})+(?![\p{L}])`, 'giu');
    for (const l of rest.matchAll(list))
      for (const w of l[0].matchAll(new RegExp(String.raw`\b${DAY}(?![\p{L}])`, 'giu'))) {
        const d = dayOf(w[0]);
        if (d) add([d]);
      }
    for (const w of rest.matchAll(/\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/gi)) {
      const d = dayOf(w[0]);
      if (d) add([d]);
    }
  }
  if (days === null) return null;
  const set: Set<Weekday> = days;
  for (const d of off) set.delete(d);
  for (const d of offSpan) set.delete(d);
  return set.size > 0 ? ordered(set) : null;
}

const ORDINALS: Record<string, number> = { first: 0, second: 1, third: 2, fourth: 3, fifth: 4, sixth: 5, seventh: 6 };

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
/** Fixed-date holidays said by name ("on Christmas Eve", "Halloween night"), written as their dates. */
const HOLIDAYS: [RegExp, string][] = [
  [/\bchristmas eve\b/g, 'december 24'],
  [/\b(?:christmas day|christmas)\b/g, 'december 25'],
  [/\bboxing day\b/g, 'december 26'],
  [/\bnew year['’]s eve\b|\bhogmanay\b/g, 'december 31'],
  [/\bnew year['’]s day\b/g, 'january 1'],
  [/\bhalloween\b/g, 'october 31'],
  [/\b(?:st\.? )?valentine['’]s day\b/g, 'february 14'],
  [/\bbonfire night\b|\bguy fawkes night\b/g, 'november 5'],
];
function holidayDates(t: string): string {
  let out = t;
  for (const [re, date] of HOLIDAYS) out = out.replace(re, date);
  return out;
}

export function eventDay(said: string, first: number): number | null {
  // terse notes' "Sat", "Wed." are the days' names
  // notes' "tmrw", "2moro", "tonite"
  const plain = said
    .replace(/\b(?:tmrw|tmw|tmoz|tomoz|2moro|2morrow)\b\.?/gi, 'tomorrow')
    .replace(/\btonite\b/gi, 'tonight')
    // a text message's lower case: "thurs eve", "fri", and "sat"/"sun"/"wed" (words of their own too) only as a
    // day is said ("on sat", "sun night", "this wed")
    .replace(
      /(?<![\p{L}-])(?:(mon|tues?|weds?|thurs?|fri)|(?<=\b(?:on|this|next|till|until|by|from)\s+)(sat|sun)|(sat|sun)(?=\s+(?:eve|evening|night|morning|afternoon|lunch|\d)))(?![\p{L}-])\.?/gu,
      (d) => d.charAt(0).toUpperCase() + d.slice(1),
    );
  const text = plain.replace(/(?<![\p{L}-])(Mon|Tues?|Weds?|Thu|Thurs?|Fri|Sat|Sun)(?![\p{L}-])\.?/gu, (d) => {
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
  // notes' "8 Mar", "Mar 8", "Sept 14th": the month's whole name
  const month = (mo: string) => MONTH_WORDS.find((w) => w.startsWith(mo.slice(0, 3))) ?? mo;
  const t = text
    .toLowerCase()
    .replace(
      /(\d{1,2}(?:st|nd|rd|th)?\s+)(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b\.?/g,
      (_, n: string, mo: string) => n + month(mo),
    )
    .replace(/\b(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?(?=\s+\d)/g, (_, mo: string) => month(mo));
  // "the first evening" of the story, not "the first evening of the harvest" (a day said elsewhere)
  const nth =
    /\b(?:the|on the|its|their)\s+(first|second|third|fourth|fifth|sixth|seventh)\s+(?:day|evening|night|morning|afternoon)\b(?!\s+of\b)/.exec(
      t,
    );
  if (nth) return first + ORDINALS[nth[1]!]!;
  const dayN = /\bday\s+(one|two|three|four|five|1|2|3|4|5)\b/.exec(t);
  if (dayN) return first + ((num(dayN[1]!) ?? 1) - 1);
  if (/\b(?:every|each)\s+(?:sun|mon|tues|wednes|thurs|fri|satur)day\b/.test(t)) return null;
  // "the first Saturday of December", "the last Friday in June"
  const nthOf = new RegExp(
    String.raw`\bthe\s+(first|second|third|fourth|last)\s+(sun|mon|tues|wednes|thurs|fri|satur)day\s+(?:of|in)\s+(${MONTH_WORDS.join('|')})\b`,
  ).exec(t);
  if (nthOf) {
    const month = MONTH_WORDS.indexOf(nthOf[3]!);
    const k = WEEKDAYS.indexOf(nthOf[2]!.slice(0, 3) as Weekday);
    const start = new Date(first * DAY_MS).getUTCFullYear();
    for (const year of [start, start + 1]) {
      const one = Math.floor(Date.UTC(year, month, 1) / DAY_MS);
      const firstK = one + ((k - weekdayOf(one) + 7) % 7);
      const last = Math.floor(Date.UTC(year, month + 1, 1) / DAY_MS) - 1;
      const d = nthOf[1] === 'last' ? last - ((weekdayOf(last) - k + 7) % 7) : firstK + 7 * ORDINALS[nthOf[1]!]!;
      if (d >= first - 1) return d;
    }
  }
  const dm = new RegExp(
    String.raw`\b(?:(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH_WORDS.join('|')})|(${MONTH_WORDS.join('|')})\s+(\d{1,2})(?:st|nd|rd|th)?)\b`,
  ).exec(t);
  if (dm) {
    const month = MONTH_WORDS.indexOf((dm[2] ?? dm[3])!);
    const date = Number(dm[1] ?? dm[4]);
    const year = new Date(first * DAY_MS).getUTCFullYear();
    let d = Math.floor(Date.UTC(year, month, date) / DAY_MS);
    if (d < first - 180) d = Math.floor(Date.UTC(year + 1, month, date) / DAY_MS);
    return d;
  }
  const ofMonth =
    /\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b/.exec(t) ??
    /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(\d{1,2})(?:st|nd|rd|th)\b/.exec(t);
  if (ofMonth) {
    const s = new Date(first * DAY_MS);
    let d = Math.floor(Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), Number(ofMonth[1])) / DAY_MS);
    if (d < first) d = Math.floor(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, Number(ofMonth[1])) / DAY_MS);
    return d;
  }
  // "17/5", "17/05/2025": day then month, unless the first cannot be a month's day order ("5/17")
  const slash = /(?<![\d/])(?!24\/7\b|1\/[234]\b)(\d{1,2})\/(\d{1,2})(?:\/(?:\d{2}|\d{4}))?(?![\d/])/.exec(t);
  if (slash) {
    let [d, mo] = [Number(slash[1]), Number(slash[2])];
    if (mo > 12 && d <= 12) [d, mo] = [mo, d];
    if (mo >= 1 && mo <= 12 && d >= 1 && d <= 31) {
      const year = new Date(first * DAY_MS).getUTCFullYear();
      let day = Math.floor(Date.UTC(year, mo - 1, d) / DAY_MS);
      if (day < first - 180) day = Math.floor(Date.UTC(year + 1, mo - 1, d) / DAY_MS);
      return day;
    }
  }
  const week =
    /\b(sun|mon|tues|wednes|thurs|fri|satur)day\s+week\b/.exec(t) ??
    /\ba week (?:on|from) (sun|mon|tues|wednes|thurs|fri|satur)day\b/.exec(t);
  if (week) {
    const k = WEEKDAYS.indexOf(week[1]!.slice(0, 3) as Weekday);
    return first + ((k - weekdayOf(first) + 7) % 7 || 7) + 7;
  }
  if (/\b(?:the\s+)?(?:same|that|this)\s+(?:evening|night|afternoon|morning|day)\b|\btonight\b|\btoday\b/.test(t))
    return first;
  if (/\b(?:the\s+)?(?:next|following)\s+(?:day|evening|night|morning|afternoon)\b/.test(t)) return first + 1;
  const named = namedDay(text, first);
  if (named && 'day' in named) return named.day;
  // a holiday by name ("on Christmas Eve") when no other day is said
  const held = holidayDates(t);
  return held !== t ? eventDay(held, first) : null;
}

/** Weekday (sun..sat) of a day number. */
export const weekdayName = (day: number): Weekday => WEEKDAYS[weekdayOf(day)]!;

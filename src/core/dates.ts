// A neutral reader of days in text ("tomorrow", "on Sunday", "next week", "April 13", "in two days"), read from
// the day the text was said. It knows the calendar, nothing about any event, office or place: every dated thing is
// treated alike. Used by the mind (dated events and intentions pinned into a day plan, expired after their day)
// and by the offline stand-in.
import { stripPeriod } from './text.ts';
import { DAY_MS } from './time.ts';

export const T = '(\\d{1,2})(?::(\\d{2}))?\\s*(am|pm|a\\.m\\.|p\\.m\\.)';

export const WEEKDAY_WORDS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
export const MONTH_WORDS = [
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
export const MONTH_DAY_RE =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2})(?:st|nd|rd|th)?\b/i;
export const COUNTS: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };

/** A calendar day as days since 1970-01-01 (UTC), so "two days later" is plain arithmetic. */
function dayNo(year: number, month: number, date: number): number {
  return Math.floor(Date.UTC(year, month, date) / DAY_MS);
}

/** Today's day number: from the ISO day when given, else from "Friday, April 12" in a year whose calendar fits. */
export function todayNumber(iso: string | undefined, date: string): number | null {
  const fromIso = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (fromIso) return dayNo(Number(fromIso[1]), Number(fromIso[2]) - 1, Number(fromIso[3]));
  const m = /^\s*(\w+),\s+(\w+)\s+(\d{1,2})/.exec(date);
  const month = m ? MONTH_WORDS.indexOf(m[2]!.toLowerCase()) : -1;
  if (!m || month < 0) return null;
  const weekday = WEEKDAY_WORDS.indexOf(m[1]!.toLowerCase());
  // weekdays repeat every 28 years, so one of these years has the date on its weekday
  for (let y = 2020; y < 2048; y++) {
    const d = dayNo(y, month, Number(m[3]));
    if (weekday < 0 || (d + 4) % 7 === weekday) return d; // 1970-01-01 was a Thursday
  }
  return null;
}

export const weekdayOf = (d: number) => (((d + 4) % 7) + 7) % 7;

/**
 * The day a text names, read from the day it was said: "tomorrow", "on Sunday" (the next Sunday, or that day),
 * "next Sunday", "this weekend", "next week" (its Monday), "in two days", "April 13"; a weekly habit ("on
 * Sundays", "every Sunday") names its weekday. Null when the text names no day.
 */
export function namedDay(text: string, said: number): { day: number } | { weekday: number } | null {
  const md = MONTH_DAY_RE.exec(text);
  if (md) {
    const year = new Date(said * DAY_MS).getUTCFullYear();
    const month = MONTH_WORDS.indexOf(md[1]!.toLowerCase());
    const d = dayNo(year, month, Number(md[2]));
    return { day: d < said - 180 ? dayNo(year + 1, month, Number(md[2])) : d }; // "January 3" said in December
  }
  if (/\bday after tomorrow\b/i.test(text)) return { day: said + 2 };
  if (/\btomorrow\b/i.test(text)) return { day: said + 1 };
  const inDays = /\bin (a|one|two|three|four|five|six|seven|\d) (day|week)s?\b/i.exec(text);
  if (inDays) {
    const n = COUNTS[inDays[1]!.toLowerCase()] ?? Number(inDays[1]);
    return { day: said + n * (inDays[2]!.toLowerCase() === 'week' ? 7 : 1) };
  }
  if (/\b(today|tonight|this (?:morning|afternoon|evening))\b/i.test(text)) return { day: said };
  for (const [k, d] of WEEKDAY_WORDS.entries()) {
    if (new RegExp(`\\b(?:every ${d}|(?:on )?${d}s)\\b`, 'i').test(text)) return { weekday: k };
    const ahead = (k - weekdayOf(said) + 7) % 7;
    if (new RegExp(`\\bnext ${d}\\b`, 'i').test(text)) return { day: said + (ahead === 0 ? 7 : ahead) };
    if (new RegExp(`\\b${d}\\b`, 'i').test(text)) return { day: said + ahead };
  }
  if (/\bthis weekend\b/i.test(text))
    return { day: weekdayOf(said) === 0 ? said : said + ((6 - weekdayOf(said) + 7) % 7) };
  if (/\bnext week\b/i.test(text)) return { day: said + ((1 - weekdayOf(said) + 7) % 7 || 7) };
  const ym = new Date(said * DAY_MS);
  if (/\bnext month\b/i.test(text)) return { day: dayNo(ym.getUTCFullYear(), ym.getUTCMonth() + 1, 1) };
  if (/\bnext year\b/i.test(text)) return { day: dayNo(ym.getUTCFullYear() + 1, 0, 1) };
  return null;
}

/** When a remembered plan falls, seen from today: on this day, still ahead (prepare), gone, or undated. */
export type Due = 'today' | 'ahead' | 'gone' | 'undated';

/** `said`: the ISO day the memory was made (a memory without one counts as today's). */
export function dueOn(text: string, today: number, said?: string): Due {
  const named = namedDay(text, (said ? todayNumber(said, '') : null) ?? today);
  if (named === null) return 'undated';
  if ('weekday' in named) return named.weekday === weekdayOf(today) ? 'today' : 'gone';
  return named.day === today ? 'today' : named.day > today ? 'ahead' : 'gone';
}

/** Strips date and time qualifiers from an activity ("a party at X on Saturday, April 13, from 6 pm to 9 pm"). */
export function trimWhen(activity: string): string {
  return stripPeriod(
    activity
      .replace(
        /,?\s+(?:on|this|next|every)\s+(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|weekend|week|month|year)\b(?!['’])(?!\s+\w+ing).*$/i,
        '',
      )
      .replace(new RegExp(`,?\\s+(?:on\\s+)?${MONTH_DAY_RE.source}.*$`, 'i'), '')
      .replace(new RegExp(`,?\\s+(?:from|at|around|by|until)\\s+${T}.*$`, 'i'), '')
      // hours in words ("from half past eight until one", "at noon")
      .replace(
        /,?\s+(?:from|at|around|by|until|till)\s+(?:(?:half|a quarter|quarter)\s+(?:past|to)\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midday|midnight)\b.*$/i,
        '',
      )
      .replace(/\s+(?:next month|this year|next week|tomorrow|today|tonight)(?!['’])$/i, '')
      .replace(/[*]/g, ''),
  );
}

/**
 * The day (days since 1970) of a remembered event or intention that names a day not yet past (today or ahead),
 * else null: what a day plan must see whatever retrieval ranks first. `said` is the ISO day the memory was made.
 */
export function upcomingDay(text: string, today: number, said?: string): number | null {
  const named = namedDay(text, (said ? todayNumber(said, '') : null) ?? today);
  if (named === null) return null;
  const day = 'weekday' in named ? (named.weekday === weekdayOf(today) ? today : null) : named.day;
  return day !== null && day >= today ? day : null;
}

/**
 * Is a remembered plan, event or piece of news still due at `now` (its day today or ahead, undated, weekly)? A
 * memory naming a day already past is history: not planned, not passed on as news, not upcoming. The text read
 * is the news a dialogue line carried when it has one, else the description; the day is read from when it was made.
 */
export function stillDue(
  m: { description: string; createdAt: number; meta?: Record<string, unknown> | null },
  now: number,
): boolean {
  const text = typeof m.meta?.news === 'string' ? m.meta.news : m.description;
  const today = Math.floor(now / DAY_MS);
  const named = namedDay(text, Math.floor(m.createdAt / DAY_MS));
  // a weekly habit ("every Sunday") recurs: never history
  return named === null || 'weekday' in named || named.day >= today;
}

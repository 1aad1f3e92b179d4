// Simulated time, one module for the town clock, the agent's mind and the offline stand-in: milliseconds since the
// epoch, read as UTC, so a run never depends on the host's time zone. Minutes of a day are 0..1440.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Whole simulated days since the epoch: changes at simulated midnight. */
export function dayIndex(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** The simulated midnight that starts the day of `ms`. */
export function dayStart(ms: number): number {
  return dayIndex(ms) * DAY_MS;
}

/** "2023-02-13" */
export function dayKey(ms: number): string {
  return new Date(dayStart(ms)).toISOString().slice(0, 10);
}

/** Whole minutes after simulated midnight (0..1439). */
export function minuteOfDay(ms: number): number {
  return Math.floor((ms - dayStart(ms)) / MINUTE_MS);
}

/** Minutes after midnight -> "7:05 am" (1440 reads "12:00 am"). */
export function formatClock(minute: number): string {
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** 425 -> "7:05 am"; 1440 (the end of a plan's day) -> "midnight". */
export function clockText(minute: number): string {
  return minute >= 1440 ? 'midnight' : formatClock(minute);
}

/** The clock of `ms`, rounded to the nearest minute: "7:05 am" ("midnight" when it rounds up to 1440). */
export function clockAt(ms: number): string {
  return clockText(Math.round((ms - dayStart(ms)) / MINUTE_MS));
}

/** 425 -> "07:05" (the form plans are exchanged in). */
export function hhmm(minute: number): string {
  const m = Math.max(0, Math.min(1440, Math.round(minute)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export function hhmmAt(ms: number): string {
  return hhmm((ms - dayStart(ms)) / MINUTE_MS);
}

/** Minutes after midnight from "07:05", "7:05 am", "7 pm", "19h", "12:00 pm"; null when unreadable. */
export function parseClock(text: string): number | null {
  const m = /^\s*(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s*$/i.exec(text);
  if (!m) return null;
  let h = Number(m[1]);
  const min = m[2] === undefined ? 0 : Number(m[2]);
  const suffix = m[3]?.toLowerCase().replace(/\./g, '');
  if (min > 59 || h > 24) return null;
  if (suffix === 'am' && h === 12) h = 0;
  else if (suffix === 'pm' && h < 12) h += 12;
  return Math.min(1440, h * 60 + min);
}

/** "Monday, February 13" (the agent's prompts). */
export function dateText(ms: number): string {
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** "Monday, February 13, 2023" (the town's posts and reports). */
export function formatSimDate(ms: number): string {
  const d = new Date(ms);
  return `${dateText(ms)}, ${d.getUTCFullYear()}`;
}

/** "Monday, February 13, 2023, 7:00 am" */
export function formatSimTime(ms: number): string {
  return `${formatSimDate(ms)}, ${formatClock(minuteOfDay(ms))}`;
}

const START_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

/** Parses "2023-02-13 07:00" (or with a T) into simulated ms; null when malformed. */
export function parseSimStart(text: string): number | null {
  const m = START_RE.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(ms);
  if (back.getUTCDate() !== d) return null; // 2023-02-30 and friends
  return ms;
}

/** "2023-02-13 07:00", the form parseSimStart reads. */
export function formatSimStart(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

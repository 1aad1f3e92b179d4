// Simulated time: milliseconds since the epoch, read as UTC so a run never depends on the host's time zone.
import { MONTHS, WEEKDAYS } from '../core/calendar.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

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

export function formatSimStart(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

/** "Monday, February 13, 2023, 7:00 am" */
export function formatSimTime(ms: number): string {
  const d = new Date(ms);
  return `${formatSimDate(ms)}, ${formatClock(d.getUTCHours() * 60 + d.getUTCMinutes())}`;
}

/** "Monday, February 13, 2023" */
export function formatSimDate(ms: number): string {
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** Minutes after midnight -> "7:05 am". */
export function formatClock(minuteOfDay: number): string {
  const h = Math.floor(minuteOfDay / 60) % 24;
  const m = minuteOfDay % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

export function minuteOfDay(ms: number): number {
  const d = new Date(ms);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}

/** Whole simulated days since the epoch: changes at simulated midnight. */
export function dayIndex(ms: number): number {
  return Math.floor(ms / DAY);
}

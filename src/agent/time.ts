// Simulated time for the agent mind: milliseconds since the epoch, read as UTC (the town does the same), so a
// run never depends on the host's time zone.
import { MONTHS, WEEKDAYS } from '../core/calendar.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** "2023-02-13" */
export function dayKey(ms: number): string {
  return new Date(dayStart(ms)).toISOString().slice(0, 10);
}

export function minuteOfDay(ms: number): number {
  return Math.floor((ms - dayStart(ms)) / MINUTE_MS);
}

/** 425 -> "7:05 am"; 1440 -> "midnight". */
export function clockText(minute: number): string {
  if (minute >= 1440) return 'midnight';
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

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

/** "Monday, February 13" */
export function dateText(ms: number): string {
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

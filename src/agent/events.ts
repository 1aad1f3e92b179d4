// Dated events of today in the day plan (issue 10 item 5): a block the outline put at an event's place and hours is
// pinned there, and an event the resident hosts or resolved to go to is kept even when the outline left it out (a
// resolve may be a promise made in conversation: converse.ts stores "<name> plans to go to ..."). A neutral reader
// of clock times and places: any event alike.

import { T, todayNumber, upcomingDay } from '../core/dates.ts';
import { kindInText } from '../core/event-text.ts';
import { type NormalizeOptions, spliceSlots } from '../core/schedule.ts';
import { escapeRegExp } from '../core/text.ts';
import { dayKey, MINUTE_MS, parseClock } from '../core/time.ts';
import type { Resident } from './context.ts';
import { eventActivity, eventBlocks } from './event.ts';
import type { KnownEvent, PlanSlot } from './mind-state.ts';
import type { PromptPlace } from './prompts/plan-day.ts';
import type { Memory } from './types.ts';
import { intendedAction, placeNamed } from './when.ts';

/**
 * A block the day plan put at a dated event of today, at its place and in its hours ("on Monday, May 5, from 6 pm
 * to 8 pm at the library"), is pinned: decomposition keeps it there (a neutral reader of clock times and places).
 */
export function keepEvents(
  slots: PlanSlot[],
  events: readonly Memory[],
  places: readonly PromptPlace[],
  day0: number,
  now: number,
): PlanSlot[] {
  const today = todayNumber(dayKey(now), '');
  let out = slots;
  for (const m of events) {
    const text = typeof m.meta?.news === 'string' ? m.meta.news : m.description;
    if (today === null || upcomingDay(text, today, dayKey(m.createdAt)) !== today) continue;
    const times = [...text.matchAll(new RegExp(`\\b${T}`, 'gi'))].map((x) => parseClock(x[0]));
    const where = placeNamed(text, places);
    if (times[0] == null || !where) continue;
    const start = day0 + times[0] * MINUTE_MS;
    const end = times[1] != null && times[1] > times[0] ? day0 + times[1] * MINUTE_MS : start + 60 * MINUTE_MS;
    out = out.map((b) => (b.place === where.id && b.start < end && b.end > start ? { ...b, pinned: true } : b));
  }
  return out;
}

const HOSTING =
  /\b(?:is|are|will be)\s+(?:hosting|holding|having|throwing|giving|organi[sz]ing|running)\s+(an?\s+[^,.;]+?)(?=\s+(?:at|in|on|from|for)\b|[,.;]|$)/i;

/**
 * The engagements of today the resident has made its own: a dated event with a clock time at a known place that it
 * hosts ("Ruth Orr is hosting a reading evening at the library on Monday from 6 pm to 8 pm") or has resolved to go
 * to ("... and plans to go"), as pinned blocks at that place and hour. A day plan that left one out gets it back:
 * what one promised to attend is kept whatever the outline made of the day. A neutral reader: any event alike.
 */
export function engagements(
  r: Resident,
  known: readonly Memory[],
  places: readonly { id: string; name: string }[],
  day0: number,
  now: number,
): PlanSlot[] {
  const today = todayNumber(dayKey(now), '');
  const p = r.profile;
  const out: PlanSlot[] = [];
  for (const m of known) {
    if (m.kind === 'plan' || today === null) continue;
    const text = typeof m.meta?.news === 'string' ? m.meta.news : m.description;
    if (upcomingDay(text, today, dayKey(m.createdAt)) !== today) continue;
    const mine = text.startsWith(p.name) || text.startsWith(`${p.firstName} `);
    const host =
      mine &&
      new RegExp(
        `^${escapeRegExp(p.name)}\\s+(?:is|will be)\\s+(?:hosting|holding|having|throwing|giving|organi[sz]ing|running)\\b`,
        'i',
      ).test(text);
    if (!host && !(mine && (GOING.test(text) || intendedAction(text)))) continue;
    const times = [...text.matchAll(new RegExp(`\\b${T}`, 'gi'))].map((x) => parseClock(x[0]));
    const where = placeNamed(text, places);
    if (times[0] == null || !where) continue;
    const start = day0 + times[0] * MINUTE_MS;
    const end = times[1] != null && times[1] > times[0] ? day0 + times[1] * MINUTE_MS : start + 60 * MINUTE_MS;
    const what = HOSTING.exec(text)?.[1]?.trim() ?? GOING_TO.exec(text)?.[1]?.trim() ?? `the event at ${where.name}`;
    out.push({ start, end, activity: host ? `host ${what}` : `go to ${what}`, place: where.id, pinned: true });
  }
  return out;
}

const GOING =
  /\b(?:plans?|plann(?:ed|ing)|wants?|intends?|means?|is going|has decided|decided|promised)\s+to\s+(?:go|come|attend|join|be there)\b|\b(?:will|'ll)\s+(?:go|come|attend|join|be there)\b/i;

/** What a resolve goes to: "plans to go to Ruth Orr's reading evening at ..." -> "Ruth Orr's reading evening". */
const GOING_TO =
  /\b(?:go|come|get)\s+to\s+((?:the|an?|\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*['’]s)\s+[^,.;]+?)(?=\s+(?:at|in|on|from|with)\b|[,.;]|$)/iu;

/**
 * Events of today in a day plan's blocks as the things they are: a block for an event keeps the event's kind and
 * place, and one the resident hosts or resolved to go to is put at its place and hours when the outline left it out.
 */
export function placeEvents(
  r: Resident,
  planned: PlanSlot[],
  at: {
    events: readonly KnownEvent[];
    known: readonly Memory[];
    places: readonly PromptPlace[];
    day0: number;
    start: number;
    now: number;
  },
  opts: NormalizeOptions<PlanSlot>,
): PlanSlot[] {
  const { events, known, places, day0, start, now } = at;
  let blocks = planned;
  // a block for an event keeps its kind and place ("go to Leo's event" at the pier is the host's beach clean-up)
  for (const e of eventBlocks(blocks, events, r, day0)) {
    const window = { start: Math.max(e.start, start), end: e.end };
    if (window.end > window.start) blocks = spliceSlots(blocks, window, [{ ...e, ...window }], opts);
  }
  // an event of today the resident hosts or resolved to go to is kept at its place and hours, even if left out
  // (one it hosts and knows as a thing is kept even when the memory saying so was not retrieved this time)
  const hosted = events
    .filter((x) => x.host === r.profile.name)
    .map((x) => ({
      start: day0 + x.start * MINUTE_MS,
      end: day0 + x.end * MINUTE_MS,
      activity: eventActivity(x, r),
      place: x.place,
      pinned: true,
    }));
  for (const raw of [...engagements(r, known, places, day0, now), ...hosted]) {
    // named as the event it is, when the resident knows it as a thing
    const known = events.find(
      (x) => x.place === raw.place && day0 + x.start * MINUTE_MS < raw.end && day0 + x.end * MINUTE_MS > raw.start,
    );
    const e = known ? { ...raw, activity: eventActivity(known, r) } : raw;
    const window = { start: Math.max(e.start, start), end: e.end };
    // (already there: a pinned block at its place in its hours, that names it when the event is known as a thing)
    if (
      window.end <= window.start ||
      blocks.some(
        (b) =>
          b.pinned &&
          b.place === e.place &&
          b.start < e.end &&
          b.end > e.start &&
          (!known || kindInText(known.kind, b.activity)),
      )
    )
      continue;
    blocks = spliceSlots(blocks, window, [{ ...e, ...window }], opts);
  }
  return blocks;
}

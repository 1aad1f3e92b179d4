// Goals that age (issue 10 item 5): an intention the resident planned (a whisper, something said in a conversation,
// its own resolve: "ask Priya for a music book", "find a band for the cafe") that is never carried out counts as
// failing on each day it was planned and not done; after `goalFailDays` such days it is given up for `goalDropDays`
// (left out of the day plan's intentions) and the resident remembers giving it up, so the plans change instead of
// repeating one goal every day for a week. A neutral reader: it compares words of the intention with what the
// resident's day was made of, nothing about any event, office or place.

import { todayNumber, upcomingDay } from '../core/dates.ts';
import { DAY_MS, dayKey } from '../core/time.ts';
import type { MindContext, Resident } from './context.ts';
import type { MindState, PlanSlot } from './mind-state.ts';
import type { Memory } from './types.ts';
import { intendedAction } from './when.ts';

const STOP = new Set(
  'about after again also always around because before being could does doing from going have having into just like make more most much need needs only over really should some soon still than that their them then there these they this those today tomorrow tonight very want wants what when where which while will with would your'.split(
    ' ',
  ),
);

const stem = (w: string) => w.replace(/(ing|es|ed|s)$/, '');

/** The content words of a text (stems of 4+ letters, no common words, none of the given names). */
export function contentWords(text: string, names: readonly string[] = []): Set<string> {
  const skip = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)));
  const out = new Set<string>();
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    if (w.length >= 4 && !STOP.has(w) && !skip.has(w)) out.add(stem(w));
  return out;
}

/** What the intention is, as a key: its action when it names one, else (a dated event) its text. */
function textOf(m: Memory): string {
  return typeof m.meta?.news === 'string' ? m.meta.news : m.description;
}

/** The intention a memory states (its action, lower-cased), or null when it states none. */
export function intentionOf(m: Memory, now: number): string | null {
  if (m.kind === 'seed' || m.kind === 'plan') return null;
  const t = textOf(m);
  const action = intendedAction(t);
  if (action) return action.toLowerCase();
  const today = todayNumber(dayKey(now), '');
  return today !== null && upcomingDay(t, today, dayKey(m.createdAt)) !== null ? t.toLowerCase().slice(0, 120) : null;
}

function ahead(m: Memory, now: number): boolean {
  const today = todayNumber(dayKey(now), '');
  const day = today === null ? null : upcomingDay(textOf(m), today, dayKey(m.createdAt));
  return day !== null && today !== null && day > today;
}

function dropped(mind: MindState, key: string, now: number): boolean {
  return (mind.goals?.dropped[key] ?? 0) > now;
}

/**
 * The intentions among `known` still pursued (a given-up one is left out), noting today's as planned so the day's
 * end can tell whether they were done.
 */
export function pursued(mind: MindState, known: readonly Memory[], now: number, names: readonly string[]): Memory[] {
  mind.goals ??= { planned: null, failed: {}, dropped: {} };
  const goals = mind.goals;
  const day = dayKey(now);
  if (goals.planned?.day !== day) goals.planned = { day, keys: {} };
  const out: Memory[] = [];
  for (const m of known) {
    const key = intentionOf(m, now);
    if (key && dropped(mind, key, now)) continue;
    // (text people wrote stays quoted when the resident later remembers giving it up)
    // (one for a day ahead is prepared for, not yet failing)
    if (key && contentWords(key, names).size > 0 && !ahead(m, now))
      goals.planned.keys[key] = m.meta?.userText !== undefined;
    out.push(m);
  }
  return out;
}

/** Was the intention carried out: an hour or step the resident lived shares most of its words? */
export function done(key: string, lived: readonly PlanSlot[], names: readonly string[]): boolean {
  const want = contentWords(key, names);
  const need = Math.max(1, Math.ceil(want.size / 2));
  return lived.some((s) => [...contentWords(s.activity, names)].filter((w) => want.has(w)).length >= need);
}

/**
 * At the end of a day (before the next is planned): each intention planned that day and not done counts a failing
 * day; one done is no longer failing. Returns the goals given up now (`goalFailDays` failing days), which leave the
 * plans for `goalDropDays`; the resident remembers giving each up.
 */
export async function closeDay(
  c: MindContext,
  r: Resident,
  lived: readonly PlanSlot[],
  now: number,
): Promise<string[]> {
  const mind = c.mindOf(r);
  const goals = mind.goals;
  if (!goals?.planned) return [];
  const names = [r.profile.name, r.profile.firstName];
  const given: string[] = [];
  const day = goals.planned.day;
  for (const key of Object.keys(goals.planned.keys)) {
    if (done(key, lived, names)) {
      delete goals.failed[key];
      continue;
    }
    const days = [...(goals.failed[key] ?? []).filter((d) => d !== day), day];
    goals.failed[key] = days;
    if (days.length < c.settings.goalFailDays) continue;
    delete goals.failed[key];
    goals.dropped[key] = now + c.settings.goalDropDays * DAY_MS;
    given.push(key);
  }
  const quotedKeys = goals.planned.keys;
  goals.planned = null;
  for (const [k, until] of Object.entries(goals.dropped)) if (until <= now) delete goals.dropped[k];
  const first = r.profile.firstName;
  await c.storeAll(
    given.map((key) => ({
      r,
      m: {
        kind: 'observation' as const,
        description: `${first} gives up on "${key}" for now: planned ${c.settings.goalFailDays} days and never done`,
        importance: 4,
        ...(quotedKeys[key] ? { meta: { userText: { from: `${first}'s own goal, given up`, text: key } } } : {}),
      },
    })),
    now,
  );
  return given;
}

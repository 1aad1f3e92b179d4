// Events as things (issue 22 item 4): an event a resident hosts or hears of is kept as a kind in the town's own
// words ("beach clean-up"), a host, a known place and a day and hours, read from its dated memories by the model
// (agent_read_events) once per text, checked against the text (the kind must be the text's words, the place a
// known one, the hours readable), and by the neutral reader of src/core/event-text.ts where the model's reading
// does not hold. The day plan names each event of today by its kind and host at its place in its hours, so a
// clean-up at the pier is never a party at the host's flat and a guest never goes to "Leo's event".

import { todayNumber, upcomingDay } from '../core/dates.ts';
import { type EventReading, hoursIn, kindInText, kindWords, placeIn, readEventText } from '../core/event-text.ts';
import { clip, escapeRegExp } from '../core/text.ts';
import { DAY_MS, dateText, dayKey, parseClock } from '../core/time.ts';
import type { MindContext, Resident } from './context.ts';
import { type KnownEvent, knownEventOf, type MindState, type PlanSlot } from './mind-state.ts';
import type { PromptPlace } from './prompts/plan-day.ts';
import { READ_EVENTS_TASK, type ReadEventsInput, readEventsMessages, readEventsOutput } from './prompts/read-events.ts';
import type { Memory, TownEvent } from './types.ts';

/** Texts read at most per call, and read texts remembered (the oldest forgotten first). */
const READ_MAX = 8;
const READ_KEEP = 300;

const textOf = (m: Memory) => (typeof m.meta?.news === 'string' ? m.meta.news : m.description);
const keyOfText = (t: string) => clip(t.trim().toLowerCase(), 200);
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOfIso = (iso: string) => todayNumber(iso, '');

/** The people a resident can name as a host: itself, its family and everyone it keeps a note about. */
function peopleKnown(c: MindContext, r: Resident): string[] {
  const mind = c.mindOf(r);
  return [
    ...new Set([
      r.profile.name,
      ...(r.profile.family ?? []).map((f) => f.name),
      ...Object.values(mind.relations).map((x) => x.name),
    ]),
  ];
}

/** A memory worth reading: it names a day today or ahead, a clock time and a known place. */
function candidate(m: Memory, places: readonly PromptPlace[], today: number): boolean {
  if (m.kind === 'plan') return false;
  const t = textOf(m);
  // a conversation's record that names two places ("At Castell House, ... Bruno mentioned the clean-up at Gull
  // Pier") cannot say which is the event's: the lines it sums up are read instead, each on its own
  const lower = t.toLowerCase();
  if (m.kind === 'conversation_summary' && places.filter((p) => lower.includes(p.name.toLowerCase())).length > 1)
    return false;
  return upcomingDay(t, today, dayKey(m.createdAt)) !== null && hoursIn(t) !== null && placeIn(t, places) !== null;
}

function remember(mind: MindState, e: KnownEvent): void {
  mind.events ??= [];
  const list = mind.events;
  const same = list.find(
    (x) => x.kind.toLowerCase() === e.kind.toLowerCase() && x.place === e.place && x.day === e.day,
  );
  if (!same) list.push(e);
  else if (!same.host && e.host) same.host = e.host;
}

/**
 * A model's reading, held to its text: the kind is the text's own words, the place a known one the text names,
 * the day and hours readable and the host a known person; null when it does not hold.
 */
function checked(
  raw: { kind: string; host: string | null; place: string; date: string; start: string; end: string | null },
  text: string,
  places: readonly PromptPlace[],
  people: readonly string[],
): EventReading | null {
  const kind = raw.kind.replace(/^(?:a|an|the)\s+/i, '').trim();
  if (kind === '' || kind.split(/\s+/).length > 6 || !kindInText(kind, text)) return null;
  const q = raw.place.trim().toLowerCase();
  const place = places.find((p) => p.id.toLowerCase() === q || p.name.toLowerCase() === q);
  if (!place || placeIn(text, places)?.id !== place.id) return null;
  const day = dayOfIso(raw.date.trim());
  const start = parseClock(raw.start);
  const end = raw.end ? parseClock(raw.end) : null;
  if (day === null || start === null) return null;
  // a host is a known person, or a name the text itself says
  const said = raw.host?.trim() ?? '';
  const host =
    said === ''
      ? null
      : (people.find((p) => p.toLowerCase() === said.toLowerCase()) ??
        (/^\p{Lu}/u.test(said) && text.includes(said) ? said : null));
  return {
    kind,
    host,
    place: place.id,
    day,
    start,
    end: end !== null && end > start ? end : Math.min(1440, start + 120),
  };
}

/**
 * Reads the events among `known` not read before: one model call for up to `READ_MAX` texts; each text's events
 * are the model's that hold, else the neutral reader's. The events of today and ahead are kept in the mind state.
 */
export async function learnEvents(
  c: MindContext,
  r: Resident,
  known: readonly Memory[],
  places: readonly PromptPlace[],
  now: number,
  town: readonly TownEvent[] = [],
): Promise<void> {
  const mind = c.mindOf(r);
  const today = todayNumber(dayKey(now), '');
  if (today === null) return;
  mind.events = (mind.events ?? []).filter((e) => (dayOfIso(e.day) ?? 0) >= today);
  const read = new Set(mind.eventsRead ?? []);
  const fresh: Memory[] = [];
  const heard: string[] = [];
  for (const m of known) {
    const k = keyOfText(textOf(m));
    if (read.has(k) || heard.includes(k)) continue;
    // an event of the town's reading, named by its kind and its host: known as the reading says it (no call)
    // (one that is over is known too: nothing to plan, and nothing to send to be read)
    const named = town.filter((e) => m.kind !== 'plan' && namesEvent(textOf(m), e));
    if (named.length > 0) {
      for (const e of named) if (e.end > now) remember(mind, knownEventOf(e));
      heard.push(k);
      continue;
    }
    if (fresh.some((f) => keyOfText(textOf(f)) === k) || !candidate(m, places, today)) continue;
    fresh.push(m);
    if (fresh.length >= READ_MAX) break;
  }
  mind.eventsRead = [...(mind.eventsRead ?? []), ...heard].slice(-READ_KEEP);
  if (fresh.length === 0) return;
  const people = peopleKnown(c, r);
  const neutral = (m: Memory) =>
    readEventText(textOf(m), { said: todayNumber(dayKey(m.createdAt), '') ?? today, places, people });
  const input: ReadEventsInput = {
    first: r.profile.firstName,
    day: dayKey(now),
    date: dateText(now),
    texts: c.promptMemories(fresh, r).map((p, k) => ({ ...p, day: dayKey(fresh[k]!.createdAt) })),
    places: places.filter((p) => p.name !== 'home').map((p) => ({ id: p.id, name: p.name })),
    people,
  };
  const out = await c.ask(READ_EVENTS_TASK, readEventsOutput, readEventsMessages(input), input, () => ({
    events: [],
  }));
  fresh.forEach((m, k) => {
    const mine = out.events
      .filter((e) => e.text === k + 1)
      .map((e) => checked(e, textOf(m), places, people))
      .filter((e): e is EventReading => e !== null);
    if (out.events.some((e) => e.text === k + 1) && mine.length === 0)
      c.log('agent: an event reading did not hold against its text; read it neutrally', { agent: r.profile.id });
    const readings = mine.length > 0 ? mine : [neutral(m)].filter((e): e is EventReading => e !== null);
    const quoted = m.meta?.userText !== undefined;
    for (const e of readings)
      if (e.day >= today)
        remember(mind, {
          kind: e.kind,
          host: e.host,
          place: e.place,
          day: isoDay(e.day),
          start: e.start,
          end: e.end,
          ...(quoted ? { quoted } : {}),
        });
  });
  mind.eventsRead = [...(mind.eventsRead ?? []), ...fresh.map((m) => keyOfText(textOf(m)))].slice(-READ_KEEP);
}

/** Does a text speak of a town event: its kind in the text's words, and its host by name or first name? */
function namesEvent(text: string, e: TownEvent): boolean {
  const first = e.host.split(/\s+/)[0] ?? e.host;
  return kindInText(e.kind, text) && new RegExp(`\\b${escapeRegExp(first)}\\b`).test(text);
}

/** The events the resident knows of on a day (ISO). */
export function eventsOn(mind: MindState, day: string): KnownEvent[] {
  return (mind.events ?? []).filter((e) => e.day === day);
}

/** What a plan says for an event: the host hosts its kind, a guest goes to the host's kind. */
export function eventActivity(e: KnownEvent, r: Resident): string {
  if (e.host === r.profile.name) return `host the ${e.kind}`;
  const first = e.host?.split(/\s+/)[0];
  return first ? `go to ${first}'s ${e.kind}` : `go to the ${e.kind}`;
}

/**
 * Today's plan with its events kept as they are: a block at an event's place in its hours, or one that names the
 * event's kind in its hours elsewhere, becomes the event (its kind, at its place, pinned) for the hours they share.
 */
export function eventBlocks(
  slots: readonly PlanSlot[],
  events: readonly KnownEvent[],
  r: Resident,
  day0: number,
): PlanSlot[] {
  const out: PlanSlot[] = [];
  for (const e of events) {
    const start = day0 + e.start * 60_000;
    const end = day0 + e.end * 60_000;
    for (const b of slots) {
      if (b.start >= end || b.end <= start) continue;
      // (a block at the place for something else, work at a stall on the pier, stays what it is)
      if (!refersTo(e, b.activity, b.place === e.place)) continue;
      const activity = kindInText(e.kind, b.activity) ? b.activity : eventActivity(e, r);
      out.push({ start: Math.max(b.start, start), end: Math.min(b.end, end), activity, place: e.place, pinned: true });
    }
  }
  return out;
}

/**
 * Does an activity speak of the event: its kind anywhere; at its place also "event", the host's name or a word
 * of its kind ("go to Leo's event", "the clean-up" at the pier in its hours)?
 */
function refersTo(e: KnownEvent, activity: string, there: boolean): boolean {
  const first = e.host?.split(/\s+/)[0];
  if (kindInText(e.kind, activity)) return true;
  return (
    there &&
    (/\bevent\b/i.test(activity) ||
      (first !== undefined && new RegExp(`\\b${first}['’]s\\b`).test(activity)) ||
      kindWords(e.kind).some((w) => w.length >= 5 && kindInText(w, activity)))
  );
}

/** The event a plan block is for, if any: at its place, in its hours, naming its kind. */
export function eventOfBlock(b: PlanSlot, events: readonly KnownEvent[], day0: number): KnownEvent | null {
  return (
    events.find(
      (e) =>
        b.place === e.place &&
        b.start < day0 + e.end * 60_000 &&
        b.end > day0 + e.start * 60_000 &&
        kindInText(e.kind, b.activity),
    ) ?? null
  );
}

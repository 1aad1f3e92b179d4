// The checks a reading passes before anything uses it (issue 32 item 1): each item quotes words the resident's text
// holds; every person it names is a resident; every place is one of the town's; clock times parse; an event falls
// inside the town's calendar (from its start, within READ_CALENDAR_DAYS). An item that fails is dropped and reported
// with its reason, never repaired into something the text did not say.
import { DAY_MS, formatSimStart, parseSimStart } from '../../core/time.ts';
import type {
  DroppedItem,
  EventItem,
  KinItem,
  ReadingKind,
  ResidentReading,
  ResidentText,
  RoutineItem,
  SecretItem,
  TownFrame,
  WorkItem,
} from './types.ts';
import { emptyReading } from './types.ts';

/** Kin words that say less than another word for the same tie ("spouse" beside "wife"). */
const GENERIC_KIN = new Set(['parent', 'child', 'spouse', 'sibling', 'grandparent', 'grandchild']);

/** How far ahead of the town's start an event may be read (four weeks: a town file's story, not a year's). */
export const READ_CALENDAR_DAYS = 28;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Does the text hold the quote (each part of a quote cut with "..." in order-free form, case and punctuation aside)? */
export function quoteHolds(quote: string, text: string): boolean {
  const t = ` ${norm(text)} `;
  // (a quote may join sentences from different fields, or cut one with "...": each piece must be the text's)
  const parts = quote
    .split(/\.\.\.|…|(?<=[.!?;])\s+/)
    .map(norm)
    .filter((p) => p !== '');
  return parts.length > 0 && parts.every((p) => t.includes(` ${p} `));
}

/** A name as one of the residents: the full name, or a first name (or surname) only one resident has. */
export function residentNamed(name: string, people: readonly string[]): string | null {
  const n = norm(name);
  if (n === '') return null;
  const full = people.find((p) => norm(p) === n);
  if (full) return full;
  const byPart = (i: 0 | -1) =>
    people.filter((p) => {
      const parts = norm(p).split(' ');
      return (i === 0 ? parts[0] : parts.at(-1)) === n;
    });
  const first = byPart(0);
  if (first.length === 1) return first[0]!;
  return null;
}

/** A place as one of the town's: its id, or its name (an article aside). */
export function placeNamed(q: string, places: TownFrame['places']): string | null {
  const n = norm(q).replace(/^the /, '');
  const p = places.find((x) => x.id === q.trim() || norm(x.id) === n || norm(x.name).replace(/^the /, '') === n);
  return p?.id ?? null;
}

/**
 * Hours read with a wrong half of the day ("a quarter to nine until a quarter past three" as 20:45-03:15 or
 * 20:45-15:15): when the start is after the end and the words say nothing of night or evening, the day's window is
 * meant. A night shift ("from ten at night until six") stays as it is.
 */
export function dayHours(
  start: string | null,
  end: string | null,
  quote = '',
): { start: string | null; end: string | null } {
  if (start === null || end === null) return { start, end };
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const hm = (x: number) => `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
  const a = m(start);
  const b = m(end);
  if (a <= b || a < 12 * 60 || /\b(?:night|midnight|overnight|evening|late|pm|p\.m\.)\b/i.test(quote))
    return { start, end };
  if (a - 12 * 60 < b) return { start: hm(a - 12 * 60), end };
  if (b < 12 * 60) return { start: hm(a - 12 * 60), end: hm(b + 12 * 60) };
  return { start, end };
}

/** "HH:mm" (24-hour; "24:00" is midnight at the day's end), or null. */
export function clockOk(s: string | null): string | null {
  if (s === null) return null;
  const m = /^(\d{1,2}):(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

const words = (s: string) =>
  norm(s)
    .split(' ')
    .filter((w) => w.length >= 3);
/** At least half of a phrase's words (3+ letters) are the text's: the model may not invent the matter or the kind. */
function saidIn(phrase: string, text: string): boolean {
  const t = new Set(words(text).map((w) => w.replace(/(?<=\w{3})(?:s|es|ed|ing)$/, '')));
  const w = words(phrase).map((x) => x.replace(/(?<=\w{3})(?:s|es|ed|ing)$/, ''));
  return w.length > 0 && w.filter((x) => t.has(x)).length * 2 >= w.length;
}

export interface CheckOptions {
  /**
   * A model's quotes must be the text's words ('required'); an author's sidecar may leave them empty, and what it
   * quotes must hold ('if-given'); the neutral reader quotes what it read, sentences joined ('trusted').
   */
  quotes: 'required' | 'if-given' | 'trusted';
}

/** Holds one resident's reading to its text and the town; returns what passed and what was dropped. */
export function checkReading(
  raw: ResidentReading,
  text: ResidentText,
  frame: TownFrame,
  opts: CheckOptions,
): { reading: ResidentReading; dropped: DroppedItem[] } {
  const whole = text.passages.map((p) => p.text).join('\n');
  const who = text.resident;
  const out = emptyReading(who);
  const dropped: DroppedItem[] = [];
  const drop = (kind: ReadingKind, item: string, reason: string) => dropped.push({ resident: who, kind, item, reason });
  const quoteOk = (kind: ReadingKind, item: string, quote: string) => {
    if (opts.quotes === 'trusted' || (opts.quotes === 'if-given' && quote.trim() === '')) return true;
    if (quoteHolds(quote, whole)) return true;
    drop(
      kind,
      item,
      quote.trim() === '' ? 'quotes no words of the text' : `quotes words the text does not hold: "${quote}"`,
    );
    return false;
  };
  const person = (kind: ReadingKind, item: string, name: string): string | null => {
    const r = residentNamed(name, frame.people);
    if (!r) drop(kind, item, `names ${name}, who is not a resident`);
    return r;
  };
  const place = (kind: ReadingKind, item: string, q: string): string | null => {
    const p = placeNamed(q, frame.places);
    if (!p) drop(kind, item, `names the place "${q}", which is not one of the town's`);
    return p;
  };

  for (const k of raw.family) {
    const item = `${k.name} is ${who}'s ${k.relation}`;
    const name = person('family', item, k.name);
    if (!name || !quoteOk('family', item, k.quote)) continue;
    if (name === who) {
      drop('family', item, `is ${who} themself`);
      continue;
    }
    // one tie per person: a specific word ("wife") over a generic one ("spouse") the text also gives
    const had = out.family.findIndex((f) => f.name === name);
    if (had < 0) out.family.push({ ...k, name } satisfies KinItem);
    else if (GENERIC_KIN.has(out.family[had]!.relation) && !GENERIC_KIN.has(k.relation))
      out.family[had] = { ...k, name };
  }
  for (const h of raw.household) {
    const name = person('household', `${h} shares ${who}'s home`, h);
    if (name && name !== who && !out.household.includes(name)) out.household.push(name);
  }
  if (raw.work) {
    const w = raw.work;
    const item = `works at ${w.place}`;
    const p = place('work', item, w.place);
    const start = clockOk(w.start);
    const end = clockOk(w.end);
    if (p && quoteOk('work', item, w.quote)) {
      if ((w.start !== null && start === null) || (w.end !== null && end === null))
        drop('work', `${item} ${w.start ?? ''}-${w.end ?? ''}`, 'hours that do not parse as HH:MM');
      out.work = { place: p, days: w.days, ...dayHours(start, end, w.quote), quote: w.quote } satisfies WorkItem;
    }
  }
  for (const r of raw.routine) {
    const item = r.what;
    const p = r.place === null ? null : place('routine', item, r.place);
    if (r.place !== null && p === null) continue;
    if (!quoteOk('routine', item, r.quote)) continue;
    out.routine.push({ ...r, place: p, ...dayHours(clockOk(r.start), clockOk(r.end), r.quote) } satisfies RoutineItem);
  }
  for (const b of raw.busyWith) if (b.trim() !== '' && saidIn(b, whole)) out.busyWith.push(b.trim());
  for (const s of raw.secrets) {
    const item = `${s.owner}'s secret: ${s.matter}`;
    const owner = person('secrets', item, s.owner);
    if (!owner || !quoteOk('secrets', item, s.quote)) continue;
    if (!saidIn(s.matter, whole)) {
      drop('secrets', item, 'the matter is not in the text’s words');
      continue;
    }
    const tellTo: string[] = [];
    let ok = true;
    for (const t of s.tellTo) {
      const n = person('secrets', item, t);
      if (!n) ok = false;
      else if (n !== owner && !tellTo.includes(n)) tellTo.push(n);
    }
    if (ok) out.secrets.push({ owner, matter: s.matter.trim(), tellTo, quote: s.quote } satisfies SecretItem);
  }
  const t0 = parseSimStart(frame.start) ?? 0;
  for (const e of raw.events) {
    const item = `${e.kind} hosted by ${e.host} at ${e.place}, ${e.start}`;
    const host = person('events', item, e.host);
    const p = place('events', item, e.place);
    if (!host || !p || !quoteOk('events', item, e.quote)) continue;
    if (!saidIn(e.kind, whole)) {
      drop('events', item, `"${e.kind}" is not the text's words for it`);
      continue;
    }
    const start = parseSimStart(e.start);
    let end = parseSimStart(e.end);
    if (start === null) {
      drop('events', item, `its start "${e.start}" does not parse`);
      continue;
    }
    if (start < t0 || start >= t0 + READ_CALENDAR_DAYS * DAY_MS) {
      drop(
        'events',
        item,
        `its start ${e.start} falls outside the town's calendar (${frame.start} and ${READ_CALENDAR_DAYS} days on)`,
      );
      continue;
    }
    if (end === null || end <= start) end = start + 2 * 60 * 60 * 1000;
    let invite: EventItem['invite'] = 'everyone';
    if (Array.isArray(e.invite) && e.invite.length > 0) {
      const names = e.invite.map((n) => residentNamed(n, frame.people));
      const bad = e.invite.filter((_, i) => names[i] === null);
      if (bad.length > 0)
        drop('events', item, `invites ${bad.join(', ')}, who ${bad.length > 1 ? 'are' : 'is'} not a resident`);
      const known = [...new Set(names.filter((n): n is string => n !== null && n !== host))];
      if (known.length > 0) invite = known;
    }
    out.events.push({
      kind: e.kind.replace(/^(?:a|an|the)\s+/i, '').trim(),
      host,
      place: p,
      start: formatSimStart(start),
      end: formatSimStart(end),
      invite,
      quote: e.quote,
    });
  }
  return { reading: out, dropped };
}

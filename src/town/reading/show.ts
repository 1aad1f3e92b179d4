// A reading in plain words (issue 32 item 2): resident by resident, what the town understood, then what was dropped
// and why. The CLI's `read`, `validate` and the banners of a new town show it; one text for every front end.
import type { ResidentReading, TownReading, Weekday } from './types.ts';

const DAY_NAMES: Record<Weekday, string> = {
  sun: 'Sun',
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
};
const ORDER: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** "Mon-Sat", "Mon, Wed, Fri", "every day". */
export function daysText(days: readonly Weekday[] | null): string {
  if (!days || days.length === 0) return '';
  if (days.length === 7) return 'every day';
  const idx = ORDER.map((d) => days.includes(d));
  const first = idx.indexOf(true);
  const last = idx.lastIndexOf(true);
  const run = idx.slice(first, last + 1).every(Boolean);
  if (run && last - first >= 2) return `${DAY_NAMES[ORDER[first]!]}-${DAY_NAMES[ORDER[last]!]}`;
  return ORDER.filter((d) => days.includes(d))
    .map((d) => DAY_NAMES[d])
    .join(', ');
}

const hours = (start: string | null, end: string | null) =>
  start && end ? `${start}-${end}` : start ? `from ${start}` : end ? `until ${end}` : '';

const list = (xs: readonly string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;

/** One resident's reading, a line per thing understood. */
export function residentLines(r: ResidentReading, placeName: (id: string) => string): string[] {
  const out: string[] = [];
  if (r.family.length > 0) out.push(`family: ${r.family.map((k) => `${k.name} (${k.relation})`).join(', ')}`);
  if (r.household.length > 0) out.push(`lives with: ${list(r.household)}`);
  if (r.work) {
    const when = [daysText(r.work.days), hours(r.work.start, r.work.end)].filter(Boolean).join(' ');
    out.push(`works at ${placeName(r.work.place)}${when ? `, ${when}` : ''}`);
  }
  for (const x of r.routine) {
    const when = [daysText(x.days), hours(x.start, x.end)].filter(Boolean).join(' ');
    out.push(`routine: ${x.what}${x.place ? ` at ${placeName(x.place)}` : ''}${when ? `, ${when}` : ''}`);
  }
  if (r.busyWith.length > 0) out.push(`busy with: ${r.busyWith.join('; ')}`);
  for (const s of r.secrets)
    out.push(
      `keeps private${s.owner !== r.resident ? ` (${s.owner}'s, told to them)` : ''}: ${s.matter}; ${s.tellTo.length > 0 ? `means to tell only ${list(s.tellTo)}` : 'tells no one'}`,
    );
  for (const e of r.events)
    out.push(
      `event: ${e.kind} hosted by ${e.host} at ${placeName(e.place)}, ${e.start} to ${e.end.slice(11)}; ${e.invite === 'everyone' ? 'everyone invited' : `inviting ${list(e.invite)}`}`,
    );
  if (out.length === 0) out.push('nothing beyond who they are');
  return out;
}

/** The whole reading: who read it, each resident, what was dropped and filled in. */
export function readingText(r: TownReading, placeName: (id: string) => string): string {
  const by =
    r.source.by === 'model'
      ? `read by the model ${r.source.model}`
      : r.source.by === 'sidecar'
        ? `from ${r.source.file} (the author's corrections)`
        : 'read by the neutral reader (offline: no model configured)';
  const lines = [`What the town's text says (${by}):`];
  for (const x of r.residents) {
    lines.push(`${x.resident}:`);
    for (const l of residentLines(x, placeName)) lines.push(`  - ${l}`);
  }
  if (r.dropped.length > 0) {
    lines.push(`Dropped (${r.dropped.length}):`);
    for (const d of r.dropped) lines.push(`  - ${d.resident}, ${d.kind}: ${d.item}: ${d.reason}`);
  }
  if (r.filledIn.length > 0) lines.push(`Filled in by the neutral reader: ${r.filledIn.join('; ')}`);
  return lines.join('\n');
}

/** One line for a banner or a confirmation: "9 residents read: 4 family ties, 1 kept matter, 1 event, 5 workplaces". */
export function readingSummary(r: TownReading): string {
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  const sum = (f: (x: ResidentReading) => number) => r.residents.reduce((a, x) => a + f(x), 0);
  const parts = [
    n(
      sum((x) => x.family.length),
      'family tie',
      'family ties',
    ),
    n(
      sum((x) => (x.work ? 1 : 0)),
      'workplace',
      'workplaces',
    ),
    n(
      sum((x) => x.secrets.length),
      'private matter',
      'private matters',
    ),
    n(
      sum((x) => x.events.length),
      'event',
      'events',
    ),
  ];
  const how =
    r.source.by === 'model'
      ? `by ${r.source.model}`
      : r.source.by === 'sidecar'
        ? 'from its sidecar'
        : 'by the neutral reader';
  return `read ${how}: ${parts.join(', ')}${r.dropped.length > 0 ? `; ${r.dropped.length} dropped` : ''}`;
}

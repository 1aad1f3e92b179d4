// What the evaluation can track from a town's reading (issue 32 item 3): the reading's events as the town file's
// event entries, and each resident's own private matter as a fact its owner alone holds at the start. The town file
// (build.ts) and the Smallville importer (smallville.ts) take them from here, so one reading feeds both.
import { kindInText } from '../../core/event-text.ts';
import { parseSimStart } from '../../core/time.ts';
import { slugify, type TownFile, type TownFileInput } from '../file.ts';
import { secretFact } from '../tracked.ts';
import type { TownReading } from './types.ts';

type FactInput = NonNullable<TownFileInput['facts']>[number];

export interface ReadingTracked {
  /** The reading's events the file does not declare (by host and kind, or by place and start). */
  events: TownFile['events'];
  /** One fact per resident's own private matter. */
  facts: FactInput[];
  /** One line per thing read, with the words it came from. */
  notes: string[];
}

export function trackedFromReading(
  file: Pick<TownFile, 'residents' | 'events' | 'locations'>,
  reading: TownReading,
): ReadingTracked {
  const named = (q: string) =>
    file.residents.find((r) => r.name.toLowerCase() === q.toLowerCase() || (r.id ?? slugify(r.name)) === q);
  const notes: string[] = [];
  const events: TownFile['events'] = [];
  for (const x of reading.residents)
    for (const e of x.events) {
      const declared = file.events.some(
        (d) =>
          (named(d.host)?.name === e.host && kindInText(d.kind, e.kind)) ||
          (d.place === e.place && parseSimStart(d.start) === parseSimStart(e.start)),
      );
      const id = slugify(e.kind);
      if (declared || events.some((y) => y.id === id || (y.host === e.host && y.start === e.start))) continue;
      events.push({ id, kind: e.kind, host: e.host, place: e.place, start: e.start, end: e.end, invited: e.invite });
      const where = file.locations.find((l) => l.id === e.place)?.name ?? e.place;
      notes.push(
        `event "${e.kind}" hosted by ${e.host} at ${where}, ${e.start} to ${e.end.slice(11)} (from ${x.resident}'s text: "${e.quote}")`,
      );
    }
  const people = file.residents.map((r) => r.name);
  const facts: FactInput[] = [];
  for (const x of reading.residents)
    for (const s of x.secrets.filter((y) => y.owner === x.resident)) {
      const f = secretFact(x.resident, s.matter, people, { anyMatter: true });
      if (!f || facts.some((y) => y.id === f.id)) continue;
      facts.push(f);
      notes.push(
        `fact "${f.id}" known to ${x.resident} alone, asked as "${f.question}" (from the private matter in ${x.resident}'s text: "${s.quote}")`,
      );
    }
  return { events, facts, notes };
}

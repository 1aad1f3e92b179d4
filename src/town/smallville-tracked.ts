// What a Smallville-format folder tracks (issue 23 item 1): the facts and events of the file beside its files
// (facts.yaml or facts.json, in the town file's terms, refused by line and reason), the start that file may give, and
// the paper's own two facts (sec. 7.1) when the folder is its Smallville. Pure: the caller reads the files.
import { parse as parseYaml } from 'yaml';
import { parseSimStart } from '../core/time.ts';
import { lineFinder, type TownFile, TownFileError, type TownFileInput, validateTownFile } from './file.ts';
import type { PersonaFile } from './smallville.ts';

/**
 * The facts and events of the file beside the Smallville files, in the town file's terms; a place may be given by
 * its sector name. A problem is reported with the file's line and the reason.
 */
export function withTrackedFile(
  base: TownFileInput,
  town: TownFile,
  tracked: { file: string; text: string },
): TownFile {
  let data: unknown;
  try {
    data = tracked.file.endsWith('.json') ? JSON.parse(tracked.text) : parseYaml(tracked.text);
  } catch (e) {
    throw new TownFileError(tracked.file, [`cannot be parsed: ${(e as Error).message.split('\n')[0]}`]);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new TownFileError(tracked.file, ['(root): a mapping with facts: and/or events:']);
  const extra = Object.keys(data).filter((k) => k !== 'facts' && k !== 'events' && k !== 'start');
  if (extra.length > 0)
    throw new TownFileError(tracked.file, [
      `(root): only start:, facts: and events: belong here, not ${extra.join(', ')}`,
    ]);
  const d = data as { facts?: unknown; events?: unknown };
  const placeId = (v: unknown) => {
    if (typeof v !== 'string') return v;
    const hit = town.locations.find((l) => l.id === v || l.name.toLowerCase() === v.trim().toLowerCase());
    return hit?.id ?? v;
  };
  const events = Array.isArray(d.events)
    ? d.events.map((e) => (e && typeof e === 'object' ? { ...e, place: placeId((e as { place?: unknown }).place) } : e))
    : d.events;
  const facts = Array.isArray(d.facts)
    ? d.facts.map((f) => {
        const ev = f && typeof f === 'object' ? (f as { event?: Record<string, unknown> }).event : undefined;
        return ev && typeof ev === 'object' ? { ...f, event: { ...ev, location: placeId(ev.location) } } : f;
      })
    : d.facts;
  const lines = lineFinder(tracked.text);
  const lineOf = (path: readonly PropertyKey[]) => (path[0] === 'facts' || path[0] === 'events' ? lines(path) : null);
  return validateTownFile(
    { ...base, ...(facts !== undefined ? { facts } : {}), ...(events !== undefined ? { events } : {}) },
    tracked.file,
    lineOf,
  );
}

/** The start the file beside the Smallville files gives (`start: "2025-06-06 07:00"`), if it gives a valid one. */
export function startIn(tracked: { file: string; text: string }): string | null {
  try {
    const d = (tracked.file.endsWith('.json') ? JSON.parse(tracked.text) : parseYaml(tracked.text)) as unknown;
    const s = d && typeof d === 'object' ? (d as { start?: unknown }).start : undefined;
    if (s === undefined) return null;
    if (typeof s !== 'string' || parseSimStart(s) === null)
      throw new TownFileError(tracked.file, [`start: a date and time like "2023-02-13 07:00"`]);
    return s;
  } catch (e) {
    if (e instanceof TownFileError) throw e;
    return null; // (a file that does not parse is reported with its facts)
  }
}

/** The paper's two facts (sec. 7.1) when the folder is its Smallville: Isabella's party and Sam's candidacy. */
export function paperFacts(
  personas: readonly PersonaFile[],
  locId: ReadonlyMap<string, string>,
): NonNullable<TownFileInput['facts']> {
  const byFirst = (first: string) => personas.find((p) => p.first_name === first || p.name.startsWith(first));
  const facts: NonNullable<TownFileInput['facts']> = [];
  const isabella = byFirst('Isabella');
  if (isabella && /party/i.test(isabella.currently))
    facts.push({
      id: 'valentines-party',
      description: `${isabella.name}'s Valentine's Day party at Hobbs Cafe`,
      holder: isabella.name,
      question:
        'Do you know of any party or gathering coming up in town? If so, who is hosting it, and where and when is it?',
      keywords: ['party', 'Valentine|Hobbs|Isabella|February 14|14th'],
      // The paper's party: Hobbs Cafe, 5 pm on February 14 (sec. 7.1.3); attendance is counted over 5-7 pm.
      ...(locId.has('Hobbs Cafe')
        ? { event: { location: locId.get('Hobbs Cafe') as string, start: '2023-02-14 17:00', end: '2023-02-14 19:00' } }
        : {}),
    });
  const sam = byFirst('Sam');
  if (sam && /mayor|election/i.test(sam.currently))
    facts.push({
      id: 'mayoral-candidacy',
      description: `${sam.name} is running for mayor`,
      holder: sam.name,
      question: 'Do you know who is running for mayor in the local election?',
      keywords: ['Sam|Moore', 'mayor|run|running|candidate|candidacy|election'],
    });

  return facts;
}

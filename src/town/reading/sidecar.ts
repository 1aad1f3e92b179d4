// The reading's sidecar (issue 32 item 2): `npm run town -- read FILE` writes what the town was read to mean beside
// the file (FILE.reading.yaml), the author corrects it, and later loads use it, checked like the town file: its shape
// by schema (every problem with its line), then each item against the town (residents, places, the calendar). A
// sidecar that does not hold is refused with file, line and reason; the town keeps what its file declares and starts.
import { parse as parseYaml, stringify } from 'yaml';
import { z } from 'zod';
import { PLAIN_ISSUES_AFTER_PATH } from '../../core/validation-text.ts';
import { lineFinder } from '../file.ts';
import { checkReading } from './check.ts';
import { RELATIONS, type ResidentText, type TownFrame, type TownReading, WEEKDAYS } from './types.ts';

/** The sidecar of a town file: "town.yaml" -> "town.reading.yaml"; a folder (Smallville files) keeps it inside. */
export const sidecarPath = (file: string, isDir = false) =>
  isDir ? `${file.replace(/\/+$/, '')}/reading.yaml` : `${file.replace(/\.(ya?ml|json)$/i, '')}.reading.yaml`;

const quote = z.string().default('');
const hhmm = z.string().nullable().default(null);
const days = z.array(z.enum(WEEKDAYS)).nullable().default(null);
const residentSchema = z.strictObject({
  resident: z.string().min(1),
  family: z.array(z.strictObject({ name: z.string().min(1), relation: z.enum(RELATIONS), quote })).default([]),
  household: z.array(z.string().min(1)).default([]),
  work: z
    .strictObject({ place: z.string().min(1), days, start: hhmm, end: hhmm, quote })
    .nullable()
    .default(null),
  routine: z
    .array(
      z.strictObject({
        what: z.string().min(1),
        place: z.string().nullable().default(null),
        days,
        start: hhmm,
        end: hhmm,
        quote,
      }),
    )
    .default([]),
  busyWith: z.array(z.string().min(1)).default([]),
  secrets: z
    .array(
      z.strictObject({
        owner: z.string().min(1),
        matter: z.string().min(1),
        tellTo: z.array(z.string()).default([]),
        quote,
      }),
    )
    .default([]),
  events: z
    .array(
      z.strictObject({
        kind: z.string().min(1),
        host: z.string().min(1),
        place: z.string().min(1),
        start: z.string().min(1),
        end: z.string().min(1),
        invite: z.union([z.literal('everyone'), z.array(z.string().min(1)).min(1)]).default('everyone'),
        quote,
      }),
    )
    .default([]),
});
const sidecarSchema = z.strictObject({
  version: z.literal(1),
  residents: z.array(residentSchema),
});

const HEADER = `# What the town's text was read to mean (issue 32). Correct anything wrong and load the town again: this file
# is used instead of a new reading while it lies beside the town file. Delete it to have the town read afresh.
# relation: what that person is TO the resident. Times: "HH:MM"; event start/end: "YYYY-MM-DD HH:MM".
`;

/** The sidecar's text for a reading. */
export function sidecarText(r: TownReading): string {
  return `${HEADER}${stringify({ version: 1, residents: r.residents }, { lineWidth: 0 })}`;
}

export class SidecarError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`The reading ${file} is not used:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * A sidecar's reading, checked: its shape, then every resident's items against the town. Throws SidecarError with
 * each problem's line; an item that fails the town's checks is a problem too (an author's sidecar is taken whole or
 * not at all, so nothing the author wrote is dropped in silence).
 */
export function parseSidecar(
  content: string,
  file: string,
  texts: readonly ResidentText[],
  frame: TownFrame,
): TownReading {
  let data: unknown;
  try {
    data = parseYaml(content);
  } catch (e) {
    throw new SidecarError(file, [`cannot be parsed: ${(e as Error).message.split('\n')[0]}`]);
  }
  const lineOf = lineFinder(content);
  const at = (path: readonly PropertyKey[]) => {
    const line = lineOf(path);
    return line !== null ? `line ${line}: ` : '';
  };
  const parsed = sidecarSchema.safeParse(data, PLAIN_ISSUES_AFTER_PATH);
  if (!parsed.success)
    throw new SidecarError(
      file,
      parsed.error.issues.map((i) => `${at(i.path)}${i.path.map(String).join('.') || '(root)'}: ${i.message}`),
    );
  const problems: string[] = [];
  const residents = parsed.data.residents.map((raw, i) => {
    const text = texts.find((t) => t.resident.toLowerCase() === raw.resident.toLowerCase());
    if (!text) {
      problems.push(`${at(['residents', i, 'resident'])}residents.${i}.resident: '${raw.resident}' is not a resident`);
      return null;
    }
    const { reading, dropped } = checkReading({ ...raw, resident: text.resident }, text, frame, {
      quotes: 'if-given',
    });
    for (const d of dropped)
      problems.push(`${at(['residents', i, d.kind])}${text.resident}, ${d.kind}: ${d.item}: ${d.reason}`);
    return reading;
  });
  if (problems.length > 0) throw new SidecarError(file, problems);
  // residents the author left out are read afresh by the caller: here they are absent
  return {
    version: 1,
    source: { by: 'sidecar', file },
    residents: residents.filter((r) => r !== null),
    dropped: [],
    filledIn: [],
  };
}

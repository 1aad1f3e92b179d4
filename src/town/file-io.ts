// Reading town files from disk (the parsing and validation are pure: file.ts).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UserError } from '../errors.ts';
import { parseTownFile, type TownFile } from './file.ts';
import { readTownNeutral } from './reading/read.ts';
import { parseSidecar, SidecarError, sidecarPath } from './reading/sidecar.ts';
import { townFrame, townTexts } from './reading/town-text.ts';
import { importSmallvilleTracked } from './smallville.ts';
import { readSmallvilleDir } from './smallville-files.ts';

/** The seed town that ships with the project. */
export const DEFAULT_TOWN_FILE = fileURLToPath(new URL('../../data/towns/willowbrook.yaml', import.meta.url));

export function loadTownFile(path: string = DEFAULT_TOWN_FILE): TownFile {
  if (!existsSync(path)) throw new UserError('town/file_not_found', `Town file not found: ${path}`, { path });
  return withSidecar(parseTownFile(readFileSync(path, 'utf8'), path), sidecarPath(path));
}

/**
 * The town with its sidecar's reading when one lies beside it (residents the sidecar leaves out are read by the
 * neutral reader); a sidecar that does not hold is refused with its problems and the town loads without it.
 */
export function withSidecar(town: TownFile, file: string): TownFile {
  if (!existsSync(file)) return town;
  const texts = townTexts(town);
  const frame = townFrame(town);
  try {
    const r = parseSidecar(readFileSync(file, 'utf8'), file, texts, frame);
    const missing = texts.filter((t) => !r.residents.some((x) => x.resident === t.resident));
    const fresh = readTownNeutral(missing, frame, texts);
    return { ...town, reading: { ...r, residents: [...r.residents, ...fresh.residents], dropped: fresh.dropped } };
  } catch (e) {
    if (e instanceof SidecarError) return { ...town, readingProblems: [e.message] };
    throw e;
  }
}

/**
 * The town a CLI runs: `--smallville DIR` imports the original files, else `--town FILE` or the default town.
 * `note` hears what an import tracks and where it came from (facts.yaml beside the files, or derived from seeds).
 */
export function loadTownArg(
  a: { town?: string | undefined; smallville?: string | undefined },
  note?: (line: string) => void,
): TownFile {
  if (!a.smallville) return loadTownFile(a.town);
  const imported = importSmallvilleTracked(readSmallvilleDir(a.smallville));
  const { tracked, notes } = imported;
  const town = withSidecar(imported.town, sidecarPath(a.smallville, true));
  if (note) {
    const n = town.facts.length + town.events.length;
    if (tracked === 'none')
      note('Nothing to track: no facts.yaml beside the files and nothing in the seeds to derive.');
    else if (tracked === 'file') note(`Tracking ${n} facts and events ${notes[0] ?? ''}.`);
    else note(`Tracking ${n} facts and events read from the town's text:\n${notes.map((x) => `  - ${x}`).join('\n')}`);
  }
  return town;
}

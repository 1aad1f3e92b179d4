// Reading town files from disk (the parsing and validation are pure: file.ts).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UserError } from '../errors.ts';
import { parseTownFile, type TownFile } from './file.ts';
import { importSmallvilleTracked } from './smallville.ts';
import { readSmallvilleDir } from './smallville-files.ts';

/** The seed town that ships with the project. */
export const DEFAULT_TOWN_FILE = fileURLToPath(new URL('../../data/towns/willowbrook.yaml', import.meta.url));

export function loadTownFile(path: string = DEFAULT_TOWN_FILE): TownFile {
  if (!existsSync(path)) throw new UserError('town/file_not_found', `Town file not found: ${path}`, { path });
  return parseTownFile(readFileSync(path, 'utf8'), path);
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
  const { town, tracked, notes } = importSmallvilleTracked(readSmallvilleDir(a.smallville));
  if (note) {
    const n = town.facts.length + town.events.length;
    if (tracked === 'none')
      note('Nothing to track: no facts.yaml beside the files and nothing in the seeds to derive.');
    else if (tracked === 'file') note(`Tracking ${n} facts and events ${notes[0] ?? ''}.`);
    else note(`Tracking ${n} facts and events derived from the seeds:\n${notes.map((x) => `  - ${x}`).join('\n')}`);
  }
  return town;
}

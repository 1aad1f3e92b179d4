// Reading town files from disk (the parsing and validation are pure: file.ts).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UserError } from '../errors.ts';
import { parseTownFile, type TownFile } from './file.ts';
import { importSmallville } from './smallville.ts';
import { readSmallvilleDir } from './smallville-files.ts';

/** The seed town that ships with the project. */
export const DEFAULT_TOWN_FILE = fileURLToPath(new URL('../../data/towns/willowbrook.yaml', import.meta.url));

export function loadTownFile(path: string = DEFAULT_TOWN_FILE): TownFile {
  if (!existsSync(path)) throw new UserError('town/file_not_found', `Town file not found: ${path}`, { path });
  return parseTownFile(readFileSync(path, 'utf8'), path);
}

/** The town a CLI runs: `--smallville DIR` imports the original files, else `--town FILE` or the default town. */
export function loadTownArg(a: { town?: string | undefined; smallville?: string | undefined }): TownFile {
  return a.smallville ? importSmallville(readSmallvilleDir(a.smallville)) : loadTownFile(a.town);
}

// The console's side of `/town new`, `/town reset` and `/town import` (src/app/operations.ts): files are a shipped
// town's name (data/towns), a town file's path, a Smallville export's folder, or an export's path; the swap is the
// registry's (TownRegistry.replace), then the console follows the new town.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TownLifecycle } from '../app/operations.ts';
import type { TownService } from '../app/town-view.ts';
import {
  CONSOLE_SCOPE,
  importSmallville,
  loadTownFile,
  readSmallvilleDir,
  SHIPPED_TOWNS_DIR,
  shippedTowns,
  type TownRegistry,
} from '../app/town-view.ts';
import { UserError } from '../errors.ts';

/** The longest export read (a town of years of memories is tens of MB; beyond this, use npm run town -- import). */
export const CONSOLE_IMPORT_MAX_BYTES = 512 * 1024 * 1024;

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function consoleLifecycle(
  registry: TownRegistry,
  current: () => TownService,
  onReplaced: (town: TownService) => void,
): TownLifecycle {
  return {
    async townFile({ town }) {
      if (!town) return registry.defaultTownFile();
      const shipped = shippedTowns().find((n) => n.toLowerCase() === town.toLowerCase());
      if (shipped) return loadTownFile(`${SHIPPED_TOWNS_DIR}${shipped}.yaml`);
      const path = resolve(town);
      if (isDir(path)) return importSmallville(readSmallvilleDir(path));
      if (!/[./\\]/.test(town))
        throw new UserError(
          'town/file_not_found',
          `No shipped town is called "${town}" (shipped: ${shippedTowns().join(', ') || 'none'}); or give a town file's path.`,
        );
      return loadTownFile(path);
    },
    async originFile() {
      return registry.originOf(current());
    },
    async exportText(file) {
      const path = resolve(file);
      let size: number;
      try {
        size = statSync(path).size;
      } catch {
        throw new UserError('town/import_missing', `No such file: ${path}. Nothing was imported.`);
      }
      if (size > CONSOLE_IMPORT_MAX_BYTES)
        throw new UserError(
          'town/import_too_big',
          `${path} is ${(size / 1048576).toFixed(0)} MB; the console reads up to ${CONSOLE_IMPORT_MAX_BYTES / 1048576} MB. Use npm run town -- import instead. Nothing was imported.`,
        );
      return readFileSync(path, 'utf8');
    },
    async replace(source) {
      const t = await registry.replace(CONSOLE_SCOPE, source);
      onReplaced(t);
      return t;
    },
  };
}

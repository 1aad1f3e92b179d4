// The workplace's shared reference data (original Smallville files, MAgIC's released settings) sits beside the
// repository as ../shared, resolved from the repository root, never from an absolute path of one machine. Tests that
// need it skip with a reason where it is absent; everything they must always check runs on the project's fixtures.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const SHARED_DIR = join(import.meta.dirname, '..', '..', '..', 'shared');
export const SMALLVILLE_DIR = join(SHARED_DIR, 'data', 'smallville');
export const MAGIC_DIR = join(SHARED_DIR, 'data', 'magic');

export const hasSmallville = existsSync(SMALLVILLE_DIR);
export const hasMagic = existsSync(MAGIC_DIR);

// File problems as one line naming the path (never a stack trace): a missing folder, a missing file, no permission.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const REASONS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
  ENOSPC: 'the disk is full',
  EROFS: 'the file system is read-only',
  EEXIST: 'it already exists',
};

/** One line for an error from node:fs (it has a code and a path), or undefined for any other error. */
export function fileErrorLine(e: unknown, verb: 'read' | 'write' | 'open' = 'open'): string | undefined {
  const err = e as NodeJS.ErrnoException;
  if (!err || typeof err.code !== 'string' || typeof err.path !== 'string') return undefined;
  return `Cannot ${verb} ${err.path}: ${REASONS[err.code] ?? err.code}.`;
}

/** Why `file` cannot be written (its folder missing or not a folder), checked before long work; else undefined. */
export function cannotWrite(file: string): string | undefined {
  const dir = dirname(resolve(file));
  if (!existsSync(dir)) return `Cannot write ${file}: the folder ${dirname(file)} does not exist.`;
  if (!statSync(dir).isDirectory()) return `Cannot write ${file}: ${dirname(file)} is not a folder.`;
  if (existsSync(file) && statSync(file).isDirectory()) return `Cannot write ${file}: it is a folder, not a file.`;
  return undefined;
}

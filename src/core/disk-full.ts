// A full disk is an outage, not a bug: the person is told in one line which file could not grow, that nothing saved
// is lost and that the town goes on once space is free; the log gets one line per outage (src/ops/outage.ts), not one
// per failed write. SQLite says SQLITE_FULL ("database or disk is full"), PostgreSQL disk_full (53100, "could not
// extend file ... No space left on device"), the file system ENOSPC; Prisma wraps them at different depths.
import { UserError } from '../errors.ts';

export const DISK_FULL_CODE = 'db/full';

const FULL_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC']);
const FULL_TEXT = /database or disk is full|No space left on device|SQLITE_FULL|could not extend file/i;

/** True when `e` (or what it wraps) says the disk or the database is full. */
export function isDiskFull(e: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [e];
  while (queue.length > 0) {
    const x = queue.shift();
    if (!x || typeof x !== 'object' || seen.has(x) || seen.size > 20) continue;
    seen.add(x);
    const err = x as {
      code?: unknown;
      originalCode?: unknown;
      message?: unknown;
      originalMessage?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (err instanceof UserError) return err.code === DISK_FULL_CODE;
    for (const c of [err.code, err.originalCode]) if (typeof c === 'string' && FULL_CODES.has(c)) return true;
    for (const m of [err.message, err.originalMessage]) if (typeof m === 'string' && FULL_TEXT.test(m)) return true;
    queue.push(err.cause, err.meta?.driverAdapterError);
  }
  return false;
}

let databaseLocation: string | null = null;

/** Where this process's database lives (the SQLite file, or the PostgreSQL URL without its password). */
export function noteDatabaseLocation(location: string): void {
  databaseLocation = location;
}

/** The one line a person reads. */
export function diskFullText(location = databaseLocation): string {
  const where = location
    ? location.includes('://')
      ? `The disk of the database server (${location}) is full`
      : `The disk holding ${location} is full`
    : 'The disk holding the town database is full';
  return `${where}: this change was not saved. Nothing saved before is lost; the town waits where it was and goes on by itself once space is freed.`;
}

const listeners = new Set<(e: unknown) => void>();

/** Told of every full-disk failure this process meets (the composition root: one log line per outage). */
export function onDiskFull(listener: (e: unknown) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `e` as the person's message when it is a full disk, else null (it is something else: a bug or another outage).
 * A failure met for the first time is passed to the onDiskFull listeners.
 */
export function diskFullError(e: unknown): UserError | null {
  if (e instanceof UserError) return e.code === DISK_FULL_CODE ? e : null;
  if (!isDiskFull(e)) return null;
  for (const l of listeners) l(e);
  return new UserError(DISK_FULL_CODE, diskFullText(), { outage: true });
}

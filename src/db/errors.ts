// Database errors as people should see them: a lock held too long by another process becomes a UserError that says
// to retry; a full disk one that says nothing is lost; any other Prisma error loses its file paths and code snippets (the original stays as `cause` for logs).
import { diskFullError } from '../core/disk-full.ts';
import { UserError } from '../errors.ts';

export const DB_BUSY_MESSAGE =
  'The town database is busy (another process is writing to it). Nothing was changed; try again in a few seconds.';

function isBusy(e: unknown): boolean {
  for (let x: unknown = e, depth = 0; x && depth < 4; depth++) {
    const err = x as { name?: string; code?: string; message?: string; cause?: unknown };
    if (err.name === 'DatabaseBusyError') return true;
    if (typeof err.code === 'string' && err.code.startsWith('SQLITE_BUSY')) return true;
    if (typeof err.message === 'string' && /locked by another process|database is locked/i.test(err.message))
      return true;
    x = err.cause;
  }
  return false;
}

/** Maps an error thrown by a Prisma call to what the store's callers may show or log. */
export function cleanDbError(e: unknown, what: string): unknown {
  if (e instanceof UserError) return e;
  if (isBusy(e)) return new UserError('db/busy', DB_BUSY_MESSAGE, { what });
  // A full disk: one line for the person (src/core/disk-full.ts), one log line per outage.
  const full = diskFullError(e);
  if (full) return full;
  const err = e as { name?: string; code?: string; message?: string };
  if (typeof err?.name === 'string' && err.name.startsWith('PrismaClient')) {
    // errorFormat 'minimal' already drops snippets; keep the first line and the error code only.
    const first = (err.message ?? '').trim().split('\n').at(-1)?.slice(0, 300) ?? '';
    return new Error(`database error while ${what}${err.code ? ` (${err.code})` : ''}: ${first}`, { cause: e });
  }
  return e;
}

/** Runs a store call, mapping its errors (see cleanDbError). */
export async function dbCall<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw cleanDbError(e, what);
  }
}

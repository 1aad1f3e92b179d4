// Backups of the SQLite file: SQLite's online backup API copies a consistent snapshot page by page while the bot
// keeps running (other connections may write meanwhile); restore checks the backup and puts it in place.
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { checkDatabaseFile, DatabaseUnusableError } from './health.ts';

/** Copies the live database `file` to `target` (safe while the bot runs). Returns the pages copied. */
export async function backupDatabase(file: string, target: string): Promise<{ pages: number }> {
  if (!existsSync(file)) throw new Error(`There is no database at ${file}.`);
  const db = new Database(file, { fileMustExist: true, readonly: true, timeout: 50 });
  try {
    const r = await db.backup(target);
    return { pages: r.totalPages };
  } finally {
    db.close();
  }
}

/**
 * Replaces the database `file` with the backup `source` after checking it. The bot must be stopped: a running
 * process would keep writing to the file it has open. The previous file is kept as `<file>.before-restore`.
 */
export function restoreDatabase(source: string, file: string): { previous: string | null } {
  if (!existsSync(source)) throw new Error(`There is no backup at ${source}.`);
  try {
    checkDatabaseFile(source);
  } catch (e) {
    if (e instanceof DatabaseUnusableError && e.reason === 'corrupt')
      throw new Error(`The backup ${source} is damaged; choose another backup.`);
    if (!(e instanceof DatabaseUnusableError)) throw e;
  }
  let previous: string | null = null;
  if (existsSync(file)) {
    previous = `${file}.before-restore`;
    renameSync(file, previous);
    // Its write-ahead log goes with it (it may hold the last commits of the old file).
    for (const side of ['-wal', '-shm'])
      if (existsSync(`${file}${side}`)) renameSync(`${file}${side}`, `${previous}${side}`);
  }
  for (const side of ['-wal', '-shm']) rmSync(`${file}${side}`, { force: true });
  copyFileSync(source, file);
  return { previous };
}

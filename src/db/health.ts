// Start-up checks of the SQLite file, before migrations run: a damaged or read-only database is reported with what
// to do (restore a backup, which file; make it writable) instead of a raw SQLITE_READONLY or a WebAssembly stack
// trace at the first write.
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { nativeBuildProblem } from '../../scripts/node-check.mjs';

/** The database cannot be used as it is; `message` says what to do. */
export class DatabaseUnusableError extends Error {
  readonly file: string;
  /** 'native': the SQLite driver was built for another Node; the file itself is fine. */
  readonly reason: 'corrupt' | 'readonly' | 'native';
  constructor(file: string, reason: 'corrupt' | 'readonly' | 'native', message: string) {
    super(message);
    this.name = 'DatabaseUnusableError';
    this.file = file;
    this.reason = reason;
  }
}

const RESTORE_HINT =
  'Stop every process using it, keep the damaged file aside, and restore the last backup with ' +
  '`npm run town -- restore BACKUP_FILE` (backups are written by `npm run town -- backup FILE`).';

function readonlyError(file: string, detail: string): DatabaseUnusableError {
  return new DatabaseUnusableError(
    file,
    'readonly',
    `The database ${file} cannot be written (${detail}). Make the file and its folder writable by this user ` +
      '(SQLite also writes -wal and -shm files beside it), or set DATABASE_URL to a writable copy.',
  );
}

/** Throws DatabaseUnusableError when `file` exists but is damaged or cannot be written; a missing file is fine. */
export function checkDatabaseFile(file: string): void {
  // The driver first: one built for another Node fails inside the migration engine with an opaque WebAssembly error
  // when the file is new, and looks like a damaged file when it exists.
  try {
    new Database(':memory:').close();
  } catch (e) {
    const native = nativeBuildProblem(e);
    if (native) throw new DatabaseUnusableError(file, 'native', native);
    throw e;
  }
  if (!existsSync(file)) {
    try {
      accessSync(dirname(file), constants.W_OK);
    } catch {
      throw readonlyError(file, `its folder ${dirname(file)} is not writable`);
    }
    return;
  }
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 50 });
  } catch (e) {
    throw classify(file, e);
  }
  try {
    const rows = db.pragma('quick_check', { simple: false }) as { quick_check: string }[];
    const problems = rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
    if (problems.length > 0)
      throw new DatabaseUnusableError(
        file,
        'corrupt',
        `The database ${file} is damaged (integrity check: ${problems.slice(0, 3).join('; ')}). ${RESTORE_HINT}`,
      );
    try {
      db.exec('BEGIN IMMEDIATE');
      db.exec('ROLLBACK');
    } catch (e) {
      // Another process holding the write lock is fine; anything else means we cannot write.
      if (!String((e as { code?: string }).code).startsWith('SQLITE_BUSY')) throw classify(file, e);
    }
    try {
      accessSync(file, constants.W_OK);
      accessSync(dirname(file), constants.W_OK);
    } catch {
      throw readonlyError(file, 'no write permission');
    }
  } catch (e) {
    throw e instanceof DatabaseUnusableError ? e : classify(file, e);
  } finally {
    db.close();
  }
}

function classify(file: string, e: unknown): DatabaseUnusableError {
  const code = String((e as { code?: string }).code ?? '');
  const msg = (e as Error).message ?? String(e);
  const native = nativeBuildProblem(e);
  if (native) return new DatabaseUnusableError(file, 'native', native);
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM')
    return readonlyError(file, msg);
  return new DatabaseUnusableError(file, 'corrupt', `The database ${file} cannot be read (${msg}). ${RESTORE_HINT}`);
}

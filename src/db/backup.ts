// Backups of the SQLite file: SQLite's online backup API copies a consistent snapshot page by page while the bot
// keeps running (other connections may write meanwhile); restore checks the backup and puts it in place.
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
} from 'node:fs';
import Database from 'better-sqlite3';
import { ownerRunsHere, parseOwnerId } from '../town/lease.ts';
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
 * process would keep writing to the file it has open, so a town's lease or an open file refuses the restore, before
 * the swap and again after it. The previous file is kept as `<file>.before-restore`.
 */
export function restoreDatabase(source: string, file: string): { previous: string | null } {
  if (!existsSync(source)) throw new Error(`There is no backup at ${source}.`);
  refuseWhileHeld(file);
  try {
    checkDatabaseFile(source);
  } catch (e) {
    if (e instanceof DatabaseUnusableError && e.reason === 'corrupt')
      throw new Error(`The backup ${source} is damaged; choose another backup.`);
    if (!(e instanceof DatabaseUnusableError) || e.reason === 'native') throw e;
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
  // A process that took a town or opened the file between the check and the swap writes to the file it has open,
  // now the previous one: put that back and refuse, so its writes are not left behind in a side file.
  const late = previous ? [...holdersOf(previous), ...openersOf(previous)] : [];
  if (previous && late.length > 0) {
    rmSync(file, { force: true });
    renameSync(previous, file);
    for (const side of ['-wal', '-shm'])
      if (existsSync(`${previous}${side}`)) renameSync(`${previous}${side}`, `${file}${side}`);
    throw new Error(inUse(file, late));
  }
  return { previous };
}

/** A process of this machine that has the database file (or its write-ahead log) open. */
export interface DatabaseOpener {
  pid: number;
  /** Its command line, shortened. */
  command: string;
}

/**
 * Processes of this machine with the SQLite database `file` or its -wal / -shm open, read from /proc (Linux): a
 * running bot, console, CLI or anything else that could write to it, with or without a town's lease. Elsewhere (no
 * /proc) and for processes of other users that /proc does not show, only the leases (holdersOf) speak for them.
 */
export function openersOf(file: string): DatabaseOpener[] {
  if (!existsSync('/proc/self/fd')) return [];
  const targets = new Set<string>();
  for (const p of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      targets.add(realpathSync(p));
    } catch {
      // not there
    }
  }
  if (targets.size === 0) return [];
  const out: DatabaseOpener[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    const opened = fds.some((fd) => {
      try {
        return targets.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
    if (opened) out.push({ pid, command: commandOf(pid) });
  }
  return out;
}

function commandOf(pid: number): string {
  try {
    const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const line = words.join(' ');
    return line.length > 120 ? `${line.slice(0, 119)}…` : line || '?';
  } catch {
    return '?';
  }
}

/** A process holding a town of the database: its lease owner, and the town. */
export interface DatabaseHolder {
  owner: string;
  town: string;
}

/**
 * Who holds a town of the SQLite database `file`: a lease that has not expired, or a lease of a process that is still
 * alive on this host (a console or bot that is running, even between two changes). A process of another host is
 * named while its lease runs.
 */
export function holdersOf(file: string, now = Date.now()): DatabaseHolder[] {
  if (!existsSync(file)) return [];
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true, readonly: true, timeout: 1_000 });
  } catch {
    return [];
  }
  try {
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'Town'").get();
    if (!table) return [];
    const rows = db.prepare('SELECT id, leaseOwner, leaseUntil FROM Town WHERE leaseOwner IS NOT NULL').all() as {
      id: string;
      leaseOwner: string;
      leaseUntil: number | string | null;
    }[];
    return rows
      .filter((r) => leaseRuns(r.leaseUntil, now) || ownerRunsHere(r.leaseOwner) === true)
      .map((r) => ({ owner: r.leaseOwner, town: r.id }));
  } finally {
    db.close();
  }
}

function leaseRuns(until: number | string | null, now: number): boolean {
  if (until === null) return false;
  const ms = typeof until === 'number' ? until : /^\d+$/.test(until) ? Number(until) : Date.parse(until);
  return Number.isFinite(ms) && ms > now;
}

const inUse = (file: string, users: (DatabaseHolder | DatabaseOpener)[]) =>
  `${file} is in use by ${users.map((u) => ('owner' in u ? `${u.owner} (town ${u.town})` : `process ${u.pid} (${u.command})`)).join(', ')}: stop it first, then restore. Nothing was changed.`;

/** Refuses while a process holds a town's lease or has the file open (a process named by both is named once). */
function refuseWhileHeld(file: string): void {
  const holders = holdersOf(file);
  const leasePids = new Set(holders.map((h) => parseOwnerId(h.owner)?.pid));
  const openers = openersOf(file).filter((o) => !leasePids.has(o.pid));
  if (holders.length + openers.length > 0) throw new Error(inUse(file, [...holders, ...openers]));
}

// Builds the Prisma client after checking the database and applying pending migrations: SQLite through the
// better-sqlite3 driver adapter (file:..., the embedded default) or PostgreSQL through @prisma/adapter-pg
// (postgresql://..., src/db/postgres). The only module besides src/db/* stores that touches the generated client.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { noteDatabaseLocation } from '../core/disk-full.ts';
import { PrismaClient } from './generated/client.ts';
import { checkDatabaseFile } from './health.ts';
import { applyMigrations, sqlitePathFromUrl } from './migrations.ts';
import { isPostgresUrl, openPostgres, redactUrl } from './postgres/client.ts';
import { gatedSqlite } from './sqlite-gate.ts';

export type { PrismaClient } from './generated/client.ts';

export interface Db {
  prisma: PrismaClient;
  url: string;
  engine: 'sqlite' | 'postgresql';
  /** Absolute path of the SQLite file, or the PostgreSQL URL without its password. */
  file: string;
  /** Migrations applied by this open (empty when the database was up to date). */
  applied: string[];
  close(): Promise<void>;
}

export interface OpenOptions {
  /** SQLite: longest wait for another process's write lock before a "busy, try again" error (ms). Default 3000. */
  lockWaitMs?: number;
  /** PostgreSQL: connections in this process's pool (default 10). */
  poolSize?: number;
  /** PostgreSQL: sessions idle inside a transaction this long are ended by the server (postgres/client.ts). */
  idleInTransactionMs?: number;
}

/**
 * Opens the database at `url`: file:... (SQLite: checks it is sound and writable) or postgresql://... (checks the
 * server, credentials and migration history), then applies pending migrations.
 */
export async function openDatabase(url: string, opts: OpenOptions = {}): Promise<Db> {
  if (isPostgresUrl(url)) {
    const pg = await openPostgres(url, {
      ...(opts.poolSize !== undefined ? { poolSize: opts.poolSize } : {}),
      ...(opts.idleInTransactionMs !== undefined ? { idleInTransactionMs: opts.idleInTransactionMs } : {}),
    });
    noteDatabaseLocation(redactUrl(url));
    return { ...pg, url, engine: 'postgresql', file: redactUrl(url) };
  }
  const file = sqlitePathFromUrl(url);
  if (file === ':memory:')
    throw new Error('in-memory SQLite cannot be shared between the migrator and the client; use a file');
  checkDatabaseFile(file);
  noteDatabaseLocation(file);
  const applied = await applyMigrations(file);
  const lockWaitMs = opts.lockWaitMs ?? 3000;
  // A tiny synchronous busy timeout: lock waits happen asynchronously in the gate (sqlite-gate.ts), bounded by
  // lockWaitMs, which stays below Prisma's transaction limits.
  const adapter = gatedSqlite(new PrismaBetterSqlite3({ url: file, timeout: 20 }), { lockWaitMs });
  const prisma = new PrismaClient({
    adapter,
    errorFormat: 'minimal',
    transactionOptions: { maxWait: 2 * lockWaitMs + 2000, timeout: 2 * lockWaitMs + 10_000 },
  });
  // WAL lets readers (e.g. a status command) proceed during a tick's write transaction.
  await prisma.$executeRawUnsafe('PRAGMA journal_mode = WAL');
  return {
    prisma,
    url,
    engine: 'sqlite',
    file,
    applied,
    close: () => prisma.$disconnect(),
  };
}

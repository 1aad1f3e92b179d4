// Builds the Prisma client after applying pending migrations: SQLite through the better-sqlite3 driver adapter
// (file:..., the embedded default) or PostgreSQL through @prisma/adapter-pg (postgresql://..., src/db/postgres).
// The only module besides src/db/* stores that touches the generated client.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from './generated/client.ts';
import { applyMigrations, sqlitePathFromUrl } from './migrations.ts';
import { isPostgresUrl, openPostgres, redactUrl } from './postgres/client.ts';

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

/** Opens the database at `url` (file:... or postgresql://...), applying pending migrations first. */
export async function openDatabase(url: string, opts: { poolSize?: number } = {}): Promise<Db> {
  if (isPostgresUrl(url)) {
    const pg = await openPostgres(url, opts);
    return { ...pg, url, engine: 'postgresql', file: redactUrl(url) };
  }
  const file = sqlitePathFromUrl(url);
  if (file === ':memory:')
    throw new Error('in-memory SQLite cannot be shared between the migrator and the client; use a file');
  const applied = await applyMigrations(file);
  // WAL lets readers (e.g. a status command) proceed during a tick's write transaction.
  const adapter = new PrismaBetterSqlite3({ url: file, timeout: 10_000 });
  const prisma = new PrismaClient({ adapter });
  await prisma.$executeRawUnsafe('PRAGMA journal_mode = WAL');
  await prisma.$executeRawUnsafe('PRAGMA busy_timeout = 10000');
  return {
    prisma,
    url,
    engine: 'sqlite',
    file,
    applied,
    close: () => prisma.$disconnect(),
  };
}

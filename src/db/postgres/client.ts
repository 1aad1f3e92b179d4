// Opens PostgreSQL (DATABASE_URL=postgresql://...) through @prisma/adapter-pg: checks the server, the credentials
// and the migration history first (one clear DatabaseStartupError naming what to fix), applies pending migrations,
// then hands back a Prisma client with the same API as the SQLite one (same schema, other provider).
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { PrismaClient } from '../generated/client.ts';
import { checkMigrationHistory, DatabaseStartupError } from '../startup-error.ts';
import { PrismaClient as PgPrismaClient } from './generated/client.ts';
import { applyPostgresMigrations, postgresMigrationNames } from './migrations.ts';

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The URL without its password, for logs and banners. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgresql://(unparseable URL)';
  }
}

function describe(url: string): { where: string; user: string; database: string } {
  const u = new URL(url);
  return {
    where: `${u.hostname}:${u.port || '5432'}`,
    user: decodeURIComponent(u.username || process.env.PGUSER || 'postgres'),
    database: decodeURIComponent(u.pathname.replace(/^\//, '') || u.username || 'postgres'),
  };
}

/** Turns a connection failure into what to fix. */
export function explainConnectError(url: string, e: unknown): DatabaseStartupError {
  const { where, user, database } = describe(url);
  const err = e as { code?: string; message?: string };
  const code = err.code ?? '';
  if (code === '28P01' || code === '28000')
    return new DatabaseStartupError(
      `DATABASE_URL: PostgreSQL at ${where} refused user "${user}" (${err.message}). Fix the user name or password in DATABASE_URL.`,
    );
  if (code === '3D000')
    return new DatabaseStartupError(
      `DATABASE_URL: database "${database}" does not exist on ${where}. Create it (createdb ${database}) or fix the database name in DATABASE_URL.`,
    );
  if (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET'].includes(code) ||
    /timeout/i.test(err.message ?? '')
  )
    return new DatabaseStartupError(
      `DATABASE_URL: cannot reach PostgreSQL at ${where} (${code || err.message}). Start the server, or fix the host and port in DATABASE_URL.`,
    );
  return new DatabaseStartupError(`DATABASE_URL: cannot use PostgreSQL at ${where}: ${err.message ?? String(e)}`);
}

/**
 * Connects once with plain `pg` and checks `_prisma_migrations` against this build's migrations. Returns whether
 * every migration is already applied: then start-up skips the schema engine (and its migration lock, which a
 * fleet of workers starting at once would otherwise queue on).
 */
async function preflight(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (e) {
    throw explainConnectError(url, e);
  }
  try {
    const exists = await client.query<{ t: string | null }>(`SELECT to_regclass('_prisma_migrations')::text AS t`);
    if (!exists.rows[0]?.t) return false;
    const rows = await client.query<{ name: string; finished: boolean; rolled_back: boolean }>(
      'SELECT migration_name AS name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM _prisma_migrations',
    );
    const known = postgresMigrationNames();
    checkMigrationHistory(
      rows.rows.map((r) => ({ name: r.name, finished: r.finished, rolledBack: r.rolled_back })),
      known,
      `DATABASE_URL (${describe(url).where}/${describe(url).database})`,
    );
    const done = new Set(rows.rows.filter((r) => r.finished && !r.rolled_back).map((r) => r.name));
    return known.every((n) => done.has(n));
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface PostgresDb {
  prisma: PrismaClient;
  applied: string[];
  close(): Promise<void>;
}

export interface PostgresOptions {
  /** Connections in this process's pool (default 10). */
  poolSize?: number;
  /**
   * The server ends a session left idle inside a transaction this long (ms): a process frozen mid-commit (SIGSTOP, a
   * stalled VM) would otherwise keep the town's row locked, and every other writer waiting, for as long as it is
   * frozen. Workers set it (src/worker/main.ts).
   */
  idleInTransactionMs?: number;
}

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<PostgresDb> {
  const upToDate = await preflight(url);
  const applied = upToDate ? [] : await applyPostgresMigrations(url);
  const adapter = new PrismaPg({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    ...(opts.idleInTransactionMs
      ? { options: `-c idle_in_transaction_session_timeout=${Math.round(opts.idleInTransactionMs)}` }
      : {}),
  });
  // Same schema, other provider: the PostgreSQL client has the SQLite client's API for every model, so the stores
  // (typed against the SQLite client) run on it unchanged. tests/db/contract runs every store on both.
  // A tick's commit is one interactive transaction; Prisma's 5 s default aborts a large one on a loaded machine.
  const prisma = new PgPrismaClient({
    adapter,
    transactionOptions: { maxWait: 10_000, timeout: 60_000 },
  }) as unknown as PrismaClient;
  return { prisma, applied, close: () => prisma.$disconnect() };
}

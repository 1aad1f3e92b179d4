// PostgreSQL migrations, offline, with the same WebAssembly schema engine as SQLite (src/db/migrations.ts), driven
// through @prisma/adapter-pg. They live in prisma/postgres/migrations under the same names as the SQLite ones and
// are recorded in `_prisma_migrations`, so `prisma migrate deploy --schema prisma/postgres/schema.prisma` on a
// machine with internet reads the same history. The engine cannot diff through a PostgreSQL shadow database here, so
// a new migration is the diff from the schema the previous migration produced (kept beside it as schema.prisma) to
// the current PostgreSQL schema variant (schema to schema).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { listMigrations, loadEngineModule, PROJECT_ROOT } from '../migrations.ts';

export const PG_SCHEMA_PATH = join(PROJECT_ROOT, 'prisma', 'postgres', 'schema.prisma');
export const PG_MIGRATIONS_DIR = join(PROJECT_ROOT, 'prisma', 'postgres', 'migrations');
const LOCKFILE = 'migration_lock.toml';
/** The schema a migration leaves behind, kept next to its SQL so the next migration can be diffed from it. */
export const SNAPSHOT = 'schema.prisma';
const FILTERS = { externalTables: [], externalEnums: [] };

async function withEngine<T>(
  url: string,
  fn: (engine: {
    applyMigrations(i: unknown): Promise<{ appliedMigrationNames: string[] }>;
    diff(i: unknown): Promise<{ stdout?: string | null }>;
  }) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const factory = new PrismaPg({ connectionString: url });
  // free() does not close the adapter's pools; we do, so no idle connection outlives the migration.
  const opened: { dispose(): Promise<void> }[] = [];
  const tracked = {
    provider: 'postgres' as const,
    adapterName: factory.adapterName,
    connect: async () => {
      const a = await factory.connect();
      opened.push(a);
      return a;
    },
    connectToShadowDb: async () => {
      const a = await factory.connectToShadowDb();
      opened.push(a);
      return a;
    },
  };
  const engine = (await SchemaEngine.new(
    { datamodels: undefined },
    () => undefined,
    bindMigrationAwareSqlAdapterFactory(tracked),
  )) as unknown as {
    applyMigrations(i: unknown): Promise<{ appliedMigrationNames: string[] }>;
    diff(i: unknown): Promise<{ stdout?: string | null }>;
    free(): void;
  };
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await Promise.all(opened.map((a) => a.dispose().catch(() => undefined)));
  }
}

/** Migration folder names, oldest first. */
export function postgresMigrationNames(dir = PG_MIGRATIONS_DIR): string[] {
  return listMigrations(dir).migrationDirectories.map((d) => d.path);
}

/** Applies pending PostgreSQL migrations to the database at `url`; returns the names applied now. */
export async function applyPostgresMigrations(url: string, dir = PG_MIGRATIONS_DIR): Promise<string[]> {
  return withEngine(url, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: listMigrations(dir), filters: FILTERS });
    return out.appliedMigrationNames;
  });
}

/**
 * Writes `prisma/postgres/migrations/<dirName>/migration.sql` (+ its schema snapshot): the diff from the previous
 * migration's snapshot (or an empty database) to `schemaPath`. `url` is any reachable PostgreSQL database (the
 * engine connects, but a schema-to-schema diff reads and writes nothing there). Returns false when nothing changed.
 */
export async function createPostgresMigration(
  dirName: string,
  url: string,
  opts: { schemaPath?: string; dir?: string } = {},
): Promise<boolean> {
  const schemaPath = opts.schemaPath ?? PG_SCHEMA_PATH;
  const dir = opts.dir ?? PG_MIGRATIONS_DIR;
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, LOCKFILE);
  if (!existsSync(lockPath))
    writeFileSync(lockPath, '# Written by scripts/db-migrate.ts; keep it in git.\nprovider = "postgresql"\n');
  const previous = postgresMigrationNames(dir)
    .filter((n) => n < dirName)
    .pop();
  const prevSnapshot = previous ? join(dir, previous, SNAPSHOT) : null;
  if (prevSnapshot && !existsSync(prevSnapshot))
    throw new Error(`${prevSnapshot} is missing: the next PostgreSQL migration is diffed from it`);
  const content = readFileSync(schemaPath, 'utf8');
  const sql = await withEngine(url, async (engine) => {
    const r = await engine.diff({
      from: prevSnapshot
        ? { tag: 'schemaDatamodel', files: [{ path: 'previous.prisma', content: readFileSync(prevSnapshot, 'utf8') }] }
        : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content }] },
      script: true,
      exitCode: null,
      filters: FILTERS,
    });
    return r.stdout ?? '';
  });
  if (sql.trim() === '' || /this is an empty migration/i.test(sql)) return false;
  mkdirSync(join(dir, dirName), { recursive: true });
  writeFileSync(join(dir, dirName, 'migration.sql'), sql);
  writeFileSync(join(dir, dirName, SNAPSHOT), content);
  return true;
}

/** Names of the SQLite migrations that have no PostgreSQL twin yet (every schema change needs both). */
export function missingPostgresMigrations(sqliteDir: string, dir = PG_MIGRATIONS_DIR): string[] {
  const pg = new Set(postgresMigrationNames(dir));
  return existsSync(sqliteDir)
    ? readdirSync(sqliteDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && !pg.has(d.name))
        .map((d) => d.name)
        .sort()
    : [];
}

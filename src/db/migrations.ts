// Offline migrations. The Prisma CLI's `migrate` needs a native schema engine that cannot be downloaded on our
// machines, so we drive the WebAssembly build of the same engine (@prisma/schema-engine-wasm, pinned exactly: it is
// an internal API) through the better-sqlite3 driver adapter. It records applied migrations in `_prisma_migrations`,
// the table `prisma migrate deploy` uses, so a machine with internet can keep using the normal CLI.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { bindMigrationAwareSqlAdapterFactory, type SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import Database from 'better-sqlite3';
import { checkMigrationHistory, DatabaseStartupError } from './startup-error.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const PROJECT_ROOT = resolve(here, '..', '..');
export const SCHEMA_PATH = join(PROJECT_ROOT, 'prisma', 'schema.prisma');
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'prisma', 'migrations');
const LOCKFILE = 'migration_lock.toml';
const FILTERS = { externalTables: [], externalEnums: [] };

interface WasmSchemaEngine {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout?: string | null }>;
  free(): void | Promise<void>;
}

let engineModule: Promise<{
  SchemaEngine: { new: (o: unknown, cb: unknown, a: unknown) => Promise<WasmSchemaEngine> };
}> | null = null;

// The global WebAssembly object, typed just enough for what we use (our lib setting has no DOM/wasm typings).
const Wasm = (
  globalThis as unknown as {
    WebAssembly: {
      compile(bytes: Uint8Array): Promise<object>;
      instantiate(
        m: object,
        imports: Record<string, Record<string, unknown>>,
      ): Promise<{ exports: Record<string, unknown> }>;
    };
  }
).WebAssembly;

/** Node 20 cannot import .wasm: instantiate the module ourselves and hand it to the generated JS glue. */
export async function loadEngineModule() {
  if (!engineModule) {
    engineModule = (async () => {
      const require = createRequire(import.meta.url);
      const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
      const pkgDir = dirname(gluePath);
      const glue = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as Record<string, unknown> & {
        __wbg_set_wasm(exports: Record<string, unknown>): void;
      };
      const bytes = readFileSync(join(pkgDir, 'schema_engine_bg.wasm'));
      const module = await Wasm.compile(bytes);
      const instance = await Wasm.instantiate(module, { './schema_engine_bg.js': glue });
      glue.__wbg_set_wasm(instance.exports);
      (instance.exports.__wbindgen_start as () => void)();
      return glue as unknown as {
        SchemaEngine: { new: (o: unknown, cb: unknown, a: unknown) => Promise<WasmSchemaEngine> };
      };
    })();
  }
  return engineModule;
}

/** `file:./data/town.db` -> absolute path (relative paths resolve from the project root, like the app's default). */
export function sqlitePathFromUrl(url: string): string {
  if (!url.startsWith('file:')) throw new Error(`not a SQLite file URL: ${url}`);
  const raw = url.slice('file:'.length).split('?')[0] ?? '';
  if (raw === ':memory:') return raw;
  return resolve(PROJECT_ROOT, raw);
}

/**
 * The engine replays migrations on the shadow database with executeRaw, which better-sqlite3 runs as a single
 * statement. Multi-statement SQL without arguments goes to executeScript instead.
 */
function scriptAwareAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const executeRaw = adapter.executeRaw.bind(adapter);
  return new Proxy(adapter, {
    get(target, prop, receiver) {
      if (prop === 'executeRaw') {
        return async (q: { sql: string; args: unknown[] }) => {
          if (q.args.length === 0 && q.sql.split(';').filter((s) => s.trim() !== '').length > 1) {
            await target.executeScript(q.sql);
            return 0;
          }
          return executeRaw(q as Parameters<SqlDriverAdapter['executeRaw']>[0]);
        };
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

async function openEngine(dbPath: string): Promise<WasmSchemaEngine> {
  const { SchemaEngine } = await loadEngineModule();
  const factory = new PrismaBetterSqlite3({ url: dbPath });
  // free() does not close the adapter's connections; we do, so the file is not left locked.
  const opened: SqlDriverAdapter[] = [];
  const shadowAware = {
    provider: 'sqlite' as const,
    adapterName: factory.adapterName,
    connect: async () => {
      const a = await factory.connect();
      opened.push(a);
      return a;
    },
    connectToShadowDb: async () => {
      const a = await factory.connectToShadowDb();
      opened.push(a);
      return scriptAwareAdapter(a);
    },
  };
  const bound = bindMigrationAwareSqlAdapterFactory(shadowAware);
  const logs: string[] = [];
  const engine = await SchemaEngine.new({ datamodels: undefined }, (line: string) => logs.push(line), bound);
  return {
    applyMigrations: (i) => engine.applyMigrations(i),
    diff: (i) => engine.diff(i),
    free: async () => {
      engine.free();
      await Promise.all(opened.map((a) => a.dispose().catch(() => undefined)));
    },
  };
}

export function listMigrations(dir = MIGRATIONS_DIR) {
  const dirs = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = join(dir, LOCKFILE);
  return {
    baseDir: dir,
    lockfile: { path: LOCKFILE, content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: existsSync(join(dir, name, 'migration.sql'))
          ? { tag: 'ok', value: readFileSync(join(dir, name, 'migration.sql'), 'utf8') }
          : { tag: 'error', value: 'migration.sql missing' },
      },
    })),
  };
}

/**
 * True when `_prisma_migrations` already records every migration folder as finished. Checked with a plain read
 * so a second process can open a database another process holds open (the engine would wait on its lock).
 */
function upToDate(dbPath: string, dir: string): boolean {
  if (dbPath === ':memory:' || !existsSync(dbPath)) return false;
  const names = listMigrations(dir).migrationDirectories.map((d) => d.path);
  let db: Database.Database | null = null;
  try {
    db = new Database(dbPath, { readonly: true, fileMustExist: true, timeout: 10_000 });
    const rows = db
      .prepare(
        'SELECT migration_name AS name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolledBack FROM _prisma_migrations',
      )
      .all() as { name: string; finished: number; rolledBack: number }[];
    checkMigrationHistory(
      rows.map((r) => ({ name: r.name, finished: Boolean(r.finished), rolledBack: Boolean(r.rolledBack) })),
      names,
      `DATABASE_URL (${dbPath})`,
    );
    const done = new Set(rows.filter((r) => r.finished && !r.rolledBack).map((r) => r.name));
    return names.every((n) => done.has(n));
  } catch (e) {
    if (e instanceof DatabaseStartupError) throw e;
    return false; // no table yet, or unreadable: let the engine decide
  } finally {
    db?.close();
  }
}

/** Applies pending migrations to the SQLite database at `dbPath`; returns the names applied now. */
export async function applyMigrations(dbPath: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  if (dbPath !== ':memory:') mkdirSync(dirname(dbPath), { recursive: true });
  if (upToDate(dbPath, dir)) return [];
  const engine = await openEngine(dbPath);
  try {
    const out = await engine.applyMigrations({ migrationsList: listMigrations(dir), filters: FILTERS });
    return out.appliedMigrationNames;
  } finally {
    await engine.free();
  }
}

/**
 * Writes the next migration (SQL diff from the committed migrations to the schema file) into `dir`.
 * Returns the new directory name, or null when the schema has not changed.
 */
export async function createMigration(
  name: string,
  opts: { schemaPath?: string; dir?: string; now?: Date } = {},
): Promise<string | null> {
  const schemaPath = opts.schemaPath ?? SCHEMA_PATH;
  const dir = opts.dir ?? MIGRATIONS_DIR;
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'migration';
  // The engine infers the connector from the lockfile, so it must exist before the first diff.
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, LOCKFILE);
  if (!existsSync(lockPath))
    writeFileSync(lockPath, '# Written by scripts/db-migrate.ts; keep it in git.\nprovider = "sqlite"\n');
  const engine = await openEngine(':memory:');
  try {
    const result = await engine.diff({
      from: { tag: 'migrations', ...listMigrations(dir) },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: readFileSync(schemaPath, 'utf8') }] },
      script: true,
      exitCode: null,
      filters: FILTERS,
    });
    const sql = result.stdout ?? '';
    if (sql.trim() === '' || /this is an empty migration/i.test(sql)) return null;
    const d = opts.now ?? new Date();
    const stamp = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const dirName = `${stamp}_${slug}`;
    mkdirSync(join(dir, dirName), { recursive: true });
    writeFileSync(join(dir, dirName, 'migration.sql'), sql);
    return dirName;
  } finally {
    await engine.free();
  }
}

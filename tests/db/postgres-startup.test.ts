// PostgreSQL start-up: the schema variant and migrations stay in step with the SQLite source, and a database that
// cannot be used gets one message naming what to fix, with nothing started.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { postgresSchemaFrom } from '../../scripts/prisma-postgres-schema.mjs';
import { openDatabase } from '../../src/db/client.ts';
import { MIGRATIONS_DIR, SCHEMA_PATH } from '../../src/db/migrations.ts';
import { missingPostgresMigrations, PG_SCHEMA_PATH, postgresMigrationNames } from '../../src/db/postgres/migrations.ts';
import { DatabaseStartupError } from '../../src/db/startup-error.ts';
import { freePort } from '../support/postgres.ts';
import { freshPostgresUrl } from '../support/postgres-db.ts';

describe('one schema source', () => {
  it('prisma/postgres/schema.prisma is exactly the variant derived from prisma/schema.prisma', () => {
    expect(readFileSync(PG_SCHEMA_PATH, 'utf8')).toBe(postgresSchemaFrom(readFileSync(SCHEMA_PATH, 'utf8')));
  });

  it('every SQLite migration has its PostgreSQL twin, and the newest twin was diffed from the current schema', () => {
    expect(missingPostgresMigrations(MIGRATIONS_DIR)).toEqual([]);
    const names = postgresMigrationNames();
    const snapshot = readFileSync(
      `${PG_SCHEMA_PATH.replace(/schema\.prisma$/, '')}migrations/${names.at(-1)}/schema.prisma`,
      'utf8',
    );
    expect(snapshot).toBe(readFileSync(PG_SCHEMA_PATH, 'utf8'));
  });
});

async function startupError(url: string): Promise<DatabaseStartupError> {
  const e = await openDatabase(url).then(
    async (db) => {
      await db.close();
      throw new Error('opened');
    },
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(DatabaseStartupError);
  return e as DatabaseStartupError;
}

describe('a PostgreSQL database that cannot be used', () => {
  it('unreachable server: names the address and says to start it or fix DATABASE_URL', async () => {
    const port = await freePort();
    const e = await startupError(`postgresql://postgres:x@127.0.0.1:${port}/smalltown`);
    expect(e.message).toMatch(new RegExp(`cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`));
    expect(e.message).toMatch(/DATABASE_URL/);
  });

  it('wrong password, or a database that does not exist: names the user or the database', async () => {
    const base = new URL(inject('postgresBaseUrl'));
    base.password = 'wrong';
    const bad = await startupError(`${base.toString()}/postgres`);
    expect(bad.message).toMatch(
      /refused user "postgres".*password authentication failed.*Fix the user name or password in DATABASE_URL/,
    );
    const missing = await startupError(`${inject('postgresBaseUrl')}/no_such_db`);
    expect(missing.message).toMatch(/database "no_such_db" does not exist.*createdb no_such_db/);
  });

  it('a database migrated by a newer version (or a failed migration) is refused before anything is changed', async () => {
    const url = await freshPostgresUrl();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, started_at, applied_steps_count)
       VALUES ('x', 'x', '29990101000000_from_the_future', now(), now(), 1)`,
    );
    const e = await startupError(url);
    expect(e.message).toMatch(
      /at migration 29990101000000_from_the_future, which this version of smalltown does not have/,
    );
    await c.query(`UPDATE _prisma_migrations SET finished_at = NULL WHERE id = 'x'`);
    expect((await startupError(url)).message).toMatch(/29990101000000_from_the_future failed part-way/);
    await c.end();
  });

  it('the app exits non-zero with that one message and no stack trace', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: 'postgresql://postgres:x@127.0.0.1:1/smalltown',
        DISCORD_TOKEN: '',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      'DATABASE_URL: cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED). Start the server, or fix the host and port in DATABASE_URL.',
    );
  });
});

describe('the same history check on SQLite', () => {
  it('a SQLite file migrated by a newer version is refused with the same message', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const Database = (await import('better-sqlite3')).default;
    const file = join(mkdtempSync(join(tmpdir(), 'hist-')), 'town.db');
    const db = await openDatabase(`file:${file}`);
    await db.close();
    const raw = new Database(file);
    raw
      .prepare(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, started_at, applied_steps_count)
         VALUES ('x', 'x', '29990101000000_from_the_future', 1, 1, 1)`,
      )
      .run();
    raw.close();
    expect((await startupError(`file:${file}`)).message).toMatch(/at migration 29990101000000_from_the_future/);
  });
});

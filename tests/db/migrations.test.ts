import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { applyMigrations, createMigration, MIGRATIONS_DIR, SCHEMA_PATH } from '../../src/db/migrations.ts';

describe('offline migrations', () => {
  it('GIVEN a database with rows WHEN the schema gains a column THEN a new migration is written offline and start-up applies it keeping the rows', async () => {
    const work = mkdtempSync(join(tmpdir(), 'mig-'));
    const migDir = join(work, 'migrations');
    cpSync(MIGRATIONS_DIR, migDir, { recursive: true });
    const dbFile = join(work, 'town.db');

    // An existing database at the committed schema, with a row in it.
    const db = await openDatabase(`file:${dbFile}`);
    await db.prisma.town.create({ data: { id: 'town-1', name: 'Oakvale', state: '{"clock":1}' } });
    await db.close();

    // Unchanged schema: no migration.
    expect(await createMigration('noop', { dir: migDir })).toBeNull();

    // A schema change: a new optional column on Town.
    const schema = readFileSync(SCHEMA_PATH, 'utf8').replace('model Town {\n', 'model Town {\n  motto     String?\n');
    const schemaPath = join(work, 'schema.prisma');
    writeFileSync(schemaPath, schema);
    const created = await createMigration('add town motto', {
      dir: migDir,
      schemaPath,
      now: new Date('2030-01-01T00:00:00Z'),
    });
    expect(created).toBe('20300101000000_add_town_motto');
    const sql = readFileSync(join(migDir, created!, 'migration.sql'), 'utf8');
    expect(sql).toMatch(/ALTER TABLE "Town" ADD COLUMN "motto" TEXT/);
    expect(readdirSync(migDir).filter((n) => n !== 'migration_lock.toml')).toHaveLength(
      readdirSync(MIGRATIONS_DIR).filter((n) => n !== 'migration_lock.toml').length + 1,
    );

    // Start-up path: pending migrations are applied to the existing file, rows survive.
    const applied = await applyMigrations(dbFile, migDir);
    expect(applied).toEqual([created]);
    const raw = new Database(dbFile, { readonly: true });
    const row = raw.prepare('SELECT id, name, state, motto FROM "Town"').get() as Record<string, unknown>;
    raw.close();
    expect(row).toEqual({ id: 'town-1', name: 'Oakvale', state: '{"clock":1}', motto: null });

    // Idempotent: nothing more to apply.
    expect(await applyMigrations(dbFile, migDir)).toEqual([]);
  });
});

describe('a second process', () => {
  it('GIVEN one process holds the database open WHEN another opens it THEN it starts without waiting on the migration engine', async () => {
    const work = mkdtempSync(join(tmpdir(), 'mig2-'));
    const url = `file:${join(work, 'town.db')}`;
    const first = await openDatabase(url);
    await first.prisma.town.create({ data: { id: 't', name: 'Oakvale', state: '{}' } });
    // The first process keeps its connection open (WAL), as a running bot does.
    const second = await Promise.race([
      openDatabase(url),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('second open hung')), 4000)),
    ]);
    expect(second.applied).toEqual([]);
    expect(await second.prisma.town.count()).toBe(1);
    await second.close();
    await first.close();
  });
});

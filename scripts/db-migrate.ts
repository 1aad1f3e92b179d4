// Offline migration commands (the Prisma CLI's `migrate` cannot fetch its engine here).
//   npm run db:migrate:new -- <name>   write the next migration from prisma/schema.prisma, for SQLite and PostgreSQL
//   npm run db:migrate                 apply pending migrations to DATABASE_URL (start-up does this too)
import { spawnSync } from 'node:child_process';
import { openDatabase } from '../src/db/client.ts';
import { createMigration, MIGRATIONS_DIR } from '../src/db/migrations.ts';
import { createPostgresMigration, missingPostgresMigrations } from '../src/db/postgres/migrations.ts';

/** The PostgreSQL twin of each new SQLite migration, diffed on a throwaway embedded server. */
async function writePostgresTwins(): Promise<string[]> {
  const missing = missingPostgresMigrations(MIGRATIONS_DIR);
  if (missing.length === 0) return [];
  if (missing.length > 1)
    throw new Error(`PostgreSQL migrations missing for ${missing.join(', ')}: only the newest can be derived`);
  // The generated PostgreSQL schema variant must be current before diffing.
  const gen = spawnSync(process.execPath, ['scripts/prisma-generate.mjs'], { stdio: 'inherit' });
  if (gen.status !== 0) throw new Error('prisma generate failed');
  const { startPostgres } = await import('../tests/support/postgres.ts');
  const server = await startPostgres();
  try {
    const url = await server.createDatabase('migrate_scratch');
    for (const name of missing) await createPostgresMigration(name, url);
  } finally {
    await server.destroy();
  }
  return missing;
}

const [cmd, name] = process.argv.slice(2);
if (cmd === 'new') {
  const dir = await createMigration(name ?? 'change');
  console.log(dir ? `created prisma/migrations/${dir}/migration.sql` : 'schema unchanged: no migration written');
  for (const twin of await writePostgresTwins())
    console.log(`created prisma/postgres/migrations/${twin}/migration.sql`);
} else if (cmd === 'apply') {
  const url = process.env.DATABASE_URL ?? 'file:./data/town.db';
  const db = await openDatabase(url);
  console.log(db.applied.length ? `applied: ${db.applied.join(', ')}` : 'database is up to date');
  await db.close();
} else {
  console.error('usage: db-migrate.ts new <name> | apply');
  process.exit(2);
}

// Offline migration commands (the Prisma CLI's `migrate` cannot fetch its engine here).
//   npm run db:migrate:new -- NAME     write the next migration from prisma/schema.prisma, for SQLite and PostgreSQL
//   npm run db:migrate                 apply pending migrations to DATABASE_URL (start-up does this too)
import { spawnSync } from 'node:child_process';
import { exitCodeOf, parseCommandLine } from '../src/core/cli-args.ts';
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

const NEW_USAGE = `Usage: npm run db:migrate:new -- NAME

Writes the next migration from prisma/schema.prisma under prisma/migrations/<timestamp>_NAME (and its PostgreSQL
twin), after you changed the schema. NAME says what changed, in letters, digits and underscores: add_game_notes.
Nothing is written when the schema is unchanged.`;
const APPLY_USAGE = `Usage: npm run db:migrate

Applies pending migrations to the database DATABASE_URL names (default: file:./data/town.db); start-up does this
too. It takes no options.`;

const [cmd, ...rest] = process.argv.slice(2);
if (cmd === 'new') {
  const args = parseCommandLine(rest, { usage: NEW_USAGE, positionals: { min: 1, max: 1 } });
  if (args.kind !== 'run') process.exit(exitCodeOf(args) ?? 2);
  const name = args.positionals[0] ?? '';
  if (!/^[A-Za-z0-9][A-Za-z0-9_]*$/.test(name)) {
    console.error(
      `"${name}" is not a migration name: use letters, digits and underscores (add_game_notes).\n\n${NEW_USAGE}`,
    );
    process.exit(2);
  }
  const dir = await createMigration(name);
  console.log(dir ? `created prisma/migrations/${dir}/migration.sql` : 'schema unchanged: no migration written');
  for (const twin of await writePostgresTwins())
    console.log(`created prisma/postgres/migrations/${twin}/migration.sql`);
} else if (cmd === 'apply') {
  const args = parseCommandLine(rest, { usage: APPLY_USAGE });
  if (args.kind !== 'run') process.exit(exitCodeOf(args) ?? 2);
  const url = process.env.DATABASE_URL ?? 'file:./data/town.db';
  const db = await openDatabase(url);
  console.log(db.applied.length ? `applied: ${db.applied.join(', ')}` : 'database is up to date');
  await db.close();
} else {
  console.error('usage: db-migrate.ts new NAME | apply   (npm run db:migrate:new -- NAME, npm run db:migrate)');
  process.exit(2);
}

// Offline migration commands (the Prisma CLI's `migrate` cannot fetch its engine here).
//   npm run db:migrate:new -- <name>   write the next migration from prisma/schema.prisma
//   npm run db:migrate                 apply pending migrations to DATABASE_URL (start-up does this too)
import { applyMigrations, createMigration, sqlitePathFromUrl } from '../src/db/migrations.ts';

const [cmd, name] = process.argv.slice(2);
if (cmd === 'new') {
  const dir = await createMigration(name ?? 'change');
  console.log(dir ? `created prisma/migrations/${dir}/migration.sql` : 'schema unchanged: no migration written');
} else if (cmd === 'apply') {
  const url = process.env.DATABASE_URL ?? 'file:./data/town.db';
  const applied = await applyMigrations(sqlitePathFromUrl(url));
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} else {
  console.error('usage: db-migrate.ts new <name> | apply');
  process.exit(2);
}

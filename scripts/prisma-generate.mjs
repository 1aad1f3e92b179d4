// Generates the Prisma clients at install time, offline: one for SQLite (prisma/schema.prisma, the single source)
// and one for PostgreSQL (prisma/postgres/schema.prisma, derived from it here; Prisma 7 builds a client per provider).
// The Prisma CLI wants to download its native schema engine even for `generate`, which does not run it;
// pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets generation proceed without a network.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { postgresSchemaFrom } from './prisma-postgres-schema.mjs';

const USAGE = `Usage: npm run db:generate

Generates the Prisma clients (SQLite and PostgreSQL) from prisma/schema.prisma, offline; npm ci runs it too.
It takes no options.`;
// --help prints the usage; any other word is refused before anything is generated (exit 2), as every script does.
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (args.length > 0) {
  process.stderr.write(
    `${args[0].startsWith('-') ? 'Unknown option' : 'Unexpected argument'} ${args[0]}.\n\n${USAGE}\n`,
  );
  process.exit(2);
}

const SOURCE = 'prisma/schema.prisma';
const POSTGRES = 'prisma/postgres/schema.prisma';

if (!existsSync(SOURCE)) process.exit(0);
const derived = postgresSchemaFrom(readFileSync(SOURCE, 'utf8'));
if (!existsSync(POSTGRES) || readFileSync(POSTGRES, 'utf8') !== derived) writeFileSync(POSTGRES, derived);

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY)
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.platform === 'win32' ? process.execPath : '/bin/false';
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
for (const schema of [SOURCE, POSTGRES]) {
  const r = spawnSync(process.execPath, ['node_modules/prisma/build/index.js', 'generate', '--schema', schema], {
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

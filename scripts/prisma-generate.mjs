// Generates the Prisma clients at install time, offline: one for SQLite (prisma/schema.prisma, the single source)
// and one for PostgreSQL (prisma/postgres/schema.prisma, derived from it here; Prisma 7 builds a client per provider).
// The Prisma CLI wants to download its native schema engine even for `generate`, which does not run it;
// pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets generation proceed without a network.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { postgresSchemaFrom } from './prisma-postgres-schema.mjs';

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

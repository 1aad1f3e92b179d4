// Generates the Prisma client at install time, offline.
// The Prisma CLI wants to download its native schema engine even for `generate`, which does not run it;
// pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets generation proceed without a network.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('prisma/schema.prisma')) process.exit(0);
const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY)
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.platform === 'win32' ? process.execPath : '/bin/false';
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
const r = spawnSync(process.execPath, ['node_modules/prisma/build/index.js', 'generate'], { stdio: 'inherit', env });
process.exit(r.status ?? 1);

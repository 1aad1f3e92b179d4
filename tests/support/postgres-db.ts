// A fresh database for one test file, on the run's shared PostgreSQL server (tests/support/postgres-global-setup.ts)
// or on SQLite: the engines the repository contract suite (tests/db/contract) runs every store against.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Db, openDatabase } from '../../src/db/client.ts';

export const ENGINES = ['sqlite', 'postgresql'] as const;
export type Engine = (typeof ENGINES)[number];

let counter = 0;

/** A new, migrated, empty PostgreSQL database cloned from the run's template; returns its URL. */
export async function freshPostgresUrl(): Promise<string> {
  const base = inject('postgresBaseUrl');
  const template = inject('postgresTemplate');
  const name = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const c = new pg.Client({ connectionString: `${base}/postgres` });
  await c.connect();
  try {
    // CREATE DATABASE ... TEMPLATE needs the template unused; files cloning at once retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (e) {
        if (attempt >= 50 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 50));
      }
    }
  } finally {
    await c.end();
  }
  return `${base}/${name}`;
}

export interface TestDb extends Db {
  /** Closes the client and removes the database. */
  dispose(): Promise<void>;
}

export async function openTestDb(engine: Engine): Promise<TestDb> {
  if (engine === 'postgresql') {
    const url = await freshPostgresUrl();
    const db = await openDatabase(url, { poolSize: 4 });
    return { ...db, dispose: () => db.close() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'contract-'));
  const db = await openDatabase(`file:${join(dir, 'town.db')}`);
  return {
    ...db,
    dispose: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

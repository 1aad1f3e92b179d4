// One writer per town across processes: a PostgreSQL session advisory lock, held on its own connection for the
// length of a job. PostgreSQL frees it when that connection ends, so a killed worker never leaves a town locked.
import pg from 'pg';

/** Lock space for towns (the first key of the two-key advisory lock). */
const TOWN_LOCK_SPACE = 0x5354; // 'ST'

export class TownLocks {
  private readonly pool: pg.Pool;

  constructor(url: string, size = 4) {
    this.pool = new pg.Pool({ connectionString: url, max: size, connectionTimeoutMillis: 10_000 });
    this.pool.on('error', () => undefined); // a dropped idle connection is replaced on next use
  }

  /**
   * Runs `fn` holding the town's lock; returns `{ ran: false }` without running it when another process holds the
   * lock (a tick of that town is still running somewhere).
   */
  async tryWith<T>(townId: string, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    const client = await this.pool.connect();
    // A checked-out client that loses its connection (server restart) emits 'error'; without a listener that would
    // end the process. The lock goes with the connection; the tick's version-checked commit still refuses a
    // second writer, so losing the lock mid-job costs at worst a refused commit.
    const onError = () => undefined;
    client.on('error', onError);
    let locked = false;
    try {
      const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [
        TOWN_LOCK_SPACE,
        townId,
      ]);
      locked = r.rows[0]?.ok === true;
      if (!locked) return { ran: false };
      return { ran: true, value: await fn() };
    } finally {
      if (locked)
        await client
          .query('SELECT pg_advisory_unlock($1, hashtext($2))', [TOWN_LOCK_SPACE, townId])
          .then(() => {
            client.removeListener('error', onError);
            client.release();
          })
          .catch((e: Error) => client.release(e)); // a broken connection is dropped, which frees the lock too
      else {
        client.removeListener('error', onError);
        client.release();
      }
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

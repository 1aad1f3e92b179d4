// A worker's hold on a town (src/worker/town-lock.ts), on PostgreSQL: the town row's lease (owner, until) taken,
// renewed and released by the DATABASE's clock, never the worker's, so a clock step on one worker (an NTP jump)
// neither shortens nor stretches anyone's lease. The same columns fence every commit of a tick
// (PrismaTownStore.commit with `fenced`): a holder whose lease ran out or was taken cannot write.
// Its own small pool: renewals never queue behind a tick's queries.
import pg from 'pg';

/** What a take found: the town taken (from an expired holder, or none), or held by someone else until when. */
export type LeaseTake =
  | { ok: true; from: { owner: string; expiredMs: number; bogus: boolean } | null }
  | { ok: false; owner: string; msLeft: number }
  | { ok: false; missing: true };

export const pgTownLeaseSettings = {
  /**
   * A lease reaching further than this ahead of the database's clock was not written by any holder (workers hold
   * for seconds, bot actions for their town's leaseMs): a row edited by hand. It is taken as expired, and said so.
   */
  longestHonouredMs: 10 * 60_000,
} as const;

/** The server's "now" as the timestamp Prisma stores (TIMESTAMP(3) in UTC). */
const NOW = `(clock_timestamp() AT TIME ZONE 'UTC')`;

export class PgTownLeases {
  private readonly pool: pg.Pool;

  constructor(url: string, opts: { size?: number; idleInTransactionMs?: number } = {}) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: opts.size ?? 2,
      connectionTimeoutMillis: 5_000,
      // a renewal that cannot reach the server fails in seconds, so the holder's own deadline decides
      query_timeout: 5_000,
      keepAlive: true,
    });
    this.pool.on('error', () => undefined); // a dropped idle connection is replaced on next use
  }

  /** Takes the town for `ttlMs` when its lease is free, ours, expired by the server's clock, or bogus. */
  async take(townId: string, token: string, ttlMs: number): Promise<LeaseTake> {
    const cur = await this.pool.query<{ owner: string | null; ms_left: number | null }>(
      `SELECT "leaseOwner" AS owner, (extract(epoch FROM ("leaseUntil" - ${NOW})) * 1000)::float8 AS ms_left
         FROM "Town" WHERE id = $1`,
      [townId],
    );
    const row = cur.rows[0];
    if (!row) return { ok: false, missing: true };
    const { owner } = row;
    const msLeft = row.ms_left ?? -1;
    const bogus = msLeft > pgTownLeaseSettings.longestHonouredMs;
    if (owner && owner !== token && msLeft > 0 && !bogus) return { ok: false, owner, msLeft };
    // Taken only if the row still holds what was read: two takers of one expired lease, one wins.
    const r = await this.pool.query(
      `UPDATE "Town" SET "leaseOwner" = $2, "leaseUntil" = ${NOW} + $3 * interval '1 millisecond'
        WHERE id = $1 AND "leaseOwner" IS NOT DISTINCT FROM $4`,
      [townId, token, ttlMs, owner],
    );
    if (r.rowCount !== 1) return this.take(townId, token, ttlMs);
    return { ok: true, from: owner && owner !== token ? { owner, expiredMs: Math.max(0, -msLeft), bogus } : null };
  }

  /** Extends the lease by `ttlMs` from now; false when it is no longer ours or has run out (by the server). */
  async renew(townId: string, token: string, ttlMs: number): Promise<boolean> {
    const r = await this.pool.query(
      `UPDATE "Town" SET "leaseUntil" = ${NOW} + $3 * interval '1 millisecond'
        WHERE id = $1 AND "leaseOwner" = $2 AND "leaseUntil" > ${NOW}`,
      [townId, token, ttlMs],
    );
    return r.rowCount === 1;
  }

  /** Who holds the town now (for the line that says a lease was lost). */
  async holder(townId: string): Promise<string | null> {
    const r = await this.pool.query<{ owner: string | null }>(
      `SELECT "leaseOwner" AS owner FROM "Town" WHERE id = $1`,
      [townId],
    );
    return r.rows[0]?.owner ?? null;
  }

  async release(townId: string, token: string): Promise<void> {
    await this.pool.query(
      `UPDATE "Town" SET "leaseOwner" = NULL, "leaseUntil" = NULL WHERE id = $1 AND "leaseOwner" = $2`,
      [townId, token],
    );
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

// One writer per town across workers: a lease with a deadline, not a lock on a connection. A job takes its town's
// lease (the town row's owner and deadline, by the database's clock: src/db/town-lease-pg.ts), renews it every
// `renewMs` while it runs, and gives it back at its end. A worker that stops renewing (killed, or frozen: a stalled
// VM, a long GC, a debugger, SIGSTOP) loses the town within `ttlMs` although its connection is alive, and another
// worker takes it. Every commit of a tick is fenced by the lease (fencedStore below: PrismaTownStore.commit with
// `fenced`), so a holder that wakes up after losing the town cannot write: its commit is refused and reported
// (TownLockLostError), and its job is retried, which finds the ticks committed by the new holder.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type LeaseTake, PgTownLeases } from '../db/town-lease-pg.ts';
import type { TownCommit, TownStore } from '../town/store.ts';

export const townLockSettings = {
  /** A holder that stops renewing loses its town this long after its last renewal (the 15 s recovery goal). */
  ttlMs: 8_000,
  /** Renewals while a job runs: several fit in one lease, so one slow round trip does not lose it. */
  renewMs: 2_000,
  /** A wall-clock jump larger than this between two renewals is logged (leases use the database's clock). */
  clockStepMs: 2_000,
} as const;

/** The lease store a lock needs (PgTownLeases on PostgreSQL; tests may give a twin). */
export interface TownLeaseStore {
  take(townId: string, token: string, ttlMs: number): Promise<LeaseTake>;
  renew(townId: string, token: string, ttlMs: number): Promise<boolean>;
  holder(townId: string): Promise<string | null>;
  release(townId: string, token: string): Promise<void>;
  close(): Promise<void>;
}

type Log = (level: 'info' | 'warn' | 'error', msg: string, data?: Record<string, unknown>) => void;

/** This worker no longer holds the town: its tick was not written. */
export class TownLockLostError extends Error {
  readonly townId: string;
  readonly holder: string | null;
  constructor(townId: string, holder: string | null, why: string) {
    super(`lost town ${townId} (${why}); now held by ${holder ?? 'nobody'}: this worker's tick was not written`);
    this.name = 'TownLockLostError';
    this.townId = townId;
    this.holder = holder;
  }
}

/** A town this worker holds for a job. */
export class HeldTown {
  /** Why the lease was lost (null while held). */
  lost: string | null = null;
  /** Monotonic ms until which the lease surely holds (from the moment the last renewal was sent). */
  private deadline: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly townId: string,
    readonly token: string,
    private readonly leases: TownLeaseStore,
    private readonly ttlMs: number,
    renewMs: number,
    sentAt: number,
    /** Called before each renewal (TownLocks watches this machine's clock there). */
    private readonly onRenew: () => void = () => undefined,
  ) {
    this.deadline = sentAt + ttlMs;
    this.timer = setInterval(() => void this.renew(), renewMs);
    this.timer.unref();
  }

  /** Renews now; false once lost (refused by the database, or not renewed before its deadline). */
  async renew(): Promise<boolean> {
    if (this.lost) return false;
    this.onRenew();
    const sent = performance.now();
    let ok: boolean;
    try {
      ok = await this.leases.renew(this.townId, this.token, this.ttlMs);
    } catch (e) {
      // The database did not answer: the lease may still be ours until its deadline, not after.
      if (performance.now() >= this.deadline)
        this.markLost(`not renewed for ${this.ttlMs} ms: ${(e as Error).message}`);
      return !this.lost;
    }
    if (this.lost) return false;
    if (!ok) this.markLost('its lease ran out or was taken');
    else this.deadline = sent + this.ttlMs;
    return ok;
  }

  private markLost(why: string): void {
    if (this.lost) return;
    this.lost = why;
    this.stop();
  }

  /** Throws TownLockLostError, naming the holder now, when the lease is gone. */
  async check(): Promise<void> {
    if (await this.renew()) return;
    const holder = await this.leases.holder(this.townId).catch(() => null);
    // still our name on the row: it ran out, and nobody has taken it yet
    throw new TownLockLostError(this.townId, holder === this.token ? null : holder, this.lost ?? '');
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

export interface TownLocksOptions {
  /** This worker's owner id (`worker:<name>`); each hold adds a fresh nonce, so two workers of one name differ. */
  owner: string;
  /** Connections for leases (default 2). */
  size?: number;
  ttlMs?: number;
  renewMs?: number;
  log?: Log;
}

export class TownLocks {
  private readonly held = new Map<string, HeldTown>();
  private lastWall = Date.now();
  private lastMono = performance.now();
  private readonly leases: TownLeaseStore;
  private readonly ttlMs: number;
  private readonly renewMs: number;

  constructor(
    leases: string | TownLeaseStore,
    private readonly opts: TownLocksOptions,
  ) {
    this.leases = typeof leases === 'string' ? new PgTownLeases(leases, { size: opts.size ?? 2 }) : leases;
    this.ttlMs = opts.ttlMs ?? townLockSettings.ttlMs;
    this.renewMs = opts.renewMs ?? townLockSettings.renewMs;
  }

  /** The town's hold while this worker runs a job of it. */
  holding(townId: string): HeldTown | undefined {
    return this.held.get(townId);
  }

  /**
   * Runs `fn` holding the town's lease; `{ ran: false }` without running it when another live holder has it (a
   * tick of that town is running elsewhere, or a person's action in a bot). A lease that ran out is taken over,
   * and said in one line.
   */
  async tryWith<T>(
    townId: string,
    fn: (held: HeldTown) => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false; holder?: string; missing?: true }> {
    const token = `${this.opts.owner}#${randomBytes(4).toString('hex')}`;
    const sent = performance.now();
    const took = await this.leases.take(townId, token, this.ttlMs);
    if (!took.ok) return 'missing' in took ? { ran: false, missing: true } : { ran: false, holder: took.owner };
    if (took.from?.owner.startsWith(`${this.opts.owner}#`))
      // this worker's own earlier hold, which a failed job could not give back (the database was away)
      this.opts.log?.('info', 'took back a town an earlier job of this worker could not give back', {
        town: townId,
        from: took.from.owner,
      });
    else if (took.from)
      this.opts.log?.(
        'warn',
        took.from.bogus
          ? 'took over a town whose lease no holder wrote (edited by hand?)'
          : 'took over a town whose holder stopped renewing its lease',
        {
          town: townId,
          from: took.from.owner,
          ...(took.from.bogus ? {} : { expiredMs: Math.round(took.from.expiredMs) }),
        },
      );
    const held = new HeldTown(townId, token, this.leases, this.ttlMs, this.renewMs, sent, () => this.noteClockStep());
    this.held.set(townId, held);
    try {
      return { ran: true, value: await fn(held) };
    } finally {
      held.stop();
      if (this.held.get(townId) === held) this.held.delete(townId);
      if (!held.lost) await this.leases.release(townId, token).catch(() => undefined); // it runs out anyway
    }
  }

  /**
   * Leases run on the database's clock and the holder's deadline on the monotonic one: a step of this machine's wall
   * clock (an NTP jump) changes nothing, and is said once per step (whichever hold renews first sees it).
   */
  private noteClockStep(): void {
    const wall = Date.now();
    const mono = performance.now();
    const step = wall - this.lastWall - (mono - this.lastMono);
    this.lastWall = wall;
    this.lastMono = mono;
    if (Math.abs(step) > townLockSettings.clockStepMs)
      this.opts.log?.('warn', 'wall clock stepped: town leases use the database clock, nothing changes', {
        stepMs: Math.round(step),
      });
  }

  close(): Promise<void> {
    for (const h of this.held.values()) h.stop();
    return this.leases.close();
  }
}

/**
 * The town store as a worker's towns see it: while a job holds a town, the session's lease calls are the job's
 * (taking it renews the hold, giving it back waits for the job's end) and every commit is fenced by the hold.
 */
export function fencedStore(store: TownStore, locks: TownLocks): TownStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'acquireLease')
        return async (townId: string, owner: string, ttlMs: number, wallNow: number) => {
          const held = locks.holding(townId);
          if (!held) return target.acquireLease(townId, owner, ttlMs, wallNow);
          await held.check();
          return true;
        };
      if (prop === 'releaseLease')
        return async (townId: string, owner: string) => {
          if (!locks.holding(townId)) await target.releaseLease(townId, owner);
        };
      if (prop === 'commit')
        return async (c: TownCommit) => {
          const held = locks.holding(c.townId);
          if (!held) return target.commit(c);
          try {
            return await target.commit({ ...c, owner: held.token, fenced: true });
          } catch (e) {
            // Refused, or cut off (a worker frozen mid-commit has its session ended by the server): when the lease
            // is gone, say so (TownLockLostError) rather than "conflict" or a dropped connection.
            await held.check();
            throw e;
          }
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

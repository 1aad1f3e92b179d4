// One town's lease as this process sees it (session.ts): taking or renewing it, taking over the lease of a dead
// process (lease.ts), and how long this process surely holds it. One writer per town: changes and delivery run only
// while it is held.
import { ownerIsDeadHere } from './lease.ts';
import type { TownStore } from './store.ts';
import type { TickLog } from './tick.ts';

export class TownLease {
  /** Wall ms until which this process surely holds the lease, as of its last take or renewal (0: not held). */
  heldUntil = 0;

  constructor(
    private readonly d: {
      store: TownStore;
      townId: string;
      owner: string;
      ownerIsDead?: (owner: string) => boolean;
      log?: TickLog;
    },
  ) {}

  /**
   * Takes or renews the lease for `ttl` ms. A lease held by a dead process on this host is taken over at once.
   * `continuous`: this process held the lease without a break before (false: taken over or newly taken).
   */
  async acquire(now: number, ttl: number): Promise<{ ok: boolean; owner: string | null; continuous: boolean }> {
    const { store, townId, owner: me } = this.d;
    const continuous = now < this.heldUntil;
    let ok = await store.acquireLease(townId, me, ttl, now);
    let owner: string | null = me;
    if (!ok) {
      owner = (await store.lease(townId)).owner;
      const dead = this.d.ownerIsDead ?? ownerIsDeadHere;
      if (owner && dead(owner)) {
        ok = await store.takeOverLease(townId, owner, me, ttl, now);
        if (ok) this.d.log?.('warn', 'took over the lease of a process that is gone', { town: townId, from: owner });
      }
    }
    this.heldUntil = ok ? now + ttl : 0;
    return { ok, owner, continuous };
  }

  /** Gives the lease up; `quiet`: a failure is logged, not thrown. */
  async release(quiet = false): Promise<void> {
    this.heldUntil = 0;
    const done = this.d.store.releaseLease(this.d.townId, this.d.owner);
    if (!quiet) return done;
    await done.catch((e: unknown) =>
      this.d.log?.('warn', 'could not release the lease after a change', {
        town: this.d.townId,
        error: (e as Error).message,
      }),
    );
  }
}

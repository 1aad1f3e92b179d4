// TownSession: the one unit that owns a town's lease, lock, load, commit and reload. Changes run under the town's
// mutex on a DRAFT of the state (copy-on-write): the committed world is replaced only after the commit succeeds, so
// readers never see a half-applied change. A change that fails reloads the last commit; when that reload fails too
// (a double fault), the session is marked stale and the next change reloads before it runs: a half-applied tick is
// never saved. A tick decides outside the mutex and is applied under it (decideThenApply, flight.ts). Read models
// (queries.ts) read `world`; actions (service.ts) go through `change`.
import type { Memory } from '../agent/types.ts';
import { copyPlain } from '../core/plain-copy.ts';
import { UserError } from '../errors.ts';
import { Mutex } from './concurrency.ts';
import { ForkOnRead, TickFlight } from './flight.ts';
import { journalDraft } from './journal.ts';
import type { MindKit } from './mind.ts';
import { PostListeners } from './post-listeners.ts';
import { DEFAULT_RETENTION, type RetentionPolicy } from './retention.ts';
import { parseTownState } from './state-schema.ts';
import type { TownRecord, TownStore } from './store.ts';
import { PostBuffer, type TickLog, type TownWorld } from './tick.ts';
import { TownLease } from './town-lease.ts';
import type { NewPost, Post, TownState } from './types.ts';
import { worldFromSnapshot } from './world-snapshot.ts';

export { upgradeState } from './upgrade-state.ts';

export type KitFactory = (townId: string, agentSettings: Record<string, unknown>) => MindKit;

export interface TownSessionDeps {
  store: TownStore;
  kit: KitFactory;
  /** Wall clock (ms) for leases and catch-up; default Date.now. */
  wallNow?: () => number;
  /** Lease owner id of this process (`host:pid:random`, lease.ts). */
  owner: string;
  log?: TickLog;
  /** Whether a lease owner is a dead process (taken over at once); default: a dead pid on this host. */
  ownerIsDead?: (owner: string) => boolean;
  /** Retention of old observations and delivered posts (retention.ts); false keeps everything. */
  retention?: RetentionPolicy | false;
  /**
   * Other processes write this town between this process's changes (PostgreSQL with queue workers, issue 15): the
   * lease is held only for the length of a change and released after it, every change first reloads if the store
   * moved on, and delivery needs no lease (each bot shard delivers only its own guilds).
   */
  sharedWriters?: boolean;
}

export class TownSession {
  readonly id: string;
  readonly scope: string;
  private committed: TownWorld;
  private version: number;
  private kitNow: MindKit;
  private readonly mutex = new Mutex();
  /** Ticks of this town run one at a time (their decide phase outside `mutex`). */
  private readonly tickLane = new Mutex();
  /** Bumped by every reload: a tick decided before it cannot be rebased. */
  private generation = 0;
  /** The tick deciding outside the lock, if any (flight.ts). */
  private flight: TickFlight | null = null;
  private readonly listeners: PostListeners;
  readonly wallNow: () => number;
  private closed = false;
  /** A change failed and so did its reload: the in-memory world may be half-changed; reload before any change. */
  private stale = false;
  private readonly lease: TownLease;

  constructor(
    private readonly deps: TownSessionDeps,
    rec: TownRecord,
    memories: Memory[],
  ) {
    this.id = rec.id;
    this.scope = rec.scope;
    this.wallNow = deps.wallNow ?? Date.now;
    this.listeners = new PostListeners(deps.log);
    this.lease = new TownLease({ ...deps, townId: rec.id });
    const state = parseTownState(rec.id, rec.state);
    this.kitNow = deps.kit(rec.id, state.agentSettings);
    this.version = rec.version;
    this.committed = this.worldOf(state, memories, this.kitNow);
  }

  /** Loads a stored town from one consistent snapshot; null when it does not exist. */
  static async load(deps: TownSessionDeps, townId: string): Promise<TownSession | null> {
    const snap = await deps.store.loadSnapshot(townId);
    return snap ? new TownSession(deps, snap.rec, snap.memories) : null;
  }

  /** The last committed world (read models read it; do not mutate). */
  get world(): TownWorld {
    return this.committed;
  }

  get state(): TownState {
    return this.committed.state;
  }

  get kit(): MindKit {
    return this.kitNow;
  }

  get currentVersion(): number {
    return this.version;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The world of a parsed snapshot and its memories (world-snapshot.ts), vectors loading from this town's store. */
  private worldOf(state: TownState, memories: Memory[], kit: MindKit): TownWorld {
    return worldFromSnapshot(state, memories, kit, {
      loadVectors: (ids) => this.deps.store.loadVectors(this.id, ids),
      ...(this.deps.log ? { log: this.deps.log } : {}),
    });
  }

  /** Discards in-memory changes and reloads the last committed state (after a failed change or a takeover). */
  private async reload(): Promise<void> {
    const snap = await this.deps.store.loadSnapshot(this.id);
    if (!snap) throw new Error(`town ${this.id} disappeared from the store`);
    // Everything is built first: a snapshot that does not parse leaves the session as it was (never half-used).
    const state = parseTownState(this.id, snap.rec.state);
    const kit = this.deps.kit(snap.rec.id, state.agentSettings);
    const world = this.worldOf(state, snap.memories, kit);
    this.version = snap.rec.version;
    this.kitNow = kit;
    this.committed = world;
    this.stale = false;
    this.generation++;
  }

  /** Reloads when the store holds a version this process did not write (another process ran the town). */
  private async reloadIfBehind(): Promise<void> {
    const version = await this.deps.store.version(this.id);
    if (version !== null && version !== this.version) {
      this.deps.log?.('info', 'town changed elsewhere: reloading', { town: this.id, from: this.version, to: version });
      await this.reload();
    }
  }

  private async ensureLease(): Promise<void> {
    const got = await this.lease.acquire(this.wallNow(), this.state.settings.leaseMs);
    if (!got.ok)
      throw new UserError(
        'town/leased',
        `Town ${this.state.name} is being run by another process (${got.owner ?? 'unknown'}).`,
        { owner: got.owner },
      );
    if (!got.continuous || this.deps.sharedWriters) await this.reloadIfBehind();
  }

  /** Shared writers: the lease covers one change only. */
  private async releaseAfterChange(): Promise<void> {
    if (this.deps.sharedWriters) await this.lease.release(true);
  }

  /**
   * Runs a change under the town's lock on a draft of the state and commits it with its posts. The committed
   * world is replaced only when the commit succeeded; on any error the last commit is reloaded.
   */
  change<T>(fn: (draft: TownWorld, out: PostBuffer) => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      await this.prepare();
      // While a tick decides on the committed streams, a change forks the residents it reads (flight.ts).
      const residents = this.flight
        ? this.flight.residentsForChange(this.committed.residents)
        : this.committed.residents;
      const draft: TownWorld = { state: copyPlain(this.committed.state), residents };
      const out = new PostBuffer(draft.state);
      return this.commitDraft(draft, async () => {
        const value = await fn(draft, out);
        return { value, posts: out.posts };
      });
    });
  }

  /** Before any change: not closed, not half-changed (reload), the lease held (and reloaded if taken over). */
  private async prepare(): Promise<void> {
    if (this.closed) throw new UserError('town/closed', 'This town has been shut down.');
    if (this.stale) await this.reload();
    await this.ensureLease();
  }

  /** After a failed change: the in-memory world may be half-changed, so back to the last commit. */
  private async reloadAfterFailure(): Promise<void> {
    this.stale = true;
    await this.reload().catch((re: unknown) =>
      this.deps.log?.('error', 'reload after a failed change failed too; the next change reloads first', {
        town: this.id,
        error: (re as Error).message,
      }),
    );
  }

  /**
   * Runs `fill` (which changes `draft`) and commits the draft with the posts it returns; on success the draft
   * becomes the committed world, on any error the last commit is reloaded. Runs under the mutex.
   */
  private async commitDraft<T>(draft: TownWorld, fill: () => Promise<{ value: T; posts: NewPost[] }>): Promise<T> {
    let value: T;
    let committedPosts: Post[];
    try {
      const filled = await fill();
      value = filled.value;
      committedPosts = await this.commit(draft, filled.posts);
    } catch (e) {
      await this.reloadAfterFailure();
      throw e;
    } finally {
      await this.releaseAfterChange();
    }
    if (draft.residents instanceof ForkOnRead) draft.residents = draft.residents.plain();
    this.committed = draft;
    // Listeners hear of the posts once the committed world is the new one: what they read (status, the time in a
    // console prompt) is the state those posts belong to.
    this.listeners.notify(committedPosts);
    return value;
  }

  /**
   * A tick in two halves (ai-town's pattern: model work outside the engine, results checked against the world when
   * they come back). Under the lock, briefly: a snapshot (flight.ts). Outside it: `decide`, with every model call,
   * while whispers, interviews and `say` commit on forks of the residents they read. Under the lock again: the tick
   * commits as it is when nothing committed meanwhile, else rebased on the current commit (rebase.ts); when the
   * town was reloaded or its clock moved meanwhile, it is reloaded and the tick runs again under the lock. Ticks
   * run one at a time. `finish` runs on the draft before its commit. With shared writers (issue 15) the lease
   * covers one change only, so the whole tick runs under the lock.
   */
  decideThenApply<T extends { posts: NewPost[] }>(
    decide: (world: TownWorld) => Promise<T>,
    finish: (draft: TownWorld, result: T) => void,
  ): Promise<T> {
    const inside = (): Promise<T> =>
      this.mutex.run(async () => {
        await this.prepare();
        const draft: TownWorld = { state: copyPlain(this.committed.state), residents: this.committed.residents };
        return this.commitDraft(draft, async () => {
          const r = await decide(draft);
          finish(draft, r);
          return { value: r, posts: r.posts };
        });
      });
    if (this.deps.sharedWriters) return inside();
    return this.tickLane.run(async () => {
      const snap = await this.mutex.run(async () => {
        await this.prepare();
        this.flight = new TickFlight(this.committed, this.kitNow, (ids) => this.deps.store.loadVectors(this.id, ids));
        const world: TownWorld = { state: copyPlain(this.committed.state), residents: this.committed.residents };
        return { world, flight: this.flight, version: this.version, generation: this.generation };
      });
      let r: T;
      try {
        r = await decide(snap.world);
      } catch (e) {
        // The tick changed the committed streams in place: back to the last commit.
        await this.mutex.run(() => {
          this.flight = null;
          return this.reloadAfterFailure();
        });
        throw e;
      }
      const again = await this.mutex.run(async () => {
        const flight = snap.flight;
        this.flight = null;
        await this.prepare().catch(async (e: unknown) => {
          if (this.generation === snap.generation) await this.reloadAfterFailure(); // the tick's work is in the streams
          throw e;
        });
        if (this.generation !== snap.generation) return true;
        let draft = snap.world;
        let posts = r.posts;
        if (this.version !== snap.version) {
          const rebased = flight.rebaseOnto(snap.world, this.committed, r.posts);
          if (!rebased) {
            this.stale = true; // the committed streams hold the tick's unfinished work
            return true;
          }
          draft = rebased.draft;
          posts = rebased.posts;
          r.posts.splice(0, r.posts.length, ...posts);
          this.deps.log?.('info', 'tick rebased on changes made while it decided', {
            town: this.id,
            dropped: [...rebased.dropped],
          });
        }
        await this.commitDraft(draft, async () => {
          finish(draft, r);
          return { value: r, posts };
        });
        return false;
      });
      if (!again) return r;
      this.deps.log?.('info', 'the town was reloaded or its clock moved while a tick decided: running it again', {
        town: this.id,
      });
      return inside();
    });
  }

  /** Runs `fn` under the town's lock without committing (stateless evaluations, summaries). */
  exclusive<T>(fn: (world: TownWorld) => Promise<T>): Promise<T> {
    return this.mutex.run(() => fn(this.committed));
  }

  private async commit(draft: TownWorld, posts: NewPost[]): Promise<Post[]> {
    const policy = this.deps.retention === undefined ? DEFAULT_RETENTION : this.deps.retention;
    const j = await journalDraft(draft, {
      flight: this.flight,
      policy,
      wallNow: this.wallNow(),
    });
    this.version = await this.deps.store.commit({
      townId: this.id,
      expectedVersion: this.version,
      state: draft.state,
      memories: {
        added: j.added,
        touched: j.touched,
        ...(j.removed.length ? { removed: j.removed } : {}),
        ...(j.embedded.length ? { embedded: j.embedded } : {}),
      },
      posts,
      owner: this.deps.owner,
      ...(j.pruneDeliveredBefore !== undefined ? { pruneDeliveredBefore: j.pruneDeliveredBefore } : {}),
    });
    return posts.map((p) => ({
      ...p,
      id: `${this.id}:${p.seq}`,
      deliveredAt: null,
      deliveryRef: null,
      attempts: 0,
    }));
  }

  /** Reloads when another process committed since (readers that never change the town); true when it did. */
  async refresh(): Promise<boolean> {
    if (this.closed) return false;
    const version = await this.deps.store.version(this.id);
    if (version === null || version === this.version) return false;
    return this.mutex.run(async () => {
      if (this.closed) return false;
      const before = this.version;
      await this.reloadIfBehind();
      return this.version !== before;
    });
  }

  /** Called with the posts of every commit (after it is durable). Returns an unsubscribe function. */
  onPosts(listener: (posts: Post[]) => void): () => void {
    return this.listeners.add(listener);
  }

  /**
   * Takes or renews the lease for work done outside a change (delivery): true while this process holds it. Renews
   * only once half the lease has run out; false while another live process holds it, and after close. On taking
   * the town over, reloads what the previous holder committed.
   */
  async holdLease(): Promise<boolean> {
    if (this.closed) return false;
    if (this.deps.sharedWriters) return true;
    const now = this.wallNow();
    const ttl = this.state.settings.leaseMs;
    if (now < this.lease.heldUntil - ttl / 2) return true;
    const got = await this.lease.acquire(now, ttl);
    if (!got.ok) return false;
    if (this.closed) {
      // close() ran while we were asking: it released the lease, so must we.
      await this.lease.release();
      return false;
    }
    if (!got.continuous)
      await this.mutex.run(async () => {
        if (!this.closed) await this.reloadIfBehind();
      });
    return true;
  }

  /** Waits for running work (a tick in flight too), then releases the lease. */
  async close(): Promise<void> {
    await this.tickLane.run(() =>
      this.mutex.run(async () => {
        this.closed = true;
        await this.lease.release();
      }),
    );
    this.listeners.clear();
  }
}

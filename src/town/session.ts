// TownSession: the one unit that owns a town's lease, lock, load, commit and reload. Changes run under the town's
// mutex on a DRAFT of the state (copy-on-write): the committed world is replaced only after the commit succeeds, so
// readers never see a half-applied change. A change that fails reloads the last commit; when that reload fails too
// (a double fault), the session is marked stale and the next change reloads before it runs: a half-applied tick is
// never saved. Read models (queries.ts) read `world`; actions (service.ts) go through `change`.
import type { AgentId, Memory } from '../agent/types.ts';
import { UserError } from '../errors.ts';
import { emptyStats } from './build.ts';
import { Mutex } from './concurrency.ts';
import { ownerIsDeadHere } from './lease.ts';
import type { MindKit, MindResident } from './mind.ts';
import { compactResident, DEFAULT_RETENTION, type RetentionPolicy } from './retention.ts';
import { resolveTownSettings } from './settings.ts';
import { parseTownState } from './state-schema.ts';
import type { TownRecord, TownStore } from './store.ts';
import { PostBuffer, type TickLog, type TownWorld } from './tick.ts';
import type { NewPost, Post, TownState } from './types.ts';

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

const DAY = 24 * 60 * 60_000;

export class TownSession {
  readonly id: string;
  readonly scope: string;
  private committed: TownWorld;
  private version: number;
  private kitNow: MindKit;
  private readonly mutex = new Mutex();
  private readonly listeners = new Set<(posts: Post[]) => void>();
  readonly wallNow: () => number;
  private closed = false;
  /** A change failed and so did its reload: the in-memory world may be half-changed; reload before any change. */
  private stale = false;
  /** Wall ms until which this process surely holds the lease, as of its last take or renewal (0: not held). */
  private leaseHeldUntil = 0;

  constructor(
    private readonly deps: TownSessionDeps,
    rec: TownRecord,
    memories: Memory[],
  ) {
    this.id = rec.id;
    this.scope = rec.scope;
    this.wallNow = deps.wallNow ?? Date.now;
    const state = parseTownState(rec.id, rec.state);
    this.kitNow = deps.kit(rec.id, state.agentSettings);
    this.version = rec.version;
    this.committed = this.buildWorld(state, memories, this.kitNow);
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

  /** The world of a parsed snapshot (parseTownState) and its memories. */
  private buildWorld(parsed: TownState, memories: Memory[], kit: MindKit): TownWorld {
    const state = upgradeState(parsed);
    const byAgent = new Map<string, Memory[]>();
    for (const m of memories) {
      const list = byAgent.get(m.agentId) ?? [];
      list.push(m);
      byAgent.set(m.agentId, list);
    }
    const residents = new Map<AgentId, MindResident>();
    for (const rs of state.residents) {
      const mine = byAgent.get(rs.profile.id) ?? [];
      if (mine.length !== rs.memoryCount)
        this.deps.log?.('warn', 'memory count differs from the snapshot', {
          resident: rs.profile.id,
          stored: mine.length,
          snapshot: rs.memoryCount,
        });
      residents.set(rs.profile.id, {
        profile: rs.profile,
        mind: rs.mind,
        memory: kit.memoryStream(rs.profile.id, mine, (ids) => this.deps.store.loadVectors(this.id, ids)),
      });
    }
    return { state, residents };
  }

  /** Discards in-memory changes and reloads the last committed state (after a failed change or a takeover). */
  private async reload(): Promise<void> {
    const snap = await this.deps.store.loadSnapshot(this.id);
    if (!snap) throw new Error(`town ${this.id} disappeared from the store`);
    // Everything is built first: a snapshot that does not parse leaves the session as it was (never half-used).
    const state = parseTownState(this.id, snap.rec.state);
    const kit = this.deps.kit(snap.rec.id, state.agentSettings);
    const world = this.buildWorld(state, snap.memories, kit);
    this.version = snap.rec.version;
    this.kitNow = kit;
    this.committed = world;
    this.stale = false;
  }

  /** Reloads when the store holds a version this process did not write (another process ran the town). */
  private async reloadIfBehind(): Promise<void> {
    const rec = await this.deps.store.load(this.id);
    if (rec && rec.version !== this.version) {
      this.deps.log?.('info', 'town changed elsewhere: reloading', {
        town: this.id,
        from: this.version,
        to: rec.version,
      });
      await this.reload();
    }
  }

  /**
   * Takes or renews the lease. A lease held by a dead process on this host is taken over at once. Returns whether
   * this process held the lease continuously before (false: it was taken over or newly taken).
   */
  private async acquire(now: number): Promise<{ ok: boolean; owner: string | null; continuous: boolean }> {
    const ttl = this.state.settings.leaseMs;
    const continuous = now < this.leaseHeldUntil;
    let ok = await this.deps.store.acquireLease(this.id, this.deps.owner, ttl, now);
    let owner: string | null = this.deps.owner;
    if (!ok) {
      owner = (await this.deps.store.lease(this.id)).owner;
      const dead = this.deps.ownerIsDead ?? ownerIsDeadHere;
      if (owner && dead(owner)) {
        ok = await this.deps.store.takeOverLease(this.id, owner, this.deps.owner, ttl, now);
        if (ok)
          this.deps.log?.('warn', 'took over the lease of a process that is gone', { town: this.id, from: owner });
      }
    }
    this.leaseHeldUntil = ok ? now + ttl : 0;
    return { ok, owner, continuous };
  }

  private async ensureLease(): Promise<void> {
    const got = await this.acquire(this.wallNow());
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
    if (!this.deps.sharedWriters) return;
    this.leaseHeldUntil = 0;
    await this.deps.store.releaseLease(this.id, this.deps.owner).catch((e: unknown) =>
      this.deps.log?.('warn', 'could not release the lease after a change', {
        town: this.id,
        error: (e as Error).message,
      }),
    );
  }

  /**
   * Runs a change under the town's lock on a draft of the state and commits it with its posts. The committed
   * world is replaced only when the commit succeeded; on any error the last commit is reloaded.
   */
  change<T>(fn: (draft: TownWorld, out: PostBuffer) => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      if (this.closed) throw new UserError('town/closed', 'This town has been shut down.');
      if (this.stale) await this.reload();
      await this.ensureLease();
      const draft: TownWorld = { state: structuredClone(this.committed.state), residents: this.committed.residents };
      const out = new PostBuffer(draft.state);
      let value: T;
      let committedPosts: Post[];
      try {
        value = await fn(draft, out);
        committedPosts = await this.commit(draft, out.posts);
      } catch (e) {
        this.stale = true;
        try {
          await this.reload();
        } catch (re) {
          this.deps.log?.('error', 'reload after a failed change failed too; the next change reloads first', {
            town: this.id,
            error: (re as Error).message,
          });
        }
        throw e;
      } finally {
        await this.releaseAfterChange();
      }
      this.committed = draft;
      // Listeners hear of the posts once the committed world is the new one: what they read (status, the time in a
      // console prompt) is the state those posts belong to.
      this.notify(committedPosts);
      return value;
    });
  }

  /** Runs `fn` under the town's lock without committing (stateless evaluations, summaries). */
  exclusive<T>(fn: (world: TownWorld) => Promise<T>): Promise<T> {
    return this.mutex.run(() => fn(this.committed));
  }

  private async commit(draft: TownWorld, posts: NewPost[]): Promise<Post[]> {
    const added: Memory[] = [];
    const touched: { agentId: AgentId; id: Memory['id']; lastAccessAt: number }[] = [];
    const removed: Memory['id'][] = [];
    const policy = this.deps.retention === undefined ? DEFAULT_RETENTION : this.deps.retention;
    const today = Math.floor(draft.state.clock.now / DAY);
    const retain = policy !== false && (draft.state.retentionDay ?? -1) < today;
    for (const rs of draft.state.residents) {
      const live = draft.residents.get(rs.profile.id);
      if (!live) continue;
      const changes = live.memory.drainChanges();
      added.push(...changes.added);
      for (const t of changes.touched) touched.push({ agentId: rs.profile.id, ...t });
      rs.memoryCount += changes.added.length;
      rs.mind = live.mind;
      // Compacted in place, like the tick's additions: a commit that fails reloads the town.
      const c = retain && policy ? await compactResident(live, draft.state.clock.now, policy) : null;
      if (c) {
        removed.push(...c.removed);
        added.push(...c.added);
        rs.memoryCount += c.added.length - c.removed.length;
      }
    }
    if (retain) draft.state.retentionDay = today;
    this.version = await this.deps.store.commit({
      townId: this.id,
      expectedVersion: this.version,
      state: draft.state,
      memories: { added, touched, ...(removed.length ? { removed } : {}) },
      posts,
      owner: this.deps.owner,
      ...(retain && policy ? { pruneDeliveredBefore: this.wallNow() - policy.outboxDays * DAY } : {}),
    });
    return posts.map((p) => ({
      ...p,
      id: `${this.id}:${p.seq}`,
      deliveredAt: null,
      deliveryRef: null,
      attempts: 0,
    }));
  }

  private notify(committed: Post[]): void {
    if (committed.length === 0) return;
    for (const l of this.listeners) {
      try {
        l(committed);
      } catch (e) {
        this.deps.log?.('error', 'post listener failed', { error: (e as Error).message });
      }
    }
  }

  /** Called with the posts of every commit (after it is durable). Returns an unsubscribe function. */
  onPosts(listener: (posts: Post[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
    if (now < this.leaseHeldUntil - ttl / 2) return true;
    const got = await this.acquire(now);
    if (!got.ok) return false;
    if (this.closed) {
      // close() ran while we were asking: it released the lease, so must we.
      await this.deps.store.releaseLease(this.id, this.deps.owner);
      return false;
    }
    if (!got.continuous)
      await this.mutex.run(async () => {
        if (!this.closed) await this.reloadIfBehind();
      });
    return true;
  }

  /** Waits for running work, then releases the lease. */
  async close(): Promise<void> {
    await this.mutex.run(async () => {
      this.closed = true;
      this.leaseHeldUntil = 0;
      await this.deps.store.releaseLease(this.id, this.deps.owner);
    });
    this.listeners.clear();
  }
}

/** Fills fields added after a snapshot was written (settings merged over today's defaults). */
export function upgradeState(state: TownState): TownState {
  state.settings = resolveTownSettings(state.settings);
  state.stats = { ...emptyStats(), ...(state.stats as Partial<TownState['stats']>) };
  state.events ??= [];
  state.lastConversation ??= {};
  state.acquaintances ??= [];
  state.facts ??= [];
  return state;
}

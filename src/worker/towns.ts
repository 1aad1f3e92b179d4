// The towns a worker has loaded, within a bound: at most `maxTowns`, and (with a memory budget) as many as fit in
// `maxMb` of measured RSS; past either the least recently ticked town is let go (loaded again when its turn comes).
// A town's jobs go to the worker that holds it (affinity.ts) while that worker lives, but a fail-over moves them,
// and bot processes apply people's actions between ticks: so the towns run as shared writers
// (TownSessionDeps.sharedWriters): the lease covers one change, and a change first reloads when the store moved on.
// Leases wait for a change elsewhere (patient-leases.ts).
import type { KitFactory, TownServiceDeps } from '../town/service.ts';
import { TownService } from '../town/service.ts';
import type { TownRecord, TownStore } from '../town/store.ts';
import { fencedStore, type TownLocks } from './town-lock.ts';

/** Lease owners of workers start with this (compose.ts names them `worker:<host>:<pid>`; a hold adds `#<nonce>`). */
export const WORKER_OWNER_PREFIX = 'worker:';

export const workerTownsSettings = {
  /**
   * Towns a worker keeps loaded. A worker that takes over another's towns (fail-over) holds them too, so without a
   * bound a worker can end up holding every town (5-19 MB for a fresh ten-resident town, ~100 MB for a year-old
   * one); past it the least recently ticked goes.
   */
  maxTowns: 50,
  /** No memory budget unless one is set (WORKER_MAX_MB): maxTowns alone bounds the towns kept loaded. */
  maxMb: 0,
} as const;

const MB = 1024 * 1024;

export class WorkerTowns {
  /** Loaded towns, least recently used first (a use moves a town to the end). */
  private readonly cache = new Map<string, TownService>();
  /** Towns between get() and release(): never evicted. */
  private readonly inUse = new Set<string>();
  /** Loads since start (a cache miss: first use, eviction, or another worker committed since). */
  loads = 0;
  /** Towns let go to stay within maxTowns or the memory budget. */
  evictions = 0;

  private readonly deps: TownServiceDeps;
  private readonly maxTowns: number;
  private readonly maxMb: number;
  private readonly rssMb: () => number;
  /** RSS with no town loaded (at start): what the towns do not account for. */
  private readonly baseMb: number;

  constructor(
    deps: TownServiceDeps & {
      store: TownStore;
      kit: KitFactory;
      maxTowns?: number;
      /** Memory budget in MB of measured RSS (0: none). */
      maxMb?: number;
      /** The process's resident memory in MB (tests measure a stand-in). */
      rssMb?: () => number;
      /** The holds of this worker's jobs: while a job holds a town, its commits are fenced by it (town-lock.ts). */
      locks?: TownLocks;
    },
  ) {
    const { maxTowns, maxMb, rssMb, locks, ...rest } = deps;
    this.deps = { ...rest, ...(locks ? { store: fencedStore(rest.store, locks) } : {}), sharedWriters: true };
    this.maxTowns = maxTowns ?? workerTownsSettings.maxTowns;
    this.maxMb = maxMb ?? workerTownsSettings.maxMb;
    this.rssMb = rssMb ?? (() => process.memoryUsage.rss() / MB);
    this.baseMb = this.rssMb();
  }

  get owner(): string {
    return this.deps.owner;
  }

  /**
   * The town at its latest committed version, with the record read to check it; null when it does not exist.
   * Call it holding the town's lease (town-lock.ts): that lease is the single-writer rule between workers.
   */
  async get(townId: string): Promise<{ service: TownService; record: TownRecord } | null> {
    const record = await this.deps.store.load(townId);
    if (!record) {
      this.cache.delete(townId);
      return null;
    }
    const cached = this.cache.get(townId);
    this.inUse.add(townId);
    if (cached && cached.currentVersion === record.version) {
      this.touch(townId, cached);
      return { service: cached, record };
    }
    const service = await TownService.load(this.deps, townId).catch((e: unknown) => {
      this.inUse.delete(townId);
      throw e;
    });
    if (!service) {
      this.inUse.delete(townId);
      return null;
    }
    this.loads++;
    this.touch(townId, service);
    this.evict();
    return { service, record };
  }

  private touch(townId: string, service: TownService): void {
    this.cache.delete(townId);
    this.cache.set(townId, service);
  }

  /**
   * How many towns may stay loaded: maxTowns, and under a memory budget as many as fit at the towns' measured
   * share of RSS (RSS above what the process used with none loaded, per loaded town). Freed memory returns to the
   * system only after a collection, so the budget is applied through that estimate rather than by watching RSS
   * fall town by town (which would let every town go).
   */
  get capacity(): number {
    if (!this.maxMb || this.cache.size === 0) return this.maxTowns;
    const rss = this.rssMb();
    if (rss <= this.maxMb) return this.maxTowns;
    const perTown = Math.max(0.1, (rss - this.baseMb) / this.cache.size);
    return Math.max(1, Math.min(this.maxTowns, Math.floor((this.maxMb - this.baseMb) / perTown)));
  }

  /** Lets go of the least recently ticked towns not in a job, until at most `capacity` stay loaded. */
  private evict(): void {
    const keep = this.capacity;
    for (const id of this.cache.keys()) {
      if (this.cache.size <= keep) return;
      if (this.inUse.has(id)) continue;
      this.cache.delete(id);
      this.evictions++;
    }
  }

  /** Gives the lease back after a job, if a failed change kept it (the service stays cached). */
  async release(townId: string): Promise<void> {
    this.inUse.delete(townId);
    await this.deps.store.releaseLease(townId, this.deps.owner);
    this.evict();
  }

  /** The town's own daily token budget, when it has one and is loaded here (the gateway's budget lookup). */
  budgetFor(townId: string): number | undefined {
    return this.cache.get(townId)?.settings().dailyTokenBudget ?? undefined;
  }

  /** The towns loaded here (for gauges). */
  loaded(): TownService[] {
    return [...this.cache.values()];
  }

  forget(townId: string): void {
    this.cache.delete(townId);
  }

  get size(): number {
    return this.cache.size;
  }
}

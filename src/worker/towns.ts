// The towns a worker has loaded. Any worker may receive any town's job, and bot processes apply people's actions
// between ticks, so the towns run as shared writers (TownSessionDeps.sharedWriters): the lease covers one change,
// and a change first reloads when the store moved on. Leases wait for a change elsewhere (patient-leases.ts).
import type { KitFactory, TownServiceDeps } from '../town/service.ts';
import { TownService } from '../town/service.ts';
import type { TownRecord, TownStore } from '../town/store.ts';

/** Lease owners of workers start with this (compose.ts names them `worker:<host>:<pid>`). */
export const WORKER_OWNER_PREFIX = 'worker:';

export const workerTownsSettings = {
  /**
   * Towns a worker keeps loaded. Any worker may take any town, so without a bound every worker ends up holding every
   * town (5-19 MB for a fresh ten-resident town, ~100 MB for a year-old one); past it the least recently ticked goes.
   */
  maxTowns: 50,
} as const;

export class WorkerTowns {
  /** Loaded towns, least recently used first (a use moves a town to the end). */
  private readonly cache = new Map<string, TownService>();
  /** Towns between get() and release(): never evicted. */
  private readonly inUse = new Set<string>();
  /** Loads since start (a cache miss: first use, eviction, or another worker committed since). */
  loads = 0;
  /** Towns let go to stay within maxTowns. */
  evictions = 0;

  private readonly deps: TownServiceDeps;
  private readonly maxTowns: number;

  constructor(deps: TownServiceDeps & { store: TownStore; kit: KitFactory; maxTowns?: number }) {
    const { maxTowns, ...rest } = deps;
    this.deps = { ...rest, sharedWriters: true };
    this.maxTowns = maxTowns ?? workerTownsSettings.maxTowns;
  }

  get owner(): string {
    return this.deps.owner;
  }

  /**
   * The town at its latest committed version, with the record read to check it; null when it does not exist.
   * Call it holding the town's advisory lock: that lock is the single-writer rule between workers, so a lease
   * held by another worker is one left by a worker that died mid-job, and is cleared here rather than waited out.
   * (A bot's lease is a person's action in progress: the tick waits for it.)
   */
  async get(townId: string): Promise<{ service: TownService; record: TownRecord } | null> {
    const lease = await this.deps.store.lease(townId);
    if (lease.owner && lease.owner !== this.deps.owner && lease.owner.startsWith(WORKER_OWNER_PREFIX))
      await this.deps.store.releaseLease(townId, lease.owner);
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

  /** Lets go of the least recently ticked towns not in a job, until at most maxTowns stay loaded. */
  private evict(): void {
    for (const id of this.cache.keys()) {
      if (this.cache.size <= this.maxTowns) return;
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

  forget(townId: string): void {
    this.cache.delete(townId);
  }

  get size(): number {
    return this.cache.size;
  }
}

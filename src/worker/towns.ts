// The towns a worker has loaded. Any worker may receive any town's job, and bot processes apply people's actions
// between ticks, so the towns run as shared writers (TownSessionDeps.sharedWriters): the lease covers one change,
// and a change first reloads when the store moved on. Leases wait for a change elsewhere (patient-leases.ts).
import type { KitFactory, TownServiceDeps } from '../town/service.ts';
import { TownService } from '../town/service.ts';
import type { TownRecord, TownStore } from '../town/store.ts';

/** Lease owners of workers start with this (compose.ts names them `worker:<host>:<pid>`). */
export const WORKER_OWNER_PREFIX = 'worker:';

export class WorkerTowns {
  private readonly cache = new Map<string, TownService>();
  /** Loads since start (a cache miss: first use, or another worker committed since). */
  loads = 0;

  private readonly deps: TownServiceDeps;

  constructor(deps: TownServiceDeps & { store: TownStore; kit: KitFactory }) {
    this.deps = { ...deps, sharedWriters: true };
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
    if (cached && cached.currentVersion === record.version) return { service: cached, record };
    const service = await TownService.load(this.deps, townId);
    if (!service) return null;
    this.loads++;
    this.cache.set(townId, service);
    return { service, record };
  }

  /** Gives the lease back after a job, if a failed change kept it (the service stays cached). */
  async release(townId: string): Promise<void> {
    await this.deps.store.releaseLease(townId, this.deps.owner);
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

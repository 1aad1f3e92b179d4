// The towns a worker has loaded. Any worker may receive any town's job, so a cached town is reused only while the
// store is still at the version this worker last committed or loaded; otherwise it is loaded afresh. After each
// job the worker gives the town's lease back, so the next job of that town can run on any worker.
import type { KitFactory, TownServiceDeps } from '../town/service.ts';
import { TownService } from '../town/service.ts';
import type { TownRecord, TownStore } from '../town/store.ts';

export class WorkerTowns {
  private readonly cache = new Map<string, TownService>();
  /** Loads since start (a cache miss: first use, or another worker committed since). */
  loads = 0;

  constructor(private readonly deps: TownServiceDeps & { store: TownStore; kit: KitFactory }) {}

  get owner(): string {
    return this.deps.owner;
  }

  /**
   * The town at its latest committed version, with the record read to check it; null when it does not exist.
   * Call it holding the town's advisory lock: that lock is the single-writer rule between workers, so a lease
   * left by a worker that died mid-job is cleared here rather than waited out.
   */
  async get(townId: string): Promise<{ service: TownService; record: TownRecord } | null> {
    const lease = await this.deps.store.lease(townId);
    if (lease.owner && lease.owner !== this.deps.owner) await this.deps.store.releaseLease(townId, lease.owner);
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

  /** Gives the lease back after a job (the service stays cached for this worker's next job of the town). */
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

// TownRegistry: one TownService per scope (a Discord guild id, or 'console'), created on first use from the
// default town file, plus their schedulers. Front ends hold the registry; the composition root builds it.
import type { Embedder, LanguageModel } from '../llm/port.ts';
import { agentKit } from './agent-kit.ts';
import type { TownFile } from './file.ts';
import { loadTownFile } from './file-io.ts';
import { processOwnerId } from './lease.ts';
import { TownScheduler } from './scheduler.ts';
import { type BudgetInfo, type KitFactory, TownService } from './service.ts';
import type { TownSettings } from './settings.ts';
import type { TownStore } from './store.ts';
import type { TickLog } from './tick.ts';
import { CONSOLE_SCOPE } from './types.ts';

export { CONSOLE_SCOPE };

export interface TownRegistryOptions {
  store: TownStore;
  /** The agent mind for a town; default: src/agent's AgentRuntime over `llm` and `embedder`. */
  kit?: KitFactory;
  llm?: LanguageModel;
  embedder?: Embedder;
  /** Town file for new towns; default data/towns/willowbrook.yaml. */
  defaultTown?: () => TownFile;
  /** Settings applied over the town file when a town is created (e.g. TICK_CRON, MINUTES_PER_TICK). */
  newTownSettings?: Partial<Pick<TownSettings, 'cron' | 'minutesPerTick'>>;
  /** Lease owner id; default host:pid:random. */
  owner?: string;
  /** Other processes (queue workers) write the towns too: see TownSessionDeps.sharedWriters. */
  sharedWriters?: boolean;
  wallNow?: () => number;
  log?: TickLog;
  budgetStatus?: (townId: string) => Promise<BudgetInfo>;
  modelLabel?: string;
}

export class TownRegistry {
  private readonly services = new Map<string, Promise<TownService>>();
  private readonly schedulers = new Map<string, TownScheduler>();
  /** Services whose load finished (synchronous lookups such as budgetFor). */
  private readonly ready = new Map<string, TownService>();
  private readonly kit: KitFactory;
  readonly owner: string;

  constructor(private readonly opts: TownRegistryOptions) {
    this.owner = opts.owner ?? processOwnerId();
    if (opts.kit) this.kit = opts.kit;
    else {
      const { llm, embedder } = opts;
      if (!llm || !embedder) throw new Error('TownRegistry needs either kit or llm + embedder');
      this.kit = (townId, settings) =>
        agentKit({ llm, embedder, settings, townId, ...(opts.log ? { log: opts.log } : {}) });
    }
  }

  /** 'console' -> 'console'; a guild id -> 'guild-<id>'. */
  static townIdFor(scope: string): string {
    return scope === CONSOLE_SCOPE ? CONSOLE_SCOPE : `guild-${scope}`;
  }

  private deps() {
    return {
      store: this.opts.store,
      kit: this.kit,
      owner: this.owner,
      ...(this.opts.wallNow ? { wallNow: this.opts.wallNow } : {}),
      ...(this.opts.log ? { log: this.opts.log } : {}),
      ...(this.opts.budgetStatus ? { budgetStatus: this.opts.budgetStatus } : {}),
      ...(this.opts.modelLabel ? { modelLabel: this.opts.modelLabel } : {}),
      ...(this.opts.sharedWriters ? { sharedWriters: true } : {}),
    };
  }

  /** The town of a scope if it exists (loaded once per process). */
  async get(scope: string): Promise<TownService | null> {
    const id = TownRegistry.townIdFor(scope);
    const cached = this.services.get(id);
    if (cached) return cached;
    const svc = await TownService.load(this.deps(), id);
    if (!svc) return null;
    this.services.set(id, Promise.resolve(svc));
    this.ready.set(id, svc);
    return svc;
  }

  /** The town of a scope, created from `file` (default town file) on first use. */
  getOrCreate(scope: string, create?: { file?: TownFile; seed?: string | number }): Promise<TownService> {
    const id = TownRegistry.townIdFor(scope);
    const cached = this.services.get(id);
    if (cached) return cached;
    const p = (async () => {
      const existing = await TownService.load(this.deps(), id);
      if (existing) return existing;
      const base = create?.file ?? (this.opts.defaultTown ? this.opts.defaultTown() : loadTownFile());
      const o = this.opts.newTownSettings ?? {};
      const file: TownFile = {
        ...base,
        ...(o.minutesPerTick !== undefined ? { minutesPerTick: o.minutesPerTick } : {}),
        settings: { ...base.settings, ...(o.cron !== undefined ? { cron: o.cron } : {}) },
      };
      return TownService.create(this.deps(), {
        id,
        scope,
        file,
        ...(create?.seed !== undefined ? { seed: create.seed } : {}),
      });
    })();
    this.services.set(id, p);
    p.then(
      (s) => this.ready.set(id, s),
      () => this.services.delete(id),
    );
    return p;
  }

  /** Towns loaded in this process. */
  async loaded(): Promise<TownService[]> {
    return Promise.all(this.services.values());
  }

  /** Towns in the store (loaded or not). */
  list(): Promise<{ id: string; scope: string; name: string }[]> {
    return this.opts.store.list();
  }

  /** Starts the cron schedule of a scope's town (creating the town if needed). */
  async start(scope: string, opts: { cron?: string; onTick?: (s: TownService) => void } = {}): Promise<TownScheduler> {
    const svc = await this.getOrCreate(scope);
    let sch = this.schedulers.get(svc.id);
    if (!sch) {
      sch = new TownScheduler(svc, { ...opts, ...(this.opts.log ? { log: this.opts.log } : {}) });
      this.schedulers.set(svc.id, sch);
    }
    await sch.start();
    return sch;
  }

  scheduler(townId: string): TownScheduler | undefined {
    return this.schedulers.get(townId);
  }

  /** Per-town daily token budget for the LLM gateway's `dailyTokenBudget` lookup (undefined: use the default). */
  budgetFor(townId: string): number | undefined {
    return this.ready.get(townId)?.settings().dailyTokenBudget ?? undefined;
  }

  /** Stops every schedule and closes every town (releasing leases). */
  async close(): Promise<void> {
    for (const s of this.schedulers.values()) await s.stop();
    this.schedulers.clear();
    for (const p of this.services.values()) {
      try {
        await (await p).close();
      } catch {
        // a town that failed to load has nothing to close
      }
    }
    this.services.clear();
    this.ready.clear();
  }
}

// TownRegistry: one TownService per scope (a Discord guild id, or 'console'), created on first use from the
// default town file, plus their schedulers. Front ends hold the registry; the composition root builds it.
// `replace` swaps a scope's town live (`/town new`, `/town reset`, `/town import`): schedule stopped, old town
// closed and deleted, new one created, schedule started again; if the new town cannot be made, the old one is put
// back as it was.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UserError } from '../errors.ts';
import type { Embedder, LanguageModel } from '../llm/port.ts';
import type { BudgetStatus } from '../llm/usage.ts';
import { agentKit } from './agent-kit.ts';
import type { TownFile } from './file.ts';
import { loadTownFile } from './file-io.ts';
import { processOwnerId } from './lease.ts';
import { type SchedulerOptions, TownScheduler } from './scheduler.ts';
import { type KitFactory, TownService } from './service.ts';
import type { TownSettings } from './settings.ts';
import type { TownStore } from './store.ts';
import type { TickLog } from './tick.ts';
import { readTownExport, type TownExport, writeTownImport } from './town-export.ts';
import { CONSOLE_SCOPE } from './types.ts';

export { CONSOLE_SCOPE };

/** The folder of the towns that ship with the project (`/town new willowbrook`). */
export const SHIPPED_TOWNS_DIR = fileURLToPath(new URL('../../data/towns/', import.meta.url));

/** Names of the shipped town files (without extension), e.g. ['willowbrook']. */
export function shippedTowns(): string[] {
  try {
    return readdirSync(SHIPPED_TOWNS_DIR)
      .filter((f) => /\.(ya?ml|json)$/i.test(f))
      .map((f) => f.replace(/\.(ya?ml|json)$/i, ''))
      .sort();
  } catch {
    return [];
  }
}

/** What replaces a scope's town: a town file (a new town) or an export (the town as it was, memories and all). */
export type TownSource = { kind: 'file'; file: TownFile } | { kind: 'export'; town: TownExport };

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
  budgetStatus?: (townId: string) => Promise<BudgetStatus>;
  modelLabel?: string;
  /** Every tick of every town, however started (TownServiceDeps.onTick: the process's metrics). */
  onTick?: (townId: string, ms: number, ok: boolean) => void;
}

export class TownRegistry {
  private readonly services = new Map<string, Promise<TownService>>();
  private readonly schedulers = new Map<string, TownScheduler>();
  private readonly schedulerOpts = new Map<string, SchedulerOptions>();
  /** The town file each town of this process was made from (for `/town reset`). */
  private readonly origins = new Map<string, TownFile>();
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
      ...(this.opts.onTick ? { onTick: this.opts.onTick } : {}),
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
      const base = create?.file ?? this.defaultTownFile();
      const file = this.shape(base);
      this.origins.set(id, base);
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

  /** The town file new towns are made from (TOWN_FILE, or the shipped default). */
  defaultTownFile(): TownFile {
    return this.opts.defaultTown ? this.opts.defaultTown() : loadTownFile();
  }

  /** A town file with the settings new towns take from the environment (MINUTES_PER_TICK, TICK_CRON) over it. */
  shape(base: TownFile): TownFile {
    const o = this.opts.newTownSettings ?? {};
    return {
      ...base,
      ...(o.minutesPerTick !== undefined ? { minutesPerTick: o.minutesPerTick } : {}),
      settings: { ...base.settings, ...(o.cron !== undefined ? { cron: o.cron } : {}) },
    };
  }

  /**
   * The town file a stored town was made from, for `/town reset`: the one this process made it from, else the
   * configured town file (TOWN_FILE) or a shipped town with the same name. A UserError when none matches.
   */
  originOf(town: TownService): TownFile {
    const known = this.origins.get(town.id);
    const name = town.status().name;
    if (known && known.name === name) return structuredClone(known);
    const candidates: (() => TownFile)[] = [
      () => this.defaultTownFile(),
      ...shippedTowns().map((n) => () => loadTownFile(`${SHIPPED_TOWNS_DIR}${n}.yaml`)),
    ];
    for (const c of candidates) {
      try {
        const f = c();
        if (f.name === name) return f;
      } catch {
        // an unreadable candidate is simply not the one
      }
    }
    throw new UserError(
      'town/origin_unknown',
      `I don't know which town file ${name} was made from (it is neither the configured town file nor a shipped town). Start it again with /town new <file> instead.`,
    );
  }

  /**
   * Replaces the scope's town, live: only while this process holds the town's lease (else a UserError, nothing
   * changes). The schedule stops, the old town is closed and deleted, the new one is created (from a town file, with
   * the environment's settings and the people's personas carried over; or from an export, with its own) and the
   * schedule starts again if it was running. If creating the new town fails, the old one is restored from the
   * copy read before anything was deleted, and the error is rethrown.
   */
  async replace(scope: string, source: TownSource, opts: { seed?: string | number } = {}): Promise<TownService> {
    const id = TownRegistry.townIdFor(scope);
    const previous = this.services.get(id);
    // From here until the swap settles, the scope's town is its outcome: a message or a command arriving meanwhile
    // waits for it (and never loads the old town, or a half-made new one, on its own). A second swap waits too.
    let settle!: (t: TownService | null) => void;
    const swapping = new Promise<TownService | null>((r) => {
      settle = r;
    });
    const outcome = swapping.then(
      (t) => t ?? Promise.reject(new UserError('town/replace_failed', 'The town could not be replaced.')),
    );
    outcome.catch(() => undefined); // those who wait for it hear the failure; nobody else must
    this.services.set(id, outcome);
    this.ready.delete(id);
    let old: TownService | null;
    let backup: TownExport | null = null;
    const sch = this.schedulers.get(id);
    const wasRunning = sch?.started ?? false;
    try {
      old = previous ? await previous.catch(() => null) : await TownService.load(this.deps(), id);
      if (old) {
        if (!(await old.holdLease()))
          throw new UserError(
            'town/swap_leased',
            'Another process is running this town right now, so I cannot replace it from here. Nothing changed.',
          );
        // No tick after the copy: the schedule stops first (waiting for a tick in progress).
        await sch?.stop();
        backup = await readTownExport(this.opts.store, id);
      }
    } catch (e) {
      // Nothing was touched: the old town stays the scope's town (and its schedule runs again).
      const kept = previous ? await previous.catch(() => null) : null;
      this.settleSwap(id, kept, settle);
      if (kept && wasRunning) await sch?.start();
      throw e;
    }
    const store = this.opts.store;
    let svc: TownService;
    try {
      await sch?.stop();
      this.schedulers.delete(id);
      if (old) await old.close();
      await store.deleteTown(id);
      if (source.kind === 'file') {
        svc = await TownService.create(this.deps(), {
          id,
          scope,
          file: this.shape(source.file),
          ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
        });
        for (const p of backup?.personas ?? []) await store.setPersona(id, p);
        this.origins.set(id, structuredClone(source.file));
      } else {
        await writeTownImport(store, source.town, { id, scope });
        const loaded = await TownService.load(this.deps(), id);
        if (!loaded) throw new Error(`town ${id} missing right after its import`);
        svc = loaded;
        this.origins.delete(id);
      }
    } catch (e) {
      // Put the old town back as it was read before anything was deleted.
      let back: TownService | null = null;
      try {
        if (backup) {
          await store.deleteTown(id);
          await writeTownImport(store, backup, { id, scope });
          back = await TownService.load(this.deps(), id);
        }
      } finally {
        this.settleSwap(id, back, settle);
      }
      if (back && wasRunning) await this.start(scope, this.schedulerOpts.get(id) ?? {});
      throw e;
    }
    this.settleSwap(id, svc, settle);
    if (wasRunning) await this.start(scope, this.schedulerOpts.get(id) ?? {});
    return svc;
  }

  private settleSwap(id: string, t: TownService | null, settle: (t: TownService | null) => void): void {
    if (t) {
      this.services.set(id, Promise.resolve(t));
      this.ready.set(id, t);
    } else this.services.delete(id);
    settle(t);
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
      this.schedulerOpts.set(svc.id, opts);
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

// Links one guild's town to Discord: its channels (provisioned and repaired under a per-guild lock) and the loop
// that drains its outbox. The loop never blocks the town: ticks commit to the outbox whether or not Discord is up.
// Across processes sharing one database, only the holder of the town's lease delivers (TownService.holdLease); the
// others poll in standby and take over once the holder releases the lease or stops renewing it.

import { renderTownPicture } from '../render/town-pictures.ts';
import type { TownOutbox } from '../town/outbox.ts';
import type { TownService } from '../town/service.ts';
import type { DeliveryReport, DeliverySettings, DeliveryTarget, OutboxDeliverer } from './delivery.ts';
import type { DiscordApi } from './discord-api.ts';
import { type ChannelBindingRow, type ChannelStore, type Log, type OutboxPort, TOWN_HALL } from './ports.ts';
import { type ProvisionResult, provisionTown } from './provision.ts';

export const LOOP_SETTINGS = {
  /** Outbox poll when nothing woke the loop (commits also wake it through onPosts). */
  pollMs: 5_000,
  /** Backoff after a failed round, doubling up to the max (Discord down: retry at most every 30 s). */
  failureBackoffMs: 1_000,
  failureBackoffMaxMs: 30_000,
  /** Outbox posts read per query when looking back for a location's last delivered post after a restart. */
  lookbackPosts: 1_000,
} as const;

/** Serialises work per key (provisioning per guild: two setups at once must not create two categories). */
/** The town's outbox as delivery reads and marks it (a TownService's, or a store's bound to one town). */
export function townOutbox(
  town: Pick<TownOutbox, 'pendingPosts' | 'markDelivered' | 'markFailed' | 'conversationPosts'>,
): OutboxPort {
  return {
    pending: async (limit) => {
      const posts = await town.pendingPosts(limit);
      // A person's own line is in the channel already (it is kept for the web view's feed): never posted again.
      const own = posts.filter((p) => p.kind === 'said').map((p) => p.seq);
      if (own.length > 0) await town.markDelivered(own);
      return own.length > 0 ? posts.filter((p) => p.kind !== 'said') : posts;
    },
    markDelivered: (post, ref) => town.markDelivered([post.seq], ref),
    recordFailure: (post, error) => town.markFailed(post.seq, error),
    conversationLines: async (id) =>
      (await town.conversationPosts(id)).map((p) => ({
        seq: p.seq,
        text: p.text,
        delivered: p.deliveredAt !== null,
        deliveryRef: p.deliveryRef,
      })),
  };
}

export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}

export interface TownLinkDeps {
  api: DiscordApi;
  store: ChannelStore;
  deliverer: OutboxDeliverer;
  lock: KeyedLock;
  log: Log;
  loop?: Partial<LoopSettings>;
}

export type LoopSettings = { [K in keyof typeof LOOP_SETTINGS]: number };

export class TownLink {
  private stopped = false;
  private kicked = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private failures = 0;
  /** Resolves when a round finds nothing left to deliver (tests, shutdown). */
  private idleWaiters: (() => void)[] = [];
  lastReport: DeliveryReport | null = null;
  /** Counts since start: posts delivered (or skipped) by this process, and rounds spent in standby. */
  readonly stats = { delivered: 0, skipped: 0, rounds: 0, standbyRounds: 0 };
  /** Whether the last round found this process holding the town's lease (null before the first round). */
  private owning: boolean | null = null;
  private readonly s: LoopSettings;

  constructor(
    readonly town: TownService,
    readonly guildId: string,
    private readonly deps: TownLinkDeps,
  ) {
    this.s = { ...LOOP_SETTINGS, ...deps.loop };
  }

  provision(): Promise<ProvisionResult> {
    return this.deps.lock.run(this.guildId, () =>
      provisionTown(
        this.deps.api,
        this.deps.store,
        {
          townId: this.town.id,
          townName: this.town.status().name,
          guildId: this.guildId,
          locations: this.town
            .locations()
            .map((l) => ({ id: l.id, name: l.name, ...(l.kind ? { description: l.kind } : {}) })),
        },
        this.deps.log,
      ),
    );
  }

  /** The binding for a location, provisioning when it is missing (or `repair`: its channel was deleted). */
  async channelFor(location: string, opts: { repair?: boolean } = {}): Promise<ChannelBindingRow | null> {
    if (!opts.repair) {
      const b = await this.deps.store.get(this.town.id, location);
      if (b) return b;
    }
    if (location !== TOWN_HALL && !this.town.locations().some((l) => l.id === location)) return null;
    await this.provision();
    return this.deps.store.get(this.town.id, location);
  }

  private target(): DeliveryTarget {
    const town = this.town;
    return {
      townId: town.id,
      outbox: townOutbox(town.outbox),
      channelFor: (location, opts) => this.channelFor(location, opts),
      // The daily digest carries the town map as it is when the digest goes out.
      attachmentsFor: async (post) =>
        post.kind === 'digest' ? [{ name: 'town-map.png', data: await renderTownPicture(town, 'map') }] : [],
      avatarFor: (speakerId) => {
        try {
          return town.liveResident(speakerId).profile.avatarUrl;
        } catch {
          return undefined;
        }
      },
      lastDeliveredMessageId: (location, beforeSeq) => this.lastDeliveredMessageId(location, beforeSeq),
      claim: () => this.claim(),
    };
  }

  /** Holds the town's lease for delivery; logs hand-overs, and forgets channel state when taking the town (back). */
  private async claim(): Promise<boolean> {
    const ours = await this.town.holdLease();
    if (ours !== this.owning) {
      const was = this.owning;
      this.owning = ours;
      if (ours) {
        // Another process may have delivered here since we last did: look in the channels before sending again.
        if (was === false)
          this.deps.deliverer.forget((await this.deps.store.list(this.town.id)).map((b) => b.channelId));
        this.deps.log.info({ townId: this.town.id }, 'delivering this town’s outbox');
      } else {
        this.deps.log.info({ townId: this.town.id }, 'another process holds this town’s lease and delivers its outbox');
      }
    }
    return ours;
  }

  /**
   * The newest Discord message id recorded for a location before `beforeSeq` in the outbox's delivery marks
   * (survives restarts). Posts of one location are delivered in order, so every earlier post of it is marked;
   * scans back in windows until one with message ids turns up.
   */
  private async lastDeliveredMessageId(location: string, beforeSeq: number): Promise<string | null> {
    const w = this.s.lookbackPosts;
    let end = beforeSeq;
    while (end > 0) {
      const from = Math.max(-1, end - 1 - w);
      const posts = await this.town.outbox.postsAfter(from, end - 1 - from);
      for (let k = posts.length - 1; k >= 0; k--) {
        const p = posts[k]!;
        if (p.seq >= end || p.location !== location || !p.deliveredAt || !p.deliveryRef) continue;
        try {
          const ids = (JSON.parse(p.deliveryRef) as { messageIds?: string[] }).messageIds ?? [];
          if (ids.length > 0) return ids[ids.length - 1]!;
        } catch {
          // A ref written by another front end: not ours to read.
        }
      }
      if (from < 0) break;
      end = from + 1;
    }
    return null;
  }

  start(): void {
    if (this.loop) return;
    this.unsubscribe = this.town.onPosts(() => this.kick());
    this.loop = this.run();
  }

  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /** Resolves after the next round that leaves nothing pending, or finds another process delivering (or on stop). */
  whenIdle(): Promise<void> {
    this.kick();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  private async run(): Promise<void> {
    const pollMs = this.s.pollMs;
    while (!this.stopped) {
      this.kicked = false;
      let wait = pollMs;
      try {
        const report = await this.deps.deliverer.drain(this.target());
        this.lastReport = report;
        this.stats.rounds++;
        this.stats.delivered += report.delivered;
        this.stats.skipped += report.skipped;
        if (report.standby) {
          // Not ours to deliver: poll until the holder releases the lease or lets it expire.
          this.stats.standbyRounds++;
          this.failures = 0;
          this.resolveIdle();
        } else if (report.blocked.length > 0) {
          this.failures++;
          wait = Math.max(
            report.retryInMs,
            Math.min(this.s.failureBackoffMaxMs, this.s.failureBackoffMs * 2 ** (this.failures - 1)),
          );
        } else {
          this.failures = 0;
          if (report.delivered + report.skipped > 0) wait = 0;
          // A channel waits out its 429 (the others went on): come back when it may send again.
          else if (report.coolingMs > 0) wait = Math.min(wait, report.coolingMs);
          else this.resolveIdle();
        }
      } catch (e) {
        this.failures++;
        wait = Math.min(this.s.failureBackoffMaxMs, this.s.failureBackoffMs * 2 ** (this.failures - 1));
        this.deps.log.warn({ err: e, townId: this.town.id, wait }, 'outbox delivery round failed');
      }
      if (this.stopped) break;
      if (wait > 0 && !(this.kicked && this.failures === 0)) await this.sleep(wait);
    }
    this.resolveIdle();
  }

  private resolveIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      // A kick only cuts the wait short when we are not backing off from failures.
      this.wake = () => {
        if (this.failures === 0 || this.stopped) done();
      };
    }).finally(() => {
      this.wake = null;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
  }
}

export type { DeliverySettings };

// One watched town per scope: the town's kept posts (loaded once, then appended as commits land), a change stamp
// that moves with every commit (this process's, or another process's found by polling the store), the open
// Server-Sent-Event streams to tell, and the pages rendered for the current stamp (so a thousand watchers of one
// town cost one render per change, not a thousand).
import type { ServerResponse } from 'node:http';
import type { TownService } from '../app/town-view.ts';
import { type WatchPost, watchPost } from '../app/watch.ts';

export const HUB_SETTINGS = {
  /** How often open towns are checked for changes (in-memory: cheap). */
  pollMs: 250,
  /** Every this many polls, the store is asked whether another process committed (PostgreSQL workers). */
  storeEvery: 4,
  /** Posts kept per watched town (oldest dropped first); the outbox itself keeps 7 days of delivered posts. */
  maxPosts: 20_000,
  /** Pages cached per town for the current stamp. */
  maxPages: 200,
  /** A town nobody watched for this long is let go (its posts leave memory). */
  idleMs: 10 * 60_000,
  /** A comment line keeps proxies from closing quiet streams. */
  heartbeatMs: 15_000,
} as const;

/** What a change event carries beside its stamp (the next scene, the new posts as markup): JSON object text. */
export type ChangeData = (w: WatchedTown, fresh: readonly WatchPost[]) => string;

export interface WatchedTownsSource {
  /** The scope's town, or null when there is none. TownRegistry satisfies it. */
  get(scope: string): Promise<TownService | null>;
}

export class WatchedTown {
  posts: WatchPost[] = [];
  stamp = 0;
  lastUsed = Date.now();
  readonly streams = new Set<ServerResponse>();
  private readonly pages = new Map<string, string>();
  private lastSeq = -1;
  /** The last post a change event told of. */
  private toldSeq = -1;
  private lastTick: number;
  private lastTickAt = 0;
  /** Wall time between the last two ticks seen (how long avatars take to walk), null until two were seen. */
  tickIntervalMs: number | null = null;
  private version: number;
  private modelPaused: boolean;
  private readonly unsubscribe: () => void;

  private constructor(
    readonly scope: string,
    readonly town: TownService,
    private readonly isModelPaused: () => boolean,
    private readonly changeData: ChangeData | null,
  ) {
    this.version = town.currentVersion;
    this.lastTick = town.status().tick;
    this.modelPaused = isModelPaused();
    this.unsubscribe = town.onPosts((posts) => {
      this.append(posts.map(watchPost));
      this.check();
    });
  }

  static async open(
    scope: string,
    town: TownService,
    modelPaused: () => boolean,
    changeData: ChangeData | null = null,
  ): Promise<WatchedTown> {
    const w = new WatchedTown(scope, town, modelPaused, changeData);
    await w.catchUp();
    w.toldSeq = w.lastSeq;
    return w;
  }

  /** Reads posts committed since the last one seen (all kept posts the first time). */
  async catchUp(): Promise<boolean> {
    let grew = false;
    for (;;) {
      const batch = await this.town.outbox.postsAfter(this.lastSeq, 1000);
      if (batch.length === 0) break;
      grew = this.append(batch.map(watchPost)) || grew;
      if (batch.length < 1000) break;
    }
    return grew;
  }

  private append(posts: WatchPost[]): boolean {
    const fresh = posts.filter((p) => p.seq > this.lastSeq);
    if (fresh.length === 0) return false;
    this.posts.push(...fresh);
    this.lastSeq = fresh[fresh.length - 1]!.seq;
    if (this.posts.length > HUB_SETTINGS.maxPosts) this.posts.splice(0, this.posts.length - HUB_SETTINGS.maxPosts);
    return true;
  }

  /** Moves the stamp and tells every stream when the town changed since the last check. */
  check(grew = false): void {
    const version = this.town.currentVersion;
    const paused = this.isModelPaused();
    if (!grew && version === this.version && paused === this.modelPaused) return;
    this.version = version;
    this.modelPaused = paused;
    this.stamp++;
    this.pages.clear();
    const tick = this.town.status().tick;
    if (tick !== this.lastTick) {
      const at = Date.now();
      if (this.lastTickAt > 0) this.tickIntervalMs = (at - this.lastTickAt) / Math.max(1, tick - this.lastTick);
      this.lastTickAt = at;
      this.lastTick = tick;
    }
    let from = this.posts.length;
    while (from > 0 && this.posts[from - 1]!.seq > this.toldSeq) from--;
    const fresh = this.posts.slice(from);
    this.toldSeq = this.lastSeq;
    if (this.streams.size === 0) return;
    // One message for every watcher: the tick's changes travel in it, so no page needs to be fetched again.
    const extra = this.changeData ? this.changeData(this, fresh) : '{}';
    const msg = `event: change\ndata: {"stamp":${this.stamp},"tick":${tick}${extra.length > 2 ? `,${extra.slice(1, -1)}` : ''}}\n\n`;
    for (const s of this.streams) s.write(msg);
  }

  /** A page for the current stamp, rendered once. */
  page(key: string, render: () => string): string {
    this.lastUsed = Date.now();
    const hit = this.pages.get(key);
    if (hit !== undefined) return hit;
    const text = render();
    if (this.pages.size >= HUB_SETTINGS.maxPages) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, text);
    return text;
  }

  close(): void {
    this.unsubscribe();
    for (const s of this.streams) s.end();
    this.streams.clear();
  }
}

export class WatchHub {
  private readonly towns = new Map<string, Promise<WatchedTown>>();
  private timer: NodeJS.Timeout | null = null;
  private beat: NodeJS.Timeout | null = null;
  private polls = 0;

  constructor(
    private readonly source: WatchedTownsSource,
    private readonly modelPaused: () => boolean = () => false,
    private readonly changeData: ChangeData | null = null,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.poll(), HUB_SETTINGS.pollMs);
    this.timer.unref();
    this.beat = setInterval(() => {
      for (const p of this.towns.values())
        void p.then((w) => {
          for (const s of w.streams) s.write(': keep-alive\n\n');
        });
    }, HUB_SETTINGS.heartbeatMs);
    this.beat.unref();
  }

  /** The scope's watched town (opened on first use, reopened when the town was replaced), or null. */
  async get(scope: string): Promise<WatchedTown | null> {
    const town = await this.source.get(scope);
    if (!town) return null;
    const open = this.towns.get(scope);
    if (open) {
      const w = await open.catch(() => null);
      if (w && w.town === town) {
        w.lastUsed = Date.now();
        return w;
      }
      // Replaced (/town new, reset, import): watchers move to the new town.
      const streams = w ? [...w.streams] : [];
      w?.close();
      this.towns.delete(scope);
      const next = await this.open(scope, town);
      for (const s of streams) s.write(`event: change\ndata: {"stamp":0}\n\n`);
      return next;
    }
    return this.open(scope, town);
  }

  private open(scope: string, town: TownService): Promise<WatchedTown> {
    const p = WatchedTown.open(scope, town, this.modelPaused, this.changeData);
    this.towns.set(scope, p);
    p.catch(() => this.towns.delete(scope));
    return p;
  }

  /** Streams open per scope (the bound per guild is checked against it). */
  streams(scope: string): Promise<number> {
    const p = this.towns.get(scope);
    return p ? p.then((w) => w.streams.size).catch(() => 0) : Promise.resolve(0);
  }

  private async poll(): Promise<void> {
    const store = ++this.polls % HUB_SETTINGS.storeEvery === 0;
    for (const [scope, p] of this.towns) {
      const w = await p.catch(() => null);
      if (!w) continue;
      if (w.streams.size === 0 && Date.now() - w.lastUsed > HUB_SETTINGS.idleMs) {
        w.close();
        this.towns.delete(scope);
        continue;
      }
      if (w.streams.size === 0) continue;
      try {
        // A town another process runs (workers, or the bot beside a console): reload its commits, read its posts.
        if (store) {
          const now = await this.source.get(scope);
          if (now && now !== w.town) {
            await this.get(scope);
            continue;
          }
          await w.town.refresh();
          w.check(await w.catchUp());
        } else w.check();
      } catch {
        // The store was busy or gone for a moment: the next poll tries again.
      }
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.beat) clearInterval(this.beat);
    for (const p of this.towns.values()) void p.then((w) => w.close()).catch(() => undefined);
    this.towns.clear();
  }
}

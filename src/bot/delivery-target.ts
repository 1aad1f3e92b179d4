// What delivery works with: its settings (Discord's limits, backoff, how long a channel is held), the target it
// drains (one town's outbox and channels, src/bot/town-link.ts builds it) and the report a round returns.
// The deliverer itself is src/bot/delivery.ts.
import type { DiscordApi } from './discord-api.ts';
import type { ChannelBindingRow, ChannelStore, Log, OutboxPort, PendingPost } from './ports.ts';

export const DELIVERY_SETTINGS = {
  /** Discord API: message content is limited to 2,000 characters. */
  maxLength: 2000,
  /** Posts read from the outbox per round. */
  batchSize: 100,
  /** Attempts per chunk within one round before the channel waits for the next round (order is kept). */
  attemptsPerRound: 6,
  /** Exponential backoff for 5xx and network errors. */
  backoffBaseMs: 200,
  backoffMaxMs: 30_000,
  /** Ceiling on a single 429 wait inside a round; longer limits end the round and the loop sleeps instead. */
  maxRateLimitWaitMs: 60_000,
  /**
   * 429 waits up to this long are slept inside the channel's queue; longer ones park only that channel until the
   * limit resets, so the round ends and the town's other channels (and new posts) go on meanwhile.
   */
  inlineRateLimitWaitMs: 250,
  /** Discord API: GET channel messages returns at most 100. */
  recentScan: 50,
  /** Tolerated difference between our clock and Discord's when matching an earlier delivery. */
  clockSkewMs: 30_000,
  /** A post refused this many times with a 4xx that no permission fixes (bad request) is skipped, logged. */
  maxPermanentFailures: 3,
  /**
   * A channel where Discord refuses for a missing permission is held: its posts are kept, in order, and retried
   * this often (and at once when an admin runs `/town setup` or the guild's roles or channels change).
   */
  heldRetryMs: 10 * 60_000,
  /**
   * A conversation longer than this many lines moves into a thread named after its topic (its first line stays in
   * the channel). A talk is at most 16 lines (2 x maxTurnsEach); up to 8 fit on one screen and read well inline,
   * a longer one would push the rest of the place's life out of view.
   */
  conversationThreadLines: 8,
} as const;

export type DeliverySettings = { [K in keyof typeof DELIVERY_SETTINGS]: number };

export interface DeliveryTarget {
  townId: string;
  outbox: OutboxPort;
  /** The binding for a location, provisioning (or re-provisioning) its channel when missing. */
  channelFor(location: string, opts?: { repair?: boolean }): Promise<ChannelBindingRow | null>;
  /**
   * Files to attach to a narrator post's last chunk (the daily digest carries the town map); a failure to make
   * them is logged and the post goes without.
   */
  attachmentsFor?(post: PendingPost): Promise<{ name: string; data: Buffer }[]>;
  /** Avatar URL of a resident, when the town file gives one. */
  avatarFor?(speakerId: string): string | undefined;
  /**
   * The last Discord message id delivered for a location before post `beforeSeq` (from the outbox's delivery
   * marks), so a restart knows where an unmarked delivery would show.
   */
  lastDeliveredMessageId?(location: string, beforeSeq: number): Promise<string | null>;
  /**
   * Whether this process may deliver the town's posts now (takes or renews the town's lease); asked before each
   * round and each chunk. Absent: always.
   */
  claim?(): Promise<boolean>;
}

/** A channel whose posts wait for a permission (kept, in order; the other channels go on). */
export interface HeldChannel {
  townId: string;
  location: string;
  channelId: string;
  /** The permission Discord wants, as Discord's settings name it. */
  permission: string;
  /** What to tell the admin (missingPermissionText). */
  message: string;
  since: number;
  retryAt: number;
}

export interface DeliveryReport {
  delivered: number;
  skipped: number;
  /** Locations held for a missing permission (not failures: they do not slow the other channels down). */
  held: string[];
  /** Locations waiting out a channel's 429; `coolingMs` is the shortest wait left (0: none). */
  cooling: string[];
  coolingMs: number;
  /** Locations that still have posts waiting (an error stopped them this round). */
  blocked: string[];
  /** Suggested wait before the next round (rate limits, backoff); 0 when nothing is blocked. */
  retryInMs: number;
  /** Another process holds the town's lease: this round sent nothing more (it delivers them). */
  standby: boolean;
}

export interface DelivererDeps {
  api: DiscordApi;
  store: ChannelStore;
  appId: string;
  botUserId: string;
  log: Log;
  settings?: Partial<DeliverySettings>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

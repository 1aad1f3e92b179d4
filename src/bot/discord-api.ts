// The few Discord REST calls provisioning and delivery make, over @discordjs/rest (re-exported by discord.js),
// with plain JSON shapes so the rest of src/bot does not depend on the client's cache. Every post sets
// allowed_mentions to none: no resident line or relayed user text can ping @everyone, roles or users.
import { DiscordAPIError, HTTPError, RateLimitError, type REST, Routes } from 'discord.js';

export interface ApiChannel {
  id: string;
  name: string;
  type: number;
  parent_id?: string | null;
  guild_id?: string;
}

export interface ApiWebhook {
  id: string;
  token?: string;
  name: string | null;
  channel_id: string;
  application_id: string | null;
}

export interface ApiMessage {
  id: string;
  channel_id: string;
  content: string;
  webhook_id?: string;
  author: { id: string; username: string };
}

export const NO_MENTIONS = { parse: [] as string[] };

/** Name of the webhook the bot creates in each town channel (Discord forbids "discord" and "clyde" in it). */
export const WEBHOOK_NAME = 'Smalltown';

export class DiscordApi {
  constructor(private readonly rest: REST) {}

  guildChannels(guildId: string): Promise<ApiChannel[]> {
    return this.rest.get(Routes.guildChannels(guildId)) as Promise<ApiChannel[]>;
  }

  createChannel(
    guildId: string,
    body: { name: string; type: number; parent_id?: string | null; topic?: string },
  ): Promise<ApiChannel> {
    return this.rest.post(Routes.guildChannels(guildId), { body }) as Promise<ApiChannel>;
  }

  channelWebhooks(channelId: string): Promise<ApiWebhook[]> {
    return this.rest.get(Routes.channelWebhooks(channelId)) as Promise<ApiWebhook[]>;
  }

  createWebhook(channelId: string, name = WEBHOOK_NAME): Promise<ApiWebhook> {
    return this.rest.post(Routes.channelWebhooks(channelId), { body: { name } }) as Promise<ApiWebhook>;
  }

  /** Posts through a webhook under a resident's name; `wait=true` so Discord returns the message (its id). */
  executeWebhook(
    hook: { id: string; token: string },
    body: { content: string; username: string; avatar_url?: string },
    threadId?: string,
  ): Promise<ApiMessage> {
    const query = new URLSearchParams({ wait: 'true' });
    // into a thread of the webhook's channel (Discord unarchives an archived one)
    if (threadId) query.set('thread_id', threadId);
    return this.rest.post(Routes.webhook(hook.id, hook.token), {
      body: { ...body, allowed_mentions: NO_MENTIONS },
      query,
      auth: false,
    }) as Promise<ApiMessage>;
  }

  /** Starts a public thread from a message (the thread takes the message's id); `name` is 1..100 characters. */
  startThread(channelId: string, messageId: string, name: string): Promise<ApiChannel> {
    return this.rest.post(Routes.threads(channelId, messageId), {
      body: { name, auto_archive_duration: 1440 },
    }) as Promise<ApiChannel>;
  }

  /**
   * A bot message with an enforced nonce: a retry with the same nonce returns the first message, not a copy.
   * `files` are attached (the daily digest's map).
   */
  sendMessage(
    channelId: string,
    body: { content: string; nonce: string },
    files: { name: string; data: Buffer }[] = [],
  ): Promise<ApiMessage> {
    return this.rest.post(Routes.channelMessages(channelId), {
      body: { ...body, enforce_nonce: true, allowed_mentions: NO_MENTIONS },
      ...(files.length > 0 ? { files } : {}),
    }) as Promise<ApiMessage>;
  }

  /** Up to `limit` messages, newest first; with `after`, the ones right after that message id. */
  recentMessages(channelId: string, opts: { limit: number; after?: string }): Promise<ApiMessage[]> {
    const query = new URLSearchParams({ limit: String(opts.limit) });
    if (opts.after) query.set('after', opts.after);
    return this.rest.get(Routes.channelMessages(channelId), { query }) as Promise<ApiMessage[]>;
  }
}

/** What to do after a failed Discord call. `ambiguous`: the request may have been carried out (check before resending). */
export type Failure =
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'transient'; ambiguous: boolean; message: string }
  | { kind: 'unknown_channel' }
  | { kind: 'unknown_webhook' }
  /** Discord refuses for lack of a permission (50013) or access to the channel (50001): fixable by an admin. */
  | { kind: 'missing_permission'; status: number; message: string }
  | { kind: 'permanent'; status: number; message: string };

/** Discord JSON error codes (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json). */
const UNKNOWN_CHANNEL = 10003;
const UNKNOWN_WEBHOOK = 10015;
const MISSING_ACCESS = 50001;
const MISSING_PERMISSIONS = 50013;

/** Discord refused for lack of a permission or of access (codes 50013 / 50001). */
export function isMissingPermission(e: unknown): boolean {
  return e instanceof DiscordAPIError && (e.code === MISSING_PERMISSIONS || e.code === MISSING_ACCESS);
}

export function classifyFailure(e: unknown): Failure {
  if (e instanceof RateLimitError) return { kind: 'rate_limited', retryAfterMs: Math.max(0, e.retryAfter) };
  if (e instanceof DiscordAPIError) {
    if (e.code === UNKNOWN_CHANNEL) return { kind: 'unknown_channel' };
    if (e.code === UNKNOWN_WEBHOOK) return { kind: 'unknown_webhook' };
    if (e.status === 429) return { kind: 'rate_limited', retryAfterMs: 1000 };
    if (e.status >= 500) return { kind: 'transient', ambiguous: true, message: e.message };
    if (e.status === 404 && e.url.includes('/webhooks/')) return { kind: 'unknown_webhook' };
    if (isMissingPermission(e)) return { kind: 'missing_permission', status: e.status, message: e.message };
    return { kind: 'permanent', status: e.status, message: e.message };
  }
  if (e instanceof HTTPError) {
    if (e.status >= 500 || e.status === 0) return { kind: 'transient', ambiguous: true, message: e.message };
    return { kind: 'permanent', status: e.status, message: e.message };
  }
  // Network errors (reset, refused, timeout): the request may or may not have reached Discord.
  const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return { kind: 'transient', ambiguous: true, message };
}

/** Milliseconds since the Unix epoch encoded in a Discord snowflake. */
export function snowflakeTime(id: string): number {
  try {
    return Number((BigInt(id) >> 22n) + 1420070400000n);
  } catch {
    return 0;
  }
}

// After an ambiguous failure or a restart, before resending a chunk: is it already in the channel (or thread)?
// Webhook executions have no nonce, so we look: after the last message we know we delivered there, no older than
// the post, from the same sender, and not one already counted for this post.
import { type ApiMessage, type DiscordApi, snowflakeTime } from './discord-api.ts';
import type { PendingPost } from './ports.ts';

export interface EarlierDeliveryLookup {
  api: DiscordApi;
  botUserId: string;
  /** The last message we delivered there, if known. */
  after: string | undefined;
  /** Messages read back. */
  recentScan: number;
  /** Tolerance between our clock and Discord's. */
  clockSkewMs: number;
}

export async function findEarlierDelivery(
  look: EarlierDeliveryLookup,
  channelId: string,
  post: PendingPost,
  chunk: string,
  username: string | null,
  counted: readonly string[],
): Promise<ApiMessage | null> {
  const recent = await look.api.recentMessages(channelId, {
    limit: look.recentScan,
    ...(look.after ? { after: look.after } : {}),
  });
  const oldest = post.createdAt ? post.createdAt.getTime() - look.clockSkewMs : 0;
  const matches = recent
    .filter(
      (m) =>
        m.content === chunk &&
        !counted.includes(m.id) &&
        snowflakeTime(m.id) >= oldest &&
        (username ? !!m.webhook_id && m.author.username === username : !m.webhook_id && m.author.id === look.botUserId),
    )
    .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  return matches[0] ?? null;
}

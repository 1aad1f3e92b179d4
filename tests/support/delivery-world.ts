// The delivery tests' world: the outbox side of the seam in memory (what the town hands the deliverer), and a fake
// Discord with one town's channels provisioned, reached through the real REST client.
import { REST } from 'discord.js';
import { DiscordApi } from '../../src/bot/discord-api.ts';
import { type OutboxPort, type PendingPost, silentLog } from '../../src/bot/ports.ts';
import { provisionTown } from '../../src/bot/provision.ts';
import { InMemoryChannelStore } from '../../src/db/channel-store.ts';
import { FakeDiscord, type FakeGuild } from './fake-discord.ts';

export class MemoryOutbox implements OutboxPort {
  posts: (PendingPost & { delivered: string | null })[] = [];
  /** At most this many pending posts a round (stands for the town writing more while delivery runs). */
  cap = Number.POSITIVE_INFINITY;
  /** Throw once when marking this seq delivered (a crash between Discord's answer and our commit). */
  crashOnMark: number | null = null;
  add(p: Partial<PendingPost> & { location: string; text: string }): void {
    const seq = this.posts.length;
    this.posts.push({
      id: `t:${seq}`,
      seq,
      speakerId: null,
      speakerName: null,
      emoji: null,
      kind: 'action',
      createdAt: new Date(),
      attempts: 0,
      delivered: null,
      ...p,
    });
  }
  async pending(limit: number) {
    return this.posts.filter((p) => !p.delivered).slice(0, Math.min(limit, this.cap));
  }
  async markDelivered(post: PendingPost, ref: string) {
    if (this.crashOnMark === post.seq) {
      this.crashOnMark = null;
      throw new Error('process killed');
    }
    this.posts.find((x) => x.seq === post.seq)!.delivered = ref;
  }
  async recordFailure(post: PendingPost) {
    this.posts.find((x) => x.seq === post.seq)!.attempts++;
  }
  async conversationLines(conversationId: string) {
    return this.posts
      .filter((p) => p.conversationId === conversationId)
      .map((p) => ({ seq: p.seq, text: p.text, delivered: p.delivered !== null, deliveryRef: p.delivered }));
  }
}

export interface DeliveryWorld {
  fake: FakeDiscord;
  guild: FakeGuild;
  store: InMemoryChannelStore;
  api: DiscordApi;
  outbox: MemoryOutbox;
}

/** A fresh fake Discord with town-1 ("Testville") provisioned for these locations, and an empty outbox. */
export async function startDeliveryWorld(locations: readonly { id: string; name: string }[]): Promise<DeliveryWorld> {
  const fake = await FakeDiscord.start();
  const guild = fake.addGuild('Test');
  const store = new InMemoryChannelStore();
  const api = new DiscordApi(
    new REST({ api: fake.apiUrl, retries: 0, rejectOnRateLimit: () => true }).setToken(fake.token),
  );
  await provisionTown(
    api,
    store,
    { townId: 'town-1', townName: 'Testville', guildId: guild.id, locations: [...locations] },
    silentLog,
  );
  return { fake, guild, store, api, outbox: new MemoryOutbox() };
}

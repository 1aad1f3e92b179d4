// Outbox delivery against the local Discord: order, splitting, no mentions, exactly once through 429/5xx storms,
// lost responses, restarts, a deleted webhook or channel, and Discord being unreachable for a while.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nonceFor, OutboxDeliverer, webhookUsername } from '../../src/bot/delivery.ts';
import type { DiscordApi } from '../../src/bot/discord-api.ts';
import { silentLog, TOWN_HALL } from '../../src/bot/ports.ts';
import { provisionTown } from '../../src/bot/provision.ts';
import type { InMemoryChannelStore } from '../../src/db/channel-store.ts';
import { type MemoryOutbox, startDeliveryWorld } from '../support/delivery-world.ts';
import type { FakeDiscord, FakeGuild, FakeMessage } from '../support/fake-discord.ts';

let fake: FakeDiscord;
let guild: FakeGuild;
let store: InMemoryChannelStore;
let api: DiscordApi;
let outbox: MemoryOutbox;

const LOCATIONS = [
  { id: 'cafe', name: 'Cafe' },
  { id: 'park', name: 'Park' },
];

function deliverer(overrides: Record<string, number> = {}) {
  return new OutboxDeliverer({
    api,
    store,
    appId: fake.appId,
    botUserId: fake.botUser.id,
    log: silentLog,
    settings: { backoffBaseMs: 5, backoffMaxMs: 20, ...overrides },
  });
}

function target() {
  return {
    townId: 'town-1',
    outbox,
    channelFor: async (location: string, opts?: { repair?: boolean }) => {
      if (opts?.repair || !(await store.get('town-1', location)))
        await provisionTown(
          api,
          store,
          { townId: 'town-1', townName: 'Testville', guildId: guild.id, locations: LOCATIONS },
          silentLog,
        );
      return store.get('town-1', location);
    },
    avatarFor: (id: string) => `https://example.test/${id}.png`,
  };
}

function channelOf(location: string): string {
  const c = fake.channelByName(guild.id, location === TOWN_HALL ? 'town-hall' : location);
  if (!c) throw new Error(`no channel ${location}`);
  return c.id;
}

function texts(location: string): string[] {
  return fake.messagesIn(channelOf(location)).map((m: FakeMessage) => m.content);
}

beforeEach(async () => {
  ({ fake, guild, store, api, outbox } = await startDeliveryWorld(LOCATIONS));
});

afterEach(async () => {
  await fake.close();
});

describe('outbox delivery', () => {
  it('posts residents through the webhook under their own name, the narrator as the bot, in order, mentioning nobody', async () => {
    outbox.add({
      location: 'cafe',
      speakerId: 'isa',
      speakerName: 'Isabella Rodriguez',
      emoji: '☕',
      text: 'is making coffee',
    });
    outbox.add({
      location: 'park',
      speakerId: 'sam',
      speakerName: 'Sam Moore',
      text: 'Hello @everyone, <@123> and <@&456>!',
    });
    outbox.add({ location: TOWN_HALL, text: 'Daily digest for Monday' });
    outbox.add({
      location: 'cafe',
      speakerId: 'isa',
      speakerName: 'Isabella Rodriguez',
      kind: 'dialogue',
      text: 'Good morning!',
    });
    const r = await deliverer().drain(target());
    expect(r).toMatchObject({ delivered: 4, blocked: [] });
    const cafe = fake.messagesIn(channelOf('cafe'));
    expect(cafe.map((m) => [m.author.username, m.content])).toEqual([
      ['Isabella Rodriguez', '☕ is making coffee'],
      ['Isabella Rodriguez', 'Good morning!'],
    ]);
    expect(cafe[0]!.webhook_id).toBeTruthy();
    expect(cafe[0]!.author.avatar).toBe('https://example.test/isa.png');
    const hall = fake.messagesIn(channelOf(TOWN_HALL));
    expect(hall[0]!.author.id).toBe(fake.botUser.id);
    expect(hall[0]!.nonce).toBe(nonceFor('t:2', 0));
    const all = [...fake.messages.values()].flat();
    expect(all).toHaveLength(4);
    for (const m of all) expect(m.allowed_mentions).toEqual({ parse: [] });
    expect(outbox.posts.every((p) => JSON.parse(p.delivered!).messageIds.length === 1)).toBe(true);
    // One webhook per channel, reused.
    expect(fake.requestsTo('POST', /^\/channels\/\d+\/webhooks$/)).toHaveLength(2);
  });

  it('splits a long post at sentence boundaries under 2,000 characters', async () => {
    const sentence = 'The river was high this spring and everyone in town talked about it at length. ';
    const text = sentence.repeat(60).trim();
    outbox.add({ location: 'cafe', speakerId: 'isa', speakerName: 'Isabella', text });
    await deliverer().drain(target());
    const got = texts('cafe');
    expect(got.length).toBeGreaterThan(2);
    for (const c of got) {
      expect(c.length).toBeLessThanOrEqual(2000);
      expect(c.endsWith('.')).toBe(true);
    }
    expect(got.join(' ')).toBe(text);
  });

  it('delivers every post exactly once and in order through a storm of 429s, 500s and lost responses', async () => {
    for (let k = 0; k < 40; k++) {
      const loc = k % 3 === 0 ? TOWN_HALL : k % 3 === 1 ? 'cafe' : 'park';
      outbox.add(
        loc === TOWN_HALL
          ? { location: loc, text: `narration ${k}` }
          : { location: loc, speakerId: 'r', speakerName: `Resident ${k % 2}`, text: `line ${k}` },
      );
    }
    fake.injectFault({ path: /^\/webhooks\//, status: 429, retryAfter: 0.02, times: 6 });
    fake.injectFault({ path: /^\/channels\/\d+\/messages$/, method: 'POST', status: 429, retryAfter: 0.02, times: 4 });
    fake.injectFault({ path: /^\/webhooks\//, status: 500, times: 5 });
    fake.injectFault({ path: /^\/webhooks\//, status: 502, times: 4, afterProcessing: true });
    fake.injectFault({
      path: /^\/channels\/\d+\/messages$/,
      method: 'POST',
      status: 503,
      times: 4,
      afterProcessing: true,
    });
    fake.injectFault({ path: /^\/webhooks\//, status: 0, drop: true, afterProcessing: true, times: 3 });
    fake.injectFault({ path: /^\/channels\/\d+\/messages$/, method: 'POST', status: 0, drop: true, times: 3 });
    const d = deliverer();
    let rounds = 0;
    while (outbox.posts.some((p) => !p.delivered) && rounds < 50) {
      await d.drain(target());
      rounds++;
    }
    expect(outbox.posts.every((p) => p.delivered)).toBe(true);
    for (const loc of [TOWN_HALL, 'cafe', 'park']) {
      const expected = outbox.posts.filter((p) => p.location === loc).map((p) => p.text);
      expect(texts(loc)).toEqual(expected);
    }
    expect(fake.faults.every((f) => f.remaining === 0)).toBe(true);
    // 429s were waited out (Retry-After), not counted as failures of the post.
    const limited = fake.requests.filter((r) => r.status === 429);
    expect(limited.length).toBe(10);
  });

  it('does not post twice after a crash between Discord answering and the outbox mark (restart)', async () => {
    outbox.add({ location: 'cafe', speakerId: 'isa', speakerName: 'Isabella', text: 'Hello.' });
    outbox.add({ location: 'cafe', speakerId: 'isa', speakerName: 'Isabella', text: 'Hello.' });
    outbox.add({ location: TOWN_HALL, text: 'Noon.' });
    outbox.crashOnMark = 1;
    await expect(deliverer().drain(target())).rejects.toThrow('process killed');
    expect(texts('cafe')).toEqual(['Hello.', 'Hello.']);
    // A new process: post 1 was delivered but not marked; post 2 has identical text to post 0 but is new.
    const fresh = deliverer();
    await fresh.drain({
      ...target(),
      lastDeliveredMessageId: async (loc: string) =>
        loc === 'cafe' ? (JSON.parse(outbox.posts[0]!.delivered!).messageIds[0] as string) : null,
    });
    expect(texts('cafe')).toEqual(['Hello.', 'Hello.']);
    expect(texts(TOWN_HALL)).toEqual(['Noon.']);
    expect(outbox.posts.every((p) => p.delivered)).toBe(true);
  });

  it('after a restart, an identical line already shown earlier does not hide a new post', async () => {
    outbox.add({ location: 'cafe', speakerId: 'isa', speakerName: 'Isabella', text: 'Sleeping.' });
    await deliverer().drain(target());
    outbox.add({ location: 'cafe', speakerId: 'isa', speakerName: 'Isabella', text: 'Sleeping.' });
    const fresh = deliverer(); // a new process: it checks the channel before the first send
    await fresh.drain({
      ...target(),
      lastDeliveredMessageId: async (loc: string, before: number) => {
        const last = outbox.posts.filter((p) => p.location === loc && p.seq < before && p.delivered).at(-1);
        return last ? (JSON.parse(last.delivered!).messageIds.at(-1) as string) : null;
      },
    });
    expect(texts('cafe')).toEqual(['Sleeping.', 'Sleeping.']);
  });

  it('recreates a deleted webhook and a deleted channel', async () => {
    outbox.add({ location: 'cafe', speakerId: 'isa', speakerName: 'Isabella', text: 'one' });
    const d = deliverer();
    await d.drain(target());
    const hook = (await store.get('town-1', 'cafe'))!.webhookId!;
    fake.deleteWebhook(hook);
    outbox.add({ location: 'cafe', speakerId: 'isa', speakerName: 'Isabella', text: 'two' });
    await d.drain(target());
    expect(texts('cafe')).toEqual(['one', 'two']);
    expect((await store.get('town-1', 'cafe'))!.webhookId).not.toBe(hook);

    const oldChannel = channelOf('park');
    fake.deleteChannel(oldChannel);
    outbox.add({ location: 'park', speakerId: 'sam', speakerName: 'Sam', text: 'still here' });
    outbox.add({ location: TOWN_HALL, text: 'news' });
    await d.drain(target());
    const park = channelOf('park');
    expect(park).not.toBe(oldChannel);
    expect(texts('park')).toEqual(['still here']);
    expect(texts(TOWN_HALL)).toEqual(['news']);
  });

  it('keeps posts while Discord is unreachable and catches up in order', async () => {
    const d = deliverer({ attemptsPerRound: 2 });
    fake.offline = true;
    for (let k = 0; k < 5; k++)
      outbox.add({ location: 'cafe', speakerId: 'r', speakerName: 'Rosa', text: `line ${k}` });
    const r = await d.drain(target());
    expect(r.delivered).toBe(0);
    expect(r.blocked).toEqual(['cafe']);
    for (let k = 5; k < 8; k++)
      outbox.add({ location: 'cafe', speakerId: 'r', speakerName: 'Rosa', text: `line ${k}` });
    fake.offline = false;
    await d.drain(target());
    expect(texts('cafe')).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => `line ${k}`));
  });

  it('skips a post Discord keeps refusing (4xx) after a few tries instead of blocking the channel forever', async () => {
    outbox.add({ location: 'cafe', speakerId: 'r', speakerName: 'Rosa', text: 'refused' });
    outbox.add({ location: 'cafe', speakerId: 'r', speakerName: 'Rosa', text: 'next' });
    fake.injectFault({ path: /^\/webhooks\//, status: 403, times: 3 });
    const d = deliverer();
    for (let k = 0; k < 4; k++) await d.drain(target());
    expect(texts('cafe')).toEqual(['next']);
    expect(JSON.parse(outbox.posts[0]!.delivered!).failed).toBeTruthy();
  });

  it('makes webhook usernames Discord accepts', () => {
    expect(webhookUsername('Discord Dan')).toBe('Disc0rd Dan');
    expect(webhookUsername('everyone')).toBe('everyone.');
    expect(webhookUsername('x'.repeat(100))).toHaveLength(80);
    expect(webhookUsername('  ')).toBe('Resident');
  });
});

// /town setup end to end: category + a channel per location + town hall; reruns and restarts duplicate nothing;
// a deleted channel is recreated, a renamed one kept; startup messages for a bad token or a missing intent.
import type { Client } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BotStartupError, createBotClient, loginBot, STARTUP_MESSAGES } from '../../src/bot/client.ts';
import { CATEGORY_KEY, TOWN_HALL } from '../../src/bot/ports.ts';
import { eventually, Harness } from '../support/bot-harness.ts';
import { FakeDiscord } from '../support/fake-discord.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('/town setup', () => {
  it('provisions a category, one channel per location and the town hall, idempotently across reruns and restarts', async () => {
    h = await Harness.start({ database: true }); // bindings in SQLite, as in production
    const reply = await h.setup();
    expect(reply).toMatch(/Welcome to/);
    const town = await h.town();
    const locations = town.locations().map((l) => l.id);
    const channels = h.fake.channelsOf(h.guild.id);
    const category = channels.filter((c) => c.type === 4);
    expect(category).toHaveLength(1);
    const inTown = channels.filter((c) => c.parent_id === category[0]!.id).map((c) => c.name);
    expect(inTown.sort()).toEqual([...locations, 'town-hall'].sort());
    const count = channels.length;

    expect(await h.setup()).toMatch(/already set up/);
    expect(h.fake.channelsOf(h.guild.id)).toHaveLength(count);

    await h.stopBot();
    await h.boot();
    expect(await h.setup()).toMatch(/already set up/);
    expect(h.fake.channelsOf(h.guild.id)).toHaveLength(count);
    expect(h.fake.requestsTo('POST', /^\/guilds\/\d+\/channels$/)).toHaveLength(count - 1); // all but #general
    expect(h.log.errors()).toEqual([]);
  });

  it('recreates a deleted channel, keeps a renamed one bound, and survives setup rerun', async () => {
    h = await Harness.start();
    await h.setup();
    const town = await h.town();
    const [first, second] = town.locations().map((l) => l.id);
    const deleted = h.channel(first!);
    const renamed = h.channel(second!);
    h.fake.renameChannel(renamed, 'my-favourite-place');
    h.fake.deleteChannel(deleted);
    // The bot notices the deletion on the gateway and recreates the channel by itself.
    await h.fake.waitFor(() => !!h!.fake.channelByName(h!.guild.id, first!), 5000, 'the deleted channel to come back');
    const recreated = h.channel(first!);
    expect(recreated).not.toBe(deleted);
    await eventually(async () => expect((await h!.channels.get(town.id, first!))!.channelId).toBe(recreated));
    expect((await h.channels.get(town.id, second!))!.channelId).toBe(renamed);
    expect(h.fake.findChannel(renamed)!.name).toBe('my-favourite-place');
    const before = h.fake.channelsOf(h.guild.id).length;
    await h.setup();
    expect(h.fake.channelsOf(h.guild.id)).toHaveLength(before);
    expect(await h.channels.get(town.id, CATEGORY_KEY)).toBeTruthy();
    expect(await h.channels.get(town.id, TOWN_HALL)).toBeTruthy();
  });

  it('says clearly when Discord refuses the token (4004) or the Message Content intent (4014)', async () => {
    const noIntent = await FakeDiscord.start({ privilegedIntents: false });
    const badToken = await FakeDiscord.start({ gatewayToken: 'another' });
    const wrong = await FakeDiscord.start();
    try {
      const outcomes: [FakeDiscord, string, string][] = [
        [noIntent, noIntent.token, STARTUP_MESSAGES.missingIntent],
        [badToken, badToken.token, STARTUP_MESSAGES.badToken],
        [wrong, 'not-the-token', STARTUP_MESSAGES.badToken],
      ];
      for (const [fake, token, message] of outcomes) {
        const client: Client = createBotClient({ apiUrl: fake.apiUrl });
        const err = await loginBot(client, token, 5000).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(BotStartupError);
        expect((err as Error).message).toBe(message);
        await client.destroy();
      }
    } finally {
      await Promise.all([noIntent.close(), badToken.close(), wrong.close()]);
    }
  });
});

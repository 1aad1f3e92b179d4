// Each server has its own town; nothing crosses servers. A command, message or button in one guild can never
// read or change another guild's town, residents or personas — even when it names a channel of the other guild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from '../support/bot-harness.ts';
import type { FakeGuild, FakeUser } from '../support/fake-discord.ts';

let h: Harness;
let beta: FakeGuild;
let gamma: FakeGuild;
let betaAdmin: FakeUser;
let mallory: FakeUser;

beforeAll(async () => {
  h = await Harness.start();
  beta = h.fake.addGuild('Beta');
  gamma = h.fake.addGuild('Gamma');
  betaAdmin = beta.members.get(beta.owner_id)!.user;
  mallory = h.fake.addUser('mallory');
  h.fake.addMember(beta.id, mallory);
  h.fake.addMember(gamma.id, mallory);
  // The bot sees the new guilds arrive on the gateway.
  await h.fake.waitFor(() => !!h.bot.client.guilds.cache.get(gamma.id), 5000, 'GUILD_CREATE');
  await h.setup();
  await h.setup(beta.id);
});
afterAll(async () => {
  await h.stop();
});

describe('guild isolation', () => {
  it('gives every guild its own town and channels', async () => {
    const a = await h.town();
    const b = await h.town(beta.id);
    expect(a.id).not.toBe(b.id);
    expect(a.scope).toBe(h.guild.id);
    expect(b.scope).toBe(beta.id);
    const aChannels = (await h.channels.list(a.id)).map((c) => c.channelId);
    const bChannels = (await h.channels.list(b.id)).map((c) => c.channelId);
    for (const id of aChannels) expect(h.fake.findChannel(id)!.guild_id).toBe(h.guild.id);
    for (const id of bChannels) expect(h.fake.findChannel(id)!.guild_id).toBe(beta.id);
    expect(await h.registry.get(gamma.id)).toBeNull();
  });

  it('keeps personas per guild', async () => {
    await h
      .slash(mallory, {
        channelId: h.general(beta.id),
        name: 'persona',
        subcommand: 'set',
        options: { name: 'Eve', description: 'a spy' },
      })
      .answer();
    const inGamma = await h.fake
      .slash({ channelId: h.general(gamma.id), user: mallory, name: 'persona', subcommand: 'show' })
      .answer();
    expect(inGamma.content).toMatch(/no town yet/);
    expect(await (await h.town()).persona({ id: mallory.id, displayName: 'mallory' })).toBeNull();
    expect((await (await h.town(beta.id)).persona({ id: mallory.id, displayName: 'mallory' }))?.name).toBe('Eve');
  });

  it('an interaction from one guild naming another guild’s channel reaches only its own town', async () => {
    const alphaTown = await h.town();
    const betaTown = await h.town(beta.id);
    const place = alphaTown.map().locations.find((l) => l.residents.length > 0)!;
    const resident = place.residents[0]!;
    const alphaChannel = h.channel(place.id);
    // Whisper sent from Beta (guild_id Beta) but claiming Alpha's channel.
    const w = h.fake.slash({
      guildId: beta.id,
      channelId: alphaChannel,
      user: mallory,
      name: 'whisper',
      options: { resident: resident.name, text: 'betray everyone' },
    });
    await w.answer();
    await alphaTown.step(1);
    await betaTown.step(1);
    expect((await alphaTown.residentInfo(resident.name)).plan.join(' ')).not.toMatch(/betray everyone/i);
    expect((await betaTown.residentInfo(resident.name)).plan.join(' ')).toMatch(/betray everyone/i);
    // A public interview "in" Alpha's channel from Beta is outside Beta's town: refused.
    const i = h.fake.slash({
      guildId: beta.id,
      channelId: alphaChannel,
      user: mallory,
      name: 'interview',
      options: { resident: resident.name, question: 'secrets?', public: true },
    });
    expect((await i.answer()).content).toMatch(/town's own channels/);
    // Admin commands from Beta's admin only touch Beta.
    await h.fake
      .slash({ guildId: beta.id, channelId: alphaChannel, user: betaAdmin, name: 'town', subcommand: 'pause' })
      .answer();
    expect(betaTown.status().paused).toBe(true);
    expect(alphaTown.status().paused).toBe(false);
  });

  it('a guild without a town ignores chat and answers commands with how to set one up', async () => {
    const before = h.fake.requests.length;
    h.fake.userMessage({ channelId: h.general(gamma.id), user: mallory, content: 'anyone there?' });
    await new Promise((r) => setTimeout(r, 200));
    // Nothing was posted in Gamma (other guilds' towns may still be delivering their own posts).
    const gammaChannels = h.fake.channelsOf(gamma.id).map((c) => c.id);
    expect(
      h.fake.requests
        .slice(before)
        .filter((r) => r.method === 'POST' && gammaChannels.some((id) => r.path.includes(id))),
    ).toEqual([]);
    const list = await h.fake
      .slash({ channelId: h.general(gamma.id), user: mallory, name: 'resident', subcommand: 'list' })
      .answer();
    expect(list.content).toMatch(/no town yet/);
    const map = await h.fake
      .slash({
        channelId: h.general(gamma.id),
        user: gamma.members.get(gamma.owner_id)!.user,
        name: 'town',
        subcommand: 'map',
      })
      .answer();
    expect(map.content).toMatch(/no town yet/);
  });

  it('stops delivering a town when the bot leaves its guild; the outbox keeps the posts', async () => {
    const betaTown = await h.town(beta.id);
    await h.delivered(beta.id);
    h.fake.removeGuild(beta.id);
    await h.fake.waitFor(() => !h.bot.client.guilds.cache.has(beta.id), 5000, 'GUILD_DELETE');
    await h.fake.waitFor(() => !h.bot.links().some((l) => l.guildId === beta.id), 5000, 'the link to stop');
    const before = h.fake.requests.length;
    await betaTown.step(1);
    await new Promise((r) => setTimeout(r, 300));
    expect((await betaTown.outbox.pendingPosts(100)).length).toBeGreaterThan(0);
    const ids = (await h.channels.list(betaTown.id)).flatMap((b) => [b.channelId, b.webhookId ?? 'none']);
    expect(
      h.fake.requests.slice(before).filter((r) => r.method === 'POST' && ids.some((id) => r.path.includes(id))),
    ).toEqual([]);
  });
});

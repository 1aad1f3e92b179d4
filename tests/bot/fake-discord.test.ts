// The local Discord itself: a real discord.js Client logs in, sees guilds, and round-trips REST and interactions.
import { ChannelType, Client, Events, GatewayIntentBits, Partials } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../support/fake-discord.ts';

let fake: FakeDiscord | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.destroy();
  await fake?.close();
  client = undefined;
  fake = undefined;
});

async function login(f: FakeDiscord): Promise<Client> {
  const c = new Client({
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.MessageContent,
      GatewayIntentBits.DirectMessages,
    ],
    partials: [Partials.Channel],
    rest: { api: f.apiUrl },
  });
  const ready = new Promise<void>((r) => c.once(Events.ClientReady, () => r()));
  await c.login(f.token);
  await ready;
  return c;
}

describe('fake discord', () => {
  it('serves a real client: guild cache, channels, messages, webhooks, interactions', async () => {
    fake = await FakeDiscord.start();
    const g = fake.addGuild('Test');
    const user = fake.addUser('alice');
    fake.addMember(g.id, user);
    client = await login(fake);
    const guild = client.guilds.cache.get(g.id)!;
    expect(guild.name).toBe('Test');
    expect(guild.members.me?.id).toBe(fake.botUser.id);
    const cat = await guild.channels.create({ name: 'Town', type: ChannelType.GuildCategory });
    const ch = await guild.channels.create({ name: 'cafe', type: ChannelType.GuildText, parent: cat.id });
    expect(ch.guildId).toBe(g.id);
    const m1 = await ch.send({ content: 'hello', nonce: 'n1', enforceNonce: true });
    const m2 = await ch.send({ content: 'hello', nonce: 'n1', enforceNonce: true });
    expect(m2.id).toBe(m1.id);
    expect(fake.messagesIn(ch.id)).toHaveLength(1);
    const hook = await ch.createWebhook({ name: 'Smalltown' });
    const sent = await hook.send({ content: 'hi', username: 'Isabella', allowedMentions: { parse: [] } });
    expect(sent.author.username).toBe('Isabella');
    expect(fake.messagesIn(ch.id)[1]?.allowed_mentions).toEqual({ parse: [] });

    const seen: string[] = [];
    client.on(Events.MessageCreate, (m) => {
      if (!m.author.bot) seen.push(m.content);
    });
    client.on(Events.InteractionCreate, async (i) => {
      if (i.isChatInputCommand()) {
        await i.deferReply({ flags: 64 });
        await i.editReply(`you said ${i.options.getString('text')}`);
      }
    });
    fake.userMessage({ channelId: ch.id, user, content: 'typed' });
    const h = fake.slash({ channelId: ch.id, user, name: 'echo', options: { text: 'x' } });
    const ans = await h.answer();
    expect(ans.content).toBe('you said x');
    expect(h.ephemeral).toBe(true);
    await fake.waitFor(() => seen.length === 1);
    expect(seen).toEqual(['typed']);
  });

  it('closes with 4004 on a bad token and 4014 on a missing privileged intent', async () => {
    fake = await FakeDiscord.start({ privilegedIntents: false });
    const c = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.MessageContent],
      rest: { api: fake.apiUrl },
    });
    const code = new Promise<number>((r) => c.once(Events.ShardDisconnect, (e) => r(e.code)));
    const login = c.login(fake.token).catch((e: Error) => e);
    expect(await code).toBe(4014);
    await c.destroy();
    void login;
  });
});

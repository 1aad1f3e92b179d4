// The deploy script: a bulk overwrite, guild-scoped for development and global otherwise; idempotent.
import { REST } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { commandPayloads, deployCommands } from '../../src/bot/deploy-commands.ts';
import { FakeDiscord } from '../support/fake-discord.ts';

let fake: FakeDiscord;
afterEach(async () => {
  await fake.close();
});

describe('deploy-commands', () => {
  it('registers every command in a dev guild, or globally, and replaces rather than duplicates on rerun', async () => {
    fake = await FakeDiscord.start();
    const g = fake.addGuild('Dev');
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.token);
    const names = commandPayloads().map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['persona', 'whisper', 'interview', 'resident', 'town', 'help']));
    const dev = await deployCommands({ rest, guildId: g.id });
    expect(dev).toMatchObject({ scope: 'guild', count: names.length, applicationId: fake.appId });
    expect(fake.guildCommands.get(g.id)!.map((c) => c.name)).toEqual(names);
    expect(fake.globalCommands).toEqual([]);
    await deployCommands({ rest, applicationId: fake.appId });
    await deployCommands({ rest, applicationId: fake.appId });
    expect(fake.globalCommands.map((c) => c.name)).toEqual(names);
    // Admin commands carry Manage Server; the rest are open (the members' /map, /relationships, /clock too); none
    // are usable in DMs except /help (contexts: 0 = guild, 1 = bot DM; setContexts replaced dm_permission).
    const town = fake.globalCommands.find((c) => c.name === 'town')!;
    expect(town.default_member_permissions).toBe('32');
    for (const name of ['map', 'relationships', 'clock'])
      expect(fake.globalCommands.find((c) => c.name === name)?.default_member_permissions ?? null).toBeNull();
    for (const c of fake.globalCommands) {
      expect(c.dm_permission).toBeUndefined();
      expect(c.contexts).toEqual(c.name === 'help' ? [0, 1] : [0]);
    }
  });

  it('keeps every description and option within Discord limits', () => {
    type Opt = { name: string; description: string; options?: Opt[]; choices?: unknown[] };
    const check = (o: Opt) => {
      expect(o.name).toMatch(/^[-_a-z0-9]{1,32}$/);
      expect(o.description.length).toBeGreaterThan(0);
      expect(o.description.length).toBeLessThanOrEqual(100);
      expect((o.options ?? []).length).toBeLessThanOrEqual(25);
      for (const c of o.options ?? []) check(c);
    };
    for (const c of commandPayloads()) check(c as unknown as Opt);
  });
});

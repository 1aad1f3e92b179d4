// The deploy script: a bulk overwrite, guild-scoped for development and global otherwise; idempotent.

import { readFileSync } from 'node:fs';
import { REST } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { commandPayloads, deployCommands, runDeploy } from '../../src/bot/deploy-commands.ts';
import { botPermissions, inviteUrl } from '../../src/bot/invite.ts';
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

  it('prints the invite first; a server the bot is not in yet is explained (Missing Access 50001), then works once invited', async () => {
    fake = await FakeDiscord.start();
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.token);
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    // The application id is looked up from the token when DISCORD_APPLICATION_ID is empty.
    expect(await runDeploy({ rest, guildId: '123456789012345678', ...io })).toBe(1);
    const invite = inviteUrl(fake.appId, '123456789012345678');
    expect(out[0]).toContain(invite);
    expect(invite).toBe(
      `https://discord.com/oauth2/authorize?client_id=${fake.appId}&scope=bot%20applications.commands&permissions=34896710672&guild_id=123456789012345678`,
    );
    expect(err.join('\n')).toMatch(
      /Missing Access \(50001\).*not in the server 123456789012345678.*Invite the bot first/,
    );
    expect(fake.guildCommands.size).toBe(0);

    const g = fake.addGuild('Dev');
    out.length = 0;
    err.length = 0;
    expect(await runDeploy({ rest, applicationId: fake.appId, guildId: g.id, ...io })).toBe(0);
    expect(err).toEqual([]);
    expect(out[1]).toBe(`2. Registered ${commandPayloads().length} commands in server ${g.id} (they show up at once).`);
    expect(out[2]).toMatch(/npm start.*\/town setup/);
  });

  it('asks for the permissions src/bot/README.md explains, and both READMEs print the same invite', () => {
    const perms = String(botPermissions());
    expect(perms).toBe('34896710672');
    const botReadme = readFileSync('src/bot/README.md', 'utf8');
    expect(botReadme).toContain(`### Permissions (${perms})`);
    for (const text of [botReadme, readFileSync('README.md', 'utf8')])
      for (const m of text.matchAll(/permissions=(\d+)/g)) expect(m[1]).toBe(perms);
    // One truth about DISCORD_APPLICATION_ID: optional everywhere (runDeploy above looked it up from the token).
    const env = readFileSync('.env.example', 'utf8');
    expect(env).toMatch(/# Optional: the application id[^\n]*looks it up from the token\.\nDISCORD_APPLICATION_ID=\n/);
    expect(botReadme).toMatch(/`DISCORD_APPLICATION_ID=\.\.\.` is optional/);
  });
});

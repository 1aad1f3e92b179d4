// Registers the slash commands with Discord (`npm run deploy-commands`), as the discord.js guide does, after printing
// the invite link (a guild's commands can only be registered once the application is in that guild): a bulk
// overwrite, guild-scoped when DISCORD_DEV_GUILD_ID is set (instant, for development), global otherwise (for
// release; Discord may take a while to show changes). Run it again after changing a command's options.
import { pathToFileURL } from 'node:url';
import { REST, type RESTPostAPIChatInputApplicationCommandsJSONBody, Routes } from 'discord.js';
import { type CommandSet, commandSet } from '../commands/index.ts';
import { helpOrNothing } from '../core/cli-args.ts';
import { inviteUrl } from './invite.ts';

export function commandPayloads(set: CommandSet = commandSet()): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return set.commands.map((c) => c.data.toJSON());
}

export interface DeployOptions {
  rest: REST;
  /** Looked up from the token when absent. */
  applicationId?: string;
  guildId?: string;
  set?: CommandSet;
}

export async function deployCommands(
  o: DeployOptions,
): Promise<{ scope: 'guild' | 'global'; count: number; applicationId: string }> {
  const applicationId = o.applicationId ?? ((await o.rest.get(Routes.currentApplication())) as { id: string }).id;
  const body = commandPayloads(o.set);
  const route = o.guildId
    ? Routes.applicationGuildCommands(applicationId, o.guildId)
    : Routes.applicationCommands(applicationId);
  const result = (await o.rest.put(route, { body })) as unknown[];
  return { scope: o.guildId ? 'guild' : 'global', count: result.length, applicationId };
}

export const DEPLOY_USAGE = `Usage: npm run deploy-commands

Prints the bot's invite link (invite it first: Discord registers a server's commands only for an application that
is in that server), then registers the bot's slash commands with Discord (a bulk overwrite; run it again after
changing a command). Configured by the environment (.env):
  DISCORD_TOKEN            the bot's token (required)
  DISCORD_APPLICATION_ID   the application id (optional: looked up from the token when empty)
  DISCORD_DEV_GUILD_ID     register in this server only: instant, for development; unset: global, for release
                           (Discord can take up to an hour to show global changes)`;

/** What to tell an admin when Discord refuses the deploy; `invite` is the link printed before. */
export function explainDeployError(e: unknown, o: { guildId?: string; invite?: string }): string {
  const status = (e as { status?: number }).status;
  const code = (e as { code?: number | string }).code;
  if (status === 401) return 'Discord refused the token (401). Check DISCORD_TOKEN (Developer Portal, Bot tab).';
  if (code === 50001 || (status === 403 && o.guildId))
    return (
      `Discord answered Missing Access (50001): the application is not in the server ${o.guildId ?? ''} yet, so it ` +
      'cannot register commands there. Invite the bot first' +
      (o.invite ? ` (${o.invite})` : ' (the link above)') +
      ', then run `npm run deploy-commands` again. If it is in the server, check that DISCORD_DEV_GUILD_ID is that ' +
      "server's id (right-click the server with Developer Mode on, Copy Server ID)."
    );
  if (code === 10004 || code === 10002)
    return `Discord does not know ${code === 10004 ? `the server ${o.guildId}` : 'this application'} (${code}): check DISCORD_DEV_GUILD_ID and DISCORD_APPLICATION_ID.`;
  return `Could not register the commands: ${(e as Error).message}`;
}

/** The deploy as an admin runs it: the invite link, then the commands registered; the exit code. */
export async function runDeploy(o: {
  rest: REST;
  applicationId?: string;
  guildId?: string;
  out: (line: string) => void;
  err: (line: string) => void;
}): Promise<number> {
  let applicationId = o.applicationId;
  try {
    applicationId ??= ((await o.rest.get(Routes.currentApplication())) as { id: string }).id;
  } catch (e) {
    o.err(explainDeployError(e, {}));
    return 1;
  }
  const invite = inviteUrl(applicationId, o.guildId);
  o.out(
    `1. Invite the bot to your server (once; skip when it is there already), as someone with Manage Server:\n   ${invite}`,
  );
  try {
    const r = await deployCommands({ rest: o.rest, applicationId, ...(o.guildId ? { guildId: o.guildId } : {}) });
    o.out(
      r.scope === 'guild'
        ? `2. Registered ${r.count} commands in server ${o.guildId} (they show up at once).`
        : `2. Registered ${r.count} global commands (Discord can take up to an hour to show changes everywhere).`,
    );
    o.out('3. Start the bot (`npm start`) and run /town setup in the server.');
    return 0;
  } catch (e) {
    o.err(explainDeployError(e, { invite, ...(o.guildId ? { guildId: o.guildId } : {}) }));
    return 1;
  }
}

async function main(): Promise<void> {
  const args = helpOrNothing(process.argv.slice(2), DEPLOY_USAGE);
  if (args !== 'run') process.exit(args === 'help' ? 0 : 2);
  const { loadConfig, ConfigError, loadDotEnv } = await import('../config.ts');
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    console.error(e instanceof ConfigError ? e.message : e);
    process.exit(1);
  }
  const token = config.discord.token;
  if (!token) {
    console.error('DISCORD_TOKEN is not set: put the bot token in .env (see .env.example), then run this again.');
    process.exit(1);
  }
  const code = await runDeploy({
    rest: new REST({ api: config.discord.apiUrl }).setToken(token),
    ...(config.discord.applicationId ? { applicationId: config.discord.applicationId } : {}),
    ...(config.discord.devGuildId ? { guildId: config.discord.devGuildId } : {}),
    out: (l) => console.log(l),
    err: (l) => console.error(l),
  });
  process.exit(code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();

// Registers the slash commands with Discord (`npm run deploy-commands`), as the discord.js guide does: a bulk
// overwrite, guild-scoped when DISCORD_DEV_GUILD_ID is set (instant, for development), global otherwise (for
// release; Discord may take a while to show changes). Run it again after changing a command's options.
import { pathToFileURL } from 'node:url';
import { type RESTPostAPIChatInputApplicationCommandsJSONBody, REST, Routes } from 'discord.js';
import { type CommandSet, commandSet } from '../commands/index.ts';
import { helpOrNothing } from '../core/cli-args.ts';

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

Registers the bot's slash commands with Discord (a bulk overwrite; run it again after changing a command).
Configured by the environment (.env):
  DISCORD_TOKEN            the bot's token (required)
  DISCORD_APPLICATION_ID   the application id (looked up from the token when absent)
  DISCORD_DEV_GUILD_ID     register in this guild only: instant, for development; unset: global, for release
                           (Discord can take up to an hour to show global changes)`;

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
  const rest = new REST({ api: config.discord.apiUrl }).setToken(token);
  try {
    const r = await deployCommands({
      rest,
      ...(config.discord.applicationId ? { applicationId: config.discord.applicationId } : {}),
      ...(config.discord.devGuildId ? { guildId: config.discord.devGuildId } : {}),
    });
    console.log(
      r.scope === 'guild'
        ? `Registered ${r.count} commands in guild ${config.discord.devGuildId} (they show up at once).`
        : `Registered ${r.count} global commands (Discord can take up to an hour to show changes everywhere).`,
    );
  } catch (e) {
    const status = (e as { status?: number }).status;
    console.error(
      status === 401
        ? 'Discord refused the token (401). Check DISCORD_TOKEN.'
        : `Could not register the commands: ${(e as Error).message}`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();

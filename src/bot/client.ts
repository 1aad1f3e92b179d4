// The discord.js client with the minimum intents, a configurable REST base, and clear start-up messages when
// Discord refuses the token (close code 4004) or a privileged intent (4014).
import { Client, Events, GatewayIntentBits, Partials } from 'discord.js';

/**
 * Guilds: guild, channel and role caches (slash commands, provisioning). GuildMessages + MessageContent (privileged):
 * read people's plain messages in location channels so residents can hear them. DirectMessages: answer DMs with help.
 */
export const BOT_INTENTS = [
  GatewayIntentBits.Guilds,
  GatewayIntentBits.GuildMessages,
  GatewayIntentBits.MessageContent,
  GatewayIntentBits.DirectMessages,
] as const;

export function createBotClient(opts: { apiUrl?: string }): Client {
  return new Client({
    intents: [...BOT_INTENTS],
    // DM channels are not cached until a DM arrives; without the partial the first DM would be dropped.
    partials: [Partials.Channel],
    rest: opts.apiUrl ? { api: opts.apiUrl } : {},
    // Nothing the bot sends pings anyone unless a call says otherwise.
    allowedMentions: { parse: [] },
  });
}

export class BotStartupError extends Error {
  constructor(
    message: string,
    readonly closeCode: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BotStartupError';
  }
}

export const STARTUP_MESSAGES = {
  badToken:
    'Discord refused the bot token (gateway close code 4004 / HTTP 401). Copy it again from the Developer Portal ' +
    '(your application -> Bot -> Reset Token) into DISCORD_TOKEN.',
  missingIntent:
    'Discord refused a privileged intent (gateway close code 4014). Turn on "Message Content Intent" in the ' +
    'Developer Portal (your application -> Bot -> Privileged Gateway Intents): the bot reads plain messages in ' +
    'location channels so residents can hear people.',
} as const;

/** Discord closed the gateway for good after start-up (a token reset, an intent switched off, the app deleted). */
export class BotFatalError extends Error {
  constructor(
    message: string,
    readonly closeCode: number,
  ) {
    super(message);
    this.name = 'BotFatalError';
  }
}

/** What a person should do about a gateway close code discord.js will not reconnect from. */
export function fatalCloseMessage(code: number): string {
  const what =
    code === 4004
      ? STARTUP_MESSAGES.badToken
      : code === 4014
        ? STARTUP_MESSAGES.missingIntent
        : `Discord closed the gateway with code ${code}, which the client does not reconnect from (see Discord's gateway close codes).`;
  return `Lost the Discord connection for good (close code ${code}): ${what} The bot stops; start it again once fixed.`;
}

/** Logs in and waits until ready; turns Discord's refusals into a BotStartupError with a message a person can act on. */
export async function loginBot(client: Client, token: string, timeoutMs = 60_000): Promise<void> {
  let closeCode: number | null = null;
  const onDisconnect = (event: { code: number }) => {
    closeCode = event.code;
  };
  client.on(Events.ShardDisconnect, onDisconnect);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(token);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Discord did not become ready within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const code = closeCode as number | null;
    if (
      code === 4004 ||
      /TokenInvalid|invalid token|Authentication failed/i.test(`${msg} ${(e as { code?: string }).code}`)
    ) {
      throw new BotStartupError(STARTUP_MESSAGES.badToken, code ?? 4004, { cause: e });
    }
    if (code === 4014 || /disallowed intents/i.test(msg)) {
      throw new BotStartupError(STARTUP_MESSAGES.missingIntent, code ?? 4014, { cause: e });
    }
    throw new BotStartupError(`Could not connect to Discord: ${msg}`, code, { cause: e });
  } finally {
    client.off(Events.ShardDisconnect, onDisconnect);
  }
}

// The Discord front end: `startDiscordBot` logs in, links every guild's town (channels + outbox delivery), routes
// interactions and plain messages, and repairs deleted channels. src/main.ts calls it with the configuration and
// the town registry; nothing here advances the town (its scheduler does).
import { type Client, Events, type MessageCreateOptions, REST } from 'discord.js';
import type { WatchLink } from '../app/operation.ts';
import { townReplacedNotice } from '../app/texts.ts';
import { type GameFront, type GameUiSettings, TurnTimers } from '../commands/game.ts';
import { type CommandSet, commandSet } from '../commands/index.ts';
import type { CommandContext, TownDirectory } from '../commands/types.ts';
import { UserError } from '../errors.ts';
import type { GameService } from '../games/service.ts';
import type { TownService } from '../town/service.ts';
import { BotFatalError, createBotClient, fatalCloseMessage, loginBot } from './client.ts';
import { type DeliverySettings, OutboxDeliverer } from './delivery.ts';
import { DiscordApi } from './discord-api.ts';
import { MessageHandler } from './messages.ts';
import { type ChannelStore, type Log, TOWN_HALL } from './ports.ts';
import type { ProvisionResult } from './provision.ts';
import { InteractionRouter } from './router.ts';
import { KeyedLock, type LoopSettings, TownLink } from './town-link.ts';

export interface StartDiscordBotOptions {
  token: string;
  /** REST base (DISCORD_API_URL); the gateway URL comes from its /gateway/bot. */
  apiUrl?: string;
  registry: TownDirectory;
  channelStore: ChannelStore;
  log: Log;
  /** The games service, when the games module is wired in (/game answers "not enabled" otherwise). */
  gameService?: GameService;
  /** Turn time limits of games (tests shorten them). */
  gameUi?: Partial<GameUiSettings>;
  extra?: Partial<CommandSet>;
  delivery?: Partial<DeliverySettings>;
  loop?: Partial<LoopSettings>;
  /** Notices that delete themselves after this long (tests shorten it). */
  noticeTtlMs?: number;
  /** Clock for rate limits (tests). */
  now?: () => number;
  /** Start each linked town's schedule through `registry.start` (default true; tests step towns by hand). */
  runTowns?: boolean;
  /** The web view's signed links (`/town watch`), when this process serves it (src/web). */
  watchLink?: (scope: string) => WatchLink;
}

export interface DiscordBot {
  client: Client;
  /** Links (provisions + starts delivery for) a guild's town; used by /town setup, on start and on guild join. */
  link(guildId: string, town: TownService): Promise<ProvisionResult>;
  /** Resolves once the town's outbox has nothing left to deliver. */
  deliverNow(townId: string): Promise<void>;
  links(): TownLink[];
  /** One admin notice in every linked town's #town-hall (e.g. the model paused after repeated failures). */
  noticeTownHalls(text: string): Promise<void>;
  /**
   * Resolves (never rejects) when Discord closes the gateway for good after start-up (close code 4004 after a token
   * reset, 4014...). By then the bot has logged it and stopped delivering and answering; the caller shuts the
   * process down with a non-zero exit code (src/main.ts), so no half-alive process keeps ticking and posting.
   */
  fatal: Promise<BotFatalError>;
  stop(): Promise<void>;
}

export async function startDiscordBot(opts: StartDiscordBotOptions): Promise<DiscordBot> {
  const log = opts.log;
  const client = createBotClient(opts.apiUrl ? { apiUrl: opts.apiUrl } : {});
  // Delivery has its own REST client: no automatic retries (a retried webhook execution could post twice; the
  // deliverer retries itself, checking first), and 429s surface so `retry_after` is honoured per post.
  const deliveryRest = new REST({
    ...(opts.apiUrl ? { api: opts.apiUrl } : {}),
    retries: 0,
    timeout: 15_000,
    rejectOnRateLimit: () => true,
  }).setToken(opts.token);
  const api = new DiscordApi(deliveryRest);
  const adminApi = new DiscordApi(client.rest);
  const lock = new KeyedLock();
  const links = new Map<string, TownLink>();
  let deliverer: OutboxDeliverer | null = null;
  const repairTimers = new Set<NodeJS.Timeout>();
  /** Towns being linked because this process just took them over (ensureLinked), so one interaction links once. */
  const linking = new Set<string>();

  const link = async (guildId: string, town: TownService): Promise<ProvisionResult> => {
    let l = links.get(town.id);
    if (!l || l.town !== town) {
      await l?.stop();
      if (!deliverer) throw new Error('the bot is not ready yet');
      l = new TownLink(town, guildId, {
        api: adminApi,
        store: opts.channelStore,
        deliverer,
        lock,
        log,
        ...(opts.loop ? { loop: opts.loop } : {}),
      });
      links.set(town.id, l);
    }
    const result = await l.provision();
    // /town setup (or a restart) is the admin's "try again": channels held for a missing permission retry now.
    deliverer?.release(town.id);
    l.start();
    l.kick();
    if (opts.runTowns !== false && opts.registry.start) await opts.registry.start(guildId);
    return result;
  };

  // Game announcements go to the game's channel as bot messages (mentions limited to the awaited players).
  const post = async (channelId: string, message: MessageCreateOptions) => {
    const ch = await client.channels.fetch(channelId);
    if (ch?.isSendable()) await ch.send(message);
  };
  const games: GameFront | undefined = opts.gameService
    ? {
        service: opts.gameService,
        timers: new TurnTimers(
          opts.gameService,
          post,
          (e) => log.error({ err: e }, 'game turn timer failed'),
          opts.gameUi,
        ),
      }
    : undefined;
  const ctx: CommandContext = {
    log,
    towns: opts.registry,
    setupChannels: link,
    bindingFor: (town, channelId) => opts.channelStore.byChannel(town.id, channelId),
    deliverSoon: (townId) => links.get(townId)?.kick(),
    replaceTown: async (guildId, source) => {
      const replace = opts.registry.replace?.bind(opts.registry);
      if (!replace) throw new UserError('town/no_replace', 'This bot cannot replace towns.');
      // The old town's delivery stops before its town does (it would otherwise read a closed, deleted town).
      const current = await opts.registry.get(guildId);
      const old = current ? links.get(current.id) : undefined;
      if (old) {
        links.delete(old.town.id);
        await old.stop();
      }
      try {
        const before = current?.status().name;
        const t = await replace(guildId, source);
        await link(guildId, t);
        log.info({ guildId, townId: t.id, town: t.status().name }, 'the guild’s town was replaced');
        // Everyone is told, not only the admin who pressed Confirm: the channels they read now belong to a new town.
        const hall = await links.get(t.id)?.channelFor(TOWN_HALL);
        if (hall)
          await post(hall.channelId, {
            content: townReplacedNotice(before, t.status().name, t.status().time),
            allowedMentions: { parse: [] },
          }).catch((err: unknown) => log.warn({ err, guildId }, 'could not announce the new town in #town-hall'));
        return t;
      } catch (e) {
        const back = await opts.registry.get(guildId).catch(() => null);
        if (back)
          await link(guildId, back).catch((err: unknown) => log.error({ err, guildId }, 'could not relink the town'));
        throw e;
      }
    },
    deliveryHolds: (townId) => deliverer?.holds(townId) ?? [],
    ensureLinked: (guildId, town) => {
      if (stopping || !deliverer || links.get(town.id)?.town === town || linking.has(town.id)) return;
      linking.add(town.id);
      log.info({ guildId, townId: town.id }, 'linking a town created by another process');
      void link(guildId, town)
        .catch((e: unknown) => log.error({ err: e, guildId }, 'could not link the guild’s town'))
        .finally(() => linking.delete(town.id));
    },
    ...(games ? { games } : {}),
    ...(opts.watchLink ? { watchLink: opts.watchLink } : {}),
  };
  const router = new InteractionRouter(commandSet(opts.extra), ctx, log, opts.now ? { now: opts.now } : {});
  const messages = new MessageHandler(ctx, log, {
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.noticeTtlMs !== undefined ? { noticeTtlMs: opts.noticeTtlMs } : {}),
  });

  const linkGuild = async (guildId: string) => {
    try {
      const town = await opts.registry.get(guildId);
      if (town) await link(guildId, town);
    } catch (e) {
      log.error({ err: e, guildId }, 'could not link the guild’s town');
    }
  };

  client.on(Events.InteractionCreate, (i) => void router.handle(i));
  client.on(Events.MessageCreate, (m) => void messages.handle(m));
  client.on(Events.GuildCreate, (g) => {
    if (deliverer) void linkGuild(g.id);
  });
  client.on(Events.GuildDelete, (g) => {
    // Removed from a server (or the server is gone): stop delivering its town's posts; the outbox keeps them.
    for (const l of links.values()) {
      if (l.guildId !== g.id) continue;
      links.delete(l.town.id);
      void l.stop().catch((e: unknown) => log.warn({ err: e, guildId: g.id }, 'stopping a town link failed'));
      log.info({ guildId: g.id, townId: l.town.id }, 'left a guild; its town is no longer delivered');
    }
  });
  client.on(Events.ChannelDelete, (ch) => {
    if (!('guildId' in ch) || !ch.guildId) return;
    const guildId = ch.guildId;
    // A person deleted one of the town's channels: recreate it (shortly, so a burst of deletions is one repair).
    void (async () => {
      const town = await opts.registry.get(guildId);
      if (!town || !(await opts.channelStore.byChannel(town.id, ch.id))) return;
      log.info({ guildId, channelId: ch.id }, 'a town channel was deleted; recreating it');
      const t = setTimeout(() => {
        repairTimers.delete(t);
        void link(guildId, town).catch((e: unknown) => log.error({ err: e, guildId }, 'channel repair failed'));
      }, 500);
      repairTimers.add(t);
    })().catch((e: unknown) => log.error({ err: e }, 'channel delete handling failed'));
  });
  // Roles or channel permissions changed: a held channel may be deliverable now.
  const retryHeld = (guildId: string) => {
    for (const l of links.values())
      if (l.guildId === guildId && deliverer && deliverer.release(l.town.id) > 0) {
        log.info({ guildId, townId: l.town.id }, 'permissions changed; retrying held channels');
        l.kick();
      }
  };
  client.on(Events.GuildRoleUpdate, (_old, role) => retryHeld(role.guild.id));
  client.on(Events.ChannelUpdate, (_old, ch) => {
    if ('guildId' in ch && ch.guildId) retryHeld(ch.guildId);
  });
  client.on(Events.Error, (e) => log.error({ err: e }, 'discord client error'));
  let stopping = false;
  client.on(Events.ShardReconnecting, () => {
    if (!stopping) log.warn({}, 'reconnecting to the Discord gateway');
  });

  let onFatal: (e: BotFatalError) => void = () => undefined;
  const fatal = new Promise<BotFatalError>((resolve) => {
    onFatal = resolve;
  });
  let stopLinks: () => Promise<void> = async () => undefined;

  await loginBot(client, opts.token);
  // discord.js emits ShardDisconnect only for close codes it will not reconnect from; during login, loginBot turns
  // them into a BotStartupError instead.
  client.on(Events.ShardDisconnect, (event: { code: number }) => {
    if (stopping) return;
    const e = new BotFatalError(fatalCloseMessage(event.code), event.code);
    log.error({ closeCode: event.code }, e.message);
    stopping = true;
    void stopLinks()
      .catch((err: unknown) => log.warn({ err }, 'stopping delivery after the gateway closed failed'))
      .finally(() => onFatal(e));
  });
  const appId = client.application?.id ?? client.user?.id;
  const botUserId = client.user?.id;
  if (!appId || !botUserId) throw new Error('logged in without an application id');
  deliverer = new OutboxDeliverer({
    api,
    store: opts.channelStore,
    appId,
    botUserId,
    log,
    ...(opts.delivery ? { settings: opts.delivery } : {}),
  });
  log.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'connected to Discord');
  for (const guildId of client.guilds.cache.keys()) await linkGuild(guildId);
  if (games) await resumeGames(games, client, log);
  stopLinks = async () => {
    for (const t of repairTimers) clearTimeout(t);
    messages.stop();
    games?.timers.stop();
    await Promise.all([...links.values()].map((l) => l.stop()));
  };

  return {
    client,
    link,
    links: () => [...links.values()],
    async noticeTownHalls(text) {
      for (const l of links.values()) {
        try {
          const hall = await l.channelFor(TOWN_HALL);
          if (hall) await post(hall.channelId, { content: text, allowedMentions: { parse: [] } });
        } catch (e) {
          log.warn({ err: e, townId: l.town.id }, 'could not post a notice to #town-hall');
        }
      }
    },
    async deliverNow(townId) {
      await links.get(townId)?.whenIdle();
    },
    fatal,
    async stop() {
      stopping = true;
      await stopLinks();
      await client.destroy();
    },
  };
}

/** After a restart: bots finish the moves they owed, and the turn timers of people start again. */
async function resumeGames(games: GameFront, client: Client, log: Log): Promise<void> {
  try {
    for (const { context, result } of await games.service.resume()) {
      if (!client.guilds.cache.has(context.scope) || !result.ok) continue;
      await games.timers
        .publish(context, result)
        .catch((e: unknown) => log.warn({ err: e, context }, 'could not resume a game'));
    }
  } catch (e) {
    log.error({ err: e }, 'resuming games failed');
  }
}

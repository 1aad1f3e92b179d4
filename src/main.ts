// Composition root: configuration -> database -> model gateway -> town registry + games -> a front end
// (Discord when DISCORD_TOKEN is set, otherwise the local console). Every dependency is built here by hand.
import { dirname, join } from 'node:path';
import { agentOfflineRules } from './agent/index.ts';
import { consoleGameHandler } from './app/console-games.ts';
import { BotStartupError } from './bot/client.ts';
import { rememberGamesInTowns } from './bot/game-memories.ts';
import { startDiscordBot } from './bot/index.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { renderBanner } from './console/banner.ts';
import { runConsole } from './console/console.ts';
import { PrismaChannelStore } from './db/channel-store.ts';
import { openDatabase } from './db/client.ts';
import { PrismaEmbeddingCacheStore } from './db/embedding-cache-store.ts';
import { PrismaGameStore, PrismaRatingStore } from './db/game-store.ts';
import { DatabaseUnusableError } from './db/health.ts';
import { PrismaTownStore } from './db/town-store.ts';
import { PrismaUsageSink } from './db/usage-store.ts';
import { GAME_HELP } from './games/commands.ts';
import { gamesOfflineRules } from './games/offline.ts';
import { GameService } from './games/service.ts';
import { InMemoryEmbeddingCache, TieredEmbeddingCache } from './llm/embedding-cache.ts';
import { describeGatewayEvent, ModelHealth } from './llm/health.ts';
import {
  createEmbedder,
  createLanguageModel,
  describeModel,
  type GatewayEvent,
  mergeOfflineRules,
} from './llm/index.ts';
import { checkModelAccess } from './llm/startup-check.ts';
import { createLogger } from './log.ts';
import { loadTownFile } from './town/file-io.ts';
import { CONSOLE_SCOPE, TownRegistry } from './town/registry.ts';

async function main(): Promise<number> {
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const useDiscord = Boolean(config.discord.token);
  // The console owns the terminal: logs stay quiet there unless asked for, and print as readable lines.
  const log = createLogger({
    level: useDiscord ? config.logLevel : process.env.LOG_LEVEL ? config.logLevel : 'warn',
    ...(useDiscord ? {} : { format: 'line' as const }),
  });

  // A configured model is checked once before anything starts: one clear line and a non-zero exit if it cannot work.
  if (config.model.provider !== 'offline') {
    const check = await checkModelAccess({
      provider: config.model.provider,
      chatModel: config.model.chatModel,
      structuredMode: config.model.structuredMode,
      ...(config.model.apiKey ? { apiKey: config.model.apiKey } : {}),
      ...(config.model.baseURL ? { baseURL: config.model.baseURL } : {}),
    });
    if (!check.ok) {
      process.stderr.write(`${check.message}\n`);
      return 2;
    }
  }

  const db = await openDatabase(config.databaseUrl);
  if (db.applied.length) log.info({ applied: db.applied }, 'database migrated');
  const usage = new PrismaUsageSink(db.prisma, { onError: (e) => log.error({ err: e }, 'usage flush failed') });

  let registry: TownRegistry | null = null;
  const budgetFor = (townId: string) => registry?.budgetFor(townId) ?? config.model.dailyTokenBudget;
  // Gateway events: counted for /status, logged as readable lines; a pause and its end reach the admins once.
  const health = new ModelHealth();
  let adminNotice: (text: string) => void = (text) => process.stdout.write(`⚠️ ${text}\n`);
  const onEvent = (e: GatewayEvent) => {
    health.record(e);
    const line = describeGatewayEvent(e);
    if (e.type === 'retry' || e.type === 'repair') log.info(line);
    else log.warn(line);
    if (e.type === 'circuit_open' || e.type === 'circuit_closed') adminNotice(line);
  };
  const tuning = {
    onEvent,
    usage,
    dailyTokenBudget: budgetFor,
    timeoutMs: config.model.timeoutMs,
    maxAttempts: config.model.maxAttempts,
    concurrency: config.model.concurrency,
  };
  const remote = {
    ...(config.model.apiKey ? { apiKey: config.model.apiKey } : {}),
    ...(config.model.baseURL ? { baseURL: config.model.baseURL } : {}),
  };
  const llm = createLanguageModel({
    provider: config.model.provider,
    offlineRules: mergeOfflineRules(agentOfflineRules, gamesOfflineRules),
    chatModel: config.model.chatModel,
    structuredMode: config.model.structuredMode,
    ...remote,
    ...tuning,
  });
  const embedder = createEmbedder({
    provider: config.model.provider,
    embeddingModel: config.model.embeddingModel,
    ...(config.model.embeddingDimensions ? { dimensions: config.model.embeddingDimensions } : {}),
    cache: new TieredEmbeddingCache(new InMemoryEmbeddingCache(), new PrismaEmbeddingCacheStore(db.prisma)),
    ...remote,
    ...tuning,
  });

  const townLog = (level: 'warn' | 'error' | 'info', msg: string, data?: Record<string, unknown>) =>
    log[level](data ?? {}, msg);
  registry = new TownRegistry({
    store: new PrismaTownStore(db.prisma),
    llm,
    embedder,
    ...(config.townFile ? { defaultTown: () => loadTownFile(config.townFile as string) } : {}),
    newTownSettings: { cron: config.tickCron, minutesPerTick: config.minutesPerTick },
    budgetStatus: async (townId) => ({ ...(await llm.budgetStatus(townId)), health: health.summary() }),
    modelLabel: describeModel(llm.info),
    log: townLog,
  });
  const towns = registry;

  const games = new GameService({
    store: new PrismaGameStore(db.prisma),
    ratings: new PrismaRatingStore(db.prisma),
    llm,
    seeds: () => Date.now() % 2_147_483_647,
    // Residents who played remember the game (issue 6), in the town where it was played.
    onFinished: rememberGamesInTowns(towns, log),
  });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await towns.close().catch((e) => log.error({ err: e }, 'closing towns'));
    await usage.close().catch(() => undefined);
    await db.close().catch(() => undefined);
  };

  if (useDiscord) {
    const bot = await startDiscordBot({
      token: config.discord.token as string,
      apiUrl: config.discord.apiUrl,
      registry: towns,
      channelStore: new PrismaChannelStore(db.prisma),
      log,
      gameService: games,
    });
    log.info({ user: bot.client.user?.tag, model: describeModel(llm.info) }, 'bot ready');
    adminNotice = (text) => void bot.noticeTownHalls(`⚠️ ${text}`);
    const stopped = await Promise.race([
      new Promise<null>((resolve) => {
        process.once('SIGINT', () => resolve(null));
        process.once('SIGTERM', () => resolve(null));
      }),
      bot.fatal,
    ]);
    await bot.stop();
    await shutdown();
    // Discord closed the gateway for good (already logged by the bot): exit non-zero, with what to fix.
    if (stopped) process.stderr.write(`${stopped.message}\n`);
    return stopped ? 1 : 0;
  }

  const town = await towns.getOrCreate(CONSOLE_SCOPE);
  const st = town.status();
  const banner = renderBanner({
    model: llm.info,
    embedderId: embedder.id,
    databaseFile: db.file,
    townName: st.name,
    residents: st.residents,
    locations: st.locations,
    discordConfigured: false,
  });
  const result = await runConsole({
    registry: towns,
    input: process.stdin,
    output: process.stdout,
    banner,
    handlers: [consoleGameHandler(games)],
    helpLines: GAME_HELP.split('\n'),
    onError: (e) => log.error({ err: e }, 'console command failed'),
    // Typed lines, kept between runs beside the database (never lines that look like keys or passwords).
    historyFile: join(dirname(db.file), 'console-history'),
  });
  await shutdown();
  return result.exitCode;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    // A wrong token, a missing privileged intent, a damaged or read-only database: say what to fix, no stack trace.
    if (e instanceof BotStartupError || e instanceof DatabaseUnusableError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`fatal: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);

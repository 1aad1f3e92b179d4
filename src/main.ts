// Composition root: configuration -> database -> model gateway -> town registry + games -> a front end
// (Discord when DISCORD_TOKEN is set, otherwise the local console). Every dependency is built here by hand.

import { dirname, join } from 'node:path';
import { configDrift, type TownConfigView } from './app/config-drift.ts';
import { gameHelp } from './app/game-operations.ts';
import { buildModelStack } from './app/model-stack.ts';
import { gameWatch } from './app/watch-games.ts';
import { BotStartupError } from './bot/client.ts';
import { rememberGamesInTowns } from './bot/game-memories.ts';
import { startDiscordBot } from './bot/index.ts';
import { isShardProcess, resolveShardCount, shardId, startShardManager, tolerateManagerGone } from './bot/shards.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { renderBanner } from './console/banner.ts';
import { runConsole } from './console/console.ts';
import { consoleGameHandler } from './console/games.ts';
import { exitCodeOf, parseCommandLine } from './core/cli-args.ts';
import { diskFullError, onDiskFull } from './core/disk-full.ts';
import { PrismaChannelStore } from './db/channel-store.ts';
import { openDatabase } from './db/client.ts';
import { PrismaGameStore, PrismaRatingStore } from './db/game-store.ts';
import { DatabaseUnusableError } from './db/health.ts';
import { DatabaseStartupError } from './db/startup-error.ts';
import { PrismaTownStore } from './db/town-store.ts';
import { GameService } from './games/service.ts';
import { describeGatewayEvent, ModelHealth } from './llm/health.ts';
import { describeModel, type GatewayEvent } from './llm/index.ts';
import { checkModelAccess } from './llm/startup-check.ts';
import { createLogger } from './log.ts';
import { offlineAwareGtSeats } from './offline/index.ts';
import { Metrics } from './ops/metrics.ts';
import { registerModelConcurrencyGauges } from './ops/model-concurrency.ts';
import { OutageReporter } from './ops/outage.ts';
import { meteredTownStore, registerStoreGauges, startProcessOps } from './ops/process-ops.ts';
import { startOpsServer } from './ops/server.ts';
import { registerVectorGauge } from './ops/vectors.ts';
import { TownFileError } from './town/file.ts';
import { loadTownFile } from './town/file-io.ts';
import { readingSummary } from './town/reading/show.ts';
import { CONSOLE_SCOPE, TownRegistry } from './town/registry.ts';
import { isLoopback, linksOnly, startWebView, type WebServer } from './web/index.ts';
import { patientLeases } from './worker/patient-leases.ts';

/** `npm start -- --help` (and `npm run dev`): what starts and where its settings come from; it takes no options. */
const START_USAGE = `Usage: npm start            (npm run dev: the same, restarted when a source file changes)

Starts smalltown: the Discord bot when DISCORD_TOKEN is set (README "Discord setup"), otherwise the console on this
terminal (type /help there). The web view starts beside either when WEB_PORT is set. Settings come from the
environment and from .env (every setting is listed in .env.example); there are no command-line options.`;

async function main(): Promise<number> {
  const args = parseCommandLine(process.argv.slice(2), { usage: START_USAGE });
  if (args.kind !== 'run') return exitCodeOf(args) ?? 2;
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
  if (config.frontEnd === 'discord' && !useDiscord) {
    process.stderr.write(
      'DISCORD_TOKEN is not set, and FRONT_END=discord says this process is the Discord bot: set DISCORD_TOKEN (README "Discord setup"), or unset FRONT_END to use the local console.\n',
    );
    return 2;
  }
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

  // More shards than one (SHARD_COUNT, or Discord's recommendation with auto): this process only runs the shard
  // manager, and each shard is this program again in its own process (src/bot/shards.ts).
  if (isShardProcess()) tolerateManagerGone();
  if (useDiscord && !isShardProcess()) {
    const count = await resolveShardCount({
      shardCount: config.scale.shardCount,
      token: config.discord.token as string,
      apiUrl: config.discord.apiUrl,
    }).catch((e: unknown) => {
      log.warn({ err: e }, 'could not ask Discord for a shard count; running one shard');
      return 1;
    });
    if (count > 1) return runShards(count, config.discord.token as string, log, config.scale.metricsPort);
  }

  const db = await openDatabase(config.databaseUrl);
  if (db.applied.length) log.info({ applied: db.applied }, 'database migrated');
  const metrics = new Metrics(useDiscord ? `bot:${shardId()}` : 'console');
  registerStoreGauges(metrics, db);

  let registry: TownRegistry | null = null;
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
  // Writes that keep failing are one log line when they start and one with the duration when they end: a full disk
  // (whatever write meets it: a tick, a person's action, accounting), and accounting that cannot be flushed (its rows
  // stay in memory and are retried every few seconds).
  const outageLog = (level: 'warn' | 'info', msg: string, data: Record<string, unknown>) => log[level](data, msg);
  const diskOutage = new OutageReporter({ what: `writes to ${db.file}`, log: outageLog, quietMs: 120_000 });
  const usageOutage = new OutageReporter({ what: 'model usage accounting (kept in memory, retried)', log: outageLog });
  const stopDiskWatch = onDiskFull(() =>
    diskOutage.error(new Error('no space left on the disk (SQLITE_FULL / ENOSPC)')),
  );
  const { llm, embedder, usage } = buildModelStack(config, db, {
    budgetFor: (townId) => registry?.budgetFor(townId),
    onUsageError: (e) => {
      if (!diskFullError(e)) usageOutage.error(e);
    },
    onCacheWriteError: (e) => {
      if (!diskFullError(e)) log.warn({ err: e }, 'embedding cache write failed (the vectors were kept)');
    },
    onUsage: (r) => metrics.usage(r),
    onEvent,
  });

  const townLog = (level: 'warn' | 'error' | 'info', msg: string, data?: Record<string, unknown>) =>
    log[level](data ?? {}, msg);
  registry = new TownRegistry({
    // PostgreSQL: workers tick the towns, this process applies people's actions between ticks (shared writers:
    // the lease covers one change and waits for one elsewhere; src/worker/README.md).
    store:
      db.engine === 'postgresql'
        ? patientLeases(meteredTownStore(new PrismaTownStore(db.prisma), db, metrics))
        : meteredTownStore(new PrismaTownStore(db.prisma), db, metrics),
    sharedWriters: db.engine === 'postgresql',
    llm,
    embedder,
    ...(config.townFile ? { defaultTown: () => loadTownFile(config.townFile as string) } : {}),
    newTownSettings: { cron: config.tickCron, minutesPerTick: config.minutesPerTick },
    budgetStatus: async (townId) => ({ ...(await llm.budgetStatus(townId)), health: health.summary() }),
    modelLabel: describeModel(llm.info),
    log: townLog,
    // every tick (the schedule, `/town step`) counted as the workers count theirs
    onTick: (townId, ms, ok) => metrics.tick(townId, ms, ok),
  });
  const towns = registry;
  registerVectorGauge(metrics, () => towns.loaded());
  registerModelConcurrencyGauges(metrics, { chat: llm, embedding: embedder });
  const driftConfig: TownConfigView = {
    ...(config.townFile ? { townFile: { path: config.townFile, name: loadTownFile(config.townFile).name } } : {}),
    ...(config.minutesPerTick !== undefined ? { minutesPerTick: config.minutesPerTick } : {}),
    tickCron: config.tickCron,
  };
  // Towns already stored keep their settings: say so when the environment asks for others.
  if (useDiscord)
    for (const t of await towns.list()) {
      const svc = await towns.get(t.scope);
      const lines = svc ? configDrift(svc.status(), driftConfig) : [];
      if (lines.length > 0) log.warn({ town: t.id }, lines.join(' '));
    }

  const gameStore = new PrismaGameStore(db.prisma);
  const games = new GameService({
    store: gameStore,
    ratings: new PrismaRatingStore(db.prisma),
    llm,
    // The labelled stand-in plays game-theory bot seats when the configured model is the offline one.
    gtSeats: offlineAwareGtSeats,
    seeds: () => Date.now() % 2_147_483_647,
    // Residents who played remember the game (issue 6), in the town where it was played.
    onFinished: rememberGamesInTowns(towns, log),
    // A bot move the model could not make (a legal default was played): one readable line in the log.
    onBotFallback: (f) => log.warn({ game: f.gameId, player: f.player, task: f.task }, f.line),
  });

  // The read-only web view (src/web): on by default for the console (loopback), for the bot when WEB_PORT is set.
  let web: WebServer | null = null;
  let webOff = '';
  if (config.web.port !== null && (!useDiscord || config.web.explicit)) {
    const started = await startWebView(
      { ...config.web, port: config.web.port },
      {
        towns,
        games: gameWatch(gameStore),
        modelPaused: () => health.paused,
        onError: (e) => log.error({ err: e }, 'web view request failed'),
      },
    );
    if (started.ok) {
      web = started.server;
      for (const w of started.warnings) log.warn(w);
    } else webOff = started.reason;
    if (useDiscord) {
      if (web) log.info({ url: web.url }, 'web view listening');
      else log.warn(`web view ${webOff}`);
    }
  }
  // A shard whose port another shard holds still hands out links to the view that shard serves.
  const watchLink = web
    ? (scope: string) => (web as WebServer).linkFor(scope)
    : useDiscord && config.web.explicit
      ? (linksOnly(config.web) ?? undefined)
      : undefined;

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await web?.close().catch(() => undefined);
    await towns.close().catch((e) => log.error({ err: e }, 'closing towns'));
    await usage.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    stopDiskWatch();
    diskOutage.stop();
    usageOutage.stop();
  };

  if (useDiscord) {
    const bot = await startDiscordBot({
      token: config.discord.token as string,
      apiUrl: config.discord.apiUrl,
      registry: towns,
      channelStore: new PrismaChannelStore(db.prisma),
      log,
      gameService: games,
      // With PostgreSQL the towns tick on workers (`npm run worker`); the bot links, delivers and answers.
      runTowns: db.engine !== 'postgresql',
      ...(watchLink ? { watchLink } : {}),
    });
    log.info({ user: bot.client.user?.tag, model: describeModel(llm.info) }, 'bot ready');
    adminNotice = (text) => void bot.noticeTownHalls(`⚠️ ${text}`);
    // /healthz and /metrics: METRICS_PORT, or METRICS_PORT + 1 + shard id in a shard process.
    const ops =
      config.scale.metricsPort !== undefined
        ? await startProcessOps({
            port: config.scale.metricsPort + (isShardProcess() ? 1 + shardId() : 0),
            db,
            metrics,
            checks: {
              discord: async () => {
                if (bot.client.ws.status !== 0) throw new Error(`gateway status ${bot.client.ws.status}`);
              },
            },
          })
        : null;
    if (ops) log.info({ port: ops.port }, '/healthz and /metrics listening');
    const stopped = await Promise.race([
      new Promise<null>((resolve) => {
        process.once('SIGINT', () => resolve(null));
        process.once('SIGTERM', () => resolve(null));
      }),
      bot.fatal,
    ]);
    await ops?.close();
    await bot.stop();
    await shutdown();
    // Discord closed the gateway for good (already logged by the bot): exit non-zero, with what to fix.
    if (stopped) process.stderr.write(`${stopped.message}\n`);
    return stopped ? 1 : 0;
  }

  const town = await towns.getOrCreate(CONSOLE_SCOPE);
  const st = town.status();
  const drift = configDrift(st, driftConfig);
  const banner = renderBanner({
    model: llm.info,
    embedderId: embedder.id,
    databaseFile: db.file,
    townName: st.name,
    ...(town.reading() ? { reading: readingSummary(town.reading()!) } : {}),
    residents: st.residents,
    locations: st.locations,
    discordConfigured: false,
    ...(web
      ? { web: { url: web.linkFor(CONSOLE_SCOPE).url, loopback: isLoopback(config.web.host) } }
      : { web: { off: webOff || 'off (WEB_PORT=off)' } }),
  });
  // /healthz and /metrics for the console too (METRICS_PORT): a console left running as a town's host is watched
  // like the bot and the workers.
  const consoleOps =
    config.scale.metricsPort !== undefined
      ? await startProcessOps({
          port: config.scale.metricsPort,
          db,
          metrics,
          // the console's user is on this machine: loopback only
          host: '127.0.0.1',
        })
      : null;
  if (consoleOps) log.info({ port: consoleOps.port }, '/healthz and /metrics listening');
  const result = await runConsole({
    registry: towns,
    input: process.stdin,
    output: process.stdout,
    banner: drift.length > 0 ? `${banner}\n${drift.map((l) => `⚠️ ${l}`).join('\n')}` : banner,
    handlers: [consoleGameHandler(games)],
    helpLines: ['Games:', ...gameHelp()],
    onError: (e) => log.error({ err: e }, 'console command failed'),
    // Typed lines, kept between runs beside the database (never lines that look like keys or passwords).
    historyFile: join(dirname(db.file), 'console-history'),
    ...(watchLink ? { watchLink } : {}),
    // /map and /relationships PNGs, each under a name of its own, beside the database (the path is printed).
    picturesDir: join(dirname(db.file), 'pictures'),
  });
  await consoleOps?.close();
  await shutdown();
  return result.exitCode;
}

async function runShards(
  count: number,
  token: string,
  log: ReturnType<typeof createLogger>,
  metricsPort: number | undefined,
): Promise<number> {
  const shards = await startShardManager({ count, token, log });
  log.info({ shards: count }, 'all shards started');
  // The manager's own /healthz: every shard process alive (each shard serves its own on METRICS_PORT + 1 + id).
  const ops =
    metricsPort !== undefined
      ? await startOpsServer({
          port: metricsPort,
          metrics: new Metrics('shard-manager'),
          checks: {
            shards: async () => {
              const down = [...shards.manager.shards.values()].filter((s) => !s.process || s.process.exitCode !== null);
              if (down.length) throw new Error(`shard ${down.map((s) => s.id).join(', ')} not running`);
            },
          },
        })
      : null;
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await ops?.close();
  await shards.stop();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    // A wrong token, a missing privileged intent, a damaged, read-only, unreachable or newer database: say what to
    // fix, no stack trace.
    // A bad TOWN_FILE too (TownFileError: its list of problems).
    if (
      e instanceof BotStartupError ||
      e instanceof DatabaseUnusableError ||
      e instanceof DatabaseStartupError ||
      e instanceof TownFileError
    ) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`fatal: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);

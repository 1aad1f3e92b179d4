// End-to-end wiring for the Discord tests: the local Discord, the real town registry and services (in-memory
// town store), the real bot (startDiscordBot) logged in with a real discord.js Client, and commands deployed the
// way `npm run deploy-commands` does. Only Discord (and, until the agent runtime lands, the mind) is faked.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { REST } from 'discord.js';
import { deployCommands } from '../../src/bot/deploy-commands.ts';
import { type DiscordBot, type StartDiscordBotOptions, startDiscordBot } from '../../src/bot/index.ts';
import type { ChannelStore, Log } from '../../src/bot/ports.ts';
import { InMemoryChannelStore, PrismaChannelStore } from '../../src/db/channel-store.ts';
import { type Db, openDatabase } from '../../src/db/client.ts';
import { PrismaClient } from '../../src/db/generated/client.ts';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import type { LanguageModel } from '../../src/llm/port.ts';
import { agentOfflineRules } from '../../src/offline/agent/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import type { TownFile } from '../../src/town/file.ts';
import { loadTownFile } from '../../src/town/file-io.ts';
import { TownRegistry } from '../../src/town/registry.ts';
import { InMemoryTownStore, type TownStore } from '../../src/town/store.ts';
import { FakeDiscord, type FakeDiscordOptions, type FakeGuild, type FakeUser, type SlashSpec } from './fake-discord.ts';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: unknown;
  msg: string | undefined;
}

export class RecordingLog implements Log {
  readonly entries: LogEntry[] = [];
  debug(obj: unknown, msg?: string) {
    this.entries.push({ level: 'debug', obj, msg });
  }
  info(obj: unknown, msg?: string) {
    this.entries.push({ level: 'info', obj, msg });
  }
  warn(obj: unknown, msg?: string) {
    this.entries.push({ level: 'warn', obj, msg });
  }
  error(obj: unknown, msg?: string) {
    this.entries.push({ level: 'error', obj, msg });
  }
  errors(): LogEntry[] {
    return this.entries.filter((e) => e.level === 'error');
  }
}

export interface HarnessOptions {
  fake?: FakeDiscordOptions;
  /** Use a migrated SQLite file (Prisma town and channel stores) instead of the in-memory twins. */
  database?: boolean;
  town?: TownFile;
  /** Every model call takes this long (a slow model server), to test Discord's 3-second rule. */
  modelDelayMs?: number;
  bot?: Partial<StartDiscordBotOptions>;
}

let smallTown: TownFile | undefined;
/** The shipped seed town, cut to 4 residents and 4 places to keep tests fast. */
export function testTown(): TownFile {
  if (!smallTown) {
    const full = loadTownFile();
    const residents = full.residents.slice(0, 4);
    const keep = new Set<string>();
    for (const r of residents) {
      keep.add((r as { home: string }).home);
      const w = (r as { workplace?: string }).workplace;
      if (w) keep.add(w);
    }
    const locations = full.locations.filter((l) => keep.has((l as { id: string }).id)).slice(0, 6);
    smallTown = { ...full, residents, locations } as TownFile;
  }
  return structuredClone(smallTown);
}

export class Harness {
  fake!: FakeDiscord;
  guild!: FakeGuild;
  admin!: FakeUser;
  alice!: FakeUser;
  bob!: FakeUser;
  townStore: TownStore = new InMemoryTownStore();
  channels: ChannelStore = new InMemoryChannelStore();
  registry!: TownRegistry;
  bot!: DiscordBot;
  log = new RecordingLog();
  db: Db | undefined;
  private dir: string | undefined;
  private unhandled: unknown[] = [];
  private readonly onUnhandled = (e: unknown) => this.unhandled.push(e);

  constructor(private readonly opts: HarnessOptions = {}) {}

  static async start(opts: HarnessOptions = {}): Promise<Harness> {
    const h = new Harness(opts);
    process.on('unhandledRejection', h.onUnhandled);
    if (opts.database) {
      h.dir = mkdtempSync(join(tmpdir(), 'smalltown-bot-'));
      h.db = await openDatabase(`file:${join(h.dir, 'town.db')}`);
      h.townStore = new PrismaTownStore(h.db.prisma);
      h.channels = new PrismaChannelStore(h.db.prisma);
    }
    h.fake = await FakeDiscord.start(opts.fake);
    h.guild = h.fake.addGuild('Alpha');
    h.admin = h.fake.guilds.get(h.guild.id)!.members.get(h.guild.owner_id)!.user;
    h.alice = h.fake.addUser('alice');
    h.bob = h.fake.addUser('bob');
    h.fake.addMember(h.guild.id, h.alice);
    h.fake.addMember(h.guild.id, h.bob);
    await deployCommands({
      rest: new REST({ api: h.fake.apiUrl }).setToken(h.fake.token),
      applicationId: h.fake.appId,
    });
    await h.boot();
    return h;
  }

  /** Starts the bot process (again, after `stopBot`): a new registry and client over the same stores. */
  async boot(): Promise<void> {
    const offline = new OfflineModel(agentOfflineRules);
    const delay = this.opts.modelDelayMs ?? 0;
    // The real agent mind on the built-in offline model (optionally slowed down) and the lexical embedder.
    const llm: LanguageModel =
      delay > 0
        ? {
            info: offline.info,
            object: async (req) => {
              await new Promise((r) => setTimeout(r, delay));
              return offline.object(req);
            },
          }
        : offline;
    this.registry = new TownRegistry({
      store: this.townStore,
      llm,
      embedder: new LexicalEmbedder(),
      defaultTown: () => this.opts.town ?? testTown(),
      owner: `test-${Math.random().toString(36).slice(2, 7)}`,
    });
    this.bot = await startDiscordBot({
      token: this.fake.token,
      apiUrl: this.fake.apiUrl,
      registry: this.registry,
      channelStore: this.channels,
      log: this.log,
      runTowns: false,
      noticeTtlMs: 200,
      delivery: { backoffBaseMs: 5, backoffMaxMs: 50 },
      loop: { pollMs: 100, failureBackoffMs: 20, failureBackoffMaxMs: 200 },
      ...this.opts.bot,
    });
  }

  /** Stops the bot like a process exit (town leases released so the next boot can write). */
  async stopBot(): Promise<void> {
    await this.bot.stop();
    await this.registry.close();
  }

  async stop(): Promise<void> {
    await this.stopBot().catch(() => undefined);
    await this.fake.close();
    await this.db?.close();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    process.off('unhandledRejection', this.onUnhandled);
  }

  unhandledRejections(): unknown[] {
    return this.unhandled;
  }

  slash(user: FakeUser, spec: Omit<SlashSpec, 'user' | 'channelId'> & { channelId?: string }) {
    return this.fake.slash({ channelId: spec.channelId ?? this.general(), user, ...spec });
  }

  general(guildId = this.guild.id): string {
    return this.fake.channelByName(guildId, 'general')!.id;
  }

  channel(name: string, guildId = this.guild.id): string {
    const c = this.fake.channelByName(guildId, name);
    if (!c) throw new Error(`no channel #${name}`);
    return c.id;
  }

  /** Runs /town setup as the admin and waits for the answer. */
  async setup(guildId = this.guild.id): Promise<string> {
    const owner = this.fake.guilds.get(guildId)!.owner_id;
    const user = this.fake.guilds.get(guildId)!.members.get(owner)!.user;
    const h = this.fake.slash({ channelId: this.general(guildId), user, name: 'town', subcommand: 'setup' });
    return (await h.answer(20_000)).content;
  }

  async town(guildId = this.guild.id) {
    const t = await this.registry.get(guildId);
    if (!t) throw new Error('no town');
    return t;
  }

  /** Waits until the town's outbox is fully delivered. */
  async delivered(guildId = this.guild.id): Promise<void> {
    const t = await this.town(guildId);
    await this.bot.deliverNow(t.id);
  }
}

/** A second bot process on the harness's database file: its own connection, registry (lease owner), client, log. */
export interface SecondProcess {
  prisma: PrismaClient;
  registry: TownRegistry;
  bot: DiscordBot;
  log: RecordingLog;
  stop(): Promise<void>;
}

/**
 * Starts a second bot on the first one's (already migrated) database file, as openDatabase builds a connection minus
 * the migration step (the schema engine locks the file exclusively while another process has it open). It polls
 * faster than the first process, so without a lease it would race it to every post.
 */
export async function startSecond(harness: Harness, owner: string, town?: TownFile): Promise<SecondProcess> {
  if (!harness.db) throw new Error('startSecond needs a harness with a database file');
  const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: harness.db.file, timeout: 10_000 }) });
  await prisma.$executeRawUnsafe('PRAGMA journal_mode = WAL');
  await prisma.$executeRawUnsafe('PRAGMA busy_timeout = 10000');
  const registry = new TownRegistry({
    store: new PrismaTownStore(prisma),
    llm: new OfflineModel(agentOfflineRules),
    embedder: new LexicalEmbedder(),
    owner,
    // The town this process creates if it is the one that runs the guild's first /town setup.
    ...(town ? { defaultTown: () => structuredClone(town) } : {}),
  });
  const log = new RecordingLog();
  const bot = await startDiscordBot({
    token: harness.fake.token,
    apiUrl: harness.fake.apiUrl,
    registry,
    channelStore: new PrismaChannelStore(prisma),
    log,
    runTowns: false,
    delivery: { backoffBaseMs: 5, backoffMaxMs: 50 },
    loop: { pollMs: 40, failureBackoffMs: 20, failureBackoffMaxMs: 200 },
  });
  return {
    prisma,
    registry,
    bot,
    log,
    async stop() {
      await bot.stop().catch(() => undefined);
      await registry.close().catch(() => undefined);
      await prisma.$disconnect();
    },
  };
}

/** Retries an assertion until it passes or the time is up (for effects that land asynchronously). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (e) {
      if (Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** PNG signature check and the size from the IHDR chunk. */
export function pngSize(buf: Buffer): { width: number; height: number } {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!buf.subarray(0, 8).equals(sig)) throw new Error('not a PNG');
  if (buf.toString('latin1', 12, 16) !== 'IHDR') throw new Error('PNG without IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

// A local Discord on loopback: REST under /api/v10 and the WebSocket gateway on the same port, complete enough for a
// real, logged-in discord.js Client (see ../shared/notes/fake-discord-facts.md beside the repository for the payload details it honours).
// It records every request so tests can assert on what Discord would have received, and can inject 429s, 5xx and
// dropped connections. Nothing here is production code.
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

const DISCORD_EPOCH = 1420070400000n;
let last = 0n;
/** Real-format, strictly increasing snowflakes: discord.js derives timestamps from them. */
export function snowflake(at = Date.now()): string {
  const next = (BigInt(at) - DISCORD_EPOCH) << 22n;
  last = next > last ? next : last + 1n;
  return String(last);
}

export const Perm = {
  CreateInstantInvite: 1n << 0n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  UseApplicationCommands: 1n << 31n,
  ManageWebhooks: 1n << 29n,
  CreatePublicThreads: 1n << 35n,
} as const;
export const MEMBER_PERMISSIONS =
  Perm.ViewChannel | Perm.SendMessages | Perm.ReadMessageHistory | Perm.UseApplicationCommands | Perm.EmbedLinks;
export const ADMIN_PERMISSIONS = MEMBER_PERMISSIONS | Perm.ManageGuild | Perm.ManageChannels;
export const BOT_PERMISSIONS =
  MEMBER_PERMISSIONS |
  Perm.ManageChannels |
  Perm.ManageWebhooks |
  Perm.AttachFiles |
  Perm.EmbedLinks |
  Perm.CreatePublicThreads;

export interface FakeUser {
  id: string;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: string | null;
  bot?: boolean;
}

export interface FakeChannel {
  id: string;
  type: number;
  name: string;
  guild_id?: string;
  parent_id: string | null;
  position: number;
  topic?: string | null;
  permission_overwrites: unknown[];
  /** DM channels only. */
  recipients?: FakeUser[];
  /** Threads only (type 11, parent_id = the text channel). */
  thread_metadata?: { archived: boolean; locked: boolean; auto_archive_duration: number; archive_timestamp: string };
}

export interface FakeAttachment {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  url: string;
  proxy_url: string;
  data: Buffer;
}

export interface FakeMessage {
  id: string;
  type: number;
  channel_id: string;
  guild_id?: string;
  author: FakeUser;
  content: string;
  timestamp: string;
  edited_timestamp: string | null;
  tts: boolean;
  mention_everyone: boolean;
  mentions: unknown[];
  mention_roles: string[];
  attachments: Omit<FakeAttachment, 'data'>[];
  embeds: unknown[];
  components: unknown[];
  pinned: boolean;
  flags: number;
  nonce?: string | number;
  webhook_id?: string;
  /** What the sender asked for; recorded for assertions (not part of Discord's message object). */
  allowed_mentions?: unknown;
  /** Attachment bytes, for assertions. */
  files: FakeAttachment[];
  /** Interaction this message answers, if any. */
  interactionId?: string;
}

export interface FakeWebhook {
  id: string;
  token: string;
  type: 1;
  channel_id: string;
  guild_id: string;
  name: string;
  avatar: string | null;
  application_id: string;
  user: FakeUser;
}

export interface FakeRole {
  id: string;
  name: string;
  permissions: string;
  position: number;
  color: number;
  hoist: boolean;
  managed: boolean;
  mentionable: boolean;
  flags: number;
}

export interface FakeMember {
  user: FakeUser;
  roles: string[];
  nick: string | null;
  joined_at: string;
  deaf: boolean;
  mute: boolean;
  flags: number;
  /** Effective guild permissions (what interactions carry as member.permissions). */
  permissions: bigint;
}

export interface FakeGuild {
  id: string;
  name: string;
  owner_id: string;
  channels: Map<string, FakeChannel>;
  roles: FakeRole[];
  members: Map<string, FakeMember>;
}

export interface RecordedRequest {
  method: string;
  /** Decoded path after /api/v10. */
  path: string;
  query: URLSearchParams;
  auth: string | null;
  /** Parsed JSON body, or for multipart the parsed payload_json. */
  body: unknown;
  files: { name: string; filename: string; data: Buffer }[];
  status: number;
  at: number;
  /** Why the fake answered with an error, if it did. */
  fault?: string;
}

export interface FaultSpec {
  method?: string;
  /** Matches the decoded path after /api/v10. */
  path?: RegExp | string;
  /** 429, 500, 502, 503... or 0 with `drop` for a reset connection. */
  status: number;
  /** How many matching requests fail (default 1). */
  times?: number;
  /** Seconds, for 429s (body retry_after and Retry-After header). */
  retryAfter?: number;
  global?: boolean;
  /** Perform the request, then answer with the error anyway (the response is "lost"): tests idempotency. */
  afterProcessing?: boolean;
  /** Destroy the socket instead of answering (network error). */
  drop?: boolean;
  /** Discord's JSON error code and message for a 4xx (e.g. 50013 "Missing Permissions"). */
  code?: number;
  message?: string;
}

export interface InteractionCallback {
  type: number;
  data: Record<string, unknown> | undefined;
  files: FakeAttachment[];
  at: number;
}

export interface InteractionRecord {
  id: string;
  token: string;
  type: number;
  guildId: string | null;
  channelId: string;
  userId: string;
  dispatchedAt: number;
  callbacks: InteractionCallback[];
  original: FakeMessage | null;
  followups: FakeMessage[];
  /** Every edit of @original, in order (content snapshots). */
  edits: Record<string, unknown>[];
  originalDeleted?: boolean;
}

export interface FakeDiscordOptions {
  token?: string;
  /** When false, IDENTIFY with a privileged intent (GuildMembers, GuildPresences, MessageContent) closes with 4014. */
  privilegedIntents?: boolean;
  /** Interactions not answered within this many ms get 10062 Unknown interaction (Discord: 3 s). */
  interactionDeadlineMs?: number;
  /** Window in which an enforced nonce returns the earlier message (Discord: a few minutes). */
  nonceWindowMs?: number;
  heartbeatIntervalMs?: number;
  /** Token the gateway accepts at IDENTIFY (default: `token`); a different one makes IDENTIFY close with 4004. */
  gatewayToken?: string;
  /** Shard count GET /gateway/bot recommends (default 1). Sessions identify with `shard: [id, count]`. */
  shards?: number;
}

/** The shard a guild's events go to, as Discord routes them: (guild_id >> 22) % shard count. */
export function shardOf(guildId: string, count: number): number {
  return count <= 1 ? 0 : Number((BigInt(guildId) >> 22n) % BigInt(count));
}

type GatewaySession = { ws: WebSocket; seq: number; shard: [number, number] };

const PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15);

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function iso(at = Date.now()): string {
  return new Date(at).toISOString();
}

function makeUser(username: string, opts: { bot?: boolean; id?: string } = {}): FakeUser {
  return {
    id: opts.id ?? snowflake(),
    username,
    global_name: opts.bot ? null : username,
    discriminator: '0',
    avatar: null,
    ...(opts.bot ? { bot: true } : {}),
  };
}

interface Route {
  method: string;
  re: RegExp;
  handle: (m: RegExpMatchArray, ctx: RequestContext) => unknown;
}

interface RequestContext {
  body: Record<string, unknown>;
  files: FakeAttachment[];
  query: URLSearchParams;
  auth: string | null;
  /** 204 instead of JSON. */
  noContent: boolean;
}

/** Options of a slash command, keyed by option name; a subcommand (group) goes in its own field. */
export interface SlashSpec {
  guildId?: string | null;
  channelId: string;
  user: FakeUser;
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  options?: Record<string, string | number | boolean>;
  /** Autocomplete: the option being typed. */
  focused?: string;
  /** Override the member's permissions (default: what the guild member has). */
  permissions?: bigint;
  /** Option types to send instead of the registered ones (a stale client's view of the command). */
  optionTypes?: Record<string, number>;
  /** Attachment options: uploaded to the fake's CDN, sent as the option's id with `resolved.attachments`. */
  attachments?: Record<string, { filename: string; data: Buffer }>;
}

export class InteractionHandle {
  constructor(
    private readonly fake: FakeDiscord,
    readonly record: InteractionRecord,
  ) {}
  get id(): string {
    return this.record.id;
  }
  /** Resolves with the first callback (reply, defer, modal, autocomplete result...). */
  async firstResponse(timeoutMs = 5000): Promise<InteractionCallback> {
    await this.fake.waitFor(() => this.record.callbacks.length > 0, timeoutMs, `a response to interaction ${this.id}`);
    return this.record.callbacks[0]!;
  }
  /** Content of the final visible answer: the reply, or the edited original after a defer (waits for it). */
  async answer(timeoutMs = 5000): Promise<FakeMessage> {
    await this.fake.waitFor(
      () => {
        const first = this.record.callbacks[0];
        if (!first) return false;
        if (first.type === 4 || first.type === 7) return true;
        if (first.type === 5 || first.type === 6)
          return this.record.edits.length > 0 || this.record.followups.length > 0;
        return true;
      },
      timeoutMs,
      `an answer to interaction ${this.id}`,
    );
    if (this.record.followups.length > 0 && this.record.edits.length === 0) return this.record.followups[0]!;
    if (!this.record.original) throw new Error(`interaction ${this.id} has no message answer`);
    return this.record.original;
  }
  get ephemeral(): boolean {
    return ((this.record.original?.flags ?? 0) & 64) !== 0;
  }
}

export class FakeDiscord extends EventEmitter {
  readonly token: string;
  readonly appId = snowflake();
  readonly botUser: FakeUser;
  readonly guilds = new Map<string, FakeGuild>();
  readonly dmChannels = new Map<string, FakeChannel>();
  readonly messages = new Map<string, FakeMessage[]>();
  readonly webhooks = new Map<string, FakeWebhook>();
  /** Public threads by id (a thread started from a message has that message's id); not in the guild's channel list. */
  readonly threads = new Map<string, FakeChannel>();
  readonly globalCommands: Record<string, unknown>[] = [];
  readonly guildCommands = new Map<string, Record<string, unknown>[]>();
  readonly interactions = new Map<string, InteractionRecord>();
  /** Messages removed through DELETE (notices that delete themselves, deleted replies). */
  readonly deletedMessages: FakeMessage[] = [];
  readonly requests: RecordedRequest[] = [];
  /** Attachment bytes served at /attachments/:id/:name (slash command uploads). */
  private readonly uploads = new Map<string, Buffer>();
  readonly gatewayLog: { op: number; t?: string | null; d?: unknown }[] = [];
  readonly faults: (FaultSpec & { remaining: number })[] = [];
  /** When true every REST request fails with a dropped connection (Discord unreachable). */
  offline = false;
  identifies = 0;
  private readonly options: Required<FakeDiscordOptions>;
  private server!: http.Server;
  private wss!: WebSocketServer;
  private readonly sockets = new Set<WebSocket>();
  private readonly sessions = new Set<GatewaySession>();
  private readonly routes: Route[] = [];
  private readonly nonces = new Map<string, { messageId: string; at: number }>();
  port = 0;

  private constructor(options: FakeDiscordOptions) {
    super();
    this.setMaxListeners(1000);
    this.options = {
      token: options.token ?? 'fake-token',
      privilegedIntents: options.privilegedIntents ?? true,
      interactionDeadlineMs: options.interactionDeadlineMs ?? 3000,
      nonceWindowMs: options.nonceWindowMs ?? 5 * 60_000,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      gatewayToken: options.gatewayToken ?? options.token ?? 'fake-token',
      shards: options.shards ?? 1,
    };
    this.token = this.options.token;
    this.botUser = makeUser('Smalltown', { bot: true });
    this.defineRoutes();
  }

  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const fake = new FakeDiscord(options);
    await fake.listen();
    return fake;
  }

  /** REST base for `new Client({ rest: { api } })` / DISCORD_API_URL. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  private async listen(): Promise<void> {
    this.server = http.createServer((req, res) => {
      void this.onHttp(req, res);
    });
    this.wss = new WebSocketServer({ noServer: true });
    this.server.on('upgrade', (req, socket, head) => {
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onGateway(ws));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    this.sockets.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---------------------------------------------------------------- world setup

  /** Adds a guild with the bot as a member; announced to connected sessions with GUILD_CREATE. */
  addGuild(name: string, opts: { owner?: FakeUser; id?: string } = {}): FakeGuild {
    const id = opts.id ?? snowflake();
    const owner = opts.owner ?? makeUser(`${name}-owner`);
    const guild: FakeGuild = {
      id,
      name,
      owner_id: owner.id,
      channels: new Map(),
      roles: [
        {
          id,
          name: '@everyone',
          permissions: String(MEMBER_PERMISSIONS),
          position: 0,
          color: 0,
          hoist: false,
          managed: false,
          mentionable: false,
          flags: 0,
        },
      ],
      members: new Map(),
    };
    this.guilds.set(id, guild);
    this.addMember(id, this.botUser, BOT_PERMISSIONS);
    this.addMember(id, owner, ADMIN_PERMISSIONS | Perm.Administrator);
    const general = this.createChannelRaw(guild, { name: 'general', type: 0, parent_id: null });
    guild.channels.set(general.id, general);
    for (const s of this.sessions)
      if (this.owns(s, guild.id)) this.dispatchTo(s, 'GUILD_CREATE', this.guildPayload(guild));
    return guild;
  }

  /** The bot is removed from a guild (kicked, or the guild deleted): GUILD_DELETE without `unavailable`. */
  removeGuild(guildId: string): void {
    this.mustGuild(guildId);
    this.guilds.delete(guildId);
    for (const [id, w] of this.webhooks) if (w.guild_id === guildId) this.webhooks.delete(id);
    this.broadcast('GUILD_DELETE', { id: guildId });
  }

  addUser(username: string): FakeUser {
    return makeUser(username);
  }

  addMember(guildId: string, user: FakeUser, permissions: bigint = MEMBER_PERMISSIONS): FakeMember {
    const guild = this.mustGuild(guildId);
    const member: FakeMember = {
      user,
      roles: [],
      nick: null,
      joined_at: iso(),
      deaf: false,
      mute: false,
      flags: 0,
      permissions,
    };
    guild.members.set(user.id, member);
    return member;
  }

  /** The first text channel named `name` in a guild. */
  channelByName(guildId: string, name: string): FakeChannel | undefined {
    return [...this.mustGuild(guildId).channels.values()].find((c) => c.name === name);
  }

  channelsOf(guildId: string): FakeChannel[] {
    return [...this.mustGuild(guildId).channels.values()];
  }

  messagesIn(channelId: string): FakeMessage[] {
    return this.messages.get(channelId) ?? [];
  }

  /** A user deletes a channel in the Discord UI: gone, its webhooks too, CHANNEL_DELETE dispatched. */
  deleteChannel(channelId: string): void {
    const { guild, channel } = this.mustGuildChannel(channelId);
    guild.channels.delete(channelId);
    for (const [id, w] of this.webhooks) if (w.channel_id === channelId) this.webhooks.delete(id);
    this.broadcast('CHANNEL_DELETE', channel);
  }

  /** A moderator deletes a thread: gone with its messages, THREAD_DELETE dispatched. */
  deleteThread(id: string): void {
    const t = this.threads.get(id);
    if (!t) throw new Error(`no thread ${id}`);
    this.threads.delete(id);
    this.messages.delete(id);
    this.broadcast('THREAD_DELETE', { id, guild_id: t.guild_id, parent_id: t.parent_id, type: t.type });
  }

  renameChannel(channelId: string, name: string): void {
    const { channel } = this.mustGuildChannel(channelId);
    channel.name = name;
    this.broadcast('CHANNEL_UPDATE', channel);
  }

  deleteWebhook(webhookId: string): void {
    this.webhooks.delete(webhookId);
  }

  /** Makes matching requests fail. */
  injectFault(spec: FaultSpec): void {
    this.faults.push({ ...spec, remaining: spec.times ?? 1 });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  // ---------------------------------------------------------------- waiting

  /** Resolves once `pred` holds (checked after every request and gateway event). */
  waitFor(pred: () => boolean, timeoutMs = 5000, what = 'a condition'): Promise<void> {
    if (pred()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (pred()) {
          cleanup();
          resolve();
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`fake discord: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const poll = setInterval(check, 20);
      const cleanup = () => {
        clearTimeout(timer);
        clearInterval(poll);
        this.off('change', check);
      };
      this.on('change', check);
    });
  }

  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  // ---------------------------------------------------------------- gateway dispatch helpers

  /** A slash command (or its autocomplete when `focused` is set). Uses the registered definition for option types. */
  slash(spec: SlashSpec): InteractionHandle {
    const guildId = spec.guildId === undefined ? this.guildOfChannel(spec.channelId) : spec.guildId;
    const def = this.findCommand(guildId, spec.name);
    const leafOptions = Object.entries(spec.options ?? {}).map(([name, value]) => ({
      name,
      type: spec.optionTypes?.[name] ?? this.optionType(def, spec, name, value),
      value,
      ...(spec.focused === name ? { focused: true } : {}),
    }));
    const resolvedAttachments: Record<string, unknown> = {};
    for (const [name, a] of Object.entries(spec.attachments ?? {})) {
      const id = snowflake();
      this.uploads.set(id, a.data);
      const url = `http://127.0.0.1:${this.port}/attachments/${id}/${encodeURIComponent(a.filename)}`;
      resolvedAttachments[id] = {
        id,
        filename: a.filename,
        size: a.data.length,
        url,
        proxy_url: url,
        content_type: 'application/octet-stream',
      };
      leafOptions.push({ name, type: 11, value: id });
    }
    let options: unknown[] = leafOptions;
    if (spec.subcommand) options = [{ name: spec.subcommand, type: 1, options }];
    if (spec.subcommandGroup) options = [{ name: spec.subcommandGroup, type: 2, options }];
    const data = {
      id: (def?.id as string | undefined) ?? snowflake(),
      name: spec.name,
      type: 1,
      options,
      ...(guildId ? { guild_id: guildId } : {}),
      resolved: Object.keys(resolvedAttachments).length > 0 ? { attachments: resolvedAttachments } : {},
    };
    return this.dispatchInteraction(spec.focused ? 4 : 2, data, spec, guildId);
  }

  button(spec: { channelId: string; user: FakeUser; customId: string; message: FakeMessage; permissions?: bigint }) {
    return this.dispatchInteraction(
      3,
      { custom_id: spec.customId, component_type: 2 },
      spec,
      this.guildOfChannel(spec.channelId),
      spec.message,
    );
  }

  select(spec: {
    channelId: string;
    user: FakeUser;
    customId: string;
    values: string[];
    message: FakeMessage;
    permissions?: bigint;
  }) {
    return this.dispatchInteraction(
      3,
      { custom_id: spec.customId, component_type: 3, values: spec.values },
      spec,
      this.guildOfChannel(spec.channelId),
      spec.message,
    );
  }

  modalSubmit(spec: {
    channelId: string;
    user: FakeUser;
    customId: string;
    fields: Record<string, string>;
    message?: FakeMessage;
    permissions?: bigint;
  }) {
    const components = Object.entries(spec.fields).map(([custom_id, value]) => ({
      type: 1,
      components: [{ type: 4, custom_id, value }],
    }));
    return this.dispatchInteraction(
      5,
      { custom_id: spec.customId, components },
      spec,
      this.guildOfChannel(spec.channelId),
      spec.message,
    );
  }

  /** A person starts a public thread in a text channel (THREAD_CREATE dispatched): people may, whatever the bot may. */
  userThread(channelId: string, name: string): FakeChannel {
    const ch = this.findChannel(channelId);
    if (ch?.type !== 0 || !ch.guild_id) throw new Error(`not a text channel: ${channelId}`);
    return this.addThread(ch, name, snowflake(), 4320);
  }

  private addThread(ch: FakeChannel, name: string, threadId: string, autoArchiveMinutes: number): FakeChannel {
    const thread: FakeChannel = {
      id: threadId,
      type: 11,
      name,
      guild_id: ch.guild_id,
      parent_id: ch.id,
      position: 0,
      permission_overwrites: [],
      thread_metadata: {
        archived: false,
        locked: false,
        auto_archive_duration: autoArchiveMinutes,
        archive_timestamp: iso(),
      },
    };
    this.threads.set(thread.id, thread);
    this.broadcast('THREAD_CREATE', { ...thread, newly_created: true });
    return thread;
  }

  /** A person types a message in a channel: stored and sent as MESSAGE_CREATE. */
  userMessage(spec: { channelId: string; user: FakeUser; content: string }): FakeMessage {
    const channel = this.findChannel(spec.channelId);
    if (!channel) throw new Error(`unknown channel ${spec.channelId}`);
    const msg = this.storeMessage(channel, spec.user, { content: spec.content }, []);
    return msg;
  }

  /** A direct message to the bot. */
  directMessage(user: FakeUser, content: string): FakeMessage {
    let dm = [...this.dmChannels.values()].find((c) => c.recipients?.[0]?.id === user.id);
    if (!dm) {
      dm = {
        id: snowflake(),
        type: 1,
        name: '',
        parent_id: null,
        position: 0,
        permission_overwrites: [],
        recipients: [user],
      };
      this.dmChannels.set(dm.id, dm);
    }
    return this.storeMessage(dm, user, { content }, []);
  }

  private dispatchInteraction(
    type: number,
    data: Record<string, unknown>,
    spec: { channelId: string; user: FakeUser; permissions?: bigint },
    guildId: string | null,
    message?: FakeMessage,
  ): InteractionHandle {
    const id = snowflake();
    const token = `itok_${id}_${Math.random().toString(36).slice(2)}`;
    const channel = this.findChannel(spec.channelId);
    if (!channel) throw new Error(`unknown channel ${spec.channelId}`);
    const record: InteractionRecord = {
      id,
      token,
      type,
      guildId,
      channelId: spec.channelId,
      userId: spec.user.id,
      dispatchedAt: Date.now(),
      callbacks: [],
      original: null,
      followups: [],
      edits: [],
    };
    this.interactions.set(id, record);
    const guild = guildId ? this.guilds.get(guildId) : undefined;
    const member = guild?.members.get(spec.user.id);
    const perms = spec.permissions ?? member?.permissions ?? MEMBER_PERMISSIONS;
    const payload: Record<string, unknown> = {
      id,
      application_id: this.appId,
      type,
      data,
      token,
      version: 1,
      locale: 'en-US',
      app_permissions: String(BOT_PERMISSIONS),
      entitlements: [],
      authorizing_integration_owners: guildId ? { '0': guildId } : { '1': spec.user.id },
      context: guildId ? 0 : 1,
      attachment_size_limit: 10 * 1024 * 1024,
      channel: { ...channel },
      channel_id: channel.id,
      ...(message ? { message: this.publicMessage(message) } : {}),
    };
    if (guildId) {
      payload.guild_id = guildId;
      payload.guild_locale = 'en-US';
      payload.member = {
        user: spec.user,
        roles: member?.roles ?? [],
        nick: null,
        joined_at: member?.joined_at ?? iso(),
        deaf: false,
        mute: false,
        flags: 0,
        permissions: String(perms),
      };
    } else {
      payload.user = spec.user;
    }
    this.broadcast('INTERACTION_CREATE', payload);
    return new InteractionHandle(this, record);
  }

  // ---------------------------------------------------------------- gateway

  private onGateway(ws: WebSocket): void {
    this.sockets.add(ws);
    const session: GatewaySession = { ws, seq: 0, shard: [0, 1] };
    ws.on('close', () => {
      this.sockets.delete(ws);
      this.sessions.delete(session);
    });
    const send = (p: Record<string, unknown>) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(p));
    };
    send({ op: 10, d: { heartbeat_interval: this.options.heartbeatIntervalMs }, s: null, t: null });
    ws.on('message', (raw) => {
      let msg: { op: number; d: Record<string, unknown> };
      try {
        msg = JSON.parse(String(raw));
      } catch {
        ws.close(4002, 'Decode error');
        return;
      }
      this.gatewayLog.push({ op: msg.op, d: msg.d });
      if (msg.op === 1) {
        send({ op: 11, d: null, s: null, t: null });
      } else if (msg.op === 2) {
        this.identifies++;
        const accepted = this.options.gatewayToken;
        if (msg.d.token !== accepted && msg.d.token !== `Bot ${accepted}`) {
          ws.close(4004, 'Authentication failed.');
          return;
        }
        if (!this.options.privilegedIntents && (Number(msg.d.intents) & PRIVILEGED_INTENTS) !== 0) {
          ws.close(4014, 'Disallowed intent(s).');
          return;
        }
        const shard = msg.d.shard as [number, number] | undefined;
        if (Array.isArray(shard) && shard.length === 2) session.shard = [Number(shard[0]), Number(shard[1])];
        this.sessions.add(session);
        const mine = [...this.guilds.keys()].filter((id) => this.owns(session, id));
        this.dispatchTo(session, 'READY', {
          v: 10,
          user: this.botUser,
          guilds: mine.map((id) => ({ id, unavailable: true })),
          session_id: `sess_${snowflake()}`,
          resume_gateway_url: `ws://127.0.0.1:${this.port}`,
          application: { id: this.appId, flags: 0 },
          shard: session.shard,
        });
        for (const id of mine) this.dispatchTo(session, 'GUILD_CREATE', this.guildPayload(this.mustGuild(id)));
      } else if (msg.op === 6) {
        // Resume is not supported: ask for a fresh identify.
        send({ op: 9, d: false, s: null, t: null });
      }
      this.emit('change');
    });
  }

  /** Whether a session's shard receives a guild's events (events without a guild go to shard 0). */
  private owns(session: GatewaySession, guildId: string | undefined): boolean {
    const [id, count] = session.shard;
    return guildId === undefined ? id === 0 : shardOf(guildId, count) === id;
  }

  /** Shards ([id, count]) currently identified, in id order. */
  get shardsConnected(): [number, number][] {
    return [...this.sessions].map((s) => s.shard).sort((a, b) => a[0] - b[0]);
  }

  private dispatchTo(session: GatewaySession, t: string, d: unknown): void {
    session.seq++;
    this.gatewayLog.push({ op: 0, t, d });
    if (session.ws.readyState === session.ws.OPEN) session.ws.send(JSON.stringify({ op: 0, t, s: session.seq, d }));
    this.emit('change');
  }

  private broadcast(t: string, d: unknown): void {
    const o = (d ?? {}) as { guild_id?: string; id?: string };
    const guildId = o.guild_id ?? (t.startsWith('GUILD_') ? o.id : undefined);
    for (const s of this.sessions) if (this.owns(s, guildId)) this.dispatchTo(s, t, d);
  }

  /** Close every gateway connection with a code (e.g. to test reconnects); only one shard's when given. */
  closeGateway(code = 4000, shardId?: number): void {
    if (shardId === undefined) {
      for (const ws of this.sockets) ws.close(code);
      return;
    }
    for (const s of this.sessions) if (s.shard[0] === shardId) s.ws.close(code);
  }

  private guildPayload(g: FakeGuild): Record<string, unknown> {
    return {
      id: g.id,
      name: g.name,
      unavailable: false,
      owner_id: g.owner_id,
      icon: null,
      features: [],
      member_count: g.members.size,
      large: false,
      joined_at: iso(),
      channels: [...g.channels.values()],
      threads: [],
      roles: g.roles,
      members: [...g.members.values()].map(({ permissions: _p, ...m }) => m),
      emojis: [],
      stickers: [],
      voice_states: [],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      preferred_locale: 'en-US',
      premium_tier: 0,
      system_channel_flags: 0,
      nsfw_level: 0,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      mfa_level: 0,
    };
  }

  // ---------------------------------------------------------------- REST

  private async onHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const prefix = url.pathname.match(/^\/api(?:\/v\d+)?/);
    const path = decodeURIComponent(prefix ? url.pathname.slice(prefix[0].length) : url.pathname);
    const method = (req.method ?? 'GET').toUpperCase();
    const auth = (req.headers.authorization as string | undefined) ?? null;
    const rec: RecordedRequest = {
      method,
      path,
      query: url.searchParams,
      auth,
      body: undefined,
      files: [],
      status: 0,
      at: Date.now(),
    };
    this.requests.push(rec);
    // The CDN: attachments of slash commands (no token needed, as on Discord's CDN).
    const upload = method === 'GET' && path.match(/^\/attachments\/(\d+)\//);
    if (upload) {
      const data = this.uploads.get(upload[1]!);
      rec.status = data ? 200 : 404;
      res.writeHead(rec.status, { 'Content-Type': 'application/octet-stream' });
      res.end(data ?? '');
      this.emit('change');
      return;
    }

    let ctx: RequestContext;
    try {
      ctx = await this.parseBody(req.headers['content-type'], raw, url.searchParams, auth);
      rec.body = ctx.body;
      rec.files = ctx.files.map((f) => ({ name: f.id, filename: f.filename, data: f.data }));
    } catch (e) {
      this.respond(res, rec, 400, { message: `Bad body: ${(e as Error).message}`, code: 50109 });
      return;
    }

    if (this.offline) {
      rec.status = 0;
      rec.fault = 'offline';
      req.socket.destroy();
      this.emit('change');
      return;
    }
    const fault = this.takeFault(method, path);
    if (fault && !fault.afterProcessing) {
      this.answerFault(req, res, rec, fault);
      return;
    }

    const route = this.routes.find((r) => r.method === method && r.re.test(path));
    if (!route) {
      this.respond(res, rec, 404, { message: `404: Not Found (${method} ${path})`, code: 0 });
      return;
    }
    const open = /^\/interactions\/|^\/webhooks\/\d+\/[^/]+/.test(path) || path === '/gateway';
    if (!open && auth !== `Bot ${this.token}`) {
      this.respond(res, rec, 401, { message: '401: Unauthorized', code: 0 });
      return;
    }
    try {
      const out = route.handle(path.match(route.re)!, ctx);
      if (fault) {
        this.answerFault(req, res, rec, fault);
        return;
      }
      if (out === undefined || ctx.noContent) this.respond(res, rec, 204, undefined);
      else this.respond(res, rec, 200, out);
    } catch (e) {
      if (e instanceof HttpError) this.respond(res, rec, e.status, { message: e.message, code: e.code });
      else this.respond(res, rec, 500, { message: `fake discord bug: ${(e as Error).stack}`, code: 0 });
    }
  }

  private takeFault(method: string, path: string): FaultSpec | undefined {
    const f = this.faults.find(
      (x) =>
        x.remaining > 0 &&
        (!x.method || x.method === method) &&
        (!x.path || (typeof x.path === 'string' ? path.startsWith(x.path) : x.path.test(path))),
    );
    if (!f) return undefined;
    f.remaining--;
    return f;
  }

  private answerFault(req: http.IncomingMessage, res: http.ServerResponse, rec: RecordedRequest, f: FaultSpec): void {
    rec.fault = f.drop ? 'drop' : String(f.status);
    if (f.drop) {
      rec.status = 0;
      req.socket.destroy();
      this.emit('change');
      return;
    }
    if (f.status === 429) {
      const retryAfter = f.retryAfter ?? 0.05;
      const headers: Record<string, string> = {
        'Retry-After': String(retryAfter),
        'X-RateLimit-Limit': '5',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset-After': String(retryAfter),
        'X-RateLimit-Scope': f.global ? 'global' : 'user',
      };
      if (f.global) headers['X-RateLimit-Global'] = 'true';
      this.respond(
        res,
        rec,
        429,
        { message: 'You are being rate limited.', retry_after: retryAfter, global: !!f.global, code: 0 },
        headers,
      );
      return;
    }
    this.respond(res, rec, f.status, { message: f.message ?? `${f.status}: injected server error`, code: f.code ?? 0 });
  }

  private respond(
    res: http.ServerResponse,
    rec: RecordedRequest,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    rec.status = status;
    if (body === undefined) {
      res.writeHead(status, headers);
      res.end();
    } else {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body, (_k, v) => (Buffer.isBuffer(v) ? undefined : v)));
    }
    this.emit('change');
  }

  private async parseBody(
    contentType: string | undefined,
    raw: Buffer,
    query: URLSearchParams,
    auth: string | null,
  ): Promise<RequestContext> {
    const ctx: RequestContext = { body: {}, files: [], query, auth, noContent: false };
    if (raw.length === 0) return ctx;
    if (contentType?.startsWith('multipart/form-data')) {
      const form = await new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: raw,
      }).formData();
      for (const [name, value] of form.entries()) {
        if (name === 'payload_json' && typeof value === 'string') ctx.body = JSON.parse(value);
        else if (typeof value !== 'string') {
          const data = Buffer.from(await value.arrayBuffer());
          const id = snowflake();
          ctx.files.push({
            id,
            filename: value.name,
            content_type: value.type || 'application/octet-stream',
            size: data.length,
            url: `http://127.0.0.1:${this.port}/attachments/${id}/${value.name}`,
            proxy_url: `http://127.0.0.1:${this.port}/attachments/${id}/${value.name}`,
            data,
          });
        }
      }
      return ctx;
    }
    ctx.body = JSON.parse(raw.toString('utf8'));
    return ctx;
  }

  private defineRoutes(): void {
    const r = (method: string, re: RegExp, handle: Route['handle']) => this.routes.push({ method, re, handle });
    const id = '(\\d+)';

    r('GET', /^\/gateway\/bot$/, () => ({
      url: `ws://127.0.0.1:${this.port}`,
      shards: this.options.shards,
      session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 },
    }));
    r('GET', /^\/gateway$/, () => ({ url: `ws://127.0.0.1:${this.port}` }));
    r('GET', /^\/users\/@me$/, () => this.botUser);
    r('GET', /^\/applications\/@me$/, () => ({ id: this.appId, name: 'Smalltown', flags: 0, bot: this.botUser }));

    // Application commands (bulk overwrite replaces the whole set, as Discord does).
    r('PUT', new RegExp(`^/applications/${id}/commands$`), (_m, ctx) => {
      const list = this.assignCommandIds(ctx.body as unknown as Record<string, unknown>[], null);
      this.globalCommands.splice(0, this.globalCommands.length, ...list);
      return list;
    });
    r('GET', new RegExp(`^/applications/${id}/commands$`), () => this.globalCommands);
    r('PUT', new RegExp(`^/applications/${id}/guilds/${id}/commands$`), (m, ctx) => {
      const guildId = m[2]!;
      // As Discord: an application that is not in the guild (not invited yet, or a wrong id) gets Missing Access.
      if (!this.guilds.has(guildId)) throw new HttpError(403, 50001, 'Missing Access');
      const list = this.assignCommandIds(ctx.body as unknown as Record<string, unknown>[], guildId);
      this.guildCommands.set(guildId, list);
      return list;
    });
    r('GET', new RegExp(`^/applications/${id}/guilds/${id}/commands$`), (m) => this.guildCommands.get(m[2]!) ?? []);

    // Guilds and channels.
    r('GET', new RegExp(`^/guilds/${id}$`), (m) => this.guildPayload(this.mustGuildOr404(m[1]!)));
    r('GET', new RegExp(`^/guilds/${id}/channels$`), (m) => [...this.mustGuildOr404(m[1]!).channels.values()]);
    r('POST', new RegExp(`^/guilds/${id}/channels$`), (m, ctx) => {
      const guild = this.mustGuildOr404(m[1]!);
      const b = ctx.body;
      if (typeof b.name !== 'string' || b.name.length < 1 || b.name.length > 100)
        throw new HttpError(400, 50035, 'Invalid Form Body (name)');
      const parent = (b.parent_id as string | undefined) ?? null;
      if (parent && !guild.channels.has(parent)) throw new HttpError(400, 50035, 'Invalid Form Body (parent_id)');
      const ch = this.createChannelRaw(guild, {
        name: b.type === 4 ? b.name : b.name.toLowerCase().replace(/\s+/g, '-'),
        type: Number(b.type ?? 0),
        parent_id: parent,
        topic: (b.topic as string | undefined) ?? null,
      });
      guild.channels.set(ch.id, ch);
      this.broadcast('CHANNEL_CREATE', ch);
      return ch;
    });
    r('GET', new RegExp(`^/guilds/${id}/members/${id}$`), (m) => {
      const member = this.mustGuildOr404(m[1]!).members.get(m[2]!);
      if (!member) throw new HttpError(404, 10007, 'Unknown Member');
      const { permissions: _p, ...rest } = member;
      return rest;
    });
    r('GET', new RegExp(`^/guilds/${id}/roles$`), (m) => this.mustGuildOr404(m[1]!).roles);
    r('GET', new RegExp(`^/guilds/${id}/webhooks$`), (m) =>
      [...this.webhooks.values()].filter((w) => w.guild_id === m[1]),
    );
    r('GET', new RegExp(`^/channels/${id}$`), (m) => this.channelOr404(m[1]!));
    r('PATCH', new RegExp(`^/channels/${id}$`), (m, ctx) => {
      const ch = this.channelOr404(m[1]!);
      if (typeof ctx.body.name === 'string') ch.name = ctx.body.name;
      if ('topic' in ctx.body) ch.topic = (ctx.body.topic as string | null) ?? null;
      if ('parent_id' in ctx.body) ch.parent_id = (ctx.body.parent_id as string | null) ?? null;
      this.broadcast('CHANNEL_UPDATE', ch);
      return ch;
    });
    r('DELETE', new RegExp(`^/channels/${id}$`), (m) => {
      const ch = this.channelOr404(m[1]!);
      this.deleteChannel(ch.id);
      return ch;
    });

    // Messages.
    r('POST', new RegExp(`^/channels/${id}/messages$`), (m, ctx) => {
      const ch = this.channelOr404(m[1]!);
      const b = ctx.body;
      this.validateMessageBody(b, ctx.files);
      if (b.nonce !== undefined && b.enforce_nonce) {
        const key = `${ch.id}:${this.botUser.id}:${String(b.nonce)}`;
        const prior = this.nonces.get(key);
        if (prior && Date.now() - prior.at < this.options.nonceWindowMs) {
          const existing = this.messagesIn(ch.id).find((x) => x.id === prior.messageId);
          if (existing) return this.publicMessage(existing);
        }
        const msg = this.storeMessage(ch, this.botUser, b, ctx.files);
        this.nonces.set(key, { messageId: msg.id, at: Date.now() });
        return this.publicMessage(msg);
      }
      return this.publicMessage(this.storeMessage(ch, this.botUser, b, ctx.files));
    });
    r('GET', new RegExp(`^/channels/${id}/messages$`), (m, ctx) => {
      const ch = this.channelOr404(m[1]!);
      const limit = Math.min(100, Number(ctx.query.get('limit') ?? 50));
      const after = ctx.query.get('after');
      const before = ctx.query.get('before');
      let list = [...this.messagesIn(ch.id)];
      if (after) list = list.filter((x) => BigInt(x.id) > BigInt(after)).slice(0, limit);
      else if (before) list = list.filter((x) => BigInt(x.id) < BigInt(before)).slice(-limit);
      else list = list.slice(-limit);
      return list.reverse().map((x) => this.publicMessage(x));
    });
    r('GET', new RegExp(`^/channels/${id}/messages/${id}$`), (m) => {
      const msg = this.messagesIn(m[1]!).find((x) => x.id === m[2]);
      if (!msg) throw new HttpError(404, 10008, 'Unknown Message');
      return this.publicMessage(msg);
    });
    r('PATCH', new RegExp(`^/channels/${id}/messages/${id}$`), (m, ctx) => {
      const msg = this.messagesIn(m[1]!).find((x) => x.id === m[2]);
      if (!msg) throw new HttpError(404, 10008, 'Unknown Message');
      this.applyEdit(msg, ctx.body, ctx.files);
      return this.publicMessage(msg);
    });
    r('DELETE', new RegExp(`^/channels/${id}/messages/${id}$`), (m) => {
      const list = this.messagesIn(m[1]!);
      const at = list.findIndex((x) => x.id === m[2]);
      if (at < 0) throw new HttpError(404, 10008, 'Unknown Message');
      const [gone] = list.splice(at, 1);
      this.deletedMessages.push(gone!);
      this.broadcast('MESSAGE_DELETE', { id: m[2], channel_id: m[1], guild_id: gone!.guild_id });
      return undefined;
    });
    r('POST', new RegExp(`^/channels/${id}/typing$`), (m) => {
      this.channelOr404(m[1]!);
      return undefined;
    });
    r('POST', /^\/users\/@me\/channels$/, (_m, ctx) => {
      const recipient = String(ctx.body.recipient_id);
      let dm = [...this.dmChannels.values()].find((c) => c.recipients?.[0]?.id === recipient);
      if (!dm) {
        const user = this.findUser(recipient) ?? makeUser('someone', { id: recipient });
        dm = {
          id: snowflake(),
          type: 1,
          name: '',
          parent_id: null,
          position: 0,
          permission_overwrites: [],
          recipients: [user],
        };
        this.dmChannels.set(dm.id, dm);
      }
      return dm;
    });

    // Threads (https://discord.com/developers/docs/resources/channel#start-thread-from-message): a public thread
    // (type 11) of a text channel, named 1..100 characters; started from a message it takes that message's id.
    const startThread = (ch: FakeChannel, body: Record<string, unknown>, threadId: string): FakeChannel => {
      if (ch.type !== 0 || !ch.guild_id) throw new HttpError(400, 50024, 'Cannot execute action on this channel type');
      const me = this.guilds.get(ch.guild_id)?.members.get(this.botUser.id);
      if (!me || (me.permissions & Perm.CreatePublicThreads) === 0n)
        throw new HttpError(403, 50013, 'Missing Permissions');
      const name = typeof body.name === 'string' ? body.name : '';
      if (name.length < 1 || name.length > 100) throw new HttpError(400, 50035, 'Invalid Form Body (name)');
      if (this.threads.has(threadId))
        throw new HttpError(400, 160004, 'A thread has already been created for this message');
      return this.addThread(ch, name, threadId, Number(body.auto_archive_duration ?? 4320));
    };
    r('POST', new RegExp(`^/channels/${id}/messages/${id}/threads$`), (m, ctx) => {
      const ch = this.channelOr404(m[1]!);
      const msg = this.messagesIn(ch.id).find((x) => x.id === m[2]);
      if (!msg) throw new HttpError(404, 10008, 'Unknown Message');
      return startThread(ch, ctx.body, msg.id);
    });
    r('POST', new RegExp(`^/channels/${id}/threads$`), (m, ctx) =>
      startThread(this.channelOr404(m[1]!), ctx.body, snowflake()),
    );

    // Webhooks.
    r('POST', new RegExp(`^/channels/${id}/webhooks$`), (m, ctx) => {
      const ch = this.channelOr404(m[1]!);
      if (!ch.guild_id) throw new HttpError(400, 50035, 'DM channels have no webhooks');
      const name = String(ctx.body.name ?? '');
      if (name.length < 1 || name.length > 80 || /clyde|discord/i.test(name))
        throw new HttpError(400, 50035, 'Invalid Form Body (name)');
      const hook: FakeWebhook = {
        id: snowflake(),
        token: `whtok_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`,
        type: 1,
        channel_id: ch.id,
        guild_id: ch.guild_id,
        name,
        avatar: null,
        application_id: this.appId,
        user: this.botUser,
      };
      this.webhooks.set(hook.id, hook);
      return hook;
    });
    r('GET', new RegExp(`^/channels/${id}/webhooks$`), (m) => {
      this.channelOr404(m[1]!);
      return [...this.webhooks.values()].filter((w) => w.channel_id === m[1]);
    });
    r('GET', new RegExp(`^/webhooks/${id}$`), (m) => this.webhookOr404(m[1]!));
    r('GET', new RegExp(`^/webhooks/${id}/([^/]+)$`), (m) => this.webhookOr404(m[1]!, m[2]!));
    r('DELETE', new RegExp(`^/webhooks/${id}$`), (m) => {
      this.webhookOr404(m[1]!);
      this.webhooks.delete(m[1]!);
      return undefined;
    });
    r('DELETE', new RegExp(`^/webhooks/${id}/([^/]+)$`), (m) => {
      this.webhookOr404(m[1]!, m[2]!);
      this.webhooks.delete(m[1]!);
      return undefined;
    });
    // Execute: either an interaction follow-up (application id + interaction token) or a channel webhook.
    r('POST', new RegExp(`^/webhooks/${id}/([^/]+)$`), (m, ctx) => {
      const interaction = this.interactionByToken(m[2]!);
      if (interaction) {
        this.checkInteractionAlive(interaction, 15 * 60_000);
        if (interaction.callbacks.length === 0) throw new HttpError(404, 10015, 'Unknown Webhook');
        const ch = this.findChannel(interaction.channelId)!;
        const msg = this.makeMessage(ch, this.botUser, ctx.body, ctx.files);
        msg.interactionId = interaction.id;
        interaction.followups.push(msg);
        if (!(msg.flags & 64)) this.appendMessage(ch, msg);
        return this.publicMessage(msg);
      }
      const hook = this.webhookOr404(m[1]!, m[2]!);
      let ch = this.channelOr404(hook.channel_id);
      const threadId = ctx.query.get('thread_id');
      if (threadId) {
        // Only a thread of the webhook's own channel; an archived one is unarchived by the post, a locked one refuses.
        const thread = this.threads.get(threadId);
        if (!thread || thread.parent_id !== ch.id) throw new HttpError(400, 10003, 'Unknown Channel');
        if (thread.thread_metadata?.locked) throw new HttpError(403, 50083, 'Thread is locked');
        if (thread.thread_metadata?.archived) thread.thread_metadata.archived = false;
        ch = thread;
      }
      this.validateMessageBody(ctx.body, ctx.files);
      const username = (ctx.body.username as string | undefined) ?? hook.name;
      if (username.length < 1 || username.length > 80 || /clyde|discord/i.test(username))
        throw new HttpError(400, 50035, 'Invalid Form Body (username)');
      const author: FakeUser = {
        id: hook.id,
        username,
        global_name: null,
        discriminator: '0000',
        avatar: (ctx.body.avatar_url as string | undefined) ?? null,
        bot: true,
      };
      const msg = this.storeMessage(ch, author, ctx.body, ctx.files, hook.id);
      return ctx.query.get('wait') === 'true' ? this.publicMessage(msg) : undefined;
    });
    r('GET', new RegExp(`^/webhooks/${id}/([^/]+)/messages/([^/]+)$`), (m) => this.webhookMessage(m[2]!, m[3]!));
    r('PATCH', new RegExp(`^/webhooks/${id}/([^/]+)/messages/([^/]+)$`), (m, ctx) => {
      const msg = this.webhookMessage(m[2]!, m[3]!);
      this.applyEdit(msg, ctx.body, ctx.files);
      const interaction = this.interactionByToken(m[2]!);
      if (interaction && m[3] === '@original') {
        interaction.edits.push({ ...ctx.body });
        if (!(msg.flags & 64) && !this.messagesIn(msg.channel_id).includes(msg)) {
          this.appendMessage(this.findChannel(msg.channel_id)!, msg);
        }
      }
      return this.publicMessage(msg);
    });
    r('DELETE', new RegExp(`^/webhooks/${id}/([^/]+)/messages/([^/]+)$`), (m) => {
      const msg = this.webhookMessage(m[2]!, m[3]!);
      const list = this.messagesIn(msg.channel_id);
      const at = list.indexOf(msg);
      if (at >= 0) list.splice(at, 1);
      this.deletedMessages.push(msg);
      const interaction = this.interactionByToken(m[2]!);
      if (interaction && m[3] === '@original') interaction.originalDeleted = true;
      return undefined;
    });

    // Interaction callbacks.
    r('POST', new RegExp(`^/interactions/${id}/([^/]+)/callback$`), (m, ctx) => {
      const interaction = this.interactions.get(m[1]!);
      if (!interaction || interaction.token !== m[2]) throw new HttpError(404, 10062, 'Unknown interaction');
      this.checkInteractionAlive(interaction, this.options.interactionDeadlineMs);
      if (interaction.callbacks.length > 0)
        throw new HttpError(400, 40060, 'Interaction has already been acknowledged.');
      const type = Number(ctx.body.type);
      const data = ctx.body.data as Record<string, unknown> | undefined;
      interaction.callbacks.push({ type, data, files: ctx.files, at: Date.now() });
      const ch = this.findChannel(interaction.channelId)!;
      let message: FakeMessage | null = null;
      if (type === 4 || type === 5) {
        message = this.makeMessage(
          ch,
          this.botUser,
          type === 4 ? (data ?? {}) : { flags: data?.flags ?? 0 },
          ctx.files,
        );
        if (type === 5) message.flags |= 128; // loading
        message.interactionId = interaction.id;
        interaction.original = message;
        if (!(message.flags & 64) && type === 4) this.appendMessage(ch, message);
      } else if (type === 6) {
        // Deferred update: @original is the message that carries the component.
        const source = this.findMessageForComponent(interaction);
        if (source) interaction.original = source;
      } else if (type === 7) {
        const source = this.findMessageForComponent(interaction);
        if (source) {
          this.applyEdit(source, data ?? {}, ctx.files);
          interaction.original = source;
        }
      }
      if (ctx.query.get('with_response') === 'true') {
        return {
          interaction: { id: interaction.id, type: interaction.type },
          resource: { type, ...(message ? { message: this.publicMessage(message) } : {}) },
        };
      }
      ctx.noContent = true;
      return undefined;
    });
  }

  // ---------------------------------------------------------------- helpers

  private assignCommandIds(list: Record<string, unknown>[], guildId: string | null): Record<string, unknown>[] {
    if (!Array.isArray(list)) throw new HttpError(400, 50035, 'Invalid Form Body');
    const names = new Set<string>();
    return list.map((c) => {
      if (typeof c.name !== 'string' || !/^[-_\p{L}\p{N}]{1,32}$/u.test(c.name) || c.name !== c.name.toLowerCase())
        throw new HttpError(400, 50035, `Invalid command name ${String(c.name)}`);
      if (names.has(c.name)) throw new HttpError(400, 50035, `Duplicate command name ${c.name}`);
      names.add(c.name);
      if (typeof c.description === 'string' && c.description.length > 100)
        throw new HttpError(400, 50035, `Description too long in ${c.name}`);
      return {
        ...c,
        id: snowflake(),
        application_id: this.appId,
        version: snowflake(),
        ...(guildId ? { guild_id: guildId } : {}),
      };
    });
  }

  private findCommand(guildId: string | null, name: string): Record<string, unknown> | undefined {
    return (
      (guildId ? this.guildCommands.get(guildId)?.find((c) => c.name === name) : undefined) ??
      this.globalCommands.find((c) => c.name === name)
    );
  }

  /** Option type from the registered definition, else inferred from the value. */
  private optionType(
    def: Record<string, unknown> | undefined,
    spec: SlashSpec,
    name: string,
    value: string | number | boolean,
  ): number {
    type Opt = { name: string; type: number; options?: Opt[] };
    let opts = (def?.options as Opt[] | undefined) ?? [];
    if (spec.subcommandGroup) opts = opts.find((o) => o.name === spec.subcommandGroup)?.options ?? [];
    if (spec.subcommand) opts = opts.find((o) => o.name === spec.subcommand)?.options ?? [];
    const found = opts.find((o) => o.name === name);
    if (found) return found.type;
    if (typeof value === 'boolean') return 5;
    if (typeof value === 'number') return Number.isInteger(value) ? 4 : 10;
    return 3;
  }

  private validateMessageBody(b: Record<string, unknown>, files: FakeAttachment[]): void {
    const content = typeof b.content === 'string' ? b.content : '';
    if (content.length > 2000)
      throw new HttpError(400, 50035, 'Invalid Form Body (content: Must be 2000 or fewer in length.)');
    const hasEmbeds = Array.isArray(b.embeds) && b.embeds.length > 0;
    const hasComponents = Array.isArray(b.components) && b.components.length > 0;
    if (!content && !hasEmbeds && files.length === 0 && !hasComponents)
      throw new HttpError(400, 50006, 'Cannot send an empty message');
  }

  private makeMessage(
    ch: FakeChannel,
    author: FakeUser,
    b: Record<string, unknown>,
    files: FakeAttachment[],
    webhookId?: string,
  ): FakeMessage {
    return {
      id: snowflake(),
      type: 0,
      channel_id: ch.id,
      ...(ch.guild_id ? { guild_id: ch.guild_id } : {}),
      author,
      content: typeof b.content === 'string' ? b.content : '',
      timestamp: iso(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: files.map(({ data: _d, ...a }) => a),
      embeds: (b.embeds as unknown[] | undefined) ?? [],
      components: (b.components as unknown[] | undefined) ?? [],
      pinned: false,
      flags: Number(b.flags ?? 0),
      ...(b.nonce !== undefined ? { nonce: b.nonce as string } : {}),
      ...(webhookId ? { webhook_id: webhookId } : {}),
      allowed_mentions: b.allowed_mentions,
      files,
    };
  }

  private storeMessage(
    ch: FakeChannel,
    author: FakeUser,
    b: Record<string, unknown>,
    files: FakeAttachment[],
    webhookId?: string,
  ): FakeMessage {
    const msg = this.makeMessage(ch, author, b, files, webhookId);
    this.appendMessage(ch, msg);
    return msg;
  }

  private appendMessage(ch: FakeChannel, msg: FakeMessage): void {
    const list = this.messages.get(ch.id) ?? [];
    list.push(msg);
    this.messages.set(ch.id, list);
    // Discord sends channel_type with MESSAGE_CREATE; discord.js needs it to build an uncached DM channel.
    const payload: Record<string, unknown> = { ...this.publicMessage(msg), channel_type: ch.type };
    if (ch.guild_id) {
      const member = this.guilds.get(ch.guild_id)?.members.get(msg.author.id);
      if (member)
        payload.member = { roles: member.roles, joined_at: member.joined_at, deaf: false, mute: false, flags: 0 };
    }
    this.broadcast('MESSAGE_CREATE', payload);
  }

  private applyEdit(msg: FakeMessage, b: Record<string, unknown>, files: FakeAttachment[]): void {
    if (typeof b.content === 'string') msg.content = b.content;
    if (Array.isArray(b.embeds)) msg.embeds = b.embeds;
    if (Array.isArray(b.components)) msg.components = b.components;
    if (b.allowed_mentions !== undefined) msg.allowed_mentions = b.allowed_mentions;
    if (files.length > 0 || Array.isArray(b.attachments)) {
      const keep = Array.isArray(b.attachments)
        ? msg.files.filter((f) => (b.attachments as { id: string }[]).some((a) => a.id === f.id))
        : msg.files;
      msg.files = [...keep, ...files];
      msg.attachments = msg.files.map(({ data: _d, ...a }) => a);
    }
    msg.flags &= ~128;
    msg.edited_timestamp = iso();
  }

  /** The message object Discord would return (no test-only fields). */
  publicMessage(msg: FakeMessage): Record<string, unknown> {
    const { files: _f, allowed_mentions: _a, interactionId: _i, ...rest } = msg;
    return rest;
  }

  private webhookMessage(token: string, messageId: string): FakeMessage {
    const interaction = this.interactionByToken(token);
    if (interaction) {
      this.checkInteractionAlive(interaction, 15 * 60_000);
      if (messageId === '@original') {
        if (!interaction.original) throw new HttpError(404, 10008, 'Unknown Message');
        return interaction.original;
      }
      const f = interaction.followups.find((x) => x.id === messageId);
      if (!f) throw new HttpError(404, 10008, 'Unknown Message');
      return f;
    }
    const hook = [...this.webhooks.values()].find((w) => w.token === token);
    if (!hook) throw new HttpError(404, 10015, 'Unknown Webhook');
    const msg = this.messagesIn(hook.channel_id).find((x) => x.id === messageId && x.webhook_id === hook.id);
    if (!msg) throw new HttpError(404, 10008, 'Unknown Message');
    return msg;
  }

  private findMessageForComponent(interaction: InteractionRecord): FakeMessage | undefined {
    const payload = this.gatewayLog.find(
      (e) => e.t === 'INTERACTION_CREATE' && (e.d as { id: string }).id === interaction.id,
    )?.d as { message?: { id: string } } | undefined;
    if (!payload?.message) return undefined;
    const id = payload.message.id;
    for (const list of this.messages.values()) {
      const found = list.find((x) => x.id === id);
      if (found) return found;
    }
    for (const rec of this.interactions.values()) {
      if (rec.original?.id === id) return rec.original;
      const f = rec.followups.find((x) => x.id === id);
      if (f) return f;
    }
    return undefined;
  }

  private checkInteractionAlive(interaction: InteractionRecord, deadlineMs: number): void {
    if (Date.now() - interaction.dispatchedAt > deadlineMs) throw new HttpError(404, 10062, 'Unknown interaction');
  }

  interactionByToken(token: string): InteractionRecord | undefined {
    for (const rec of this.interactions.values()) if (rec.token === token) return rec;
    return undefined;
  }

  private createChannelRaw(
    guild: FakeGuild,
    o: { name: string; type: number; parent_id: string | null; topic?: string | null },
  ): FakeChannel {
    return {
      id: snowflake(),
      type: o.type,
      name: o.name,
      guild_id: guild.id,
      parent_id: o.parent_id,
      position: guild.channels.size,
      topic: o.topic ?? null,
      permission_overwrites: [],
    };
  }

  findChannel(id: string): FakeChannel | undefined {
    for (const g of this.guilds.values()) {
      const c = g.channels.get(id);
      if (c) return c;
    }
    return this.dmChannels.get(id) ?? this.threads.get(id);
  }

  /** Discord archives a thread after its auto-archive duration of quiet (tests call it to stand for that). */
  archiveThread(id: string, opts: { locked?: boolean } = {}): void {
    const t = this.threads.get(id);
    if (!t?.thread_metadata) throw new Error(`no thread ${id}`);
    t.thread_metadata.archived = true;
    if (opts.locked) t.thread_metadata.locked = true;
  }

  private findUser(id: string): FakeUser | undefined {
    for (const g of this.guilds.values()) {
      const m = g.members.get(id);
      if (m) return m.user;
    }
    return undefined;
  }

  private guildOfChannel(channelId: string): string | null {
    return this.findChannel(channelId)?.guild_id ?? null;
  }

  private channelOr404(id: string): FakeChannel {
    const c = this.findChannel(id);
    if (!c) throw new HttpError(404, 10003, 'Unknown Channel');
    return c;
  }

  private webhookOr404(id: string, token?: string): FakeWebhook {
    const w = this.webhooks.get(id);
    if (!w || (token !== undefined && w.token !== token)) throw new HttpError(404, 10015, 'Unknown Webhook');
    return w;
  }

  private mustGuild(id: string): FakeGuild {
    const g = this.guilds.get(id);
    if (!g) throw new Error(`unknown guild ${id}`);
    return g;
  }

  private mustGuildOr404(id: string): FakeGuild {
    const g = this.guilds.get(id);
    if (!g) throw new HttpError(404, 10004, 'Unknown Guild');
    return g;
  }

  private mustGuildChannel(channelId: string): { guild: FakeGuild; channel: FakeChannel } {
    for (const guild of this.guilds.values()) {
      const channel = guild.channels.get(channelId);
      if (channel) return { guild, channel };
    }
    throw new Error(`unknown channel ${channelId}`);
  }
}

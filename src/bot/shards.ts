// Discord sharding: SHARD_COUNT=auto asks Discord (GET /gateway/bot on DISCORD_API_URL) how many shards the bot
// needs; more than one and `npm start` becomes a discord.js ShardingManager that runs one bot process per shard
// (src/main.ts again, told its shard by discord.js's SHARDS / SHARD_COUNT variables). Discord routes each guild's
// events to one shard ((guild_id >> 22) % shards), so a shard process links, delivers the outboxes of, and
// answers the interactions of its own guilds only. deploy-commands is unchanged (commands are per application).

import { fileURLToPath } from 'node:url';
import { ShardingManager } from 'discord.js';

/**
 * In a shard process: messages to the manager fail once it is gone (it exited first, or is exiting); they are only
 * status reports, so that must not end the shard's own shutdown half-way.
 */
export function tolerateManagerGone(): void {
  process.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'ERR_IPC_CHANNEL_CLOSED') throw e;
  });
}

/** Whether this process is one shard spawned by the manager. */
export function isShardProcess(env: Record<string, string | undefined> = process.env): boolean {
  return env.SHARDS !== undefined;
}

/** This process's shard id (0 when not sharded), for metrics ports and logs. */
export function shardId(env: Record<string, string | undefined> = process.env): number {
  return env.SHARDS !== undefined ? Number(JSON.parse(env.SHARDS)) || 0 : 0;
}

/** SHARD_COUNT resolved: a number as is; auto asks Discord for its recommendation (at least 1). */
export async function resolveShardCount(opts: {
  shardCount: 'auto' | number;
  token: string;
  apiUrl: string;
  fetchImpl?: typeof fetch;
}): Promise<number> {
  if (opts.shardCount !== 'auto') return opts.shardCount;
  const res = await (opts.fetchImpl ?? fetch)(`${opts.apiUrl.replace(/\/$/, '')}/v10/gateway/bot`, {
    headers: { Authorization: `Bot ${opts.token.replace(/^Bot\s*/i, '')}` },
  });
  if (!res.ok) throw new Error(`GET /gateway/bot answered ${res.status}`);
  const body = (await res.json()) as { shards?: number };
  return Math.max(1, Number(body.shards) || 1);
}

export interface ShardManagerHandle {
  manager: ShardingManager;
  stop(): Promise<void>;
}

/** Spawns `count` bot processes (src/main.ts), respawning a shard whose process exits. */
export async function startShardManager(opts: {
  count: number;
  token: string;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** The entry each shard runs (default src/main.ts). */
  file?: string;
}): Promise<ShardManagerHandle> {
  const file = opts.file ?? fileURLToPath(new URL('../main.ts', import.meta.url));
  const manager = new ShardingManager(file, {
    totalShards: opts.count,
    token: opts.token,
    mode: 'process',
    respawn: true,
    // Shards run with the heap settings the manager got from `npm start` (package.json), and TypeScript via tsx.
    execArgv: [
      ...process.execArgv.filter((a) => /^--(heap-growing-percent|max-old-space-size)=/.test(a)),
      '--import',
      'tsx',
    ],
  });
  manager.on('shardCreate', (shard) => {
    opts.log.info({ shard: shard.id, of: opts.count }, 'shard process started');
    shard.on('death', () => {
      if (manager.respawn) opts.log.warn({ shard: shard.id }, 'shard process exited; respawning');
      else opts.log.info({ shard: shard.id }, 'shard process stopped');
    });
  });
  // Each shard reports ready when its client is; -1: no timeout on a slow machine.
  await manager.spawn({ amount: opts.count, delay: 1_000, timeout: -1 });
  return {
    manager,
    async stop() {
      manager.respawn = false;
      // SIGTERM each shard and wait for it to finish its own shutdown (towns closed, usage flushed) before this
      // process exits and closes their IPC channels.
      await Promise.all(
        [...manager.shards.values()].map(async (shard) => {
          const child = shard.process;
          if (!child || child.exitCode !== null) return;
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
          if (child.exitCode === null) child.kill('SIGKILL');
        }),
      );
    },
  };
}

// Discord sharding end to end: `npm start` (src/main.ts) with SHARD_COUNT=auto against a local Discord that
// recommends 2 shards runs a shard manager and two bot processes. Each shard gets only its own guilds, links their
// towns and delivers their outboxes; towns tick on the queue's workers (here: the worker's job function, called by
// the test). A shard whose gateway connection drops identifies again and its guild's posts keep arriving.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { TownService } from '../../src/town/service.ts';
import { runTickJob } from '../../src/worker/tick-job.ts';
import { TownLocks } from '../../src/worker/town-lock.ts';
import { WorkerTowns } from '../../src/worker/towns.ts';
import { FakeDiscord, shardOf, snowflake } from '../support/fake-discord.ts';
import { openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { offlineKit } from '../support/worker-town.ts';

describe('the bot in two shard processes', () => {
  let fake: FakeDiscord;
  let db: TestDb;
  let store: PrismaTownStore;
  let towns: WorkerTowns;
  let locks: TownLocks;
  let proc: ChildProcess | null = null;
  const logs: Record<string, unknown>[] = [];
  const guildOf: string[] = [];

  beforeAll(async () => {
    fake = await FakeDiscord.start({ shards: 2 });
    // One guild on each shard: a snowflake's shard comes from its timestamp, so ids a millisecond apart alternate.
    const base = Date.now();
    for (let i = 0; !guildOf[0] || !guildOf[1]; i++) {
      const g = fake.addGuild(`guild ${i}`, { id: snowflake(base + i) });
      const s = shardOf(g.id, 2);
      if (!guildOf[s]) guildOf[s] = g.id;
      if (i > 50) throw new Error('no guild landed on one of the shards');
    }
    db = await openTestDb('postgresql');
    store = new PrismaTownStore(db.prisma);
    locks = new TownLocks(db.url, { owner: 'test-worker' });
    towns = new WorkerTowns({ store, kit: offlineKit(), owner: 'test-worker', locks });
    for (const g of guildOf)
      await TownService.create(
        { store, kit: offlineKit(), owner: 'setup' },
        { id: `guild-${g}`, scope: g, file: tinyTown(), seed: 1 },
      );
  });
  afterAll(async () => {
    // SIGTERM: the manager stops its shard processes before exiting.
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc?.once('exit', r));
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      proc.kill('SIGKILL');
    }
    await locks?.close();
    await db?.dispose();
    await fake?.close();
  });

  const tick = (guildId: string) =>
    runTickJob(
      { id: 't', data: { townId: `guild-${guildId}`, ticks: 1 }, retryCount: 0, createdOn: Date.now() },
      { towns, locks },
    );
  const undelivered = (guildId: string) =>
    db.prisma.outboxPost.count({ where: { townId: `guild-${guildId}`, deliveredAt: null } });
  const posted = (guildId: string) => fake.channelsOf(guildId).reduce((n, c) => n + fake.messagesIn(c.id).length, 0);
  async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; logs: ${JSON.stringify(logs.slice(-8))}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('each shard links and delivers its own guilds; a dropped shard resumes', async () => {
    for (const g of guildOf) expect((await tick(g)).status).toBe('ticked');
    for (const g of guildOf) expect(await undelivered(g)).toBeGreaterThan(0);

    proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        ...process.env,
        DISCORD_TOKEN: fake.token,
        DISCORD_API_URL: fake.apiUrl,
        DATABASE_URL: db.url,
        MODEL_PROVIDER: 'offline',
        SHARD_COUNT: 'auto',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    createInterface({ input: proc.stderr! }).on('line', (l) => {
      try {
        logs.push(JSON.parse(l) as Record<string, unknown>);
      } catch {
        logs.push({ raw: l });
      }
    });

    await until(
      async () => (await undelivered(guildOf[0]!)) === 0 && (await undelivered(guildOf[1]!)) === 0,
      120_000,
      'both outboxes delivered',
    );
    expect(fake.shardsConnected).toEqual([
      [0, 2],
      [1, 2],
    ]);
    for (const g of guildOf) expect(posted(g)).toBeGreaterThan(0);
    // Each shard process saw only its own guilds.
    const connected = logs.filter((l) => l.msg === 'connected to Discord');
    expect(connected).toHaveLength(2);
    const perShard = [0, 1].map((s) => [...fake.guilds.keys()].filter((g) => shardOf(g, 2) === s).length);
    expect(connected.map((l) => l.guilds).sort()).toEqual([...perShard].sort());
    expect(logs.some((l) => l.msg === 'all shards started')).toBe(true);

    // Shard 1's connection drops: it identifies again; the guild's next posts are delivered.
    const identifies = fake.identifies;
    const before = posted(guildOf[1]!);
    fake.closeGateway(4000, 1);
    await until(
      () => fake.identifies > identifies && fake.shardsConnected.length === 2,
      60_000,
      'shard 1 to identify again',
    );
    expect((await tick(guildOf[1]!)).status).toBe('ticked');
    await until(async () => (await undelivered(guildOf[1]!)) === 0, 60_000, 'guild 1 posts after the reconnect');
    expect(posted(guildOf[1]!)).toBeGreaterThan(before);

    // Shutdown: the manager stops both shards, each finishing its own shutdown, and exits 0.
    const child = proc;
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    expect(logs.filter((l) => l.msg === 'shard process stopped')).toHaveLength(2);
    expect(JSON.stringify(logs)).not.toContain('ERR_IPC_CHANNEL_CLOSED');
  }, 240_000);
});

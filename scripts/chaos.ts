// npm run chaos: the reliability scenarios of issue 11 in one bounded run (a few minutes, loopback only), printed
// as one table. It drives the same processes and fakes the tests use (tests/town/fixtures/town-child.ts, the local
// Discord in tests/support/fake-discord.ts, the bot harness) rather than copies of them.
//   kill-loop      SIGKILL a real process ticking the seed town on a SQLite file at random moments, then resume
//   provider       model calls failing (timeouts, schema and provider errors) while the town ticks
//   discord-storm  429 / 5xx / lost-response storms and two bot restarts while posts are delivered
//   two-processes  two bots on one file: one answer per interaction, one delivery per post, take-over after a crash
//   fatal-close    the real process (src/main.ts) gets gateway close 4004 after start-up: it must exit non-zero
//   read-only      the database file made read-only: a clear refusal, nothing half-written
//   disk-full      a 2 MB filesystem (tmpfs, when this machine lets us mount one; said when skipped and why)
//   1mb-inputs     1 MB into every parser of user text
// Usage: npm run chaos [-- --only name,name] [-- --seed N]
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatPost } from '../src/bot/delivery.ts';
import { TOWN_HALL } from '../src/bot/ports.ts';
import { splitMessage } from '../src/bot/split.ts';
import { parsePersonaArgs, tokenize } from '../src/console/console.ts';
import { readGameLine } from '../src/console/games.ts';
import { openDatabase } from '../src/db/client.ts';
import { PrismaTownStore } from '../src/db/town-store.ts';
import { LexicalEmbedder } from '../src/llm/lexical-embedder.ts';
import { agentOfflineRules } from '../src/offline/agent/index.ts';
import { OfflineModel } from '../src/offline/model.ts';
import { agentKit } from '../src/town/agent-kit.ts';
import { loadTownFile } from '../src/town/file-io.ts';
import { TownService } from '../src/town/service.ts';
import { InMemoryTownStore } from '../src/town/store.ts';
import { Harness, startSecond, testTown } from '../tests/support/bot-harness.ts';
import { FakeDiscord } from '../tests/support/fake-discord.ts';
import { FlakyModel } from '../tests/support/town-flaky-model.ts';
import { randomStream } from '../src/core/rng.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = createRequire(import.meta.url).resolve('tsx');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Row {
  scenario: string;
  kills?: number;
  resumes?: number;
  sent?: number;
  delivered?: number;
  duplicated?: number;
  outOfOrder?: number;
  integrity: string;
  recoverS?: number;
  notes: string;
}

/** Whether a list of numbers is 1..n with no gap or repeat. */
function contiguous(seqs: number[]): boolean {
  return seqs.every((s, i) => s === i + 1);
}

// ---- kill-loop ---------------------------------------------------------------------------------------------------

async function killLoop(seed: number, kills: number): Promise<Row> {
  const child = join(root, 'tests', 'town', 'fixtures', 'town-child.ts');
  const dir = mkdtempSync(join(tmpdir(), 'chaos-kill-'));
  const db = join(dir, 'town.db');
  const rand = randomStream(seed);
  let resumes = 0;
  let recoverMax = 0;
  let lastCommitted = 0;
  let monotonic = true;
  let done = 0;
  const run = (maxTicks: number, killAfterCommits: number | null) =>
    new Promise<{ ready: number; committed: number; readyMs: number }>((res, rej) => {
      const started = Date.now();
      const p = spawn(process.execPath, ['--import', tsx, child, db, 'chaos', String(maxTicks)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let ready = -1;
      let readyMs = 0;
      let committed = 0;
      let buf = '';
      let err = '';
      let killing = false;
      p.stdout.on('data', (d) => {
        buf += String(d);
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const l of lines) {
          const [word, n] = l.split(' ');
          if (word === 'ready') {
            ready = Number(n);
            readyMs = Date.now() - started;
          } else if (word === 'committed') committed = Number(n);
          else if (word === 'start' && killAfterCommits !== null && !killing && committed >= ready + killAfterCommits) {
            killing = true;
            // Somewhere inside the tick that just started (model calls take 30 ms each).
            setTimeout(() => p.kill('SIGKILL'), Math.floor(rand() * 120));
          }
        }
      });
      p.stderr.on('data', (d) => {
        err += String(d);
      });
      p.on('exit', (code, signal) => {
        if (signal === 'SIGKILL' || code === 0) res({ ready, committed, readyMs });
        else rej(new Error(`town child exited ${code}: ${err.slice(-500)}`));
      });
    });
  try {
    for (let k = 0; k < kills; k++) {
      const r = await run(1000, 1 + Math.floor(rand() * 2));
      if (k > 0) {
        if (r.ready === lastCommitted) resumes++;
        recoverMax = Math.max(recoverMax, r.readyMs);
      }
      if (r.ready < lastCommitted) monotonic = false;
      lastCommitted = Math.max(lastCommitted, r.committed);
      done++;
    }
    const last = await run(2, null);
    if (last.ready === lastCommitted) resumes++;
    recoverMax = Math.max(recoverMax, last.readyMs);
    const d = await openDatabase(`file:${db}`);
    try {
      const integrity = (await d.prisma.$queryRawUnsafe<{ integrity_check: string }[]>('PRAGMA integrity_check'))[0]
        ?.integrity_check;
      const store = new PrismaTownStore(d.prisma);
      const rec = await store.load('t');
      const mems = await store.loadMemories('t');
      const posts = await store.postsAfter('t', 0, 1_000_000);
      const memOk = (rec?.state.residents ?? []).every((rs) =>
        contiguous(mems.filter((m) => m.agentId === rs.profile.id).map((m) => m.seq)),
      );
      const seqs = posts.map((p) => p.seq);
      const tickOk = rec?.state.clock.tick === last.committed;
      return {
        scenario: 'kill-loop',
        kills: done,
        resumes,
        sent: posts.length,
        duplicated: seqs.length - new Set(seqs).size,
        outOfOrder: contiguous(seqs) ? 0 : seqs.filter((s, i) => s !== i + 1).length,
        integrity: `${integrity}; memories ${memOk ? 'contiguous' : 'GAPS'}; clock ${monotonic && tickOk ? 'monotonic' : 'WRONG'}`,
        recoverS: recoverMax / 1000,
        notes: `each restart resumed at the last committed tick (tick ${rec?.state.clock.tick} at the end); recover = start-up to ready`,
      };
    } finally {
      await d.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- provider faults ---------------------------------------------------------------------------------------------

async function providerFaults(seed: number): Promise<Row> {
  const llm = new FlakyModel(0.25, seed);
  const embedder = new LexicalEmbedder({ dimensions: 128 });
  const store = new InMemoryTownStore();
  const service = await TownService.create(
    { store, kit: (townId, settings) => agentKit({ llm, embedder, settings, townId }), owner: 'chaos' },
    { id: 'p', scope: 'console', file: loadTownFile(), seed },
  );
  let thrown = 0;
  const ticks = 12;
  for (let k = 0; k < ticks; k++) await service.tick().catch(() => thrown++);
  const posts = await service.outbox.postsAfter(0, 100_000);
  const seqs = posts.map((p) => p.seq);
  const st = service.status();
  await service.close();
  return {
    scenario: 'provider',
    sent: posts.length,
    duplicated: seqs.length - new Set(seqs).size,
    outOfOrder: contiguous(seqs) ? 0 : 1,
    integrity: `${st.tick === ticks - thrown ? 'ok' : 'WRONG'}: ${st.tick}/${ticks} ticks committed`,
    notes: `${llm.failures} of ${llm.calls} model calls failed (25%); ${thrown} tick(s) threw`,
  };
}

// ---- Discord storms and restarts ----------------------------------------------------------------------------------

/** Sent / delivered / duplicated / out-of-order for a harness's town: outbox against the fake's channels. */
async function deliveryCounts(h: Harness) {
  const town = await h.town();
  const posts = await town.outbox.postsAfter(-1, 100_000);
  const want = new Map<string, string[]>();
  for (const p of posts) {
    const ch = h.channel(p.location === TOWN_HALL ? 'town-hall' : p.location);
    const list = want.get(ch) ?? [];
    list.push(...splitMessage(formatPost({ ...p, attempts: 0 }), 2000));
    want.set(ch, list);
  }
  let delivered = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  for (const [ch, expected] of want) {
    const got = h.fake
      .messagesIn(ch)
      .filter((m) => m.webhook_id || (m.author.id === h.fake.botUser.id && !m.interactionId))
      .map((m) => m.content);
    const counts = new Map<string, number>();
    for (const g of got) counts.set(g, (counts.get(g) ?? 0) + 1);
    const wantCounts = new Map<string, number>();
    for (const w of expected) wantCounts.set(w, (wantCounts.get(w) ?? 0) + 1);
    for (const [text, n] of counts) {
      const w = wantCounts.get(text) ?? 0;
      delivered += Math.min(n, w);
      duplicated += Math.max(0, n - w);
    }
    // Order: the delivered texts, in channel order, must follow the outbox order.
    let at = 0;
    for (const g of got) {
      const idx = expected.indexOf(g, at);
      if (idx < 0) outOfOrder++;
      else at = idx + 1;
    }
  }
  return {
    sent: posts.length,
    chunks: [...want.values()].reduce((n, l) => n + l.length, 0),
    delivered,
    duplicated,
    outOfOrder,
  };
}

async function discordStorm(): Promise<Row> {
  const h = await Harness.start({ database: true });
  try {
    await h.setup();
    await h.delivered();
    const post = /^\/webhooks\/\d+\/[^/]+$|^\/channels\/\d+\/messages$/;
    let restarts = 0;
    let recoverMs = 0;
    for (let round = 0; round < 3; round++) {
      h.fake.injectFault({ path: post, method: 'POST', status: 429, retryAfter: 0.03, times: 10 });
      h.fake.injectFault({ path: post, method: 'POST', status: 500, times: 6 });
      h.fake.injectFault({ path: post, method: 'POST', status: 502, afterProcessing: true, times: 4 });
      h.fake.injectFault({ path: post, method: 'POST', status: 0, drop: true, times: 3 });
      await (await h.town()).step(4);
      if (round < 2) {
        // A restart in the middle of the storm (the town itself keeps its state: same stores).
        const t = Date.now();
        await h.bot.stop();
        await h.registry.close();
        await h.boot();
        await h.delivered();
        recoverMs = Math.max(recoverMs, Date.now() - t);
        restarts++;
      }
    }
    const t = Date.now();
    await h.delivered();
    recoverMs = Math.max(recoverMs, Date.now() - t);
    const c = await deliveryCounts(h);
    return {
      scenario: 'discord-storm',
      sent: c.sent,
      delivered: c.delivered,
      duplicated: c.duplicated,
      outOfOrder: c.outOfOrder,
      integrity: c.delivered === c.chunks ? 'all chunks delivered' : `MISSING ${c.chunks - c.delivered} chunks`,
      recoverS: recoverMs / 1000,
      notes: `${h.fake.requests.filter((r) => r.fault).length} injected faults, ${restarts} bot restarts; ${c.chunks} chunks`,
    };
  } finally {
    await h.stop();
  }
}

// ---- two processes on one file -------------------------------------------------------------------------------------

async function twoProcesses(): Promise<Row> {
  const leaseMs = 1500;
  const f = testTown();
  const file = { ...f, settings: { ...f.settings, leaseMs } };
  const h = await Harness.start({ database: true, town: file });
  // Both processes see the first /town setup of a guild that has no town yet (no lease to decide by).
  const b = await startSecond(h, 'chaos-b', file).catch(async (e: unknown) => {
    await h.stop();
    throw e;
  });
  try {
    const setup = h.slash(h.admin, { name: 'town', subcommand: 'setup' });
    await setup.answer(20_000);
    const attempts = (id: string) => h.fake.requestsTo('POST', new RegExp(`^/interactions/${id}/`));
    const setupTries = attempts(setup.id);
    await h.delivered();
    // Whichever process created the town holds it; the other is the standby.
    const lease = await h.townStore.lease((await h.town()).id);
    const holderIsB = lease.owner === 'chaos-b';
    const town = holderIsB ? (await b.registry.get(h.guild.id))! : await h.town();
    const resident = town.residents()[0]!.name;
    const asks = [
      h.slash(h.alice, { name: 'town', subcommand: 'status' }),
      h.slash(h.alice, { name: 'resident', subcommand: 'info', options: { resident } }),
      h.slash(h.alice, { name: 'persona', subcommand: 'show' }),
      h.slash(h.bob, { name: 'interview', options: { resident, question: 'How are you?' } }),
    ];
    for (const a of asks) await a.firstResponse(10_000).catch(() => undefined);
    await town.step(3);
    await h.delivered();
    await sleep(500);
    const tries = asks.map((a) => attempts(a.id));
    const answered = [setupTries, ...tries].map((t) => t.filter((r) => r.status < 300).length);
    const refused = [setupTries, ...tries].reduce((n, t) => n + t.filter((r) => r.status >= 400).length, 0);
    const anotherProcess = h.fake.requests.filter((r) => /another process/.test(JSON.stringify(r.body ?? ''))).length;
    // The holder dies without releasing its lease (its gateway and delivery stop, its town writes on).
    await (holderIsB ? b.bot : h.bot).stop();
    await town.step(2);
    const died = Date.now();
    const pending = async () => (await town.outbox.pendingPosts(1000)).length;
    while ((await pending()) > 0 && Date.now() - died < 15_000) await sleep(50);
    const recoverMs = Date.now() - died;
    const c = await deliveryCounts(h);
    return {
      scenario: 'two-processes',
      sent: c.sent,
      delivered: c.delivered,
      duplicated: c.duplicated,
      outOfOrder: c.outOfOrder,
      integrity: `answers per interaction ${answered.join(',')}; refused 2nd tries ${refused}; "another process" ${anotherProcess}`,
      recoverS: recoverMs / 1000,
      notes: `first /town setup seen by both; take-over after the holder's crash (${leaseMs / 1000} s lease)`,
    };
  } finally {
    await b.stop();
    await h.stop();
  }
}

// ---- fatal gateway close of the real process ------------------------------------------------------------------------

async function fatalClose(): Promise<Row> {
  const fake = await FakeDiscord.start();
  fake.addGuild('Alpha');
  const dir = mkdtempSync(join(tmpdir(), 'chaos-fatal-'));
  try {
    const p = spawn(process.execPath, ['--import', tsx, join(root, 'src', 'main.ts')], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        DISCORD_TOKEN: fake.token,
        DISCORD_API_URL: fake.apiUrl,
        DATABASE_URL: `file:${join(dir, 'town.db')}`,
        MODEL_PROVIDER: 'offline',
        LOG_LEVEL: 'info',
      },
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => {
      out += String(d);
    });
    p.stderr.on('data', (d) => {
      err += String(d);
    });
    const exit = new Promise<number | null>((r) => p.on('exit', (code) => r(code)));
    const start = Date.now();
    // The log goes to stdout or stderr depending on the logger's transport: look in both.
    const ready = () => out.includes('bot ready') || err.includes('bot ready');
    while (!ready() && Date.now() - start < 90_000) await sleep(100);
    if (!ready()) {
      p.kill('SIGKILL');
      return {
        scenario: 'fatal-close',
        integrity: 'NOT READY',
        notes: `the bot did not start within 90 s: ${err.slice(-200)}`,
      };
    }
    const closed = Date.now();
    fake.closeGateway(4004);
    const code = await Promise.race([exit, sleep(30_000).then(() => 'hung' as const)]);
    if (code === 'hung') p.kill('SIGKILL');
    const said = /close code 4004/.test(err);
    return {
      scenario: 'fatal-close',
      integrity: code === 'hung' ? 'ZOMBIE (still running after 30 s)' : `exit code ${code}`,
      recoverS: (Date.now() - closed) / 1000,
      notes: said ? 'stderr names close code 4004 and the token fix' : 'stderr did NOT explain the close',
    };
  } finally {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- read-only file ---------------------------------------------------------------------------------------------

async function townOnFile(file: string, create: boolean, owner = `chaos-${Math.random().toString(36).slice(2, 6)}`) {
  const d = await openDatabase(`file:${file}`);
  const offline = new OfflineModel(agentOfflineRules);
  const embedder = new LexicalEmbedder({ dimensions: 128 });
  const deps = {
    store: new PrismaTownStore(d.prisma),
    kit: (townId: string, settings: Record<string, unknown>) => agentKit({ llm: offline, embedder, settings, townId }),
    owner,
  };
  const service = create
    ? await TownService.create(deps, { id: 't', scope: 'console', file: testTown(), seed: 1 })
    : await TownService.load(deps, 't');
  if (!service) throw new Error(`no town in ${file}`);
  return { d, service };
}

function firstLine(e: unknown): string {
  const m = (e instanceof Error ? e.message : String(e)).split('\n').find((l) => l.trim()) ?? '';
  return m.length > 110 ? `${m.slice(0, 109)}…` : m;
}

/**
 * The database made read-only after a town was written: as root (where file modes do not bind) the small
 * filesystem holding it is remounted read-only; otherwise the file's mode is set to 0444.
 */
async function readOnly(): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'chaos-ro-'));
  const mnt = join(dir, 'fs');
  mkdirSync(mnt);
  const root = process.getuid?.() === 0;
  if (root && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mnt]).status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return {
      scenario: 'read-only',
      integrity: 'skipped',
      notes: 'running as root without permission to mount: a read-only file cannot be simulated',
    };
  }
  const file = join(mnt, 'town.db');
  const lock = (ro: boolean) =>
    root ? spawnSync('mount', ['-o', `remount,${ro ? 'ro' : 'rw'}`, mnt]) : chmodSync(file, ro ? 0o444 : 0o644);
  try {
    const a = await townOnFile(file, true);
    await a.service.step(2);
    const tick = a.service.status().tick;
    await a.service.close();
    await a.d.close();
    lock(true);
    let message = 'opened and ticked (no refusal)';
    try {
      const b = await townOnFile(file, false);
      try {
        await b.service.step(1);
      } catch (e) {
        message = `refused at the first write: ${firstLine(e)}`;
      }
      await b.service.close().catch(() => undefined);
      await b.d.close().catch(() => undefined);
    } catch (e) {
      message = `refused at start: ${firstLine(e)}`;
    }
    lock(false);
    const c = await townOnFile(file, false);
    const tickAfter = c.service.status().tick;
    const integrity = (await c.d.prisma.$queryRawUnsafe<{ integrity_check: string }[]>('PRAGMA integrity_check'))[0]
      ?.integrity_check;
    await c.service.close();
    await c.d.close();
    return {
      scenario: 'read-only',
      integrity: `${integrity}; tick ${tickAfter === tick ? 'unchanged' : 'CHANGED'}`,
      notes: `${root ? 'read-only filesystem' : 'file mode 0444'}: ${message}`,
    };
  } catch (e) {
    return { scenario: 'read-only', integrity: 'FAILED', notes: firstLine(e) };
  } finally {
    if (root) spawnSync('umount', ['-l', mnt]);
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // The mount point goes once the lazy unmount completes.
    }
  }
}

// ---- disk full ----------------------------------------------------------------------------------------------------

async function diskFull(): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'chaos-full-'));
  const mnt = join(dir, 'small');
  mkdirSync(mnt);
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mnt], { encoding: 'utf8' });
  if (mount.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    const why = (mount.stderr || mount.error?.message || `exit ${mount.status}`).trim().split('\n')[0];
    return {
      scenario: 'disk-full',
      integrity: 'skipped',
      notes: `cannot mount a small filesystem here (${why}); needs root or CAP_SYS_ADMIN`,
    };
  }
  const file = join(mnt, 'town.db');
  let step = 'create the town';
  try {
    let message = 'never filled';
    let ticks = 0;
    // The first run's owner is a process that has ended, as after a restart: its lease (which a full disk may keep
    // it from releasing) is taken over at once, as lease.ts does for a dead process on this host.
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    const a = await townOnFile(file, true, `${hostname()}:${ended}:chaos`);
    step = 'tick until the disk is full';
    try {
      for (; ticks < 2000; ticks++) await a.service.tick();
    } catch (e) {
      message = `refused after ${ticks} ticks: ${firstLine(e)}`;
    }
    const lastTick = a.service.status().tick;
    step = 'close';
    await a.service.close().catch(() => undefined);
    await a.d.close().catch(() => undefined);
    // Room again (what an admin would do: grow the filesystem), then the file must be sound and resume.
    step = 'grow the filesystem';
    spawnSync('mount', ['-o', 'remount,size=64m', mnt]);
    step = 'reopen';
    const c = await townOnFile(file, false);
    const integrity = (await c.d.prisma.$queryRawUnsafe<{ integrity_check: string }[]>('PRAGMA integrity_check'))[0]
      ?.integrity_check;
    const tick = c.service.status().tick;
    let again = 'ticks again';
    await c.service.tick().catch((e: unknown) => {
      again = `next tick refused: ${firstLine(e)}`;
    });
    await c.service.close();
    await c.d.close();
    return {
      scenario: 'disk-full',
      integrity: `${integrity}; reopened at tick ${tick} (in memory at the fault: ${lastTick})`,
      notes: `${message}; after growing the filesystem: ${again}`,
    };
  } catch (e) {
    return { scenario: 'disk-full', integrity: 'FAILED', notes: `${step}: ${firstLine(e)}` };
  } finally {
    // Lazy: a connection the failed run left open must not keep the mount (or this run) alive.
    spawnSync('umount', ['-l', mnt]);
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // The mount point goes once the lazy unmount completes.
    }
  }
}

// ---- 1 MB inputs --------------------------------------------------------------------------------------------------

async function megabyteInputs(): Promise<Row> {
  const MB = 1 << 20;
  const inputs = [`a${' '.repeat(MB)}b`, 'x'.repeat(MB), 'a, '.repeat(MB / 3), '"'.repeat(MB), 'a\n'.repeat(MB / 2)];
  const parsers: [string, (s: string) => unknown][] = [
    ['tokenize', tokenize],
    ['persona', parsePersonaArgs],
    [
      'game',
      (s) => {
        try {
          return readGameLine(`/game clue ${s}`);
        } catch (e) {
          return e; // a line too long is refused with a message: that is the answer
        }
      },
    ],
    ['split', (s) => splitMessage(s, 2000)],
  ];
  let worst = { ms: 0, what: '' };
  for (const s of inputs)
    for (const [name, fn] of parsers) {
      // CPU time, best of two (as tests/commands/long-input.test.ts): other processes and one GC do not count.
      let ms = Number.POSITIVE_INFINITY;
      for (let k = 0; k < 2; k++) {
        const t = process.cpuUsage();
        fn(s);
        const d = process.cpuUsage(t);
        ms = Math.min(ms, (d.user + d.system) / 1000);
      }
      if (ms > worst.ms) worst = { ms, what: name };
    }
  // And through Discord: the same 1 MB as slash options, refused before any command reads them.
  const h = await Harness.start();
  let answered = 0;
  let slowest = 0;
  try {
    await h.setup();
    const resident = (await h.town()).residents()[0]!.name;
    for (const s of inputs.slice(0, 3)) {
      const t = Date.now();
      const a = await h.slash(h.alice, { name: 'whisper', options: { resident, text: s } }).answer(10_000);
      slowest = Math.max(slowest, Date.now() - t);
      if (/Discord's limit is 6000/.test(a.content)) answered++;
    }
  } finally {
    await h.stop();
  }
  return {
    scenario: '1mb-inputs',
    integrity: worst.ms < 100 && answered === 3 ? 'ok' : 'SLOW OR UNANSWERED',
    notes: `worst parser ${worst.what} ${worst.ms.toFixed(0)} ms CPU; 3/3 slash refusals: ${answered === 3}, slowest ${slowest} ms round trip`,
  };
}

// ---- main --------------------------------------------------------------------------------------------------------

const scenarios: [string, (seed: number) => Promise<Row>][] = [
  ['kill-loop', (seed) => killLoop(seed, 8)],
  ['provider', (seed) => providerFaults(seed)],
  ['discord-storm', discordStorm],
  ['two-processes', twoProcesses],
  ['fatal-close', fatalClose],
  ['read-only', readOnly],
  ['disk-full', diskFull],
  ['1mb-inputs', megabyteInputs],
];
const USAGE = `Usage: npm run chaos [-- --only name,name] [-- --seed N]   (npm run chaos -- --help for the scenarios)`;
let parsed: ReturnType<typeof parseArgs<{ options: typeof CHAOS_OPTIONS }>>['values'];
const CHAOS_OPTIONS = {
  only: { type: 'string' },
  seed: { type: 'string', default: '7' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    options: CHAOS_OPTIONS,
    strict: true,
    allowPositionals: false,
  }).values;
} catch (e) {
  process.stderr.write(`${(e as Error).message.split('\n')[0]}\n${USAGE}\n`);
  process.exit(2);
}
if (parsed.help) {
  // The scenario list is the header comment of this file: print it as the help.
  const head = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  const doc = head
    .slice(
      0,
      head.findIndex((l) => !l.startsWith('//')),
    )
    .map((l) => l.replace(/^\/\/ ?/, ''));
  process.stdout.write(
    `${doc.join('\n')}\n
The table has one row per scenario: kills (processes killed) and resumes (restarts that carried on), sent and
delivered posts, dup (posts delivered twice: must be 0), out of order (posts delivered out of sequence),
integrity (the state checked afterwards: ok, or what is wrong), recover s (seconds to recover), notes.
Exit code 1 when any integrity check fails or a post is duplicated.\n`,
  );
  process.exit(0);
}
const seed = Number(parsed.seed);
if (!Number.isInteger(seed)) {
  process.stderr.write(`--seed takes a whole number, not "${parsed.seed}"\n${USAGE}\n`);
  process.exit(2);
}
const only = parsed.only?.split(',');
const unknownScenario = (only ?? []).filter((n) => !scenarios.some(([name]) => name === n));
if (unknownScenario.length > 0) {
  process.stderr.write(
    `--only: no scenario named ${unknownScenario.join(', ')} (there are ${scenarios.map(([n]) => n).join(', ')})\n`,
  );
  process.exit(2);
}

const rows: Row[] = [];
const started = Date.now();
for (const [name, run] of scenarios) {
  if (only && !only.includes(name)) continue;
  process.stderr.write(`chaos: ${name}…\n`);
  const t = Date.now();
  try {
    rows.push(await run(seed));
  } catch (e) {
    rows.push({ scenario: name, integrity: 'FAILED', notes: firstLine(e) });
  }
  process.stderr.write(`chaos: ${name} took ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
}

const cols: [keyof Row, string][] = [
  ['scenario', 'scenario'],
  ['kills', 'kills'],
  ['resumes', 'resumes'],
  ['sent', 'sent'],
  ['delivered', 'delivered'],
  ['duplicated', 'dup'],
  ['outOfOrder', 'out of order'],
  ['integrity', 'integrity'],
  ['recoverS', 'recover s'],
  ['notes', 'notes'],
];
const cell = (r: Row, k: keyof Row) => {
  const v = r[k];
  if (v === undefined) return '-';
  return typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(2) : String(v);
};
const widths = cols.map(([k, title]) => Math.max(title.length, ...rows.map((r) => cell(r, k).length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
process.stdout.write(`${line(cols.map(([, t]) => t))}\n`);
process.stdout.write(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
for (const r of rows) process.stdout.write(`${line(cols.map(([k]) => cell(r, k)))}\n`);
process.stdout.write(
  `chaos: ${rows.length} scenarios in ${((Date.now() - started) / 1000).toFixed(0)} s (seed ${seed})\n`,
);
const bad = rows.some(
  (r) => /FAILED|WRONG|GAPS|MISSING|ZOMBIE|SLOW|NOT READY/.test(r.integrity) || (r.duplicated ?? 0) > 0,
);
process.exit(bad ? 1 : 0);

// The SQLite layer under load from this and other processes (issue 11, defects 1, 7 and 10): no write joins another's
// transaction, lock waits never freeze the process and end in a clear "try again", snapshots are one read, and a
// damaged database is reported at start-up with what to do.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { TownService } from '../../src/town/service.ts';
import type { NewPost } from '../../src/town/types.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

const dir = mkdtempSync(join(tmpdir(), 'db-rel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(dir, `t${n++}.db`);

async function townOn(file: string, opts: { lockWaitMs?: number } = {}) {
  const db = await openDatabase(`file:${file}`, opts);
  const store = new PrismaTownStore(db.prisma);
  const { kit } = scriptedKit({});
  const deps = { store, kit: () => kit, owner: 'w1' };
  const service = await TownService.create(deps, { id: 't', scope: 'console', file: tinyTown(), seed: 1 });
  return { db, store, service, deps };
}

/** Another process that holds the write lock of `file` for `ms`; resolves once it holds it. */
function foreignLock(file: string, ms: number): Promise<{ done: Promise<void> }> {
  const code = `const D=require('better-sqlite3');const d=new D(process.argv[1]);d.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');setTimeout(()=>{d.exec('ROLLBACK');d.close();process.exit(0)},Number(process.argv[2]));`;
  const p = spawn(process.execPath, ['-e', code, file, String(ms)], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const done = new Promise<void>((r) => p.on('exit', () => r()));
  return new Promise((resolve, reject) => {
    p.stdout.on('data', (d) => {
      if (String(d).includes('locked')) resolve({ done });
    });
    p.on('error', reject);
  });
}

/** Longest gap between 5 ms timers while `fn` runs: how long the event loop was frozen. */
async function maxStall<T>(fn: () => Promise<T>): Promise<{ value: T | Error; stall: number }> {
  let last = Date.now();
  let worst = 0;
  const t = setInterval(() => {
    const now = Date.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  try {
    const value = await fn().catch((e: Error) => e);
    // A synchronous wait may end right before fn resolves: the gap up to now counts too.
    return { value, stall: Math.max(worst, Date.now() - last) };
  } finally {
    clearInterval(t);
  }
}

describe('SQLite reliability', () => {
  it('GIVEN a town commit whose transaction fails WHEN delivery marks, lease renewals and outbox reads run meanwhile THEN the writes survive and no uncommitted post is seen (defect 1)', async () => {
    const { db, store, service } = await townOn(fresh());
    const post = (seq: number): NewPost => ({
      seq,
      location: 'cafe',
      speakerId: null,
      speakerName: null,
      emoji: null,
      kind: 'system',
      text: `post ${seq}`,
      simTime: 0,
    });
    // Three committed posts to deliver.
    const v = await store.commit({
      townId: 't',
      expectedVersion: service.currentVersion,
      state: service.snapshot(),
      memories: { added: [], touched: [] },
      posts: [post(1), post(2), post(3)],
      owner: 'w1',
    });
    const seen: number[] = [];
    const side: Promise<unknown>[] = [];
    let fired = false;
    // While the failing commit's transaction is open (between its statements), the front end marks posts
    // delivered, renews the lease and polls the outbox, as the delivery loop does.
    const spied = db.prisma.$extends({
      query: {
        outboxPost: {
          async createMany({ args, query }) {
            if (!fired) {
              fired = true;
              side.push(store.markDelivered('t', [1, 2, 3], 'msg-1', 5_000));
              side.push(store.acquireLease('t', 'w1', 30_000, 7_000));
              side.push(store.pendingPosts('t', 100).then((ps) => seen.push(...ps.map((p) => p.seq))));
              await new Promise((r) => setTimeout(r, 30));
            }
            return query(args);
          },
        },
      },
    });
    const failing = new PrismaTownStore(spied as unknown as typeof db.prisma);
    const err = await failing
      .commit({
        townId: 't',
        expectedVersion: v,
        state: service.snapshot(),
        memories: { added: [], touched: [] },
        posts: [post(1000), post(1001), post(1000)], // the repeated seq fails the insert: the transaction rolls back
        owner: 'w1',
      })
      .catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    await Promise.all(side);
    expect(fired).toBe(true);
    expect(seen.filter((s) => s >= 1000)).toEqual([]);
    const after = await store.postsAfter('t', 0, 100);
    expect(after.map((p) => [p.seq, p.deliveryRef])).toEqual([
      [1, 'msg-1'],
      [2, 'msg-1'],
      [3, 'msg-1'],
    ]);
    expect((await store.lease('t')).until).toBe(37_000);
    await db.close();
  });

  it('GIVEN another process holding the write lock for 1.2 s WHEN the town writes THEN the event loop never stalls and the write lands after (defect 7)', async () => {
    const file = fresh();
    const { db, store, service } = await townOn(file);
    const lock = await foreignLock(file, 1200);
    const r = await maxStall(() => service.pause());
    await lock.done;
    expect(r.value).toBeUndefined();
    expect(r.stall).toBeLessThan(250);
    expect((await store.load('t'))?.state.clock.paused).toBe(true);
    await db.close();
  });

  it('GIVEN a lock held longer than the bounded wait WHEN a person acts THEN they get a clear "try again", never a raw Prisma error (defect 7)', async () => {
    const file = fresh();
    const { db, service } = await townOn(file, { lockWaitMs: 300 });
    const lock = await foreignLock(file, 1500);
    const started = Date.now();
    const r = await maxStall(() => service.pause());
    const waited = Date.now() - started;
    await lock.done;
    expect(r.value).toMatchObject({ code: 'db/busy' });
    const msg = (r.value as Error).message;
    expect(msg).toMatch(/try again/i);
    expect(msg).not.toMatch(/invocation|prisma|\.ts:|\//);
    expect(waited).toBeLessThan(1400);
    expect(r.stall).toBeLessThan(250);
    // Nothing was changed, and the town works once the lock is gone.
    expect(service.status().paused).toBe(false);
    await service.pause();
    expect(service.status().paused).toBe(true);
    await db.close();
  });

  it('GIVEN another process committing between the town row and its memories WHEN a town loads THEN it reads one consistent snapshot (defect 10)', async () => {
    const file = fresh();
    const { db, service, deps } = await townOn(file);
    await service.close();
    const other = await openDatabase(`file:${file}`);
    let armed = true;
    // Right after the town row is read, another connection adds a memory row (as another process's commit would).
    const spied = db.prisma.$extends({
      query: {
        town: {
          async findUnique({ args, query }) {
            const r = await query(args);
            if (armed) {
              armed = false;
              await other.prisma.$executeRawUnsafe(
                `INSERT INTO "Memory" (id, townId, agentId, kind, description, createdAt, lastAccessAt, importance, evidence, depth, meta, seq)
                 SELECT id || '-late', townId, agentId, kind, description, createdAt, lastAccessAt, importance, evidence, depth, meta, seq + 100000
                 FROM "Memory" WHERE townId = 't' LIMIT 1`,
              );
            }
            return r;
          },
        },
      },
    });
    const warnings: string[] = [];
    const loaded = await TownService.load(
      {
        ...deps,
        store: new PrismaTownStore(spied as unknown as typeof db.prisma),
        log: (_l, msg) => warnings.push(msg),
      },
      't',
    );
    expect(armed).toBe(false);
    expect(loaded?.status().tick).toBe(0);
    expect(warnings).not.toContain('memory count differs from the snapshot');
    await other.close();
    await db.close();
  });

  it('GIVEN a damaged database file WHEN the bot starts THEN it says which file and to restore a backup (defect 10)', async () => {
    const file = fresh();
    writeFileSync(file, Buffer.alloc(64 * 1024, 'not a database '));
    const err = await openDatabase(`file:${file}`).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain(file);
    expect((err as Error).message).toMatch(/restore/);
    expect((err as Error).message).toMatch(/npm run town -- restore/);
    expect((err as Error).stack ?? '').not.toMatch(/wasm/);
  });
});

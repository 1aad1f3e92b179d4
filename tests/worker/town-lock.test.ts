// The town lease of workers (src/worker/town-lock.ts) on a real PostgreSQL server: a holder that stops renewing
// loses the town within its lease although its connection lives, and its late commit is refused by the fence even
// when nobody took the town (not by the version check); and the bad inputs: a lease row edited by hand, a clock step
// on one worker, two workers of one name (said once at start). Each case is one log line.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { TownService } from '../../src/town/service.ts';
import { startWorkerProcess } from '../../src/worker/compose.ts';
import { runTickJob } from '../../src/worker/tick-job.ts';
import { TownLockLostError, TownLocks } from '../../src/worker/town-lock.ts';
import { WorkerTowns } from '../../src/worker/towns.ts';
import { openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { offlineKit } from '../support/worker-town.ts';

type Line = [string, string, Record<string, unknown> | undefined];

describe('town leases of workers', () => {
  let db: TestDb;
  let store: PrismaTownStore;
  const open: TownLocks[] = [];
  let n = 0;

  /** A worker's locks and towns, its log lines kept. */
  function worker(name: string, opts: { ttlMs?: number; renewMs?: number } = {}) {
    const lines: Line[] = [];
    const log = (level: string, msg: string, data?: Record<string, unknown>) => void lines.push([level, msg, data]);
    const locks = new TownLocks(db.url, { owner: `worker:${name}`, log, ...opts });
    open.push(locks);
    const towns = new WorkerTowns({ store, kit: offlineKit(), owner: `worker:${name}`, locks, log });
    return { locks, towns, lines };
  }
  const job = (townId: string, slot: number) => ({
    id: 'j',
    data: { townId, ticks: 1, slot },
    retryCount: 0,
    createdOn: 0,
  });
  const town = async (id: string) => {
    await TownService.create(
      { store, kit: offlineKit(), owner: 'setup' },
      { id, scope: id, file: tinyTown(), seed: 1 },
    );
    return id;
  };
  const row = (id: string) => db.prisma.town.findUniqueOrThrow({ where: { id } });

  beforeAll(async () => {
    db = await openTestDb('postgresql');
    store = new PrismaTownStore(db.prisma);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    for (const l of open) await l.close().catch(() => undefined);
    await db?.dispose();
  });

  it('a holder that stops renewing loses the town; its late commit is refused by the fence, not by the version', async () => {
    const id = await town(`stall-${n++}`);
    // renewals far apart: the holder "stalls" past its 600 ms lease while its connection stays open
    const a = worker('A', { ttlMs: 600, renewMs: 60_000 });
    const r = a.locks.tryWith(id, async (held) => {
      const got = await a.towns.get(id);
      await new Promise((res) => setTimeout(res, 900));
      expect(held.lost).toBeNull(); // it does not know yet
      return got!.service.tick({ slot: 1 });
    });
    await expect(r).rejects.toBeInstanceOf(TownLockLostError);
    await expect(r).rejects.toThrow(/now held by nobody/);
    const rec = await row(id);
    // nobody else wrote: the version is the one it loaded, and still its tick was refused
    expect([rec.version, JSON.parse(rec.state).clock.tick]).toEqual([1, 0]);
  });

  it('a stalled holder is taken over once its lease runs out, and said in one line', async () => {
    const id = await town(`over-${n++}`);
    const a = worker('A', { ttlMs: 800, renewMs: 60_000 });
    const b = worker('B');
    let release!: () => void;
    const stalled = a.locks.tryWith(id, () => new Promise<void>((res) => (release = res)));
    await new Promise((res) => setTimeout(res, 50));
    expect(await runTickJob(job(id, 1), { towns: b.towns, locks: b.locks, lockWaitMs: 0 })).toMatchObject({
      status: 'busy',
      holder: expect.stringMatching(/^worker:A#/),
    });
    const started = Date.now();
    expect(await runTickJob(job(id, 1), { towns: b.towns, locks: b.locks })).toMatchObject({ status: 'ticked' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(b.lines.filter((l) => l[1].startsWith('took over'))).toEqual([
      ['warn', 'took over a town whose holder stopped renewing its lease', expect.objectContaining({ town: id })],
    ]);
    release();
    await stalled;
  });

  it('a lease row edited by hand: a foreign owner far in the future is taken over; one taken from a holder stops it', async () => {
    const id = await town(`edited-${n++}`);
    await db.prisma.town.update({
      where: { id },
      data: { leaseOwner: 'someone', leaseUntil: new Date(Date.now() + 365 * 86_400_000) },
    });
    const b = worker('B');
    expect(await runTickJob(job(id, 1), { towns: b.towns, locks: b.locks, lockWaitMs: 0 })).toMatchObject({
      status: 'ticked',
    });
    expect(b.lines.filter((l) => l[1].startsWith('took over'))).toEqual([
      ['warn', 'took over a town whose lease no holder wrote (edited by hand?)', { town: id, from: 'someone' }],
    ]);
    // while B holds it for a tick, the row is given to someone else by hand: B's tick is not written
    const r = b.locks.tryWith(id, async () => {
      const got = await b.towns.get(id);
      await db.prisma.town.update({ where: { id }, data: { leaseOwner: 'hand' } });
      return got!.service.tick({ slot: 2 });
    });
    await expect(r).rejects.toThrow(/lost town .* now held by hand/);
    expect(JSON.parse((await row(id)).state).clock.tick).toBe(1);
  });

  it('a clock step on a worker changes nothing (leases use the database clock) and is said once', async () => {
    const ids = [await town(`clock-${n++}`), await town(`clock-${n++}`)];
    const a = worker('A', { renewMs: 100 });
    const real = Date.now;
    let stepped!: () => void;
    const step = new Promise<void>((res) => (stepped = res));
    // two towns held at once: the step is one line, not one per town
    const running = Promise.all(
      ids.map((id) =>
        a.locks.tryWith(id, async (held) => {
          const got = await a.towns.get(id);
          await step;
          await new Promise((res) => setTimeout(res, 350));
          expect(held.lost).toBeNull();
          return got!.service.tick({ slot: 1 });
        }),
      ),
    );
    await new Promise((res) => setTimeout(res, 300)); // both held, renewing
    // NTP steps this machine's clock an hour ahead mid-tick
    vi.spyOn(Date, 'now').mockImplementation(() => real() + 3_600_000);
    stepped();
    const ran = await running;
    expect(ran.map((r) => r.ran)).toEqual([true, true]);
    for (const id of ids) expect(JSON.parse((await row(id)).state).clock.tick).toBe(1);
    expect(a.lines.filter((l) => l[1].startsWith('wall clock'))).toEqual([
      [
        'warn',
        'wall clock stepped: town leases use the database clock, nothing changes',
        { stepMs: expect.any(Number) },
      ],
    ]);
  });

  it('a second worker started with a taken name says so in one line at start', async () => {
    const lines: Line[] = [];
    const log = (level: 'info' | 'warn' | 'error', msg: string, data?: Record<string, unknown>) =>
      void lines.push([level, msg, data]);
    const start = () =>
      startWorkerProcess({
        url: db.url,
        store,
        kit: offlineKit(),
        concurrency: 1,
        schedule: false,
        owner: 'twin',
        log,
      });
    const first = await start();
    expect(lines.filter((l) => l[1].startsWith('another live worker'))).toEqual([]);
    const second = await start();
    try {
      expect(lines.filter((l) => l[1].startsWith('another live worker'))).toEqual([
        [
          'warn',
          'another live worker has this name: both work its queue; each town is still held by one at a time',
          { owner: 'worker:twin', live: 2 },
        ],
      ]);
    } finally {
      await second.stop();
      await first.stop();
    }
  }, 60_000);

  it('two workers of one name hold a town one at a time', async () => {
    const id = await town(`twins-${n++}`);
    const a1 = worker('same');
    const a2 = worker('same');
    let release!: () => void;
    const first = a1.locks.tryWith(id, () => new Promise<void>((res) => (release = res)));
    await new Promise((res) => setTimeout(res, 50));
    expect(await runTickJob(job(id, 1), { towns: a2.towns, locks: a2.locks, lockWaitMs: 0 })).toMatchObject({
      status: 'busy',
    });
    release();
    await first;
    expect(await runTickJob(job(id, 1), { towns: a2.towns, locks: a2.locks, lockWaitMs: 0 })).toMatchObject({
      status: 'ticked',
      tick: 1,
    });
  });
});

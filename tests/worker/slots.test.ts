// Exactly one tick per scheduled slot (issue 24, item 1): a tick job compares its slot with the slot the town's last
// commit recorded, never wall times; and a slot counts as scheduled only once the queue has its job.
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { cronIntervalMs } from '../../src/town/scheduler.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { merged } from '../../src/worker/affinity.ts';
import { QueueScheduler, ticksForSlot } from '../../src/worker/scheduler.ts';
import { runTickJob, slotsOwed, type TickJob } from '../../src/worker/tick-job.ts';
import { TownLocks } from '../../src/worker/town-lock.ts';
import { WorkerTowns } from '../../src/worker/towns.ts';
import { openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { offlineKit } from '../support/worker-town.ts';

describe('tick jobs keyed by slot', () => {
  let db: TestDb;
  let store: PrismaTownStore;
  let locks: TownLocks;
  let towns: WorkerTowns;
  const job = (slot: number, ticks: number, retryCount: number, createdOn: number): TickJob => ({
    id: `job-${slot}-${retryCount}`,
    data: { townId: 'slots', ticks, slot },
    retryCount,
    createdOn,
  });
  const tickOf = async () => (await store.load('slots'))?.state.clock;

  beforeAll(async () => {
    db = await openTestDb('postgresql');
    store = new PrismaTownStore(db.prisma);
    await TownService.create(
      { store, kit: offlineKit(), owner: 'setup' },
      { id: 'slots', scope: 'slots', file: tinyTown(), seed: 1 },
    );
    locks = new TownLocks(db.url, { owner: 'worker:test:1' });
    towns = new WorkerTowns({ store, kit: offlineKit(), owner: 'worker:test:1', locks });
  });
  afterAll(async () => {
    await locks?.close();
    await db?.dispose();
  });

  it('a retry of a job queued while the previous one still ran is not taken for done', async () => {
    // Job 2 was queued (createdOn) before job 1 committed: the old wall-time rule called its retry already committed.
    const queuedAt = Date.now();
    expect(await runTickJob(job(100, 1, 0, queuedAt - 5_000), { towns, locks })).toMatchObject({
      status: 'ticked',
      tick: 1,
    });
    // job 2's first attempt was killed before its commit; its retry must tick
    expect(await runTickJob(job(101, 1, 1, queuedAt), { towns, locks })).toMatchObject({ status: 'ticked', tick: 2 });
    expect((await tickOf())?.slot).toEqual({ n: 101, ticks: 1 });
    // killed after the commit: the next retry runs nothing
    expect(await runTickJob(job(101, 1, 2, queuedAt), { towns, locks })).toEqual({
      status: 'already-committed',
      tick: 2,
    });
    expect((await tickOf())?.tick).toBe(2);
  });

  it('a retry runs exactly the ticks of its slot the killed attempt did not commit; a passed slot runs none', async () => {
    // The killed attempt of slot 102 (3 ticks) committed one tick before it died.
    const got = await towns.get('slots');
    await got!.service.tick({ slot: 102 });
    await towns.release('slots');
    expect(await runTickJob(job(102, 3, 1, Date.now()), { towns, locks })).toMatchObject({
      status: 'ticked',
      ticks: 2,
      tick: 5,
    });
    expect((await tickOf())?.slot).toEqual({ n: 102, ticks: 3 });
    // A late job of an earlier slot runs nothing.
    expect(await runTickJob(job(101, 1, 0, Date.now()), { towns, locks })).toEqual({
      status: 'already-committed',
      tick: 5,
    });
    expect((await tickOf())?.tick).toBe(5);
  });
});

describe('the scheduler', () => {
  it('marks a slot scheduled only once the queue has its job: a send that failed is sent on the next pass', async () => {
    const store = new InMemoryTownStore();
    await TownService.create(
      { store, kit: offlineKit(), owner: 'setup' },
      { id: 'late', scope: 'late', file: tinyTown(), seed: 1 },
    );
    const sent: { data: unknown; id: string }[] = [];
    let down = true;
    // pg-boss's send, as the queue answers it during a database outage and after it
    const boss = {
      send: async (_q: string, data: unknown, o: { id: string }) => {
        if (down) throw new Error('connect ECONNREFUSED');
        sent.push({ data, id: o.id });
        return o.id;
      },
    } as unknown as PgBoss;
    const now = 1_700_000_000_000;
    const s = new QueueScheduler({ boss, store, now: () => now });
    await expect(s.run()).rejects.toThrow(/ECONNREFUSED/);
    down = false;
    const r = await s.run();
    expect(r.sent).toBe(1);
    const rec = await store.load('late');
    const interval = Math.max(1_000, cronIntervalMs(rec!.state.settings.cron));
    const slot = Math.floor(now / interval);
    expect(sent[0]?.data).toEqual({ townId: 'late', ticks: ticksForSlot(slot, 1), slot });
    // and once sent, the same slot is not sent again
    expect((await s.run()).sent).toBe(0);
  });
});

describe('jobs merged at a fail-over', () => {
  const row = (slot: number, ticks: number, earlier?: { slot: number; ticks: number }[]) =>
    ({ id: `id-${slot}`, data: { townId: 'm', ticks, slot, ...(earlier ? { earlier } : {}) } }) as never;
  it('carry each earlier slot once, oldest first, and owe only what the town has not committed', () => {
    // a retry of slot 7, the waiting job of slot 8, and a job that already carried slot 6
    const data = merged([row(8, 1), row(7, 2, [{ slot: 6, ticks: 1 }]), row(7, 2)]);
    expect(data).toEqual({
      townId: 'm',
      ticks: 1,
      slot: 8,
      earlier: [
        { slot: 6, ticks: 1 },
        { slot: 7, ticks: 2 },
      ],
    });
    const job: TickJob = { id: 'x', data, retryCount: 0, createdOn: 0 };
    const clock = (slot?: { n: number; ticks: number }) =>
      ({ tick: 0, lastTickWall: null, ...(slot ? { slot } : {}) }) as never;
    expect(slotsOwed(job, clock())).toEqual([6, 7, 7, 8]);
    // slot 7's first tick was committed by the killed attempt
    expect(slotsOwed(job, clock({ n: 7, ticks: 1 }))).toEqual([7, 8]);
    expect(slotsOwed(job, clock({ n: 8, ticks: 1 }))).toEqual([]);
  });
});

describe('a job catches up on the slots its town missed', () => {
  const job = (slot: number, ticks = 1): TickJob => ({
    id: 'c',
    data: { townId: 'c', ticks, slot },
    retryCount: 0,
    createdOn: 0,
  });
  const clock = (n: number, ticks: number) => ({ tick: 9, lastTickWall: null, slot: { n, ticks } }) as never;
  const catchUp = { speed: 1, maxTicks: 6 };
  it('runs the missed slots first (a job lost after its retries, or dropped while the town was behind)', () => {
    expect(slotsOwed(job(13), clock(10, 1), catchUp)).toEqual([11, 12, 13]);
    // slot 10 had two ticks to run and committed one
    expect(slotsOwed(job(12), clock(10, 1), { speed: 2, maxTicks: 6 })).toEqual([10, 11, 11, 12]);
  });
  it('but not an outage longer than the catch-up bound: that is resumed, not replayed', () => {
    expect(slotsOwed(job(20), clock(10, 1), catchUp)).toEqual([20]);
    expect(slotsOwed(job(17), clock(10, 1), catchUp)).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(slotsOwed(job(13), clock(10, 1))).toEqual([13]); // no catch-up asked
  });
});

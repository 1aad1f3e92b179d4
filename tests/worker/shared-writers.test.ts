// People's actions between queue ticks (PostgreSQL): the bot's copy of a town and the workers are shared writers.
// An action after a worker's tick runs on the state the tick committed; an action sent while a tick runs waits for
// it and then commits on top, never in between and never refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { TownRegistry } from '../../src/town/registry.ts';
import { TownService } from '../../src/town/service.ts';
import { patientLeases } from '../../src/worker/patient-leases.ts';
import { runTickJob } from '../../src/worker/tick-job.ts';
import { TownLocks } from '../../src/worker/town-lock.ts';
import { WorkerTowns } from '../../src/worker/towns.ts';
import { openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { offlineKit } from '../support/worker-town.ts';

describe('bot actions and worker ticks on one town', () => {
  let db: TestDb;
  let locks: TownLocks;
  let towns: WorkerTowns;
  let bot: TownRegistry;
  const speaker = { id: 'u1', displayName: 'Sam' };

  beforeAll(async () => {
    db = await openTestDb('postgresql');
    const store = new PrismaTownStore(db.prisma);
    await TownService.create(
      { store, kit: offlineKit(), owner: 'setup' },
      { id: 'guild-1', scope: '1', file: tinyTown(), seed: 1 },
    );
    locks = new TownLocks(db.url, { owner: 'worker:test' });
    // The worker's model calls take 40 ms each, so a tick lasts long enough to send an action into it.
    towns = new WorkerTowns({
      store: patientLeases(store),
      kit: offlineKit({ delayMs: 40 }),
      owner: 'worker:test',
      locks,
    });
    bot = new TownRegistry({ store: patientLeases(store), kit: offlineKit(), owner: 'bot:test', sharedWriters: true });
  });
  afterAll(async () => {
    await bot?.close();
    await locks?.close();
    await db?.dispose();
  });

  const tick = () =>
    runTickJob(
      { id: 'j', data: { townId: 'guild-1', ticks: 1 }, retryCount: 0, createdOn: Date.now() },
      { towns, locks },
    );

  it('an action after a tick sees it; an action during a tick waits for it; nothing is refused', async () => {
    const town = await bot.get('1');
    if (!town) throw new Error('no town');
    expect(town.status().tick).toBe(0);
    expect((await tick()).status).toBe('ticked');
    // The bot's copy is behind; its next action reloads first and commits on top.
    await town.whisper('Ann Lee', speaker, 'The bakery closes early today.');
    expect(town.status().tick).toBe(1);
    expect(town.currentVersion).toBe(3);

    const during = tick();
    await new Promise((r) => setTimeout(r, 150)); // the tick holds the lease now
    // the job's hold: the worker's name and a nonce of this hold
    expect((await db.prisma.town.findUnique({ where: { id: 'guild-1' } }))?.leaseOwner).toMatch(
      /^worker:test#[0-9a-f]{8}$/,
    );
    await town.whisper('Bo Park', speaker, 'Ann heard about the bakery.');
    expect((await during).status).toBe('ticked');
    expect(town.status().tick).toBe(2);
    const rec = await db.prisma.town.findUnique({ where: { id: 'guild-1' } });
    expect([rec?.version, rec?.leaseOwner]).toEqual([5, null]);
    const inner = await db.prisma.memory.count({ where: { townId: 'guild-1', kind: 'inner_voice' } });
    expect(inner).toBe(2);
  });
});

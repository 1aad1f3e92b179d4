// A worker keeps at most WORKER_MAX_TOWNS towns loaded (issue 24, item 3): past it the least recently ticked town
// is let go (and loaded again when its turn comes); a town in a job is never let go.
import { describe, expect, it } from 'vitest';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { WorkerTowns } from '../../src/worker/towns.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { offlineKit } from '../support/worker-town.ts';

describe('WorkerTowns', () => {
  it('keeps the most recently ticked towns within the bound and reloads a town it let go', async () => {
    const store = new InMemoryTownStore();
    for (const id of ['a', 'b', 'c'])
      await TownService.create(
        { store, kit: offlineKit(), owner: 'setup' },
        { id, scope: id, file: tinyTown(), seed: 1 },
      );
    const towns = new WorkerTowns({ store, kit: offlineKit(), owner: 'worker:test:1', maxTowns: 2 });
    const job = async (id: string) => {
      const got = await towns.get(id);
      expect(got?.service.status().name).toBeTruthy();
      await towns.release(id);
    };
    await job('a');
    await job('b');
    await job('a'); // a is now the most recent
    await job('c'); // b, the least recently ticked, goes
    expect([towns.size, towns.loads, towns.evictions]).toEqual([2, 3, 1]);
    await job('a'); // still loaded: no load
    expect(towns.loads).toBe(3);
    await job('b'); // let go before: loaded again, and c goes
    expect([towns.size, towns.loads, towns.evictions]).toEqual([2, 4, 2]);
  });

  it('never lets go of a town in a job, even past the bound', async () => {
    const store = new InMemoryTownStore();
    for (const id of ['a', 'b'])
      await TownService.create(
        { store, kit: offlineKit(), owner: 'setup' },
        { id, scope: id, file: tinyTown(), seed: 1 },
      );
    const towns = new WorkerTowns({ store, kit: offlineKit(), owner: 'worker:test:2', maxTowns: 1 });
    await towns.get('a'); // a's job runs
    await towns.get('b'); // b's job runs beside it
    expect(towns.size).toBe(2);
    await towns.release('a');
    expect([towns.size, towns.evictions]).toEqual([1, 1]);
    await towns.release('b');
    expect(towns.size).toBe(1);
  });
});

describe('WorkerTowns under a memory budget (WORKER_MAX_MB)', () => {
  it('keeps as many towns as fit at their measured share of RSS, least recently ticked going first', async () => {
    const store = new InMemoryTownStore();
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const id of ids)
      await TownService.create(
        { store, kit: offlineKit(), owner: 'setup' },
        { id, scope: id, file: tinyTown(), seed: 1 },
      );
    // A process at 100 MB with no town, each loaded town holding 10 MB (as RSS would show it before a collection:
    // a town let go is still counted until the next load measures again).
    let resident = 100;
    const towns = new WorkerTowns({
      store,
      kit: offlineKit(),
      owner: 'worker:test:3',
      maxTowns: 50,
      maxMb: 140,
      rssMb: () => resident,
    });
    const job = async (id: string) => {
      await towns.get(id);
      resident = 100 + 10 * towns.size;
      await towns.release(id);
    };
    for (const id of ids) await job(id);
    // 40 MB of budget above the process's own 100 MB at 10 MB a town: 4 towns, the 4 most recently ticked
    expect(towns.size).toBe(4);
    expect(towns.evictions).toBe(2);
    const loads = towns.loads;
    await job('f'); // kept: no load
    await job('c'); // kept
    expect(towns.loads).toBe(loads);
    await job('a'); // let go before: loaded again, and d (least recently ticked) goes
    expect([towns.loads, towns.size]).toEqual([loads + 1, 4]);
    await job('d');
    expect(towns.loads).toBe(loads + 2);
  });
});

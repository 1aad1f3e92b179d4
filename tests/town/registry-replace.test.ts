// TownRegistry.replace: the live swap behind /town new, /town reset and /town import. Only the lease holder swaps;
// the schedule keeps running on the new town; a town that cannot be made leaves the old one as it was; whoever
// asks for the town during the swap gets the new one.
import { describe, expect, it } from 'vitest';
import { isUserError } from '../../src/errors.ts';
import { TownRegistry } from '../../src/town/registry.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

function registry(store = new InMemoryTownStore(), owner = 'a') {
  const { kit } = scriptedKit({});
  return new TownRegistry({ store, kit: () => kit, owner, defaultTown: () => tinyTown() });
}

describe('TownRegistry.replace', () => {
  it('keeps the schedule running, on the new town; people keep their personas', async () => {
    const r = registry();
    const old = await r.getOrCreate('console');
    await old.setPersona({ id: 'u1', displayName: 'U' }, 'Sam', 'a reporter');
    await old.step(2);
    await r.start('console');
    const fresh = await r.replace('console', { kind: 'file', file: tinyTown() });
    expect(fresh).not.toBe(old);
    expect(fresh.status().tick).toBe(0);
    const sch = r.scheduler(fresh.id)!;
    expect(sch.started).toBe(true);
    expect(sch.service).toBe(fresh);
    expect((await fresh.persona({ id: 'u1', displayName: 'U' }))?.name).toBe('Sam');
    await expect(old.step(1)).rejects.toThrow(); // the old town is closed
    await r.close();
  });

  it('is refused while another process holds the town; nothing changes', async () => {
    const store = new InMemoryTownStore();
    const a = registry(store, 'a');
    const b = registry(store, 'b');
    const mine = await a.getOrCreate('console');
    await mine.step(1);
    const theirs = (await b.get('console'))!;
    await mine.close(); // a lets go of the lease; b takes it and keeps it
    expect(await theirs.holdLease()).toBe(true);
    const c = registry(store, 'c');
    const err = await c.replace('console', { kind: 'file', file: tinyTown() }).catch((e: unknown) => e);
    expect(isUserError(err) && err.code).toBe('town/swap_leased');
    expect((err as Error).message).toContain('Nothing changed.');
    expect((await store.load('console'))?.state.clock.tick).toBe(1);
    await b.close();
    await c.close();
  });

  it('a town that cannot be made puts the old one back, memories, personas and schedule included', async () => {
    const store = new InMemoryTownStore();
    const r = registry(store);
    const old = await r.getOrCreate('console');
    await old.setPersona({ id: 'u1', displayName: 'U' }, 'Sam', 'a reporter');
    await old.step(3);
    const memories = (await store.loadMemories('console')).length;
    await r.start('console');
    // A town file whose residents live nowhere: building it fails after the old town was deleted.
    const broken = { ...tinyTown(), locations: [] };
    await expect(r.replace('console', { kind: 'file', file: broken })).rejects.toThrow();
    const back = (await r.get('console'))!;
    expect(back.status().tick).toBe(3);
    expect((await store.loadMemories('console')).length).toBe(memories);
    expect((await back.persona({ id: 'u1', displayName: 'U' }))?.name).toBe('Sam');
    expect(r.scheduler(back.id)?.started).toBe(true);
    expect(r.scheduler(back.id)?.service).toBe(back);
    await r.close();
  });

  it('whoever asks for the town during the swap gets the new one', async () => {
    const r = registry();
    const old = await r.getOrCreate('console');
    const swap = r.replace('console', { kind: 'file', file: tinyTown() });
    await new Promise((res) => setImmediate(res));
    const during = await r.get('console');
    const fresh = await swap;
    expect(during).toBe(fresh);
    expect(during).not.toBe(old);
    await r.close();
  });
});

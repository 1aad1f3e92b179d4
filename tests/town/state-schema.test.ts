// Saved state is parsed on load (issue 11, item 4): older snapshots get defaults, a record that does not parse names
// the town and the field and is never half-used.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

const dir = mkdtempSync(join(tmpdir(), 'state-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A store whose next load returns the stored snapshot edited by `edit` (as an older or damaged version wrote it). */
class EditedStore extends InMemoryTownStore {
  edit: ((s: Record<string, unknown>) => void) | null = null;
  override async load(townId: string) {
    const rec = await super.load(townId);
    if (rec && this.edit) this.edit(rec.state as unknown as Record<string, unknown>);
    return rec;
  }
}

async function town(store: InMemoryTownStore) {
  const { kit } = scriptedKit({});
  const deps = { store, kit: () => kit, owner: 'w1' };
  const service = await TownService.create(deps, { id: 't', scope: 'console', file: tinyTown(), seed: 1 });
  return { service, deps };
}

describe('saved state validation', () => {
  it('GIVEN a snapshot written before events, acquaintances, facts and stats existed WHEN loaded THEN defaults fill them', async () => {
    const store = new EditedStore();
    const { service, deps } = await town(store);
    await service.tick();
    store.edit = (s) => {
      for (const k of ['events', 'acquaintances', 'lastConversation', 'facts', 'stats', 'lastDigest']) delete s[k];
    };
    const loaded = await TownService.load(deps, 't');
    const snap = loaded?.snapshot();
    expect(snap?.events).toEqual([]);
    expect(snap?.acquaintances).toEqual([]);
    expect(snap?.stats.ticks).toBe(0);
    expect(snap?.lastDigest).toBeNull();
    await loaded?.tick();
    expect(loaded?.status().tick).toBe(2);
  });

  it('GIVEN a snapshot with a broken field WHEN loaded or reloaded THEN the error names the town and the field and nothing of it is used', async () => {
    const store = new EditedStore();
    const { service, deps } = await town(store);
    store.edit = (s) => {
      ((s.residents as Record<string, unknown>[])[1] as Record<string, unknown>).location = 5;
    };
    await expect(TownService.load(deps, 't')).rejects.toThrow(/Town t: .*residents\.1\.location/);
    // A running session whose reload meets the broken snapshot keeps its committed world and refuses to change.
    store.failNextCommit = new Error('disk full');
    await expect(service.tick()).rejects.toThrow('disk full');
    expect(service.status().tick).toBe(0);
    await expect(service.pause()).rejects.toThrow(/residents\.1\.location/);
    store.edit = null;
    await service.pause();
    expect(service.status().paused).toBe(true);
  });

  it('GIVEN a memory row whose evidence column is damaged WHEN the town loads THEN the error names the town, the memory and the column', async () => {
    const db = await openDatabase(`file:${join(dir, 'm.db')}`);
    const store = new PrismaTownStore(db.prisma);
    const { kit } = scriptedKit({});
    await TownService.create(
      { store, kit: () => kit, owner: 'w1' },
      { id: 't', scope: 'console', file: tinyTown(), seed: 1 },
    );
    const row = await db.prisma.memory.findFirst({ where: { townId: 't' } });
    await db.prisma.memory.update({ where: { id: row?.id ?? '' }, data: { evidence: '{"not": "a list"}' } });
    await expect(TownService.load({ store, kit: () => kit, owner: 'w1' }, 't')).rejects.toThrow(
      new RegExp(`Town t: the saved memory ${(row?.id ?? '').replace('t/', '')} does not parse at evidence`),
    );
    await db.close();
  });
});

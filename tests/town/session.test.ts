// The town session (src/town/session.ts): double faults, dead lease holders, takeovers. Each test failed before the
// session existed (issue 11, defects 2, 3 and 4).
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

/** An in-memory store whose next loads fail (a database gone for a moment), on top of its failNextCommit hook. */
class FlakyStore extends InMemoryTownStore {
  failLoads = 0;
  override async load(townId: string) {
    if (this.failLoads > 0) {
      this.failLoads--;
      throw new Error('disk I/O error');
    }
    return super.load(townId);
  }
}

async function town(store = new FlakyStore(), owner = 'w1', wallNow?: () => number) {
  const { kit } = scriptedKit({});
  const deps = { store, kit: () => kit, owner, ...(wallNow ? { wallNow } : {}) };
  const service = await TownService.create(deps, { id: 't', scope: 'console', file: tinyTown(), seed: 1 });
  return { service, store, deps };
}

/** A pid on this host that surely belongs to no process (a child that has exited). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('town session', () => {
  it('GIVEN a commit that fails and a reload that fails too WHEN the next tick commits THEN it saves no half-applied tick (defect 2)', async () => {
    const { service, store } = await town();
    await service.tick();
    store.failNextCommit = new Error('database is full');
    store.failLoads = 5;
    await expect(service.tick()).rejects.toThrow('database is full');
    store.failLoads = 0;
    await service.tick();
    const rec = await store.load('t');
    const mems = await store.loadMemories('t');
    const posts = await store.postsAfter('t', -1, 10_000);
    // Two ticks committed, not three: the failed tick left nothing behind.
    expect(rec?.state.clock.tick).toBe(2);
    for (const rs of rec?.state.residents ?? [])
      expect(rs.memoryCount).toBe(mems.filter((m) => m.agentId === rs.profile.id).length);
    const seqs = posts.map((p) => p.seq);
    expect(seqs).toEqual(seqs.map((_s, i) => (seqs[0] ?? 0) + i));
    expect(rec?.state.outboxSeq).toBe((seqs.at(-1) ?? -1) + 1);
  });

  it('GIVEN a lease held by a process of this host that is gone WHEN another process acts THEN it takes the town over at once (defect 3)', async () => {
    let wall = 1_000_000;
    const { service, store, deps } = await town(new FlakyStore(), `${hostname()}:${process.pid}:a`, () => wall);
    await service.tick();
    const dead = `${hostname()}:${deadPid()}:zz`;
    await store.releaseLease('t', deps.owner);
    expect(await store.acquireLease('t', dead, 30_000, wall)).toBe(true);
    const next = await TownService.load({ ...deps, owner: `${hostname()}:${process.pid}:b` }, 't');
    await next?.tick();
    expect((await store.load('t'))?.state.clock.tick).toBe(2);
    expect((await store.lease('t')).owner).toBe(`${hostname()}:${process.pid}:b`);
    // A live owner on another host keeps the town until its lease (short by default) expires.
    const other = 'elsewhere:4242:x';
    await store.releaseLease('t', `${hostname()}:${process.pid}:b`);
    expect(await store.acquireLease('t', other, next?.settings().leaseMs ?? 0, wall)).toBe(true);
    await expect(next?.tick()).rejects.toMatchObject({ code: 'town/leased' });
    expect(next?.settings().leaseMs).toBeLessThanOrEqual(30_000);
    wall += (next?.settings().leaseMs ?? 0) + 1;
    await next?.tick();
    expect((await store.load('t'))?.state.clock.tick).toBe(3);
  });

  it('GIVEN a standby loaded before the holder ticked WHEN it takes the lease over THEN it reloads and continues from the last commit (defect 4)', async () => {
    let wall = 1_000_000;
    const { service, store, deps } = await town(new FlakyStore(), 'holder', () => wall);
    const standby = await TownService.load({ ...deps, owner: 'standby' }, 't');
    await service.tick();
    await service.tick();
    // The holder dies without releasing; its lease runs out.
    wall += service.settings().leaseMs + 1;
    const r = await standby?.tick();
    expect(r?.tick).toBe(3);
    expect((await store.load('t'))?.state.clock.tick).toBe(3);
    // The delivery path (holdLease) reloads on takeover as well.
    wall += service.settings().leaseMs + 1;
    expect(await service.holdLease()).toBe(true);
    expect(service.status().tick).toBe(3);
  });

  it('readers see the last commit while a change is running (copy-on-write)', async () => {
    const { service } = await town();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const pausing = service.session.change(async (w) => {
      w.state.clock.paused = true;
      await gate;
    });
    await new Promise((r) => setImmediate(r));
    expect(service.status().paused).toBe(false);
    release();
    await pausing;
    expect(service.status().paused).toBe(true);
  });
});

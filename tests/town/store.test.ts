import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentId, Memory, MemoryId } from '../../src/agent/types.ts';
import { openDatabase } from '../../src/db/client.ts';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { buildTownState } from '../../src/town/build.ts';
import { loadTownFile } from '../../src/town/file-io.ts';
import { InMemoryTownStore, TownConflictError, type TownStore } from '../../src/town/store.ts';
import type { NewPost } from '../../src/town/types.ts';

const agent = 'rosa-delgado' as AgentId;
const mem = (seq: number, extra: Partial<Memory> = {}): Memory => ({
  id: `${agent}/${seq}` as MemoryId,
  agentId: agent,
  seq,
  kind: 'observation',
  description: `memory ${seq}`,
  createdAt: 1_000 + seq,
  lastAccessAt: 1_000 + seq,
  importance: 3,
  embedding: new Float32Array([0.5, -0.25, 1e-7, seq]),
  embedderId: 'lexical-4',
  evidence: [],
  depth: 0,
  ...extra,
});
const post = (seq: number): NewPost => ({
  seq,
  location: 'copper-kettle',
  speakerId: agent,
  speakerName: 'Rosa Delgado',
  emoji: '☕',
  kind: 'action',
  text: `post ${seq}`,
  simTime: 5_000,
});

let dir = '';
let closeDb: (() => Promise<void>) | null = null;
const stores: [string, () => Promise<TownStore>][] = [
  ['in-memory', async () => new InMemoryTownStore()],
  [
    'prisma (sqlite)',
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'town-store-'));
      const db = await openDatabase(`file:${join(dir, 'town.db')}`);
      closeDb = db.close;
      return new PrismaTownStore(db.prisma);
    },
  ],
];

describe.each(stores)('TownStore contract: %s', (_name, make) => {
  let store: TownStore;
  const state = buildTownState(loadTownFile(), { initialMind: () => ({ plan: [] }) });
  beforeAll(async () => {
    store = await make();
    await store.create({ id: 't1', scope: 'g1', name: state.name, state, memories: [mem(1), mem(2)] });
  });
  afterAll(async () => {
    if (closeDb) await closeDb();
    closeDb = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('creates a town at version 1 and loads it back (snapshot, memories with exact vectors)', async () => {
    const rec = await store.load('t1');
    expect(rec?.version).toBe(1);
    expect(rec?.scope).toBe('g1');
    expect(rec?.state.residents).toHaveLength(10);
    const ms = await store.loadMemories('t1');
    expect(ms.map((m) => m.id)).toEqual([`${agent}/1`, `${agent}/2`]);
    expect(Array.from(ms[0]?.embedding ?? [])).toEqual(Array.from(new Float32Array([0.5, -0.25, 1e-7, 1])));
    await expect(store.create({ id: 't1', scope: 'g1', name: 'x', state, memories: [] })).rejects.toBeInstanceOf(
      TownConflictError,
    );
    expect(await store.load('missing')).toBeNull();
    expect((await store.list()).map((t) => t.id)).toContain('t1');
  });

  it('commits snapshot, memory journal and posts together and bumps the version', async () => {
    const next = structuredClone(state);
    next.clock.tick = 1;
    const plan = mem(3, {
      kind: 'plan',
      plan: { level: 'hour', start: 7, minutes: 60, location: 'copper-kettle' },
      meta: { x: 1 },
    });
    const v = await store.commit({
      townId: 't1',
      expectedVersion: 1,
      state: next,
      memories: { added: [plan], touched: [{ agentId: agent, id: `${agent}/1` as MemoryId, lastAccessAt: 9_999 }] },
      posts: [post(1), post(2)],
      owner: 'w1',
    });
    expect(v).toBe(2);
    const rec = await store.load('t1');
    expect(rec?.state.clock.tick).toBe(1);
    const ms = await store.loadMemories('t1');
    expect(ms.find((m) => m.seq === 1)?.lastAccessAt).toBe(9_999);
    expect(ms.find((m) => m.seq === 3)?.plan).toEqual({
      level: 'hour',
      start: 7,
      minutes: 60,
      location: 'copper-kettle',
    });
    expect(ms.find((m) => m.seq === 3)?.meta).toEqual({ x: 1 });
    expect((await store.pendingPosts('t1', 10)).map((p) => p.seq)).toEqual([1, 2]);
  });

  it('refuses a stale version and stores nothing of it', async () => {
    await expect(
      store.commit({
        townId: 't1',
        expectedVersion: 1,
        state,
        memories: { added: [mem(4)], touched: [] },
        posts: [post(3)],
        owner: 'w1',
      }),
    ).rejects.toBeInstanceOf(TownConflictError);
    expect((await store.loadMemories('t1')).length).toBe(3);
    expect((await store.pendingPosts('t1', 10)).length).toBe(2);
  });

  it('is all or nothing: a commit failing half-way (duplicate memory) leaves no trace', async () => {
    const next = structuredClone(state);
    next.clock.tick = 99;
    await expect(
      store.commit({
        townId: 't1',
        expectedVersion: 2,
        state: next,
        memories: { added: [mem(5), mem(1)], touched: [] },
        posts: [post(3)],
        owner: 'w1',
      }),
    ).rejects.toThrow();
    const rec = await store.load('t1');
    expect(rec?.version).toBe(2);
    expect(rec?.state.clock.tick).toBe(1);
    expect((await store.loadMemories('t1')).map((m) => m.seq)).toEqual([1, 2, 3]);
    expect((await store.postsAfter('t1', 0, 10)).map((p) => p.seq)).toEqual([1, 2]);
  });

  it('gives the lease to one owner at a time; an expired lease can be taken over', async () => {
    const now = Date.now();
    expect(await store.acquireLease('t1', 'a', 60_000, now)).toBe(true);
    expect(await store.acquireLease('t1', 'b', 60_000, now)).toBe(false);
    expect(await store.acquireLease('t1', 'a', 60_000, now + 10)).toBe(true);
    // A commit by someone else while the lease is live is refused.
    await expect(
      store.commit({
        townId: 't1',
        expectedVersion: 2,
        state,
        memories: { added: [], touched: [] },
        posts: [],
        owner: 'b',
      }),
    ).rejects.toBeInstanceOf(TownConflictError);
    expect(await store.acquireLease('t1', 'b', 60_000, now + 120_000)).toBe(true);
    expect((await store.lease('t1')).owner).toBe('b');
    await store.releaseLease('t1', 'b');
    expect((await store.lease('t1')).owner).toBeNull();
  });

  it('drains the outbox in order and marks delivery once', async () => {
    await store.markDelivered('t1', [1], 'msg-1', Date.now());
    const pending = await store.pendingPosts('t1', 10);
    expect(pending.map((p) => p.seq)).toEqual([2]);
    await store.markFailed('t1', 2, 'rate limited');
    expect((await store.pendingPosts('t1', 10))[0]?.attempts).toBe(1);
    const all = await store.postsAfter('t1', 0, 10);
    expect(all[0]?.deliveryRef).toBe('msg-1');
    expect(all[0]?.deliveredAt).not.toBeNull();
  });

  it('keeps personas per user', async () => {
    await store.setPersona('t1', { userId: 'u1', name: 'Sam', description: 'a reporter' });
    await store.setPersona('t1', { userId: 'u1', name: 'Sam', description: 'a reporter for the paper' });
    expect(await store.getPersona('t1', 'u1')).toEqual({
      userId: 'u1',
      name: 'Sam',
      description: 'a reporter for the paper',
    });
    expect(await store.listPersonas('t1')).toHaveLength(1);
    expect(await store.clearPersona('t1', 'u1')).toBe(true);
    expect(await store.clearPersona('t1', 'u1')).toBe(false);
    expect(await store.getPersona('t1', 'u1')).toBeNull();
  });
});

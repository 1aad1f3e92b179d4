// Repository contract: PrismaTownStore behaves the same on SQLite and PostgreSQL (one real server per test run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentId, Memory, MemoryId } from '../../../src/agent/types.ts';
import { PrismaChannelStore } from '../../../src/db/channel-store.ts';
import { PrismaTownStore } from '../../../src/db/town-store.ts';
import { buildTownState } from '../../../src/town/build.ts';
import { loadTownFile } from '../../../src/town/file-io.ts';
import { TownConflictError } from '../../../src/town/store.ts';
import type { NewPost } from '../../../src/town/types.ts';
import { ENGINES, openTestDb, type TestDb } from '../../support/postgres-db.ts';

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
  embedding: new Float32Array([0.5, -0.25, 1e-7, seq, Number.MIN_VALUE, -0]),
  embedderId: 'lexical-6',
  evidence: [],
  depth: 0,
  ...extra,
});
const post = (seq: number, text = `post ${seq}`): NewPost => ({
  seq,
  location: 'copper-kettle',
  speakerId: agent,
  speakerName: 'Rosa Delgado',
  emoji: '☕',
  kind: 'action',
  text,
  simTime: 5_000,
});

describe.each(ENGINES)('TownStore contract on %s', (engine) => {
  let db: TestDb;
  let store: PrismaTownStore;
  const state = buildTownState(loadTownFile(), { initialMind: () => ({ plan: [] }) });
  const commit = (townId: string, expectedVersion: number, extra: Partial<Parameters<PrismaTownStore['commit']>[0]>) =>
    store.commit({
      townId,
      expectedVersion,
      state,
      memories: { added: [], touched: [] },
      posts: [],
      owner: 'w1',
      ...extra,
    });

  beforeAll(async () => {
    db = await openTestDb(engine);
    store = new PrismaTownStore(db.prisma);
  });
  afterAll(async () => db?.dispose());

  it('creates a town at version 1 and loads snapshot and memories back, vectors bit for bit', async () => {
    await store.create({ id: 't1', scope: '1234', name: state.name, state, memories: [mem(1), mem(2)] });
    const rec = await store.load('t1');
    expect(rec).toMatchObject({ id: 't1', scope: '1234', version: 1 });
    expect(rec?.state).toEqual(state);
    const ms = await store.loadMemories('t1');
    expect(ms).toEqual([mem(1), mem(2)]);
    expect(Object.is(ms[0]?.embedding?.[5], -0)).toBe(true);
    await expect(store.create({ id: 't1', scope: 'x', name: 'x', state, memories: [] })).rejects.toBeInstanceOf(
      TownConflictError,
    );
    expect(await store.load('missing')).toBeNull();
    await store.create({ id: 'console', scope: 'console', name: 'c', state, memories: [] });
    expect(await store.list()).toEqual([
      { id: 'console', scope: 'console', name: 'c' },
      { id: 't1', scope: '1234', name: state.name },
    ]);
  });

  it('loads the vectors of chosen memories by id (bounded RAM fetches evicted ones), absent for none or unknown', async () => {
    await store.create({
      id: 'tv',
      scope: 'console-v',
      name: 'v',
      state,
      memories: [mem(1), mem(2, { embedding: null, embedderId: null }), mem(3)],
    });
    const got = await store.loadVectors('tv', [`${agent}/3`, `${agent}/2`, `${agent}/9`] as MemoryId[]);
    expect([...got.keys()]).toEqual([`${agent}/3`]);
    expect(got.get(`${agent}/3` as MemoryId)).toEqual(mem(3).embedding);
    expect((await store.loadVectors('t1', [`${agent}/3`] as MemoryId[])).size).toBe(0);
  });

  it('commits snapshot, memory journal and posts in one transaction and bumps the version', async () => {
    const next = structuredClone(state);
    next.clock.tick = 1;
    const plan = mem(3, {
      kind: 'plan',
      plan: { level: 'hour', start: 7, minutes: 60, location: 'park' },
      meta: { x: 1 },
    });
    const v = await commit('t1', 1, {
      state: next,
      memories: { added: [plan], touched: [{ agentId: agent, id: `${agent}/1` as MemoryId, lastAccessAt: 9_999 }] },
      posts: [post(1), post(2, 'ünïcode ✓ and a "quote"')],
    });
    expect(v).toBe(2);
    expect((await store.load('t1'))?.state.clock.tick).toBe(1);
    const ms = await store.loadMemories('t1');
    expect(ms.find((m) => m.seq === 1)?.lastAccessAt).toBe(9_999);
    expect(ms.find((m) => m.seq === 3)).toEqual(plan);
    const pending = await store.pendingPosts('t1', 10);
    expect(pending.map((p) => [p.seq, p.text])).toEqual([
      [1, 'post 1'],
      [2, 'ünïcode ✓ and a "quote"'],
    ]);
  });

  it('touches and removes memories by id inside their own town only; reads the version alone', async () => {
    // Both towns hold memories with the same core ids: the store looks rows up by its town-qualified key alone.
    const before = await store.loadMemories('t1');
    expect(await store.version('tv')).toBe(1);
    const v = await commit('tv', 1, {
      memories: {
        added: [],
        touched: [{ agentId: agent, id: `${agent}/1` as MemoryId, lastAccessAt: 77_777 }],
        removed: [`${agent}/3` as MemoryId],
      },
    });
    expect(v).toBe(2);
    expect(await store.version('tv')).toBe(2);
    expect(await store.version('missing')).toBeNull();
    const tv = await store.loadMemories('tv');
    expect(tv.map((m) => [m.seq, m.lastAccessAt])).toEqual([
      [1, 77_777],
      [2, 1_002],
    ]);
    expect(await store.loadMemories('t1')).toEqual(before);
  });

  it('refuses a stale version and a half-failed commit leaves no trace', async () => {
    await expect(
      commit('t1', 1, { memories: { added: [mem(4)], touched: [] }, posts: [post(3)] }),
    ).rejects.toBeInstanceOf(TownConflictError);
    // A duplicate memory fails the commit part-way: the snapshot, the new memory and the post roll back.
    const next = structuredClone(state);
    next.clock.tick = 99;
    await expect(
      commit('t1', 2, { state: next, memories: { added: [mem(5), mem(1)], touched: [] }, posts: [post(3)] }),
    ).rejects.toThrow();
    const rec = await store.load('t1');
    expect([rec?.version, rec?.state.clock.tick]).toEqual([2, 1]);
    expect((await store.loadMemories('t1')).map((m) => m.seq)).toEqual([1, 2, 3]);
    expect((await store.postsAfter('t1', 0, 10)).map((p) => p.seq)).toEqual([1, 2]);
    // A post seq already in the outbox (a retried commit) is refused the same way: posts are never duplicated.
    await expect(commit('t1', 2, { posts: [post(2)] })).rejects.toThrow();
    expect((await store.postsAfter('t1', 0, 10)).map((p) => p.seq)).toEqual([1, 2]);
  });

  it('two writers racing on the same version: exactly one commit wins', async () => {
    const results = await Promise.allSettled(
      [10, 11, 12, 13].map((seq) =>
        commit('t1', 2, { memories: { added: [mem(seq)], touched: [] }, posts: [post(seq)] }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(TownConflictError);
    expect((await store.load('t1'))?.version).toBe(3);
    expect((await store.postsAfter('t1', 2, 10)).length).toBe(1);
  });

  it('a large commit (300 memories, 120 posts, a 1 MB text) goes through in one piece', async () => {
    const big = 'x'.repeat(1_000_000);
    const added = Array.from({ length: 300 }, (_, i) => mem(100 + i, { description: i === 0 ? big : `m${i}` }));
    const posts = Array.from({ length: 120 }, (_, i) => post(100 + i));
    expect(await commit('t1', 3, { memories: { added, touched: [] }, posts })).toBe(4);
    const ms = await store.loadMemories('t1');
    expect(ms.find((m) => m.seq === 100)?.description.length).toBe(1_000_000);
    expect(ms.length).toBe(4 + 300);
    expect((await store.pendingPosts('t1', 1000)).length).toBe(3 + 120);
  });

  it('gives the lease to one owner at a time; an expired lease can be taken over', async () => {
    const now = Date.now();
    expect(await store.acquireLease('t1', 'a', 60_000, now)).toBe(true);
    expect(await store.acquireLease('t1', 'b', 60_000, now)).toBe(false);
    expect(await store.acquireLease('t1', 'a', 60_000, now + 10)).toBe(true);
    await expect(commit('t1', 4, { owner: 'b' })).rejects.toBeInstanceOf(TownConflictError);
    expect(await store.acquireLease('t1', 'b', 60_000, now + 120_000)).toBe(true);
    expect(await store.lease('t1')).toEqual({ owner: 'b', until: now + 180_000 });
    await store.releaseLease('t1', 'b');
    expect((await store.lease('t1')).owner).toBeNull();
  });

  it("a fenced commit (a worker's tick) needs the writer's own lease, live by the database's clock", async () => {
    await store.create({ id: 'fence', scope: 'fence', name: 'Fence', state, memories: [] });
    // no lease: refused (an unfenced writer would be let through)
    await expect(commit('fence', 1, { owner: 'w#1', fenced: true })).rejects.toBeInstanceOf(TownConflictError);
    expect(await store.acquireLease('fence', 'w#1', 60_000, Date.now())).toBe(true);
    await expect(commit('fence', 1, { owner: 'w#2', fenced: true })).rejects.toBeInstanceOf(TownConflictError);
    expect(await commit('fence', 1, { owner: 'w#1', fenced: true })).toBe(2);
    // the lease ran out (its deadline passed by the database's clock): refused although nobody took it
    await db.prisma.town.update({ where: { id: 'fence' }, data: { leaseUntil: new Date(Date.now() - 5_000) } });
    await expect(commit('fence', 2, { owner: 'w#1', fenced: true })).rejects.toBeInstanceOf(TownConflictError);
    expect((await store.load('fence'))?.version).toBe(2);
  });

  it('drains the outbox in order and marks delivery once', async () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    await store.markDelivered('t1', [1], 'msg-1', at);
    await store.markDelivered('t1', [1], 'msg-again', at + 1);
    expect((await store.pendingPosts('t1', 2)).map((p) => p.seq)).toEqual([2, 10]);
    await store.markFailed('t1', 2, 'rate limited');
    expect((await store.pendingPosts('t1', 1))[0]).toMatchObject({ seq: 2, attempts: 1 });
    const [first] = await store.postsAfter('t1', 0, 1);
    expect(first).toMatchObject({ seq: 1, deliveryRef: 'msg-1', deliveredAt: at, attempts: 1 });
  });

  it('keeps a dialogue line’s conversation id and lists a conversation’s posts in order, delivered or not', async () => {
    await store.create({ id: 't-talk', scope: 'talk', name: 'Talk', state, memories: [] });
    const line = (seq: number, conversationId?: string): NewPost => ({
      ...post(seq, `line ${seq}`),
      kind: 'dialogue',
      ...(conversationId ? { conversationId } : {}),
    });
    await commit('t-talk', 1, { posts: [line(1, 'c1'), line(2, 'c2'), line(3), line(4, 'c1')] });
    await store.markDelivered('t-talk', [1], '{"messageIds":["9"],"threadId":"9"}', Date.now());
    const c1 = await store.conversationPosts('t-talk', 'c1', 10);
    expect(c1.map((p) => [p.seq, p.conversationId, p.deliveryRef])).toEqual([
      [1, 'c1', '{"messageIds":["9"],"threadId":"9"}'],
      [4, 'c1', null],
    ]);
    expect(await store.conversationPosts('t-talk', 'c1', 1)).toHaveLength(1);
    // a post without one (an old row, or not a conversation line) reads back without the field
    const [, , old] = await store.postsAfter('t-talk', 0, 10);
    expect(old).not.toHaveProperty('conversationId');
  });

  it('keeps personas per user and town', async () => {
    await store.setPersona('t1', { userId: 'u1', name: 'Sam', description: 'a reporter' });
    await store.setPersona('t1', { userId: 'u1', name: 'Sam', description: 'a reporter for the paper' });
    await store.setPersona('t1', { userId: 'u2', name: 'Ada', description: 'a baker' });
    await store.setPersona('console', { userId: 'u1', name: 'Other', description: 'elsewhere' });
    expect(await store.getPersona('t1', 'u1')).toEqual({
      userId: 'u1',
      name: 'Sam',
      description: 'a reporter for the paper',
    });
    expect((await store.listPersonas('t1')).map((p) => p.name)).toEqual(['Ada', 'Sam']);
    expect(await store.clearPersona('t1', 'u1')).toBe(true);
    expect(await store.clearPersona('t1', 'u1')).toBe(false);
    expect(await store.getPersona('t1', 'u1')).toBeNull();
    expect((await store.getPersona('console', 'u1'))?.name).toBe('Other');
  });

  it("deletes one town with its memories, outbox, personas and channel bindings; the day's usage and other towns stay", async () => {
    await store.create({ id: 'gone', scope: '777', name: state.name, state, memories: [mem(1), mem(2)] });
    await store.create({ id: 'kept', scope: '778', name: state.name, state, memories: [mem(1)] });
    await commit('gone', 1, { posts: [post(1), post(2)] });
    await commit('kept', 1, { posts: [post(1)] });
    await store.setPersona('gone', { userId: 'u1', name: 'Sam', description: 'a reporter' });
    await store.setPersona('kept', { userId: 'u1', name: 'Ada', description: 'a baker' });
    const channels = new PrismaChannelStore(db.prisma);
    await channels.bind('gone', 'copper-kettle', '111');
    await channels.bind('kept', 'copper-kettle', '222');
    await db.prisma.modelUsage.create({
      data: { townId: 'gone', day: '2026-01-02', task: 'plan', model: 'm', calls: 3 },
    });

    await store.deleteTown('gone');
    await store.deleteTown('gone'); // a second delete is not an error

    expect(await store.load('gone')).toBeNull();
    expect((await store.list()).map((t) => t.id)).not.toContain('gone');
    expect(await db.prisma.memory.count({ where: { townId: 'gone' } })).toBe(0);
    expect(await db.prisma.outboxPost.count({ where: { townId: 'gone' } })).toBe(0);
    expect(await db.prisma.persona.count({ where: { townId: 'gone' } })).toBe(0);
    expect(await channels.list('gone')).toEqual([]);
    expect(await db.prisma.modelUsage.count({ where: { townId: 'gone' } })).toBe(1);
    // The same id can be created again (what /town reset does), empty.
    await store.create({ id: 'gone', scope: '777', name: state.name, state, memories: [] });
    expect(await store.loadMemories('gone')).toEqual([]);
    expect(await store.pendingPosts('gone', 10)).toEqual([]);
    expect((await store.loadMemories('kept')).length).toBe(1);
    expect((await store.pendingPosts('kept', 10)).length).toBe(1);
    expect((await store.getPersona('kept', 'u1'))?.name).toBe('Ada');
    expect((await channels.list('kept')).map((b) => b.channelId)).toEqual(['222']);
  });
});

// A tick's model calls run on a snapshot outside the town lock (session.ts decideThenApply, rebase.ts): a whisper,
// an interview or a `say` issued while a tick waits for its model completes before the tick, and the tick, applied
// afterwards, neither overwrites nor loses it. The town runs the real agent mind; the model is the offline model
// behind a gate that holds the tick's calls (the outside world, slow), not a mock of our code.
import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import type { LanguageModel, ModelInfo, ObjectRequest } from '../../src/llm/port.ts';
import { agentOfflineRules } from '../../src/offline/agent/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { agentKit } from '../../src/town/agent-kit.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { tinyTown } from '../support/town-fixtures.ts';

/** The offline model; while `holding`, calls wait until `release()` (a slow provider mid-tick). */
class GatedModel implements LanguageModel {
  private readonly inner = new OfflineModel(agentOfflineRules);
  holding = false;
  private held: (() => void)[] = [];
  private waiters: (() => void)[] = [];

  get info(): ModelInfo {
    return this.inner.info;
  }

  async object<T>(req: ObjectRequest<T>): Promise<T> {
    if (this.holding) {
      await new Promise<void>((r) => {
        this.held.push(r);
        for (const w of this.waiters.splice(0)) w();
      });
    }
    return this.inner.object(req);
  }

  /** Resolves once at least one call is held. */
  async someHeld(): Promise<void> {
    while (this.held.length === 0) await new Promise<void>((r) => this.waiters.push(r));
  }

  /** Lets held calls go on; new calls are no longer held. */
  release(): void {
    this.holding = false;
    for (const r of this.held.splice(0)) r();
  }
}

const sam = { id: 'u1', displayName: 'Sam' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function town() {
  const llm = new GatedModel();
  const store = new InMemoryTownStore();
  const logs: string[] = [];
  const logData: Record<string, unknown>[] = [];
  const deps = {
    store,
    kit: (townId: string, settings: Record<string, unknown>) =>
      agentKit({ llm, embedder: new LexicalEmbedder({ dimensions: 128 }), settings, townId }),
    owner: 'w1',
    log: (_level: string, msg: string, data?: Record<string, unknown>) => {
      logs.push(msg);
      logData.push({ msg, ...data });
    },
  };
  // talks stay pairs here (maxGroupSize 2: Ann would join Bo and Cy otherwise), so the rebase cases below keep their shape
  const file = tinyTown();
  const service = await TownService.create(deps, {
    id: 't',
    scope: 'console',
    file: { ...file, settings: { ...(file.settings ?? {}), maxGroupSize: 2 } },
    seed: 1,
  });
  return { service, store, llm, deps, logs, logData };
}

/** Starts a tick and waits until its model calls are held (the tick is in its decide phase). */
async function tickInFlight(llm: GatedModel, service: TownService) {
  llm.holding = true;
  let done = false;
  const tick = service.tick().finally(() => {
    done = true;
  });
  await llm.someHeld();
  llm.holding = false; // what comes next (a person's operation) is not held; the tick's held calls still wait
  return { tick, done: () => done };
}

/** Whether `p` settles within `ms` (on main the operation waited for the whole tick: it would not). */
async function settlesWithin<T>(p: Promise<T>, ms: number): Promise<boolean> {
  return Promise.race([p.then(() => true), sleep(ms).then(() => false)]);
}

/** The store is consistent: memory counts match stored rows, posts form one gap-free sequence. */
async function expectConsistent(store: InMemoryTownStore) {
  const rec = await store.load('t');
  const mems = await store.loadMemories('t');
  for (const rs of rec?.state.residents ?? [])
    expect(rs.memoryCount).toBe(mems.filter((m) => m.agentId === rs.profile.id).length);
  const seqs = (await store.postsAfter('t', -1, 10_000)).map((p) => p.seq);
  expect(seqs).toEqual(seqs.map((_s, i) => (seqs[0] ?? 0) + i));
  expect(rec?.state.outboxSeq).toBe((seqs.at(-1) ?? -1) + 1);
  return { rec, mems };
}

describe('a tick decides outside the town lock', () => {
  it('GIVEN a tick waiting for its model WHEN a whisper comes THEN it completes first, and the committed tick keeps its memory and re-plan', async () => {
    const { service, store, llm, logs } = await town();
    await service.step(2);
    const before = await store.load('t');
    const { tick, done } = await tickInFlight(llm, service);
    const whisper = service.whisper('Ann Lee', sam, 'I should bake bread for the neighbours today.');
    expect(await settlesWithin(whisper, 2000)).toBe(true);
    expect(done()).toBe(false);
    const afterWhisper = service.snapshot().residents.find((r) => r.profile.id === 'ann-lee');
    llm.release();
    const r = await tick;
    expect(logs).toContain('tick rebased on changes made while it decided');
    expect(r.tick).toBe((before?.state.clock.tick ?? 0) + 1);
    const { rec, mems } = await expectConsistent(store);
    expect(rec?.state.clock.tick).toBe(r.tick);
    // The whisper's memory is stored and in the committed world; Ann's re-planned mind is the whisper's, not the
    // tick's (decided on a snapshot from before the whisper).
    expect(
      mems.some((m) => m.agentId === 'ann-lee' && m.kind === 'inner_voice' && /bake bread/.test(m.description)),
    ).toBe(true);
    expect(
      service
        .liveResident('Ann Lee')
        .memory.all()
        .some((m) => m.kind === 'inner_voice' && /bake bread/.test(m.description)),
    ).toBe(true);
    const ann = rec?.state.residents.find((r) => r.profile.id === 'ann-lee');
    expect(ann).toEqual(afterWhisper);
    expect(service.liveResident('Ann Lee').mind).toEqual(afterWhisper?.mind);
    // The others took the tick: their memories grew (perception at least) and the clock moved on.
    const bo = rec?.state.residents.find((r) => r.profile.id === 'bo-park');
    const boBefore = before?.state.residents.find((r) => r.profile.id === 'bo-park');
    expect(bo?.memoryCount).toBeGreaterThan(boBefore?.memoryCount ?? 0);
    // No post of Ann's from the dropped tick result.
    const tickPosts = (await store.postsAfter('t', before?.state.outboxSeq ?? 0, 1000)).filter(
      (p) => p.simTime === r.now,
    );
    expect(tickPosts.some((p) => p.speakerId === 'ann-lee')).toBe(false);
  });

  it('GIVEN a tick waiting for its model WHEN an interview and a say come THEN they answer first; posts stay one sequence and a reload sees the same town', async () => {
    const { service, store, llm, deps, logs } = await town();
    await service.step(1);
    const { tick, done } = await tickInFlight(llm, service);
    const interview = service.interview('Bo Park', sam, 'What do you like to drink?');
    expect(await settlesWithin(interview, 2000)).toBe(true);
    const said = service.say('cafe', sam, 'Good morning, Ann Lee!');
    expect(await settlesWithin(said, 2000)).toBe(true);
    expect(done()).toBe(false);
    const replySeqs = (await store.postsAfter('t', -1, 10_000)).filter((p) => p.kind === 'reply').map((p) => p.seq);
    llm.release();
    const r = await tick;
    const { rec, mems } = await expectConsistent(store);
    expect(mems.some((m) => m.agentId === 'bo-park' && m.kind === 'interview')).toBe(true);
    // The replies were committed before the tick; the tick's posts follow them.
    const tickSeqs = r.posts.map((p) => p.seq);
    for (const s of tickSeqs) expect(s).toBeGreaterThan(Math.max(-1, ...replySeqs));
    expect(rec?.state.outboxSeq).toBe(Math.max(-1, ...replySeqs, ...tickSeqs) + 1);
    // The speech event reaches the next tick (a replied line is heard by those present).
    await service.step(1);
    await expectConsistent(store);
    // What is in memory is what a reload builds: no memory count differs.
    const again = await TownService.load(deps, 't');
    expect(again?.snapshot()).toEqual(service.snapshot());
    expect(logs.filter((l) => l.includes('memory count differs'))).toEqual([]);
  });

  it('GIVEN nothing interleaved WHEN ticks run THEN each commits the fork as it is (no rebase)', async () => {
    const { service, store, logs } = await town();
    await service.step(3);
    await expectConsistent(store);
    expect(logs.filter((l) => l.includes('rebased'))).toEqual([]);
    expect(service.snapshot().clock.tick).toBe(3);
  });

  it('GIVEN a tick in flight WHEN an admin pauses the town and changes an object THEN the tick keeps both', async () => {
    const { service, store, llm } = await town();
    await service.step(1);
    const { tick } = await tickInFlight(llm, service);
    expect(await settlesWithin(service.pause(), 2000)).toBe(true);
    expect(await settlesWithin(service.setObject('house', 'stove', 'burning'), 2000)).toBe(true);
    llm.release();
    await tick;
    const { rec } = await expectConsistent(store);
    expect(rec?.state.clock.paused).toBe(true);
    const stove = rec?.state.locations.find((l) => l.id === 'house')?.subAreas[0]?.objects[0];
    expect(stove?.status).toBe('burning');
    expect(rec?.state.events.some((e) => /stove .* is burning/.test(e.description))).toBe(true);
  });
  it('GIVEN a tick in which Bo and Cy talk WHEN Bo is whispered to meanwhile THEN the conversation is dropped for both sides, Ann takes the tick', async () => {
    const { service, store, llm, logData } = await town();
    await service.step(1); // with seed 1, Bo Park and Cy Ray talk at tick 2 (nobody interleaving)
    const before = await store.load('t');
    const memsBefore = await store.loadMemories('t');
    const { tick } = await tickInFlight(llm, service);
    expect(await settlesWithin(service.whisper('Bo Park', sam, 'I must call my sister.'), 2000)).toBe(true);
    const boAfterWhisper = service.snapshot().residents.find((r) => r.profile.id === 'bo-park');
    llm.release();
    const r = await tick;
    const { rec, mems } = await expectConsistent(store);
    const of = (id: string) => rec?.state.residents.find((x) => x.profile.id === id);
    const was = (id: string) => before?.state.residents.find((x) => x.profile.id === id);
    expect(of('bo-park')).toEqual(boAfterWhisper);
    expect(of('cy-ray')).toEqual(was('cy-ray')); // Cy's side of the dropped conversation is dropped too
    expect(mems.filter((m) => m.agentId === 'cy-ray')).toHaveLength(
      memsBefore.filter((m) => m.agentId === 'cy-ray').length,
    );
    const rebased = logData.find((l) => l.msg === 'tick rebased on changes made while it decided');
    expect(rebased?.dropped).toEqual(['bo-park', 'cy-ray']);
    expect(r.conversations).toBe(0);
    expect(r.posts.some((p) => p.kind === 'dialogue')).toBe(false);
    expect(rec?.state.stats.conversations).toBe(before?.state.stats.conversations);
    expect(rec?.state.lastConversation['bo-park|cy-ray']).toBe(before?.state.lastConversation['bo-park|cy-ray']);
    expect(of('ann-lee')?.memoryCount).toBeGreaterThan(was('ann-lee')?.memoryCount ?? 0);
    expect(rec?.state.clock.tick).toBe(2);
  });
  it("GIVEN a whisper committed while a tick decided WHEN the tick's commit fails THEN the whisper stays, nothing of the tick is saved, the next tick commits", async () => {
    const { service, store, llm } = await town();
    await service.step(1);
    const { tick } = await tickInFlight(llm, service);
    expect(
      await settlesWithin(service.whisper('Ann Lee', sam, 'I should bake bread for the neighbours today.'), 2000),
    ).toBe(true);
    const afterWhisper = await store.load('t');
    store.failNextCommit = new Error('database is full');
    llm.release();
    await expect(tick).rejects.toThrow('database is full');
    expect((await store.load('t'))?.state).toEqual(afterWhisper?.state);
    expect(service.snapshot()).toEqual(afterWhisper?.state);
    const r = await service.tick();
    expect(r.tick).toBe(2);
    const { mems } = await expectConsistent(store);
    expect(mems.some((m) => m.agentId === 'ann-lee' && m.kind === 'inner_voice')).toBe(true);
  });
});

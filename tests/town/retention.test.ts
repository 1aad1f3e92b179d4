// Retention (issue 11, item 3): routine observations older than the window become one summary per day; what a
// reflection cites and what is important stay; delivered posts are pruned after their window; counts stay true.
import { describe, expect, it } from 'vitest';
import { MemoryStream } from '../../src/agent/memory-stream.ts';
import type { AgentId, AgentProfile, Memory, MemoryId } from '../../src/agent/types.ts';
import { compactResident, DEFAULT_RETENTION } from '../../src/town/retention.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

const DAY = 24 * 60 * 60_000;

describe('retention', () => {
  it('GIVEN three weeks passing WHEN the next tick commits THEN routine observations are compacted, cited and important ones kept, old delivered posts pruned', async () => {
    let wall = 1_000_000_000;
    const store = new InMemoryTownStore();
    const { kit } = scriptedKit({});
    const warnings: string[] = [];
    const deps = {
      store,
      kit: () => kit,
      owner: 'w1',
      wallNow: () => wall,
      log: (_l: string, m: string) => warnings.push(m),
    };
    const service = await TownService.create(deps, { id: 't', scope: 'console', file: tinyTown(), seed: 1 });
    const ann = service.liveResident('Ann Lee');
    const stream = ann.memory as unknown as MemoryStream;
    let cited: MemoryId | null = null;
    await service.session.change(async (w) => {
      const now = w.state.clock.now;
      const ids = ['the kettle is on', 'the cafe is quiet', 'Bo is reading', 'the sun is out'].map(
        (d) => stream.add({ kind: 'observation', description: d, importance: 2 }, now).id,
      );
      stream.add({ kind: 'observation', description: 'the cafe is on fire', importance: 9 }, now);
      const plan = { start: now, minutes: 60, location: 'cafe' };
      stream.add({ kind: 'plan', description: 'day plan: work', importance: 3, plan: { ...plan, level: 'day' } }, now);
      stream.add(
        { kind: 'plan', description: 'step plan: wipe tables', importance: 2, plan: { ...plan, level: 'step' } },
        now,
      );
      cited = ids[0] ?? null;
      stream.add(
        { kind: 'reflection', description: 'Ann likes her kettle', importance: 4, evidence: [ids[0] as MemoryId] },
        now,
      );
    });
    await service.setObject('cafe', 'coffee machine', 'broken');
    const [post] = await service.outbox.pendingPosts();
    await service.outbox.markDelivered([post?.seq ?? -1], 'm1');
    await service.setObject('cafe', 'coffee machine', 'fixed'); // stays undelivered
    const before = (await store.loadMemories('t')).filter((m) => m.agentId === ann.profile.id);

    // Three weeks later (simulated and wall); retention runs with the first commit of a new simulated day.
    wall += 8 * DAY;
    await service.session.change(async (w) => {
      w.state.clock.now += 21 * DAY;
    });
    await service.tick();

    const after = (await store.loadMemories('t')).filter((m) => m.agentId === ann.profile.id);
    const descs = after.map((m) => m.description);
    expect(descs).toContain('the kettle is on'); // cited by a reflection
    expect(descs).toContain('the cafe is on fire'); // important
    for (const d of ['the cafe is quiet', 'Bo is reading', 'the sun is out']) expect(descs).not.toContain(d);
    expect(descs).toContain('day plan: work');
    expect(descs).not.toContain('step plan: wipe tables');
    const summaries = after.filter((m) => m.meta?.compacted);
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    expect(summaries.some((m) => /the cafe is quiet/.test(m.description))).toBe(true);
    expect(after.length).toBeLessThan(before.length + 20);
    expect(after.some((m) => m.id === cited)).toBe(true);
    // Counts stay true: the snapshot, the store and the live stream agree; a reload warns of nothing.
    const rec = await store.load('t');
    for (const rs of rec?.state.residents ?? [])
      expect(rs.memoryCount).toBe((await store.loadMemories('t')).filter((m) => m.agentId === rs.profile.id).length);
    expect(service.liveResident('Ann Lee').memory.size()).toBe(after.length);
    await TownService.load(deps, 't');
    expect(warnings).not.toContain('memory count differs from the snapshot');
    // The delivered post went; the undelivered one stays.
    const posts = await store.postsAfter('t', -1, 100);
    expect(posts.map((p) => p.text)).not.toContain(post?.text);
    expect(posts.some((p) => p.deliveredAt === null && /fixed/.test(p.text))).toBe(true);
  });

  it('GIVEN a stream whose old vectors were evicted WHEN compacted THEN summaries average the stored vectors, plans past planDays go, cited and important stay', async () => {
    const agent = 'ann' as AgentId;
    const now = 40 * DAY;
    const vec = (i: number) => Float32Array.from({ length: 8 }, (_, j) => (j === i % 8 ? 1 : 0.1));
    let seq = 0;
    const mem = (kind: Memory['kind'], description: string, at: number, extra: Partial<Memory> = {}): Memory => {
      seq += 1;
      return {
        id: `${agent}/${seq}` as MemoryId,
        agentId: agent,
        seq,
        kind,
        description,
        createdAt: at,
        lastAccessAt: at,
        importance: 2,
        embedding: vec(seq),
        embedderId: 'e',
        evidence: [],
        depth: 0,
        ...extra,
      };
    };
    const plan = (level: 'day' | 'hour' | 'step', at: number) => ({ level, start: at, minutes: 60, location: 'cafe' });
    const old = 20 * DAY;
    const memories = [
      mem('observation', 'the kettle hums', old),
      mem('observation', 'the cafe is quiet', old + 1000),
      mem('observation', 'a cup fell', old + 2000),
      mem('observation', 'the roof leaks', old + 3000, { importance: DEFAULT_RETENTION.keepImportance }),
      mem('plan', 'step: wipe tables', now - 3 * DAY, { plan: plan('step', now - 3 * DAY) }),
      mem('plan', 'hour: open up', now - 1 * DAY, { plan: plan('hour', now - DAY) }),
      mem('plan', 'day: work', now - 3 * DAY, { plan: plan('day', now - 3 * DAY) }),
    ];
    const cited = mem('observation', 'Bo smiled', old + 4000);
    const reflection = mem('reflection', 'Bo is kind', old + 5000, { evidence: [cited.id] });
    memories.push(cited, reflection);
    const fetched: MemoryId[] = [];
    const store = new Map(memories.map((m) => [m.id, new Float32Array(m.embedding as Float32Array)]));
    const memory = new MemoryStream(
      agent,
      memories.map((m) => ({ ...m })),
      {
        vectors: async (ids) => {
          fetched.push(...ids);
          return new Map(ids.flatMap((id) => (store.has(id) ? [[id, store.get(id)!] as const] : [])));
        },
        maxVectorBytes: 1, // as few as the index allows: the old ones are evicted
      },
    );
    expect(memory.vectorsInMemory).toBe(1);
    const live = { profile: { id: agent } as AgentProfile, mind: {}, memory };
    const c = await compactResident(live, now);
    const descs = memory.all().map((m) => m.description);
    expect(c?.removed.sort()).toEqual([memories[0]!.id, memories[1]!.id, memories[2]!.id, memories[4]!.id].sort());
    for (const d of ['the roof leaks', 'Bo smiled', 'Bo is kind', 'day: work', 'hour: open up'])
      expect(descs).toContain(d);
    const summary = c?.added[0];
    expect(c?.added).toHaveLength(1);
    expect(summary?.description).toMatch(/3 everyday observations/);
    // The mean of the three stored vectors, unit length: the evicted ones were fetched from the store.
    const mean = new Float32Array(8);
    for (const m of memories.slice(0, 3)) for (let j = 0; j < 8; j++) mean[j] = mean[j]! + m.embedding![j]!;
    const n = Math.hypot(...mean);
    expect([...(summary?.embedding ?? [])].map((x) => x.toFixed(5))).toEqual([...mean].map((x) => (x / n).toFixed(5)));
    expect(fetched).toEqual(expect.arrayContaining([memories[0]!.id, memories[1]!.id]));
    expect(memory.get(summary!.id)?.description).toBe(summary?.description);
  });

  it('GIVEN day-plan blocks older than the window WHEN compacted THEN each old day becomes one day plan in order; recent, cited and single blocks stay', async () => {
    const agent = 'ann' as AgentId;
    const now = 60 * DAY;
    let seq = 0;
    const block = (day: number, hour: number, what: string, extra: Partial<Memory> = {}): Memory => {
      seq += 1;
      const at = day * DAY + hour * 3_600_000;
      return {
        id: `${agent}/${seq}` as MemoryId,
        agentId: agent,
        seq,
        kind: 'plan',
        description: `Ann plans to ${what}`,
        createdAt: day * DAY + 6 * 3_600_000,
        lastAccessAt: day * DAY + 6 * 3_600_000 + seq,
        importance: 3,
        embedding: Float32Array.from({ length: 4 }, (_, j) => (j === seq % 4 ? 1 : 0)),
        embedderId: 'e',
        evidence: [],
        depth: 0,
        plan: { level: 'day', start: at, minutes: 60, location: 'cafe' },
        ...extra,
      };
    };
    // Day 10: three blocks, given out of order; day 11: two blocks, one cited; day 12: one block; day 55: recent.
    const d10 = [
      block(10, 12, 'have lunch at the Cafe from 12:00 pm to 1:00 pm', { importance: 6 }),
      block(10, 0, 'sleep at Home from 12:00 am to 6:00 am'),
      block(10, 7, 'work at the Cafe from 7:00 am to 12:00 pm'),
    ];
    const d11 = [block(11, 0, 'sleep at Home'), block(11, 7, 'open the Cafe')];
    const d12 = [block(12, 7, 'paint at Home')];
    const d55 = [block(55, 0, 'sleep at Home'), block(55, 7, 'bake')];
    seq += 1;
    const reflection: Memory = {
      ...d11[1]!,
      id: `${agent}/${seq}` as MemoryId,
      seq,
      kind: 'reflection',
      description: 'Ann loves mornings',
      evidence: [d11[1]!.id],
    };
    delete (reflection as Partial<Memory>).plan;
    const memory = new MemoryStream(
      agent,
      [...d10, ...d11, ...d12, ...d55, reflection].map((m) => ({ ...m })),
    );
    const live = { profile: { id: agent, firstName: 'Ann' } as AgentProfile, mind: {}, memory };
    const c = await compactResident(live, now);
    // Day 11 keeps its two blocks: one is cited, and a lone block is not worth a summary.
    expect(c?.removed.sort()).toEqual(d10.map((m) => m.id).sort());
    const dayPlans = (c?.added ?? []).filter((m) => m.kind === 'plan');
    expect(dayPlans).toHaveLength(1);
    const day = dayPlans[0]!;
    expect(day.description).toMatch(
      /^Ann's plan for .+: sleep at Home from 12:00 am to 6:00 am; work at the Cafe from 7:00 am to 12:00 pm; have lunch at the Cafe from 12:00 pm to 1:00 pm$/,
    );
    expect(day.plan).toEqual({ level: 'day', start: 10 * DAY, minutes: 13 * 60, location: 'cafe' });
    expect(day.importance).toBe(6);
    expect(day.meta?.compacted).toMatchObject({ count: 3 });
    expect(Math.hypot(...(day.embedding ?? []))).toBeCloseTo(1, 5);
    const kept = memory.all().map((m) => m.id);
    for (const m of [...d11, d12[0]!, ...d55, reflection]) expect(kept).toContain(m.id);
    expect(memory.get(day.id)?.description).toBe(day.description);
    // A second pass finds nothing more to do: the summary is not compacted again.
    expect(await compactResident(live, now)).toBeNull();
  });
});

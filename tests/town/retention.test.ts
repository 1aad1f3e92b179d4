// Retention (issue 11, item 3): routine observations older than the window become one summary per day; what a
// reflection cites and what is important stay; delivered posts are pruned after their window; counts stay true.
import { describe, expect, it } from 'vitest';
import type { MemoryStream } from '../../src/agent/memory-stream.ts';
import type { MemoryId } from '../../src/agent/types.ts';
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
    const [post] = await service.pendingPosts();
    await service.markDelivered([post?.seq ?? -1], 'm1');
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
});

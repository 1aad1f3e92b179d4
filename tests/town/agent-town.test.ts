// The town with the real agent mind (src/agent) on the offline model: seeding, a morning, people's operations,
// and a simulated day with 20% of model calls failing.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/eval/simulate.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { agentKit } from '../../src/town/agent-kit.ts';
import { loadTownFile } from '../../src/town/file-io.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { FlakyModel } from '../support/town-flaky-model.ts';

const embedder = new LexicalEmbedder({ dimensions: 256 });

async function willowbrook(failRate = 0) {
  const llm = new FlakyModel(failRate);
  const store = new InMemoryTownStore();
  const service = await TownService.create(
    { store, kit: (townId, settings) => agentKit({ llm, embedder, settings, townId }), owner: 'it' },
    { id: 'w', scope: 'console', file: loadTownFile(), seed: 1 },
  );
  return { service, store, llm };
}

describe('Willowbrook with the agent mind', () => {
  it('GIVEN the seed town WHEN created THEN each phrase of each seed paragraph is a memory', async () => {
    const { service, store } = await willowbrook();
    const mems = await store.loadMemories('w');
    const file = loadTownFile();
    const state = service.snapshot();
    for (const r of file.residents) {
      const seeds = mems
        .filter((m) => m.agentId === service.residents().find((x) => x.name === r.name)?.id && m.kind === 'seed')
        .map((m) => m.description);
      // the file's phrases, and the sentences of its identity fields that the town's reading kept private
      const profile = state.residents.find((x) => x.profile.name === r.name)!.profile;
      expect(seeds).toHaveLength(profile.seed.split(';').filter((p) => p.trim()).length);
      for (const p of r.seed.split(';').filter((x) => x.trim() && !/\byou\b/i.test(x)))
        expect(seeds).toContain(p.trim());
    }
  });

  it('GIVEN a morning WHEN ticks run THEN residents plan, act, move between places and the posts reach the outbox', async () => {
    const { service } = await willowbrook();
    await service.step(12);
    const posts = await service.outbox.pendingPosts(10_000);
    expect(posts.filter((p) => p.kind === 'plan')).toHaveLength(10);
    expect(posts.some((p) => p.kind === 'move')).toBe(true);
    expect(posts.some((p) => p.kind === 'arrival')).toBe(true);
    expect(new Set(posts.filter((p) => p.kind === 'action').map((p) => p.speakerId)).size).toBeGreaterThanOrEqual(8);
    // Rosa opens the cafe: she is there by 9 am.
    expect(service.residents().find((r) => r.name === 'Rosa Delgado')?.location.id).toBe('copper-kettle');
    const seqs = posts.map((p) => p.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('a person who names a resident gets an answer at once; whisper and interview reach the mind', async () => {
    const { service, store } = await willowbrook();
    await service.step(4);
    const me = { id: 'u1', displayName: 'sam' };
    await service.setPersona(me, 'Sam', 'a reporter for the local paper');
    const here = service.residents().find((r) => r.name === 'Oscar Lindqvist')?.location.id ?? 'maple-row';
    const r = await service.say(here, me, 'Oscar, who is running for mayor?');
    expect(r.replies.map((x) => x.name)).toContain('Oscar Lindqvist');
    expect(r.replies.find((x) => x.name === 'Oscar Lindqvist')?.text.length).toBeGreaterThan(0);
    await service.whisper('Felix', me, 'You should play your new song at the spring party');
    const answer = await service.interview('Rosa', me, 'What are you planning this weekend?');
    expect(answer.answer.length).toBeGreaterThan(0);
    const mems = await store.loadMemories('w');
    expect(
      mems.some((m) => m.agentId === 'oscar-lindqvist' && m.kind === 'dialogue' && m.description.includes('Sam said')),
    ).toBe(true);
    expect(mems.some((m) => m.agentId === 'felix-tanaka' && m.kind === 'inner_voice')).toBe(true);
    expect(mems.some((m) => m.agentId === 'rosa-delgado' && m.kind === 'interview')).toBe(true);
  });

  it('GIVEN 20% of model calls failing WHEN a simulated day runs THEN nothing crashes, every resident acts, failures are counted', async () => {
    const llm = new FlakyModel(0.2, 11);
    const report = await simulate({ hours: 24, llm, embedder, seed: 3, evaluate: false });
    expect(llm.failures).toBeGreaterThan(50);
    expect(report.modelCalls.total.failures).toBe(llm.failures);
    expect(report.failures.modelCalls).toBe(llm.failures);
    expect(report.ticks).toBe(144);
    for (const r of report.residents) {
      expect(r.memories.plan ?? 0).toBeGreaterThan(0);
      expect(r.memories.observation ?? 0).toBeGreaterThan(0);
    }
    const actors = new Set(
      Object.values(report.transcript)
        .flat()
        .map((l) => /^\[\d\d:\d\d\] \S+ ([^:]+):/.exec(l)?.[1]),
    );
    for (const r of report.residents) expect(actors).toContain(r.name);
  });
});

import { describe, expect, it } from 'vitest';
import { MemoryStream } from '../../src/agent/memory-stream.ts';
import type { MindState } from '../../src/agent/mind-state.ts';
import { resolveAgentSettings } from '../../src/agent/settings.ts';
import type { AgentId } from '../../src/agent/types.ts';
import { at, CAFE, MARA, resident, setup } from './fixtures.ts';

describe('memory stream journal', () => {
  it('assigns ids and seqs, journals additions and touches once, and resumes after a reload', () => {
    const s = new MemoryStream('mara' as AgentId);
    const a = s.add({ kind: 'observation', description: '  the cafe is busy ', importance: 4.6 }, at(9));
    const b = s.add(
      { kind: 'reflection', description: 'Mara likes busy days', importance: 99, evidence: [a.id, 'nope' as never] },
      at(10),
    );
    expect(a).toMatchObject({
      id: 'mara/1',
      seq: 1,
      description: 'the cafe is busy',
      importance: 5,
      createdAt: at(9),
      lastAccessAt: at(9),
      depth: 0,
    });
    expect(b).toMatchObject({ id: 'mara/2', importance: 10, evidence: [a.id], depth: 1 });
    s.touch([a.id, b.id], at(11));
    const first = s.drainChanges();
    // added this tick and touched: committed once, as added, with the new access time
    expect(first.added.map((m) => m.id)).toEqual(['mara/1', 'mara/2']);
    expect(first.added[0]!.lastAccessAt).toBe(at(11));
    expect(first.touched).toEqual([]);
    s.touch([a.id], at(12));
    expect(s.drainChanges()).toEqual({ added: [], touched: [{ id: a.id, lastAccessAt: at(12) }], embedded: [] });
    expect(s.drainChanges()).toEqual({ added: [], touched: [], embedded: [] });

    const reloaded = new MemoryStream('mara' as AgentId, [...s.all()].reverse());
    expect(reloaded.all().map((m) => m.seq)).toEqual([1, 2]);
    expect(reloaded.add({ kind: 'observation', description: 'next', importance: 1 }, at(13)).id).toBe('mara/3');
    expect(reloaded.latestWithDescription('the cafe is busy')!.id).toBe(a.id);
  });
});

describe('perceive', () => {
  it('rates all residents in one call, skips recent repeats, and rates idle objects 1 without asking', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    const other = resident({ ...MARA, id: 'ada' as AgentId, name: 'Ada Lindqvist', firstName: 'Ada' });
    await runtime.perceive(
      [
        { resident: mara, perceived: [{ description: 'Tomas Reyes is reading' }, { description: 'bed is idle' }] },
        { resident: other, perceived: [{ description: 'Sam Moore is giving a speech' }] },
      ],
      at(9),
    );
    expect(model.callsFor('agent_importance')).toHaveLength(1);
    expect((model.callsFor('agent_importance')[0]!.input as { items: unknown[] }).items).toEqual([
      { who: 'Mara', text: 'Tomas Reyes is reading' },
      { who: 'Ada', text: 'Sam Moore is giving a speech' },
    ]);
    expect(mara.memory.latestWithDescription('bed is idle')!.importance).toBe(1);
    // the same sight 10 minutes later is not stored again; two hours later it is, with no new rating call
    await runtime.perceive([{ resident: mara, perceived: [{ description: 'Tomas Reyes is reading' }] }], at(9, 10));
    expect(mara.memory.size()).toBe(2);
    await runtime.perceive([{ resident: mara, perceived: [{ description: 'Tomas Reyes is reading' }] }], at(11));
    expect(mara.memory.size()).toBe(3);
    expect(model.callsFor('agent_importance')).toHaveLength(1);
    const sum = (mara.mind as MindState).importanceSinceReflection;
    expect(sum).toBe(mara.memory.all().reduce((acc, m) => acc + m.importance, 0));
  });
});

describe('hear and interview', () => {
  it('answers a persona who addresses the resident and remembers both lines', async () => {
    const { runtime } = setup();
    const mara = resident(MARA);
    await runtime.seed(mara, at(0));
    await runtime.remember(mara, 'Sam Moore is running for mayor', at(8), 'observation', 7);
    const reply = await runtime.hear(mara, {
      now: at(9),
      location: CAFE,
      speaker: { name: 'Jo', description: 'a news reporter' },
      text: 'Mara, who is running for mayor?',
      addressed: true,
    });
    expect(reply).toMatch(/Sam Moore is running for mayor/);
    const said = mara.memory
      .all()
      .filter((m) => m.kind === 'dialogue')
      .map((m) => m.description);
    expect(said[0]).toBe('Jo said: "Mara, who is running for mayor?"');
    expect(said[1]).toMatch(/^Mara Okafor said to Jo: "From what I remember/);
    // an unaddressed remark that does not concern her: silence
    expect(
      await runtime.hear(mara, {
        now: at(9, 5),
        location: CAFE,
        speaker: { name: 'Jo' },
        text: 'Lovely weather.',
        addressed: false,
      }),
    ).toBeNull();
  });

  it('remembers having been interviewed unless told not to (stateless evaluation interviews)', async () => {
    const { runtime } = setup();
    const mara = resident(MARA);
    await runtime.seed(mara, at(0));
    const intro = await runtime.interview(mara, 'Give an introduction of yourself.', { now: at(9), asker: 'Jo' });
    expect(intro).toMatch(/^I'm Mara Okafor\./);
    expect(
      mara.memory
        .all()
        .filter((m) => m.kind === 'interview')
        .map((m) => m.description),
    ).toEqual(['Jo interviewed Mara and asked: "Give an introduction of yourself."']);
    const size = mara.memory.size();
    const touched = mara.memory.drainChanges();
    await runtime.interview(mara, 'Who is Adam Smith?', { now: at(10), remember: false });
    expect(mara.memory.size()).toBe(size);
    expect(mara.memory.drainChanges()).toEqual({ added: [], touched: [], embedded: [] });
    expect(touched.added.length).toBeGreaterThan(0);
  });
});

describe('settings', () => {
  it('takes per-town overrides and ignores values of the wrong type', () => {
    const s = resolveAgentSettings({
      reflectionThreshold: 90,
      weights: { relevance: 2, recency: 'x' },
      retrieveK: -1,
      nope: 1,
    });
    expect(s.reflectionThreshold).toBe(90);
    expect(s.weights).toEqual({ recency: 1, importance: 1, relevance: 2 });
    expect(s.retrieveK).toBe(8);
    expect(s.recencyDecay).toBe(0.995);
  });
});

describe('seed memories', () => {
  it('a phrase that opens with a pronoun names whom the phrase before it was about, when that was the resident', async () => {
    const { runtime } = setup();
    const mara = resident({
      ...MARA,
      seed: "Ask anyone on the quay and they'll say Mara Okafor bakes the best rye in town; she's given it up, and by her own account misses it daily; Tomas Reyes is, in Mara's words, a fair landlord; he never raises the rent",
    });
    await runtime.seed(mara, at(0));
    const seeds = mara.memory
      .all()
      .filter((m) => m.kind === 'seed')
      .map((m) => m.description);
    // a memory stands alone: the pronoun of a phrase cut from the one about her is her name
    expect(seeds).toContain("Mara's given it up, and by her own account misses it daily");
    // a phrase about someone else ("Tomas Reyes is, in Mara's words, ...") leaves the next one's "he" as it was
    expect(seeds).toContain('he never raises the rent');
  });
});

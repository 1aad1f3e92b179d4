import { describe, expect, it } from 'vitest';
import { MemoryStream } from '../../src/agent/memory-stream.ts';
import { HOUR_MS, minMaxNormalize, recencyScore, scoreMemories } from '../../src/agent/retrieval.ts';
import type { AgentId, Memory, MemoryKind } from '../../src/agent/types.ts';
import { VectorIndex } from '../../src/agent/vector-index.ts';
import { randomStream } from '../../src/core/rng.ts';

const agent = 'ada' as AgentId;
const NOW = 100 * HOUR_MS;
const W1 = { recency: 1, importance: 1, relevance: 1 };
const opts = { k: 3, weights: W1, decay: 0.995 };

function fixture(): MemoryStream {
  // GIVEN three memories with known access times, importance and 2-d embeddings
  const s = new MemoryStream(agent);
  const add = (description: string, hoursAgo: number, importance: number, v: number[]) =>
    s.add(
      { kind: 'observation', description, importance, embedding: new Float32Array(v), embedderId: 'e' },
      NOW - hoursAgo * HOUR_MS,
    );
  add('A: the stove is on', 0, 2, [1, 0]);
  add('B: Sam is running for mayor', 10, 8, [0, 1]);
  add('C: the cafe is busy', 100, 5, [0.6, 0.8]);
  s.drainChanges();
  return s;
}

describe('retrieval scoring (sec. 4.1)', () => {
  it('matches hand-computed scores, including min-max normalisation', async () => {
    const s = fixture();
    // recency raw: A 1, B 0.995^10 = 0.951110, C 0.995^100 = 0.605770 -> normalised 1, 0.875986, 0
    // importance 2, 8, 5 -> 0, 1, 0.5; relevance cos with [1,0]: 1, 0, 0.6 -> 1, 0, 0.6
    // scores: A = 1 + 0 + 1 = 2; B = 0.875986 + 1 + 0 = 1.875986; C = 0 + 0.5 + 0.6 = 1.1
    const ranked = await s.search({ embedding: new Float32Array([1, 0]), embedderId: 'e' }, NOW, opts);
    expect(ranked.map((r) => r.memory.description[0])).toEqual(['A', 'B', 'C']);
    expect(ranked[0]!.score).toBeCloseTo(2, 6);
    expect(ranked[1]!.score).toBeCloseTo(1.875986, 5);
    expect(ranked[1]!.recency).toBeCloseTo(0.875986, 5);
    expect(ranked[2]!.score).toBeCloseTo(1.1, 6);
    expect(ranked[2]!.importance).toBeCloseTo(0.5, 6);
    expect(ranked[2]!.relevance).toBeCloseTo(0.6, 6);
    // the pure reference agrees
    const ref = scoreMemories(s.all(), { embedding: new Float32Array([1, 0]), embedderId: 'e' }, NOW, opts);
    expect(ref.map((r) => r.score)).toEqual(ranked.map((r) => expect.closeTo(r.score, 6)));
  });

  it('weights change the ranking (relevance off: B first)', async () => {
    const s = fixture();
    const ranked = await s.search({ embedding: new Float32Array([1, 0]) }, NOW, {
      ...opts,
      weights: { recency: 1, importance: 1, relevance: 0 },
    });
    // A = 1 + 0, B = 0.875986 + 1, C = 0 + 0.5
    expect(ranked.map((r) => r.memory.description[0])).toEqual(['B', 'A', 'C']);
  });

  it('touching updates last access, journals it, and changes the next ranking', async () => {
    const s = fixture();
    const c = s.all()[2]!;
    // WHEN C is retrieved (touched) now
    s.touch([c.id], NOW);
    expect(s.get(c.id)!.lastAccessAt).toBe(NOW);
    expect(s.drainChanges().touched).toEqual([{ id: c.id, lastAccessAt: NOW }]);
    // THEN C's recency is now maximal: C = 1 + 0.5 + 0.6 = 2.1 beats A (2) and B
    const ranked = await s.search({ embedding: new Float32Array([1, 0]) }, NOW, opts);
    expect(ranked[0]!.memory.id).toBe(c.id);
    expect(ranked[0]!.score).toBeCloseTo(2.1, 6);
    // an older touch never moves access time backwards
    s.touch([c.id], NOW - HOUR_MS);
    expect(s.get(c.id)!.lastAccessAt).toBe(NOW);
  });

  it('min-max maps equal values to 0.5 and recency decays 0.995 per hour', async () => {
    expect(minMaxNormalize([3, 3])).toEqual([0.5, 0.5]);
    expect(minMaxNormalize([1, 2, 3])).toEqual([0, 0.5, 1]);
    expect(recencyScore(NOW - 2 * HOUR_MS, NOW, 0.995)).toBeCloseTo(0.995 ** 2, 12);
    expect(recencyScore(NOW + HOUR_MS, NOW, 0.995)).toBe(1);
  });

  it('filters candidates by kind before normalising', async () => {
    const s = fixture();
    s.add(
      { kind: 'plan', description: 'P: plan', importance: 10, embedding: new Float32Array([1, 0]), embedderId: 'e' },
      NOW,
    );
    const ranked = await s.search({ embedding: new Float32Array([1, 0]) }, NOW, { ...opts, kinds: ['observation'] });
    expect(ranked.map((r) => r.memory.kind)).toEqual(['observation', 'observation', 'observation']);
  });

  it('memories without a comparable vector get relevance 0', async () => {
    const s = fixture();
    s.add({ kind: 'observation', description: 'D: no vector', importance: 10 }, NOW);
    const ranked = await s.search({ embedding: new Float32Array([1, 0]) }, NOW, { ...opts, k: 4 });
    const d = ranked.find((r) => r.memory.description.startsWith('D'))!;
    expect(d.relevance).toBe(0);
    expect(d.importance).toBe(1);
  });
});

describe('quantised search', () => {
  it('4-bit codes give cosines within the stated margin', async () => {
    const r = randomStream(3);
    const dims = 100; // not a multiple of the kernel's 64: exercises the padding
    const index = new VectorIndex(dims);
    const vecs = Array.from({ length: 50 }, () => Float32Array.from({ length: dims }, () => r() - 0.5));
    for (const v of vecs) index.push(v);
    index.push(null);
    const q = Float32Array.from({ length: dims }, () => r() - 0.5);
    let n = 0;
    for (let i = 0; i < dims; i++) n += q[i]! ** 2;
    for (let i = 0; i < dims; i++) q[i] = q[i]! / Math.sqrt(n);
    const approx = new Float32Array(51);
    const margin = new Float32Array(51);
    expect(index.approximate(q, approx, margin, 6)).toBe(true);
    for (let i = 0; i < 50; i++) {
      const exact = index.exactCosine(i, q);
      expect(Math.abs(approx[i]! - exact)).toBeLessThanOrEqual(margin[i]!);
      expect(margin[i]!).toBeLessThan(0.2);
    }
    expect(approx[50]).toBe(0);
  });

  it('returns the exact top k on clustered data (quantised pass forced)', async () => {
    const r = randomStream(11);
    const dims = 256;
    const centers = Array.from({ length: 12 }, () => Float32Array.from({ length: dims }, () => r() - 0.5));
    const kinds: MemoryKind[] = ['observation', 'reflection', 'plan', 'dialogue'];
    const memories: Memory[] = [];
    for (let i = 0; i < 3000; i++) {
      const c = centers[Math.floor(r() * centers.length)]!;
      const at = NOW - Math.floor(r() * 500 * HOUR_MS);
      memories.push({
        id: `ada/${i + 1}` as Memory['id'],
        agentId: agent,
        seq: i + 1,
        kind: kinds[i % 4]!,
        description: `m${i}`,
        createdAt: at,
        lastAccessAt: at,
        importance: 1 + Math.floor(r() * 10),
        embedding: i % 97 === 0 ? null : Float32Array.from(c, (x) => x + 0.3 * (r() - 0.5)),
        embedderId: 'e',
        evidence: [],
        depth: 0,
      });
    }
    const s = new MemoryStream(agent, memories);
    for (let t = 0; t < 20; t++) {
      const c = centers[t % centers.length]!;
      const q = Float32Array.from(c, (x) => x + 0.3 * (r() - 0.5));
      const filter = t % 3 === 0 ? (['observation', 'reflection'] as MemoryKind[]) : undefined;
      const fast = await s.search({ embedding: q }, NOW, { ...opts, k: 10, exactBelow: 0, kinds: filter });
      expect(s.lastSearch.quantised).toBe(true);
      const cands = filter ? memories.filter((m) => filter.includes(m.kind)) : memories;
      const ref = scoreMemories(cands, { embedding: q }, NOW, opts).slice(0, 10);
      expect(fast.map((x) => x.memory.id)).toEqual(ref.map((x) => x.memory.id));
      for (const [i, x] of fast.entries()) expect(x.score).toBeCloseTo(ref[i]!.score, 4);
      expect(s.lastSearch.exact).toBeLessThan(cands.length / 2);
    }
  });
});

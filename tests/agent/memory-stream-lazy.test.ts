// Bounded RAM (issue 11, item 3): a stream with a vector source keeps every row's columns, 4-bit codes and 8-bit
// copies but only an LRU of exact vectors; a search scores evicted rows from their 8-bit copies and never waits for
// the store. The ranking may only change among near-ties (scores within the 8-bit error, vector-bytes.ts).
import { describe, expect, it } from 'vitest';
import { MemoryStream, type SearchOptions } from '../../src/agent/memory-stream.ts';
import { HOUR_MS } from '../../src/agent/retrieval.ts';
import type { AgentId, Memory, MemoryId, MemoryKind } from '../../src/agent/types.ts';
import { randomStream } from '../../src/core/rng.ts';

const agent = 'ada' as AgentId;
const NOW = 1000 * HOUR_MS;
const DIMS = 64;

/** A seeded stream of clustered vectors, as the store would hand it back (ids, seqs, times, kinds). */
function seeded(n: number, seed = 3): { memories: Memory[]; query: () => Float32Array } {
  const r = randomStream(seed);
  const centers = Array.from({ length: 8 }, () => Float32Array.from({ length: DIMS }, () => r() - 0.5));
  const kinds: MemoryKind[] = ['observation', 'reflection', 'dialogue', 'plan'];
  const memories: Memory[] = [];
  for (let i = 0; i < n; i++) {
    const c = centers[Math.floor(r() * centers.length)]!;
    const at = NOW - Math.floor(r() * 400 * HOUR_MS);
    memories.push({
      id: `${agent}/${i + 1}` as MemoryId,
      agentId: agent,
      seq: i + 1,
      kind: kinds[i % kinds.length]!,
      description: `memory ${i + 1}`,
      createdAt: at,
      lastAccessAt: at,
      importance: 1 + Math.floor(r() * 10),
      embedding: i % 53 === 0 ? null : Float32Array.from(c, (x) => x + 0.4 * (r() - 0.5)),
      embedderId: i % 53 === 0 ? null : 'e',
      evidence: [],
      depth: 0,
    });
  }
  const query = () => {
    const c = centers[Math.floor(r() * centers.length)]!;
    return Float32Array.from(c, (x) => x + 0.4 * (r() - 0.5));
  };
  return { memories, query };
}

/** The store's side: vectors by id, counting what was fetched. */
function source(memories: Memory[]) {
  const byId = new Map(memories.map((m) => [m.id, m.embedding]));
  const fetched: MemoryId[] = [];
  const fn = async (ids: MemoryId[]) => {
    fetched.push(...ids);
    const out = new Map<MemoryId, Float32Array>();
    for (const id of ids) {
      const v = byId.get(id);
      if (v) out.set(id, new Float32Array(v));
    }
    return out;
  };
  return { fn, fetched };
}

const clone = (ms: Memory[]) =>
  ms.map((m) => ({ ...m, embedding: m.embedding ? new Float32Array(m.embedding) : null }));
const search: SearchOptions = { k: 10, weights: { recency: 1, importance: 1, relevance: 1 }, decay: 0.995 };

/** Scores within the 8-bit error of these vectors (64 dims: about 0.001), with ample room. */
const EPS = 0.005;

/**
 * `got` ranks as `want` up to near-ties: the score at every position within EPS, and a memory that is not in the
 * reference's top k only where it ties the reference's last score (it took that place by a hair).
 */
function expectSameRanking(got: { memory: Memory; score: number }[], want: { memory: Memory; score: number }[]) {
  expect(got.length).toBe(want.length);
  for (const [i, x] of got.entries()) expect(Math.abs(x.score - want[i]!.score)).toBeLessThan(EPS);
  const ids = new Set(want.map((x) => x.memory.id));
  const last = want.at(-1)?.score ?? 0;
  for (const x of got) if (!ids.has(x.memory.id)) expect(Math.abs(x.score - last)).toBeLessThan(EPS);
  // Clear orders stay: the top memory is the same whenever it leads by more than the error.
  if (want.length > 1 && want[0]!.score - want[1]!.score > EPS) expect(got[0]!.memory.id).toBe(want[0]!.memory.id);
}

describe('memory stream with bounded vectors', () => {
  it('GIVEN a seeded stream WHEN only 64 vectors may stay in memory THEN every search ranks as the eager stream without reading the store', async () => {
    const { memories, query } = seeded(3000);
    const eager = new MemoryStream(agent, clone(memories));
    const src = source(memories);
    const lazy = new MemoryStream(agent, clone(memories), { vectors: src.fn, maxVectorBytes: 64 * DIMS * 4 });
    expect(lazy.vectorsInMemory).toBeLessThanOrEqual(64);
    expect(eager.vectorsInMemory).toBe(memories.filter((m) => m.embedding).length);
    for (let t = 0; t < 25; t++) {
      const q = query();
      const kinds = t % 4 === 0 ? (['observation', 'dialogue'] as MemoryKind[]) : undefined;
      const opts = { ...search, ...(kinds ? { kinds } : {}), ...(t % 5 === 0 ? { exactBelow: 0 } : {}) };
      const a = await eager.search({ embedding: q, embedderId: 'e' }, NOW, opts);
      const b = await lazy.search({ embedding: q, embedderId: 'e' }, NOW, opts);
      expectSameRanking(b, a);
      expect(lazy.vectorsInMemory).toBeLessThanOrEqual(64);
    }
    // Evicted rows were scored from their 8-bit copies: no search waited for the store. Objects of evicted rows no
    // longer hold their vectors; vectorsOf still brings exact ones back.
    expect(src.fetched).toEqual([]);
    const evicted = lazy.all().find((m) => m.embedding === null && m.embedderId !== null)!;
    const back = await lazy.vectorsOf([evicted.id]);
    expect(back.get(evicted.id)).toEqual(memories.find((m) => m.id === evicted.id)!.embedding);
    expect(src.fetched).toEqual([evicted.id]);
    expect(lazy.all().filter((m) => m.embedding !== null).length).toBeLessThanOrEqual(64);
    expect(lazy.unembedded('e').length).toBe(memories.filter((m) => !m.embedding).length);
  });

  it('GIVEN a copy of a lazy stream whose evicted rows hold no vector WHEN it searches THEN it ranks as the eager stream', async () => {
    // A change made while a tick decides copies a resident's stream from its rows (src/town/flight.ts).
    const { memories, query } = seeded(1500, 9);
    const eager = new MemoryStream(agent, clone(memories));
    const src = source(memories);
    const lazy = new MemoryStream(agent, clone(memories), { vectors: src.fn, maxVectorBytes: 32 * DIMS * 4 });
    const rows = lazy.all().map((m) => ({ ...m }));
    expect(rows.filter((m) => m.embedding === null && m.embedderId !== null).length).toBeGreaterThan(1000);
    const copy = new MemoryStream(agent, rows, { vectors: src.fn, maxVectorBytes: 32 * DIMS * 4 });
    // Its evicted rows have vectors in the store: nothing to embed again.
    expect(copy.unembedded('e').length).toBe(memories.filter((m) => !m.embedding).length);
    for (let t = 0; t < 10; t++) {
      const q = query();
      const a = await eager.search({ embedding: q, embedderId: 'e' }, NOW, search);
      const b = await copy.search({ embedding: q, embedderId: 'e' }, NOW, search);
      expectSameRanking(b, a);
    }
    expect(copy.vectorsInMemory).toBeLessThanOrEqual(32);
  });

  it('GIVEN new memories not yet committed WHEN they are evicted THEN they are scored from their own vectors, not the store', async () => {
    const { memories, query } = seeded(400, 5);
    const src = source([]); // the store holds none of them yet
    const s = new MemoryStream(agent, [], { vectors: src.fn, maxVectorBytes: 16 * DIMS * 4 });
    for (const m of memories)
      s.add(
        { kind: m.kind, description: m.description, importance: m.importance, embedding: m.embedding, embedderId: 'e' },
        m.createdAt,
      );
    const eager = new MemoryStream(agent, clone(s.all() as Memory[]));
    const q = query();
    const a = await eager.search({ embedding: q, embedderId: 'e' }, NOW, { ...search, exactBelow: 0 });
    const b = await s.search({ embedding: q, embedderId: 'e' }, NOW, { ...search, exactBelow: 0 });
    expect(b.map((x) => x.memory.id)).toEqual(a.map((x) => x.memory.id));
    expect(src.fetched).toEqual([]);
    expect(s.drainChanges().added.every((m) => m.embedding !== null || m.embedderId === null)).toBe(true);
  });

  it('GIVEN evicted rows WHEN retention compacts in place THEN the remaining rows keep their codes and rank as a fresh stream', async () => {
    const { memories, query } = seeded(2000, 9);
    const src = source(memories);
    const lazy = new MemoryStream(agent, clone(memories), { vectors: src.fn, maxVectorBytes: 32 * DIMS * 4 });
    const removed = new Set(memories.filter((_m, i) => i % 3 === 1).map((m) => m.id));
    const vecs = await lazy.vectorsOf([memories[1]!.id, memories[0]!.id]);
    expect(vecs.get(memories[1]!.id)).toEqual(memories[1]!.embedding);
    const summary: Memory = { ...memories[1]!, id: `${agent}/5000` as MemoryId, seq: 5000, description: 'summary' };
    lazy.compact(removed, [summary]);
    const kept = [...memories.filter((m) => !removed.has(m.id)), summary];
    const fresh = new MemoryStream(agent, clone(kept));
    expect(lazy.size()).toBe(kept.length);
    expect(lazy.get(memories[1]!.id)).toBeUndefined();
    expect(lazy.get(summary.id)?.description).toBe('summary');
    for (let t = 0; t < 10; t++) {
      const q = query();
      const a = await fresh.search({ embedding: q, embedderId: 'e' }, NOW, { ...search, exactBelow: 0 });
      const b = await lazy.search({ embedding: q, embedderId: 'e' }, NOW, { ...search, exactBelow: 0 });
      expect(lazy.lastSearch.quantised).toBe(true);
      expectSameRanking(b, a);
    }
  });

  it('GIVEN a search waiting for the codes of a copied stream WHEN retention compacts it meanwhile THEN the search ranks the new rows', async () => {
    const { memories, query } = seeded(1500, 13);
    const src = source(memories);
    let release: () => void = () => {};
    let gate: Promise<void> | null = new Promise<void>((r) => {
      release = r;
    });
    const slow = async (ids: MemoryId[]) => {
      const g = gate;
      gate = null; // only the first fetch waits
      if (g) await g;
      return src.fn(ids);
    };
    // A copy whose evicted rows hold no vector (src/town/flight.ts): its first search waits for their codes.
    const first = new MemoryStream(agent, clone(memories), { vectors: src.fn, maxVectorBytes: 32 * DIMS * 4 });
    const rows = first.all().map((m) => ({ ...m }));
    src.fetched.length = 0;
    const lazy = new MemoryStream(agent, rows, { vectors: slow, maxVectorBytes: 32 * DIMS * 4 });
    const q = query();
    const pending = lazy.search({ embedding: q, embedderId: 'e' }, NOW, { ...search, exactBelow: 0 });
    await Promise.resolve();
    const removed = new Set(memories.filter((_m, i) => i % 2 === 0).map((m) => m.id));
    lazy.compact(removed, []);
    release();
    const got = await pending;
    const fresh = new MemoryStream(agent, clone(memories.filter((m) => !removed.has(m.id))));
    const want = await fresh.search({ embedding: q, embedderId: 'e' }, NOW, { ...search, exactBelow: 0 });
    expect(src.fetched.length).toBeGreaterThan(1000);
    expectSameRanking(got, want);
    expect(got.every((x) => !removed.has(x.memory.id))).toBe(true);
    expect(lazy.vectorsInMemory).toBeLessThanOrEqual(32);
  });
});

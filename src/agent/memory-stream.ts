// The memory stream of one resident (Park et al. 2023, sec. 4.1): an append-only list of memory objects held
// in memory, with a change journal the town drains after each tick and commits in one transaction.
// Retrieval runs over column arrays (last access, importance, kind) and a VectorIndex: a 4-bit SIMD pass
// bounds every row's relevance, and only rows whose score interval reaches the top k are scored exactly.
// Bounded RAM: given a vector source (the store, through the town's port), the stream keeps every row's columns and
// 4-bit codes but only an LRU of exact vectors; a search fetches the few rows it must score exactly (vector-index.ts).
// The ranking is the same as with every vector in memory: only where the exact vectors come from changes.
import { HOUR_MS, type RetrievalWeights, type ScoredMemory } from './retrieval.ts';
import {
  extremeBounds,
  lowerPass,
  MinHeap,
  markVectors,
  poolPass,
  recencyPass,
  relNorm,
  resolveAll,
  TopRows,
} from './stream-search.ts';
import type { AgentId, Memory, MemoryId, MemoryKind } from './types.ts';
import { unit, VectorIndex } from './vector-index.ts';

/** Exact vectors of stored memories by id (the town store); a memory missing from the answer has none. */
export type MemoryVectorSource = (ids: MemoryId[]) => Promise<Map<MemoryId, Float32Array>>;

export interface MemoryStreamOptions {
  idPrefix?: string;
  simd?: boolean;
  /** Where evicted exact vectors come back from; without it every vector stays in memory. */
  vectors?: MemoryVectorSource;
  /** Exact vectors kept in memory with a source (bytes, LRU); see vector-index.ts. */
  maxVectorBytes?: number;
}

export interface NewMemory {
  kind: MemoryKind;
  description: string;
  importance: number;
  embedding?: Float32Array | null;
  embedderId?: string | null;
  evidence?: MemoryId[];
  /** Defaults to 1 + the deepest evidence (0 without evidence). */
  depth?: number;
  plan?: Memory['plan'];
  meta?: Record<string, unknown>;
}

export interface SearchOptions {
  k: number;
  weights: RetrievalWeights;
  decay: number;
  /** Only these kinds are candidates (default: all). */
  kinds?: readonly MemoryKind[];
  /** Margin of the quantised pass in standard deviations of its rounding error. */
  sigmas?: number;
  /** Scan exactly when rows x dims is below this (default 200k). */
  exactBelow?: number;
}

export interface SearchStats {
  rows: number;
  candidates: number;
  /** Rows whose exact cosine was computed. */
  exact: number;
  quantised: boolean;
}

const KINDS: readonly MemoryKind[] = [
  'seed',
  'observation',
  'reflection',
  'plan',
  'dialogue',
  'conversation_summary',
  'inner_voice',
  'interview',
  'game',
];
const KIND_CODE = new Map<MemoryKind, number>(KINDS.map((k, i) => [k, i]));
/**
 * Exact cosines computed to pin the max (resp. min) of relevance among its contenders. The max needs care: the
 * top memories sit next to it, so an error there reorders them. An error in the min moves a top memory's
 * normalised relevance (rel - min) / (max - min) by about err * (max - rel) / (max - min)^2, i.e. almost not at
 * all near the top; the min's many near-ties (unrelated memories) are resolved only a few deep.
 */
const MAX_RESOLVE_CAP = 256;
const MIN_RESOLVE_CAP = 16;

function clampImportance(x: number): number {
  return Number.isFinite(x) ? Math.min(10, Math.max(1, Math.round(x))) : 1;
}

export class MemoryStream {
  readonly agentId: AgentId;
  private readonly idPrefix: string;
  private memories: Memory[] = [];
  private readonly rowOf = new Map<MemoryId, number>();
  private readonly lastRowByDescription = new Map<string, number>();
  private nextSeq = 1;
  private capacity = 0;
  private lastAccess = new Float64Array(0);
  private importance = new Float32Array(0);
  private kindCode = new Uint8Array(0);
  private index: VectorIndex | null = null;
  private indexEmbedder: string | null = null;
  private added: Memory[] = [];
  /** Ids in `added` (their vectors are not in the store yet, so their objects keep them). */
  private readonly pending = new Set<MemoryId>();
  private readonly source: MemoryVectorSource | null;
  private readonly maxVectorBytes: number | undefined;
  private searching = false;
  /** Searches and vector reads in flight: nothing is evicted while one may still use what it loaded. */
  private active = 0;
  /** Bumped by compact(): a search that waited across it starts over (its rows moved). */
  private generation = 0;
  private readonly touched = new Map<MemoryId, number>();
  private scratch: Scratch = freshScratch(0);
  private readonly simd: boolean;
  /** Figures of the last search, for benchmarks and admin inspection. */
  lastSearch: SearchStats = { rows: 0, candidates: 0, exact: 0, quantised: false };

  constructor(agentId: AgentId, memories: Memory[] = [], opts: MemoryStreamOptions = {}) {
    this.agentId = agentId;
    this.idPrefix = opts.idPrefix ?? '';
    this.simd = opts.simd ?? true;
    this.source = opts.vectors ?? null;
    this.maxVectorBytes = opts.maxVectorBytes;
    const sorted = [...memories].sort((a, b) => a.seq - b.seq);
    for (const m of sorted) {
      this.append(m);
      this.trim();
    }
  }

  /** Exact vectors held in memory (for benchmarks; all of them without a vector source). */
  get vectorsInMemory(): number {
    return this.index?.resident ?? 0;
  }

  size(): number {
    return this.memories.length;
  }

  all(): readonly Memory[] {
    return this.memories;
  }

  get(id: MemoryId): Memory | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : this.memories[row];
  }

  /** The latest memory with exactly this description (repeated observations reuse its importance). */
  latestWithDescription(description: string): Memory | undefined {
    const row = this.lastRowByDescription.get(description);
    return row === undefined ? undefined : this.memories[row];
  }

  /** The n most recent memories (newest last) that pass the filter. */
  recent(n: number, filter?: (m: Memory) => boolean): Memory[] {
    const out: Memory[] = [];
    for (let i = this.memories.length - 1; i >= 0 && out.length < n; i--) {
      const m = this.memories[i]!;
      if (!filter || filter(m)) out.push(m);
    }
    return out.reverse();
  }

  /** Appends (assigns id + seq, createdAt/lastAccessAt = now). */
  add(m: NewMemory, now: number): Memory {
    const seq = this.nextSeq;
    const evidence = [...(m.evidence ?? [])].filter((id) => this.rowOf.has(id));
    const depth =
      m.depth ?? (evidence.length === 0 ? 0 : 1 + Math.max(...evidence.map((id) => this.get(id)?.depth ?? 0)));
    const memory: Memory = {
      id: `${this.idPrefix}${this.agentId}/${seq}` as MemoryId,
      agentId: this.agentId,
      seq,
      kind: m.kind,
      description: m.description.trim(),
      createdAt: now,
      lastAccessAt: now,
      importance: clampImportance(m.importance),
      embedding: m.embedding ?? null,
      embedderId: m.embedding ? (m.embedderId ?? null) : null,
      evidence,
      depth,
      ...(m.plan ? { plan: { ...m.plan } } : {}),
      ...(m.meta ? { meta: m.meta } : {}),
    };
    this.append(memory);
    this.added.push(memory);
    this.pending.add(memory.id);
    this.trim();
    return memory;
  }

  /** Marks access (retrieval) time; journaled. */
  touch(ids: readonly MemoryId[], now: number): void {
    for (const id of ids) {
      const row = this.rowOf.get(id);
      if (row === undefined) continue;
      const m = this.memories[row]!;
      if (now <= m.lastAccessAt) continue;
      m.lastAccessAt = now;
      this.lastAccess[row] = now;
      this.touched.set(id, now);
    }
  }

  drainChanges(): { added: Memory[]; touched: { id: MemoryId; lastAccessAt: number }[] } {
    const addedIds = new Set(this.added.map((m) => m.id));
    const added = this.added;
    // A memory added and touched in the same tick is committed once, with its latest access time.
    const touched = [...this.touched]
      .filter(([id]) => !addedIds.has(id))
      .map(([id, lastAccessAt]) => ({ id, lastAccessAt }));
    this.added = [];
    this.pending.clear();
    this.touched.clear();
    return { added, touched };
  }

  /**
   * Retention (src/town/retention.ts): deletes these memories and appends `summaries` (already numbered, not
   * journaled: the caller commits both), in place, keeping every other row's codes and columns.
   */
  compact(removed: ReadonlySet<MemoryId>, summaries: readonly Memory[]): void {
    const rows: number[] = [];
    for (const id of removed) {
      const row = this.rowOf.get(id);
      if (row !== undefined) rows.push(row);
    }
    rows.sort((a, b) => a - b);
    if (rows.length > 0) {
      this.generation++;
      const gone = new Set(rows);
      const kept: Memory[] = [];
      let to = 0;
      for (let from = 0; from < this.memories.length; from++) {
        if (gone.has(from)) continue;
        kept.push(this.memories[from]!);
        this.lastAccess[to] = this.lastAccess[from]!;
        this.importance[to] = this.importance[from]!;
        this.kindCode[to] = this.kindCode[from]!;
        to++;
      }
      this.index?.removeRows(rows);
      this.memories = kept;
      this.rowOf.clear();
      this.lastRowByDescription.clear();
      kept.forEach((m, row) => {
        this.rowOf.set(m.id, row);
        this.lastRowByDescription.set(m.description, row);
      });
      for (const id of removed) {
        this.touched.delete(id);
        this.pending.delete(id);
      }
      this.added = this.added.filter((m) => !removed.has(m.id));
    }
    for (const m of [...summaries].sort((a, b) => a.seq - b.seq)) this.append(m);
    this.trim();
  }

  private unmoved(gen: number): void {
    if (gen !== this.generation) throw new RowsMoved();
  }

  private trim(): void {
    if (this.active === 0) this.index?.trim();
  }

  /** Exact vectors of these memories (from memory or the vector source); absent: no vector in the index space. */
  async vectorsOf(ids: readonly MemoryId[]): Promise<Map<MemoryId, Float32Array>> {
    for (;;) {
      const out = new Map<MemoryId, Float32Array>();
      const index = this.index;
      if (!index) return out;
      const gen = this.generation;
      const rows = ids.map((id) => this.rowOf.get(id)).filter((r): r is number => r !== undefined);
      this.active++;
      try {
        await index.load(rows);
        if (gen !== this.generation) continue;
        for (const row of rows) {
          const v = index.vector(row);
          if (v) out.set(this.memories[row]!.id, v);
        }
        return out;
      } finally {
        this.active--;
        this.trim();
      }
    }
  }

  /** The vector space retrieval compares in (the embedder of the first embedded memory). */
  get embedderId(): string | null {
    return this.indexEmbedder;
  }

  /** Memories without a vector in `embedderId`'s space (to be embedded again after an embedder change). */
  unembedded(embedderId: string): Memory[] {
    return this.memories.filter(
      (m, row) =>
        m.embedderId !== embedderId ||
        (m.embedding === null && !(this.index?.has(row) && this.indexEmbedder === embedderId)),
    );
  }

  /** Replaces a memory's vector (e.g. re-embedded with the current embedder); not journaled. */
  setEmbedding(id: MemoryId, embedding: Float32Array, embedderId: string): void {
    const row = this.rowOf.get(id);
    if (row === undefined) return;
    const m = this.memories[row]!;
    m.embedding = embedding;
    m.embedderId = embedderId;
    if (this.index === null || this.indexEmbedder !== embedderId || this.index.dims !== embedding.length) {
      this.rebuildIndex(embedderId, embedding.length);
    } else {
      this.index.set(row, embedding);
    }
  }

  /**
   * The top k memories by the sec. 4.1 score, with normalised components. Does not touch them (retrieve()
   * in the runtime does). Same ranking as scoreMemories(), up to the error margin described in
   * vector-index.ts (exact below `exactBelow`). Written as flat loops over typed arrays: it runs per query.
   */
  async search(
    query: { embedding: Float32Array | null; embedderId?: string | null },
    now: number,
    opts: SearchOptions,
  ): Promise<ScoredMemory[]> {
    for (;;) {
      const n = this.memories.length;
      const k = Math.max(0, Math.floor(opts.k));
      if (n === 0 || k === 0) return [];
      // A search may wait for vectors; a second search of the same stream meanwhile gets scratch of its own.
      const shared = !this.searching;
      this.searching = true;
      this.active++;
      const gen = this.generation;
      try {
        return await this.searchRows(query, now, opts, n, k, shared ? this.ensureScratch(n) : freshScratch(n), gen);
      } catch (e) {
        // Compacted while it waited for vectors: its rows moved, so it runs again on the new rows.
        if (!(e instanceof RowsMoved)) throw e;
      } finally {
        if (shared) this.searching = false;
        this.active--;
        this.trim();
      }
    }
  }

  private async searchRows(
    query: { embedding: Float32Array | null; embedderId?: string | null },
    now: number,
    opts: SearchOptions,
    n: number,
    k: number,
    scratch: Scratch,
    gen: number,
  ): Promise<ScoredMemory[]> {
    const wR = opts.weights.recency;
    const wI = opts.weights.importance;
    const wV = opts.weights.relevance;
    const mask =
      opts.kinds === undefined ? 0x1ff : opts.kinds.reduce((acc, kind) => acc | (1 << (KIND_CODE.get(kind) ?? 0)), 0);
    const { approx, margin, base, lower, flags } = scratch;
    const kindCode = this.kindCode;
    const lastAccess = this.lastAccess;
    const importance = this.importance;

    // Pass 1: candidates, recency (decay ^ hours) and importance ranges. flags: 1 candidate, 2 has a vector,
    // 4 relevance exact.
    const lnDecayPerMs = Math.log(opts.decay) / HOUR_MS;
    const ranges = new Float64Array(4);
    const candidates = recencyPass(n, mask, kindCode, lastAccess, importance, now, lnDecayPerMs, flags, base, ranges);
    if (candidates === 0) return [];
    const rMin = ranges[0]!;
    const rMax = ranges[1]!;
    const iMin = ranges[2]!;
    const iMax = ranges[3]!;
    const rRange = rMax - rMin;
    const iRange = iMax - iMin;

    // Relevance: exact, or 4-bit approximations with margins.
    const index = this.index;
    const comparable =
      query.embedding !== null &&
      index !== null &&
      query.embedding.length === index.dims &&
      (query.embedderId == null || query.embedderId === this.indexEmbedder);
    const qUnit = comparable ? unit(query.embedding!) : null;
    let quantised = false;
    let exactCount = 0;
    let relMin = 0;
    let relRange = 0;
    if (qUnit && index) {
      markVectors(n, flags, index.presence);
      const big = n * index.dims >= (opts.exactBelow ?? 200_000);
      quantised = big && index.approximate(qUnit, approx, margin, opts.sigmas ?? 6);
      if (!quantised) {
        await index.load(rowsWith(n, flags, 2));
        this.unmoved(gen);
        exactCount += resolveAll(n, flags, approx, margin, index, qUnit);
      }
      // Pin the relevance extremes (normalisation) exactly when the margins leave a few contenders.
      const ext = extremeBounds(n, flags, approx, margin);
      if (ext[0]! > Number.NEGATIVE_INFINITY) {
        const max = await this.extreme(n, qUnit, ext[0]!, 1, scratch, gen);
        const min = await this.extreme(n, qUnit, ext[1]!, -1, scratch, gen);
        exactCount += max.resolved + min.resolved;
        relMin = min.value;
        relRange = max.value - min.value;
      }
    }
    const relConst = !(relRange > 1e-12);
    const relScale = relConst ? 0 : wV / relRange;
    const relFixed = relConst ? 0.5 * wV : 0;

    // Pass 2: recency + importance (exact) and the lower bound of each score; the k-th best lower bound.
    const rScale = rRange > 1e-12 ? wR / rRange : 0;
    const rFixed = rRange > 1e-12 ? 0 : 0.5 * wR;
    const iScale = iRange > 1e-12 ? wI / iRange : 0;
    const iFixed = iRange > 1e-12 ? 0 : 0.5 * wI;
    const heap = new MinHeap(k);
    const c = [rScale, rFixed, rMin, iScale, iFixed, iMin, relScale, relFixed, relMin, wV];
    lowerPass(n, flags, base, importance, approx, margin, lower, heap, c, relConst);

    // Pass 3: rows whose upper bound reaches the k-th best lower bound are scored exactly; the rest cannot
    // make the top k.
    const pool: number[] = [];
    poolPass(n, flags, base, approx, margin, c, relConst, heap.kth(), pool, null, null);
    if (index && qUnit) {
      const toResolve = pool.filter((row) => (flags[row]! & 6) === 2);
      await index.load(toResolve);
      this.unmoved(gen);
      for (const row of toResolve) {
        approx[row] = index.exactCosine(row, qUnit);
        margin[row] = 0;
        flags[row] = flags[row]! | 4;
      }
      exactCount += toResolve.length;
    }
    const scored = pool.map((row) => ({
      row,
      rel: relNorm(flags[row]!, approx[row]!, relMin, relRange, relConst),
      score: 0,
    }));
    for (const x of scored) x.score = base[x.row]! + wV * x.rel;
    scored.sort((a, b) => b.score - a.score || b.row - a.row);
    this.lastSearch = { rows: n, candidates, exact: exactCount, quantised };
    return scored.slice(0, k).map(({ row, score, rel }) => ({
      memory: this.memories[row]!,
      score,
      recency: rRange > 1e-12 ? (Math.exp(lnDecayPerMs * Math.max(0, now - lastAccess[row]!)) - rMin) / rRange : 0.5,
      importance: iRange > 1e-12 ? (importance[row]! - iMin) / iRange : 0.5,
      relevance: rel,
    }));
  }

  /**
   * Max (sign 1) or min (sign -1) exact relevance: only rows whose interval reaches `bound` (the best lower
   * bound of the max, the best upper bound of the min) can hold it, so those are resolved exactly.
   */
  private async extreme(
    n: number,
    qUnit: Float32Array,
    bound: number,
    sign: 1 | -1,
    scratch: Scratch,
    gen: number,
  ): Promise<{ value: number; resolved: number }> {
    const { approx, margin, flags } = scratch;
    const index = this.index!;
    // Many near-ties (thousands of unrelated memories near cosine 0): resolve only the most extreme
    // approximations; the remaining error in the normalisation is below the margins (see the caps).
    const pick = new TopRows(sign === 1 ? MAX_RESOLVE_CAP : MIN_RESOLVE_CAP);
    for (let row = 0; row < n; row++) {
      if (!(flags[row]! & 2)) continue;
      const reaches = sign === 1 ? approx[row]! + margin[row]! >= bound : approx[row]! - margin[row]! <= bound;
      if (reaches) pick.offer(row, sign * approx[row]!);
    }
    const rows = pick.rows();
    await index.load(rows.filter((row) => !(flags[row]! & 4)));
    this.unmoved(gen);
    let best = sign === 1 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    let resolved = 0;
    for (const row of rows) {
      if (!(flags[row]! & 4)) {
        approx[row] = index.exactCosine(row, qUnit);
        margin[row] = 0;
        flags[row] = flags[row]! | 4;
        resolved++;
      }
      const v = approx[row]!;
      best = sign === 1 ? Math.max(best, v) : Math.min(best, v);
    }
    return { value: best, resolved };
  }

  private ensureScratch(n: number): Scratch {
    if (this.scratch.approx.length < n) this.scratch = freshScratch(Math.max(n, this.capacity));
    return this.scratch;
  }

  private append(m: Memory): void {
    const row = this.memories.length;
    this.memories.push(m);
    this.rowOf.set(m.id, row);
    this.lastRowByDescription.set(m.description, row);
    this.nextSeq = Math.max(this.nextSeq, m.seq + 1);
    if (row >= this.capacity) {
      const cap = Math.max(64, this.capacity * 2);
      const la = new Float64Array(cap);
      la.set(this.lastAccess);
      this.lastAccess = la;
      const im = new Float32Array(cap);
      im.set(this.importance);
      this.importance = im;
      const kc = new Uint8Array(cap);
      kc.set(this.kindCode);
      this.kindCode = kc;
      this.capacity = cap;
    }
    this.lastAccess[row] = m.lastAccessAt;
    this.importance[row] = m.importance;
    this.kindCode[row] = KIND_CODE.get(m.kind) ?? 0;
    if (m.embedding && m.embedderId !== null && this.index === null) {
      this.index = this.newIndex(m.embedding.length);
      this.indexEmbedder = m.embedderId;
      for (let r = 0; r < row; r++) this.index.push(null);
    }
    if (this.index) this.index.push(this.comparable(m) ? m.embedding : null);
  }

  private comparable(m: Memory): boolean {
    return m.embedding !== null && m.embedderId === this.indexEmbedder && m.embedding.length === this.index?.dims;
  }

  private newIndex(dims: number): VectorIndex {
    const source = this.source;
    if (!source) return new VectorIndex(dims, { simd: this.simd });
    return new VectorIndex(dims, {
      simd: this.simd,
      ...(this.maxVectorBytes !== undefined ? { maxVectorBytes: this.maxVectorBytes } : {}),
      // A memory not committed yet still holds its vector; the rest come from the store.
      loader: async (rows) => {
        const ms = rows.map((row) => this.memories[row]);
        const ask = ms.filter((m): m is Memory => m !== undefined && m.embedding === null).map((m) => m.id);
        const got = ask.length > 0 ? await source(ask) : new Map<MemoryId, Float32Array>();
        return ms.map((m) => (m ? (m.embedding ?? got.get(m.id) ?? null) : null));
      },
      onEvict: (row) => {
        const m = this.memories[row];
        if (m && !this.pending.has(m.id)) m.embedding = null;
      },
    });
  }

  private rebuildIndex(embedderId: string, dims: number): void {
    this.index = this.newIndex(dims);
    this.indexEmbedder = embedderId;
    for (const m of this.memories) this.index.push(this.comparable(m) ? m.embedding : null);
  }
}

/** A search's rows moved under it (compact() ran while it waited); it starts over. */
class RowsMoved extends Error {}

interface Scratch {
  approx: Float32Array;
  margin: Float32Array;
  base: Float64Array;
  lower: Float64Array;
  flags: Uint8Array;
}

function freshScratch(cap: number): Scratch {
  const n = Math.max(64, cap);
  return {
    approx: new Float32Array(n),
    margin: new Float32Array(n),
    base: new Float64Array(n),
    lower: new Float64Array(n),
    flags: new Uint8Array(n),
  };
}

/** Rows whose flags have all of `mask`'s bits. */
function rowsWith(n: number, flags: Uint8Array, mask: number): number[] {
  const out: number[] = [];
  for (let row = 0; row < n; row++) if ((flags[row]! & mask) === mask) out.push(row);
  return out;
}

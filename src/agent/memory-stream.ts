// The memory stream of one resident (Park et al. 2023, sec. 4.1): an append-only list of memory objects held
// in memory, with a change journal the town drains after each tick and commits in one transaction.
// Retrieval (stream-rank.ts) runs over column arrays (last access, importance, kind: stream-columns.ts) and a
// VectorIndex: a 4-bit SIMD pass bounds every row's relevance, and only rows whose score interval reaches the top k
// are scored exactly. Bounded RAM: given a vector source (the store, through the town's port), the stream keeps
// every row's columns, 4-bit codes and 8-bit copies but only an LRU of exact vectors; a row whose exact vector was
// evicted is scored from its 8-bit copy (vector-bytes.ts), so a search never waits for the store and the ranking
// differs from an all-in-memory one only among near-ties.

import type { ScoredMemory } from './retrieval.ts';
import { StreamColumns } from './stream-columns.ts';
import { type StreamChanges, StreamJournal } from './stream-journal.ts';
import {
  freshScratch,
  RowsMoved,
  rankRows,
  type Scratch,
  type SearchOptions,
  type SearchStats,
  type StreamView,
} from './stream-rank.ts';
import type { AgentId, Memory, MemoryId, MemoryKind } from './types.ts';
import { VectorIndex } from './vector-index.ts';

export type { SearchOptions, SearchStats } from './stream-rank.ts';

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

function clampImportance(x: number): number {
  return Number.isFinite(x) ? Math.min(10, Math.max(1, Math.round(x))) : 1;
}

export class MemoryStream implements StreamView {
  readonly agentId: AgentId;
  private readonly idPrefix: string;
  // Rows and columns are read by the ranking (stream-rank.ts, StreamView); only this class writes them.
  memories: Memory[] = [];
  private readonly rowOf = new Map<MemoryId, number>();
  private readonly lastRowByDescription = new Map<string, number>();
  private nextSeq = 1;
  readonly columns = new StreamColumns();
  index: VectorIndex | null = null;
  indexEmbedder: string | null = null;
  private readonly journal = new StreamJournal();
  private readonly source: MemoryVectorSource | null;
  private readonly maxVectorBytes: number | undefined;
  private searching = false;
  /** Searches and vector reads in flight: nothing is evicted while one may still use what it loaded. */
  private active = 0;
  /** Bumped by compact(): a search that waited across it starts over (its rows moved). */
  private generation = 0;
  /** Memories with no vector at all (their embedding call failed): retried with the resident's next memories. */
  private readonly vectorless = new Set<MemoryId>();
  /**
   * Stored memories that arrived without their vector (a copy of a stream whose LRU had evicted it, flight.ts): their
   * codes are built from the store's vectors before the next search, so they rank as they did in the original.
   */
  private readonly uncoded = new Set<MemoryId>();
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
    this.journal.add(memory);
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
      this.columns.lastAccess[row] = now;
      this.journal.touch(id, now);
    }
  }

  drainChanges(): StreamChanges {
    return this.journal.drain((id) => this.get(id));
  }

  /** Memories stored without a vector (an embedding call failed), oldest first: they wait for one. */
  withoutVector(limit = Number.POSITIVE_INFINITY): Memory[] {
    const out: Memory[] = [];
    for (const id of this.vectorless) {
      if (out.length >= limit) break;
      const m = this.get(id);
      if (m) out.push(m);
    }
    return out;
  }

  /** How many memories wait for a vector. */
  get withoutVectorCount(): number {
    return this.vectorless.size;
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
        this.columns.move(from, to);
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
      for (const id of removed) this.vectorless.delete(id);
      this.journal.forget(removed);
    }
    for (const m of [...summaries].sort((a, b) => a.seq - b.seq)) this.append(m);
    this.trim();
  }

  unmoved(gen: number): void {
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
        (m.embedding === null &&
          !this.uncoded.has(m.id) &&
          !(this.index?.has(row) && this.indexEmbedder === embedderId)),
    );
  }

  /** Gives a memory its vector (one that waited for it, or re-embedded); journaled for the next commit. */
  setEmbedding(id: MemoryId, embedding: Float32Array, embedderId: string): void {
    const row = this.rowOf.get(id);
    if (row === undefined) return;
    const m = this.memories[row]!;
    m.embedding = embedding;
    m.embedderId = embedderId;
    this.vectorless.delete(id);
    this.journal.embedded(id, embedding, embedderId);
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
    if (this.uncoded.size > 0) await this.encodeStored();
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
        return await rankRows(this, query, now, opts, n, k, shared ? this.ensureScratch(n) : freshScratch(n), gen);
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

  /** Builds the codes of stored memories that came without their vector (see `uncoded`), from the store. */
  private async encodeStored(): Promise<void> {
    const source = this.source;
    const ids = [...this.uncoded];
    this.uncoded.clear();
    if (!source || ids.length === 0) return;
    const got = await source(ids);
    this.active++;
    try {
      for (const id of ids) {
        const row = this.rowOf.get(id);
        const v = got.get(id);
        const m = row === undefined ? undefined : this.memories[row];
        if (row === undefined || !m || !v || m.embedderId === null) continue;
        if (this.index === null) {
          this.index = this.newIndex(v.length);
          this.indexEmbedder = m.embedderId;
          for (let r = 0; r < this.memories.length; r++) this.index.push(null);
        }
        if (m.embedderId === this.indexEmbedder && v.length === this.index.dims) this.index.set(row, v);
      }
    } finally {
      this.active--;
      this.trim();
    }
  }

  private ensureScratch(n: number): Scratch {
    if (this.scratch.approx.length < n) this.scratch = freshScratch(Math.max(n, this.columns.capacity));
    return this.scratch;
  }

  private append(m: Memory): void {
    const row = this.memories.length;
    if (this.source && m.embedding === null && m.embedderId !== null) this.uncoded.add(m.id);
    if (m.embedderId === null) this.vectorless.add(m.id);
    this.memories.push(m);
    this.rowOf.set(m.id, row);
    this.lastRowByDescription.set(m.description, row);
    this.nextSeq = Math.max(this.nextSeq, m.seq + 1);
    this.columns.set(row, m);
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
        if (m && !this.journal.isPending(m.id)) m.embedding = null;
      },
    });
  }

  private rebuildIndex(embedderId: string, dims: number): void {
    this.index = this.newIndex(dims);
    this.indexEmbedder = embedderId;
    for (const m of this.memories) this.index.push(this.comparable(m) ? m.embedding : null);
  }
}

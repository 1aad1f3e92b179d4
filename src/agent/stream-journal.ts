// The change journal of one memory stream: what the next commit writes (memories added, access times touched,
// vectors a stored memory got later), and which added memories' vectors are not in the store yet. Drained by
// MemoryStream.drainChanges at each commit; compact() forgets what it removed.
import type { Memory, MemoryId } from './types.ts';

export interface StreamChanges {
  added: Memory[];
  touched: { id: MemoryId; lastAccessAt: number }[];
  embedded: { id: MemoryId; embedding: Float32Array; embedderId: string; meta?: Record<string, unknown> }[];
}

export class StreamJournal {
  private added: Memory[] = [];
  /** Ids in `added` (their vectors are not in the store yet, so their objects keep them). */
  private readonly pending = new Set<MemoryId>();
  private readonly touched = new Map<MemoryId, number>();
  /** Stored memories that got their vector since the last commit (journaled as `embedded`). */
  private readonly embeddedNow = new Map<MemoryId, { embedding: Float32Array; embedderId: string }>();

  add(m: Memory): void {
    this.added.push(m);
    this.pending.add(m.id);
  }

  touch(id: MemoryId, at: number): void {
    this.touched.set(id, at);
  }

  embedded(id: MemoryId, embedding: Float32Array, embedderId: string): void {
    this.embeddedNow.set(id, { embedding, embedderId });
  }

  /** Is the memory added since the last commit (its vector lives only in its object)? */
  isPending(id: MemoryId): boolean {
    return this.pending.has(id);
  }

  /** Forgets what compaction removed. */
  forget(removed: ReadonlySet<MemoryId>): void {
    for (const id of removed) {
      this.touched.delete(id);
      this.pending.delete(id);
      this.embeddedNow.delete(id);
    }
    this.added = this.added.filter((m) => !removed.has(m.id));
  }

  /** What the next commit writes, and a fresh journal; `get` finds a stored memory (for an embedded one's meta). */
  drain(get: (id: MemoryId) => Memory | undefined): StreamChanges {
    const addedIds = new Set(this.added.map((m) => m.id));
    const added = this.added;
    // A memory added and touched in the same tick is committed once, with its latest access time.
    const touched = [...this.touched]
      .filter(([id]) => !addedIds.has(id))
      .map(([id, lastAccessAt]) => ({ id, lastAccessAt }));
    // (an added memory carries its vector itself)
    const embedded = [...this.embeddedNow].flatMap(([id, v]) => {
      const m = get(id);
      return m && !addedIds.has(id) ? [{ id, ...v, ...(m.meta ? { meta: m.meta } : {}) }] : [];
    });
    this.added = [];
    this.pending.clear();
    this.touched.clear();
    this.embeddedNow.clear();
    return { added, touched, embedded };
  }
}

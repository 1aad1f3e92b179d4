// Embedding cache keyed by (embedder id, sha256 of the text): the port, an in-memory LRU, and a two-level cache.
// The persistent store (Prisma, table EmbeddingCache) is src/db/embedding-cache-store.ts.
import { createHash } from 'node:crypto';

export interface EmbeddingCacheEntry {
  textHash: string;
  vector: Float32Array;
}

export interface EmbeddingCacheStore {
  /** Vectors found for the given hashes (missing ones are simply absent). */
  getMany(embedderId: string, textHashes: readonly string[]): Promise<Map<string, Float32Array>>;
  putMany(embedderId: string, entries: readonly EmbeddingCacheEntry[]): Promise<void>;
}

export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export const embeddingCacheSettings = {
  // About 10k memories of 1536 floats is 60 MB; enough for one busy town's working set.
  defaultLruEntries: 10_000,
} as const;

/** Least-recently-used cache in memory (a Map keeps insertion order; a hit re-inserts). */
export class InMemoryEmbeddingCache implements EmbeddingCacheStore {
  private readonly map = new Map<string, Float32Array>();
  constructor(readonly maxEntries: number = embeddingCacheSettings.defaultLruEntries) {
    if (maxEntries < 1) throw new RangeError('maxEntries must be >= 1');
  }

  get size(): number {
    return this.map.size;
  }

  async getMany(embedderId: string, textHashes: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    for (const h of textHashes) {
      const key = `${embedderId}\u0000${h}`;
      const v = this.map.get(key);
      if (v) {
        this.map.delete(key);
        this.map.set(key, v);
        found.set(h, v);
      }
    }
    return found;
  }

  async putMany(embedderId: string, entries: readonly EmbeddingCacheEntry[]): Promise<void> {
    for (const e of entries) {
      const key = `${embedderId}\u0000${e.textHash}`;
      this.map.delete(key);
      this.map.set(key, e.vector);
      if (this.map.size > this.maxEntries) {
        const oldest = this.map.keys().next();
        if (!oldest.done) this.map.delete(oldest.value);
      }
    }
  }
}

/** A fast front (memory) over a durable back (database): reads fall through and fill the front. */
export class TieredEmbeddingCache implements EmbeddingCacheStore {
  /** Durable writes that failed (the vectors stayed in the front and in the memories; only the cache lost them). */
  backWriteErrors = 0;

  constructor(
    private readonly front: EmbeddingCacheStore,
    private readonly back: EmbeddingCacheStore,
    private readonly onBackWriteError?: (e: unknown) => void,
  ) {}

  async getMany(embedderId: string, textHashes: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = await this.front.getMany(embedderId, textHashes);
    const missing = textHashes.filter((h) => !found.has(h));
    if (missing.length === 0) return found;
    const fromBack = await this.back.getMany(embedderId, missing);
    if (fromBack.size > 0) {
      await this.front.putMany(
        embedderId,
        [...fromBack].map(([h, vector]) => ({ textHash: h, vector })),
      );
      for (const [h, v] of fromBack) found.set(h, v);
    }
    return found;
  }

  async putMany(embedderId: string, entries: readonly EmbeddingCacheEntry[]): Promise<void> {
    await this.front.putMany(embedderId, entries);
    // Best effort: the cache only saves a later call, so a failed durable write never fails the embedding call
    // (which would leave memories without their vectors); it is counted and reported.
    try {
      await this.back.putMany(embedderId, entries);
    } catch (e) {
      this.backWriteErrors++;
      this.onBackWriteError?.(e);
    }
  }
}

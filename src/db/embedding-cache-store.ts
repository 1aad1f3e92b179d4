// Prisma implementation of the EmbeddingCacheStore port (src/llm/embedding-cache.ts): table EmbeddingCache,
// keyed by (embedder id, sha256 of the text), vectors as Float32 little-endian bytes.
import type { EmbeddingCacheEntry, EmbeddingCacheStore } from '../llm/embedding-cache.ts';
import { bytesToVector, vectorToBytes } from '../llm/vector.ts';
import type { PrismaClient } from './client.ts';

export const embeddingCacheStoreSettings = {
  // SQLite allows 32766 bound variables per statement since 3.32; 500 keys per IN list stays far below.
  readChunk: 500,
  // Writes go in one transaction per chunk, keeping each transaction short.
  writeChunk: 200,
} as const;

export class PrismaEmbeddingCacheStore implements EmbeddingCacheStore {
  constructor(private readonly prisma: PrismaClient) {}

  async getMany(embedderId: string, textHashes: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    const unique = [...new Set(textHashes)];
    for (let i = 0; i < unique.length; i += embeddingCacheStoreSettings.readChunk) {
      const rows = await this.prisma.embeddingCache.findMany({
        where: { embedderId, textHash: { in: unique.slice(i, i + embeddingCacheStoreSettings.readChunk) } },
        select: { textHash: true, vector: true },
      });
      for (const r of rows) found.set(r.textHash, bytesToVector(r.vector));
    }
    return found;
  }

  /**
   * Stores vectors, skipping keys already stored: two towns (or two processes) embedding the same text at once must
   * not fail either's embedding call (PostgreSQL refused the second insert of an upsert race). Same text, same
   * embedder: the stored vector is as good as the new one.
   */
  async putMany(embedderId: string, entries: readonly EmbeddingCacheEntry[]): Promise<void> {
    const unique = [...new Map(entries.map((e) => [e.textHash, e])).values()];
    for (let i = 0; i < unique.length; i += embeddingCacheStoreSettings.writeChunk) {
      const chunk = unique.slice(i, i + embeddingCacheStoreSettings.writeChunk);
      const stored = await this.prisma.embeddingCache.findMany({
        where: { embedderId, textHash: { in: chunk.map((e) => e.textHash) } },
        select: { textHash: true },
      });
      const have = new Set(stored.map((r) => r.textHash));
      const rows = chunk
        .filter((e) => !have.has(e.textHash))
        .map((e) => ({ embedderId, textHash: e.textHash, vector: vectorToBytes(e.vector) }));
      if (rows.length === 0) continue;
      try {
        await this.prisma.embeddingCache.createMany({ data: rows });
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        // Another writer stored some of them between the read and the insert: the rest go one by one.
        for (const row of rows)
          await this.prisma.embeddingCache.create({ data: row }).catch((err: unknown) => {
            if (!isUniqueViolation(err)) throw err;
          });
      }
    }
  }
}

/** Prisma's unique-constraint error (P2002), whatever the driver adapter. */
function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'P2002' || /unique constraint/i.test(e instanceof Error ? e.message : '');
}

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

  async putMany(embedderId: string, entries: readonly EmbeddingCacheEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += embeddingCacheStoreSettings.writeChunk) {
      const chunk = entries.slice(i, i + embeddingCacheStoreSettings.writeChunk);
      await this.prisma.$transaction(
        chunk.map((e) =>
          this.prisma.embeddingCache.upsert({
            where: { embedderId_textHash: { embedderId, textHash: e.textHash } },
            create: { embedderId, textHash: e.textHash, vector: vectorToBytes(e.vector) },
            // Same text, same embedder: the stored vector is as good as the new one.
            update: {},
          }),
        ),
      );
    }
  }
}

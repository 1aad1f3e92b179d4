// The embedding cache is a saving, never a failure (issue 24, item 2): when its durable write fails (the database
// is broken), the embedding call still returns its vectors; the failure is counted and reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { PrismaEmbeddingCacheStore } from '../../src/db/embedding-cache-store.ts';
import { InMemoryEmbeddingCache, TieredEmbeddingCache, textHash } from '../../src/llm/embedding-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'emb-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('TieredEmbeddingCache', () => {
  it('keeps the vectors in memory and counts the failure when the durable write fails', async () => {
    const db = await openDatabase(`file:${join(dir, 'gone.db')}`);
    const back = new PrismaEmbeddingCacheStore(db.prisma);
    // the table is gone under the running process (a damaged or replaced database): every write fails
    await db.prisma.$executeRawUnsafe('DROP TABLE "EmbeddingCache"');
    const errors: unknown[] = [];
    const cache = new TieredEmbeddingCache(new InMemoryEmbeddingCache(), back, (e) => errors.push(e));
    const h = textHash('a memory');
    await expect(cache.putMany('emb', [{ textHash: h, vector: Float32Array.of(1, 2) }])).resolves.toBeUndefined();
    expect(cache.backWriteErrors).toBe(1);
    expect(errors).toHaveLength(1);
    expect([...((await cache.getMany('emb', [h])).get(h) ?? [])]).toEqual([1, 2]);
    await db.close();
  });
});

// The embedding gateway through the real SDK against the fake: batching, cache, normalisation, accounting.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createEmbedder,
  type EmbedderOptions,
  EmbeddingGateway,
  InMemoryEmbeddingCache,
  InMemoryUsageSink,
  LexicalEmbedder,
  TieredEmbeddingCache,
  textHash,
} from '../../src/llm/index.ts';
import { isLlmError } from '../../src/llm/port.ts';
import { type FakeOpenAI, fakeEmbedding, reply, startFakeOpenAI } from '../support/fake-openai.ts';
import { manualClock } from './helpers.ts';

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI({ embeddingDimensions: 16 });
});
afterEach(async () => {
  await fake.close();
});

function embedder(extra: Partial<EmbedderOptions> = {}): EmbeddingGateway {
  const e = createEmbedder({
    provider: 'compatible',
    baseURL: fake.baseURL,
    embeddingModel: 'fake-embed',
    clock: manualClock(),
    ...extra,
  });
  if (!(e instanceof EmbeddingGateway)) throw new Error('expected the gateway');
  return e;
}

function norm(v: Float32Array): number {
  return Math.sqrt(v.reduce((s, x) => s + x * x, 0));
}

describe('embedding gateway', () => {
  it('returns unit vectors in input order and names its vector space', async () => {
    const e = embedder();
    const [a, b] = await e.embed({ texts: ['Isabella opens the cafe', 'Klaus reads at the library'] });
    expect(a).toBeInstanceOf(Float32Array);
    expect(a?.length).toBe(16);
    expect(norm(a!)).toBeCloseTo(1, 5);
    expect([...a!]).toEqual([...fakeEmbedding('Isabella opens the cafe', 16)]);
    expect([...b!]).toEqual([...fakeEmbedding('Klaus reads at the library', 16)]);
    expect(e.id).toBe('compatible:fake-embed');
    expect(e.dimensions).toBe(16);
    const [req] = fake.embeddingRequests();
    expect(req?.body).toMatchObject({ model: 'fake-embed', encoding_format: 'float' });
  });

  it('the cache avoids a second request for the same text (keyed by embedder and text hash)', async () => {
    const e = embedder();
    await e.embed({ texts: ['alpha', 'beta'] });
    expect(fake.embeddingRequests()).toHaveLength(1);
    const again = await e.embed({ texts: ['beta', 'gamma', 'beta'] });
    expect(fake.embeddingRequests()).toHaveLength(2);
    expect(fake.embeddingRequests()[1]?.body.input).toEqual(['gamma']); // only the new text, once
    expect([...again[0]!]).toEqual([...again[2]!]);
    await e.embed({ texts: ['alpha', 'gamma'] });
    expect(fake.embeddingRequests()).toHaveLength(2);
    expect(e.stats).toEqual({ requests: 2, cacheHits: 3, cacheMisses: 3 });
  });

  it('a cache shared between embedders does not mix vector spaces', async () => {
    const cache = new InMemoryEmbeddingCache();
    await embedder({ cache }).embed({ texts: ['alpha'] });
    await embedder({ cache, embeddingModel: 'other-embed' }).embed({ texts: ['alpha'] });
    expect(fake.embeddingRequests()).toHaveLength(2);
    expect((await cache.getMany('compatible:fake-embed', [textHash('alpha')])).size).toBe(1);
  });

  it('returned vectors are copies: mutating one does not corrupt the cache', async () => {
    const e = embedder();
    const [v] = await e.embed({ texts: ['alpha'] });
    v!.fill(0);
    const [w] = await e.embed({ texts: ['alpha'] });
    expect(norm(w!)).toBeCloseTo(1, 5);
  });

  it('splits big batches into requests of batchSize', async () => {
    const e = embedder({ batchSize: 2 });
    const texts = ['a', 'b', 'c', 'd', 'e'];
    const out = await e.embed({ texts });
    expect(out).toHaveLength(5);
    expect(fake.embeddingRequests().map((r) => r.body.input)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('OpenAI proper: base64 transport decoded by the SDK, dimensions requested and part of the id', async () => {
    const e = createEmbedder({
      provider: 'openai',
      apiKey: 'sk-test',
      baseURL: fake.baseURL,
      embeddingModel: 'text-embedding-3-small',
      dimensions: 12,
    }) as EmbeddingGateway;
    expect(e.id).toBe('openai:text-embedding-3-small@12');
    expect(e.dimensions).toBe(12);
    const [v] = await e.embed({ texts: ['hello town'] });
    expect(v?.length).toBe(12);
    for (let i = 0; i < 12; i++) expect(v![i]).toBeCloseTo(fakeEmbedding('hello town', 12)[i]!, 6);
    expect(fake.embeddingRequests()[0]?.body).toMatchObject({ dimensions: 12, encoding_format: 'base64' });
    expect(fake.embeddingRequests()[0]?.headers.authorization).toBe('Bearer sk-test');
  });

  it('retries a 429 on embeddings and records usage per task and town', async () => {
    const usage = new InMemoryUsageSink();
    const clock = manualClock();
    fake.queueEmbeddings(reply.rateLimited({ retryAfterMs: 400 }));
    const e = embedder({ usage, clock });
    await e.embed({ texts: ['one two three', 'four'], townId: 'town-a', task: 'embed_memory' });
    expect(clock.sleeps).toEqual([400]);
    const r = await usage.report({ townId: 'town-a' });
    expect(r.byTask.embed_memory).toMatchObject({
      calls: 1,
      failures: 0,
      requests: 2,
      retries: 1,
      billedPromptTokens: 4,
      completionTokens: 0,
    });
  });

  it('refuses uncached texts once the town budget is spent, but still serves cached ones', async () => {
    const usage = new InMemoryUsageSink();
    const e = embedder({ usage, dailyTokenBudget: 3 });
    await e.embed({ texts: ['one two three'], townId: 't' });
    const refused = await e.embed({ texts: ['new text'], townId: 't' }).catch((x: unknown) => x);
    expect(isLlmError(refused, 'llm/budget_exhausted')).toBe(true);
    expect(await e.embed({ texts: ['one two three'], townId: 't' })).toHaveLength(1);
    expect(fake.embeddingRequests()).toHaveLength(1);
  });

  it('a tiered cache fills its front from the back store', async () => {
    const back = new InMemoryEmbeddingCache();
    const front = new InMemoryEmbeddingCache();
    await back.putMany('x', [{ textHash: 'h1', vector: Float32Array.of(1, 0) }]);
    const tiered = new TieredEmbeddingCache(front, back);
    expect((await tiered.getMany('x', ['h1', 'h2'])).size).toBe(1);
    expect(front.size).toBe(1);
    await tiered.putMany('x', [{ textHash: 'h2', vector: Float32Array.of(0, 1) }]);
    expect((await back.getMany('x', ['h2'])).size).toBe(1);
  });

  it('the LRU evicts the least recently used entry', async () => {
    const lru = new InMemoryEmbeddingCache(2);
    await lru.putMany('e', [
      { textHash: 'a', vector: Float32Array.of(1) },
      { textHash: 'b', vector: Float32Array.of(2) },
    ]);
    await lru.getMany('e', ['a']); // a is now the most recent
    await lru.putMany('e', [{ textHash: 'c', vector: Float32Array.of(3) }]);
    expect([...(await lru.getMany('e', ['a', 'b', 'c'])).keys()]).toEqual(['a', 'c']);
  });

  it('offline, the factory returns the lexical embedder (no server involved)', async () => {
    const e = createEmbedder({ provider: 'offline' });
    expect(e).toBeInstanceOf(LexicalEmbedder);
    expect(e.id).toBe('lexical-fh-512-v1');
    expect((await e.embed({ texts: ['x y'] }))[0]?.length).toBe(512);
  });
});

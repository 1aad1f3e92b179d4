// The persistent usage sink and embedding cache on a real migrated SQLite file, driven through the gateway.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Db, openDatabase } from '../../src/db/client.ts';
import { PrismaEmbeddingCacheStore } from '../../src/db/embedding-cache-store.ts';
import { PrismaUsageSink } from '../../src/db/usage-store.ts';
import {
  createEmbedder,
  createLanguageModel,
  InMemoryEmbeddingCache,
  TieredEmbeddingCache,
  textHash,
} from '../../src/llm/index.ts';
import { isLlmError } from '../../src/llm/port.ts';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../support/fake-openai.ts';
import { manualClock } from './helpers.ts';

const Answer = z.object({ ok: z.boolean() });
const messages = [{ role: 'user' as const, content: 'ok?' }];

let dir: string;
let url: string;
let db: Db;
let fake: FakeOpenAI;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'llm-stores-'));
  url = `file:${join(dir, 'test.db')}`;
  db = await openDatabase(url);
  fake = await startFakeOpenAI();
  fake.onChat(() => reply.chat({ ok: true }, { promptTokens: 40, completionTokens: 2 }));
});
afterAll(async () => {
  await fake.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PrismaUsageSink', () => {
  it('buffers records, upsert-increments per (town, day, task, model) on flush, and reports per task', async () => {
    const sink = new PrismaUsageSink(db.prisma, { flushIntervalMs: 60_000 });
    const clock = manualClock();
    const llm = createLanguageModel({
      provider: 'compatible',
      baseURL: fake.baseURL,
      chatModel: 'fake-model',
      usage: sink,
      clock,
    });
    await llm.object({ task: 'rate_importance', schema: Answer, messages, townId: 'oak' });
    await llm.object({ task: 'rate_importance', schema: Answer, messages, townId: 'oak' });
    await llm.object({ task: 'plan_day', schema: Answer, messages, townId: 'oak' });
    // The calls returned without writing: nothing in the table until a flush.
    expect(await db.prisma.modelUsage.count()).toBe(0);
    expect(sink.pendingRows).toBe(2);
    await sink.flush();
    await llm.object({ task: 'rate_importance', schema: Answer, messages, townId: 'oak' });
    await sink.flush();

    const rows = await db.prisma.modelUsage.findMany({ orderBy: { task: 'asc' } });
    expect(rows.map((r) => [r.townId, r.day, r.task, r.model, r.calls, r.promptTokens, r.completionTokens])).toEqual([
      ['oak', '2026-03-01', 'plan_day', 'fake-model', 1, 40, 2],
      ['oak', '2026-03-01', 'rate_importance', 'fake-model', 3, 120, 6],
    ]);
    const report = await llm.usageReport({ townId: 'oak' });
    expect(report.byTask.rate_importance).toMatchObject({
      calls: 3,
      failures: 0,
      requests: 3,
      billedPromptTokens: 120,
    });
    expect(report.total.calls).toBe(4);
    await sink.close();
  });

  it('the budget is counted from persisted usage: a restarted process still refuses a spent town', async () => {
    const clock = manualClock();
    const options = {
      provider: 'compatible' as const,
      baseURL: fake.baseURL,
      chatModel: 'fake-model',
      dailyTokenBudget: 100,
      clock,
    };
    const first = new PrismaUsageSink(db.prisma);
    const llm1 = createLanguageModel({ ...options, usage: first });
    await llm1.object({ task: 't', schema: Answer, messages, townId: 'elm' }); // 42
    await llm1.object({ task: 't', schema: Answer, messages, townId: 'elm' }); // 84
    await first.close();

    const second = new PrismaUsageSink(db.prisma);
    const llm2 = createLanguageModel({ ...options, usage: second });
    await llm2.object({ task: 't', schema: Answer, messages, townId: 'elm' }); // 84 < 100: allowed, now 126
    const e = await llm2.object({ task: 't', schema: Answer, messages, townId: 'elm' }).catch((x: unknown) => x);
    expect(isLlmError(e, 'llm/budget_exhausted')).toBe(true);
    expect((await llm2.budgetStatus('elm')).spent).toBe(126);
    await second.close();
    const persisted = await db.prisma.modelUsage.findFirst({ where: { townId: 'elm' } });
    // The refused call is accounted too (no request, no tokens), so `/town budget` can say how many were refused.
    expect(persisted).toMatchObject({ calls: 4, refused: 1, failures: 1, requests: 3, promptTokens: 120 });
  });
});

describe('PrismaEmbeddingCacheStore', () => {
  it('stores vectors as Float32 little-endian bytes and reads them back exactly', async () => {
    const store = new PrismaEmbeddingCacheStore(db.prisma);
    const v = Float32Array.of(0.6, -0.8, 1e-7);
    await store.putMany('emb-a', [{ textHash: textHash('hello'), vector: v }]);
    await store.putMany('emb-a', [{ textHash: textHash('hello'), vector: Float32Array.of(9, 9, 9) }]); // kept as is
    const got = await store.getMany('emb-a', [textHash('hello'), textHash('missing')]);
    expect([...got.keys()]).toEqual([textHash('hello')]);
    expect([...got.get(textHash('hello'))!]).toEqual([...v]);
    const row = await db.prisma.embeddingCache.findFirst({ where: { embedderId: 'emb-a' } });
    expect(row?.vector.byteLength).toBe(12);
    expect((await store.getMany('emb-b', [textHash('hello')])).size).toBe(0);
  });

  it('a new process with the persistent cache makes no request for texts embedded before', async () => {
    const make = () =>
      createEmbedder({
        provider: 'compatible',
        baseURL: fake.baseURL,
        embeddingModel: 'fake-embed',
        cache: new TieredEmbeddingCache(new InMemoryEmbeddingCache(), new PrismaEmbeddingCacheStore(db.prisma)),
      });
    const before = fake.embeddingRequests().length;
    const [a] = await make().embed({ texts: ['the bakery smells of bread'] });
    expect(fake.embeddingRequests().length).toBe(before + 1);
    const [b] = await make().embed({ texts: ['the bakery smells of bread'] });
    expect(fake.embeddingRequests().length).toBe(before + 1);
    expect([...b!]).toEqual([...a!]);
  });
});

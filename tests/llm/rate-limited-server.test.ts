// The gateway's adaptive concurrency against the fake OpenAI server enforcing limits as OpenAI does (429 with the
// x-ratelimit-* headers and "Please try again in ..."; fake-rate-limit.ts), through the real SDK and clock:
// under a limit it settles below it and loses no call (every call answered, the 429s counted as retries);
// without one it grows to its ceiling.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLanguageModel, type LimitChange, type LlmGateway } from '../../src/llm/index.ts';
import type { CallReceipt } from '../../src/llm/port.ts';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../support/fake-openai.ts';
import type { FakeRateLimits } from '../support/fake-rate-limit.ts';

const Answer = z.object({ n: z.number().int() });
let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
});

async function serve(limits: FakeRateLimits | undefined, latencyMs: number) {
  fake = await startFakeOpenAI(limits ? { rateLimits: limits } : {});
  fake.onChat(async (req) => {
    await new Promise((r) => setTimeout(r, latencyMs));
    const n = Number(/#(\d+)/.exec(JSON.stringify(req.body))?.[1]);
    return reply.chat({ n });
  });
  return fake;
}

/** `calls` calls from `callers` concurrent callers; every answer, receipt and limit change. */
async function run(llm: LlmGateway, callers: number, calls: number) {
  const answers = new Map<number, number>();
  const receipts: CallReceipt[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next < calls) {
        const i = next++;
        const v = await llm.object({
          task: 'count',
          schema: Answer,
          messages: [{ role: 'user', content: `say #${i}` }],
          onReceipt: (r) => receipts.push(r),
        });
        answers.set(i, v.n);
      }
    }),
  );
  return { answers, receipts };
}

function model(ceiling: number, changes: LimitChange[], extra: { adaptiveConcurrency?: boolean } = {}) {
  return createLanguageModel({
    provider: 'compatible',
    baseURL: fake!.baseURL,
    chatModel: 'fake-model',
    concurrency: ceiling,
    circuit: false,
    random: () => 0.5,
    onLimitChange: (c) => changes.push(c),
    ...extra,
  });
}

describe('adaptive model concurrency against a rate-limited server', () => {
  it('a concurrent-request limit: settles at it, and every call is answered with its 429s counted as retries', async () => {
    // answers take 80 ms: long enough that the client's own work (SDK, JSON, zod) is not what holds requests back
    const server = await serve({ maxConcurrent: 6 }, 80);
    const changes: LimitChange[] = [];
    const llm = model(32, changes);
    const { answers, receipts } = await run(llm, 40, 160);
    // no call lost: each got its own answer
    expect(answers.size).toBe(160);
    for (const [i, n] of answers) expect(n).toBe(i);
    const limiter = server.limiter!;
    expect(limiter.stats.admitted).toBe(160);
    expect(limiter.stats.rejected).toBeGreaterThan(0);
    // every 429 is a counted retry, on the receipts, in the accounting and in the limit's stats
    const retries = receipts.reduce((s, r) => s + r.retries, 0);
    expect(retries).toBe(limiter.stats.rejected);
    expect(llm.concurrency.stats.rateLimited).toBe(limiter.stats.rejected);
    const usage = await llm.usageReport();
    expect(usage.total.requests).toBe(160 + limiter.stats.rejected);
    expect(usage.total.retries).toBe(limiter.stats.rejected);
    expect(usage.total.failures).toBe(0);
    // settled: once it first met the limit, it never went more than a step past it, and 429s are rare
    const firstCut = changes.findIndex((c) => c.reason === 'rate_limited');
    expect(firstCut).toBeGreaterThanOrEqual(0);
    expect(Math.max(...changes.slice(firstCut).map((c) => c.limit))).toBeLessThanOrEqual(8);
    expect(limiter.stats.rejected).toBeLessThan(60);
    expect(llm.concurrency.limit).toBeLessThanOrEqual(8);
  });

  it('a requests-per-minute limit (OpenAI-style, no retry-after): waits as the 429 says and loses no call', async () => {
    // 2,400 RPM quantized to the second (40 a second), 50 ms answers: about 2 requests in flight fit
    const server = await serve({ requestsPerMinute: 2400, burstSeconds: 1 }, 50);
    const changes: LimitChange[] = [];
    const llm = model(32, changes);
    const started = Date.now();
    const { answers, receipts } = await run(llm, 40, 160);
    const seconds = (Date.now() - started) / 1000;
    expect(answers.size).toBe(160);
    const limiter = server.limiter!;
    expect(limiter.stats.admitted).toBe(160);
    expect(receipts.reduce((s, r) => s + r.retries, 0)).toBe(limiter.stats.rejected);
    expect(receipts.every((r) => !r.failed)).toBe(true);
    // the server let no more through than its limit; the gateway used most of it
    expect(160 / seconds).toBeLessThanOrEqual(40 + 40 / seconds);
    // settled low: a few in flight, not the 32 it may use, and far fewer 429s than answers
    expect(llm.concurrency.limit).toBeLessThanOrEqual(6);
    expect(limiter.stats.rejected).toBeLessThan(160);
  });

  it('without a limit it grows to its ceiling', async () => {
    const server = await serve({}, 60);
    const changes: LimitChange[] = [];
    const llm = model(16, changes);
    const { answers } = await run(llm, 64, 300);
    expect(answers.size).toBe(300);
    expect(llm.concurrency.limit).toBe(16);
    expect(changes.every((c) => c.reason === 'grow')).toBe(true);
    // the server saw about that many at once (never more)
    expect(server.limiter!.stats.peakConcurrent).toBeLessThanOrEqual(16);
    expect(server.limiter!.stats.peakConcurrent).toBeGreaterThanOrEqual(12);
    expect(server.limiter!.stats.rejected).toBe(0);
  });
});

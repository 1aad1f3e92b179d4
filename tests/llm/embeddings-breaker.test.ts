// Embeddings behind the circuit breaker (issue 21): while the model is paused no embedding request goes out, the
// resident's new memories (and those whose embedding failed before: issue 24) wait for their vectors (flagged, ranked by recency and importance meanwhile) with one
// notice, and get them in one batch when the model answers again; requests are metered as HTTP requests (a batch
// once, cache hits none) and a server that reports no usage is still metered from what was sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentRuntime } from '../../src/agent/runtime.ts';
import { createEmbedder, createLanguageModel, type GatewayEvent, InMemoryUsageSink } from '../../src/llm/index.ts';
import { type CallReceipt, isLlmError } from '../../src/llm/port.ts';
import { agentOfflineRules } from '../../src/offline/agent/agent-rules.ts';
import { at, MARA, resident } from '../agent/fixtures.ts';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../support/fake-openai.ts';
import { RecordingModel } from '../support/recording-model.ts';
import { manualClock } from './helpers.ts';

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI({ embeddingDimensions: 16 });
});
afterEach(async () => {
  await fake.close();
});

function stack(events: GatewayEvent[] = []) {
  const clock = manualClock();
  const usage = new InMemoryUsageSink();
  const common = {
    provider: 'compatible' as const,
    baseURL: fake.baseURL,
    clock,
    usage,
    maxAttempts: 1,
    circuit: { failureThreshold: 2, baseOpenMs: 10_000 },
    onEvent: (e: GatewayEvent) => events.push(e),
  };
  const llm = createLanguageModel({ ...common, chatModel: 'fake-model' });
  const embedder = createEmbedder({
    ...common,
    embeddingModel: 'fake-embed',
    ...(llm.breaker ? { breaker: llm.breaker } : {}),
  });
  return { llm, embedder, clock, usage };
}

describe('embeddings behind the circuit breaker', () => {
  it('GIVEN the chat model paused WHEN embedding THEN refused at once: no request, no warning; it resumes with chat', async () => {
    const events: GatewayEvent[] = [];
    const { llm, embedder, clock } = stack(events);
    fake.onChat(() => reply.serverError(503));
    const { z } = await import('zod');
    const schema = z.object({ ok: z.boolean() });
    for (let i = 0; i < 2; i++)
      await llm.object({ task: 't', schema, messages: [{ role: 'user', content: 'hi' }] }).catch(() => undefined);
    expect(llm.circuitState).toBe('open');
    const failuresBefore = events.filter((e) => e.type === 'failure').length;
    const refused = await embedder.embed({ texts: ['a memory'], task: 'agent_memory' }).catch((e: unknown) => e);
    expect(isLlmError(refused, 'llm/paused')).toBe(true);
    expect(fake.embeddingRequests()).toHaveLength(0);
    expect(events.filter((e) => e.type === 'failure')).toHaveLength(failuresBefore);
    clock.advance(10_000);
    fake.onChat(() => reply.chat({ ok: true }));
    await llm.object({ task: 't', schema, messages: [{ role: 'user', content: 'hi' }] });
    expect((await embedder.embed({ texts: ['a memory'], task: 'agent_memory' }))[0]).toHaveLength(16);
  });

  it('GIVEN the embedding server failing WHEN memories are stored THEN after the pause opens they wait for vectors (one notice), are retrieved meanwhile, and get them in one request when it answers', async () => {
    const { embedder, clock } = stack();
    const logs: string[] = [];
    const runtime = new AgentRuntime({
      llm: new RecordingModel(agentOfflineRules),
      embedder,
      log: (msg) => logs.push(msg),
    });
    const mara = resident(MARA);
    fake.onEmbeddings(() => reply.serverError(503));
    await runtime.remember(mara, 'Mara baked bread at dawn', at(6), 'observation', 3);
    await runtime.remember(mara, 'Mara swept the cafe floor', at(6, 10), 'observation', 2);
    const sentWhileFailing = fake.embeddingRequests().length;
    expect(sentWhileFailing).toBe(2); // the two failures that opened the pause
    // paused: five more memories, no request, one notice
    for (let i = 0; i < 5; i++)
      await runtime.remember(mara, `Mara served customer number ${i + 1}`, at(7, i * 10), 'observation', 4);
    expect(fake.embeddingRequests()).toHaveLength(sentWhileFailing);
    expect(logs.filter((l) => /paused; new memories wait for their vectors/.test(l))).toHaveLength(1);
    // all seven wait: the two whose embedding failed before the pause opened, and the five stored while paused
    const waiting = mara.memory.all().filter((m) => m.meta?.vectorPending === true);
    expect(waiting).toHaveLength(7);
    expect(mara.memory.withoutVectorCount).toBe(7);
    expect(waiting.every((m) => m.embedding === null)).toBe(true);
    // retrieval ranks them without relevance meanwhile
    const hits = await runtime.retrieve(mara, 'customers at the cafe', at(8), 3);
    expect(hits.some((h) => /customer number/.test(h.memory.description))).toBe(true);
    // back: the next store embeds the waiting memories with it, in one request
    clock.advance(10_000);
    fake.onEmbeddings(undefined as never);
    await runtime.remember(mara, 'Mara closed the cafe', at(20), 'observation', 3);
    expect(fake.embeddingRequests()).toHaveLength(sentWhileFailing + 1);
    const embedded = mara.memory.all();
    expect(embedded).toHaveLength(8);
    expect(embedded.every((m) => m.embedding !== null && m.meta?.vectorPending === undefined)).toBe(true);
    expect(mara.memory.withoutVectorCount).toBe(0);
  });

  it('requests are HTTP requests (a batch once, a cache hit none), and an embedding server without usage is still metered', async () => {
    const { embedder, usage } = stack();
    fake.onEmbeddings((req) => {
      const input = (req.body as { input: string[] }).input;
      return {
        type: 'json',
        body: {
          object: 'list',
          model: 'fake-embed',
          data: input.map((_, index) => ({ object: 'embedding', index, embedding: Array(16).fill(0.25) })),
        },
      };
    });
    const receipts: CallReceipt[] = [];
    const texts = ['one memory', 'two memories', 'three memories'];
    await embedder.embed({ texts, task: 'agent_memory', onReceipt: (r) => receipts.push(r) });
    await embedder.embed({ texts, task: 'agent_memory', onReceipt: (r) => receipts.push(r) });
    expect(receipts.map((r) => r.requests)).toEqual([1, 0]);
    expect(fake.embeddingRequests()).toHaveLength(1);
    const report = await usage.report();
    expect(report.total.requests).toBe(1);
    expect(report.total.billedPromptTokens).toBeGreaterThan(0); // counted from the texts sent
  });
});

// The adaptive limit in /metrics: the gauge operators read (limit, ceiling, in flight, waiting) and the 429 count.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLanguageModel } from '../../src/llm/index.ts';
import { Metrics } from '../../src/ops/metrics.ts';
import { registerModelConcurrencyGauges } from '../../src/ops/model-concurrency.ts';
import { reply, startFakeOpenAI } from '../support/fake-openai.ts';

describe('/metrics: model concurrency', () => {
  it('shows the current limit against its ceiling, and counts 429s', async () => {
    const fake = await startFakeOpenAI();
    try {
      fake.queueChat(reply.rateLimited({ retryAfterMs: 1 }), reply.chat({ ok: true }));
      const llm = createLanguageModel({
        provider: 'compatible',
        baseURL: fake.baseURL,
        chatModel: 'fake-model',
        concurrency: 24,
      });
      const metrics = new Metrics('worker:test');
      registerModelConcurrencyGauges(metrics, { chat: llm, embedding: undefined });
      await llm.object({
        task: 't',
        schema: z.object({ ok: z.boolean() }),
        messages: [{ role: 'user', content: 'x' }],
      });
      const text = await metrics.registry.metrics();
      expect(text).toContain('smalltown_model_concurrency{gateway="chat",what="ceiling",process="worker:test"} 24');
      // the 429 halved the starting 4
      expect(text).toContain('smalltown_model_concurrency{gateway="chat",what="limit",process="worker:test"} 2');
      expect(text).toContain('smalltown_model_concurrency{gateway="chat",what="in_flight",process="worker:test"} 0');
      expect(text).toContain('smalltown_model_rate_limited_total{gateway="chat",process="worker:test"} 1');
    } finally {
      await fake.close();
    }
  });
});

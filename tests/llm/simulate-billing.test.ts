// Acceptance (issue 9): a simulated town against the realistic model over HTTP, through the real SDK. The report's
// billed prompt tokens equal the sum of the server's `usage` (within 1%), and its requests the server's count.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/eval/simulate.ts';
import { createEmbedder, createLanguageModel } from '../../src/llm/index.ts';
import { realisticRates, startRealisticModel } from '../support/realistic-model/server.ts';

describe('simulate against the realistic model', () => {
  it('bills what the server reported: every request, retries and repairs included', async () => {
    // Faults more often than realistic, so retries and repairs happen within a short run.
    const server = await startRealisticModel({
      seed: 2,
      latencyScale: 0,
      rates: { ...realisticRates, serverErrors: 0.02, rateLimits: 0.02 },
    });
    try {
      const llm = createLanguageModel({
        provider: 'compatible',
        baseURL: server.baseURL,
        chatModel: server.model,
        random: () => 0,
        maxAttempts: 4,
      });
      const r = await simulate({
        hours: 1,
        llm,
        embedder: createEmbedder({ provider: 'offline' }),
        seed: 2,
        evaluate: false,
      });
      const m = r.modelCalls;
      const billed = m.total.billedPromptTokens + m.evaluation.billedPromptTokens;
      const s = server.stats;
      expect(s.total.requests).toBeGreaterThan(20);
      expect(Math.abs(billed - s.total.promptTokens)).toBeLessThanOrEqual(s.total.promptTokens * 0.01);
      expect(m.total.cachedPromptTokens + m.evaluation.cachedPromptTokens).toBe(s.total.cachedTokens);
      expect(m.total.completionTokens + m.evaluation.completionTokens).toBe(s.total.completionTokens);
      // Every HTTP request is counted, the ones that failed and were retried too.
      const httpRequests = s.total.requests + s.faults.serverErrors + s.faults.rateLimits + s.faults.strictRejected;
      expect(m.total.requests + m.evaluation.requests).toBe(httpRequests);
      expect(m.total.retries).toBe(s.faults.serverErrors + s.faults.rateLimits);
    } finally {
      await server.close();
    }
  }, 60_000);
});

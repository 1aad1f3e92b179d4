// The circuit breaker and what people see of it: after repeated provider failures the gateway stops calling,
// says so once, probes again after a backoff and says when the model is back; counters and lines stay true.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { budgetLines, describeGatewayEvent, ModelHealth } from '../../src/llm/health.ts';
import { createLanguageModel, type GatewayEvent, InMemoryUsageSink } from '../../src/llm/index.ts';
import { isLlmError } from '../../src/llm/port.ts';
import { zeroTotals } from '../../src/llm/usage.ts';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../support/fake-openai.ts';
import { type ManualClock, manualClock } from './helpers.ts';

const Answer = z.object({ ok: z.boolean() });
const messages = [{ role: 'user' as const, content: 'JSON please' }];

let fake: FakeOpenAI;
let clock: ManualClock;
let events: GatewayEvent[];
beforeEach(async () => {
  fake = await startFakeOpenAI();
  clock = manualClock();
  events = [];
});
afterEach(async () => {
  await fake.close();
});

describe('circuit breaker', () => {
  it('opens after repeated failures, makes no requests while open, probes after the pause and closes', async () => {
    const usage = new InMemoryUsageSink();
    const health = new ModelHealth();
    const llm = createLanguageModel({
      provider: 'compatible',
      baseURL: fake.baseURL,
      chatModel: 'fake-model',
      clock,
      usage,
      maxAttempts: 1,
      circuit: { failureThreshold: 3, baseOpenMs: 10_000, maxOpenMs: 40_000 },
      onEvent: (e) => {
        events.push(e);
        health.record(e);
      },
    });
    fake.onChat(() => reply.serverError(503));
    for (let i = 0; i < 3; i++) await llm.object({ task: 't', schema: Answer, messages }).catch(() => undefined);
    expect(events.filter((e) => e.type === 'circuit_open')).toHaveLength(1);
    expect(llm.circuitState).toBe('open');

    const before = fake.chatRequests().length;
    const paused = await llm.object({ task: 't', schema: Answer, messages }).catch((e: unknown) => e);
    expect(isLlmError(paused, 'llm/provider_error')).toBe(true);
    expect((paused as Error).message).toMatch(/paused after repeated failures.*next try in 10 s/);
    expect(fake.chatRequests()).toHaveLength(before);

    clock.advance(10_000); // the probe fails: paused again, for twice as long
    await llm.object({ task: 't', schema: Answer, messages }).catch(() => undefined);
    expect(events.filter((e) => e.type === 'circuit_open').map((e) => (e as { retryInMs: number }).retryInMs)).toEqual([
      10_000, 20_000,
    ]);

    clock.advance(20_000);
    fake.onChat(() => reply.chat({ ok: true }));
    expect(await llm.object({ task: 't', schema: Answer, messages })).toEqual({ ok: true });
    expect(events.at(-1)).toEqual({ type: 'circuit_closed' });
    expect(llm.circuitState).toBe('closed');

    // Counters: 5 calls failed (3 + paused + failed probe), none retried or repaired; the report agrees.
    expect(health.counts).toMatchObject({ failed: 5, retried: 0, repaired: 0, pauses: 2 });
    const total = (await usage.report()).total;
    expect(total).toMatchObject({ calls: 6, failures: 5, requests: 5 });
    expect(health.summary()).toMatch(/5 failed \(fell back\), 0 retried, 0 repaired, 0 refused by budget$/);
  });
});

describe('readable lines', () => {
  it('one line per event, no JSON', () => {
    const lines = [
      describeGatewayEvent({
        type: 'retry',
        task: 'agent_react',
        attempt: 1,
        delayMs: 500,
        kind: 'server',
        message: '500 oops',
      }),
      describeGatewayEvent({ type: 'repair', task: 'agent_react', error: 'line: expected string\n  got null' }),
      describeGatewayEvent({ type: 'failure', task: 'agent_hear', code: 'llm/timeout', message: 'no answer' }),
      describeGatewayEvent({ type: 'circuit_open', failures: 5, retryInMs: 30_000, message: '401 bad key' }),
    ];
    for (const l of lines) {
      expect(l).not.toMatch(/\n|[{}]/);
      expect(l.startsWith('model: ')).toBe(true);
    }
    expect(lines[3]).toBe(
      'model: paused after 5 failures in a row (401 bad key); residents carry on with their plans, next try in 30 s',
    );
  });

  it('budget lines show billed, cached, requests and outcomes', () => {
    const lines = budgetLines(
      {
        day: '2026-03-01',
        spent: 12_345,
        limit: 100_000,
        today: {
          calls: 10,
          failures: 2,
          refused: 1,
          requests: 12,
          retries: 1,
          repairs: 1,
          billedPromptTokens: 11_000,
          cachedPromptTokens: 4_096,
          completionTokens: 1_345,
          latencyMs: 0,
        },
        todayByTask: {
          agent_importance: { ...zeroTotals(), calls: 2, requests: 2, billedPromptTokens: 3_000 },
          agent_react: { ...zeroTotals(), calls: 8, requests: 10, billedPromptTokens: 8_000 },
        },
      },
      'the configured default',
    );
    expect(lines).toEqual([
      'Model tokens billed on 2026-03-01 (UTC): 12,345 of 100,000 tokens. Daily budget: the configured default.',
      'Today: 12 requests, 11,000 billed prompt tokens (4,096 cached), 1,345 completion tokens; 1 failed (fell back), 1 retried, 1 repaired, 1 refused by budget.',
      'Most billed: agent_react 8,000 (10 requests), agent_importance 3,000 (2 requests).',
    ]);
  });
});

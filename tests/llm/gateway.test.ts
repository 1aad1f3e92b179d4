// The gateway driven through the real `openai` SDK against the local fake server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createLanguageModel,
  type GatewayEvent,
  InMemoryUsageSink,
  type LanguageModelOptions,
} from '../../src/llm/index.ts';
import { type ChatMessage, isLlmError, LlmError } from '../../src/llm/port.ts';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../support/fake-openai.ts';
import { type ManualClock, manualClock } from './helpers.ts';

const Mood = z.object({ mood: z.string(), intensity: z.number().int().min(1).max(10) });
const messages: ChatMessage[] = [
  { role: 'system', content: 'You rate moods.' },
  { role: 'user', content: 'Isabella just finished decorating Hobbs Cafe.' },
];

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

function model(extra: Partial<LanguageModelOptions> = {}) {
  return createLanguageModel({
    provider: 'compatible',
    baseURL: fake.baseURL,
    chatModel: 'fake-model',
    clock,
    random: () => 0.5,
    onEvent: (e) => events.push(e),
    ...extra,
  });
}

async function rejection(p: Promise<unknown>): Promise<LlmError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof LlmError)) throw new Error(`expected an LlmError, got ${String(e)}`);
  return e;
}

describe('structured output', () => {
  it('sends the zod schema as a strict json_schema response format and returns the validated value', async () => {
    fake.queueChat(reply.chat({ mood: 'proud', intensity: 7 }));
    const llm = model();
    const value = await llm.object({ task: 'rate_mood', schema: Mood, messages });
    expect(value).toEqual({ mood: 'proud', intensity: 7 });
    const [req] = fake.chatRequests();
    expect(req?.body.model).toBe('fake-model');
    expect(req?.body.messages).toEqual(messages);
    expect(req?.body.response_format?.type).toBe('json_schema');
    expect(req?.body.response_format?.json_schema?.name).toBe('rate_mood');
    expect(req?.body.response_format?.json_schema?.strict).toBe(true);
    expect(req?.body.response_format?.json_schema?.schema).toMatchObject({
      type: 'object',
      required: ['mood', 'intensity'],
      additionalProperties: false,
    });
    expect(req?.headers.authorization).toBe('Bearer not-needed');
    expect(llm.info).toEqual({ provider: 'compatible', model: 'fake-model', offline: false });
  });

  it('wraps a non-object root in { value } (structured outputs need an object) and unwraps the answer', async () => {
    fake.queueChat(reply.chat({ value: ['wake up', 'open the cafe'] }));
    const steps = await model().object({ task: 'plan', schema: z.array(z.string()), messages });
    expect(steps).toEqual(['wake up', 'open the cafe']);
    expect(fake.chatRequests()[0]?.body.response_format?.json_schema?.schema).toMatchObject({
      type: 'object',
      properties: { value: { type: 'array' } },
    });
  });

  it('never sends a non-strict json_schema: a schema outside the strict subset fails clearly, with no request', async () => {
    const optional = z.object({ mood: z.string(), note: z.string().optional() });
    const record = z.object({ scores: z.record(z.string(), z.number()) });
    for (const [task, schema] of [
      ['opt', optional as z.ZodType],
      ['rec', record as z.ZodType],
    ] as const) {
      const e = await model()
        .object({ task, schema, messages })
        .catch((x: unknown) => x);
      expect(isLlmError(e, 'llm/schema_invalid')).toBe(true);
      expect((e as Error).message).toMatch(/cannot be sent strict/);
    }
    expect(fake.chatRequests()).toHaveLength(0);
    // Optional fields written as nullable go out strict, and zod still sees the null.
    fake.queueChat(reply.chat({ mood: 'calm', note: null }));
    const nullable = z.object({ mood: z.string(), note: z.string().nullable() });
    expect(await model().object({ task: 'opt', schema: nullable, messages })).toEqual({ mood: 'calm', note: null });
    expect(fake.chatRequests()[0]?.body.response_format?.json_schema?.strict).toBe(true);
  });
});

describe('retries', () => {
  it('a 429 followed by success returns the value after waiting exactly the retry-after delay', async () => {
    fake.queueChat(reply.rateLimited({ retryAfterSeconds: 2 }), reply.chat({ mood: 'busy', intensity: 4 }));
    const value = await model().object({ task: 'rate_mood', schema: Mood, messages });
    expect(value).toEqual({ mood: 'busy', intensity: 4 });
    expect(fake.chatRequests()).toHaveLength(2);
    expect(clock.sleeps).toEqual([2000]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'retry', kind: 'rate_limited', delayMs: 2000 }));
  });

  it('prefers retry-after-ms over retry-after', async () => {
    fake.queueChat(
      reply.rateLimited({ retryAfterSeconds: 30, retryAfterMs: 750 }),
      reply.chat({ mood: 'ok', intensity: 1 }),
    );
    await model().object({ task: 'rate_mood', schema: Mood, messages });
    expect(clock.sleeps).toEqual([750]);
  });

  it('backs off exponentially with jitter on 5xx when no retry-after is given', async () => {
    fake.queueChat(reply.serverError(500), reply.serverError(503), reply.chat({ mood: 'ok', intensity: 2 }));
    await model().object({ task: 'rate_mood', schema: Mood, messages });
    // base 500 ms doubling; equal jitter with random() = 0.5 -> 3/4 of the nominal delay
    expect(clock.sleeps).toEqual([375, 750]);
  });

  it('gives up with llm/rate_limited once its attempts for 429s are spent', async () => {
    fake.onChat(() => reply.rateLimited({ retryAfterSeconds: 1 }));
    const e = await rejection(
      model({ maxAttempts: 2, maxRateLimitedAttempts: 3 }).object({ task: 'rate_mood', schema: Mood, messages }),
    );
    expect(e.code).toBe('llm/rate_limited');
    expect(e.task).toBe('rate_mood');
    expect(fake.chatRequests()).toHaveLength(3);
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('fails fast when retry-after asks for more than the maximum wait', async () => {
    fake.onChat(() => reply.rateLimited({ retryAfterSeconds: 3600 }));
    const e = await rejection(model().object({ task: 'rate_mood', schema: Mood, messages }));
    expect(e.code).toBe('llm/rate_limited');
    expect(fake.chatRequests()).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('does not retry a 429 the server marks x-should-retry: false (as the SDK obeys it)', async () => {
    fake.queueChat(reply.error(429, 'Rate limit reached (fake)', 'rate_limit_exceeded', { 'x-should-retry': 'false' }));
    const e = await rejection(model().object({ task: 'a', schema: Mood, messages }));
    expect(e.code).toBe('llm/provider_error');
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it('reads the wait of an OpenAI 429 from its message and headers when it sends no retry-after', async () => {
    fake.queueChat(
      reply.error(
        429,
        'Rate limit reached for fake-model in organization org-x on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 120ms.',
        'rate_limit_exceeded',
        {
          'x-ratelimit-limit-requests': '500',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': '1m0s',
        },
      ),
      reply.error(429, 'Rate limit reached (fake)', 'rate_limit_exceeded', {
        'x-ratelimit-limit-requests': '500',
        'x-ratelimit-remaining-requests': '0',
        'x-ratelimit-reset-requests': '30s',
      }),
      reply.chat({ mood: 'ok', intensity: 3 }),
    );
    await model().object({ task: 'rate_mood', schema: Mood, messages });
    // the message's 120 ms; then, without one, one request's worth of the reset (30 s / 500)
    expect(clock.sleeps).toEqual([120, 60]);
  });

  it('does not retry an exhausted quota or a bad request', async () => {
    fake.queueChat(reply.rateLimited({ retryAfterSeconds: 1, code: 'insufficient_quota' }));
    const quota = await rejection(model().object({ task: 'a', schema: Mood, messages }));
    expect(quota.code).toBe('llm/provider_error');
    fake.queueChat(reply.error(400, 'bad request'));
    const bad = await rejection(model().object({ task: 'b', schema: Mood, messages }));
    expect(bad.code).toBe('llm/provider_error');
    expect(bad.message).toContain('HTTP 400');
    expect(fake.chatRequests()).toHaveLength(2);
  });

  it('retries a malformed response body and a dropped connection', async () => {
    fake.queueChat(reply.malformedBody(), reply.reset(), reply.chat({ mood: 'fine', intensity: 3 }));
    const value = await model().object({ task: 'rate_mood', schema: Mood, messages });
    expect(value).toEqual({ mood: 'fine', intensity: 3 });
    expect(events.filter((e) => e.type === 'retry').map((e) => (e.type === 'retry' ? e.kind : ''))).toEqual([
      'bad_response',
      'network',
    ]);
  });

  it('a hanging request times out, is retried, then fails with llm/timeout', async () => {
    fake.onChat(() => reply.hang());
    const started = Date.now();
    const e = await rejection(
      model({ timeoutMs: 150, maxAttempts: 2 }).object({ task: 'rate_mood', schema: Mood, messages }),
    );
    expect(e.code).toBe('llm/timeout');
    expect(fake.chatRequests()).toHaveLength(2);
    expect(clock.sleeps).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a timeout followed by an answer returns the answer', async () => {
    fake.queueChat(reply.hang(), reply.chat({ mood: 'late', intensity: 5 }));
    const value = await model({ timeoutMs: 150 }).object({ task: 'rate_mood', schema: Mood, messages });
    expect(value).toEqual({ mood: 'late', intensity: 5 });
  });
});

describe('schema repair', () => {
  it('repairs a schema-invalid answer once, sending the validation error back to the model', async () => {
    fake.queueChat(reply.chat({ mood: 'happy', intensity: 42 }), reply.chat({ mood: 'happy', intensity: 9 }));
    const value = await model().object({ task: 'rate_mood', schema: Mood, messages });
    expect(value).toEqual({ mood: 'happy', intensity: 9 });
    const [first, second] = fake.chatRequests();
    expect(first?.body.messages).toHaveLength(2);
    const repair = second?.body.messages ?? [];
    expect(repair.slice(0, 2)).toEqual(messages);
    expect(repair[2]).toEqual({ role: 'assistant', content: '{"mood":"happy","intensity":42}' });
    expect(repair[3]?.role).toBe('user');
    expect(repair[3]?.content).toContain('Too big: expected number to be <=10');
    expect(repair[3]?.content).toContain('intensity');
    expect(events).toContainEqual(expect.objectContaining({ type: 'repair', task: 'rate_mood' }));
  });

  it('a second invalid answer raises llm/schema_invalid (no third request)', async () => {
    fake.queueChat(reply.chat({ mood: 7 }), reply.chat('not json at all'));
    const e = await rejection(model().object({ task: 'rate_mood', schema: Mood, messages }));
    expect(e.code).toBe('llm/schema_invalid');
    expect(e.message).toContain('not valid JSON');
    expect(fake.chatRequests()).toHaveLength(2);
    expect(fake.chatRequests()[1]?.body.messages[3]?.content).toContain('expected string, received number');
  });

  it('repairs malformed JSON content too', async () => {
    fake.queueChat(reply.chat('{"mood": "tired", "intens'), reply.chat({ mood: 'tired', intensity: 2 }));
    expect(await model().object({ task: 'rate_mood', schema: Mood, messages })).toEqual({
      mood: 'tired',
      intensity: 2,
    });
    expect(fake.chatRequests()[1]?.body.messages[3]?.content).toContain('not valid JSON');
  });
});

describe('JSON-mode fallback', () => {
  it('against a server without JSON-schema support, json_object mode carries the schema in the prompt', async () => {
    await fake.close();
    fake = await startFakeOpenAI({ rejectJsonSchema: true });
    // Structured outputs are refused by this server (a 400: not retried)...
    const strict = await rejection(model().object({ task: 'rate_mood', schema: Mood, messages }));
    expect(strict.code).toBe('llm/provider_error');
    expect(fake.chatRequests()).toHaveLength(1);
    // ...JSON mode works, even when the model wraps its JSON in a markdown fence.
    fake.queueChat(reply.chat('```json\n{"mood": "content", "intensity": 6}\n```'));
    const llm = model({ structuredMode: 'json_object' });
    expect(await llm.object({ task: 'rate_mood', schema: Mood, messages })).toEqual({ mood: 'content', intensity: 6 });
    const req = fake.chatRequests().at(-1)!;
    expect(req.body.response_format).toEqual({ type: 'json_object' });
    expect(req.body.messages).toHaveLength(2);
    expect(req.body.messages[0]?.content).toContain('You rate moods.');
    expect(req.body.messages[0]?.content).toContain('JSON Schema');
    expect(req.body.messages[0]?.content).toContain('"intensity":{"type":"integer","minimum":1,"maximum":10}');
  });

  it('json_object mode still validates with zod and repairs', async () => {
    fake.queueChat(reply.chat({ mood: 'content' }), reply.chat({ mood: 'content', intensity: 6 }));
    const llm = model({ structuredMode: 'json_object' });
    expect(await llm.object({ task: 'rate_mood', schema: Mood, messages })).toEqual({ mood: 'content', intensity: 6 });
    expect(fake.chatRequests()).toHaveLength(2);
  });

  it('prompt mode sends no response_format (for servers that reject both)', async () => {
    fake.queueChat(reply.chat('Sure! {"mood": "glad", "intensity": 3}'));
    const llm = model({ structuredMode: 'prompt' });
    expect(await llm.object({ task: 'rate_mood', schema: Mood, messages })).toEqual({ mood: 'glad', intensity: 3 });
    expect(fake.chatRequests()[0]?.body.response_format).toBeUndefined();
  });
});

describe('budget and accounting', () => {
  it('refuses further calls once the town has spent its daily budget, per town and per day', async () => {
    fake.onChat(() => reply.chat({ mood: 'ok', intensity: 1 }, { promptTokens: 20, completionTokens: 10 }));
    const llm = model({ dailyTokenBudget: 50 });
    const call = (townId: string) => llm.object({ task: 'rate_mood', schema: Mood, messages, townId });
    await call('t1'); // 30 spent
    await call('t1'); // 60 spent: the call that crosses the line is allowed
    const e = await rejection(call('t1'));
    expect(e.code).toBe('llm/budget_exhausted');
    expect(e.message).toContain('60 of its 50');
    expect(fake.chatRequests()).toHaveLength(2);
    await call('t2'); // other towns are unaffected
    expect(await llm.budgetStatus('t1')).toMatchObject({ spent: 60, limit: 50, remaining: 0 });
    clock.advance(24 * 3600_000); // the next UTC day
    await call('t1');
    expect(fake.chatRequests()).toHaveLength(4);
  });

  it('a budget in dollars (issue 33) refuses once the day’s bill at the price reaches it, output included', async () => {
    // 1,000,000 prompt + 100,000 completion tokens a call at $1/$10 per million: $2 a call
    fake.onChat(() => reply.chat({ mood: 'ok', intensity: 1 }, { promptTokens: 1_000_000, completionTokens: 100_000 }));
    const llm = model({ dailyDollarBudget: 3, price: { prompt: 1, cachedPrompt: 0.5, completion: 10 } });
    const call = () => llm.object({ task: 'rate_mood', schema: Mood, messages, townId: 't1' });
    await call(); // $2
    await call(); // $4: the call that crosses the line is allowed
    const e = await rejection(call());
    expect(e.code).toBe('llm/budget_exhausted');
    expect(e.message).toContain('$4.00 of its $3.00');
    expect(e.message).toContain('DAILY_DOLLAR_BUDGET');
    expect(fake.chatRequests()).toHaveLength(2);
    expect(await llm.budgetStatus('t1')).toMatchObject({ dollars: 4, dollarLimit: 3 });
  });

  it('a per-town budget lookup overrides the default', async () => {
    fake.onChat(() => reply.chat({ mood: 'ok', intensity: 1 }));
    const llm = model({ dailyTokenBudget: (town) => (town === 'rich' ? undefined : 1) });
    await llm.object({ task: 'm', schema: Mood, messages, townId: 'poor' });
    expect(
      isLlmError(
        await rejection(llm.object({ task: 'm', schema: Mood, messages, townId: 'poor' })),
        'llm/budget_exhausted',
      ),
    ).toBe(true);
    for (let i = 0; i < 3; i++) await llm.object({ task: 'm', schema: Mood, messages, townId: 'rich' });
  });

  it('records calls, failures, tokens and latency per task and per town', async () => {
    const usage = new InMemoryUsageSink();
    fake.queueChat(
      reply.chat({ mood: 'a', intensity: 1 }, { promptTokens: 100, completionTokens: 5 }),
      reply.chat({ mood: 'b', intensity: 2 }, { promptTokens: 120, completionTokens: 6 }),
      reply.chat({ mood: 'c', intensity: 99 }, { promptTokens: 50, completionTokens: 4 }),
      reply.chat({ mood: 'c', intensity: 3 }, { promptTokens: 80, completionTokens: 4 }),
      reply.error(400, 'nope'),
    );
    const llm = model({ usage });
    await llm.object({ task: 'rate_importance', schema: Mood, messages, townId: 'town-a' });
    await llm.object({ task: 'rate_importance', schema: Mood, messages, townId: 'town-b' });
    await llm.object({ task: 'plan_day', schema: Mood, messages, townId: 'town-a' }); // repaired: two requests
    await rejection(llm.object({ task: 'plan_day', schema: Mood, messages, townId: 'town-a' }));

    const all = await llm.usageReport();
    expect(all.byTask.rate_importance).toMatchObject({
      calls: 2,
      failures: 0,
      billedPromptTokens: 220,
      completionTokens: 11,
    });
    expect(all.byTask.plan_day).toMatchObject({
      calls: 2,
      failures: 1,
      requests: 3,
      repairs: 1,
      billedPromptTokens: 130,
      completionTokens: 8,
    });
    expect(all.byModel['fake-model']?.calls).toBe(4);
    expect(all.total.calls).toBe(4);

    const townA = await llm.usageReport({ townId: 'town-a' });
    expect(townA.byTask.rate_importance).toMatchObject({ calls: 1, billedPromptTokens: 100 });
    expect(usage.all().every((r) => r.day === '2026-03-01')).toBe(true);
    expect(await usage.tokensSpent('town-a', '2026-03-01')).toBe(105 + 138);
  });

  it('estimates tokens with the tokenizer when the server omits usage', async () => {
    fake.queueChat(reply.chat({ mood: 'calm', intensity: 2 }, { omitUsage: true }));
    const llm = model();
    await llm.object({ task: 'rate_mood', schema: Mood, messages });
    const r = await llm.usageReport();
    expect(r.total.billedPromptTokens).toBeGreaterThan(15);
    expect(r.total.completionTokens).toBeGreaterThan(5);
  });

  it('latency includes the waits between retries', async () => {
    fake.queueChat(reply.rateLimited({ retryAfterSeconds: 3 }), reply.chat({ mood: 'ok', intensity: 1 }));
    const llm = model();
    await llm.object({ task: 'rate_mood', schema: Mood, messages });
    expect((await llm.usageReport()).total.latencyMs).toBeGreaterThanOrEqual(3000);
  });
});

describe('concurrency', () => {
  it('never has more requests in flight than the limit', async () => {
    let inFlight = 0;
    let peak = 0;
    fake.onChat(async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 30));
      inFlight--;
      return reply.chat({ mood: 'ok', intensity: 1 });
    });
    const llm = model({ concurrency: 2 });
    const results = await Promise.all(
      Array.from({ length: 7 }, () => llm.object({ task: 'rate_mood', schema: Mood, messages })),
    );
    expect(results).toHaveLength(7);
    expect(peak).toBe(2);
  });
});

// The start-up check: each misconfiguration gives one clear line naming the variable to fix; a good server passes.
import { afterEach, describe, expect, it } from 'vitest';
import { checkModelAccess } from '../../src/llm/startup-check.ts';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../support/fake-openai.ts';
import { noFaults, startRealisticModel } from '../support/realistic-model/server.ts';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const base = { provider: 'compatible' as const, structuredMode: 'json_schema' as const, timeoutMs: 2_000 };

describe('start-up model check', () => {
  it('passes against a server that lists the model and accepts a strict schema', async () => {
    const server = await startRealisticModel({ latencyScale: 0, rates: noFaults });
    try {
      // The first answer loads the server's tokenizer: allow it the time.
      const r = await checkModelAccess({
        ...base,
        timeoutMs: 20_000,
        baseURL: server.baseURL,
        chatModel: server.model,
      });
      expect(r).toEqual({ ok: true });
      expect(server.fake.chatRequests()[0]?.body.response_format?.json_schema?.strict).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('rides out a transient 500 at start-up, but reports one that persists', async () => {
    fake = await startFakeOpenAI();
    fake.queueChat(reply.serverError(500), reply.chat({ ok: true }));
    const o = { ...base, baseURL: fake.baseURL, chatModel: 'fake-model', retryDelayMs: 1 };
    expect(await checkModelAccess(o)).toEqual({ ok: true });
    fake.onChat(() => reply.serverError(503));
    const r = await checkModelAccess(o);
    expect(!r.ok && r.message).toMatch(/HTTP 503/);
    expect(fake.chatRequests()).toHaveLength(2 + 3);
  });

  it('names OPENAI_API_KEY on a 401', async () => {
    fake = await startFakeOpenAI();
    fake.onChat(() => reply.error(401, 'Incorrect API key provided', 'invalid_api_key'));
    const r = await checkModelAccess({ ...base, baseURL: fake.baseURL, chatModel: 'fake-model' });
    expect(r).toEqual({ ok: false, message: expect.stringContaining('OPENAI_API_KEY') });
  });

  it('names OPENAI_CHAT_MODEL for a model the server does not offer', async () => {
    fake = await startFakeOpenAI({ models: ['llama3.1'] });
    const r = await checkModelAccess({ ...base, baseURL: fake.baseURL, chatModel: 'gpt-5-imaginary' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/"gpt-5-imaginary" is not offered .* llama3\.1.*OPENAI_CHAT_MODEL/);
  });

  it('names OPENAI_STRUCTURED_MODE when the server rejects json_schema', async () => {
    fake = await startFakeOpenAI({ rejectJsonSchema: true });
    const r = await checkModelAccess({ ...base, baseURL: fake.baseURL, chatModel: 'fake-model' });
    expect(!r.ok && r.message).toMatch(/OPENAI_STRUCTURED_MODE=json_object/);
  });

  it('names OPENAI_BASE_URL when nothing answers', async () => {
    const r = await checkModelAccess({ ...base, baseURL: 'http://127.0.0.1:9/v1', chatModel: 'x' });
    expect(!r.ok && r.message).toMatch(/cannot be reached.*OPENAI_BASE_URL/);
  });
});

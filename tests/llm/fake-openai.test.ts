// The fake server itself: routes, recording, OpenAI's JSON-mode rule, and a clean close with a request hanging.
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../support/fake-openai.ts';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
});

describe('fake OpenAI server', () => {
  it('records every request and answers unknown routes with 404', async () => {
    fake = await startFakeOpenAI();
    const res = await fetch(`${fake.baseURL}/nope`, { method: 'POST', body: '{"x":1}' });
    expect(res.status).toBe(404);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/nope', body: { x: 1 }, rawBody: '{"x":1}' });
  });

  it('enforces the word "json" for json_object, like OpenAI', async () => {
    fake = await startFakeOpenAI();
    fake.onChat(() => reply.chat('{}'));
    const client = new OpenAI({ baseURL: fake.baseURL, apiKey: 'x', maxRetries: 0 });
    const body = { model: 'm', response_format: { type: 'json_object' as const } };
    await expect(
      client.chat.completions.create({ ...body, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toThrow(/must contain the word 'json'/);
    const ok = await client.chat.completions.create({
      ...body,
      messages: [{ role: 'user', content: 'answer in JSON' }],
    });
    expect(ok.choices[0]?.message.content).toBe('{}');
  });

  it('complains clearly when a test forgot to script a chat reply', async () => {
    fake = await startFakeOpenAI();
    const client = new OpenAI({ baseURL: fake.baseURL, apiKey: 'x', maxRetries: 0 });
    await expect(
      client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toThrow(/no scripted chat reply/);
  });

  it('closes cleanly while a request hangs, failing that request', async () => {
    fake = await startFakeOpenAI();
    fake.queueChat(reply.hang());
    const client = new OpenAI({ baseURL: fake.baseURL, apiKey: 'x', maxRetries: 0 });
    const pending = client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    const outcome = pending.then(
      () => 'answered',
      (e: unknown) => (e instanceof OpenAI.APIConnectionError ? 'connection error' : String(e)),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.hangingCount).toBe(1);
    const started = Date.now();
    await fake.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await outcome).toBe('connection error');
    await fake.close(); // idempotent
  });
});

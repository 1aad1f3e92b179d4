// A simulated hour under a storm of 429s, 500s and lost responses, and a stretch with Discord unreachable: the town
// keeps ticking, and every outbox post ends up in its channel exactly once, in order.
import { afterEach, describe, expect, it } from 'vitest';
import { formatPost } from '../../src/bot/delivery.ts';
import { TOWN_HALL } from '../../src/bot/ports.ts';
import type { Post } from '../../src/town/types.ts';
import { Harness } from '../support/bot-harness.ts';

let h: Harness;
afterEach(async () => {
  await h.stop();
});

/** What each channel should show: the town's posts for that location, in seq order. */
async function expectedByChannel(): Promise<Map<string, string[]>> {
  const town = await h.town();
  const posts: Post[] = await town.outbox.postsAfter(-1, 100_000);
  const out = new Map<string, string[]>();
  for (const p of posts) {
    const channelId = h.channel(p.location === TOWN_HALL ? 'town-hall' : p.location);
    const list = out.get(channelId) ?? [];
    list.push(formatPost({ ...p, attempts: 0 }));
    out.set(channelId, list);
  }
  return out;
}

function shown(channelId: string): string[] {
  // Only what the town posted: resident webhooks and the bot's own narration (not command answers).
  return h.fake
    .messagesIn(channelId)
    .filter((m) => m.webhook_id || (m.author.id === h.fake.botUser.id && !m.interactionId))
    .map((m) => m.content);
}

describe('delivery under stress', () => {
  it('delivers a simulated hour exactly once and in order through 429s, 5xx and lost responses', async () => {
    h = await Harness.start();
    await h.setup();
    await h.delivered();
    const webhookOrMessage = /^\/webhooks\/\d+\/[^/]+$|^\/channels\/\d+\/messages$/;
    h.fake.injectFault({ path: webhookOrMessage, method: 'POST', status: 429, retryAfter: 0.03, times: 12 });
    h.fake.injectFault({
      path: webhookOrMessage,
      method: 'POST',
      status: 429,
      retryAfter: 0.05,
      global: true,
      times: 3,
    });
    h.fake.injectFault({ path: webhookOrMessage, method: 'POST', status: 500, times: 8 });
    h.fake.injectFault({ path: webhookOrMessage, method: 'POST', status: 502, afterProcessing: true, times: 6 });
    h.fake.injectFault({
      path: webhookOrMessage,
      method: 'POST',
      status: 0,
      drop: true,
      afterProcessing: true,
      times: 4,
    });
    h.fake.injectFault({ path: webhookOrMessage, method: 'POST', status: 0, drop: true, times: 4 });
    const town = await h.town();
    await town.step(6); // one simulated hour at 10 minutes per tick
    await h.delivered();
    const expected = await expectedByChannel();
    const total = [...expected.values()].reduce((n, l) => n + l.length, 0);
    expect(total).toBeGreaterThanOrEqual(10);
    for (const [channelId, texts] of expected) expect(shown(channelId)).toEqual(texts);
    expect(await town.outbox.pendingPosts(10)).toEqual([]);
    expect(h.fake.faults.filter((f) => f.remaining > 0)).toEqual([]);
  });

  it('keeps the town running while Discord is unreachable and catches up in order', async () => {
    h = await Harness.start();
    await h.setup();
    await h.delivered();
    h.fake.offline = true;
    const town = await h.town();
    const before = town.status().tick;
    await town.step(3);
    expect(town.status().tick).toBe(before + 3);
    expect((await town.outbox.pendingPosts(1000)).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300)); // a few failed delivery rounds
    h.fake.offline = false;
    await h.delivered();
    for (const [channelId, texts] of await expectedByChannel()) expect(shown(channelId)).toEqual(texts);
  });

  it('after a restart, delivers what was left and nothing twice', async () => {
    // Outbox, delivery marks and bindings survive in SQLite; a tiny look-back window makes the restart scan the
    // delivery marks backwards over several queries.
    h = await Harness.start({
      database: true,
      bot: { loop: { pollMs: 100, failureBackoffMs: 20, failureBackoffMaxMs: 200, lookbackPosts: 3 } },
    });
    await h.setup();
    await h.delivered();
    const town = await h.town();
    // A webhook post lands but its response is lost; then Discord goes away and the process stops before it could
    // check. The next process must find that post in the channel instead of sending it again.
    h.fake.injectFault({
      path: /^\/webhooks\/\d+\/[^/]+$/,
      method: 'POST',
      status: 0,
      drop: true,
      afterProcessing: true,
    });
    const stepping = town.step(2);
    await h.fake.waitFor(() => h.fake.requests.some((r) => r.fault === 'drop'), 10_000, 'a lost response');
    h.fake.offline = true;
    await stepping;
    await h.stopBot();
    expect((await town.outbox.pendingPosts(1000)).length).toBeGreaterThan(0);
    h.fake.offline = false;
    await h.boot();
    const again = await h.town();
    await again.step(1);
    await h.delivered();
    for (const [channelId, texts] of await expectedByChannel()) expect(shown(channelId)).toEqual(texts);
  });
});

// Two bot processes pointed at one SQLite file (as when a deploy overlaps the old process, or someone starts a
// second copy): only the holder of the town's lease delivers its outbox, so every post shows exactly once; when the
// holder dies, the survivor takes over once the lease expires, and at once when the holder shuts down cleanly.
import { afterEach, describe, expect, it } from 'vitest';
import { formatPost } from '../../src/bot/delivery.ts';
import { splitMessage } from '../../src/bot/split.ts';
import type { TownFile } from '../../src/town/file.ts';
import type { Post } from '../../src/town/types.ts';
import { eventually, Harness, type SecondProcess, startSecond, testTown } from '../support/bot-harness.ts';

let h: Harness | undefined;
let b: SecondProcess | undefined;

afterEach(async () => {
  if (b) {
    await b.stop();
    b = undefined;
  }
  await h?.stop();
  h = undefined;
});

function townWithLease(leaseMs: number): TownFile {
  const f = testTown();
  return { ...f, settings: { ...f.settings, leaseMs } };
}

/** Every post of the town's outbox (delivered or not). */
async function allPosts(harness: Harness): Promise<Post[]> {
  return (await harness.town()).outbox.postsAfter(-1, 100_000);
}

/**
 * Exactly once: the town's channels hold, per text, as many bot or webhook messages as the outbox has chunks with
 * that text (a duplicate delivery shows as one too many), and every post is marked delivered.
 */
async function expectEachPostOnce(harness: Harness): Promise<number> {
  const posts = await allPosts(harness);
  expect(posts.filter((p) => p.deliveredAt === null)).toEqual([]);
  const want = new Map<string, number>();
  for (const p of posts)
    for (const c of splitMessage(formatPost({ ...p, attempts: 0 }), 2000)) want.set(c, (want.get(c) ?? 0) + 1);
  const town = await harness.town();
  const got = new Map<string, number>();
  for (const binding of await harness.channels.list(town.id))
    for (const m of harness.fake.messagesIn(binding.channelId)) {
      if (m.interactionId || !(m.webhook_id || m.author.id === harness.fake.botUser.id)) continue;
      got.set(m.content, (got.get(m.content) ?? 0) + 1);
    }
  const extra = [...got].filter(([text, n]) => n > (want.get(text) ?? 0));
  const missing = [...want].filter(([text, n]) => (got.get(text) ?? 0) < n);
  expect({ extra, missing }).toEqual({ extra: [], missing: [] });
  return posts.length;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('two bot processes on one database', () => {
  it('deliver each post exactly once while both run; the survivor delivers after the first dies', async () => {
    const leaseMs = 1500;
    h = await Harness.start({ database: true, town: townWithLease(leaseMs) });
    await h.setup();
    const townA = await h.town();
    await h.delivered();
    b = await startSecond(h, 'process-b');
    const townB = await b.registry.get(h.guild.id);
    expect(townB).not.toBeNull();
    const linkB = b.bot.links().find((l) => l.town.id === townA.id)!;
    expect(linkB).toBeDefined();

    // Both run: the first process ticks its town; each commit wakes its own delivery, the second polls every 40 ms.
    for (let i = 0; i < 6; i++) {
      await townA.step(1);
      await sleep(30);
    }
    await h.delivered();
    await sleep(300); // several more rounds of the second process
    const before = await expectEachPostOnce(h);
    expect(before).toBeGreaterThan(5);
    expect(linkB.stats.delivered).toBe(0);
    expect(linkB.stats.standbyRounds).toBeGreaterThan(3);
    // The second process cannot tick either: one writer per town.
    await expect(townB!.step(1)).rejects.toMatchObject({ code: 'town/leased' });

    // The first process dies: its delivery stops after two more ticks that it never delivers, and nothing renews its
    // lease any more (no clean shutdown, so no release).
    await h.bot.stop();
    await townA.step(2);
    const diedAt = Date.now();
    const orphaned = (await allPosts(h)).filter((p) => p.deliveredAt === null);
    expect(orphaned.length).toBeGreaterThan(0);
    await sleep(leaseMs / 2);
    expect((await allPosts(h)).filter((p) => p.deliveredAt === null)).toHaveLength(orphaned.length);

    await eventually(async () => {
      expect((await allPosts(h!)).filter((p) => p.deliveredAt === null)).toEqual([]);
    }, 8000);
    expect(linkB.stats.delivered).toBe(orphaned.length);
    const firstByB = Math.min(
      ...(await allPosts(h)).filter((p) => orphaned.some((o) => o.seq === p.seq)).map((p) => p.deliveredAt!),
    );
    expect(firstByB).toBeGreaterThanOrEqual(diedAt + leaseMs - 50);
    expect(b.log.entries.some((e) => e.msg === 'delivering this town’s outbox')).toBe(true);

    // The survivor now runs the town as well: its ticks commit (it reloaded what the first process wrote) and it
    // delivers them.
    await townB!.step(2);
    await b.bot.deliverNow(townA.id);
    const after = await expectEachPostOnce(h);
    expect(after).toBeGreaterThan(before + orphaned.length);
    expect(linkB.stats.delivered).toBe(after - before);
    expect(b.log.errors()).toEqual([]);
  }, 20_000);

  it('a clean shutdown hands delivery over at once (the lease is released)', async () => {
    h = await Harness.start({ database: true, town: townWithLease(60_000) });
    await h.setup();
    await h.delivered();
    b = await startSecond(h, 'process-b');
    const townId = (await h.town()).id;
    const linkB = b.bot.links().find((l) => l.town.id === townId)!;
    await sleep(200);
    expect(linkB.stats.delivered).toBe(0);

    await h.stopBot(); // bot stopped, registry closed: the lease is released
    const townB = (await b.registry.get(h.guild.id))!;
    await townB.step(2);
    await b.bot.deliverNow(townId);
    await expectEachPostOnce(h);
    expect(linkB.stats.delivered).toBeGreaterThan(0);
    expect(b.log.errors()).toEqual([]);
  }, 15_000);

  it('only the lease holder answers interactions and messages; the standby never says "another process"', async () => {
    h = await Harness.start({ database: true, town: townWithLease(60_000) });
    await h.setup();
    await h.delivered();
    b = await startSecond(h, 'process-b');
    const town = await h.town();
    const resident = town.residents()[0]!;
    const asks = [
      h.slash(h.alice, { name: 'town', subcommand: 'status' }),
      h.slash(h.alice, { name: 'persona', subcommand: 'set', options: { name: 'Sam', description: 'a reporter' } }),
      h.slash(h.alice, { name: 'resident', subcommand: 'info', options: { resident: resident.name } }),
      h.slash(h.alice, { name: 'interview', options: { resident: resident.name, question: 'How is work?' } }),
      h.slash(h.alice, { name: 'interview', options: { resident: 're' }, focused: 'resident' }),
    ];
    for (const a of asks) await a.firstResponse(10_000);
    const home = resident.location.id;
    h.fake.userMessage({ channelId: h.channel(home), user: h.bob, content: `Hello ${resident.name}!` });
    await sleep(800); // both processes have long had the chance to answer
    for (const a of asks) {
      const callbacks = h.fake.requestsTo('POST', new RegExp(`^/interactions/${a.id}/`));
      expect({ id: a.id, callbacks: callbacks.map((r) => r.status) }).toEqual({ id: a.id, callbacks: [204] });
    }
    const texts = h.fake.requests
      .filter((r) => r.method === 'POST' || r.method === 'PATCH')
      .map((r) => JSON.stringify(r.body ?? ''));
    expect(texts.filter((t) => /another process/.test(t))).toEqual([]);
    expect(b.log.errors()).toEqual([]);
    expect(h.log.errors()).toEqual([]);
    expect(await town.persona({ id: h.alice.id, displayName: 'alice' })).toMatchObject({ name: 'Sam' });
  }, 30_000);
});

// A long conversation moves into a thread named after its topic, against the local Discord: its first line in the
// place's channel, the rest in a public thread started from it, in order, under each speaker's name and avatar; a
// short talk stays in the channel; a refused, failing or locked thread falls back to the channel and loses nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxDeliverer } from '../../src/bot/delivery.ts';
import type { DiscordApi } from '../../src/bot/discord-api.ts';
import { silentLog } from '../../src/bot/ports.ts';
import { threadName } from '../../src/bot/threads.ts';
import { townOutbox } from '../../src/bot/town-link.ts';
import type { InMemoryChannelStore } from '../../src/db/channel-store.ts';
import { openDatabase } from '../../src/db/client.ts';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { buildTownState } from '../../src/town/build.ts';
import { loadTownFile } from '../../src/town/file-io.ts';
import { TownOutbox } from '../../src/town/outbox.ts';
import type { NewPost } from '../../src/town/types.ts';
import { type MemoryOutbox, startDeliveryWorld } from '../support/delivery-world.ts';
import { type FakeDiscord, type FakeGuild, Perm } from '../support/fake-discord.ts';

let fake: FakeDiscord;
let guild: FakeGuild;
let store: InMemoryChannelStore;
let api: DiscordApi;
let outbox: MemoryOutbox;
const LOCATIONS = [{ id: 'cafe', name: 'Cafe' }];
const SPEAKERS = [
  { id: 'isa', name: 'Isabella Rodriguez' },
  { id: 'tom', name: 'Tom Moreno' },
  { id: 'sam', name: 'Sam Moore' },
];

const deliverer = (batchSize = 100) =>
  new OutboxDeliverer({
    api,
    store,
    appId: fake.appId,
    botUserId: fake.botUser.id,
    log: silentLog,
    settings: { backoffBaseMs: 5, backoffMaxMs: 20, batchSize },
  });

const target = () => ({
  townId: 'town-1',
  outbox,
  channelFor: async (location: string) => store.get('town-1', location),
  avatarFor: (id: string) => `https://example.test/${id}.png`,
});

const TOPIC = 'Have you heard about the Valentine’s Day party at Hobbs Cafe?';

/**
 * `n` lines of a group talk said at one simulated time, the three speakers in turn (numbered from `from`);
 * `conversationId`: the town's conversation they belong to (absent: an old row, known by its time and place only).
 */
function lines(n: number, simTime: number, opts: { first?: string; from?: number; conversationId?: string } = {}) {
  const from = opts.from ?? 0;
  const out: Omit<NewPost, 'seq'>[] = [];
  for (let i = from; i < from + n; i++) {
    const sp = SPEAKERS[i % SPEAKERS.length]!;
    const text = i === 0 ? (opts.first ?? TOPIC) : `line ${i + 1} from ${sp.name.split(' ')[0]}`;
    out.push({
      location: 'cafe',
      speakerId: sp.id,
      speakerName: sp.name,
      emoji: null,
      kind: 'dialogue',
      text,
      simTime,
      ...(opts.conversationId ? { conversationId: opts.conversationId } : {}),
    });
  }
  return out;
}

/** Adds a talk's lines to the outbox; returns their texts. */
function talk(n: number, simTime: number, first = TOPIC, more: { from?: number; conversationId?: string } = {}) {
  const said = lines(n, simTime, { first, ...more });
  for (const l of said) outbox.add(l);
  return said.map((l) => l.text);
}

const cafeId = () => fake.channelByName(guild.id, 'cafe')!.id;
const shown = (channelId: string) =>
  fake.messagesIn(channelId).map((m) => [m.author.username, m.content, m.author.avatar] as const);
const who = (i: number) => SPEAKERS[i % SPEAKERS.length]!;

beforeEach(async () => {
  ({ fake, guild, store, api, outbox } = await startDeliveryWorld(LOCATIONS));
});

afterEach(async () => {
  await fake.close();
});

describe('long conversations in threads', () => {
  it('posts a long group talk’s first line in the channel and the rest in a thread named after it, in order, under each speaker', async () => {
    outbox.add({ location: 'cafe', speakerId: 'isa', speakerName: 'Isabella Rodriguez', text: 'is wiping tables' });
    const lines = talk(12, 1_000);
    outbox.add({ location: 'cafe', speakerId: 'tom', speakerName: 'Tom Moreno', text: 'leaves the cafe' });
    const r = await deliverer().drain(target());
    expect(r).toMatchObject({ delivered: 14, blocked: [] });
    const channel = fake.messagesIn(cafeId());
    expect(channel.map((m) => m.content)).toEqual(['is wiping tables', lines[0], 'leaves the cafe']);
    expect(fake.threads.size).toBe(1);
    const thread = [...fake.threads.values()][0]!;
    // started from the talk's first message, in the place's channel, named after what it is about
    expect(thread.id).toBe(channel[1]!.id);
    expect(thread.parent_id).toBe(cafeId());
    expect(thread.type).toBe(11);
    expect(thread.name).toBe('Have you heard about the Valentine’s Day party at Hobbs Cafe?');
    expect(shown(thread.id)).toEqual(
      lines.slice(1).map((t, i) => [who(i + 1).name, t, `https://example.test/${who(i + 1).id}.png`]),
    );
    expect(fake.messagesIn(thread.id).every((m) => m.webhook_id)).toBe(true);
    expect(fake.requestsTo('POST', /\/webhooks\/\d+\/[^/]+$/).filter((q) => q.query.has('thread_id'))).toHaveLength(11);
  });

  it('keeps a short talk in the channel', async () => {
    const lines = talk(8, 1_000);
    await deliverer().drain(target());
    expect(fake.threads.size).toBe(0);
    expect(shown(cafeId()).map(([n, t]) => [n, t])).toEqual(lines.map((t, i) => [who(i).name, t]));
  });

  it('waits for the rest of a talk cut by a full batch, and gives the next talk its own thread', async () => {
    const d = deliverer(12);
    for (let i = 0; i < 5; i++)
      outbox.add({ location: 'cafe', speakerId: 'sam', speakerName: 'Sam Moore', text: `act ${i}` });
    const first = talk(10, 1_000);
    // the first round sees 5 actions and 7 of the 10 lines: the talk waits for the next round
    expect(await d.drain(target())).toMatchObject({ delivered: 5 });
    await d.drain(target());
    const second = talk(9, 2_000, '**Planning** the <@123> town   meeting\nfor Friday');
    await d.drain(target());
    const [t1, t2] = [...fake.threads.values()];
    expect(t1!.name).toBe(first[0]);
    expect(fake.messagesIn(t1!.id).map((m) => m.content)).toEqual(first.slice(1));
    expect(t2!.name).toBe('Planning the town meeting for Friday');
    expect(fake.messagesIn(t2!.id).map((m) => m.content)).toEqual(second.slice(1));
    expect(fake.messagesIn(cafeId()).map((m) => m.content)).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => `act ${i}`),
      first[0],
      second[0],
    ]);
  });

  for (const [why, fault] of [
    ['403 Missing Permissions', { status: 403, code: 50013, message: 'Missing Permissions' }],
    ['a 429', { status: 429, retryAfter: 5 }],
    ['a 500', { status: 500 }],
  ] as const)
    it(`keeps the whole talk in the channel when starting the thread meets ${why}`, async () => {
      fake.injectFault({ method: 'POST', path: /\/messages\/\d+\/threads$/, ...fault });
      const lines = talk(12, 1_000);
      const r = await deliverer().drain(target());
      expect(r).toMatchObject({ delivered: 12, blocked: [] });
      expect(fake.threads.size).toBe(0);
      expect(shown(cafeId()).map(([n, t]) => [n, t])).toEqual(lines.map((t, i) => [who(i).name, t]));
    });

  it('keeps the talk in the channel when the bot may not create public threads', async () => {
    guild.members.get(fake.botUser.id)!.permissions &= ~Perm.CreatePublicThreads;
    const lines = talk(12, 1_000);
    expect(await deliverer().drain(target())).toMatchObject({ delivered: 12, held: [], blocked: [] });
    expect(fake.threads.size).toBe(0);
    expect(fake.requestsTo('POST', /\/messages\/\d+\/threads$/)[0]!.status).toBe(403);
    expect(shown(cafeId()).map(([, t]) => t)).toEqual(lines);
  });

  it('does not post a line twice in the thread when Discord’s answer is lost', async () => {
    const d = deliverer();
    const lines = talk(12, 1_000);
    outbox.cap = 9;
    await d.drain(target());
    fake.injectFault({ method: 'POST', path: /^\/webhooks\//, status: 500, afterProcessing: true });
    outbox.cap = 100;
    expect(await d.drain(target())).toMatchObject({ delivered: 3, blocked: [] });
    const thread = [...fake.threads.values()][0]!;
    expect(fake.messagesIn(thread.id).map((m) => m.content)).toEqual(lines.slice(1));
  });

  it('posts into an archived thread (Discord unarchives it) and falls back to the channel from a locked one', async () => {
    const d = deliverer();
    const lines = talk(15, 1_000);
    outbox.cap = 9;
    await d.drain(target());
    const thread = [...fake.threads.values()][0]!;
    fake.archiveThread(thread.id);
    outbox.cap = 3;
    await d.drain(target());
    expect(thread.thread_metadata!.archived).toBe(false);
    fake.archiveThread(thread.id, { locked: true });
    outbox.cap = 100;
    const r = await d.drain(target());
    expect(r).toMatchObject({ delivered: 3, blocked: [] });
    expect(fake.messagesIn(thread.id).map((m) => m.content)).toEqual(lines.slice(1, 12));
    expect(fake.messagesIn(cafeId()).map((m) => m.content)).toEqual([lines[0], ...lines.slice(12)]);
    expect(outbox.posts.every((p) => p.delivered)).toBe(true);
  });

  it('names a thread in plain text within Discord’s 100 characters', () => {
    const long = `${'word '.repeat(40)}end`;
    expect(threadName(long).length).toBeLessThanOrEqual(100);
    expect(threadName(long).endsWith('…')).toBe(true);
    expect(threadName('  ')).toBe('Conversation');
  });
});

const MIN = 60_000;
const inThread = (id: string) => fake.messagesIn(id).map((m) => m.content);
/** Delivers until nothing is pending (a parked channel waits for the next round). */
async function deliverAll(d: OutboxDeliverer, t = target()) {
  for (let round = 0; round < 10 && outbox.posts.some((p) => !p.delivered); round++) {
    const r = await d.drain(t);
    if (r.coolingMs > 0) await new Promise((ok) => setTimeout(ok, r.coolingMs));
  }
  expect(outbox.posts.filter((p) => !p.delivered)).toEqual([]);
}

describe('conversations carried on in a later tick', () => {
  it('posts a carried-on talk’s later lines back into its own thread, reopening it when archived', async () => {
    const d = deliverer();
    const first = talk(12, 1_000, TOPIC, { conversationId: 'c1' });
    await d.drain(target());
    const thread = [...fake.threads.values()][0]!;
    fake.archiveThread(thread.id); // a quiet while between the ticks
    outbox.add({ location: 'cafe', speakerId: 'sam', speakerName: 'Sam Moore', text: 'orders a coffee' });
    const later = talk(4, 1_000 + 10 * MIN, TOPIC, { from: 12, conversationId: 'c1' });
    const other = talk(3, 1_000 + 10 * MIN, 'Nice weather today', { conversationId: 'c2' });
    expect(await d.drain(target())).toMatchObject({ delivered: 8, blocked: [] });
    expect(fake.threads.size).toBe(1);
    expect(thread.thread_metadata!.archived).toBe(false);
    expect(inThread(thread.id)).toEqual([...first.slice(1), ...later]);
    expect(shown(thread.id).slice(-4)).toEqual(
      later.map((t, i) => [who(12 + i).name, t, `https://example.test/${who(12 + i).id}.png`]),
    );
    expect(inThread(cafeId())).toEqual([first[0], 'orders a coffee', ...other]);
  });

  it('moves a talk into a thread from the line where it crosses 8 lines in all, named after its first line', async () => {
    const d = deliverer();
    const a = talk(5, 1_000, TOPIC, { conversationId: 'c1' });
    await d.drain(target());
    expect(fake.threads.size).toBe(0);
    outbox.add({ location: 'cafe', speakerId: 'sam', speakerName: 'Sam Moore', text: 'orders a coffee' });
    const b = talk(6, 1_000 + 10 * MIN, TOPIC, { from: 5, conversationId: 'c1' });
    await d.drain(target());
    const c = talk(2, 1_000 + 20 * MIN, TOPIC, { from: 11, conversationId: 'c1' });
    await d.drain(target());
    // lines 1-8 and the 9th (which crosses) in the channel; the thread starts from the 9th and holds the rest
    const channel = fake.messagesIn(cafeId());
    expect(channel.map((m) => m.content)).toEqual([...a, 'orders a coffee', ...b.slice(0, 4)]);
    expect(fake.threads.size).toBe(1);
    const thread = [...fake.threads.values()][0]!;
    expect(thread.id).toBe(channel.at(-1)!.id);
    expect(b[3]).toBe('line 9 from Sam');
    expect(thread.name).toBe(TOPIC);
    expect(inThread(thread.id)).toEqual([...b.slice(4), ...c]);
  });

  it('keeps a talk that crosses 8 lines later in the channel when starting its thread meets a 429', async () => {
    const d = deliverer();
    const a = talk(8, 1_000, TOPIC, { conversationId: 'c1' });
    await d.drain(target());
    fake.injectFault({ method: 'POST', path: /\/messages\/\d+\/threads$/, status: 429, retryAfter: 5 });
    const b = talk(4, 1_000 + 10 * MIN, TOPIC, { from: 8, conversationId: 'c1' });
    expect(await d.drain(target())).toMatchObject({ delivered: 4, blocked: [] });
    const c = talk(2, 1_000 + 20 * MIN, TOPIC, { from: 12, conversationId: 'c1' });
    await d.drain(target());
    expect(fake.threads.size).toBe(0);
    expect(inThread(cafeId())).toEqual([...a, ...b, ...c]);
  });

  it('keeps today’s behaviour for rows without a conversation id: each tick’s short part stays in the channel', async () => {
    const d = deliverer();
    const a = talk(5, 1_000);
    await d.drain(target());
    const b = talk(6, 1_000 + 10 * MIN, TOPIC, { from: 5 });
    await d.drain(target());
    expect(fake.threads.size).toBe(0);
    expect(inThread(cafeId())).toEqual([...a, ...b]);
  });

  for (const [why, fault] of [
    ['was deleted', (id: string) => fake.deleteThread(id)],
    ['was locked', (id: string) => fake.archiveThread(id, { locked: true })],
    [
      'refuses the webhook (403)',
      () =>
        fake.injectFault({
          method: 'POST',
          path: /^\/webhooks\//,
          status: 403,
          code: 50013,
          message: 'Missing Permissions',
        }),
    ],
  ] as const)
    it(`posts the carried-on lines in the channel, once, when the thread ${why}`, async () => {
      const d = deliverer();
      const first = talk(12, 1_000, TOPIC, { conversationId: 'c1' });
      await d.drain(target());
      const thread = [...fake.threads.values()][0]!;
      fault(thread.id);
      const later = talk(3, 1_000 + 10 * MIN, TOPIC, { from: 12, conversationId: 'c1' });
      await deliverAll(d);
      expect(inThread(cafeId())).toEqual([first[0], ...later]);
      if (fake.threads.has(thread.id)) expect(inThread(thread.id)).toEqual(first.slice(1));
      expect(fake.threads.size).toBeLessThanOrEqual(1);
    });

  it('waits out a 429 on a carried-on line and posts it in its thread once', async () => {
    const d = deliverer();
    const first = talk(12, 1_000, TOPIC, { conversationId: 'c1' });
    await d.drain(target());
    fake.injectFault({ method: 'POST', path: /^\/webhooks\//, status: 429, retryAfter: 0.05 });
    const later = talk(3, 1_000 + 10 * MIN, TOPIC, { from: 12, conversationId: 'c1' });
    await deliverAll(d);
    const thread = [...fake.threads.values()][0]!;
    expect(inThread(thread.id)).toEqual([...first.slice(1), ...later]);
    expect(inThread(cafeId())).toEqual([first[0]]);
    expect(fake.requestsTo('POST', /^\/webhooks\//).some((q) => q.status === 429)).toBe(true);
  });

  it('a new deliverer (restart) in the middle of a talk’s lines goes on in its thread', async () => {
    const all = talk(14, 1_000, TOPIC, { conversationId: 'c1' });
    outbox.cap = 10;
    await deliverer().drain(target());
    outbox.cap = 100;
    expect(await deliverer().drain(target())).toMatchObject({ delivered: 4, blocked: [] });
    expect(fake.threads.size).toBe(1);
    expect(inThread([...fake.threads.keys()][0]!)).toEqual(all.slice(1));
    expect(inThread(cafeId())).toEqual([all[0]]);
  });

  it('finds the thread again after a restart against the same database and Discord', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'threads-'));
    const url = `file:${join(dir, 'town.db')}`;
    let db = await openDatabase(url);
    try {
      const state = buildTownState(loadTownFile(), { initialMind: () => ({ plan: [] }) });
      let store = new PrismaTownStore(db.prisma);
      await store.create({ id: 'town-1', scope: 'g1', name: 'Testville', state, memories: [] });
      let seq = 0;
      let version = (await store.load('town-1'))!.version;
      const commit = async (posts: Omit<NewPost, 'seq'>[]) => {
        version = await store.commit({
          townId: 'town-1',
          expectedVersion: version,
          state,
          memories: { added: [], touched: [] },
          posts: posts.map((p) => ({ ...p, seq: ++seq })),
          owner: 'test',
        });
        return posts.map((p) => p.text);
      };
      // the town's outbox in the database, as the bot reads it (town-link's adapter over the store)
      const dbTarget = () => ({
        ...target(),
        outbox: townOutbox(new TownOutbox(store, 'town-1', Date.now)),
      });
      // tick 1: a long talk (c1) gets a thread; a short one (c2) stays in the channel
      const c1 = await commit(lines(12, 1_000, { conversationId: 'c1' }));
      const c2 = await commit(lines(8, 1_000, { first: 'Nice weather today', conversationId: 'c2' }));
      const before = deliverer();
      await before.drain(dbTarget());
      expect(fake.threads.size).toBe(1);
      // tick 2: c2 goes on with one line, its 9th: the thread starts from it
      const c2b = await commit(lines(1, 1_000 + 10 * MIN, { from: 8, conversationId: 'c2' }));
      await before.drain(dbTarget());
      expect(fake.threads.size).toBe(2);
      // the bot stops; a new process over the same database file and the same Discord
      await db.close();
      db = await openDatabase(url);
      store = new PrismaTownStore(db.prisma);
      const c1b = await commit(lines(3, 1_000 + 20 * MIN, { from: 12, conversationId: 'c1' }));
      const c2c = await commit(lines(2, 1_000 + 20 * MIN, { from: 9, conversationId: 'c2' }));
      expect(await deliverer().drain(dbTarget())).toMatchObject({ delivered: 5, blocked: [] });
      expect(fake.threads.size).toBe(2);
      // c2's thread start was not confirmed by a later line's mark: asked again, Discord says it exists
      expect(fake.requestsTo('POST', /\/threads$/).map((q) => q.status)).toEqual([200, 200, 400]);
      const [t1, t2] = [...fake.threads.values()];
      expect(t1!.name).toBe(TOPIC);
      expect(inThread(t1!.id)).toEqual([...c1.slice(1), ...c1b]);
      expect(t2!.name).toBe('Nice weather today');
      expect(inThread(t2!.id)).toEqual(c2c);
      expect(inThread(cafeId())).toEqual([c1[0], ...c2, ...c2b]);
      // the conversation id is stored on each of its posts
      expect((await store.conversationPosts('town-1', 'c2', 100)).map((p) => p.text)).toEqual([...c2, ...c2b, ...c2c]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the local Discord’s threads', () => {
  it('refuses a thread name outside 1..100 characters and a second thread on one message', async () => {
    outbox.add({ location: 'cafe', speakerId: 'isa', speakerName: 'Isabella Rodriguez', text: 'hi' });
    await deliverer().drain(target());
    const msg = fake.messagesIn(cafeId())[0]!;
    await expect(api.startThread(cafeId(), msg.id, 'x'.repeat(101))).rejects.toMatchObject({ status: 400 });
    await expect(api.startThread(cafeId(), msg.id, '')).rejects.toMatchObject({ status: 400 });
    await api.startThread(cafeId(), msg.id, 'ok');
    await expect(api.startThread(cafeId(), msg.id, 'again')).rejects.toMatchObject({ code: 160004 });
  });
});

// A long conversation moves into a thread named after its topic, against the local Discord: its first line in the
// place's channel, the rest in a public thread started from it, in order, under each speaker's name and avatar; a
// short talk stays in the channel; a refused, failing or locked thread falls back to the channel and loses nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxDeliverer } from '../../src/bot/delivery.ts';
import type { DiscordApi } from '../../src/bot/discord-api.ts';
import { silentLog } from '../../src/bot/ports.ts';
import { threadName } from '../../src/bot/threads.ts';
import type { InMemoryChannelStore } from '../../src/db/channel-store.ts';
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

/** A group talk of `n` lines at one simulated time, the three speakers in turn. */
function talk(n: number, simTime: number, first = 'Have you heard about the Valentine’s Day party at Hobbs Cafe?') {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const sp = SPEAKERS[i % SPEAKERS.length]!;
    const text = i === 0 ? first : `line ${i + 1} from ${sp.name.split(' ')[0]}`;
    lines.push(text);
    outbox.add({ location: 'cafe', speakerId: sp.id, speakerName: sp.name, kind: 'dialogue', text, simTime });
  }
  return lines;
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

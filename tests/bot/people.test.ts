// People in the town through Discord, end to end: persona + chat in a location channel answered by the resident's
// webhook, whisper, interview, admin refusal, the map PNG, DMs, and errors that are not the user's fault.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APOLOGY } from '../../src/bot/router.ts';
import { DM_HELP_TEXT } from '../../src/commands/help.ts';
import type { InMemoryTownStore } from '../../src/town/store.ts';
import { eventually, Harness, pngSize } from '../support/bot-harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
  await h.setup();
});
afterEach(async () => {
  await h.stop();
});

/** A location with at least one resident in it right now, and that resident. */
async function occupiedPlace() {
  const town = await h.town();
  const place = town.map().locations.find((l) => l.residents.length > 0);
  if (!place) throw new Error('nobody is anywhere');
  return { place, resident: place.residents[0]! };
}

describe('people in the town', () => {
  it('a message in a thread of a location channel is said in that place, and the resident present answers', async () => {
    const { place, resident } = await occupiedPlace();
    const first = resident.name.split(' ')[0]!;
    const channelId = h.channel(place.id);
    const thread = h.fake.userThread(channelId, 'About the weekend');
    // (THREAD_CREATE reaches the client before the message, on the same gateway connection, as on Discord)
    h.fake.userMessage({ channelId: thread.id, user: h.alice, content: `${first}, are you free this weekend?` });
    await h.fake.waitFor(
      () => h.fake.messagesIn(channelId).some((m) => m.webhook_id && m.author.username === resident.name),
      10_000,
      'the resident to answer',
    );
    const town = await h.town();
    const heard = town
      .liveResident(resident.id)
      .memory.all()
      .filter((m) => m.description.includes('are you free this weekend'));
    expect(heard.length).toBeGreaterThan(0);
  });

  it('/persona set, then a message in a location channel: the resident present answers under its own name', async () => {
    const set = h.slash(h.alice, {
      name: 'persona',
      subcommand: 'set',
      options: { name: 'Sam', description: 'a reporter for the local paper' },
    });
    const ack = await set.answer();
    expect(set.ephemeral).toBe(true);
    expect(ack.content).toMatch(/You are now Sam, /);

    const { place, resident } = await occupiedPlace();
    const first = resident.name.split(' ')[0]!;
    const channelId = h.channel(place.id);
    h.fake.userMessage({ channelId, user: h.alice, content: `Hello ${first}, how is the day going?` });
    await h.fake.waitFor(
      () => h.fake.messagesIn(channelId).some((m) => m.webhook_id && m.author.username === resident.name),
      10_000,
      'the resident to answer',
    );
    const reply = h.fake.messagesIn(channelId).find((m) => m.webhook_id && m.author.username === resident.name)!;
    expect(reply.content.length).toBeGreaterThan(0);
    // Residents know the persona, not the account.
    const town = await h.town();
    const heard = town
      .liveResident(resident.id)
      .memory.all()
      .filter((m) => m.description.includes('how is the day going'));
    expect(heard.length).toBeGreaterThan(0);
    for (const m of heard) {
      expect(m.description).toContain('Sam');
      expect(m.description).not.toContain('alice');
    }
    expect(reply.allowed_mentions).toEqual({ parse: [] });
    // The bot does not answer its own webhook posts (no loops): exactly one reply.
    await new Promise((r) => setTimeout(r, 200));
    expect(h.fake.messagesIn(channelId).filter((m) => m.webhook_id)).toHaveLength(1);
    expect(h.log.errors()).toEqual([]);
  });

  it('/whisper: ephemeral acknowledgement, and the resident’s next plan reflects the thought', async () => {
    const { resident } = await occupiedPlace();
    const w = h.slash(h.alice, {
      name: 'whisper',
      options: { resident: resident.name, text: 'throw a picnic in the park this afternoon' },
    });
    const first = await w.firstResponse();
    expect(first.type).toBe(5); // deferred
    const ack = await w.answer();
    expect(w.ephemeral).toBe(true);
    expect(ack.content).toContain(`🤫 ${resident.name} heard a thought`);
    const town = await h.town();
    // The inner voice makes the resident re-plan at its next step (Park et al. 2023, sec. 3.1).
    await town.step(1);
    const info = await town.residentInfo(resident.name);
    expect(info.plan.join(' ').toLowerCase()).toContain('picnic in the park');
  });

  it('/interview: deferred, then an in-character answer; public only in town channels', async () => {
    const { place, resident } = await occupiedPlace();
    const i = h.slash(h.bob, {
      name: 'interview',
      options: { resident: resident.name, question: 'What do you do all day?' },
    });
    expect((await i.firstResponse()).type).toBe(5);
    const a = await i.answer();
    expect(i.ephemeral).toBe(true);
    expect(a.content).toContain(resident.name);
    expect(a.content).toContain('What do you do all day?');

    const outside = h.slash(h.bob, {
      name: 'interview',
      options: { resident: resident.name, question: 'Anything new?', public: true },
    });
    const refused = await outside.answer();
    expect(refused.content).toMatch(/town's own channels/);
    expect(refused.flags & 64).toBe(64);
    expect(outside.record.originalDeleted).toBe(true);

    const inside = h.slash(h.bob, {
      name: 'interview',
      channelId: h.channel(place.id),
      options: { resident: resident.name, question: 'Anything new?', public: true },
    });
    const pub = await inside.answer();
    expect(inside.ephemeral).toBe(false);
    expect(pub.content).toContain('Anything new?');
  });

  it('refuses admin commands from people without Manage Server, and changes nothing', async () => {
    for (const sub of ['pause', 'step', 'setup']) {
      const r = h.slash(h.alice, { name: 'town', subcommand: sub });
      const a = await r.answer();
      expect(a.content).toMatch(/Manage Server/);
      expect(r.ephemeral).toBe(true);
    }
    const mem = h.slash(h.alice, { name: 'resident', subcommand: 'memories', options: { resident: 'a', query: 'b' } });
    expect((await mem.answer()).content).toMatch(/Manage Server/);
    const town = await h.town();
    expect(town.status().paused).toBe(false);
    expect(town.status().tick).toBe(0);
    // The command itself is registered as admin-only for Discord's UI.
    const registered = h.fake.globalCommands.find((c) => c.name === 'town')!;
    expect(registered.default_member_permissions).toBe('32');
  });

  it('/town map and /town relationships attach valid PNGs', async () => {
    const m = h.slash(h.admin, { name: 'town', subcommand: 'map' });
    const msg = await m.answer(20_000);
    expect(msg.files).toHaveLength(1);
    expect(msg.files[0]!.filename).toBe('town-map.png');
    const size = pngSize(msg.files[0]!.data);
    expect(size.width).toBeGreaterThan(300);
    expect(size.height).toBeGreaterThan(200);
    const r = h.slash(h.admin, { name: 'town', subcommand: 'relationships' });
    const rel = await r.answer(20_000);
    expect(pngSize(rel.files[0]!.data).width).toBeGreaterThan(300);
    const name = (await h.town()).residents()[0]!.name;
    const ego = await h
      .slash(h.admin, { name: 'town', subcommand: 'relationships', options: { resident: name } })
      .answer(20_000);
    expect(ego.files[0]!.filename).toBe('town-relationships.png');
    const nobody = await h
      .slash(h.admin, { name: 'town', subcommand: 'relationships', options: { resident: 'Nobody' } })
      .answer(20_000);
    expect(nobody.content).toContain('No resident or persona called "Nobody"');
  });

  it('/resident list, info and memories (admin) answer from the town', async () => {
    const town = await h.town();
    const names = town.residents().map((r) => r.name);
    const list = await h.slash(h.alice, { name: 'resident', subcommand: 'list' }).answer();
    for (const n of names) expect(list.content).toContain(n);
    const info = await h
      .slash(h.alice, { name: 'resident', subcommand: 'info', options: { resident: names[0]! } })
      .answer();
    expect(info.content).toContain("Today's plan");
    const mem = await h
      .slash(h.admin, { name: 'resident', subcommand: 'memories', options: { resident: names[0]!, query: 'work' } })
      .answer();
    expect(mem.content).toMatch(/recency [\d.]+, importance [\d.]+, relevance [\d.]+/);
  });

  it('autocompletes resident names', async () => {
    const town = await h.town();
    const name = town.residents()[0]!.name;
    const ac = h.slash(h.alice, {
      name: 'whisper',
      options: { resident: name.slice(0, 2), text: '' },
      focused: 'resident',
    });
    const cb = await ac.firstResponse();
    expect(cb.type).toBe(8);
    const choices = (cb.data as { choices: { name: string }[] }).choices;
    expect(choices.map((c) => c.name)).toContain(name);
  });

  it('answers DMs with a short help text', async () => {
    const dm = h.fake.directMessage(h.alice, 'hello?');
    await h.fake.waitFor(() => h.fake.messagesIn(dm.channel_id).length > 1, 5000, 'the DM answer');
    expect(h.fake.messagesIn(dm.channel_id)[1]!.content).toBe(DM_HELP_TEXT);
  });

  it('logs unexpected errors with the interaction id and apologises without details', async () => {
    (h.townStore as InMemoryTownStore).failNextCommit = new Error('disk full at /var/lib/secret');
    const r = h.slash(h.admin, { name: 'town', subcommand: 'pause' });
    const a = await r.answer();
    expect(a.content).toContain(APOLOGY);
    expect(a.content).toContain(r.id);
    expect(a.content).not.toContain('disk full');
    expect(r.ephemeral).toBe(true);
    await eventually(() => {
      const logged = h.log.errors().find((e) => (e.obj as { interactionId?: string }).interactionId === r.id);
      expect(logged).toBeTruthy();
    });
    expect((await h.town()).status().paused).toBe(false);
  });
});

describe('a slow model', () => {
  it('defers in time: every interaction is acknowledged within the deadline even while a tick holds the town', async () => {
    await h.stop();
    // Discord's deadline scaled down to 400 ms; every model call takes 500 ms.
    h = await Harness.start({ fake: { interactionDeadlineMs: 400 }, modelDelayMs: 500 });
    await h.setup();
    const town = await h.town();
    const name = town.residents()[0]!.name;
    const ticking = town.step(1); // holds the town's writer lock for a model round trip
    const handles = [
      h.slash(h.alice, { name: 'interview', options: { resident: name, question: 'Busy?' } }),
      h.slash(h.bob, { name: 'whisper', options: { resident: name, text: 'call your sister' } }),
      h.slash(h.admin, { name: 'town', subcommand: 'pause' }),
      h.slash(h.alice, { name: 'resident', subcommand: 'info', options: { resident: name } }),
      h.slash(h.admin, { name: 'resident', subcommand: 'memories', options: { resident: name, query: 'work' } }),
    ];
    for (const x of handles) {
      const first = await x.firstResponse();
      expect(first.at - x.record.dispatchedAt).toBeLessThan(400);
    }
    await ticking;
    for (const x of handles) expect((await x.answer(10_000)).content.length).toBeGreaterThan(0);
    expect(h.fake.requests.filter((r) => r.status === 404 && /callback/.test(r.path))).toEqual([]);
    expect(h.log.errors()).toEqual([]);
  });
});

describe('the daily digest', () => {
  it('arrives in #town-hall at simulated midnight, posted by the bot, with the town map', async () => {
    await h.stop();
    const { testTown } = await import('../support/bot-harness.ts');
    h = await Harness.start({ town: { ...testTown(), start: '2024-04-12 23:40' } });
    await h.setup();
    const town = await h.town();
    await town.step(3);
    await h.delivered();
    const hall = h.fake.messagesIn(h.channel('town-hall'));
    const digest = hall.find((m) => /Daily digest/.test(m.content));
    expect(digest).toBeTruthy();
    expect(digest!.author.id).toBe(h.fake.botUser.id);
    expect(digest!.webhook_id).toBeUndefined();
    expect(digest!.attachments.map((a) => a.filename)).toEqual(['town-map.png']);
    expect(pngSize(digest!.files[0]!.data).width).toBeGreaterThan(300);
    // Other narrator posts carry nothing.
    expect(hall.filter((m) => m !== digest).every((m) => m.attachments.length === 0)).toBe(true);
  });
});

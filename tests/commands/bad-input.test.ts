// Bad input through the real bot: over-long options, empty text, unknown residents, a channel outside the town,
// a paused town, spam, DMs. Each gets a clear answer and changes nothing it should not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, Harness } from '../support/bot-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
  await h.setup();
});
afterAll(async () => {
  await h.stop();
});

async function ask(user: Parameters<Harness['slash']>[0], spec: Parameters<Harness['slash']>[1]) {
  const r = h.slash(user, spec);
  const msg = await r.answer();
  return { text: msg.content, ephemeral: (msg.flags & 64) !== 0, record: r.record };
}

async function someone() {
  const town = await h.town();
  return town.residents()[0]!;
}

describe('bad input', () => {
  it('refuses over-long text and names (Discord limits can be bypassed by a crafted client)', async () => {
    const r = await someone();
    const town = await h.town();
    const planBefore = (await town.residentInfo(r.name)).plan;
    const long = await ask(h.alice, { name: 'whisper', options: { resident: r.name, text: 'x'.repeat(3000) } });
    expect(long.text).toMatch(/3000 characters long; the limit is 2000/);
    expect(long.ephemeral).toBe(true);
    expect((await town.residentInfo(r.name)).plan).toEqual(planBefore);
    const name = await ask(h.alice, {
      name: 'persona',
      subcommand: 'set',
      options: { name: 'N'.repeat(100), description: 'd' },
    });
    expect(name.text).toMatch(/at most 40 characters/);
    expect(await town.persona({ id: h.alice.id, displayName: 'alice' })).toBeNull();
  });

  it('answers a missing or mistyped option (an older client, a crafted request) in plain words, never validation text', async () => {
    const r = await someone();
    // A member of their own, so the other tests' members stay inside the rate limit.
    const carol = h.fake.addUser('carol');
    h.fake.addMember(h.guild.id, carol);
    const answers = [
      await ask(carol, { name: 'whisper', options: { resident: r.name } }),
      await ask(carol, { name: 'interview', options: { question: 'hi?' } }),
      await ask(carol, { name: 'persona', subcommand: 'set', options: { description: 'd' } }),
      await ask(h.admin, { name: 'town', subcommand: 'step', options: { ticks: 'many' } }),
    ];
    for (const a of answers) {
      expect(a.ephemeral).toBe(true);
      expect(a.text).not.toMatch(/Invalid input|expected .*, received|Too (small|big)/);
    }
    // What two Discord answers showed before: "Invalid input: expected string, received undefined".
    expect(answers.map((a) => a.text)).toEqual([
      'text is missing. Usage: /whisper <resident> <text>',
      'resident is missing. Usage: /interview <resident> <question>',
      'name is missing. Usage: /persona set <name>, <description>',
      'ticks should be a number. Usage: /town step [ticks 1-24]',
    ]);
  });

  it('refuses empty text and unknown residents', async () => {
    const r = await someone();
    expect((await ask(h.alice, { name: 'whisper', options: { resident: r.name, text: '   ' } })).text).toMatch(/empty/);
    expect((await ask(h.alice, { name: 'interview', options: { resident: '  ', question: 'hi' } })).text).toMatch(
      /empty/,
    );
    const unknown = await ask(h.alice, {
      name: 'interview',
      options: { resident: 'Nobody McNoface', question: 'hi?' },
    });
    expect(unknown.text).toMatch(/No resident called "Nobody McNoface"/);
    expect(unknown.ephemeral).toBe(true);
    const info = await ask(h.alice, { name: 'resident', subcommand: 'info', options: { resident: 'Zed' } });
    expect(info.text).toMatch(/No resident called/);
    const obj = await ask(h.admin, {
      name: 'town',
      subcommand: 'object',
      options: { location: 'nowhere', object: 'stove', status: 'burning' },
    });
    expect(obj.text).toMatch(/No place called "nowhere"/);
    const speed = await ask(h.admin, { name: 'town', subcommand: 'speed', options: { ticks_per_run: 1000 } });
    expect(speed.text).toMatch(/from 0.1 to 100/);
    expect((await h.town()).status().speed).toBe(1);
  });

  it('ignores plain messages outside the town’s channels and in the town hall', async () => {
    const before = h.fake.requests.length;
    h.fake.userMessage({ channelId: h.general(), user: h.alice, content: `Hi ${(await someone()).name}!` });
    h.fake.userMessage({ channelId: h.channel('town-hall'), user: h.alice, content: `Hi ${(await someone()).name}!` });
    await new Promise((r) => setTimeout(r, 300));
    const posted = h.fake.requests.slice(before).filter((r) => r.method === 'POST');
    expect(posted).toEqual([]);
  });

  it('commands in DMs point to a server', async () => {
    const dm = h.fake.directMessage(h.alice, 'hi');
    const r = h.fake.slash({
      guildId: null,
      channelId: dm.channel_id,
      user: h.alice,
      name: 'whisper',
      options: { resident: 'a', text: 'b' },
    });
    expect((await r.answer()).content).toMatch(/Use this in a server/);
  });

  it('while paused: whispers and interviews are refused, chat gets a notice, nothing changes; reading works', async () => {
    const town = await h.town();
    await ask(h.admin, { name: 'town', subcommand: 'pause' });
    expect(town.status().paused).toBe(true);
    const r = await someone();
    const carol = h.fake.addUser('carol');
    h.fake.addMember(h.guild.id, carol);
    const w = await ask(carol, { name: 'whisper', options: { resident: r.name, text: 'go home' } });
    expect(w.text).toMatch(/paused/);
    const i = await ask(carol, { name: 'interview', options: { resident: r.name, question: 'Hi?' } });
    expect(i.text).toMatch(/paused/);
    const list = await ask(h.alice, { name: 'resident', subcommand: 'list' });
    expect(list.text).toContain('(paused)');
    const place = town.map().locations.find((l) => l.residents.length > 0)!;
    const channelId = h.channel(place.id);
    const posted = h.fake.userMessage({ channelId, user: h.bob, content: `Hello ${place.residents[0]!.name}` });
    await h.fake.waitFor(
      () =>
        h.fake.messagesIn(channelId).some((m) => /paused/.test(m.content)) ||
        h.fake.deletedMessages.some((m) => /paused/.test(m.content)),
      5000,
      'the paused notice',
    );
    expect(h.fake.messagesIn(channelId).filter((m) => m.webhook_id && m.id > posted.id)).toEqual([]);
    await ask(h.admin, { name: 'town', subcommand: 'resume' });
    expect(town.status().paused).toBe(false);
  });

  it('rate-limits a person spamming a channel, with one polite notice that deletes itself', async () => {
    const town = await h.town();
    const place = town.map().locations.find((l) => l.residents.length > 0)!;
    const resident = place.residents[0]!;
    const channelId = h.channel(place.id);
    const start = h.fake.messagesIn(channelId).length;
    for (let k = 0; k < 12; k++)
      h.fake.userMessage({ channelId, user: h.alice, content: `${resident.name}, message ${k}` });
    await h.fake.waitFor(
      () => h.fake.deletedMessages.some((m) => /Easy there/.test(m.content)),
      5000,
      'the notice to vanish',
    );
    await h.delivered();
    const after = h.fake.messagesIn(channelId).slice(start);
    // Six messages reached the town (RATE_LIMIT_SETTINGS.messages.max); the rest were dropped before it.
    const heard = (text: RegExp) =>
      town
        .liveResident(resident.id)
        .memory.all()
        .filter((m) => text.test(m.description) && /said/.test(m.description));
    const got = new Set(heard(/message \d+/).map((m) => /message (\d+)/.exec(m.description)![1]));
    expect([...got].sort()).toEqual(['0', '1', '2', '3', '4', '5']);
    const notices = [...after, ...h.fake.deletedMessages].filter((m) => /Easy there/.test(m.content));
    expect(notices).toHaveLength(1);
    // Another person is not slowed by alice's flood.
    h.fake.userMessage({ channelId, user: h.bob, content: `${resident.name}, hello from bob` });
    await eventually(() => expect(heard(/hello from bob/).length).toBeGreaterThan(0));
  });

  it('rate-limits commands that spend model calls', async () => {
    const r = await someone();
    const answers: string[] = [];
    for (let k = 0; k < 6; k++)
      answers.push((await ask(h.bob, { name: 'interview', options: { resident: r.name, question: `q${k}?` } })).text);
    expect(answers.filter((a) => /going a little fast/.test(a))).toHaveLength(1);
  });
});

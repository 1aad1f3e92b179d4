// /town new, /town reset and /town import on Discord, through the real bot and the local Discord: admin only; each
// asks first (Confirm / Cancel buttons, or the town's name as the confirm option); the swap keeps delivering: the
// new town's residents post in its location channels; a bad attachment leaves the old town as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from '../support/bot-harness.ts';
import type { FakeMessage, FakeUser } from '../support/fake-discord.ts';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
  await h.setup();
});
afterAll(async () => {
  await h.stop();
});

function buttons(m: FakeMessage): { custom_id: string; label: string }[] {
  const rows = m.components as { components: { custom_id: string; label: string }[] }[];
  return rows.flatMap((r) => r.components);
}

function press(user: FakeUser, m: FakeMessage, which: 'yes' | 'no') {
  const b = buttons(m).find((x) => x.custom_id.endsWith(`:${which}`))!;
  return h.fake.button({ channelId: h.general(), user, customId: b.custom_id, message: m });
}

/** Resident posts (webhook messages) in the town's location channels since `after` messages per channel. */
function residentPosts(channelNames: string[]): FakeMessage[] {
  return channelNames.flatMap((n) => {
    const c = h.fake.channelByName(h.guild.id, n);
    return c ? h.fake.messagesIn(c.id).filter((m) => m.webhook_id) : [];
  });
}

describe('town lifecycle on Discord', () => {
  it('export -> import round trip: the question comes with buttons, Confirm brings the exported town back', async () => {
    const town = await h.town();
    await town.step(2);
    const exported = await h
      .slash(h.admin, { name: 'town', subcommand: 'export', options: { file: 'ours.ndjson' } })
      .answer(20_000);
    const file = exported.files[0]!;
    await town.step(2);
    expect(town.status().tick).toBe(4);

    const ask = await h
      .slash(h.admin, {
        name: 'town',
        subcommand: 'import',
        attachments: { file: { filename: 'ours.ndjson', data: file.data } },
      })
      .answer(20_000);
    expect(ask.flags & 64).toBe(64); // only the admin sees the question
    expect(ask.content).toContain(`⚠️ This replaces ${town.status().name} as it is now`);
    expect(ask.content).toContain('tick 4');
    expect(buttons(ask).map((b) => b.label)).toEqual([`Confirm: replace ${town.status().name}`, 'Cancel']);
    // Someone else cannot press it; nothing changes.
    const other = await press(h.alice, ask, 'yes').answer();
    expect(other.content).toContain('Only the admin who asked can answer this.');
    expect((await h.town()).status().tick).toBe(4);

    const done = press(h.admin, ask, 'yes');
    await h.fake.waitFor(
      () => /is back, as it was exported/.test(done.record.original?.content ?? ''),
      20_000,
      'import',
    );
    const back = await h.town();
    expect(back).not.toBe(town);
    expect(back.status().tick).toBe(2);
    expect(buttons(done.record.original!)).toEqual([]);

    // Delivery follows the new town: its next posts land in its location channels, through the webhooks.
    const locs = back.locations().map((l) => l.id);
    const before = residentPosts(locs).length;
    await back.step(1);
    await h.delivered();
    expect(residentPosts(locs).length).toBeGreaterThan(before);
  });

  it('a bad attachment is refused with a clear message; the town keeps running as it was', async () => {
    const town = await h.town();
    const tick = town.status().tick;
    const bad = await h
      .slash(h.admin, {
        name: 'town',
        subcommand: 'import',
        attachments: { file: { filename: 'notes.json', data: Buffer.from('{"hello": ') } },
      })
      .answer(20_000);
    expect(bad.content).toContain('The town file is cut off at byte 10: it ends in the middle of its JSON');
    expect(buttons(bad)).toEqual([]);
    expect(await h.town()).toBe(town);
    expect(town.status().tick).toBe(tick);
  });

  it('/town reset: a wrong confirm changes nothing, Cancel changes nothing, the right name starts it over', async () => {
    const town = await h.town();
    const name = town.status().name;
    const wrong = await h
      .slash(h.admin, { name: 'town', subcommand: 'reset', options: { confirm: 'Nowhere' } })
      .answer(20_000);
    expect(wrong.content).toContain('“Nowhere” is not this town’s name, so nothing was changed.');
    const cancelled = await press(h.admin, wrong, 'no').answer();
    expect(cancelled.content).toContain(`Cancelled: ${name} stays as it is.`);
    expect(await h.town()).toBe(town);

    const refused = await h.slash(h.alice, { name: 'town', subcommand: 'reset', options: { confirm: name } }).answer();
    expect(refused.content).toMatch(/Manage Server/);
    expect(await h.town()).toBe(town);

    const reset = await h
      .slash(h.admin, { name: 'town', subcommand: 'reset', options: { confirm: name.toLowerCase() } })
      .answer(30_000);
    expect(reset.content).toContain(`🏘️ ${name} starts over`);
    const fresh = await h.town();
    expect(fresh).not.toBe(town);
    expect(fresh.status().tick).toBe(0);
  });

  it('/town new willowbrook: the shipped town replaces the cut-down one, with a channel for each of its places', async () => {
    const ask = await h
      .slash(h.admin, { name: 'town', subcommand: 'new', options: { town: 'willowbrook' } })
      .answer(20_000);
    expect(ask.content).toMatch(/with a new Willowbrook \(\d+ residents\) from its town file/);
    const done = press(h.admin, ask, 'yes');
    await h.fake.waitFor(() => /Willowbrook is new in town/.test(done.record.original?.content ?? ''), 60_000, 'new');
    const t = await h.town();
    for (const l of t.locations()) expect(h.fake.channelByName(h.guild.id, l.id), l.id).toBeDefined();
    // Everyone is told in the new town's hall, not only the admin.
    const hall = h.fake.channelByName(h.guild.id, 'town-hall');
    const said = hall ? h.fake.messagesIn(hall.id).map((m) => m.content) : [];
    expect(
      said.some((c) => /🏘️ Willowbrook (begins anew|has replaced .+) here: an admin replaced the town\. It is /.test(c)),
      said.join('\n'),
    ).toBe(true);
    const locs = t.locations().map((l) => l.id);
    const before = residentPosts(locs).length;
    await t.step(1);
    await h.delivered();
    expect(residentPosts(locs).length).toBeGreaterThan(before);
    // A name that is not a shipped town never reaches the bot's file system.
    const bad = await h
      .slash(h.admin, { name: 'town', subcommand: 'new', options: { town: '../../etc/passwd' } })
      .answer(20_000);
    expect(bad.content).toContain('No shipped town is called "../../etc/passwd" (shipped: willowbrook)');
    expect(h.log.errors()).toEqual([]);
  }, 90_000);
});

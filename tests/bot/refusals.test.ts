// Discord refusals (issue 11, defect 11): a missing permission holds the channel's posts (kept, in order, never
// dropped) while the other channels go on; the admin is told which permission and where; `/town setup` retries the
// held posts once it is given. One channel's 429 wait does not stall the others; error replies fit in 2,000
// characters; a refused channel creation names Manage Channels instead of "Sorry, something went wrong".
import { afterEach, describe, expect, it } from 'vitest';
import { TOWN_HALL } from '../../src/bot/ports.ts';
import type { TownService } from '../../src/town/service.ts';
import { Harness } from '../support/bot-harness.ts';

let h: Harness;
afterEach(async () => {
  await h.stop();
});

const MISSING_PERMISSIONS = { status: 403, code: 50013, message: 'Missing Permissions' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two places with an object each: narrator posts ("The stove ... is burning") go there as the bot. */
function twoPlaces(town: TownService) {
  const places = town
    .snapshot()
    .locations.filter((l) => l.id !== TOWN_HALL && l.subAreas.some((a) => a.objects.length > 0))
    .slice(0, 2)
    .map((l) => ({ id: l.id, object: l.subAreas.find((a) => a.objects.length > 0)!.objects[0]!.name }));
  expect(places).toHaveLength(2);
  return places as [(typeof places)[0], (typeof places)[0]];
}

function narration(channelId: string): string[] {
  return h.fake
    .messagesIn(channelId)
    .filter((m) => !m.webhook_id && m.author.id === h.fake.botUser.id && !m.interactionId)
    .map((m) => m.content);
}

describe('Discord refusals', () => {
  it('holds a channel’s posts for a missing permission, tells the admin, and sends them once it is given', async () => {
    h = await Harness.start();
    await h.setup();
    await h.delivered();
    const town = await h.town();
    const [a, b] = twoPlaces(town);
    const chA = h.channel(a.id);
    const chB = h.channel(b.id);
    h.fake.injectFault({ method: 'POST', path: `/channels/${chA}/messages`, ...MISSING_PERMISSIONS, times: 1000 });
    for (let k = 1; k <= 4; k++) {
      await town.setObject(a.id, a.object, `broken ${k}`);
      await town.setObject(b.id, b.object, `fixed ${k}`);
      await h.delivered();
    }
    // The other channel went on; the held one kept every post (more than the three tries that used to drop them).
    expect(narration(chB).filter((t) => /fixed \d/.test(t))).toHaveLength(4);
    expect(narration(chA).filter((t) => /broken \d/.test(t))).toEqual([]);
    const held = (await town.outbox.pendingPosts(100)).filter((p) => p.location === a.id);
    expect(held.map((p) => p.text)).toEqual([1, 2, 3, 4].map((k) => expect.stringContaining(`broken ${k}`)));
    const said = h.log.errors().map((e) => e.msg);
    expect(said).toEqual([expect.stringContaining(`I need the **Send Messages** permission in <#${chA}>`)]);
    const status = await h.slash(h.admin, { name: 'town', subcommand: 'status' }).answer(10_000);
    expect(status.content).toContain(`Posts for <#${chA}> are held: I need the **Send Messages** permission there.`);

    // The admin gives the permission and runs /town setup: the held posts go out, once each, in order.
    h.fake.clearFaults();
    expect(await h.setup()).toContain('already set up');
    await h.delivered();
    expect(narration(chA).filter((t) => /broken \d/.test(t))).toEqual(
      [1, 2, 3, 4].map((k) => expect.stringContaining(`broken ${k}`)),
    );
    expect(await town.outbox.pendingPosts(100)).toEqual([]);
  }, 30_000);

  it('one channel’s 429 wait does not stall the town’s other channels', async () => {
    h = await Harness.start();
    await h.setup();
    await h.delivered();
    const town = await h.town();
    const [a, b] = twoPlaces(town);
    const chA = h.channel(a.id);
    const chB = h.channel(b.id);
    h.fake.injectFault({ method: 'POST', path: `/channels/${chA}/messages`, status: 429, retryAfter: 3, times: 1 });
    const start = Date.now();
    await town.setObject(a.id, a.object, 'rate limited');
    await town.setObject(b.id, b.object, 'free to go');
    h.bot.links()[0]!.kick();
    await h.fake.waitFor(() => narration(chB).some((t) => t.includes('free to go')), 2500, 'the other channel');
    expect(Date.now() - start).toBeLessThan(2500);
    expect(narration(chA).some((t) => t.includes('rate limited'))).toBe(false);
    await h.delivered();
    expect(narration(chA).filter((t) => t.includes('rate limited'))).toHaveLength(1);
  }, 20_000);

  it('names Manage Channels when Discord refuses to create a channel, and clips long error replies', async () => {
    h = await Harness.start();
    await h.setup();
    await h.delivered();
    const town = await h.town();
    h.fake.deleteChannel(h.channel(twoPlaces(town)[0].id));
    await sleep(800); // the bot's own repair attempt after CHANNEL_DELETE runs (and succeeds) first
    h.fake.deleteChannel(h.channel(twoPlaces(town)[1].id));
    h.fake.injectFault({ method: 'POST', path: `/guilds/${h.guild.id}/channels`, ...MISSING_PERMISSIONS, times: 1000 });
    const setup = await h.slash(h.admin, { name: 'town', subcommand: 'setup' }).answer(10_000);
    expect(setup.content).toMatch(/^I need the \*\*Manage Channels\*\* permission to create #/);
    expect(setup.content).not.toMatch(/Sorry/);
    h.fake.clearFaults();

    // An over-long name from a crafted client: refused by the operation's limit, answered within 2,000 characters.
    const long = 'Zed'.repeat(1000);
    const info = await h.slash(h.alice, { name: 'resident', subcommand: 'info', options: { resident: long } }).answer();
    expect(info.content.length).toBeLessThanOrEqual(2000);
    expect(info.content).toMatch(/^A resident name is at most 100 characters\. Usage: \/resident info <name>/);
  }, 30_000);
});

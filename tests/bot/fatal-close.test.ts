// A fatal gateway close after start-up (4004 after a token reset): the bot says so in the log with what to fix,
// stops delivering, and `bot.fatal` resolves so the process exits non-zero (src/main.ts) instead of living on as a
// zombie whose ticks and webhooks carry on while nobody's interactions are answered. `npm run chaos` checks the
// exit code of the real process.
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../support/bot-harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('a fatal gateway close after start-up', () => {
  it('is logged with what to fix, stops delivery, and resolves bot.fatal', async () => {
    h = await Harness.start();
    await h.setup();
    await h.delivered();
    h.fake.closeGateway(4004);
    const fatal = await Promise.race([h.bot.fatal, new Promise<null>((r) => setTimeout(() => r(null), 5000).unref())]);
    expect(fatal?.closeCode).toBe(4004);
    expect(fatal?.message).toMatch(/close code 4004.*Reset Token/);
    expect(h.log.errors().map((e) => e.msg)).toEqual([fatal?.message]);
    // No zombie: the town may still tick (the caller shuts it down), but nothing more is posted to Discord.
    const town = await h.town();
    const before = h.fake.requests.length;
    await town.step(2);
    await new Promise((r) => setTimeout(r, 400));
    await expect(town.outbox.pendingPosts(100)).resolves.not.toEqual([]);
    expect(h.fake.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
  });
});

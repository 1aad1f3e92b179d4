// The adaptive concurrency limit on its own (no server): how it grows, halves and pauses, and the rate-limit headers
// it reads. The gateway against a rate-limited fake server is in rate-limited-server.test.ts.
import { describe, expect, it } from 'vitest';
import { AdaptiveLimit, type LimitOutcome, type LimitTicket } from '../../src/llm/adaptive-limit.ts';
import {
  exhaustedWaitMs,
  nearLimit,
  parseDurationMs,
  parseRateLimitHeaders,
  waitInMessageMs,
} from '../../src/llm/rate-limit.ts';
import { manualClock } from './helpers.ts';

const headers = (h: Record<string, string>) => ({ get: (n: string) => h[n] ?? null });

/** Takes every free slot (as callers with more work than slots would). */
async function fill(l: AdaptiveLimit): Promise<LimitTicket[]> {
  const tickets: LimitTicket[] = [];
  while (l.inUse < l.limit) tickets.push(await l.acquire());
  return tickets;
}

/** `callers` loops sharing the limit, `requests` in all, each answered as `outcome` says; the limit after each. */
async function drive(
  l: AdaptiveLimit,
  callers: number,
  requests: number,
  outcome: (n: number) => LimitOutcome,
): Promise<number[]> {
  let n = 0;
  const limits: number[] = [];
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (n < requests) {
        const i = n++;
        const t = await l.acquire();
        await new Promise((r) => setImmediate(r));
        t.release(outcome(i));
        limits.push(l.limit);
      }
    }),
  );
  return limits;
}

describe('AdaptiveLimit', () => {
  it('starts at 4 and, with more callers than slots, grows on successes to the ceiling and never passes it', async () => {
    const l = new AdaptiveLimit({ ceiling: 20, clock: manualClock() });
    expect(l.limit).toBe(4);
    const limits = await drive(l, 40, 200, () => ({ kind: 'ok' }));
    expect(Math.max(...limits)).toBe(20);
    expect(limits.at(-1)).toBe(20);
    // slow start: the first 40 answers (a few round trips) already took it to the ceiling
    expect(limits[40]).toBe(20);
    expect(l.stats.peak).toBe(20);
  });

  it('does not grow on successes that left most slots idle', async () => {
    const l = new AdaptiveLimit({ ceiling: 20, clock: manualClock() });
    for (let i = 0; i < 50; i++) (await l.acquire()).release({ kind: 'ok' });
    expect(l.limit).toBe(4);
  });

  it('halves once for a burst of 429s sent at the same limit, then grows by about one per round', async () => {
    const l = new AdaptiveLimit({ ceiling: 64, initial: 16, clock: manualClock() });
    for (const t of await fill(l)) t.release({ kind: 'rate_limited' });
    expect(l.limit).toBe(8);
    expect(l.stats.rateLimited).toBe(16);
    expect(l.stats.decreases).toBe(1);
    // after pressure: additive increase (1/limit per busy success), not doubling
    await drive(l, 30, 8 * 3, () => ({ kind: 'ok' }));
    expect(l.limit).toBeGreaterThanOrEqual(10);
    expect(l.limit).toBeLessThanOrEqual(11);
    // a 500 says nothing about the limit; a timeout is pressure
    const before = l.limit;
    await drive(l, 30, 30, () => ({ kind: 'other' }));
    expect(l.limit).toBe(before);
    const [first, ...rest] = await fill(l);
    first!.release({ kind: 'timeout' });
    for (const t of rest) t.release({ kind: 'other' });
    expect(l.limit).toBe(Math.floor(before / 2));
  });

  it('never goes below one', async () => {
    const l = new AdaptiveLimit({ ceiling: 8, initial: 2, clock: manualClock() });
    for (let i = 0; i < 5; i++) (await l.acquire()).release({ kind: 'rate_limited' });
    expect(l.limit).toBe(1);
  });

  it('holds growth when the headers say the remaining requests would not cover the next round', async () => {
    const l = new AdaptiveLimit({ ceiling: 64, clock: manualClock() });
    await drive(l, 40, 100, () => ({ kind: 'ok', rateLimit: { limitRequests: 500, remainingRequests: 3 } }));
    expect(l.limit).toBe(4);
    // used up (remaining 0) on a success: lowered (and paused for one request's worth) before the 429 comes
    for (const t of await fill(l))
      t.release({ kind: 'ok', rateLimit: { limitRequests: 500, remainingRequests: 0, resetRequestsMs: 60_000 } });
    expect(l.limit).toBe(2);
    expect(l.pausedForMs).toBe(120);
  });

  it("holds new requests for the server's wait after a 429, then lets them go in order", async () => {
    const clock = manualClock();
    const l = new AdaptiveLimit({ ceiling: 8, initial: 2, clock });
    const [a, b] = await fill(l);
    a!.release({ kind: 'rate_limited', waitMs: 1500 });
    b!.release({ kind: 'rate_limited' });
    expect(l.pausedForMs).toBe(1500);
    // the manual clock's sleep advances time: the waiter gets its slot once the pause is over
    const t = await l.acquire();
    expect(clock.sleeps).toEqual([1500]);
    expect(l.pausedForMs).toBe(0);
    t.release({ kind: 'ok' });
  });

  it('fixed mode (LLM_ADAPTIVE_CONCURRENCY=false) is the ceiling whatever happens', async () => {
    const l = new AdaptiveLimit({ ceiling: 6, adaptive: false, clock: manualClock() });
    expect(l.limit).toBe(6);
    for (const t of await fill(l)) t.release({ kind: 'rate_limited' });
    expect(l.limit).toBe(6);
    expect(l.stats.rateLimited).toBe(6);
    const held = await fill(l);
    let seventh = false;
    const p = l.acquire().then((t) => {
      seventh = true;
      return t;
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(seventh).toBe(false);
    held[0]!.release({ kind: 'ok' });
    (await p).release({ kind: 'ok' });
    expect(seventh).toBe(true);
    for (const t of held.slice(1)) t.release({ kind: 'ok' });
    expect(l.inUse).toBe(0);
  });
});

describe('rate-limit headers (OpenAI)', () => {
  it('reads Go durations and plain seconds', () => {
    expect(parseDurationMs('6m0s')).toBe(360_000);
    expect(parseDurationMs('1s')).toBe(1000);
    expect(parseDurationMs('12ms')).toBe(12);
    expect(parseDurationMs('1.5s')).toBe(1500);
    expect(parseDurationMs('1m30.5s')).toBe(90_500);
    expect(parseDurationMs('20')).toBe(20_000);
    expect(parseDurationMs('soon')).toBeUndefined();
    expect(parseDurationMs('')).toBeUndefined();
  });

  it('parses the x-ratelimit-* headers and ignores absent or negative ones', () => {
    const info = parseRateLimitHeaders(
      headers({
        'x-ratelimit-limit-requests': '5000',
        'x-ratelimit-remaining-requests': '4999',
        'x-ratelimit-reset-requests': '12ms',
        'x-ratelimit-limit-tokens': '160000',
        'x-ratelimit-remaining-tokens': '-1',
        'x-ratelimit-reset-tokens': '9ms',
      }),
    );
    expect(info).toEqual({
      limitRequests: 5000,
      remainingRequests: 4999,
      resetRequestsMs: 12,
      limitTokens: 160000,
      resetTokensMs: 9,
    });
    expect(parseRateLimitHeaders(headers({}))).toBeUndefined();
  });

  it('says how long until an exhausted limit has room: one request back, or 5% of the tokens', () => {
    expect(exhaustedWaitMs({ limitRequests: 500, remainingRequests: 0, resetRequestsMs: 60_000 })).toBe(120);
    expect(exhaustedWaitMs({ remainingRequests: 0, resetRequestsMs: 800 })).toBe(800);
    expect(exhaustedWaitMs({ limitTokens: 200_000, remainingTokens: 0, resetTokensMs: 6_000 })).toBe(300);
    expect(exhaustedWaitMs({ limitRequests: 500, remainingRequests: 2, resetRequestsMs: 240 })).toBeUndefined();
    expect(nearLimit({ remainingRequests: 3 }, 4)).toBe(true);
    expect(nearLimit({ remainingRequests: 30 }, 4)).toBe(false);
    expect(nearLimit({ limitTokens: 1000, remainingTokens: 40 }, 4)).toBe(true);
  });

  it("reads the wait OpenAI writes into a 429's message", () => {
    const msg =
      '429 Rate limit reached for gpt-4o-mini in organization org-x on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 120ms. Visit https://platform.openai.com/account/rate-limits to learn more.';
    expect(waitInMessageMs(msg)).toBe(120);
    expect(waitInMessageMs('Please try again in 6m0s.')).toBe(360_000);
    expect(waitInMessageMs('Rate limit reached')).toBeUndefined();
  });
});

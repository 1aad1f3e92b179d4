// How many model requests a gateway keeps in flight, adapted to what the provider tolerates (AIMD, as TCP's
// congestion control): the limit starts low, grows while requests succeed with every slot busy (doubling per round
// trip until the first sign of pressure, then one more per round trip), and halves on pressure: a 429, a timeout,
// or rate-limit headers saying the limit is used up. It never passes the ceiling (LLM_CONCURRENCY) nor drops below
// one. A 429 that says how long to wait (retry-after, or the reset time of the exhausted limit) also holds every
// new request until then, so the gateway does not spend its retries on a window it knows is shut.
// Fixed mode (LLM_ADAPTIVE_CONCURRENCY=false) keeps the limit at the ceiling: the old counting semaphore.
import { exhaustedWaitMs, nearLimit, type RateLimitInfo } from './rate-limit.ts';
import { type GatewayClock, systemClock } from './retry.ts';

export const adaptiveSettings = {
  // Where the limit starts: the old fixed default, which OpenAI's tier-1 limits tolerate.
  initial: 4,
  // Halve on pressure (TCP's multiplicative decrease).
  decrease: 0.5,
  // Waits longer than this are not imposed on every request (the retry policy fails such calls fast).
  maxPauseMs: 60_000,
} as const;

/** How a request ended, as far as the limit is concerned. */
export type LimitOutcome =
  /** An answer (rate-limit headers, when the server sent them). */
  | { kind: 'ok'; rateLimit?: RateLimitInfo | undefined }
  /** 429: too many; `waitMs` when the server said how long to wait. */
  | { kind: 'rate_limited'; waitMs?: number | undefined; rateLimit?: RateLimitInfo | undefined }
  /** No answer in time: the server is overloaded (or down; the circuit breaker handles outages). */
  | { kind: 'timeout' }
  /** Anything else (a bad request, a 5xx, a network error): says nothing about how many requests fit. */
  | { kind: 'other' };

export interface LimitChange {
  limit: number;
  previous: number;
  reason: 'grow' | 'rate_limited' | 'timeout' | 'exhausted';
}

export interface AdaptiveLimitOptions {
  /** The most requests in flight (LLM_CONCURRENCY). */
  ceiling: number;
  /** false: always the ceiling (no adaptation). Default true. */
  adaptive?: boolean;
  /** Where an adaptive limit starts (default adaptiveSettings.initial, at most the ceiling). */
  initial?: number;
  clock?: GatewayClock;
  /** Every change of the (whole) limit, for logs and gauges. */
  onChange?: (c: LimitChange) => void;
}

/** One slot; `release` it exactly once with how the request ended. */
export interface LimitTicket {
  release(outcome: LimitOutcome): void;
}

export interface LimitStats {
  /** Requests answered 429 since start. */
  rateLimited: number;
  /** Times the limit was lowered, and raised. */
  decreases: number;
  increases: number;
  /** The highest the limit has been. */
  peak: number;
}

export class AdaptiveLimit {
  readonly ceiling: number;
  readonly adaptive: boolean;
  readonly stats: LimitStats;
  private current: number;
  private active = 0;
  private readonly waiters: Array<() => void> = [];
  /** Bumped on every decrease: requests sent before it do not lower the limit again. */
  private epoch = 0;
  /** Doubling per round trip until the first pressure (TCP's slow start). */
  private slowStart = true;
  private pausedUntil = 0;
  private pauseTimer = false;
  private readonly clock: GatewayClock;
  private readonly onChange: ((c: LimitChange) => void) | undefined;

  constructor(opts: AdaptiveLimitOptions) {
    const ceiling = opts.ceiling;
    if (!Number.isInteger(ceiling) || ceiling < 1) throw new RangeError(`concurrency must be >= 1, got ${ceiling}`);
    this.ceiling = ceiling;
    this.adaptive = opts.adaptive ?? true;
    this.current = this.adaptive ? Math.min(ceiling, Math.max(1, opts.initial ?? adaptiveSettings.initial)) : ceiling;
    this.clock = opts.clock ?? systemClock;
    this.onChange = opts.onChange;
    this.stats = { rateLimited: 0, decreases: 0, increases: 0, peak: this.limit };
  }

  /** Requests allowed in flight now. */
  get limit(): number {
    return Math.floor(this.current);
  }

  get inUse(): number {
    return this.active;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /** Milliseconds new requests still wait because the provider asked for a pause (0: none). */
  get pausedForMs(): number {
    return Math.max(0, this.pausedUntil - this.clock.now());
  }

  /** Waits for a slot (first come, first served). */
  async acquire(): Promise<LimitTicket> {
    if (this.waiters.length === 0 && this.active < this.limit && this.pausedForMs === 0) this.active++;
    else {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        this.dispatch();
      });
    }
    const epoch = this.epoch;
    let released = false;
    return {
      release: (outcome) => {
        if (released) return;
        released = true;
        // Busy enough that the limit is what holds requests back: callers waiting, or at least half the slots in use
        // (the growth rule of Netflix's concurrency-limits AIMD); a mostly idle limit has nothing to learn.
        const saturated = this.waiters.length > 0 || this.active * 2 >= this.limit;
        this.active--;
        this.settle(outcome, saturated, epoch);
        this.dispatch();
      },
    };
  }

  /** Hands free slots to waiters, in order, unless paused (then once the pause is over). */
  private dispatch(): void {
    const pause = this.pausedForMs;
    if (pause > 0) {
      if (!this.pauseTimer && this.waiters.length > 0) {
        this.pauseTimer = true;
        void this.clock.sleep(pause).then(() => {
          this.pauseTimer = false;
          this.dispatch();
        });
      }
      return;
    }
    while (this.waiters.length > 0 && this.active < this.limit) {
      this.active++;
      this.waiters.shift()!();
    }
  }

  private settle(outcome: LimitOutcome, saturated: boolean, epoch: number): void {
    if (outcome.kind === 'rate_limited') this.stats.rateLimited++;
    if (!this.adaptive) return;
    switch (outcome.kind) {
      case 'ok': {
        const info = outcome.rateLimit;
        if (info && (info.remainingRequests === 0 || info.remainingTokens === 0)) {
          this.pause(exhaustedWaitMs(info));
          this.decrease(epoch, 'exhausted');
          return;
        }
        if (!saturated || nearLimit(info, this.limit)) return;
        const before = this.limit;
        this.current = Math.min(this.ceiling, this.current + (this.slowStart ? 1 : 1 / this.current));
        if (this.limit > before) this.changed(before, 'grow');
        return;
      }
      case 'rate_limited':
        this.pause(outcome.waitMs);
        this.decrease(epoch, 'rate_limited');
        return;
      case 'timeout':
        this.decrease(epoch, 'timeout');
        return;
      case 'other':
        return;
    }
  }

  private pause(ms: number | undefined): void {
    if (ms === undefined || ms <= 0 || ms > adaptiveSettings.maxPauseMs) return;
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
  }

  private decrease(epoch: number, reason: LimitChange['reason']): void {
    this.slowStart = false;
    // One decrease per round trip: the requests already in flight when it happened were sent at the old limit.
    if (epoch !== this.epoch) return;
    this.epoch++;
    const before = this.limit;
    this.current = Math.max(1, Math.floor(this.current * adaptiveSettings.decrease));
    if (this.limit !== before) this.changed(before, reason);
  }

  private changed(previous: number, reason: LimitChange['reason']): void {
    if (reason === 'grow') this.stats.increases++;
    else this.stats.decreases++;
    this.stats.peak = Math.max(this.stats.peak, this.limit);
    this.onChange?.({ limit: this.limit, previous, reason });
  }
}

// Pure pieces of the gateway's resilience: retry-after parsing, backoff with jitter, a counting semaphore, time.

/** Wall time and waiting, injectable so tests can assert waits without sleeping. */
export interface GatewayClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: GatewayClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** Minimal header lookup (the SDK's `Headers`, or a plain map in tests). */
export interface HeaderLookup {
  get(name: string): string | null | undefined;
}

/**
 * The delay a server asked for: `retry-after-ms` (OpenAI's extension, milliseconds) wins over
 * `retry-after` (RFC 9110 sec. 10.2.3: delay-seconds or an HTTP date). Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: HeaderLookup | undefined, nowMs: number): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms != null && ms.trim() !== '') {
    const v = Number(ms);
    if (Number.isFinite(v) && v >= 0) return v;
  }
  const ra = headers.get('retry-after');
  if (ra == null || ra.trim() === '') return undefined;
  const seconds = Number(ra);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(ra);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

export interface BackoffSettings {
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Exponential backoff with "equal jitter" (half fixed, half random), so synchronized clients spread out
 * while each still waits at least half the nominal delay. `retry` counts from 0 (the first retry).
 */
export function backoffDelay(retry: number, s: BackoffSettings, random: () => number): number {
  const nominal = Math.min(s.maxDelayMs, s.baseDelayMs * 2 ** retry);
  return Math.round(nominal / 2 + (nominal / 2) * random());
}

/** Counting semaphore: at most `limit` holders; waiters are served first come, first served. */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];
  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`semaphore limit must be >= 1, got ${limit}`);
  }

  get inUse(): number {
    return this.active;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  async acquire(): Promise<() => void> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      // The releasing holder hands its slot over directly, so `active` stays constant.
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next();
      else this.active--;
    };
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

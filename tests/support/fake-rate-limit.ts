// The fake OpenAI server's rate limits, shaped as OpenAI documents and answers them:
// - requests per minute per model, replenished continuously (a token bucket holding one minute's requests: OpenAI's
//   headers show it, e.g. limit 5000, remaining 4999, reset "12ms" = one request's worth of 60 s / 5000);
// - every response carries x-ratelimit-limit-requests, x-ratelimit-remaining-requests and x-ratelimit-reset-requests
//   (time until the bucket is full again, as a Go duration);
// - over the limit: 429, error type "requests", code "rate_limit_exceeded", message "Rate limit reached for MODEL in
//   organization ORG on requests per min (RPM): Limit N, Used N, Requested 1. Please try again in Xms.", and no
//   retry-after (OpenAI sends none; Azure OpenAI does: `retryAfterHeader: true` adds retry-after-ms and retry-after);
// - optionally a cap on concurrent requests (servers in front of a GPU pool, some proxies), answered 429 too.
import type { FakeResponse } from './fake-openai.ts';

export interface FakeRateLimits {
  /** Requests per minute, per model. */
  requestsPerMinute?: number;
  /**
   * Seconds of requests the bucket holds (default 60: a whole minute's burst). OpenAI: "your rate limit may be
   * quantized, meaning it is enforced over shorter periods of time (e.g. 60,000 requests/minute may be enforced as
   * 1,000 requests/second)"; 1 models that.
   */
  burstSeconds?: number;
  /** Requests in progress at once (all models). */
  maxConcurrent?: number;
  /** Also send retry-after-ms / retry-after on a 429 (Azure OpenAI does, api.openai.com does not). */
  retryAfterHeader?: boolean;
}

export interface RateLimitStats {
  /** Requests let through, and answered 429, since start. */
  admitted: number;
  rejected: number;
  /** Most requests in progress at once. */
  peakConcurrent: number;
}

/** A Go duration as OpenAI writes it: "6m0s", "1s", "120ms". */
export function goDuration(ms: number): string {
  const r = Math.max(0, Math.ceil(ms));
  if (r < 1000) return `${r}ms`;
  const m = Math.floor(r / 60_000);
  const s = Math.round(((r % 60_000) / 1000) * 1000) / 1000;
  return m > 0 ? `${m}m${s}s` : `${s}s`;
}

export type Admission =
  | { admitted: true; headers: Record<string, string>; leave: () => void }
  | { admitted: false; response: FakeResponse };

export class FakeRateLimiter {
  readonly stats: RateLimitStats = { admitted: 0, rejected: 0, peakConcurrent: 0 };
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private active = 0;

  constructor(
    readonly limits: FakeRateLimits,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get inProgress(): number {
    return this.active;
  }

  /** Lets a request for `model` in, or answers it 429; call `leave` when its response is sent. */
  enter(model: string): Admission {
    const rpm = this.limits.requestsPerMinute;
    let headers: Record<string, string> = {};
    let bucket: { tokens: number; at: number } | undefined;
    if (rpm !== undefined) {
      const t = this.now();
      const capacity = this.capacity(rpm);
      bucket = this.buckets.get(model) ?? { tokens: capacity, at: t };
      bucket.tokens = Math.min(capacity, bucket.tokens + ((t - bucket.at) * rpm) / 60_000);
      bucket.at = t;
      this.buckets.set(model, bucket);
      if (bucket.tokens < 1) {
        const oneMs = ((1 - bucket.tokens) * 60_000) / rpm;
        return this.reject(
          `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit ${rpm}, Used ${rpm}, Requested 1. Please try again in ${goDuration(oneMs)}. Visit https://platform.openai.com/account/rate-limits to learn more.`,
          this.headers(rpm, bucket.tokens),
          oneMs,
        );
      }
    }
    const cap = this.limits.maxConcurrent;
    if (cap !== undefined && this.active >= cap) {
      return this.reject(
        `Too many concurrent requests for ${model}: limit ${cap}. Please try again later.`,
        rpm !== undefined && bucket ? this.headers(rpm, bucket.tokens) : {},
        undefined,
      );
    }
    if (rpm !== undefined && bucket) {
      bucket.tokens -= 1;
      headers = this.headers(rpm, bucket.tokens);
    }
    this.active++;
    this.stats.admitted++;
    this.stats.peakConcurrent = Math.max(this.stats.peakConcurrent, this.active);
    let left = false;
    return {
      admitted: true,
      headers,
      leave: () => {
        if (left) return;
        left = true;
        this.active--;
      },
    };
  }

  private capacity(rpm: number): number {
    return Math.max(1, (rpm * (this.limits.burstSeconds ?? 60)) / 60);
  }

  private headers(rpm: number, tokens: number): Record<string, string> {
    return {
      'x-ratelimit-limit-requests': String(rpm),
      'x-ratelimit-remaining-requests': String(Math.max(0, Math.floor(tokens))),
      'x-ratelimit-reset-requests': goDuration(((this.capacity(rpm) - tokens) * 60_000) / rpm),
    };
  }

  private reject(message: string, headers: Record<string, string>, waitMs: number | undefined): Admission {
    this.stats.rejected++;
    const h = { ...headers };
    if (this.limits.retryAfterHeader && waitMs !== undefined) {
      h['retry-after-ms'] = String(Math.ceil(waitMs));
      h['retry-after'] = String(Math.ceil(waitMs / 1000));
    }
    return {
      admitted: false,
      response: {
        type: 'json',
        status: 429,
        headers: h,
        body: { error: { message, type: 'requests', param: null, code: 'rate_limit_exceeded' } },
      },
    };
  }
}

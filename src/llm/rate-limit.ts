// What a provider says about its rate limits, read from response headers (OpenAI's names; servers that send none
// leave every field undefined). OpenAI sends on every response, 200 or 429:
//   x-ratelimit-limit-requests / -tokens       the limit per minute (RPM / TPM)
//   x-ratelimit-remaining-requests / -tokens   what is left of it now
//   x-ratelimit-reset-requests / -tokens       time until it is full again, as a Go duration ("1s", "6m0s", "12ms")
// and on a 429 usually no retry-after (Azure OpenAI sends retry-after / retry-after-ms; parseRetryAfter reads those).
import type { HeaderLookup } from './retry.ts';

export interface RateLimitInfo {
  limitRequests?: number;
  remainingRequests?: number;
  resetRequestsMs?: number;
  limitTokens?: number;
  remainingTokens?: number;
  resetTokensMs?: number;
}

const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };

/** A Go duration ("6m0s", "1.5s", "120ms", "0s") or plain seconds ("20") in milliseconds; undefined if unreadable. */
export function parseDurationMs(text: string | null | undefined): number | undefined {
  if (text == null) return undefined;
  const t = text.trim();
  if (t === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t) * 1000;
  const parts = [...t.matchAll(/(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== t) return undefined;
  return Math.round(parts.reduce((ms, p) => ms + Number(p[1]) * units[p[2]!]!, 0));
}

function count(headers: HeaderLookup, name: string): number | undefined {
  const v = headers.get(name);
  if (v == null || v.trim() === '') return undefined;
  const n = Number(v);
  // Azure has been seen sending -1 for "not reported"
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The rate-limit headers of one response; undefined when the server sent none. */
export function parseRateLimitHeaders(headers: HeaderLookup | undefined): RateLimitInfo | undefined {
  if (!headers) return undefined;
  const info: RateLimitInfo = {};
  const set = <K extends keyof RateLimitInfo>(k: K, v: number | undefined) => {
    if (v !== undefined) info[k] = v;
  };
  set('limitRequests', count(headers, 'x-ratelimit-limit-requests'));
  set('remainingRequests', count(headers, 'x-ratelimit-remaining-requests'));
  set('resetRequestsMs', parseDurationMs(headers.get('x-ratelimit-reset-requests')));
  set('limitTokens', count(headers, 'x-ratelimit-limit-tokens'));
  set('remainingTokens', count(headers, 'x-ratelimit-remaining-tokens'));
  set('resetTokensMs', parseDurationMs(headers.get('x-ratelimit-reset-tokens')));
  return Object.keys(info).length > 0 ? info : undefined;
}

/**
 * How long until a request may succeed, from the headers alone, when a limit is used up (undefined otherwise).
 * OpenAI replenishes continuously and its reset is the time until the limit is full again (limit 5000, remaining
 * 4999: reset "12ms"), so one request's worth comes back after reset / limit; a token limit's 5% (what nearLimit
 * calls headroom) after a twentieth of its reset. Without the limit, the whole reset. The later of the two.
 */
export function exhaustedWaitMs(info: RateLimitInfo | undefined): number | undefined {
  if (!info) return undefined;
  const waits: number[] = [];
  if (info.remainingRequests === 0 && info.resetRequestsMs !== undefined)
    waits.push(info.limitRequests ? Math.ceil(info.resetRequestsMs / info.limitRequests) : info.resetRequestsMs);
  if (info.remainingTokens === 0 && info.resetTokensMs !== undefined)
    waits.push(info.limitTokens ? Math.ceil(info.resetTokensMs / 20) : info.resetTokensMs);
  return waits.length > 0 ? Math.max(...waits) : undefined;
}

/**
 * Whether the headers say the next round of `inFlight` requests would run the limit dry: fewer requests left than
 * are about to be sent, or under 5% of the token limit left. The adaptive limit stops growing then.
 */
export function nearLimit(info: RateLimitInfo | undefined, inFlight: number): boolean {
  if (!info) return false;
  if (info.remainingRequests !== undefined && info.remainingRequests < inFlight) return true;
  if (info.remainingTokens !== undefined && info.limitTokens !== undefined && info.limitTokens > 0)
    return info.remainingTokens < info.limitTokens * 0.05;
  return false;
}

/** The wait OpenAI writes into a 429's message ("... Please try again in 120ms." / "in 1.5s" / "in 6m0s"). */
export function waitInMessageMs(message: string | undefined): number | undefined {
  const m = message?.match(/try again in ((?:\d+(?:\.\d+)?(?:ms|us|µs|ns|h|m|s))+)/i);
  return m ? parseDurationMs(m[1]) : undefined;
}

// Signed watch links: a link names one scope (a guild, or the console) and an expiry, signed with HMAC-SHA256 under
// a secret from the environment (WEB_SECRET). The web view answers a link only with that scope's town; a link whose
// signature does not match, or that has expired, is refused. Tokens sit in the path (/w/TOKEN/...) so every page's
// relative links carry them.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A scope is a Discord snowflake or 'console'. */
const SCOPE = /^[A-Za-z0-9_-]{1,40}$/;

export type LinkCheck =
  | { ok: true; scope: string; expiresAt: number }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

function sign(secret: string, scope: string, expSec: number): string {
  return createHmac('sha256', secret).update(`smalltown-watch:${scope}:${expSec}`).digest('base64url');
}

/** A token for `scope` valid until `expiresAt` (wall ms, rounded down to the second). */
export function signLink(secret: string, scope: string, expiresAt: number): string {
  if (!SCOPE.test(scope)) throw new Error(`not a scope: ${scope}`);
  const exp = Math.floor(expiresAt / 1000);
  return `${scope}.${exp}.${sign(secret, scope, exp)}`;
}

export function verifyLink(secret: string, token: string, now: number): LinkCheck {
  const m = /^([A-Za-z0-9_-]{1,40})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'malformed' };
  const [, scope = '', expText = '', sig = ''] = m;
  const exp = Number(expText);
  const want = Buffer.from(sign(secret, scope, exp));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: 'signature' };
  if (exp * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, scope, expiresAt: exp * 1000 };
}

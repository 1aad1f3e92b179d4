// Starting the web view from the configuration (src/main.ts): the secret (WEB_SECRET, or a random one per run for
// the console), the host and port, and what to say when it cannot listen (the console carries on without it).
import { randomBytes } from 'node:crypto';
import type { GameWatch } from '../app/watch-games.ts';
import type { TrustProxy } from '../config.ts';
import type { WatchedTownsSource } from './hub.ts';
import { signLink } from './link.ts';
import { startWebServer, type WatchLink, type WebServer } from './server.ts';

export type { WatchLink, WebServer } from './server.ts';

export interface WebConfig {
  port: number;
  host: string;
  publicUrl?: string;
  secret?: string;
  linkTtlMs: number;
  trustProxy?: TrustProxy;
}

export async function startWebView(
  config: WebConfig,
  deps: { towns: WatchedTownsSource; games?: GameWatch; modelPaused?: () => boolean; onError?: (e: unknown) => void },
): Promise<{ ok: true; server: WebServer; warnings: string[] } | { ok: false; reason: string }> {
  try {
    const server = await startWebServer({
      towns: deps.towns,
      secret: config.secret ?? randomBytes(32).toString('base64url'),
      host: config.host,
      port: config.port,
      ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
      ...(deps.games ? { games: deps.games } : {}),
      ...(deps.modelPaused ? { modelPaused: deps.modelPaused } : {}),
      ...(deps.onError ? { onError: deps.onError } : {}),
      limits: { linkTtlMs: config.linkTtlMs },
      trustProxy: config.trustProxy ?? false,
    });
    return { ok: true, server, warnings: webWarnings(config) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE'
        ? `off: port ${config.port} is in use (set WEB_PORT to another port, or WEB_PORT=off)`
        : code === 'EACCES' || code === 'EADDRNOTAVAIL'
          ? `off: cannot listen on ${config.host}:${config.port} (${code}); check WEB_HOST and WEB_PORT`
          : `off: ${(e as Error).message}`;
    return { ok: false, reason };
  }
}

/**
 * Links for a process that does not serve the view itself (a second shard: another process on the same database
 * serves WEB_PUBLIC_URL and can open any guild's town), when the secret and the public URL are configured.
 */
export function linksOnly(config: Omit<WebConfig, 'port' | 'host'>): ((scope: string) => WatchLink) | null {
  const { secret, publicUrl } = config;
  if (!secret || !publicUrl) return null;
  return (scope) => {
    const expiresAt = Date.now() + config.linkTtlMs;
    return {
      url: `${publicUrl.replace(/\/+$/, '')}/w/${signLink(secret, scope, expiresAt)}/`,
      expiresAt: Math.floor(expiresAt / 1000) * 1000,
    };
  };
}

/** What to tell whoever runs the view when its settings would hand out links that do not work or leak. */
export function webWarnings(config: Pick<WebConfig, 'host' | 'publicUrl'>): string[] {
  const out: string[] = [];
  if (!config.publicUrl && !isLoopback(config.host))
    out.push(
      `web view: WEB_HOST=${config.host} lets others in, but links point at this machine's loopback: set WEB_PUBLIC_URL to the address people open (README "Put the web view online")`,
    );
  if (config.publicUrl?.startsWith('http://') && !/^http:\/\/(localhost|127\.|\[::1\])/.test(config.publicUrl))
    out.push(
      'web view: WEB_PUBLIC_URL is plain http, so links and their tokens travel unencrypted: serve it through a TLS proxy (README "Put the web view online")',
    );
  return out;
}

/** True for 127.0.0.1, ::1 and localhost: only this computer can open the view. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

// The read-only web view (Fastify): signed links (/w/TOKEN/...) open one scope's town — the live map, the feed, a
// resident's page, a past day, the games — with Server-Sent Events telling open pages when the town changed.
// Only GET routes exist; every page is escaped HTML under a strict Content-Security-Policy (scripts and styles from
// /static only), with rate limits per client and bounded event streams per client and per town.
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CONSOLE_SCOPE } from '../app/town-view.ts';
import { watchStatus } from '../app/watch.ts';
import type { GameWatch } from '../app/watch-games.ts';
import type { TrustProxy } from '../config.ts';
import { PLAIN_ISSUES } from '../core/validation-text.ts';
import { isUserError } from '../errors.ts';
import { type Asset, buildAssets } from './assets.ts';
import { escapeHtml, trusted } from './html.ts';
import { type WatchedTownsSource, WatchHub } from './hub.ts';
import { signLink, verifyLink } from './link.ts';
import { errorPage, newLinkHint } from './pages.ts';
import { registerPages, type Watched } from './routes.ts';
import { changeData, placeNames } from './views.ts';

export const WEB_LIMITS = {
  /** Requests per client (IP) per minute, pages and streams together. */
  requestsPerMinute: 300,
  /** Open event streams per client (IP). */
  streamsPerClient: 20,
  /** Open event streams per town (guild); more get 429 until some close. */
  streamsPerTown: 1000,
  /** How long a /town watch link stays valid. */
  linkTtlMs: 24 * 3_600_000,
  /** Longest filter value (a place or resident name). */
  nameMax: 100,
} as const;

export type WebLimits = { -readonly [K in keyof typeof WEB_LIMITS]: number };

export interface WebOptions {
  towns: WatchedTownsSource;
  /** HMAC secret of the links (WEB_SECRET). */
  secret: string;
  host: string;
  port: number;
  /** Base URL people reach (WEB_PUBLIC_URL); default http://HOST:PORT. */
  publicUrl?: string;
  games?: GameWatch;
  /** True while the model gateway's circuit is open (shown as "model paused"). */
  modelPaused?: () => boolean;
  limits?: Partial<WebLimits>;
  now?: () => number;
  /** Bugs (never a person's bad input) are logged here. */
  onError?: (e: unknown) => void;
  /**
   * Behind a reverse proxy (WEB_TRUST_PROXY): the proxies' addresses, or how many hops of X-Forwarded-For to believe.
   * The client is the rightmost address no trusted proxy added, so a forged header's own entries are ignored.
   */
  trustProxy?: TrustProxy;
}

export interface WatchLink {
  url: string;
  expiresAt: number;
}

export interface WebServer {
  /** The base URL people open (WEB_PUBLIC_URL, or where it listens). */
  url: string;
  port: number;
  /** A signed link to the scope's town, valid for `ttlMs` (default: the configured link lifetime). */
  linkFor(scope: string, ttlMs?: number): WatchLink;
  close(): Promise<void>;
  /** For tests and the bench: the Fastify instance (inject) and the hub. */
  app: FastifyInstance;
  hub: WatchHub;
}

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
} as const;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Fastify's own hop count trusts nobody (it cannot check the peer); a hop count here means what it says: the nearest
 * `n` addresses (the peer first) are proxies, for a port only the proxy can reach (compose's network, loopback).
 */
function trustFn(tp: TrustProxy): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_addr, hop) => hop < tp;
  return tp;
}

/**
 * Marks for the link's token and expiry in a shared page, inserted as markup: escaped text drops control characters,
 * so no name or line can hold one.
 */
const TOKEN_MARK = '\u0001token\u0001';
const EXPIRY_MARK = '\u0001expires\u0001';

function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  // Headers set here too: the router's own errors skip the onSend hook.
  reply.code(status).headers(SECURITY_HEADERS);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return reply.type('text/html; charset=utf-8').send(body);
}

export async function startWebServer(opts: WebOptions): Promise<WebServer> {
  const limits: WebLimits = { ...WEB_LIMITS, ...opts.limits };
  const now = opts.now ?? Date.now;
  const modelPaused = opts.modelPaused ?? (() => false);
  const hub = new WatchHub(opts.towns, modelPaused, changeData(modelPaused));
  // The base of absolute links (link previews): WEB_PUBLIC_URL, or where it listens (known once it does).
  let publicBase = () => (opts.publicUrl ?? '').replace(/\/+$/, '');
  const assets = await buildAssets();
  const streamsByClient = new Map<string, number>();
  const app = Fastify({
    logger: false,
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024,
    forceCloseConnections: true,
    trustProxy: trustFn(opts.trustProxy ?? false),
    // Errors the router meets before any route (a bad percent-encoding, an over-long segment): the same page and
    // headers as every other error, and never the URL (it holds the link's token).
    frameworkErrors: (e, _req, reply) => {
      const tooLong = e.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return sendPage(
        reply,
        400,
        errorPage(400, tooLong ? 'That address is too long.' : 'That address is not valid: check the link.'),
      );
    },
  });

  await app.register(rateLimit, {
    max: limits.requestsPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => new HttpError(429, 'Too many requests from here: wait a minute and try again.'),
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.setErrorHandler((e, _req, reply) => {
    if (e instanceof HttpError) return sendPage(reply, e.status, errorPage(e.status, e.message));
    if (isUserError(e)) {
      const notFound = /unknown|no_day|no_game|no_town/.test(e.code);
      return sendPage(reply, notFound ? 404 : 400, errorPage(notFound ? 404 : 400, e.message));
    }
    const status = (e as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500)
      return sendPage(reply, status, errorPage(status, 'That request was not understood.'));
    opts.onError?.(e);
    return sendPage(reply, 500, errorPage(500, 'Something went wrong on our side; try again in a moment.'));
  });
  app.setNotFoundHandler((_req, reply) =>
    sendPage(
      reply,
      404,
      errorPage(404, 'There is no such page. The web view is read-only: open the link /town watch gave you.'),
    ),
  );

  app.get('/', async (_req, reply) =>
    sendPage(
      reply,
      200,
      errorPage(200, 'This is a town’s web view. Open the link /town watch gave you (or the console printed).'),
    ),
  );

  // Browsers ask for /favicon.ico on every page; the icon (a little house) is drawn once at start.
  app.get('/favicon.ico', async (_req, reply) => {
    const a = assets.get('favicon.png');
    if (!a) throw new HttpError(404, 'No such file.');
    return reply.type(a.type).header('cache-control', 'public, max-age=86400').send(a.body);
  });

  app.get<{ Params: { file: string } }>('/static/:file', async (req, reply) => {
    const a: Asset | undefined = assets.get(req.params.file);
    if (!a) throw new HttpError(404, 'No such file.');
    return reply.type(a.type).header('cache-control', 'public, max-age=3600').send(a.body);
  });

  /** The link's town: a refused link is 403, a scope without a town 404. */
  async function watched(req: FastifyRequest<{ Params: { token: string } }>): Promise<Watched> {
    const token = req.params.token;
    const check = verifyLink(opts.secret, token, now());
    if (!check.ok)
      throw new HttpError(
        403,
        `${check.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.'} ${newLinkHint(token.startsWith(`${CONSOLE_SCOPE}.`))}`,
      );
    const w = await hub.get(check.scope);
    if (!w) throw new HttpError(404, 'There is no town here yet (an admin starts one with /town setup).');
    // Pages are rendered once per town change for every link to it: the link's own token and expiry are marks,
    // filled in as each page is sent (a member never gets another member's link).
    const base = trusted(`/w/${TOKEN_MARK}/`);
    const abs = (path: string) => trusted(`${escapeHtml(publicBase())}/w/${TOKEN_MARK}/${path}`);
    const status = watchStatus(w.town, modelPaused());
    return {
      w,
      token,
      expiresAt: check.expiresAt,
      personal: (page) => page.replaceAll(TOKEN_MARK, token).replaceAll(EXPIRY_MARK, String(check.expiresAt)),
      placeName: placeNames(w),
      frame: (nav, live) => ({
        base,
        nav,
        live,
        status,
        expiresAt: trusted(EXPIRY_MARK),
        console: check.scope === CONSOLE_SCOPE,
        preview: {
          url: abs(''),
          image: abs('map.png'),
          description: `${status.name}, live: ${w.town.residents().length} residents going about their day. ${status.time}.`,
        },
      }),
    };
  }

  const query = <T extends z.ZodObject>(schema: T, raw: unknown): z.infer<T> => {
    const r = schema.safeParse(raw ?? {}, PLAIN_ISSUES);
    if (!r.success) throw new HttpError(400, r.error.issues[0]?.message ?? 'Bad query.');
    return r.data;
  };

  registerPages(app, {
    watched,
    query,
    sendPage,
    notFound: (message) => new HttpError(404, message),
    ...(opts.games ? { games: opts.games } : {}),
    modelPaused,
    nameMax: limits.nameMax,
  });

  app.get<{ Params: { token: string } }>('/w/:token/events', async (req, reply) => {
    const { w, expiresAt } = await watched(req);
    const ip = req.ip;
    const mine = streamsByClient.get(ip) ?? 0;
    if (mine >= limits.streamsPerClient)
      throw new HttpError(429, `At most ${limits.streamsPerClient} live pages per client: close some tabs.`);
    if (w.streams.size >= limits.streamsPerTown)
      throw new HttpError(
        429,
        'Too many people are watching this town live right now; the page still loads without live updates.',
      );
    streamsByClient.set(ip, mine + 1);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...SECURITY_HEADERS,
    });
    res.write(`retry: 3000\nevent: hello\ndata: {"stamp":${w.stamp}}\n\n`);
    w.streams.add(res);
    // The link ends while the page is open: say so, and close (a reconnect would be refused with a 403).
    const ends = setTimeout(
      () => {
        w.streams.delete(res);
        res.end('event: expired\ndata: {}\n\n');
      },
      Math.max(0, expiresAt - now()),
    );
    ends.unref();
    req.raw.on('close', () => {
      clearTimeout(ends);
      w.streams.delete(res);
      const left = (streamsByClient.get(ip) ?? 1) - 1;
      if (left <= 0) streamsByClient.delete(ip);
      else streamsByClient.set(ip, left);
    });
  });

  await app.listen({ host: opts.host, port: opts.port });
  hub.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const shownHost = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  const url = (opts.publicUrl ?? `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`).replace(
    /\/+$/,
    '',
  );
  publicBase = () => url;
  return {
    url,
    port,
    app,
    hub,
    linkFor(scope, ttlMs = limits.linkTtlMs) {
      const expiresAt = now() + ttlMs;
      return {
        url: `${url}/w/${signLink(opts.secret, scope, expiresAt)}/`,
        expiresAt: Math.floor(expiresAt / 1000) * 1000,
      };
    },
    async close() {
      hub.close();
      await app.close();
    },
  };
}

// The read-only web view (Fastify): signed links (/w/TOKEN/...) open one scope's town — the live map, the feed, a
// resident's page, a past day, the games — with Server-Sent Events telling open pages when the town changed.
// Only GET routes exist; every page is escaped HTML under a strict Content-Security-Policy (scripts and styles from
// /static only), with rate limits per client and bounded event streams per client and per town.
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GameWatch, WatchGameSummary } from '../app/watch-games.ts';
import { dayFrame, dayOf, feed, residentPage, WATCH_SETTINGS, watchStatus } from '../app/watch.ts';
import type { TrustProxy } from '../config.ts';
import { PLAIN_ISSUES } from '../core/validation-text.ts';
import { isUserError } from '../errors.ts';
import { buildRelationshipSvg } from '../render/relationships.ts';
import { townRelationshipInput } from '../render/town-pictures.ts';
import { type Asset, buildAssets } from './assets.ts';
import { trusted } from './html.ts';
import { WatchHub, type WatchedTown, type WatchedTownsSource } from './hub.ts';
import { signLink, verifyLink } from './link.ts';
import {
  dayPage,
  errorPage,
  feedPage,
  gamePage,
  gamesPage,
  mapPage,
  type PageFrame,
  residentPageHtml,
} from './pages.ts';

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

function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  // Headers set here too: the router's own errors skip the onSend hook.
  reply.code(status).headers(SECURITY_HEADERS);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return reply.type('text/html; charset=utf-8').send(body);
}

const nameParam = (max: number) => z.string().trim().max(max, `A name is at most ${max} characters.`);

interface Watched {
  w: WatchedTown;
  frame: (nav: PageFrame['nav'], live: boolean) => PageFrame;
  placeName: (id: string) => string;
}

export async function startWebServer(opts: WebOptions): Promise<WebServer> {
  const limits: WebLimits = { ...WEB_LIMITS, ...opts.limits };
  const now = opts.now ?? Date.now;
  const modelPaused = opts.modelPaused ?? (() => false);
  const hub = new WatchHub(opts.towns, modelPaused);
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

  app.get<{ Params: { file: string } }>('/static/:file', async (req, reply) => {
    const a: Asset | undefined = assets.get(req.params.file);
    if (!a) throw new HttpError(404, 'No such file.');
    return reply.type(a.type).header('cache-control', 'public, max-age=3600').send(a.body);
  });

  /** The link's town: a refused link is 403, a scope without a town 404. */
  async function watched(req: FastifyRequest<{ Params: { token: string } }>): Promise<Watched> {
    const check = verifyLink(opts.secret, req.params.token, now());
    if (!check.ok)
      throw new HttpError(
        403,
        check.reason === 'expired'
          ? 'This link has expired. Ask for a new one with /town watch.'
          : 'This link is not valid. Ask for a new one with /town watch.',
      );
    const w = await hub.get(check.scope);
    if (!w) throw new HttpError(404, 'There is no town here yet (an admin starts one with /town setup).');
    const base = `/w/${req.params.token}/`;
    const names = new Map(w.town.locations().map((l) => [l.id, l.name]));
    names.set('town-hall', 'town hall');
    return {
      w,
      placeName: (id) => names.get(id) ?? id,
      frame: (nav, live) => ({ base, nav, live, status: watchStatus(w.town, modelPaused()) }),
    };
  }

  const query = <T extends z.ZodObject>(schema: T, raw: unknown): z.infer<T> => {
    const r = schema.safeParse(raw ?? {}, PLAIN_ISSUES);
    if (!r.success) throw new HttpError(400, r.error.issues[0]?.message ?? 'Bad query.');
    return r.data;
  };

  type TokenReq = FastifyRequest<{ Params: { token: string } }>;

  app.get<{ Params: { token: string } }>('/w/:token', async (req, reply) => {
    await watched(req);
    return reply.redirect(`/w/${req.params.token}/`);
  });

  app.get<{ Params: { token: string } }>('/w/:token/', async (req: TokenReq, reply) => {
    const { w, frame, placeName } = await watched(req);
    const html = w.page('map', () =>
      mapPage(frame('map', true), w.town.map(), feed(w.town, w.posts, {}, 15), placeName),
    );
    return sendPage(reply, 200, html);
  });

  const feedQuery = z.object({
    place: nameParam(limits.nameMax).optional(),
    resident: nameParam(limits.nameMax).optional(),
  });
  app.get<{ Params: { token: string } }>('/w/:token/feed', async (req: TokenReq, reply) => {
    const { w, frame, placeName } = await watched(req);
    const q = query(feedQuery, req.query);
    const f = { ...(q.place ? { place: q.place } : {}), ...(q.resident ? { resident: q.resident } : {}) };
    const html = w.page(`feed|${q.place ?? ''}|${q.resident ?? ''}`, () =>
      feedPage(
        frame('feed', true),
        f,
        [{ id: 'town-hall', name: 'town hall' }, ...w.town.locations().map((l) => ({ id: l.id, name: l.name }))],
        w.town.residents().map((r) => ({ id: r.id, name: r.name })),
        feed(w.town, w.posts, f, WATCH_SETTINGS.feedPosts),
        placeName,
      ),
    );
    return sendPage(reply, 200, html);
  });

  app.get<{ Params: { token: string; id: string } }>('/w/:token/resident/:id', async (req, reply) => {
    const { w, frame, placeName } = await watched(req);
    const id = query(z.object({ id: nameParam(limits.nameMax) }), req.params).id;
    const html = w.page(`resident|${id.toLowerCase()}`, () => {
      const page = residentPage(w.town, w.posts, id);
      const ties = trusted(
        buildRelationshipSvg(townRelationshipInput(w.town, { resident: page.info.id })).replace(
          '<svg ',
          `<svg role="img" aria-label="${page.info.name.replace(/[<>"&]/g, '')}'s ties" `,
        ),
      );
      return residentPageHtml(frame('resident', true), page, ties, placeName);
    });
    return sendPage(reply, 200, html);
  });

  const dayQuery = z.object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The day is a date like 2023-02-13.')
      // 2023-02-30 is no day at all: a bad request, not a day without posts.
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && dayOf(Date.parse(`${d}T00:00:00Z`)) === d, {
        message: 'There is no such day: the day is a date like 2023-02-13.',
      })
      .optional(),
    t: z.coerce
      .number('The time is minutes after midnight, from 0 to 1439.')
      .int('The time is whole minutes after midnight.')
      .min(0, 'The time is minutes after midnight, from 0 to 1439.')
      .max(1439, 'The time is minutes after midnight, from 0 to 1439.')
      .optional(),
  });
  app.get<{ Params: { token: string } }>('/w/:token/day', async (req: TokenReq, reply) => {
    const { w, frame, placeName } = await watched(req);
    const q = query(dayQuery, req.query);
    const st = w.town.status();
    const today = dayOf(st.simTime);
    const date = q.date ?? (w.posts.length > 0 ? dayOf(w.posts[w.posts.length - 1]!.simTime) : today);
    const nowMinute = Math.floor((st.simTime % 86_400_000) / 60_000);
    const minute = q.t ?? (date === today ? nowMinute : 1439);
    // The past does not change: no live refresh, and one render per (day, time) per stamp.
    const html = w.page(`day|${date}|${minute}`, () =>
      dayPage(frame('day', false), dayFrame(w.town, w.posts, date, minute), placeName),
    );
    return sendPage(reply, 200, html);
  });

  const finished = new Map<string, Map<string, WatchGameSummary>>();
  app.get<{ Params: { token: string } }>('/w/:token/games', async (req: TokenReq, reply) => {
    const { w, frame } = await watched(req);
    const open = opts.games ? await opts.games.list(w.scope) : [];
    const seen = finished.get(w.scope) ?? new Map<string, WatchGameSummary>();
    finished.set(w.scope, seen);
    const done: WatchGameSummary[] = [];
    for (const id of [...seen.keys()].slice(-10)) {
      if (open.some((g) => g.id === id)) continue;
      const g = await opts.games?.get(w.scope, id);
      if (g) done.push(g);
    }
    for (const g of open) seen.set(g.id, g);
    // Remember the last few tables only.
    for (const id of [...seen.keys()].slice(0, Math.max(0, seen.size - 50))) seen.delete(id);
    return sendPage(reply, 200, gamesPage(frame('games', true), open, done));
  });

  app.get<{ Params: { token: string; id: string } }>('/w/:token/games/:id', async (req, reply) => {
    const { w, frame } = await watched(req);
    const g = opts.games ? await opts.games.get(w.scope, req.params.id.slice(0, 100)) : null;
    if (!g) throw new HttpError(404, 'No such game in this town.');
    finished.get(w.scope)?.set(g.id, g);
    return sendPage(reply, 200, gamePage(frame('games', true), g));
  });

  app.get<{ Params: { token: string } }>('/w/:token/events', async (req: TokenReq, reply) => {
    const { w } = await watched(req);
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
    req.raw.on('close', () => {
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

// The pages of one signed link (/w/TOKEN/…): the living map, the feed, a resident, Look back (its page and the
// scenes its player walks through), the games, and the map picture link previews show. server.ts checks the link
// and owns headers, limits and errors; these only read the town through the hub and render.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dayFrame, dayOf, feed, residentPage, WATCH_SETTINGS } from '../app/watch.ts';
import type { GameWatch, WatchGameSummary } from '../app/watch-games.ts';
import { buildRelationshipSvg } from '../render/relationships.ts';
import { renderTownPicture, townRelationshipInput } from '../render/town-pictures.ts';
import { trusted } from './html.ts';
import type { WatchedTown } from './hub.ts';
import {
  dayPage,
  feedPage,
  gamePage,
  gamesPage,
  mapPage,
  type PageFrame,
  postList,
  residentPageHtml,
} from './pages.ts';
import { dayScene, layoutOf, liveScene, MAP_POSTS } from './views.ts';

export interface Watched {
  w: WatchedTown;
  token: string;
  expiresAt: number;
  /** A page rendered once for every link of the town, with this link's token and expiry put in. */
  personal: (page: string) => string;
  frame: (nav: PageFrame['nav'], live: boolean) => PageFrame;
  placeName: (id: string) => string;
}

export interface RouteContext {
  watched: (req: FastifyRequest<{ Params: { token: string } }>) => Promise<Watched>;
  query: <T extends z.ZodObject>(schema: T, raw: unknown) => z.infer<T>;
  sendPage: (reply: FastifyReply, status: number, body: string) => FastifyReply;
  notFound: (message: string) => Error;
  games?: GameWatch;
  modelPaused: () => boolean;
  nameMax: number;
}

type TokenReq = FastifyRequest<{ Params: { token: string } }>;

const nameParam = (max: number) => z.string().trim().max(max, `A name is at most ${max} characters.`);

const TIME = 'The time is minutes after midnight, from 0 to 1439.';
const dayQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The day is a date like 2023-02-13.')
    // 2023-02-30 is no day at all: a bad request, not a day without posts.
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && dayOf(Date.parse(`${d}T00:00:00Z`)) === d, {
      message: 'There is no such day: the day is a date like 2023-02-13.',
    })
    .optional(),
  t: z.coerce.number(TIME).int('The time is whole minutes after midnight.').min(0, TIME).max(1439, TIME).optional(),
  /** The player's step time (how long the avatars walk to this moment), ms. */
  walk: z.coerce.number().int().min(100).max(10_000).optional(),
});

/** Map pictures for link previews, one render per town change. */
const pictures = new WeakMap<WatchedTown, { stamp: number; png: Promise<Buffer> }>();

export function registerPages(app: FastifyInstance, c: RouteContext): void {
  app.get<{ Params: { token: string } }>('/w/:token', async (req, reply) => {
    await c.watched(req);
    return reply.redirect(`/w/${req.params.token}/`);
  });

  app.get<{ Params: { token: string } }>('/w/:token/', async (req: TokenReq, reply) => {
    const { w, frame, placeName, personal } = await c.watched(req);
    const html = w.page('map', () =>
      mapPage(
        frame('map', true),
        layoutOf(w),
        liveScene(w, c.modelPaused()),
        w.town.map(),
        feed(w.town, w.posts, {}, MAP_POSTS),
        placeName,
      ),
    );
    return c.sendPage(reply, 200, personal(html));
  });

  // What Discord shows when the link is pasted: the town's map (the /town map picture).
  app.get<{ Params: { token: string } }>('/w/:token/map.png', async (req: TokenReq, reply) => {
    const { w } = await c.watched(req);
    let hit = pictures.get(w);
    if (!hit || hit.stamp !== w.stamp) {
      hit = { stamp: w.stamp, png: renderTownPicture(w.town, 'map') };
      pictures.set(w, hit);
    }
    return reply.type('image/png').send(await hit.png);
  });

  const feedQuery = z.object({
    place: nameParam(c.nameMax).optional(),
    resident: nameParam(c.nameMax).optional(),
  });
  app.get<{ Params: { token: string } }>('/w/:token/feed', async (req: TokenReq, reply) => {
    const { w, frame, placeName, personal } = await c.watched(req);
    const q = c.query(feedQuery, req.query);
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
    return c.sendPage(reply, 200, personal(html));
  });

  app.get<{ Params: { token: string; id: string } }>('/w/:token/resident/:id', async (req, reply) => {
    const { w, frame, placeName, personal } = await c.watched(req);
    const id = c.query(z.object({ id: nameParam(c.nameMax) }), req.params).id;
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
    return c.sendPage(reply, 200, personal(html));
  });

  /** The moment a Look back request names (a date and a minute, defaulting to the last kept day, now or 23:59). */
  function moment(w: WatchedTown, q: z.infer<typeof dayQuery>) {
    const st = w.town.status();
    const today = dayOf(st.simTime);
    const date = q.date ?? (w.posts.length > 0 ? dayOf(w.posts[w.posts.length - 1]!.simTime) : today);
    const nowMinute = Math.floor((st.simTime % 86_400_000) / 60_000);
    const minute = q.t ?? (date === today ? nowMinute : 1439);
    const step = Math.max(1, st.minutesPerTick);
    return { date, minute, step };
  }

  app.get<{ Params: { token: string } }>('/w/:token/day', async (req: TokenReq, reply) => {
    const { w, frame, placeName, personal } = await c.watched(req);
    const { date, minute, step } = moment(w, c.query(dayQuery, req.query));
    // The past does not change: no live refresh, and one render per (day, time) per stamp.
    const html = w.page(`day|${date}|${minute}`, () => {
      const d = dayFrame(w.town, w.posts, date, minute);
      return dayPage(frame('day', false), d, layoutOf(w), dayScene(w, d, step, 1000), placeName);
    });
    return c.sendPage(reply, 200, personal(html));
  });

  // The player's frames: the scene at a moment and its posts, as JSON (the page's script walks the map to it).
  app.get<{ Params: { token: string } }>('/w/:token/day.json', async (req: TokenReq, reply) => {
    const { w, placeName } = await c.watched(req);
    const q = c.query(dayQuery, req.query);
    const { date, minute, step } = moment(w, q);
    const body = w.page(`day.json|${date}|${minute}|${q.walk ?? 1000}`, () => {
      const d = dayFrame(w.town, w.posts, date, minute);
      return JSON.stringify({
        date,
        minute,
        scene: dayScene(w, d, step, q.walk ?? 1000),
        unseen: d.unseen,
        postsHtml: postList(d.posts, placeName, 'Nothing was posted yet that day.').text,
      });
    });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  const finished = new Map<string, Map<string, WatchGameSummary>>();
  app.get<{ Params: { token: string } }>('/w/:token/games', async (req: TokenReq, reply) => {
    const { w, frame, personal } = await c.watched(req);
    const open = c.games ? await c.games.list(w.scope) : [];
    const seen = finished.get(w.scope) ?? new Map<string, WatchGameSummary>();
    finished.set(w.scope, seen);
    const done: WatchGameSummary[] = [];
    for (const id of [...seen.keys()].slice(-10)) {
      if (open.some((g) => g.id === id)) continue;
      const g = await c.games?.get(w.scope, id);
      if (g) done.push(g);
    }
    for (const g of open) seen.set(g.id, g);
    // Remember the last few tables only.
    for (const id of [...seen.keys()].slice(0, Math.max(0, seen.size - 50))) seen.delete(id);
    return c.sendPage(reply, 200, personal(gamesPage(frame('games', true), open, done)));
  });

  app.get<{ Params: { token: string; id: string } }>('/w/:token/games/:id', async (req, reply) => {
    const { w, frame, personal } = await c.watched(req);
    const g = c.games ? await c.games.get(w.scope, req.params.id.slice(0, 100)) : null;
    if (!g) throw c.notFound('No such game in this town.');
    finished.get(w.scope)?.set(g.id, g);
    return c.sendPage(reply, 200, personal(gamePage(frame('games', true), g)));
  });
}

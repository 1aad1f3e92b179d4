// The web view's server for the living map, without a browser: a change event carries the tick's scene (so no page
// is fetched again), a stream says when its link expired, every link gets its own token and expiry in a page
// rendered once for all, the favicon and the link preview (og: tags and the map picture), Look back's frames, the
// games' empty state, and the feed with people's own lines marked as people.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { townOutbox } from '../../src/bot/town-link.ts';
import { admits, SHOW_ALL } from '../../src/console/filters.ts';
import { CONSOLE_SCOPE } from '../../src/town/types.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { startWebTown, type WebTown } from '../support/web-town.ts';

const A = '111111111111111111';

let w: WebTown;
let base: string;

beforeAll(async () => {
  w = await startWebTown({ [A]: tinyTown(), [CONSOLE_SCOPE]: tinyTown() }, { limits: { requestsPerMinute: 100_000 } });
  await (await w.town(A)).step(2);
  base = new URL(w.web.linkFor(A).url).pathname;
});
afterAll(async () => {
  await w?.stop();
});

const get = (url: string) => w.web.app.inject({ method: 'GET', url });

/** Reads an event stream until `until` matches what arrived (or it ends); returns the text. */
function listen(path: string, until: (text: string) => boolean, act?: () => Promise<unknown>): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    let acted = false;
    const req = request({ host: '127.0.0.1', port: w.web.port, path }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
        if (!acted && text.includes('event: hello')) {
          acted = true;
          void act?.();
        }
        if (until(text)) {
          req.destroy();
          resolve(text);
        }
      });
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end();
    setTimeout(() => {
      req.destroy();
      resolve(text);
    }, 8000);
  });
}

describe('the living map over the wire', () => {
  it('a change event carries the scene, the state and the lists: everyone placed, no page to fetch', async () => {
    const town = await w.town(A);
    const text = await listen(
      `${base}events`,
      (t) => t.includes('event: change'),
      () => town.step(1),
    );
    const data = JSON.parse(/event: change\ndata: (.*)\n/.exec(text)![1]!) as {
      stamp: number;
      scene: { clock: string; avatars: { id: string; x: number; y: number }[]; walkMs: number };
      status: { label: string };
      postsHtml: string;
      whereHtml: string;
    };
    expect(data.scene.clock).toBe(town.status().time);
    expect(data.scene.avatars.map((a) => a.id).sort()).toEqual(
      town
        .residents()
        .map((r) => r.id)
        .sort(),
    );
    expect(data.status.label).toBe('▶ running');
    const last = (await town.outbox.postsAfter(-1, 1000)).at(-1)!;
    expect(data.postsHtml).toContain(`data-seq="${last.seq}"`);
    expect(data.whereHtml).toContain('data-resident=');
    // The page has an avatar for each of them, where the scene puts them.
    const page = (await get(base)).body;
    for (const a of data.scene.avatars) expect(page).toContain(`data-id="${a.id}"`);
  });

  it('a stream says when its link expires, and ends', async () => {
    const short = new URL(w.web.linkFor(A, 1500).url).pathname;
    const text = await listen(`${short}events`, (t) => t.includes('event: expired'));
    expect(text).toContain('event: expired');
    expect((await get(short)).statusCode).toBe(403);
  });

  it('every link gets its own token and expiry in a page rendered once for all of them', async () => {
    const one = w.web.linkFor(A, 3_600_000);
    const two = w.web.linkFor(A, 7_200_000);
    for (const link of [one, two]) {
      const path = new URL(link.url).pathname;
      const body = (await get(path)).body;
      expect(body).toContain(`<base href="${path}">`);
      expect(body).toContain(`data-expires="${link.expiresAt}"`);
      const other = link === one ? two : one;
      expect(body).not.toContain(new URL(other.url).pathname);
    }
  });

  it('serves a favicon and a link preview: og: title, description and the map picture', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const body = (await get(base)).body;
    expect(body).toMatch(/<meta property="og:title" content="Tiny: Map">/);
    expect(body).toMatch(/<meta property="og:description" content="Tiny, live: 3 residents/);
    const image = /<meta property="og:image" content="([^"]+)">/.exec(body)![1]!;
    expect(image).toBe(`${w.web.url}${base}map.png`);
    const png = await get(new URL(image).pathname);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it("Look back's frames come as JSON: the scene at that minute and its posts", async () => {
    const town = await w.town(A);
    const day = new Date(town.status().simTime).toISOString().slice(0, 10);
    const r = await get(`${base}day.json?date=${day}&t=490&walk=500`);
    expect(r.statusCode).toBe(200);
    const d = JSON.parse(r.body) as {
      minute: number;
      scene: { walkMs: number; avatars: unknown[] };
      postsHtml: string;
    };
    expect(d.minute).toBe(490);
    expect(d.scene.walkMs).toBe(500);
    expect(d.scene.avatars).toHaveLength(town.residents().length);
    expect((await get(`${base}day.json?date=2024-02-30`)).statusCode).toBe(400);
  });

  it('the games page names all five games, and the console is not told to use Discord', async () => {
    const guild = (await get(`${base}games`)).body;
    for (const g of ['chameleon', 'undercover', 'cost-sharing', 'prisoners-dilemma', 'public-good'])
      expect(guild).toContain(`/game ${g}`);
    expect(guild).toContain('in a channel of the town');
    const console = (await get(`${new URL(w.web.linkFor(CONSOLE_SCOPE).url).pathname}games`)).body;
    expect(console).toContain('Start one in the console');
    expect(console).not.toContain('Discord');
    const expired = await get(new URL(w.web.linkFor(CONSOLE_SCOPE, -5000).url).pathname);
    expect(expired.body).toContain('Type /town watch in the console for a new link.');
  });
});

describe('the feed has everyone', () => {
  it("a person's own line is in the feed, marked as a person's, and Discord and the console do not post it again", async () => {
    const town = await w.town(A);
    const here = town.map().locations.find((l) => l.residents.length > 0)!;
    const said = `Hello ${here.residents[0]!.name}, <b>what's new</b>?`;
    await town.say(here.id, { id: 'p1', displayName: 'Pat' }, said);
    const feed = (await get(`${base}feed`)).body;
    expect(feed).toMatch(/<li data-seq="\d+" class="said">/);
    expect(feed).toContain('<span class="who person">Pat</span> <span class="tag">person</span>');
    expect(feed).toContain('Hello');
    expect(feed).toContain('&lt;b&gt;what&#39;s new&lt;/b&gt;?');
    // Discord: never posted again, marked delivered.
    const pending = await townOutbox(town.outbox).pending(1000);
    expect(pending.some((p) => p.kind === 'said')).toBe(false);
    expect((await town.outbox.pendingPosts(1000)).some((p) => p.kind === 'said')).toBe(false);
    // The console: the person typed it; it is not printed back.
    const own = (await town.outbox.postsAfter(-1, 10_000)).find((p) => p.kind === 'said')!;
    expect(admits(SHOW_ALL, own, here.id)).toBe(false);
  });
});

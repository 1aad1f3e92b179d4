// The web view's server without a browser: signed links (tampered, expired, another guild's), the bad-input cases
// of the issue (unknown resident or place, a time outside the kept posts, a malformed time, a write, 1,000 event
// streams from one client) each answered with a clear 4xx page and nothing else affected, and the headers that keep
// pages safe (CSP without inline script).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, runOperation } from '../../src/app/operations.ts';
import { validateTownFile } from '../../src/town/file.ts';
import { linksOnly, webWarnings } from '../../src/web/index.ts';
import { signLink, verifyLink } from '../../src/web/link.ts';
import { res, tinyTown } from '../support/town-fixtures.ts';
import { startWebTown, WEB_SECRET, type WebTown } from '../support/web-town.ts';

const A = '111111111111111111';
const B = '222222222222222222';

function otherTown() {
  const t = tinyTown();
  return validateTownFile({
    ...t,
    name: 'Otherton',
    locations: [{ id: 'mill', name: 'Old Mill', subAreas: [{ name: 'floor', objects: [] }] }],
    residents: [res('Bertha Zyx', 'mill')],
  });
}

let w: WebTown;
let base: string;

beforeAll(async () => {
  w = await startWebTown({ [A]: tinyTown(), [B]: otherTown() }, { limits: { requestsPerMinute: 100_000 } });
  const a = await w.town(A);
  await runOperation(OPERATIONS.townStep, { town: a, speaker: { id: 'x', displayName: 'X' } }, { ticks: 2 });
  await (await w.town(B)).step(1);
  base = new URL(w.web.linkFor(A).url).pathname;
});
afterAll(async () => {
  await w?.stop();
});

const get = (url: string, headers: Record<string, string> = {}) => w.web.app.inject({ method: 'GET', url, headers });

describe('signed links', () => {
  it('a link verifies for its scope until it expires; a changed scope, expiry or signature does not', () => {
    const token = signLink(WEB_SECRET, A, 10_000_000);
    expect(verifyLink(WEB_SECRET, token, 9_000_000)).toEqual({ ok: true, scope: A, expiresAt: 10_000_000 });
    expect(verifyLink(WEB_SECRET, token, 10_000_000)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyLink('another-secret-another-secret-12345', token, 0)).toEqual({ ok: false, reason: 'signature' });
    const [, exp, sig] = token.split('.');
    expect(verifyLink(WEB_SECRET, `${B}.${exp}.${sig}`, 0)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyLink(WEB_SECRET, `${A}.${Number(exp) + 1000}.${sig}`, 0)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyLink(WEB_SECRET, 'garbage', 0)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('a process that does not serve the view (a second shard) signs links for the one that does', () => {
    expect(linksOnly({ linkTtlMs: 1000 })).toBeNull();
    const make = linksOnly({ secret: WEB_SECRET, publicUrl: 'https://town.example.org/', linkTtlMs: 60_000 });
    const link = make?.(A);
    expect(link?.url).toMatch(new RegExp(`^https://town\\.example\\.org/w/${A}\\.\\d+\\.[\\w-]{43}/$`));
    const token = link!.url.split('/')[4]!;
    expect(verifyLink(WEB_SECRET, token, Date.now())).toMatchObject({ ok: true, scope: A });
  });

  it('warns when links would point at loopback for others, or travel over plain http', () => {
    expect(webWarnings({ host: '127.0.0.1' })).toEqual([]);
    expect(webWarnings({ host: '0.0.0.0' })[0]).toMatch(/set WEB_PUBLIC_URL/);
    expect(webWarnings({ host: '0.0.0.0', publicUrl: 'http://town.example.org' })[0]).toMatch(/plain http/);
    expect(webWarnings({ host: '127.0.0.1', publicUrl: 'https://town.example.org' })).toEqual([]);
  });

  it("guild A's link shows A's town and nothing of guild B's", async () => {
    for (const page of ['', 'feed', 'day', 'games', 'resident/ann-lee']) {
      const r = await get(`${base}${page}`);
      expect(r.statusCode, page).toBe(200);
      expect(r.body, page).not.toMatch(/Bertha|Zyx|Otherton|Old Mill/);
    }
    const theirs = await get(`${base}resident/bertha-zyx`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toMatch(/Bertha Zyx \(/);
    expect((await get(`${base}feed?place=mill`)).statusCode).toBe(404);
    const b = await get(new URL(w.web.linkFor(B).url).pathname);
    expect(b.body).toContain('Otherton');
    expect(b.body).not.toContain('Ann Lee');
  });

  it('an expired or forged link is refused with a 403 page and no town data', async () => {
    const expired = new URL(w.web.linkFor(A, -1000).url).pathname;
    const r = await get(expired);
    expect(r.statusCode).toBe(403);
    expect(r.body).toContain('This link has expired. Run /town watch (or /web) in the server for a new link.');
    expect(r.body).not.toContain('Ann Lee');
    const forged = await get(`/w/${A}.9999999999.${'A'.repeat(43)}/`);
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This link is not valid');
  });
});

describe('bad input: a clear 4xx, nothing else affected, no stack trace', () => {
  it.each([
    ['resident/nobody-at-all', 404, 'No resident called "nobody-at-all" in Tiny.'],
    ['feed?resident=nobody', 404, 'No resident called "nobody" in Tiny.'],
    ['feed?place=atlantis', 404, 'No place called "atlantis" in Tiny.'],
    ['day?date=1999-01-01', 404, 'No posts are kept for 1999-01-01. Days kept: 2024-01-01'],
    ['day?t=9999', 400, 'The time is minutes after midnight, from 0 to 1439.'],
    ['day?t=abc', 400, 'The time is minutes after midnight, from 0 to 1439.'],
    ['day?date=tomorrow', 400, 'The day is a date like 2023-02-13.'],
    ['day?date=2023-02-30', 400, 'There is no such day'],
    ['day?date=2023-13-01', 400, 'There is no such day'],
    [`feed?place=${'x'.repeat(500)}`, 400, 'A name is at most 100 characters.'],
    ['games/no-such-game', 404, 'No such game in this town.'],
    ['nothing-here', 404, 'There is no such page.'],
  ])('%s → %i', async (path, status, message) => {
    const r = await get(`${base}${path}`);
    expect(r.statusCode).toBe(status);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    expect(r.body).toContain(message.replace(/"/g, '&quot;'));
    expect(r.body).not.toMatch(/at .*\.ts:\d+|Error:|stack/i);
  });

  it('has no write endpoint: POST, PUT and DELETE find nothing', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const r = await w.web.app.inject({ method, url: `${base}`, payload: { x: 1 } });
      expect(r.statusCode, method).toBe(404);
    }
  });

  it('behind a proxy that appends the client address, a client forging X-Forwarded-For still gets its 20 streams of 1,000', async () => {
    const { port } = w.web;
    const open: { status: number; destroy(): void }[] = [];
    const streamAt = (p: number, xff: string) =>
      new Promise<{ status: number; destroy(): void }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: p, path: `${base}events`, headers: { 'x-forwarded-for': xff } });
        req.on('response', (r) => {
          r.resume();
          resolve({ status: r.statusCode ?? 0, destroy: () => req.destroy() });
        });
        req.on('error', reject);
        req.end();
      });
    // WEB_TRUST_PROXY=127.0.0.1: the proxy (here, loopback) is believed; what the client wrote before it is not.
    const { startWebServer } = await import('../../src/web/server.ts');
    const proxied = await startWebServer({
      towns: w.registry,
      secret: WEB_SECRET,
      host: '127.0.0.1',
      port: 0,
      trustProxy: ['127.0.0.1'],
      limits: { requestsPerMinute: 5000 },
    });
    try {
      // Each request forges a different first address; the proxy appended the client's real one, 10.0.0.1.
      for (let i = 0; i < 1000; i += 50)
        open.push(
          ...(await Promise.all(
            Array.from({ length: 50 }, (_, k) =>
              streamAt(proxied.port, `6.6.${(i + k) >> 8}.${(i + k) & 255}, 10.0.0.1`),
            ),
          )),
        );
      const counts = open.reduce<Record<number, number>>((c, r) => {
        c[r.status] = (c[r.status] ?? 0) + 1;
        return c;
      }, {});
      expect(counts).toEqual({ 200: 20, 429: 980 });
      const other = await streamAt(proxied.port, '6.6.6.6, 10.0.0.2');
      expect(other.status).toBe(200);
      other.destroy();
    } finally {
      for (const s of open) s.destroy();
      await proxied.close();
    }
    // The harness's server trusts no proxy: every request from loopback is one client, whatever it claims.
    const mine: { status: number; destroy(): void }[] = [];
    try {
      for (let i = 0; i < 25; i++) mine.push(await streamAt(port, `10.9.9.${i}`));
      expect(mine.filter((r) => r.status === 200)).toHaveLength(20);
    } finally {
      for (const s of mine) s.destroy();
    }
  });

  it('the rate limit holds behind a proxy (a hop count) however the client forges its forwarding header', async () => {
    const { startWebServer } = await import('../../src/web/server.ts');
    const proxied = await startWebServer({
      towns: w.registry,
      secret: WEB_SECRET,
      host: '127.0.0.1',
      port: 0,
      trustProxy: 1,
      limits: { requestsPerMinute: 30 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const r = await proxied.app.inject({
          method: 'GET',
          url: `${base}feed`,
          headers: { 'x-forwarded-for': `7.7.7.${i}, 203.0.113.5` },
        });
        statuses.push(r.statusCode);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
      const other = await proxied.app.inject({
        method: 'GET',
        url: `${base}feed`,
        headers: { 'x-forwarded-for': '203.0.113.6' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('router-level errors: the same page and headers, never the URL', () => {
  it.each([
    ['a bad percent-encoding', 'resident/%E0%A4%A', 'That address is not valid'],
    ['a 300-character id', `resident/${'x'.repeat(300)}`, 'That address is too long.'],
  ])('%s is a 400 page with the security headers that does not echo the token', async (_what, path, message) => {
    const r = await get(`${base}${path}`);
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toContain(message);
    expect(r.body).not.toContain(base.split('/')[2]!);
    expect(r.body).not.toContain('FST_ERR');
  });

  it('an over-long token is a 400 page too', async () => {
    const r = await get(`/w/${'y'.repeat(300)}/feed`);
    expect(r.statusCode).toBe(400);
    expect(r.body).not.toContain('yyyy');
  });
});

describe('safe by construction', () => {
  it('pages carry a strict CSP and contain no inline script or event handler', async () => {
    const r = await get(base);
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(r.body).not.toMatch(/\son[a-z]+=/i);
    expect((await get('/static/app.js')).statusCode).toBe(200);
  });

  it('the map page shows what /town map shows: each resident at their place, from the last commit', async () => {
    const a = await w.town(A);
    const r = await get(base);
    for (const l of a.map().locations)
      for (const p of l.residents) expect(r.body).toContain(`data-resident="${p.name}"`);
    expect(r.body).toContain(a.status().time);
  });
});

describe('a town another process runs', () => {
  it('follows commits made elsewhere (a worker beside the bot): the stream says so and the page shows them', async () => {
    const { TownRegistry } = await import('../../src/town/registry.ts');
    const { InMemoryTownStore } = await import('../../src/town/store.ts');
    const { LexicalEmbedder } = await import('../../src/llm/lexical-embedder.ts');
    const { OfflineModel } = await import('../../src/offline/model.ts');
    const { agentOfflineRules } = await import('../../src/offline/agent/index.ts');
    const { startWebServer } = await import('../../src/web/server.ts');
    const store = new InMemoryTownStore();
    const deps = { store, llm: new OfflineModel(agentOfflineRules), embedder: new LexicalEmbedder() };
    const worker = new TownRegistry({ ...deps, owner: 'worker' });
    const bot = new TownRegistry({ ...deps, owner: 'bot' });
    const ticking = await worker.getOrCreate(A, { file: tinyTown(), seed: 1 });
    let paused = false;
    const web = await startWebServer({
      towns: bot,
      secret: WEB_SECRET,
      host: '127.0.0.1',
      port: 0,
      modelPaused: () => paused,
    });
    try {
      const path = new URL(web.linkFor(A).url).pathname;
      const events: string[] = [];
      const req = request({ host: '127.0.0.1', port: web.port, path: `${path}events` }, (r) => {
        r.setEncoding('utf8');
        r.on('data', (d: string) => events.push(d));
      });
      req.end();
      await expect.poll(() => events.join('').includes('event: hello')).toBe(true);
      await ticking.step(2);
      await expect.poll(() => events.join('').includes('event: change'), { timeout: 5000 }).toBe(true);
      const page = await web.app.inject({ method: 'GET', url: path });
      expect(page.body).toContain(ticking.status().time);
      // The model gateway's circuit opened: the header says the model is paused.
      paused = true;
      await expect.poll(() => events.join('').split('event: change').length, { timeout: 5000 }).toBeGreaterThan(2);
      expect((await web.app.inject({ method: 'GET', url: path })).body).toContain('model paused');
      req.destroy();
    } finally {
      await web.close();
      await bot.close();
      await worker.close();
    }
  });
});

// `npm run bench -- --only web`: the web view's page load times and its live-update fan-out. Willowbrook runs in
// memory on the offline model; the real web server serves it on loopback. Page times: server render (first, then
// cached per change) over HTTP, and a full load in headless Chromium (packaged on npm, or --chromium PATH). Fan-out: N
// clients hold an event stream each; one tick commits; the change event carries the tick's scene (where everyone
// walks, what was said, the new posts as markup), so a client is up to date once that event has arrived whole and
// parsed: the update latency is commit -> event parsed, nothing fetched again. Clients and server share this one
// process (a pessimistic figure: on a real deployment the clients are elsewhere). Reports the largest N whose p99
// stays within 500 ms (issue 34's bar).
import { existsSync } from 'node:fs';
import { Agent, get, type IncomingMessage } from 'node:http';
import { launchChromium } from '../tests/support/browser.ts';
import { LexicalEmbedder } from '../src/llm/lexical-embedder.ts';
import { agentOfflineRules } from '../src/offline/agent/index.ts';
import { OfflineModel } from '../src/offline/model.ts';
import { loadTownFile } from '../src/town/file-io.ts';
import { TownRegistry } from '../src/town/registry.ts';
import { InMemoryTownStore } from '../src/town/store.ts';
import { startWebServer } from '../src/web/server.ts';

const SCOPE = '100000000000000001';

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN);
}
const ms = (x: number) => Math.round(x * 10) / 10;

function fetchText(agent: Agent, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (r: IncomingMessage) => {
      let body = '';
      r.setEncoding('utf8');
      r.on('data', (d: string) => {
        body += d;
      });
      r.on('end', () => resolve(body));
      r.on('error', reject);
    }).on('error', reject);
  });
}

export async function run(opts: Record<string, unknown>): Promise<Record<string, unknown>> {
  const sizes =
    typeof opts.clients === 'string' ? opts.clients.split(',').map(Number) : [10, 100, 250, 500, 1000, 2000];
  const registry = new TownRegistry({
    store: new InMemoryTownStore(),
    llm: new OfflineModel(agentOfflineRules),
    embedder: new LexicalEmbedder(),
    owner: 'bench-web',
  });
  const town = await registry.getOrCreate(SCOPE, { file: loadTownFile(), seed: 5 });
  await town.step(24);
  const web = await startWebServer({
    towns: registry,
    secret: 'bench-bench-bench-bench-bench-bench-12',
    host: '127.0.0.1',
    port: 0,
    limits: { requestsPerMinute: 10_000_000, streamsPerClient: 100_000, streamsPerTown: 100_000 },
  });
  const link = web.linkFor(SCOPE).url;
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const result: Record<string, unknown> = { town: town.status().name, residents: town.status().residents };
  try {
    // Server render over HTTP: the first request after a change renders, the rest are served from the cache.
    const pages: Record<string, unknown> = {};
    for (const [name, path] of [
      ['map', ''],
      ['feed', 'feed'],
      ['resident', `resident/${town.residents()[0]!.id}`],
      ['day', 'day?t=480'],
    ] as const) {
      await town.step(1); // a fresh stamp: the next request renders
      let t = performance.now();
      const body = await fetchText(agent, `${link}${path}`);
      const first = performance.now() - t;
      const warm: number[] = [];
      for (let i = 0; i < 30; i++) {
        t = performance.now();
        await fetchText(agent, `${link}${path}`);
        warm.push(performance.now() - t);
      }
      pages[name] = { firstMs: ms(first), cachedP50Ms: ms(pct(warm, 50)), kB: Math.round(body.length / 102.4) / 10 };
    }
    result.serverRender = pages;

    // A full page load in Chromium (HTML, CSS, fonts, script, the event stream opened).
    const exe = (opts.chromium as string | undefined) ?? process.env.CHROMIUM_PATH;
    if (exe === undefined || existsSync(exe)) {
      const browser = await launchChromium(exe);
      try {
        const loads: number[] = [];
        const live: number[] = [];
        for (let i = 0; i < 6; i++) {
          const page = await browser.newPage();
          const t = performance.now();
          await page.goto(link, { waitUntil: 'load' });
          loads.push(performance.now() - t);
          await page.waitForSelector('body[data-stream="open"]');
          live.push(performance.now() - t);
          await page.close();
        }
        // Each page is a fresh browser context (nothing cached): the first visit of a person following a link.
        result.browserLoad = {
          firstMs: ms(loads[0]!),
          loadP50Ms: ms(pct(loads.slice(1), 50)),
          untilLiveP50Ms: ms(pct(live.slice(1), 50)),
        };
      } finally {
        await browser.close();
      }
    } else result.browserLoad = { skipped: `no browser at ${exe}` };

    // Fan-out.
    const fan: Record<string, unknown>[] = [];
    let best = 0;
    for (const n of sizes) {
      const streams: { req: ReturnType<typeof get>; event: number; page: number; bytes: number }[] = [];
      let commitAt = 0;
      const done: Promise<void>[] = [];
      const opened: Promise<void>[] = [];
      for (let i = 0; i < n; i++) {
        const c = { req: null as unknown as ReturnType<typeof get>, event: 0, page: 0, bytes: 0 };
        let resolveDone: () => void = () => {};
        done.push(new Promise<void>((r) => (resolveDone = r)));
        opened.push(
          new Promise<void>((resolveOpen, reject) => {
            let buf = '';
            c.req = get(`${link}events`, { agent }, (r) => {
              r.setEncoding('utf8');
              r.on('data', (d: string) => {
                if (d.includes('event: hello')) resolveOpen();
                if (c.page > 0) return;
                buf += d;
                const at = buf.indexOf('event: change\n');
                if (at < 0) return;
                if (c.event === 0) c.event = performance.now();
                const end = buf.indexOf('\n\n', at);
                if (end < 0) return;
                // What the page does with it: parse the scene (and swap the lists it carries).
                const data = JSON.parse(buf.slice(buf.indexOf('data: ', at) + 6, end)) as { scene?: unknown };
                if (!data.scene) throw new Error('a change event without its scene');
                c.bytes = end - at;
                c.page = performance.now();
                resolveDone();
              });
            });
            c.req.on('error', reject);
          }),
        );
        streams.push(c);
      }
      await Promise.all(opened);
      const off = town.onPosts(() => {
        if (commitAt === 0) commitAt = performance.now();
      });
      await town.step(1);
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000));
      const finished = await Promise.race([Promise.all(done).then(() => 'ok' as const), timeout]);
      off();
      const evt = streams.filter((s) => s.event > 0).map((s) => s.event - commitAt);
      const upd = streams.filter((s) => s.page > 0).map((s) => s.page - commitAt);
      for (const s of streams) s.req.destroy();
      await new Promise((r) => setTimeout(r, 300));
      const row = {
        clients: n,
        updated: upd.length,
        eventKB: Math.round((streams[0]?.bytes ?? 0) / 102.4) / 10,
        eventP95Ms: ms(pct(evt, 95)),
        updateP50Ms: ms(pct(upd, 50)),
        updateP95Ms: ms(pct(upd, 95)),
        updateP99Ms: ms(pct(upd, 99)),
        updateMaxMs: ms(Math.max(...upd)),
        ...(finished === 'timeout' ? { timedOut: true } : {}),
      };
      fan.push(row);
      if (finished === 'ok' && row.updateP99Ms <= 500) best = n;
      if (finished === 'timeout' || row.updateP95Ms > 3000) break;
    }
    result.fanOut = fan;
    result.clientsPerTownWithin500ms = best;
  } finally {
    agent.destroy();
    await web.close();
    await registry.close();
  }
  return result;
}

export function format(r: Record<string, unknown>): string {
  const lines = [`${r.town}, ${r.residents} residents (offline model, in memory; clients in the same process)`];
  const pages = r.serverRender as Record<string, { firstMs: number; cachedP50Ms: number; kB: number }>;
  for (const [k, v] of Object.entries(pages))
    lines.push(`  ${k.padEnd(9)} render ${v.firstMs} ms, cached ${v.cachedP50Ms} ms, ${v.kB} kB`);
  const b = r.browserLoad as Record<string, unknown>;
  lines.push(
    b.skipped
      ? `  browser: ${b.skipped}`
      : `  Chromium, a fresh profile per load (HTML, CSS, fonts, script): first ${b.firstMs} ms, p50 ${b.loadP50Ms} ms, until the live stream is open p50 ${b.untilLiveP50Ms} ms`,
  );
  lines.push('  fan-out (commit -> each client has parsed the change event carrying the scene; no refetch):');
  for (const f of r.fanOut as Record<string, number>[])
    lines.push(
      `    ${String(f.clients).padStart(5)} clients: ${f.updated} updated, event ${f.eventKB} kB, first byte p95 ${f.eventP95Ms} ms, update p50 ${f.updateP50Ms} ms, p95 ${f.updateP95Ms} ms, p99 ${f.updateP99Ms} ms, max ${f.updateMaxMs} ms${f.timedOut ? ' (timed out)' : ''}`,
    );
  lines.push(`  clients per town with p99 update latency <= 500 ms: ${r.clientsPerTownWithin500ms}`);
  return lines.join('\n');
}

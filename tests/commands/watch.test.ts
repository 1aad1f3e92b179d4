// `/town watch` and `/web` through the real bot: any member gets an ephemeral link signed for their server; the
// link opens that server's town on the web view and nothing of another server's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebServer } from '../../src/web/server.ts';
import { startWebServer } from '../../src/web/server.ts';
import { Harness } from '../support/bot-harness.ts';
import type { FakeGuild } from '../support/fake-discord.ts';

let h: Harness;
let web: WebServer;
let beta: FakeGuild;

beforeAll(async () => {
  h = await Harness.start({ bot: { watchLink: (scope) => web.linkFor(scope) } });
  web = await startWebServer({
    towns: h.registry,
    secret: 'watch-test-watch-test-watch-test-0123',
    host: '127.0.0.1',
    port: 0,
  });
  beta = h.fake.addGuild('Beta');
  h.fake.addMember(beta.id, h.alice);
  await h.setup();
  await h.setup(beta.id);
  // Beta's town runs ahead: its clock tells the two towns apart.
  await (await h.town(beta.id)).step(3);
});
afterAll(async () => {
  await web?.close();
  await h?.stop();
});

async function linkFrom(content: string): Promise<string> {
  const m = /(http:\/\/127\.0\.0\.1:\d+\/w\/[^\s/]+\/)/.exec(content);
  if (!m) throw new Error(`no link in: ${content}`);
  return m[1]!;
}

describe('/town watch and /web', () => {
  it('a member (no Manage Server) gets an ephemeral link to their own town only', async () => {
    const r = h.slash(h.alice, { name: 'web' });
    const msg = await r.answer(10_000);
    expect(r.ephemeral).toBe(true);
    expect(msg.content).toMatch(/Watch .* live: http/);
    expect(msg.content).toMatch(/works until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const url = new URL(await linkFrom(msg.content));
    expect(url.pathname.startsWith(`/w/${h.guild.id}.`)).toBe(true);
    const page = await web.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    const alpha = (await h.town()).status().time;
    const betaTime = (await h.town(beta.id)).status().time;
    expect(alpha).not.toBe(betaTime);
    expect(page.body).toContain(alpha);
    expect(page.body).not.toContain(betaTime);
  });

  it('/town watch answers the same, ephemerally, in each server for that server', async () => {
    const owner = h.fake.guilds.get(beta.id)!.members.get(beta.owner_id)!.user;
    const r = h.fake.slash({ channelId: h.general(beta.id), user: owner, name: 'town', subcommand: 'watch' });
    const msg = await r.answer(10_000);
    expect(r.ephemeral).toBe(true);
    const url = new URL(await linkFrom(msg.content));
    expect(url.pathname.startsWith(`/w/${beta.id}.`)).toBe(true);
    const page = await web.app.inject({ method: 'GET', url: url.pathname });
    expect(page.body).toContain((await h.town(beta.id)).status().time);
    // The token's guild is signed: swapping in the other guild's id breaks it.
    const forged = url.pathname.replace(beta.id, h.guild.id);
    expect((await web.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });
});

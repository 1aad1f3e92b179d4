// The web view in a real browser (Debian's headless Chromium, one for the whole file): the live map follows
// `/town step`, a resident's page and their feed, a past day scrubbed by keyboard, a game in play without its secret,
// an injection corpus of names shown as text, another guild's resident and an expired link refused, a 360 px phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, runOperation } from '../../src/app/operations.ts';
import { validateTownFile } from '../../src/town/file.ts';
import { launchChromium } from '../support/browser.ts';
import { res, tinyTown } from '../support/town-fixtures.ts';
import { startWebTown, type WebTown } from '../support/web-town.ts';

const A = '111111111111111111';
const B = '222222222222222222';
const SCRIPT_NAME = '<script>window.__pwned=1</script>Bo';
const IMG_PLACE = '"><img src=x onerror="window.__pwned=2">';
const RTL_NAME = '\u202eCy Ray\u200b';

/** The tiny town with 2-hour ticks (a day in 12 steps) and an injection corpus for names. */
function corpusTown() {
  const t = tinyTown();
  return validateTownFile({
    ...t,
    minutesPerTick: 120,
    locations: t.locations.map((l) => (l.id === 'shop' ? { ...l, name: IMG_PLACE } : l)),
    residents: [
      res('Ann Lee', 'house', { startAt: 'cafe' }),
      res(SCRIPT_NAME, 'house', { id: 'bo', firstName: 'Bo', startAt: 'cafe' }),
      res(RTL_NAME, 'house', { id: 'cy', firstName: 'Cy' }),
    ],
  });
}

function otherTown() {
  return validateTownFile({
    ...tinyTown(),
    name: 'Otherton',
    locations: [{ id: 'mill', name: 'Old Mill', subAreas: [{ name: 'floor', objects: [] }] }],
    residents: [res('Bertha Zyx', 'mill')],
  });
}

let w: WebTown;
let browser: Browser;
let page: Page;
let link: string;
const step = async (ticks = 1) =>
  runOperation(
    OPERATIONS.townStep,
    { town: await w.town(A), speaker: { id: 'admin', displayName: 'Admin' } },
    { ticks },
  );

/** "resident name -> place name" as the page's who-is-where list shows it. */
async function whereOnPage(p: Page): Promise<Record<string, string>> {
  return p.$$eval('ul.where > li', (items) => {
    const out: Record<string, string> = {};
    for (const li of items) {
      const place = li.querySelector('a')?.textContent ?? '';
      for (const a of li.querySelectorAll('a[data-resident]')) out[a.getAttribute('data-resident') ?? ''] = place;
    }
    return out;
  });
}

async function whereInTown(): Promise<Record<string, string>> {
  const m = (await w.town(A)).map();
  const out: Record<string, string> = {};
  for (const l of m.locations) for (const r of l.residents) out[r.name] = `${l.emoji} ${l.name}`;
  for (const r of m.travelling) out[r.name] = `🚶 ${r.name}`;
  return out;
}

beforeAll(async () => {
  [w, browser] = await Promise.all([
    startWebTown({ [A]: corpusTown(), [B]: otherTown() }, { limits: { requestsPerMinute: 100_000 } }),
    launchChromium(),
  ]);
  await step();
  link = w.web.linkFor(A).url;
  page = await browser.newPage();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await w?.stop();
});

describe('the web view in Chromium', () => {
  it('the live map follows /town step without a reload: residents move between places', async () => {
    await page.goto(link);
    await page.waitForSelector('body[data-stream="open"]');
    expect(await page.locator('svg[role="img"]').count()).toBe(1);
    const first = await whereOnPage(page);
    const seen = [first];
    for (let i = 0; i < 5; i++) {
      const before = await page.getAttribute('body', 'data-updated');
      await step();
      await expect.poll(() => page.getAttribute('body', 'data-updated'), { timeout: 5000 }).not.toBe(before);
      // What the page shows is what the town committed (travellers are listed with their road).
      const want = await whereInTown();
      const shown = await whereOnPage(page);
      for (const [name, place] of Object.entries(want))
        if (!place.startsWith('🚶')) expect(shown[name], name).toBe(place);
      expect(await page.textContent('#clock')).toBe((await w.town(A)).status().time);
      seen.push(shown);
    }
    const moved = Object.keys(first).filter((name) =>
      seen.some((s) => s[name] !== undefined && s[name] !== first[name]),
    );
    expect(moved.length).toBeGreaterThan(0);
  });

  it('follows a resident: their page (public seed, plan, ties as SVG), then only their posts in the feed', async () => {
    await page.goto(link);
    await page.click('ul.where a[data-resident="Ann Lee"]');
    await page.waitForSelector('h1:has-text("Ann Lee")');
    expect(await page.textContent('dl.seed')).toContain('Ann Lee lives here.');
    // `currently` and the seed paragraph hold what facts spread by word of mouth: never shown.
    expect(await page.textContent('main')).not.toContain('Ann Lee is well.');
    expect(await page.locator('main svg[role="img"]').count()).toBe(1);
    await page.click('text=Follow Ann Lee in the feed');
    await page.waitForSelector('h1:has-text("Feed")');
    const who = await page.$$eval('ol.posts .who', (els) => els.map((e) => e.textContent?.trim() ?? ''));
    expect(who.length).toBeGreaterThan(0);
    for (const name of who) expect(name).toMatch(/Ann Lee$/);
  });

  it('scrubs back a day with the keyboard: the map and posts of that moment', async () => {
    // Past midnight: day 1 is in the past now.
    while ((await w.town(A)).status().simTime < Date.parse('2024-01-02T02:00:00Z')) await step();
    await page.goto(`${link}day?date=2024-01-01&t=720`);
    expect(await page.textContent('h1')).toBe('Looking back: 2024-01-01 at 12:00');
    const slider = page.locator('input[type=range]');
    await slider.focus();
    await page.keyboard.press('Home');
    await page.waitForSelector('h1:has-text("at 00:00")');
    // the heading follows the slider at once; the moment's posts when its frame has come (the page marks it)
    await page.waitForSelector('body[data-minute="0"]');
    expect(await page.textContent('main')).toContain('Nothing was posted yet that day.');
    // The slider keeps the keyboard focus across the refresh.
    expect(await page.evaluate('document.activeElement.name')).toBe('t');
    await page.keyboard.press('End');
    await page.waitForSelector('h1:has-text("at 22:00")');
    await page.waitForSelector('body[data-minute="1320"]');
    await page.waitForSelector('ol.posts time');
    const times = await page.$$eval('ol.posts time', (els) => els.map((e) => e.textContent ?? ''));
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) expect(t <= '22:00').toBe(true);
    expect(page.url()).toContain('t=1320');
    // The map of that moment: residents placed from their posts up to then.
    expect(await page.locator('svg a.avatar:not(.gone)').count()).toBeGreaterThan(0);
  });

  it('opens a game in play: the table and public clues, never the secret word', async () => {
    const ctx = { scope: A, channelId: 'cafe-channel' };
    const host = { id: 'guest', name: 'Guest' };
    await w.games.lobby(ctx, host, { kind: 'chameleon', bots: 3 });
    await w.games.start(ctx, host);
    const rec = await w.gameStore.active(A, 'cafe-channel');
    const secret = rec?.data.state.kind === 'chameleon' ? rec.data.state.secret : '';
    expect(secret).toBeTruthy();
    await page.goto(`${link}games`);
    await page.click('ul.games a:has-text("Chameleon")');
    await page.waitForSelector('h1:has-text("Chameleon")');
    const text = (await page.textContent('main')) ?? '';
    expect(text).toContain('Guest');
    expect(text).toMatch(/Topic: /);
    expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it('an injection corpus of names renders as text: no script runs, no element is made', async () => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Refused|Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    for (const path of ['', 'feed', 'resident/bo', 'resident/cy']) {
      await page.goto(`${link}${path}`);
      expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
      expect(await page.locator('main img').count()).toBe(0);
      expect(await page.locator('main script').count()).toBe(0);
    }
    await page.goto(`${link}resident/bo`);
    expect(await page.textContent('h1')).toContain(SCRIPT_NAME);
    await page.goto(`${link}feed`);
    expect(await page.textContent('form.filter')).toContain(IMG_PLACE);
    // The town file's name loses its bidi override and zero-width space (issue 24): it shows as the plain name.
    const filter = (await page.textContent('form.filter')) ?? '';
    expect(filter).toContain('Cy Ray');
    expect(filter).not.toMatch(/[\u202e\u200b]/);
    expect(violations).toEqual([]);
  });

  it("refuses another guild's resident and an expired link with a clear page", async () => {
    const theirs = await page.goto(`${link}resident/bertha-zyx`);
    expect(theirs?.status()).toBe(404);
    expect(await page.textContent('main')).toContain('No resident called "bertha-zyx" in Tiny.');
    const expired = await page.goto(w.web.linkFor(B, -60_000).url);
    expect(expired?.status()).toBe(403);
    expect(await page.textContent('main')).toContain('This link has expired.');
    expect(await page.textContent('body')).not.toContain('Otherton');
  });

  it('reads on a 360 px phone (only the map scrolls sideways) and by keyboard (skip link first)', async () => {
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
    try {
      await phone.goto(link);
      const wide = await phone.evaluate(
        `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 360 && !e.closest('.map-scroll')).map((e) => e.tagName + ' ' + e.textContent.slice(0, 40)).slice(0, 5)`,
      );
      expect(wide).toEqual([]);
      expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
      await phone.keyboard.press('Tab');
      expect(await phone.evaluate('document.activeElement.textContent')).toBe('Skip to content');
    } finally {
      await phone.close();
    }
  });
});

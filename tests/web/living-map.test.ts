// The living map and Look back in a real browser (Debian's headless Chromium), on Willowbrook run by the offline
// model: an avatar sampled across frames while a tick plays (it walks), a reply shown as a bubble over its speaker,
// follow, the still map for reduced motion, pan and zoom at 390 px, Look back playing, and the notice a page shows
// when its link expires. Screenshots of each go to reports/web-shots/ for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTownFile } from '../../src/town/file-io.ts';
import type { TownService } from '../../src/town/service.ts';
import { launchChromium } from '../support/browser.ts';
import { startWebTown, type WebTown } from '../support/web-town.ts';

const W = '333333333333333333';
const SHOTS = join(import.meta.dirname, '..', '..', 'reports', 'web-shots');

let w: WebTown;
let town: TownService;
let browser: Browser;
let link: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [w, browser] = await Promise.all([
    startWebTown({ [W]: loadTownFile() }, { limits: { requestsPerMinute: 100_000 }, seed: 3 }),
    launchChromium(),
  ]);
  town = await w.town(W);
  // Into the morning: people leave home, so avatars walk.
  await town.step(6);
  link = w.web.linkFor(W).url;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await w?.stop();
});

/** Every avatar's CSS transform, by resident id. */
type Styled = { dataset: Record<string, string | undefined>; style: { transform: string } };
const transforms = (p: Page) =>
  p.$$eval('svg.living-map a.avatar', (els) =>
    Object.fromEntries(
      els.map((e) => [(e as unknown as Styled).dataset.id ?? '', (e as unknown as Styled).style.transform]),
    ),
  );

const centre = (p: Page, id: string) =>
  p.$eval(`svg.living-map a.avatar[data-id="${id}"] circle`, (c) => {
    const r = c.getBoundingClientRect();
    return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2), top: r.top };
  });

/** Steps the town until someone's avatar has a new place; returns who. */
async function stepUntilSomeoneWalks(p: Page): Promise<string> {
  for (let i = 0; i < 12; i++) {
    const before = await transforms(p);
    const stamp = await p.getAttribute('body', 'data-updated');
    await town.step(1);
    await expect.poll(() => p.getAttribute('body', 'data-updated'), { timeout: 5000 }).not.toBe(stamp);
    const after = await transforms(p);
    const moved = Object.keys(after).find((id) => before[id] !== after[id]);
    if (moved) return moved;
  }
  throw new Error('nobody walked in 12 ticks');
}

describe('the living map in Chromium', () => {
  it('places stay still and an avatar walks across frames during a tick (sampled positions differ)', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      await page.goto(link);
      await page.waitForSelector('body[data-stream="open"]');
      const places = () =>
        page.$$eval('svg.living-map a.place rect', (rs) =>
          rs.map((r) => `${r.getAttribute('x')},${r.getAttribute('y')}`),
        );
      const still = await places();
      const who = await stepUntilSomeoneWalks(page);
      // Sampled while the walk plays (the tick's interval is not known yet: 2.5 s).
      const samples: string[] = [];
      for (let i = 0; i < 6; i++) {
        const c = await centre(page, who);
        samples.push(`${c.x},${c.y}`);
        if (i === 1) await page.screenshot({ path: join(SHOTS, 'desktop-mid-walk.png') });
        await page.waitForTimeout(250);
      }
      expect(new Set(samples).size).toBeGreaterThanOrEqual(3);
      // The places did not move with who is in them.
      await town.step(2);
      expect(await places()).toEqual(still);
    } finally {
      await page.close();
    }
  });

  it('a reply shows as a bubble over its speaker; a click follows them with a link to their page', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      await page.goto(link);
      await page.waitForSelector('body[data-stream="open"]');
      const here = town.map().locations.find((l) => l.residents.length > 0)!;
      const resident = here.residents[0]!;
      const said = await town.say(
        here.id,
        { id: 'p1', displayName: 'Pat' },
        `Hello ${resident.name}, how is your day going?`,
      );
      const reply = said.replies.find((r) => r.residentId === resident.id);
      expect(reply).toBeDefined();
      const bubble = page.locator(`.bubble[data-who="${resident.id}"]`);
      await bubble.first().waitFor({ timeout: 5000 });
      // (after its 0.2 s pop)
      await page.waitForTimeout(300);
      expect(await bubble.first().textContent()).toContain(reply!.text.slice(0, 60));
      // It stands over the speaker's avatar.
      const b = (await bubble.first().boundingBox())!;
      const c = await centre(page, resident.id);
      expect(Math.abs(b.x + b.width / 2 - c.x)).toBeLessThan(4);
      expect(b.y + b.height).toBeLessThanOrEqual(c.top + 2);
      await page.screenshot({ path: join(SHOTS, 'desktop-bubble.png') });
      // The "Just said" list has it too, for readers without the bubbles.
      expect(await page.textContent('ol.talk-now')).toContain(reply!.text.slice(0, 60));

      await page.click(`svg.living-map a.avatar[data-id="${resident.id}"]`);
      expect(await page.getAttribute(`a.avatar[data-id="${resident.id}"]`, 'class')).toContain('followed');
      expect(await page.textContent('#follow')).toContain(`Following ${resident.name}`);
      expect(await page.getAttribute('#follow a', 'href')).toBe(`resident/${resident.id}`);
      expect(page.url()).toContain(`#follow=${resident.id}`);
    } finally {
      await page.close();
    }
  });

  it("a person's line with markup, a right-to-left override and 2,000 characters is a bubble of text at the place", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      await page.goto(link);
      await page.waitForSelector('body[data-stream="open"]');
      const here = town.map().locations.find((l) => l.residents.length > 0)!;
      const head = '<img src=x onerror="window.__pwned=1"> \u202eevil ';
      const line = `${head}${'y'.repeat(2000 - head.length)}`;
      await town.say(here.id, { id: 'p2', displayName: '<b>Quinn</b>' }, line);
      const bubble = page.locator('.bubble.person').first();
      await bubble.waitFor({ timeout: 5000 });
      const text = (await bubble.textContent()) ?? '';
      expect(text).toContain('<b>Quinn</b> (person)');
      expect(text).toContain('<img src=x onerror="window.__pwned=1">');
      expect(text.length).toBeLessThan(200);
      // The override is gone: the words read as typed.
      expect(text).toContain(' evil y');
      expect(text).not.toContain('\u202e');
      expect(await page.locator('.bubbles img, main img, .bubbles b b').count()).toBe(0);
      expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
      // It stands at the place whose name it was said in, inside the map's box.
      const box = (await bubble.boundingBox())!;
      const map = (await page.locator('.map-scroll').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(map.x);
      expect(box.x + box.width).toBeLessThanOrEqual(map.x + map.width + 1);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, 'desktop-person-bubble.png') });
    } finally {
      await page.close();
    }
  });

  it('prefers-reduced-motion gets the still map: avatars jump, nothing animates', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, reducedMotion: 'reduce' });
    try {
      await page.goto(link);
      await page.waitForSelector('body[data-stream="open"]');
      expect(await page.evaluate(`getComputedStyle(document.querySelector('a.avatar')).transitionDuration`)).toBe('0s');
      const who = await stepUntilSomeoneWalks(page);
      const a = await centre(page, who);
      await page.waitForTimeout(400);
      expect(await centre(page, who)).toEqual(a);
    } finally {
      await page.close();
    }
  });

  it('at 390 px the map pans and zooms inside its box; the page itself does not scroll sideways', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.goto(link);
      await phone.waitForSelector('.map-tools:not([hidden])');
      const box = await phone.$eval('.map-scroll', (e) => ({ sw: e.scrollWidth, cw: e.clientWidth }));
      expect(box.sw).toBeGreaterThan(box.cw);
      expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      const width = () => phone.$eval('svg.living-map', (s) => s.getBoundingClientRect().width);
      const w0 = await width();
      await phone.click('button[data-zoom="in"]');
      expect(await width()).toBeGreaterThan(w0 * 1.2);
      await phone.click('button[data-zoom="fit"]');
      expect(await width()).toBeLessThanOrEqual(390);
      await phone.click('button[data-zoom="in"]');
      await phone.$eval('.map-scroll', (e) => e.scrollBy(200, 0));
      expect(await phone.$eval('.map-scroll', (e) => e.scrollLeft)).toBeGreaterThan(0);
      await phone.screenshot({ path: join(SHOTS, 'phone-390-map.png') });
      // A resident's ties picture zooms and pans the same way rather than being cut at the edge.
      await phone.goto(`${link}resident/${town.residents()[0]!.id}`);
      const ties = phone.locator('.map-scroll.zoomable svg');
      await phone.waitForSelector('.map-tools:not([hidden])');
      await phone.click('button[data-zoom="fit"]');
      expect((await ties.boundingBox())!.width).toBeLessThanOrEqual(390);
      await phone.click('button[data-zoom="in"]');
      await phone.click('button[data-zoom="in"]');
      expect(await phone.$eval('.map-scroll.zoomable', (e) => e.scrollWidth > e.clientWidth)).toBe(true);
      expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });

  it('Look back plays: the moment advances by itself, avatars walk, the link names the moment; pause stops it', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      const day = new Date(town.status().simTime).toISOString().slice(0, 10);
      await page.goto(`${link}day?date=${day}&t=420`);
      await page.waitForSelector('.player:not([hidden])');
      await page.selectOption('select[data-speed]', '4');
      await page.click('button[data-play]');
      await expect.poll(() => page.getAttribute('body', 'data-minute'), { timeout: 5000 }).not.toBeNull();
      const first = Number(await page.getAttribute('body', 'data-minute'));
      const before = await transforms(page);
      await expect
        .poll(async () => Number(await page.getAttribute('body', 'data-minute')), { timeout: 8000 })
        .toBeGreaterThanOrEqual(first + 30);
      await page.screenshot({ path: join(SHOTS, 'desktop-look-back-playing.png') });
      // Residents are on the map and some walked between the frames.
      expect(await page.locator('svg.living-map a.avatar:not(.gone)').count()).toBeGreaterThan(0);
      const after = await transforms(page);
      expect(Object.keys(after).some((id) => after[id] !== before[id])).toBe(true);
      const minute = Number(await page.getAttribute('body', 'data-minute'));
      expect(await page.getAttribute('a.moment', 'href')).toBe(`day?date=${day}&t=${minute}`);
      expect(page.url()).toContain(`t=${minute}`);
      expect(await page.textContent('footer')).toContain('does not update');
      await page.click('button[data-play]');
      const stopped = await page.getAttribute('body', 'data-minute');
      await page.waitForTimeout(1200);
      expect(await page.getAttribute('body', 'data-minute')).toBe(stopped);
    } finally {
      await page.close();
    }
  });

  it('a link that expires while open says so, says how to get a new one, and stops claiming to be live', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      await page.goto(w.web.linkFor(W, 4000).url);
      expect(await page.textContent('#state')).toContain('running');
      expect(await page.isHidden('#notice')).toBe(true);
      await page.waitForSelector('#notice:not([hidden])', { timeout: 10_000 });
      expect(await page.textContent('#notice')).toContain('This link has expired');
      expect(await page.textContent('#notice')).toContain('/town watch');
      expect(await page.textContent('#state')).toBe('⏹ link expired');
      expect(await page.textContent('footer')).toContain('Not updating');
      await page.screenshot({ path: join(SHOTS, 'desktop-expired.png') });
    } finally {
      await page.close();
    }
  });
});

// The web view's pages as HTML: the layout (header with the clock and the town's state, navigation), the live map,
// the feed, a resident's page, the day to scrub back through, the games, and the error pages. Every value goes
// through `html` (escaped); the pictures are src/render's SVG. Static parts work without JavaScript; the client
// bundle (client/app.ts) only refreshes <main> on live pages and moves the day slider.

import type { MapData } from '../app/town-view.ts';
import type { DayFrame, FeedFilter, ResidentPage, WatchPost, WatchStatus } from '../app/watch.ts';
import type { WatchGame, WatchGameSummary } from '../app/watch-games.ts';
import { gameKinds } from '../games/scenarios/registry.ts';
import { type Html, html } from './html.ts';
import { livingMap, talkList } from './living-map.ts';
import type { Scene, SceneLayout } from './scene.ts';

export interface PageFrame {
  /** Path of the link's root, e.g. /w/TOKEN/ (every relative link resolves against it). */
  base: string | Html;
  status: WatchStatus;
  /** Live pages get their <main> refreshed when the town changes. */
  live: boolean;
  nav: 'map' | 'feed' | 'day' | 'games' | 'resident';
  /** When the link stops working (wall ms, or the mark filled in per link): the page says so then. */
  expiresAt: number | Html;
  /** The console's own town (no Discord to point at). */
  console: boolean;
  /** A link preview (Discord unfurls og: tags): the page's absolute URL and its map picture's. */
  preview?: { url: string | Html; image: string | Html; description: string };
}

/** Where a new link comes from, said the way this town's people reach it. */
export function newLinkHint(console: boolean): string {
  return console
    ? 'Type /town watch in the console for a new link.'
    : 'Run /town watch (or /web) in the server for a new link.';
}

export const STATE_LABEL: Record<WatchStatus['state'], string> = {
  running: '▶ running',
  paused: '⏸ paused',
  'model paused': '⚠ model paused',
};

export function layout(f: PageFrame, title: string, main: Html): string {
  const tab = (id: PageFrame['nav'], href: string, label: string) =>
    html`<a href="${href}"${f.nav === id ? html` aria-current="page"` : ''}>${label}</a>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · ${f.status.name}</title>
<base href="${f.base}">
<link rel="icon" href="/favicon.ico" sizes="any">
<link rel="icon" href="/static/icon.svg" type="image/svg+xml">
${
  f.preview
    ? html`<meta property="og:type" content="website">
<meta property="og:site_name" content="Smalltown">
<meta property="og:title" content="${f.status.name}: ${title}">
<meta property="og:description" content="${f.preview.description}">
<meta property="og:url" content="${f.preview.url}">
<meta property="og:image" content="${f.preview.image}">
<meta name="twitter:card" content="summary_large_image">
<meta name="description" content="${f.preview.description}">`
    : ''
}
<link rel="stylesheet" href="/static/app.css">
<script src="/static/app.js" defer></script>
</head>
<body>
<a class="skip" href="${f.base}#main">Skip to content</a>
<header>
<div class="town"><strong>${f.status.name}</strong> <span id="clock">${f.status.time}</span> <span id="state" class="state state-${f.status.state.replace(' ', '-')}">${STATE_LABEL[f.status.state]}</span></div>
<nav aria-label="Town">${tab('map', './', 'Map')} ${tab('feed', 'feed', 'Feed')} ${tab('day', 'day', 'Look back')} ${tab('games', 'games', 'Games')}</nav>
</header>
<p id="notice" class="notice" role="alert" hidden data-expired="This link has expired, so this page no longer updates. ${newLinkHint(f.console)}"></p>
<main id="main" tabindex="-1" data-expires="${f.expiresAt}"${f.live ? html` data-live="events"` : ''}>
${main}
</main>
<footer>Read-only view of the town: what its channels already show.${f.live ? html` <span id="live-note">Updates live while this page is open.</span>` : ' This page shows a past moment; it does not update.'}</footer>
</body>
</html>`.text;
}

/** Who is where, as a list: the map's content for keyboards, screen readers and narrow screens. */
export function whoIsWhere(map: MapData): Html {
  const rows = map.locations
    .filter((l) => l.residents.length > 0)
    .map(
      (l) =>
        html`<li><a href="feed?place=${encodeURIComponent(l.id)}">${l.emoji} ${l.name}</a>: ${l.residents.map(
          (r, i) =>
            html`${i > 0 ? ', ' : ''}<a href="resident/${encodeURIComponent(r.id)}" data-resident="${r.name}">${r.name}</a> <span class="doing">(${r.emoji} ${r.doing})</span>`,
        )}</li>`,
    );
  const name = (id: string) => map.locations.find((l) => l.id === id)?.name ?? id;
  const road = map.travelling.map(
    (r) =>
      html`<li>🚶 <a href="resident/${encodeURIComponent(r.id)}" data-resident="${r.name}">${r.name}</a>: ${name(r.from)} → ${name(r.to)}</li>`,
  );
  return html`<ul class="where">${rows}${road}</ul>`;
}

function time(simTime: number): string {
  return new Date(simTime).toISOString().slice(11, 16);
}

export function postList(posts: readonly WatchPost[], placeName: (id: string) => string, empty: string): Html {
  if (posts.length === 0) return html`<p class="empty">${empty}</p>`;
  return html`<ol class="posts">${posts.map(
    (p) =>
      html`<li data-seq="${p.seq}"${p.kind === 'said' ? html` class="said"` : ''}><time>${time(p.simTime)}</time> <a class="place" href="feed?place=${encodeURIComponent(p.location)}">#${placeName(p.location)}</a> ${
        p.kind === 'said'
          ? html`<span class="who person">${p.speakerName ?? 'someone'}</span> <span class="tag">person</span>`
          : p.speakerId && p.speakerName
            ? html`<a class="who" href="resident/${encodeURIComponent(p.speakerId)}">${p.emoji ?? ''} ${p.speakerName}</a>`
            : p.speakerName
              ? html`<span class="who">${p.speakerName}</span>`
              : ''
      } <span class="text">${p.text}</span></li>`,
  )}</ol>`;
}

export function mapPage(
  f: PageFrame,
  places: SceneLayout,
  scene: Scene,
  map: MapData,
  recent: readonly WatchPost[],
  placeName: (id: string) => string,
) {
  return layout(
    f,
    'Map',
    html`<h1 id="map-caption">${f.status.name} — <span class="clock-now">${f.status.time}</span></h1>
${livingMap(places, scene, `Map of ${f.status.name} at ${f.status.time}: where everyone is`)}
<h2>Just said</h2>
${talkList(scene.lines)}
<h2>Who is where</h2>
<div id="where">${whoIsWhere(map)}</div>
<h2>Latest posts</h2>
<div id="latest">${postList(recent, placeName, 'Nothing has been posted yet.')}</div>
<p><a href="feed">The whole feed</a></p>`,
  );
}

export function feedPage(
  f: PageFrame,
  filter: FeedFilter,
  places: { id: string; name: string }[],
  residents: { id: string; name: string }[],
  posts: readonly WatchPost[],
  placeName: (id: string) => string,
) {
  const opt = (v: string, label: string, sel: string | undefined) =>
    html`<option value="${v}"${sel === v ? html` selected` : ''}>${label}</option>`;
  return layout(
    f,
    'Feed',
    html`<h1>Feed</h1>
<form class="filter" method="get" action="feed">
<label>Place <select name="place">${opt('', 'everywhere', filter.place ?? '')}${places.map((p) => opt(p.id, p.name, filter.place))}</select></label>
<label>Resident <select name="resident">${opt('', 'everyone', filter.resident ?? '')}${residents.map((r) => opt(r.id, r.name, filter.resident))}</select></label>
<button type="submit">Show</button>
</form>
${postList(posts, placeName, 'No posts match.')}`,
  );
}

/**
 * Today's plan as the agent keeps it (planLines: "08:00-12:00: activity (place-id)", its hour steps indented under
 * it): each block with its place's name, and its steps nested under it rather than listed beside it.
 */
export function planTree(
  lines: readonly string[],
  placeName: (id: string) => string,
): { text: string; steps: string[] }[] {
  const out: { text: string; steps: string[] }[] = [];
  for (const line of lines) {
    const step = /^\s+/.test(line);
    const text = line.trim().replace(/\(([a-z0-9][a-z0-9_-]*)\)$/i, (all, id: string) => {
      const name = placeName(id);
      return name === id ? all : `(${name})`;
    });
    const last = out[out.length - 1];
    if (step && last) last.steps.push(text);
    else out.push({ text, steps: [] });
  }
  return out;
}

function planList(lines: readonly string[], placeName: (id: string) => string): Html {
  return html`<ul class="plan">${planTree(lines, placeName).map(
    (b) =>
      html`<li>${b.text}${b.steps.length > 0 ? html`<ul class="steps">${b.steps.map((x) => html`<li>${x}</li>`)}</ul>` : ''}</li>`,
  )}</ul>`;
}

export function residentPageHtml(
  f: PageFrame,
  page: ResidentPage,
  ties: Html,
  placeName: (id: string) => string,
): string {
  const r = page.info;
  const where = r.travellingTo ? `on the way to ${r.travellingTo.name}` : `at ${r.location.name}`;
  return layout(
    f,
    r.name,
    html`<h1>${r.emoji} ${r.name} <small>(${r.age})</small></h1>
<p class="now">Now ${where}: ${r.actionEmoji} ${r.doing}</p>
<dl class="seed">
<dt>Who they are</dt><dd>${r.learned}</dd>
<dt>Traits</dt><dd>${r.innate}</dd>
<dt>Their days</dt><dd>${r.lifestyle}</dd>
<dt>Home</dt><dd>${r.home.name}</dd>
</dl>
<p><a href="feed?resident=${encodeURIComponent(r.id)}">Follow ${r.name} in the feed</a></p>
<h2>Today's plan</h2>
${r.plan.length > 0 ? planList(r.plan, placeName) : html`<p class="empty">No plan yet today.</p>`}
<h2>People ${r.name} knows</h2>
<div class="map-tools" hidden><button type="button" data-zoom="in" aria-label="Zoom in">+</button><button type="button" data-zoom="out" aria-label="Zoom out">−</button><button type="button" data-zoom="fit">Fit</button></div>
<div class="map-scroll zoomable">${ties}</div>
<h2>Recent posts</h2>
${postList(page.posts, placeName, `${r.name} has not posted yet.`)}`,
  );
}

/** Look back: the living map at a past moment, a slider over the day, and a player that walks through it. */
export function dayPage(
  f: PageFrame,
  d: DayFrame,
  places: SceneLayout,
  scene: Scene,
  placeName: (id: string) => string,
): string {
  const hhmm = `${String(Math.floor(d.minute / 60)).padStart(2, '0')}:${String(d.minute % 60).padStart(2, '0')}`;
  const step = Math.max(1, f.status.minutesPerTick);
  const moment = `day?date=${d.date}&t=${d.minute}`;
  return layout(
    f,
    `${d.date} ${hhmm}`,
    html`<h1 id="map-caption">Looking back: ${d.date} at <span class="at">${hhmm}</span></h1>
<form class="scrub" method="get" action="day" data-step="${step}">
<label>Day <select name="date">${d.days.map((day) => html`<option value="${day}"${day === d.date ? html` selected` : ''}>${day}</option>`)}</select></label>
<label class="slider">Time <input type="range" name="t" min="0" max="${1440 - step}" step="${step}" value="${d.minute}" aria-valuetext="${hhmm}"> <output name="at">${hhmm}</output></label>
<button type="submit">Show</button>
<span class="player" hidden><button type="button" data-play aria-pressed="false">▶ Play</button>
<label>Speed <select data-speed><option value="1">1×</option><option value="2" selected>2×</option><option value="4">4×</option><option value="8">8×</option></select></label></span>
<a class="moment" href="${moment}">Link to this moment</a>
</form>
${livingMap(places, scene, `Map of ${f.status.name} on ${d.date} at ${hhmm}, rebuilt from the kept posts`)}
<p class="empty unseen"${d.unseen.length > 0 ? '' : html` hidden`}>${d.unseen.length > 0 ? `Not seen yet by then: ${d.unseen.join(', ')}.` : ''}</p>
<h2>Said around ${hhmm}</h2>
${talkList(scene.lines)}
<h2>Posts up to <span class="at">${hhmm}</span></h2>
<div id="latest">${postList(d.posts, placeName, 'Nothing was posted yet that day.')}</div>`,
  );
}

export function gamesPage(f: PageFrame, games: WatchGameSummary[], finished: WatchGameSummary[]): string {
  const row = (g: WatchGameSummary) =>
    html`<li><a href="games/${encodeURIComponent(g.id)}">${g.title}</a>: ${g.phase}, ${g.players} at the table</li>`;
  return layout(
    f,
    'Games',
    html`<h1>Games</h1>
${
  games.length > 0
    ? html`<ul class="games">${games.map(row)}</ul>`
    : html`<p class="empty">No game is open right now. ${f.console ? 'Start one in the console' : 'Start one in a channel of the town'} with ${gameKinds()
        .map((k, i, all) => `${i === 0 ? '' : i === all.length - 1 ? ' or ' : ', '}/game ${k}`)
        .join('')}.</p>`
}
${finished.length > 0 ? html`<h2>Finished while you watched</h2><ul class="games">${finished.map(row)}</ul>` : ''}`,
  );
}

export function gamePage(f: PageFrame, g: WatchGame): string {
  return layout(
    f,
    g.title,
    html`<h1>${g.title} <small>${g.phase}</small></h1>
<h2>At the table</h2>
<ul class="seats">${g.seats.map((s) => html`<li${s.out ? html` class="out"` : ''}>${s.name}${s.bot ? ' (bot)' : ''}${s.out ? ' — out' : ''}</li>`)}</ul>
<h2>So far</h2>
${g.lines.length > 0 ? html`<ul class="moves">${g.lines.map((l) => html`<li>${l}</li>`)}</ul>` : html`<p class="empty">Waiting in the lobby.</p>`}
<p><a href="games">All games</a></p>`,
  );
}

/** A refusal or a miss, as a page: the status, one sentence, nothing else (no stack trace, no town data). */
export function errorPage(status: number, message: string): string {
  const title =
    status === 200
      ? 'A town’s web view'
      : status === 404
        ? 'Not found'
        : status === 403
          ? 'Link refused'
          : status === 429
            ? 'Too many requests'
            : status >= 500
              ? 'Something went wrong'
              : 'Bad request';
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="icon" href="/favicon.ico" sizes="any"><link rel="stylesheet" href="/static/app.css"></head>
<body><main id="main"><h1>${title}</h1><p class="error">${message}</p></main></body>
</html>`.text;
}

// The web view's pages as HTML: the layout (header with the clock and the town's state, navigation), the live map,
// the feed, a resident's page, the day to scrub back through, the games, and the error pages. Every value goes
// through `html` (escaped); the pictures are src/render's SVG. Static parts work without JavaScript; the client
// bundle (client/app.ts) only refreshes <main> on live pages and moves the day slider.
import type { DayFrame, FeedFilter, ResidentPage, WatchPost, WatchStatus } from '../app/watch.ts';
import type { WatchGame, WatchGameSummary } from '../app/watch-games.ts';
import type { MapData } from '../app/town-view.ts';
import { buildMapSvg, type MapInput } from '../render/map.ts';
import { type Html, html, trusted } from './html.ts';

export interface PageFrame {
  /** Path of the link's root, e.g. /w/TOKEN/ (every relative link resolves against it). */
  base: string;
  status: WatchStatus;
  /** Live pages get their <main> refreshed when the town changes. */
  live: boolean;
  nav: 'map' | 'feed' | 'day' | 'games' | 'resident';
}

const STATE_LABEL: Record<WatchStatus['state'], string> = {
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
<link rel="stylesheet" href="/static/app.css">
<script src="/static/app.js" defer></script>
</head>
<body>
<a class="skip" href="${f.base}#main">Skip to content</a>
<header>
<div class="town"><strong>${f.status.name}</strong> <span id="clock">${f.status.time}</span> <span id="state" class="state state-${f.status.state.replace(' ', '-')}">${STATE_LABEL[f.status.state]}</span></div>
<nav aria-label="Town">${tab('map', './', 'Map')} ${tab('feed', 'feed', 'Feed')} ${tab('day', 'day', 'Look back')} ${tab('games', 'games', 'Games')}</nav>
</header>
<main id="main" tabindex="-1"${f.live ? html` data-live="events"` : ''}>
${main}
</main>
<footer>Read-only view of the town: what its channels already show. Updates live while this page is open.</footer>
</body>
</html>`.text;
}

/** The town's map picture (src/render's SVG), each resident and place linking to its page. */
export function mapSvg(map: MapData, title: string, subtitle: string): Html {
  const name = (id: string) => map.locations.find((l) => l.id === id)?.name ?? id;
  const input: MapInput = {
    title,
    subtitle,
    locations: map.locations.map((l) => ({
      id: l.id,
      name: l.name,
      emoji: l.emoji,
      open: l.open,
      href: `feed?place=${encodeURIComponent(l.id)}`,
      ...(l.position ? { position: l.position } : {}),
      residents: l.residents.map((r) => ({
        name: r.name,
        emoji: r.emoji,
        doing: r.doing,
        href: `resident/${encodeURIComponent(r.id)}`,
      })),
    })),
    travelling: map.travelling.map((r) => ({ name: r.name, emoji: r.emoji, from: name(r.from), to: name(r.to) })),
  };
  return trusted(buildMapSvg(input).replace('<svg ', '<svg role="img" aria-labelledby="map-caption" '));
}

/** Who is where, as a list: the map's content for keyboards, screen readers and narrow screens. */
function whoIsWhere(map: MapData): Html {
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
      html`<li data-seq="${p.seq}"><time>${time(p.simTime)}</time> <a class="place" href="feed?place=${encodeURIComponent(p.location)}">#${placeName(p.location)}</a> ${
        p.speakerId && p.speakerName
          ? html`<a class="who" href="resident/${encodeURIComponent(p.speakerId)}">${p.emoji ?? ''} ${p.speakerName}</a>`
          : p.speakerName
            ? html`<span class="who">${p.speakerName}</span>`
            : ''
      } <span class="text">${p.text}</span></li>`,
  )}</ol>`;
}

export function mapPage(f: PageFrame, map: MapData, recent: readonly WatchPost[], placeName: (id: string) => string) {
  return layout(
    f,
    'Map',
    html`<h1 id="map-caption">${f.status.name} — ${f.status.time}</h1>
<div class="map-scroll">${mapSvg(map, f.status.name, `${f.status.time} · ${f.status.state}`)}</div>
<h2>Who is where</h2>
${whoIsWhere(map)}
<h2>Latest posts</h2>
${postList(recent, placeName, 'Nothing has been posted yet.')}
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
${r.plan.length > 0 ? html`<ul class="plan">${r.plan.map((l) => html`<li>${l}</li>`)}</ul>` : html`<p class="empty">No plan yet today.</p>`}
<h2>People ${r.name} knows</h2>
<div class="map-scroll">${ties}</div>
<h2>Recent posts</h2>
${postList(page.posts, placeName, `${r.name} has not posted yet.`)}`,
  );
}

export function dayPage(f: PageFrame, d: DayFrame, placeName: (id: string) => string): string {
  const hhmm = `${String(Math.floor(d.minute / 60)).padStart(2, '0')}:${String(d.minute % 60).padStart(2, '0')}`;
  const step = Math.max(1, f.status.minutesPerTick);
  return layout(
    f,
    `${d.date} ${hhmm}`,
    html`<h1 id="map-caption">Looking back: ${d.date} at ${hhmm}</h1>
<form class="scrub" method="get" action="day">
<label>Day <select name="date">${d.days.map((day) => html`<option value="${day}"${day === d.date ? html` selected` : ''}>${day}</option>`)}</select></label>
<label class="slider">Time <input type="range" name="t" min="0" max="${1440 - step}" step="${step}" value="${d.minute}" aria-valuetext="${hhmm}"> <output name="at">${hhmm}</output></label>
<button type="submit">Show</button>
</form>
<div class="map-scroll">${mapSvg(d.map, f.status.name, `${d.date} ${hhmm} (from the kept posts)`)}</div>
${d.unseen.length > 0 ? html`<p class="empty">Not seen yet by then: ${d.unseen.join(', ')}.</p>` : ''}
<h2>Posts up to ${hhmm}</h2>
${postList(d.posts, placeName, 'Nothing was posted yet that day.')}`,
  );
}

export function gamesPage(f: PageFrame, games: WatchGameSummary[], finished: WatchGameSummary[]): string {
  const row = (g: WatchGameSummary) =>
    html`<li><a href="games/${encodeURIComponent(g.id)}">${g.title}</a>: ${g.phase}, ${g.players} at the table</li>`;
  return layout(
    f,
    'Games',
    html`<h1>Games</h1>
${games.length > 0 ? html`<ul class="games">${games.map(row)}</ul>` : html`<p class="empty">No game is open right now. Start one in Discord with /game chameleon or /game undercover.</p>`}
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
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="/static/app.css"></head>
<body><main id="main"><h1>${title}</h1><p class="error">${message}</p></main></body>
</html>`.text;
}

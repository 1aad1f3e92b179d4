// The web view's only script (bundled by esbuild at start, served from /static/app.js; the pages work without it).
// Live pages listen to the link's `events` stream. On the map, each "change" carries the next scene: the avatars walk
// there and the lists are swapped for the server's escaped markup, with no page fetched again. Other live pages fetch
// themselves again, spread over a moment so a thousand watchers do not ask at once. When the link expires (the
// stream says so, a fetch is refused, or its time comes) the page says so and how to get a new one, and stops.
// Look back walks the same map through the day: play, pause, speed, and a link to the moment shown.
import { hhmm, nextMoment, stepMs } from './logic.ts';
import { type LivingMap, type Scene, wireMap } from './map.ts';
import { wireZoomBoxes } from './zoom.ts';

const main = document.getElementById('main');
let map: LivingMap | null = main ? wireMap(main) : null;
let source: EventSource | null = null;
let expired = false;

function expire(): void {
  if (expired) return;
  expired = true;
  source?.close();
  stopPlayer();
  const notice = document.getElementById('notice');
  if (notice) {
    notice.textContent = notice.dataset.expired ?? 'This link has expired.';
    notice.hidden = false;
  }
  const state = document.getElementById('state');
  if (state) {
    state.textContent = '⏹ link expired';
    state.className = 'state state-expired';
  }
  const note = document.getElementById('live-note');
  if (note) note.textContent = 'Not updating: the link has expired.';
  document.body.dataset.expired = '1';
}

async function fetchOk(url: string, accept: string): Promise<Response | null> {
  if (expired) return null;
  const res = await fetch(url, { headers: { accept }, credentials: 'same-origin' });
  if (res.status === 403) {
    expire();
    return null;
  }
  return res.ok ? res : null;
}

async function reload(url: string): Promise<void> {
  const res = await fetchOk(url, 'text/html');
  if (!res) return;
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const next = doc.getElementById('main');
  if (!main || !next) return;
  // Keep keyboard focus where it was when the same element exists again.
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const focused = active?.getAttribute('href')
    ? `[href="${CSS.escape(active.getAttribute('href') ?? '')}"]`
    : active?.getAttribute('name')
      ? `[name="${CSS.escape(active.getAttribute('name') ?? '')}"]`
      : null;
  const inMain = active !== null && main.contains(active);
  main.replaceChildren(...Array.from(next.childNodes).map((n) => document.importNode(n, true)));
  for (const id of ['clock', 'state']) {
    const now = doc.getElementById(id);
    const here = document.getElementById(id);
    if (now && here) {
      here.textContent = now.textContent;
      here.className = now.className;
    }
  }
  if (focused && inMain) main.querySelector<HTMLElement>(focused)?.focus();
  document.body.dataset.updated = String(Date.now());
  map = wireMap(main);
  wireZoomBoxes(main);
  wireScrub();
}

interface Change {
  stamp: number;
  scene?: Scene;
  status?: { label: string; cls: string };
  postsHtml?: string;
  whereHtml?: string;
}

function header(c: Change): void {
  const clock = document.getElementById('clock');
  if (clock && c.scene) clock.textContent = c.scene.clock;
  for (const el of document.querySelectorAll('.clock-now')) if (c.scene) el.textContent = c.scene.clock;
  const state = document.getElementById('state');
  if (state && c.status) {
    state.textContent = c.status.label;
    state.className = `state state-${c.status.cls}`;
  }
}

/** Markup the server escaped (postList, whoIsWhere): the same the page itself was made of. */
function swap(id: string, markup: string | undefined): void {
  const el = document.getElementById(id);
  if (!el || markup === undefined) return;
  const doc = new DOMParser().parseFromString(`<div>${markup}</div>`, 'text/html');
  el.replaceChildren(...Array.from(doc.body.firstChild?.childNodes ?? []).map((n) => document.importNode(n, true)));
}

function live(): void {
  if (!main?.dataset.live) return;
  source = new EventSource(main.dataset.live);
  let pending = false;
  source.addEventListener('change', (e) => {
    let c: Change;
    try {
      c = JSON.parse((e as MessageEvent<string>).data) as Change;
    } catch {
      return;
    }
    header(c);
    // The town was replaced (/town new, import): everything changed.
    if (c.stamp === 0) return void reload(location.href);
    if (map && c.scene) {
      if (map.apply(c.scene)) {
        swap('latest', c.postsHtml);
        swap('where', c.whereHtml);
        document.body.dataset.updated = String(Date.now());
        return;
      }
    }
    if (pending) return;
    pending = true;
    // Spread over up to 1.5 s: a thousand pages fetching at the same instant would queue behind each other.
    setTimeout(
      () =>
        void reload(location.href).finally(() => {
          pending = false;
        }),
      Math.random() * 1500,
    );
  });
  source.addEventListener('expired', expire);
  source.addEventListener('open', () => {
    document.body.dataset.stream = 'open';
  });
  source.addEventListener('error', () => {
    // Closed for good (the server refused to reconnect): ask once whether the link still works.
    if (source?.readyState === EventSource.CLOSED) void fetchOk(location.href, 'text/html');
  });
}

function watchExpiry(): void {
  const at = Number(main?.dataset.expires);
  if (!at) return;
  const left = at - Date.now();
  if (left <= 0) {
    expire();
    return;
  }
  // Timers sleep in background tabs: check again when the page is looked at.
  if (left < 2 ** 31 - 1) setTimeout(expire, left);
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && Date.now() >= at) expire();
  });
}

// ---- Look back ----------------------------------------------------------------------------------------------

let playing = 0;

function stopPlayer(): void {
  if (playing) clearTimeout(playing);
  playing = 0;
  const b = document.querySelector<HTMLButtonElement>('button[data-play]');
  if (b) {
    b.textContent = '▶ Play';
    b.setAttribute('aria-pressed', 'false');
  }
  document.body.dataset.playing = '';
}

interface DayJson {
  date: string;
  minute: number;
  scene: Scene;
  unseen: string[];
  postsHtml: string;
}

function wireScrub(): void {
  const form = document.querySelector<HTMLFormElement>('form.scrub');
  if (!form || form.dataset.wired) return;
  form.dataset.wired = '1';
  const slider = form.querySelector<HTMLInputElement>('input[type=range]');
  const out = form.querySelector<HTMLOutputElement>('output');
  const date = form.querySelector<HTMLSelectElement>('select[name=date]');
  const link = form.querySelector<HTMLAnchorElement>('a.moment');
  const speed = form.querySelector<HTMLSelectElement>('select[data-speed]');
  const playButton = form.querySelector<HTMLButtonElement>('button[data-play]');
  const step = Number(form.dataset.step) || 10;
  if (!slider || !date) return;
  const label = (m: number) => {
    const t = hhmm(m);
    if (out) out.textContent = t;
    slider.setAttribute('aria-valuetext', t);
    for (const el of document.querySelectorAll('.at')) el.textContent = t;
  };
  /** Shows a moment: the avatars walk there over `walk` ms; false when it could not be loaded. */
  const show = async (minute: number, walk: number): Promise<boolean> => {
    const q = `date=${encodeURIComponent(date.value)}&t=${minute}`;
    const res = await fetchOk(`day.json?${q}&walk=${walk}`, 'application/json');
    if (!res) return false;
    const d = (await res.json()) as DayJson;
    if (!map?.apply(d.scene, walk)) return false;
    slider.value = String(d.minute);
    label(d.minute);
    swap('latest', d.postsHtml);
    const unseen = document.querySelector<HTMLElement>('p.unseen');
    if (unseen) {
      unseen.textContent = d.unseen.length > 0 ? `Not seen yet by then: ${d.unseen.join(', ')}.` : '';
      unseen.hidden = d.unseen.length === 0;
    }
    history.replaceState(null, '', `day?${q}`);
    if (link) link.href = `day?${q}`;
    document.body.dataset.minute = String(d.minute);
    return true;
  };
  slider.addEventListener('input', () => label(Number(slider.value)));
  slider.addEventListener('change', () => void show(Number(slider.value), 600));
  date.addEventListener('change', () => {
    stopPlayer();
    // Another day: the whole page (its days, its map) comes again.
    void reload(new URL(`day?date=${encodeURIComponent(date.value)}&t=0`, document.baseURI).href);
  });
  const player = form.querySelector<HTMLElement>('.player');
  if (!player || !playButton) return;
  player.hidden = false;
  const tick = async () => {
    const next = nextMoment(Number(slider.value), step);
    if (next === null || expired) return stopPlayer();
    const ms = stepMs(Number(speed?.value ?? 1));
    const t0 = Date.now();
    if (!(await show(next, ms))) return stopPlayer();
    if (playing) playing = window.setTimeout(tick, Math.max(0, ms - (Date.now() - t0)));
  };
  playButton.addEventListener('click', () => {
    if (playing) return stopPlayer();
    // At the day's end, play from its start.
    if (nextMoment(Number(slider.value), step) === null) slider.value = '0';
    playButton.textContent = '⏸ Pause';
    playButton.setAttribute('aria-pressed', 'true');
    document.body.dataset.playing = '1';
    playing = window.setTimeout(tick, 0);
  });
}

if (main) wireZoomBoxes(main);
live();
watchExpiry();
wireScrub();

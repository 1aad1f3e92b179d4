// The web view's only script (bundled by esbuild at start, served from /static/app.js; the pages work without it).
// Live pages: an EventSource on the link's `events` stream; each "change" fetches the page again and swaps its
// <main> and header status (server-rendered, escaped HTML). The day page: the slider shows its time as it moves
// and loads the chosen moment without a full reload.

const main = document.getElementById('main');

async function reload(url: string): Promise<void> {
  const res = await fetch(url, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
  if (!res.ok) return;
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
  wireScrub();
}

function live(): void {
  if (!main?.dataset.live) return;
  const source = new EventSource(main.dataset.live);
  let pending = false;
  source.addEventListener('change', () => {
    if (pending) return;
    pending = true;
    void reload(location.href).finally(() => {
      pending = false;
    });
  });
  source.addEventListener('open', () => {
    document.body.dataset.stream = 'open';
  });
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function wireScrub(): void {
  const form = document.querySelector<HTMLFormElement>('form.scrub');
  if (!form || form.dataset.wired) return;
  form.dataset.wired = '1';
  const slider = form.querySelector<HTMLInputElement>('input[type=range]');
  const out = form.querySelector<HTMLOutputElement>('output');
  if (!slider) return;
  const go = () => {
    const url = `day?${new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()}`;
    history.replaceState(null, '', url);
    void reload(new URL(url, document.baseURI).href);
  };
  slider.addEventListener('input', () => {
    const label = hhmm(Number(slider.value));
    if (out) out.textContent = label;
    slider.setAttribute('aria-valuetext', label);
  });
  slider.addEventListener('change', go);
  form.querySelector('select')?.addEventListener('change', go);
}

live();
wireScrub();

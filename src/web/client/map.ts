// The living map in the browser: avatars walk to where each new scene puts them (a CSS transition over the tick's
// interval), what was said shows as speech bubbles over its speakers one line after another, a resident clicked or
// tapped is followed (highlighted, their bubble, a link to their page), and the map zooms and pans on a phone.
// `prefers-reduced-motion`: avatars jump, bubbles appear together without timing. Text is set with textContent.
import { bubbleTimes, followFromHash, parseTranslate } from './logic.ts';
import { wireZoom } from './zoom.ts';

// the scene's shape is the server's (src/web/scene.ts): a type import, erased from the bundle
export type { Scene, SceneAvatar, SceneLine } from '../scene.ts';

import type { Scene, SceneLine } from '../scene.ts';

export interface LivingMap {
  /** Walks to `scene` over `walkMs`; false when someone in it has no avatar yet (the page must be fetched again). */
  apply(scene: Scene, walkMs?: number): boolean;
}

function sky(hour: number): string {
  return hour < 5 || hour >= 21 ? 'night' : hour < 7 ? 'dawn' : hour < 18 ? 'day' : 'dusk';
}

export function wireMap(root: ParentNode): LivingMap | null {
  const svg = root.querySelector<SVGSVGElement>('svg.living-map');
  const stage = root.querySelector<HTMLElement>('.map-stage');
  const layer = root.querySelector<HTMLElement>('.bubbles');
  const panel = root.querySelector<HTMLElement>('#follow');
  const scroll = root.querySelector<HTMLElement>('.map-scroll');
  if (!svg || !stage || !layer || !scroll) return null;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduced) document.body.classList.add('still');
  const avatars = new Map<string, SVGAElement>();
  for (const a of svg.querySelectorAll<SVGAElement>('a.avatar')) {
    const id = a.dataset.id;
    if (!id) continue;
    avatars.set(id, a);
    const at = parseTranslate(a.getAttribute('transform'));
    if (at) a.style.transform = `translate(${at.x}px, ${at.y}px)`;
  }
  const places = new Map<string, SVGGraphicsElement>();
  for (const p of svg.querySelectorAll<SVGGraphicsElement>('a.place'))
    if (p.dataset.place) places.set(p.dataset.place, p);

  wireZoom(root.querySelector<HTMLElement>('.map-tools'), scroll, svg, () => placeBubbles());

  // ---- follow ----
  let followed: string | null = null;
  const showPanel = () => {
    if (!panel) return;
    const a = followed ? avatars.get(followed) : undefined;
    if (!a || !followed) {
      panel.hidden = true;
      panel.replaceChildren();
      return;
    }
    const name = a.dataset.name ?? followed;
    const label = document.createElement('span');
    label.textContent = `Following ${name}: ${a.dataset.doing ?? ''}. `;
    const page = document.createElement('a');
    page.href = a.getAttribute('href') ?? '#';
    page.textContent = `${name}'s page`;
    const stop = document.createElement('button');
    stop.type = 'button';
    stop.textContent = 'Stop following';
    stop.addEventListener('click', () => follow(null));
    panel.replaceChildren(label, page, document.createTextNode(' '), stop);
    panel.hidden = false;
  };
  const follow = (id: string | null) => {
    if (followed) avatars.get(followed)?.classList.remove('followed');
    followed = id && avatars.has(id) ? id : null;
    if (followed) {
      const a = avatars.get(followed)!;
      a.classList.add('followed');
      // Drawn last so the ring is on top.
      a.parentNode?.appendChild(a);
      const r = a.getBoundingClientRect();
      const s = scroll.getBoundingClientRect();
      if (r.left < s.left || r.right > s.right || r.top < s.top || r.bottom > s.bottom)
        scroll.scrollBy({ left: r.left - s.left - s.width / 2, top: r.top - s.top - s.height / 2 });
    }
    history.replaceState(
      null,
      '',
      followed ? `#follow=${encodeURIComponent(followed)}` : location.pathname + location.search,
    );
    showPanel();
    placeBubbles();
  };
  svg.addEventListener('click', (e) => {
    const a = (e.target as Element).closest<SVGAElement>('a.avatar');
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    follow(a.dataset.id === followed ? null : (a.dataset.id ?? null));
  });

  // ---- speech bubbles ----
  interface Bubble {
    el: HTMLElement;
    line: SceneLine;
  }
  let bubbles: Bubble[] = [];
  let timers: number[] = [];
  let tracking = 0;
  const anchor = (line: SceneLine): DOMRect | null => {
    const a = line.who ? avatars.get(line.who) : undefined;
    if (a) return a.querySelector('circle')?.getBoundingClientRect() ?? a.getBoundingClientRect();
    // A person's persona is not on the map: their bubble stands at the place's name.
    return places.get(line.place)?.querySelector('text')?.getBoundingClientRect() ?? null;
  };
  function placeBubbles(): void {
    const base = stage!.getBoundingClientRect();
    for (const b of bubbles) {
      const r = anchor(b.line);
      if (!r) continue;
      // Kept inside the map's box (a phone's narrow view): the bubble slides, its speaker stays.
      const half = b.el.offsetWidth / 2 + 4;
      const view = scroll!.getBoundingClientRect();
      const x = Math.min(view.right - half, Math.max(view.left + half, r.left + r.width / 2));
      b.el.style.left = `${Math.round(x - base.left)}px`;
      // Too near the box's top edge: the bubble hangs below its speaker instead of being cut off.
      const below = r.top - b.el.offsetHeight - 12 < view.top;
      b.el.classList.toggle('below', below);
      b.el.style.top = `${Math.round((below ? r.bottom + 8 : r.top - 6) - base.top)}px`;
      b.el.classList.toggle('of-followed', !!followed && b.line.who === followed);
    }
  }
  const track = () => {
    placeBubbles();
    tracking = bubbles.length > 0 ? requestAnimationFrame(track) : 0;
  };
  const say = (line: SceneLine, ms: number) => {
    const el = document.createElement('div');
    el.className = `bubble${line.person ? ' person' : ''}`;
    el.dataset.who = line.who ?? '';
    const who = document.createElement('b');
    who.textContent = line.person ? `${line.name} (person)` : line.name;
    const text = document.createElement('span');
    text.textContent = line.text;
    el.append(who, text);
    layer!.append(el);
    const b = { el, line };
    bubbles.push(b);
    placeBubbles();
    if (!tracking && !reduced) tracking = requestAnimationFrame(track);
    timers.push(
      window.setTimeout(() => {
        el.remove();
        bubbles = bubbles.filter((x) => x !== b);
      }, ms),
    );
  };
  const play = (lines: readonly SceneLine[], walkMs: number) => {
    for (const t of timers) clearTimeout(t);
    timers = [];
    for (const b of bubbles) b.el.remove();
    bubbles = [];
    // Reduced motion: each speaker's last line, all at once, kept until the next scene.
    const shown = reduced ? [...new Map(lines.map((l) => [l.who ?? `p:${l.name}`, l])).values()] : lines;
    const times = bubbleTimes(shown.length, walkMs, reduced);
    shown.forEach((line, i) => {
      const t = times[i]!;
      const ms = reduced ? 10 * 60_000 : t.end - t.start;
      if (t.start === 0) say(line, ms);
      else timers.push(window.setTimeout(() => say(line, ms), t.start));
    });
  };

  // The lines said just before the page opened play once.
  const first: SceneLine[] = [];
  for (const li of root.querySelectorAll<HTMLElement>('ol.talk-now li'))
    first.push({
      who: li.dataset.who || null,
      name: li.querySelector('b')?.textContent ?? '',
      person: li.dataset.person === '1',
      place: li.dataset.place ?? '',
      text: li.querySelector('q')?.textContent ?? '',
    });
  follow(followFromHash(location.hash));
  play(first, Number(svg.dataset.walkMs) || 2500);
  addEventListener('resize', placeBubbles);
  scroll.addEventListener('scroll', placeBubbles, { passive: true });

  return {
    apply(scene, walkMs = scene.walkMs) {
      if (scene.avatars.some((a) => !avatars.has(a.id))) return false;
      svg.style.setProperty('--walk', `${reduced ? 0 : walkMs}ms`);
      for (const el of [svg, scroll]) {
        el.classList.remove('sky-night', 'sky-dawn', 'sky-day', 'sky-dusk');
        el.classList.add(`sky-${sky(scene.hour)}`);
      }
      for (const s of scene.avatars) {
        const a = avatars.get(s.id)!;
        const appears = a.classList.contains('gone') || s.hidden;
        // Someone first seen (or leaving the scene) does not walk in from nowhere: they stand there at once.
        if (appears) a.style.transition = 'none';
        a.style.transform = `translate(${s.x}px, ${s.y}px)`;
        if (appears) {
          a.getBoundingClientRect();
          a.style.transition = '';
        }
        a.classList.toggle('gone', !!s.hidden);
        a.dataset.doing = s.doing;
        const title = a.querySelector('title');
        if (title) title.textContent = `${s.name}: ${s.doing}`;
        const emoji = a.querySelector<SVGTextElement>('text.emoji');
        if (emoji) emoji.textContent = s.emoji;
      }
      showPanel();
      updateTalkList(root, scene.lines);
      play(scene.lines, walkMs);
      return true;
    },
  };
}

/** The "Just said" list under the map, for readers without the bubbles. */
function updateTalkList(root: ParentNode, lines: readonly SceneLine[]): void {
  const list = root.querySelector('ol.talk-now');
  if (!list) return;
  list.replaceChildren(
    ...lines.map((l) => {
      const li = document.createElement('li');
      li.dataset.who = l.who ?? '';
      li.dataset.place = l.place;
      if (l.person) li.dataset.person = '1';
      const b = document.createElement('b');
      b.textContent = l.name;
      const q = document.createElement('q');
      q.textContent = l.text;
      li.append(b);
      if (l.person) {
        const tag = document.createElement('span');
        tag.className = 'tag';
        tag.textContent = 'person';
        li.append(' ', tag);
      }
      li.append(': ', q);
      return li;
    }),
  );
}

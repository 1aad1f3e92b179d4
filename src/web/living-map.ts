// The living map as markup: the still places (scene.ts's layout), each resident an avatar (initials on their colour,
// their emoji, their first name) standing where the scene puts them, the sky of the town's hour, and what was just
// said as a list the script turns into speech bubbles. Everything a person wrote goes through `html` (escaped); the
// script only moves avatars and sets text, never markup of its own.
import { drawableEmoji } from '../render/svg.ts';
import { type Html, html } from './html.ts';
import { SCENE_SETTINGS, type Scene, type SceneLayout, type SceneLine, skyOf } from './scene.ts';

const R = 17;

function firstName(name: string): string {
  const first = [...(name.trim().split(/\s+/)[0] ?? name)];
  return first.length > 9 ? `${first.slice(0, 8).join('')}…` : first.join('');
}

/** The lines just said, oldest first: bubbles for the script, a plain list for everyone else. */
export function talkList(lines: readonly SceneLine[]): Html {
  if (lines.length === 0) return html`<ol class="talk-now" aria-label="Just said"></ol>`;
  return html`<ol class="talk-now" aria-label="Just said">${lines.map(
    (l) =>
      html`<li data-who="${l.who ?? ''}" data-place="${l.place}"${l.person ? html` data-person="1"` : ''}><b>${l.name}</b>${l.person ? html` <span class="tag">person</span>` : ''}: <q>${l.text}</q></li>`,
  )}</ol>`;
}

export function livingMap(layout: SceneLayout, scene: Scene, caption: string): Html {
  const s = SCENE_SETTINGS;
  const places = layout.places.map(
    (p) =>
      html`<a class="place" href="feed?place=${encodeURIComponent(p.id)}" data-place="${p.id}"><rect x="${p.x}" y="${p.y}" width="${p.width}" height="${p.height}" rx="10"/><text x="${p.x + s.padding}" y="${p.y + 23}">${drawableEmoji(p.emoji) ? `${p.emoji} ` : ''}${p.name}</text></a>`,
  );
  const avatars = scene.avatars.map(
    (a) =>
      html`<a class="avatar${a.hidden ? ' gone' : ''}" href="resident/${encodeURIComponent(a.id)}" data-id="${a.id}" data-name="${a.name}" data-doing="${a.doing}" transform="translate(${a.x} ${a.y})"><title>${a.name}: ${a.doing}</title><circle r="${R}" fill="${a.colour}"/><text class="initials" y="5">${a.initials}</text><text class="emoji" x="${R - 2}" y="${-R + 8}">${a.emoji}</text><text class="first" y="${R + 14}">${firstName(a.name)}</text></a>`,
  );
  return html`<div class="map-tools" hidden><button type="button" data-zoom="in" aria-label="Zoom in">+</button><button type="button" data-zoom="out" aria-label="Zoom out">−</button><button type="button" data-zoom="fit">Fit</button><span class="hint">Tap a resident to follow them.</span></div>
<div class="map-scroll living sky-${skyOf(scene.hour)}" id="map-scroll"><div class="map-stage">
<svg class="living-map sky-${skyOf(scene.hour)}" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" role="img" aria-label="${caption}" data-walk-ms="${scene.walkMs}">
<rect class="ground" x="0" y="0" width="${layout.width}" height="${layout.height}"/>
<g class="places">${places}</g>
<g class="avatars">${avatars}</g>
</svg>
<div class="bubbles" aria-hidden="true"></div>
</div></div>
<p class="follow" id="follow" hidden aria-live="polite"></p>`;
}

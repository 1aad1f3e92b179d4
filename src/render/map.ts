// `/town map`: a picture of the town's layout. Each location is a box placed where the town file's `position` puts
// it (a Smallville sector at its tiles' centre), pushed apart so none overlap; residents inside are avatars (initials
// on their colour, their current emoji) with what they are doing; empty places are small tiles; who is on the road
// is a dashed line between two places. Text is measured with the renderer's font, so names are never cut.
// Built as SVG text, rendered by resvg.
import { textMeasure } from './font.ts';
import { layoutBoxes, type Placed } from './map-layout.ts';
import { clip, clipToWidth, colourFor, drawableEmoji, esc, initials, svgToPng, wrapToWidth } from './svg.ts';

export interface MapResident {
  name: string;
  emoji?: string;
  /** Current action, shown small under the name. */
  doing?: string;
  /** The web view: the avatar and name link here (absent in PNGs). */
  href?: string;
}

export interface MapLocation {
  id: string;
  name: string;
  emoji?: string;
  /** Walking-minute coordinates from the town file; used to order the cards like the town's geography. */
  position?: { x: number; y: number };
  /** False when the location is closed right now (drawn greyed). */
  open?: boolean;
  residents: MapResident[];
  /** The web view: the box is a group marked with the place's id, its name links here (absent in PNGs). */
  href?: string;
}

export interface MapInput {
  title: string;
  subtitle?: string;
  locations: MapLocation[];
  travelling?: { name: string; emoji?: string; from: string; to: string }[];
}

/** Sizes in pixels: a 10-location town comes out about 1,400 px wide (readable in Discord's preview). */
export const MAP_SETTINGS = {
  margin: 32,
  headerHeight: 84,
  /** A location's name bar. */
  boxHeader: 34,
  nameSize: 17,
  residentNameSize: 15,
  doingSize: 12,
  lineHeight: 42,
  /** Width of a box with residents, so their activity has room (wider when a name needs it). */
  occupiedWidth: 250,
  /** Longest activity line before it is cut (the activity is a sentence, never a name). */
  maxDoingWidth: 300,
  padding: 12,
  avatarRadius: 14,
  /** More residents than this in one box are summarised as "+N more". */
  maxResidentsPerBox: 8,
} as const;

interface Drawn {
  loc: MapLocation;
  label: string;
  width: number;
  height: number;
  shown: MapResident[];
}

/** The box each location needs: its name in full, every shown resident's name in full. */
export function measureLocation(loc: MapLocation): Drawn {
  const s = MAP_SETTINGS;
  const m = textMeasure();
  const emoji = drawableEmoji(loc.emoji);
  const label = `${emoji ? `${emoji} ` : ''}${loc.name}`;
  const shown = loc.residents.slice(0, s.maxResidentsPerBox);
  const extra = loc.residents.length > shown.length ? 1 : 0;
  let width = m.width(label, s.nameSize, true) + 2 * s.padding;
  for (const r of shown)
    width = Math.max(width, residentTextX() + m.width(residentLabel(r), s.residentNameSize, true) + s.padding);
  if (shown.length > 0) width = Math.max(width, s.occupiedWidth);
  for (const r of shown)
    if (r.doing)
      width = Math.max(width, residentTextX() + Math.min(m.width(r.doing, s.doingSize), s.maxDoingWidth) + s.padding);
  const height = s.boxHeader + (shown.length + extra) * s.lineHeight + (shown.length > 0 ? 8 : 0);
  return { loc, label, width: Math.ceil(width), height, shown };
}

function residentTextX(): number {
  return MAP_SETTINGS.padding + MAP_SETTINGS.avatarRadius * 2 + 10;
}

function residentLabel(r: MapResident): string {
  const em = drawableEmoji(r.emoji);
  return `${r.name}${em ? ` ${em}` : ''}`;
}

/** Boxes placed for these locations (exported for the layout tests). */
export function mapLayout(locations: MapLocation[]): { drawn: Drawn[]; placed: Placed[] } {
  const drawn = locations.map(measureLocation);
  const placed = layoutBoxes(
    drawn.map((d) => ({
      id: d.loc.id,
      width: d.width,
      height: d.height,
      ...(d.loc.position ? { position: d.loc.position } : {}),
    })),
  );
  return { drawn, placed };
}

/** The colours of a place's header bar, and what each means (the legend under the map; the console prints it too). */
export const MAP_COLOURS = { occupied: '#3f6212', empty: '#65a30d', closed: '#9ca3af' } as const;
export const MAP_LEGEND: readonly { colour: string; text: string }[] = [
  { colour: MAP_COLOURS.occupied, text: 'someone is there (who, and what they are doing)' },
  { colour: MAP_COLOURS.empty, text: 'empty right now' },
  { colour: MAP_COLOURS.closed, text: 'closed right now' },
  { colour: '#a8a29e', text: 'dashed line: on the road between two places' },
];

export function buildMapSvg(input: MapInput): string {
  const s = MAP_SETTINGS;
  const m = textMeasure();
  const { drawn, placed } = mapLayout(input.locations);
  const top = s.margin + s.headerHeight;
  const at = new Map(placed.map((p) => [p.id, { ...p, x: p.x + s.margin, y: p.y + top }]));
  const contentW = Math.max(0, ...placed.map((p) => p.x + p.width));
  let y = top + Math.max(0, ...placed.map((p) => p.y + p.height)) + 16;
  const parts: string[] = [];
  const travelling = input.travelling ?? [];
  // Roads under the boxes: a dashed line from where they left to where they go; the traveller sits midway along
  // the part of the line between the two boxes, drawn on top.
  const byName = new Map(input.locations.map((l) => [l.name, l.id]));
  const walkers: string[] = [];
  // Several on the same road are spread along it rather than stacked on one spot.
  const roadKey = (t: { from: string; to: string }) => [t.from, t.to].sort().join('\u0000');
  const onRoad = new Map<string, number>();
  for (const t of travelling) onRoad.set(roadKey(t), (onRoad.get(roadKey(t)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const taken: { x: number; y: number }[] = [];
  for (const t of travelling) {
    const a = at.get(byName.get(t.from) ?? t.from);
    const b = at.get(byName.get(t.to) ?? t.to);
    if (!a || !b || a === b) continue;
    const [ax, ay, bx, by] = [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + b.height / 2];
    parts.push(
      `<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="#a8a29e" stroke-width="3" stroke-dasharray="10 8"/>`,
    );
    const leave = rimFraction(a, bx - ax, by - ay);
    const arrive = 1 - rimFraction(b, ax - bx, ay - by);
    const k = seen.get(roadKey(t)) ?? 0;
    seen.set(roadKey(t), k + 1);
    const share = (k + 1) / ((onRoad.get(roadKey(t)) ?? 1) + 1);
    const f = leave < arrive ? leave + (arrive - leave) * share : 0.5;
    // The nearest spot to f along the road where the avatar covers no box and no other traveller; none: listed only.
    const spot = freeSpot(ax, ay, bx, by, f, leave, arrive, [...at.values()], taken, 12);
    if (spot) {
      taken.push(spot);
      walkers.push(avatar(t.name, spot.x, spot.y, 12));
    }
  }
  for (const d of drawn) {
    const p = at.get(d.loc.id)!;
    parts.push(box(d, p.x, p.y));
  }
  parts.push(...walkers);
  // Under the map, one line per road (wrapped to the picture's width): "Hobbs Cafe → Oak Hill College: Ayesha Khan, …".
  const roads = new Map<string, { from: string; to: string; names: string[] }>();
  for (const t of travelling) {
    const key = `${t.from}\u0000${t.to}`;
    const r = roads.get(key) ?? { from: t.from, to: t.to, names: [] };
    const emoji = drawableEmoji(t.emoji);
    r.names.push(`${emoji ? `${emoji} ` : ''}${t.name}`);
    roads.set(key, r);
  }
  const listWidth = Math.max(contentW, 600);
  if (roads.size > 0) {
    parts.push(
      `<text x="${s.margin}" y="${y + 18}" font-size="18" font-weight="bold" fill="#374151">On the road</text>`,
    );
    y += 30;
    for (const r of roads.values()) {
      for (const line of wrapToWidth(`${r.from} → ${r.to}: ${r.names.join(', ')}`, listWidth, 16)) {
        parts.push(`<text x="${s.margin}" y="${y + 18}" font-size="16" fill="#374151">${esc(line)}</text>`);
        y += 24;
      }
    }
    y += 8;
  }
  if (input.locations.length === 0) {
    parts.push(
      `<text x="${s.margin}" y="${y + 24}" font-size="18" fill="#6b7280">This town has no locations yet.</text>`,
    );
    y += 40;
  } else {
    // The legend: what a header's colour and a dashed line mean, one swatch and its words per row.
    for (const item of MAP_LEGEND) {
      parts.push(
        `<rect x="${s.margin}" y="${y + 4}" width="18" height="14" rx="3" fill="${item.colour}"/>`,
        `<text x="${s.margin + 26}" y="${y + 16}" font-size="14" fill="#4b5563">${esc(item.text)}</text>`,
      );
      y += 22;
    }
    y += 4;
  }
  const title = clip(input.title, 80);
  const subtitle = input.subtitle ? clip(input.subtitle, 120) : '';
  const roadW = roads.size > 0 ? listWidth : 0;
  const width = Math.ceil(
    s.margin * 2 + Math.max(contentW, m.width(title, 30, true), m.width(subtitle, 18), roadW, 480),
  );
  const height = Math.ceil(y + s.margin);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" fill="#eef2e6"/>`,
    `<text x="${s.margin}" y="${s.margin + 30}" font-size="30" font-weight="bold" fill="#1f2937">${esc(title)}</text>`,
    subtitle ? `<text x="${s.margin}" y="${s.margin + 60}" font-size="18" fill="#4b5563">${esc(subtitle)}</text>` : '',
    ...parts,
    '</svg>',
  ].join('\n');
}

/** A point on the road near fraction `f` (within [lo, hi]) whose circle of radius r touches no box or taken spot. */
function freeSpot(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  f: number,
  lo: number,
  hi: number,
  boxes: Placed[],
  taken: { x: number; y: number }[],
  r: number,
): { x: number; y: number } | null {
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const step = (r * 2 + 2) / len / 2;
  for (let i = 0; i <= 2 / step; i++) {
    const g = f + (i % 2 === 0 ? 1 : -1) * Math.ceil(i / 2) * step;
    if (g < lo || g > hi) continue;
    const p = { x: ax + (bx - ax) * g, y: ay + (by - ay) * g };
    const inBox = boxes.some(
      (b) => p.x + r + 2 > b.x && p.x - r - 2 < b.x + b.width && p.y + r + 2 > b.y && p.y - r - 2 < b.y + b.height,
    );
    if (!inBox && taken.every((q) => Math.hypot(q.x - p.x, q.y - p.y) >= 2 * r + 2)) return p;
  }
  return null;
}

/** How far along (dx, dy) from a box's centre the line leaves the box, as a fraction of the whole line. */
function rimFraction(b: { width: number; height: number }, dx: number, dy: number): number {
  const fx = dx === 0 ? Number.POSITIVE_INFINITY : b.width / 2 / Math.abs(dx);
  const fy = dy === 0 ? Number.POSITIVE_INFINITY : b.height / 2 / Math.abs(dy);
  return Math.min(fx, fy, 1);
}

function avatar(name: string, cx: number, cy: number, r: number): string {
  return [
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colourFor(name)}" stroke="#ffffff" stroke-width="2"/>`,
    `<text x="${cx}" y="${cy + r * 0.33}" font-size="${Math.round(r * 0.9)}" font-weight="bold" fill="#ffffff" text-anchor="middle">${esc(initials(name))}</text>`,
  ].join('\n');
}

function box(d: Drawn, x: number, y: number): string {
  const s = MAP_SETTINGS;
  const closed = d.loc.open === false;
  const bar = closed ? MAP_COLOURS.closed : d.shown.length > 0 ? MAP_COLOURS.occupied : MAP_COLOURS.empty;
  const out: string[] = [
    d.loc.href ? `<g class="place" data-place="${esc(d.loc.id)}">` : '',
    `<rect x="${x}" y="${y}" width="${d.width}" height="${d.height}" rx="10" fill="${closed ? '#e5e7eb' : '#ffffff'}" stroke="#d6d3d1" stroke-width="2"/>`,
    `<rect x="${x}" y="${y}" width="${d.width}" height="${s.boxHeader}" rx="10" fill="${bar}"/>`,
    d.shown.length > 0 || d.loc.residents.length > 0
      ? `<rect x="${x}" y="${y + s.boxHeader - 10}" width="${d.width}" height="10" fill="${bar}"/>`
      : '',
    link(
      d.loc.href,
      `<text x="${x + s.padding}" y="${y + 23}" font-size="${s.nameSize}" font-weight="bold" fill="#ffffff">${esc(d.label)}</text>`,
    ),
  ];
  let ly = y + s.boxHeader + 4;
  const textX = x + residentTextX();
  const doingWidth = d.width - residentTextX() - s.padding;
  for (const r of d.shown) {
    const cy = ly + s.lineHeight / 2;
    if (r.href) out.push(`<g class="resident" data-resident="${esc(r.name)}">`);
    out.push(
      link(
        r.href,
        `${avatar(r.name, x + s.padding + s.avatarRadius, cy, s.avatarRadius)}\n<text x="${textX}" y="${cy - 3}" font-size="${s.residentNameSize}" font-weight="bold" fill="#111827">${esc(residentLabel(r))}</text>`,
      ),
    );
    if (r.doing)
      out.push(
        `<text x="${textX}" y="${cy + 13}" font-size="${s.doingSize}" fill="#6b7280">${esc(
          clipToWidth(r.doing, Math.min(doingWidth, s.maxDoingWidth), s.doingSize),
        )}</text>`,
      );
    if (r.href) out.push('</g>');
    ly += s.lineHeight;
  }
  if (d.loc.residents.length > d.shown.length) {
    out.push(
      `<text x="${x + s.padding}" y="${ly + 24}" font-size="14" fill="#6b7280">+${d.loc.residents.length - d.shown.length} more</text>`,
    );
  }
  if (d.loc.href) out.push('</g>');
  return out.filter(Boolean).join('\n');
}

/** Wraps drawn text in a link (the web view); unchanged without one. */
function link(href: string | undefined, inner: string): string {
  return href ? `<a href="${esc(href)}">${inner}</a>` : inner;
}

export function renderMapPng(input: MapInput): Promise<Buffer> {
  return svgToPng(buildMapSvg(input));
}

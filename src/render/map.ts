// `/town map`: a picture of the town — each location as a card placed roughly where the town file puts it, who is
// there with their current emoji and action, and who is on the road. Built as SVG text, rendered by resvg.
import { clip, colourFor, drawableEmoji, esc, initials, svgToPng } from './svg.ts';

export interface MapResident {
  name: string;
  emoji?: string;
  /** Current action, shown small under the name. */
  doing?: string;
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
}

export interface MapInput {
  title: string;
  subtitle?: string;
  locations: MapLocation[];
  travelling?: { name: string; emoji?: string; from: string; to: string }[];
}

/** Layout constants: sized so a 10-location town fits in about 1,000 x 900 px (readable in Discord's preview). */
export const MAP_SETTINGS = {
  cardWidth: 300,
  gap: 24,
  margin: 32,
  headerHeight: 84,
  cardHeader: 44,
  lineHeight: 40,
  /** More residents than this in one card are summarised as "+N more". */
  maxResidentsPerCard: 8,
  maxColumns: 4,
} as const;

/** Orders cards into a grid that keeps the town's north/south and west/east when positions are known. */
export function layoutGrid(locations: MapLocation[], columns: number): MapLocation[][] {
  const withPos = locations.every((l) => l.position);
  const ordered = withPos
    ? [...locations].sort((a, b) => a.position!.y - b.position!.y || a.position!.x - b.position!.x)
    : [...locations];
  const rows: MapLocation[][] = [];
  for (let i = 0; i < ordered.length; i += columns) {
    const row = ordered.slice(i, i + columns);
    rows.push(withPos ? row.sort((a, b) => a.position!.x - b.position!.x) : row);
  }
  return rows;
}

function cardHeight(loc: MapLocation): number {
  const s = MAP_SETTINGS;
  const shown =
    Math.min(loc.residents.length, s.maxResidentsPerCard) + (loc.residents.length > s.maxResidentsPerCard ? 1 : 0);
  return s.cardHeader + Math.max(1, shown) * s.lineHeight + 12;
}

export function buildMapSvg(input: MapInput): string {
  const s = MAP_SETTINGS;
  const n = Math.max(1, input.locations.length);
  const columns = Math.min(s.maxColumns, Math.max(1, Math.ceil(Math.sqrt(n))));
  const rows = layoutGrid(input.locations, columns);
  const width = s.margin * 2 + columns * s.cardWidth + (columns - 1) * s.gap;
  const parts: string[] = [];
  let y = s.margin + s.headerHeight;
  for (const row of rows) {
    const rowHeight = Math.max(...row.map(cardHeight));
    row.forEach((loc, i) => {
      parts.push(card(loc, s.margin + i * (s.cardWidth + s.gap), y, rowHeight));
    });
    y += rowHeight + s.gap;
  }
  const travelling = input.travelling ?? [];
  if (travelling.length > 0) {
    parts.push(
      `<text x="${s.margin}" y="${y + 18}" font-size="18" font-weight="bold" fill="#374151">On the road</text>`,
    );
    y += 30;
    for (const t of travelling) {
      const emoji = drawableEmoji(t.emoji);
      parts.push(
        `<text x="${s.margin}" y="${y + 18}" font-size="16" fill="#374151">${esc(
          clip(`${emoji ? `${emoji} ` : ''}${t.name}: ${t.from} → ${t.to}`, 90),
        )}</text>`,
      );
      y += 24;
    }
    y += 8;
  }
  if (input.locations.length === 0) {
    parts.push(
      `<text x="${s.margin}" y="${y + 24}" font-size="18" fill="#6b7280">This town has no locations yet.</text>`,
    );
    y += 40;
  }
  const height = y + s.margin - s.gap + 8;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" fill="#f4f1ea"/>`,
    `<text x="${s.margin}" y="${s.margin + 30}" font-size="30" font-weight="bold" fill="#1f2937">${esc(clip(input.title, 60))}</text>`,
    input.subtitle
      ? `<text x="${s.margin}" y="${s.margin + 60}" font-size="18" fill="#4b5563">${esc(clip(input.subtitle, 100))}</text>`
      : '',
    ...parts,
    '</svg>',
  ].join('\n');
}

function card(loc: MapLocation, x: number, y: number, h: number): string {
  const s = MAP_SETTINGS;
  const closed = loc.open === false;
  const emoji = drawableEmoji(loc.emoji);
  const out: string[] = [
    `<rect x="${x}" y="${y}" width="${s.cardWidth}" height="${h}" rx="14" fill="${closed ? '#e5e7eb' : '#ffffff'}" stroke="#d6d3d1" stroke-width="2"/>`,
    `<rect x="${x}" y="${y}" width="${s.cardWidth}" height="${s.cardHeader - 6}" rx="14" fill="${closed ? '#9ca3af' : '#3f6212'}"/>`,
    `<rect x="${x}" y="${y + s.cardHeader - 20}" width="${s.cardWidth}" height="14" fill="${closed ? '#9ca3af' : '#3f6212'}"/>`,
    `<text x="${x + 14}" y="${y + 26}" font-size="18" font-weight="bold" fill="#ffffff">${esc(
      clip(`${emoji ? `${emoji} ` : ''}${loc.name}`, 26),
    )}</text>`,
  ];
  const shown = loc.residents.slice(0, s.maxResidentsPerCard);
  let ly = y + s.cardHeader;
  if (shown.length === 0) {
    out.push(
      `<text x="${x + 16}" y="${ly + 24}" font-size="15" font-style="italic" fill="#9ca3af">${closed ? 'closed now' : 'nobody here'}</text>`,
    );
  }
  for (const r of shown) {
    const cx = x + 30;
    const cy = ly + 20;
    const em = drawableEmoji(r.emoji);
    out.push(
      `<circle cx="${cx}" cy="${cy}" r="15" fill="${colourFor(r.name)}"/>`,
      `<text x="${cx}" y="${cy + 5}" font-size="13" font-weight="bold" fill="#ffffff" text-anchor="middle">${esc(initials(r.name))}</text>`,
      `<text x="${cx + 24}" y="${cy - 2}" font-size="15" font-weight="bold" fill="#111827">${esc(
        clip(`${r.name}${em ? ` ${em}` : ''}`, 30),
      )}</text>`,
    );
    if (r.doing) {
      out.push(`<text x="${cx + 24}" y="${cy + 15}" font-size="12" fill="#6b7280">${esc(clip(r.doing, 38))}</text>`);
    }
    ly += s.lineHeight;
  }
  if (loc.residents.length > s.maxResidentsPerCard) {
    out.push(
      `<text x="${x + 16}" y="${ly + 24}" font-size="14" fill="#6b7280">+${loc.residents.length - s.maxResidentsPerCard} more</text>`,
    );
  }
  return out.join('\n');
}

export function renderMapPng(input: MapInput): Promise<Buffer> {
  return svgToPng(buildMapSvg(input));
}

// A radar chart of MAgIC's seven abilities per model (the paper's figure 1 style), built as SVG text and rendered
// to PNG by resvg like the other pictures. Values are in [0, 1]; a missing value is drawn at the centre and named.
import { clip, colourFor, esc, svgToPng } from './svg.ts';

export interface RadarSeries {
  name: string;
  /** One value per axis, in [0, 1]; null = not measured. */
  values: (number | null)[];
}

export const RADAR_SETTINGS = {
  width: 940,
  height: 600,
  radius: 210,
  rings: [0.2, 0.4, 0.6, 0.8, 1],
} as const;

export function radarSvg(title: string, axes: string[], series: RadarSeries[]): string {
  const { width, height, radius } = RADAR_SETTINGS;
  const cx = 350;
  const cy = height / 2 + 15;
  const n = axes.length;
  const at = (i: number, v: number) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return [cx + Math.cos(a) * radius * v, cy + Math.sin(a) * radius * v] as const;
  };
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(`<text x="20" y="34" font-size="20" font-weight="bold" fill="#222">${esc(clip(title, 70))}</text>`);
  for (const r of RADAR_SETTINGS.rings) {
    const pts = axes.map((_, i) => at(i, r).join(',')).join(' ');
    parts.push(`<polygon points="${pts}" fill="none" stroke="#d0d0d0" stroke-width="1"/>`);
    const [lx, ly] = at(0, r);
    parts.push(`<text x="${lx + 4}" y="${ly + 4}" font-size="11" fill="#888">${Math.round(r * 100)}%</text>`);
  }
  for (const [i, label] of axes.entries()) {
    const [x, y] = at(i, 1);
    parts.push(`<line x1="${cx}" y1="${cy}" x2="${x}" y2="${y}" stroke="#c0c0c0" stroke-width="1"/>`);
    const [tx, ty] = at(i, 1.13);
    const anchor = Math.abs(tx - cx) < 10 ? 'middle' : tx > cx ? 'start' : 'end';
    parts.push(`<text x="${tx}" y="${ty + 5}" font-size="14" text-anchor="${anchor}" fill="#333">${esc(label)}</text>`);
  }
  const legendX = 660;
  for (const [k, s] of series.entries()) {
    const colour = colourFor(s.name);
    const pts = s.values.map((v, i) => at(i, Math.max(0, Math.min(1, v ?? 0))).join(',')).join(' ');
    parts.push(`<polygon points="${pts}" fill="${colour}" fill-opacity="0.18" stroke="${colour}" stroke-width="2.5"/>`);
    for (const [i, v] of s.values.entries()) {
      const [x, y] = at(i, Math.max(0, Math.min(1, v ?? 0)));
      parts.push(`<circle cx="${x}" cy="${y}" r="3.5" fill="${colour}"/>`);
    }
    const ly = 80 + k * 48;
    parts.push(`<rect x="${legendX}" y="${ly - 12}" width="16" height="16" fill="${colour}"/>`);
    parts.push(`<text x="${legendX + 24}" y="${ly + 1}" font-size="13" fill="#222">${esc(clip(s.name, 34))}</text>`);
    const missing = s.values.flatMap((v, i) => (v === null ? [axes[i] as string] : []));
    if (missing.length > 0)
      parts.push(
        `<text x="${legendX + 24}" y="${ly + 18}" font-size="10" fill="#888">${esc(clip(`not measured: ${missing.join(', ')}`, 44))}</text>`,
      );
  }
  parts.push('</svg>');
  return parts.join('\n');
}

export async function radarPng(title: string, axes: string[], series: RadarSeries[]): Promise<Buffer> {
  return svgToPng(radarSvg(title, axes, series));
}

// A radar chart of MAgIC's seven abilities per model (the paper's figure 1 style), built as SVG text and rendered
// to PNG by resvg like the other pictures. Values are in [0, 1]; a missing value is drawn at the centre and named.
// Each series (one model run one way, e.g. "gpt-4o-mini (vanilla)" and "gpt-4o-mini (pgm)") gets its own colour from
// a categorical palette, in order, and its own legend entry; figures from the offline rules carry the caveat.
import { clip, esc, svgToPng } from './svg.ts';

export interface RadarSeries {
  /** The legend entry: model and kind, e.g. "gpt-4o-mini (pgm)". */
  name: string;
  /** One value per axis, in [0, 1]; null = not measured. */
  values: (number | null)[];
  /** True when the offline rules played: the figures are a pipeline check, not a measure of a model. */
  pipelineCheck?: boolean;
}

/** Okabe & Ito's colour-blind-safe palette (8 distinct hues; yellow dropped for contrast on white), then dashes. */
export const RADAR_PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000'] as const;

export const PIPELINE_CHECK_CAVEAT =
  'Pipeline check: series marked * were played by the offline rules, which measure no model.';

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
  parts.push(`<text x="20" y="34" font-size="20" font-weight="bold" fill="#222222">${esc(clip(title, 70))}</text>`);
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
    const colour = RADAR_PALETTE[k % RADAR_PALETTE.length]!;
    // Past the palette, the outline is dashed so a reused hue still tells two series apart.
    const dash = k >= RADAR_PALETTE.length ? ' stroke-dasharray="6 4"' : '';
    const pts = s.values.map((v, i) => at(i, Math.max(0, Math.min(1, v ?? 0))).join(',')).join(' ');
    parts.push(
      `<polygon points="${pts}" fill="${colour}" fill-opacity="0.12" stroke="${colour}" stroke-width="2.5"${dash}/>`,
    );
    for (const [i, v] of s.values.entries()) {
      const [x, y] = at(i, Math.max(0, Math.min(1, v ?? 0)));
      parts.push(`<circle cx="${x}" cy="${y}" r="3.5" fill="${colour}"/>`);
    }
    const ly = 80 + k * 48;
    parts.push(`<rect x="${legendX}" y="${ly - 12}" width="16" height="16" fill="${colour}"/>`);
    const label = `${s.name}${s.pipelineCheck ? ' *' : ''}`;
    parts.push(`<text x="${legendX + 24}" y="${ly + 1}" font-size="13" fill="#222222">${esc(clip(label, 34))}</text>`);
    const missing = s.values.flatMap((v, i) => (v === null ? [axes[i] as string] : []));
    if (missing.length > 0)
      parts.push(
        `<text x="${legendX + 24}" y="${ly + 18}" font-size="10" fill="#888">${esc(clip(`not measured: ${missing.join(', ')}`, 44))}</text>`,
      );
  }
  if (series.some((s) => s.pipelineCheck))
    parts.push(
      `<text x="20" y="${height - 16}" font-size="14" font-weight="bold" fill="#b45309">${esc(PIPELINE_CHECK_CAVEAT)}</text>`,
    );
  parts.push('</svg>');
  return parts.join('\n');
}

export async function radarPng(title: string, axes: string[], series: RadarSeries[]): Promise<Buffer> {
  return svgToPng(radarSvg(title, axes, series));
}

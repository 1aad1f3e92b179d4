// Pictures always carry text: every renderer draws with the DejaVu Sans shipped in node_modules and never scans
// system fonts. The text is read back from the pixels: each label's box must hold ink of the label's colour, spread
// over the width the font's own metrics give that label (so it is that font, not a fallback, and not nothing).
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { fontSetup, textMeasure } from '../../src/render/font.ts';
import { buildMapSvg } from '../../src/render/map.ts';
import { PIPELINE_CHECK_CAVEAT, radarSvg } from '../../src/render/radar.ts';
import { buildRelationshipSvg } from '../../src/render/relationships.ts';
import { resvgOptions } from '../../src/render/svg.ts';

interface Label {
  x: number;
  y: number;
  size: number;
  bold: boolean;
  fill: string;
  text: string;
}

/** The start-anchored, unstroked labels of an SVG built by our renderers (position, size, colour, text). */
function labels(svg: string): Label[] {
  const out: Label[] = [];
  for (const m of svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" font-size="(\d+)"([^>]*)>([^<]+)<\/text>/g)) {
    const attrs = m[4]!;
    if (/text-anchor="(middle|end)"|stroke=/.test(attrs)) continue;
    const hex = /fill="#([0-9a-f]{6}|[0-9a-f]{3})"/.exec(attrs)?.[1];
    if (!hex) continue;
    const fill = `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
    const text = m[5]!
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"');
    out.push({ x: Number(m[1]), y: Number(m[2]), size: Number(m[3]), bold: attrs.includes('bold'), fill, text });
  }
  return out;
}

/** Ink of the label's colour in the label's box: the share of pixels, and the span from first to last inked column. */
function readBack(svg: string, label: Label, font: 'shipped' | 'none') {
  const options = resvgOptions();
  if (font === 'none') options.font = { fontFiles: [], loadSystemFonts: false };
  const image = new Resvg(svg, options).render();
  const { width } = image;
  const px = image.pixels;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(label.fill.slice(i, i + 2), 16)) as [number, number, number];
  const measured = textMeasure().width(label.text, label.size, label.bold);
  const x0 = Math.floor(label.x);
  const x1 = Math.ceil(label.x + measured + label.size * 0.5);
  const y0 = Math.floor(label.y - label.size);
  const y1 = Math.ceil(label.y + label.size * 0.3);
  let inked = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = -1;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 4;
      const d = Math.abs(px[i]! - r) + Math.abs(px[i + 1]! - g) + Math.abs(px[i + 2]! - b);
      if (d < 90) {
        inked++;
        first = Math.min(first, x);
        last = Math.max(last, x);
      }
    }
  return { share: inked / ((x1 - x0) * (y1 - y0)), span: last >= 0 ? last - first + 1 : 0, measured };
}

function expectTextDrawn(svg: string, wanted: string[]) {
  const found = labels(svg).filter((l) => wanted.includes(l.text));
  expect(found.map((l) => l.text).sort()).toEqual([...wanted].sort());
  for (const label of found) {
    const shipped = readBack(svg, label, 'shipped');
    expect(shipped.share, `ink in the box of "${label.text}"`).toBeGreaterThan(0.04);
    // The ink spans the width DejaVu's advance widths give the label, less the side bearings.
    expect(shipped.span, `span of "${label.text}"`).toBeGreaterThan(shipped.measured * 0.85);
    expect(shipped.span, `span of "${label.text}"`).toBeLessThanOrEqual(shipped.measured + 2);
    // The control: with no font files the same box is empty, so the check above can fail.
    expect(readBack(svg, label, 'none').share).toBe(0);
  }
}

describe('the shipped font', () => {
  it('comes from node_modules and system fonts are never scanned', () => {
    const f = fontSetup();
    expect(f.loadSystemFonts).toBe(false);
    expect(f.files[0]).toMatch(/node_modules[\\/]dejavu-fonts-ttf[\\/]ttf[\\/]DejaVuSans\.ttf$/);
    expect(f.files[1]).toMatch(/DejaVuSans-Bold\.ttf$/);
    expect(f.canDraw('Café ☕')).toBe(true);
    expect(f.canDraw('🍳')).toBe(false);
  });

  it('draws the map labels with system fonts hidden', () => {
    const svg = buildMapSvg({
      title: 'Willow Town',
      subtitle: 'Day 1, 08:00',
      locations: [
        { id: 'c', name: 'Hobbs Cafe', residents: [{ name: 'Isabella Rodriguez', doing: 'opening the cafe' }] },
        { id: 'p', name: 'Johnson Park', residents: [] },
      ],
    });
    expectTextDrawn(svg, ['Willow Town', 'Day 1, 08:00', 'Hobbs Cafe', 'Isabella Rodriguez', 'opening the cafe']);
  });

  it('draws the relationship picture and the radar labels with system fonts hidden', () => {
    const rel = buildRelationshipSvg({
      title: 'Who knows whom',
      nodes: [
        { id: 'a', name: 'Ann Lee' },
        { id: 'b', name: 'Bo Chen' },
      ],
      edges: [{ from: 'a', to: 'b', weight: 4 }],
    });
    expectTextDrawn(rel, ['Who knows whom', 'remember each other']);
    const radar = radarSvg(
      'Abilities',
      ['Judgement', 'Reasoning', 'Deception'],
      [{ name: 'gpt-4o-mini', values: [0.5, 0.7, 0.2] }],
    );
    expectTextDrawn(radar, ['Abilities']);
  });
});

describe('the radar', () => {
  it('gives each (model, kind) series its own colour and legend, and prints the pipeline-check caveat', () => {
    const axes = ['A', 'B', 'C'];
    const svg = radarSvg('R', axes, [
      { name: 'm (vanilla)', values: [0.5, 0.5, 0.5], pipelineCheck: true },
      { name: 'm (pgm)', values: [0.6, 0.6, 0.6], pipelineCheck: true },
    ]);
    const strokes = [...svg.matchAll(/<polygon points="[^"]+" fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    expect(new Set(strokes).size).toBe(2);
    expect(svg).toContain('m (vanilla) *');
    expect(svg).toContain('m (pgm) *');
    expect(svg).toContain(PIPELINE_CHECK_CAVEAT.replace(/&/g, '&amp;'));
    expect(radarSvg('R', axes, [{ name: 'gpt (vanilla)', values: [1, 1, 1] }])).not.toContain('Pipeline check');
  });
});

// The PNG renderers: valid images, hostile names escaped, emoji the font lacks left out, edge cases.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontSetup, readCmap } from '../../src/render/font.ts';
import { buildMapSvg, renderMapPng } from '../../src/render/map.ts';
import { buildRelationshipSvg, pairEdges, renderRelationshipPng } from '../../src/render/relationships.ts';
import { clip, esc, hslHex } from '../../src/render/svg.ts';
import { pngSize } from '../support/bot-harness.ts';

describe('svg helpers', () => {
  it('escapes markup and drops XML-invalid control characters', () => {
    expect(esc('<a href="x">&</a>\u0001')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
    expect(clip('a  b\n c', 10)).toBe('a b c');
    expect(clip('abcdefghij', 5)).toBe('abcd…');
    expect(hslHex(0, 1, 0.5)).toBe('#ff0000');
  });
});

describe('fonts', () => {
  it('reads the cmap of the font it uses', () => {
    const f = fontSetup();
    const has = readCmap(readFileSync(f.files[0]!));
    expect(has('A'.codePointAt(0)!)).toBe(true);
    expect(has(0x1f373)).toBe(false); // 🍳: DejaVu has no cooking emoji
    expect(f.canDraw('Café ☕')).toBe(true);
  });
});

describe('map', () => {
  it('renders a PNG and escapes hostile names', async () => {
    const svg = buildMapSvg({
      title: '<script>alert(1)</script>',
      locations: [
        { id: 'x', name: 'A & B', emoji: '🍳', residents: [{ name: '"><svg onload=1>', emoji: '☕', doing: 'x' }] },
      ],
    });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('🍳'); // not in DejaVu: left out rather than drawn as a box
    const png = await renderMapPng({ title: 'Empty', locations: [] });
    expect(pngSize(png).width).toBeGreaterThan(100);
    const many = await renderMapPng({
      title: 'Crowded',
      locations: Array.from({ length: 12 }, (_, i) => ({
        id: `l${i}`,
        name: `Place ${i}`,
        residents: Array.from({ length: i }, (_, j) => ({ name: `Resident ${i}-${j}` })),
      })),
    });
    expect(pngSize(many).height).toBeGreaterThan(500);
  });
});

describe('relationships', () => {
  it('merges directed edges into pairs and ignores bad ones', () => {
    const nodes = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ];
    expect(
      pairEdges(nodes, [
        { from: 'a', to: 'b', weight: 2 },
        { from: 'b', to: 'a', weight: 1 },
        { from: 'a', to: 'a', weight: 5 },
        { from: 'a', to: 'zz', weight: 5 },
        { from: 'b', to: 'a', weight: Number.NaN },
      ]),
    ).toEqual([{ a: 'a', b: 'b', ab: 2, ba: 1 }]);
  });

  it('renders one-way and mutual ties above the threshold, and an empty town', async () => {
    const svg = buildRelationshipSvg({
      title: 'T',
      nodes: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Bo' },
        { id: 'c', name: 'Cy' },
      ],
      edges: [
        { from: 'a', to: 'b', weight: 3 },
        { from: 'b', to: 'a', weight: 3 },
        { from: 'c', to: 'a', weight: 4 },
        { from: 'c', to: 'b', weight: 1 }, // below the threshold: counted, not drawn
      ],
    });
    expect(svg.match(/marker-end/g)?.length).toBe(2); // the legend's arrow + the one-way tie c -> a
    expect(svg).toContain('2 of 3 ties drawn');
    expect(svg).toContain('1 pair knows of each other · density 0.33');
    expect(pngSize(await renderRelationshipPng({ title: 'Nobody', nodes: [], edges: [] })).width).toBeGreaterThan(700);
    const acquainted = buildRelationshipSvg({
      title: 'T',
      nodes: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Bo' },
      ],
      edges: [],
      acquainted: [{ a: 'a', b: 'b' }],
    });
    expect(acquainted).toContain('density 1.00');
    expect(acquainted).toContain('Nobody knows anybody yet.');
  });
});

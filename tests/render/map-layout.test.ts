// The town map's layout: every location placed, no two boxes overlapping, the town's geography kept, names in full
// (box widths measured with the font the renderer draws with), empty places as small tiles.
import { describe, expect, it } from 'vitest';
import { textMeasure } from '../../src/render/font.ts';
import { buildMapSvg, MAP_SETTINGS, type MapLocation, mapLayout, measureLocation } from '../../src/render/map.ts';
import { layoutBoxes, overlaps, type Placed } from '../../src/render/map-layout.ts';
import { rngFrom, seedState } from '../../src/town/rng.ts';

function noOverlaps(placed: Placed[]): void {
  for (let i = 0; i < placed.length; i++)
    for (let j = i + 1; j < placed.length; j++)
      expect(overlaps(placed[i]!, placed[j]!), `${placed[i]!.id} overlaps ${placed[j]!.id}`).toBe(false);
}

describe('map layout', () => {
  it('places every box without overlaps, even when many share one spot (seeded random towns)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rnd = rngFrom({ rng: seedState(seed) });
      const n = 3 + Math.floor(rnd() * 25);
      const boxes = Array.from({ length: n }, (_, i) => ({
        id: `l${i}`,
        width: 80 + Math.floor(rnd() * 300),
        height: 34 + Math.floor(rnd() * 8) * 42,
        // A third of them crowd onto the same few points, like Smallville's houses.
        position: rnd() < 0.33 ? { x: 3, y: 3 } : { x: Math.floor(rnd() * 20), y: Math.floor(rnd() * 15) },
      }));
      const placed = layoutBoxes(boxes);
      expect(placed.map((p) => p.id).sort()).toEqual(boxes.map((b) => b.id).sort());
      noOverlaps(placed);
      expect(Math.min(...placed.map((p) => p.x))).toBe(0);
      expect(Math.min(...placed.map((p) => p.y))).toBe(0);
    }
  });

  it('keeps the geography: west stays west, north stays north', () => {
    const at = (id: string, x: number, y: number) => ({ id, width: 200, height: 80, position: { x, y } });
    const placed = layoutBoxes([at('nw', 0, 0), at('ne', 10, 0), at('sw', 0, 10), at('se', 10, 10), at('mid', 5, 5)]);
    const p = Object.fromEntries(placed.map((b) => [b.id, b]));
    expect(p.nw!.x).toBeLessThan(p.ne!.x);
    expect(p.sw!.x).toBeLessThan(p.se!.x);
    expect(p.nw!.y).toBeLessThan(p.sw!.y);
    expect(p.ne!.y).toBeLessThan(p.se!.y);
    expect(p.mid!.x).toBeGreaterThan(p.nw!.x);
    expect(p.mid!.x).toBeLessThan(p.se!.x);
    noOverlaps(placed);
  });

  it('lays out a town file without positions automatically, in rows, without overlaps', () => {
    const boxes = Array.from({ length: 10 }, (_, i) => ({
      id: `l${i}`,
      width: 100 + i * 30,
      height: 34 + (i % 3) * 42,
    }));
    const placed = layoutBoxes(boxes);
    expect(placed).toHaveLength(10);
    noOverlaps(placed);
    expect(new Set(placed.map((p) => p.y)).size).toBe(Math.ceil(10 / Math.ceil(Math.sqrt(10))));
  });
});

describe('map boxes', () => {
  const longName = 'Tamara Taylor and Carmen Ortiz’s house by the old mill';
  const locations: MapLocation[] = [
    {
      id: 'house',
      name: longName,
      position: { x: 0, y: 0 },
      residents: [
        {
          name: 'Wolfgang Amadeus Schulz-Hohenberg',
          doing: 'reading the newspaper slowly at the kitchen table, coffee in hand',
        },
        { name: 'Mei', emoji: '☕', doing: 'idle' },
      ],
    },
    { id: 'park', name: 'Johnson Park', position: { x: 1, y: 0 }, residents: [] },
    { id: 'pub', name: 'The Rose and Crown Pub', position: { x: 1, y: 0 }, open: false, residents: [] },
  ];

  it('fits every name in full: box width >= measured text width (bold, at the size drawn)', () => {
    const m = textMeasure();
    const s = MAP_SETTINGS;
    const { drawn, placed } = mapLayout(locations);
    for (const d of drawn) {
      const p = placed.find((x) => x.id === d.loc.id)!;
      expect(p.width).toBe(d.width);
      expect(d.width).toBeGreaterThanOrEqual(m.width(d.label, s.nameSize, true) + 2 * s.padding);
      for (const r of d.shown)
        expect(d.width).toBeGreaterThanOrEqual(
          s.padding + 2 * s.avatarRadius + 10 + m.width(r.name, s.residentNameSize, true) + s.padding,
        );
    }
    noOverlaps(placed);
    const svg = buildMapSvg({ title: 'Town', locations });
    expect(svg).toContain(`>${longName}<`);
    expect(svg).toContain('>Wolfgang Amadeus Schulz-Hohenberg<');
    // Only the activity, a sentence, may be shortened, and then to the box's width.
    expect(svg).toMatch(/>reading the newspaper[^<]*…</);
  });

  it('draws an empty place as a name tile, not an empty card', () => {
    const park = measureLocation(locations[1]!);
    expect(park.height).toBe(MAP_SETTINGS.boxHeader);
    expect(buildMapSvg({ title: 'Town', locations })).not.toContain('nobody here');
  });

  it('measures text with the font metrics: wide letters wider, bold wider, linear in size', () => {
    const m = textMeasure();
    expect(m.width('WWWW', 16)).toBeGreaterThan(m.width('iiii', 16) * 2);
    expect(m.width('Harbor Lofts', 16, true)).toBeGreaterThan(m.width('Harbor Lofts', 16));
    expect(m.width('Harbor Lofts', 32)).toBeCloseTo(m.width('Harbor Lofts', 16) * 2, 5);
  });

  it('puts travellers on their road where they cover no box and no one else, and lists each road once', () => {
    const locs: MapLocation[] = Array.from({ length: 9 }, (_, i) => ({
      id: `l${i}`,
      name: `Place number ${i}`,
      position: { x: (i % 3) * 4, y: Math.floor(i / 3) * 3 },
      residents: [],
    }));
    const travelling = Array.from({ length: 16 }, (_, i) => ({
      name: `Walker ${i}`,
      from: 'Place number 4',
      to: `Place number ${[0, 2, 6, 8][i % 4]}`,
    }));
    const svg = buildMapSvg({ title: 'Roads', locations: locs, travelling });
    const boxes = [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" rx="10"/g)].map(
      (m) => m.slice(1, 5).map(Number) as [number, number, number, number],
    );
    const walkers = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="12"/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(walkers.length).toBeGreaterThan(8);
    for (const [x, y] of walkers) {
      for (const [bx, by, bw, bh] of boxes)
        expect(x! + 12 <= bx || x! - 12 >= bx + bw || y! + 12 <= by || y! - 12 >= by + bh).toBe(true);
    }
    for (let i = 0; i < walkers.length; i++)
      for (let j = i + 1; j < walkers.length; j++)
        expect(Math.hypot(walkers[i]![0]! - walkers[j]![0]!, walkers[i]![1]! - walkers[j]![1]!)).toBeGreaterThanOrEqual(
          24,
        );
    expect(svg.match(/Place number 4 → Place number 0: /g)).toHaveLength(1);
    expect(svg).toContain('Walker 0, Walker 4,');
  });
});

// The living map's model and the page script's arithmetic, without a browser: a town's places keep their layout
// whoever is in them, avatars stand in their place's cells or along their road, talk becomes bubbles (markup and
// 2,000-character lines included, cut, never interpreted), and the player, bubble timing and zoom steps.
import { describe, expect, it } from 'vitest';
import type { MapData } from '../../src/app/town-view.ts';
import type { WatchPost } from '../../src/app/watch.ts';
import {
  bubbleTimes,
  followFromHash,
  hhmm,
  initialZoom,
  nextMoment,
  parseTranslate,
  stepMs,
  zoomStep,
} from '../../src/web/client/logic.ts';
import { planTree } from '../../src/web/pages.ts';
import { lastTalk, placeAvatars, SCENE_SETTINGS, sceneLayout, skyOf, talkLines, walkMs } from '../../src/web/scene.ts';

const places = [
  { id: 'cafe', name: 'Cafe', emoji: '☕', position: { x: 0, y: 0 } },
  { id: 'park', name: 'Park', emoji: '🌳', position: { x: 10, y: 0 } },
  { id: 'house', name: 'House', emoji: '🏠', position: { x: 0, y: 10 } },
];

function map(where: Record<string, string[]>, travelling: MapData['travelling'] = []): MapData {
  return {
    time: 'Monday 8:00 am',
    locations: places.map((p) => ({
      ...p,
      open: true,
      objects: [],
      residents: (where[p.id] ?? []).map((name) => ({ id: name.toLowerCase(), name, emoji: '🙂', doing: 'idle' })),
    })),
    travelling,
  };
}

const post = (seq: number, kind: string, text: string, speaker: string | null, simTime = 1000): WatchPost => ({
  seq,
  location: 'cafe',
  speakerId: speaker ? speaker.toLowerCase() : null,
  speakerName: speaker,
  emoji: null,
  kind,
  text,
  simTime,
});

describe('the layout is the town’s, not its occupancy’s', () => {
  it('the same places give the same boxes, however many stand in them', () => {
    const a = sceneLayout(places);
    const b = sceneLayout(places.map((p) => ({ ...p })));
    expect(b).toEqual(a);
    // Boxes never overlap and sit inside the canvas.
    for (const p of a.places) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x + p.width).toBeLessThanOrEqual(a.width);
      for (const q of a.places)
        if (p !== q)
          expect(p.x + p.width <= q.x || q.x + q.width <= p.x || p.y + p.height <= q.y || q.y + q.height <= p.y).toBe(
            true,
          );
    }
    // East of the cafe in the town file is east on the map.
    const at = (id: string) => a.places.find((p) => p.id === id)!;
    expect(at('park').x).toBeGreaterThan(at('cafe').x);
    expect(at('house').y).toBeGreaterThan(at('cafe').y);
  });

  it('avatars stand in their place’s cells; on the road, between the two places, nearer the end as arrival nears', () => {
    const layout = sceneLayout(places);
    const box = (id: string) => layout.places.find((p) => p.id === id)!;
    const one = placeAvatars(layout, map({ cafe: ['Ann', 'Bo'], park: ['Cy'] }), 0);
    for (const a of one) {
      const b = box(a.place!);
      expect(a.x).toBeGreaterThan(b.x);
      expect(a.x).toBeLessThan(b.x + b.width);
      expect(a.y).toBeGreaterThan(b.y);
      expect(a.y).toBeLessThan(b.y + b.height);
    }
    expect(one.find((a) => a.id === 'ann')!.x).not.toBe(one.find((a) => a.id === 'bo')!.x);
    const road = (arriveTick: number) =>
      placeAvatars(
        layout,
        map({}, [{ id: 'dee', name: 'Dee', emoji: '🚶', from: 'cafe', to: 'park', arriveTick }]),
        5,
      )[0]!;
    const far = road(8);
    const near = road(5);
    expect(far.place).toBeNull();
    expect(far.road).toEqual({ from: 'Cafe', to: 'Park' });
    const parkX = box('park').x + box('park').width / 2;
    expect(Math.abs(parkX - near.x)).toBeLessThan(Math.abs(parkX - far.x));
    // A past moment: someone not seen yet is listed hidden.
    const past = placeAvatars(layout, map({ cafe: ['Ann'] }), 0, [
      { id: 'ann', name: 'Ann' },
      { id: 'eve', name: 'Eve' },
    ]);
    expect(past.find((a) => a.id === 'eve')).toMatchObject({ hidden: true, place: null });
  });

  it('talk becomes bubbles: residents’ lines and replies, people’s lines marked, long lines cut, markup kept as text', () => {
    const long = 'x'.repeat(2000);
    const lines = talkLines([
      post(1, 'action', 'making coffee', 'Ann'),
      post(2, 'dialogue', '<img src=x onerror=alert(1)> hi', 'Ann'),
      post(3, 'said', 'Hello Ann!', 'Pat'),
      post(4, 'reply', long, 'Bo'),
    ]);
    expect(lines.map((l) => [l.who, l.person])).toEqual([
      ['ann', false],
      [null, true],
      ['bo', false],
    ]);
    expect(lines[0]!.text).toBe('<img src=x onerror=alert(1)> hi');
    expect(talkLines([post(5, 'said', '\u202egnirts \u2067x\u2069 ok', 'P\u202eat')])[0]).toMatchObject({
      name: 'Pat',
      text: 'gnirts x ok',
    });
    expect([...lines[2]!.text]).toHaveLength(SCENE_SETTINGS.bubbleChars);
    expect(lines[2]!.text.endsWith('…')).toBe(true);
    // A fresh page plays the last moment anything was said.
    const last = lastTalk([
      post(1, 'dialogue', 'early', 'Ann', 1),
      post(2, 'dialogue', 'late', 'Bo', 2),
      post(3, 'action', 'x', 'Bo', 3),
    ]);
    expect(last.map((l) => l.text)).toEqual(['late']);
    // ... only when it was said recently enough.
    expect(
      lastTalk([post(1, 'dialogue', 'long ago', 'Ann', 1), post(2, 'action', 'x', 'Bo', 50)], Infinity, 40),
    ).toEqual([]);
  });

  it('walk time follows the tick interval within bounds; the sky follows the hour', () => {
    expect(walkMs(null)).toBe(SCENE_SETTINGS.walkDefaultMs);
    expect(walkMs(10_000)).toBe(8000);
    expect(walkMs(100)).toBe(SCENE_SETTINGS.walkMinMs);
    expect(walkMs(3_600_000)).toBe(SCENE_SETTINGS.walkMaxMs);
    expect([3, 6, 12, 19, 22].map(skyOf)).toEqual(['night', 'dawn', 'day', 'dusk', 'night']);
  });
});

describe('the page script’s arithmetic', () => {
  it('the player steps through the day and stops at its end', () => {
    expect(nextMoment(360, 10)).toBe(370);
    expect(nextMoment(365, 10)).toBe(370);
    expect(nextMoment(1420, 10)).toBe(1430);
    expect(nextMoment(1430, 10)).toBeNull();
    expect(stepMs(1)).toBe(2000);
    expect(stepMs(4)).toBe(500);
    expect(hhmm(375)).toBe('06:15');
  });

  it('bubbles take turns over the tick (each at least readable); reduced motion shows them together', () => {
    expect(bubbleTimes(2, 6000, false)).toEqual([
      { start: 0, end: 3000 },
      { start: 3000, end: 6000 },
    ]);
    expect(bubbleTimes(4, 2000, false)[3]).toEqual({ start: 5400, end: 7200 });
    expect(bubbleTimes(3, 2000, true).every((t) => t.start === 0)).toBe(true);
    expect(bubbleTimes(0, 2000, false)).toEqual([]);
  });

  it('reads avatar positions, zooms within bounds, and reads who to follow from the hash', () => {
    expect(parseTranslate('translate(12 34.5)')).toEqual({ x: 12, y: 34.5 });
    expect(parseTranslate('translate(-1, 2)')).toEqual({ x: -1, y: 2 });
    expect(parseTranslate(null)).toBeNull();
    expect(zoomStep(1, 'in', 0.3)).toBe(1.25);
    expect(zoomStep(2, 'in', 0.3)).toBe(2);
    expect(zoomStep(0.3, 'out', 0.3)).toBe(0.3);
    expect(initialZoom(0.28)).toBe(0.6);
    expect(initialZoom(1.4)).toBe(1);
    expect(followFromHash('#follow=ann-lee')).toBe('ann-lee');
    expect(followFromHash('#follow=%E0%A4%A')).toBeNull();
    expect(followFromHash('')).toBeNull();
  });
});

describe('a resident’s plan', () => {
  it('names places instead of their ids and nests the hour steps under their block', () => {
    const names: Record<string, string> = { 'harbor-lofts': 'Harbor Lofts', cafe: 'The Copper Kettle' };
    const tree = planTree(
      [
        '00:00-07:00: sleeping (harbor-lofts)',
        '07:00-12:00: work at the cafe (cafe)',
        '  07:00-08:00: open up',
        '  08:00-12:00: serve coffee',
        '12:00-13:00: lunch (somewhere-unknown)',
      ],
      (id) => names[id] ?? id,
    );
    expect(tree).toEqual([
      { text: '00:00-07:00: sleeping (Harbor Lofts)', steps: [] },
      {
        text: '07:00-12:00: work at the cafe (The Copper Kettle)',
        steps: ['07:00-08:00: open up', '08:00-12:00: serve coffee'],
      },
      { text: '12:00-13:00: lunch (somewhere-unknown)', steps: [] },
    ]);
  });
});

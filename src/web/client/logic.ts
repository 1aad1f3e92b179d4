// The client's arithmetic, without the DOM (tested in tests/web/client-logic.test.ts): times of day, the player's
// next moment, when each speech bubble shows, where an avatar stands, how far the map zooms.

export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The player's next moment after `minute` in steps of `step` minutes, or null past the day's last step. */
export function nextMoment(minute: number, step: number): number | null {
  const s = Math.max(1, Math.floor(step));
  const next = (Math.floor(minute / s) + 1) * s;
  return next <= 1440 - s ? next : null;
}

/** Wall time of one Look back step at a speed (1×: two seconds a step). */
export function stepMs(speed: number): number {
  return Math.round(2000 / Math.min(16, Math.max(0.25, speed || 1)));
}

export interface BubbleTime {
  start: number;
  end: number;
}

/**
 * When each of `count` lines is shown over a tick of `walkMs`: one after another, each at least `minMs` (a long talk
 * runs past the tick rather than flashing by). Reduced motion: all at once, for the whole tick.
 */
export function bubbleTimes(count: number, walkMs: number, reduced: boolean, minMs = 1800): BubbleTime[] {
  if (count <= 0) return [];
  const total = Math.max(walkMs, minMs);
  if (reduced) return Array.from({ length: count }, () => ({ start: 0, end: total }));
  const each = Math.max(minMs, total / count);
  return Array.from({ length: count }, (_, i) => ({ start: Math.round(i * each), end: Math.round((i + 1) * each) }));
}

/** The position in an SVG `translate(x y)` (or `translate(x, y)`) attribute. */
export function parseTranslate(text: string | null): { x: number; y: number } | null {
  const m = /translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)/.exec(text ?? '');
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

/** The zoom after a + or − press, kept between what fits the screen (or half size) and twice the natural size. */
export function zoomStep(zoom: number, dir: 'in' | 'out', fit: number): number {
  const next = dir === 'in' ? zoom * 1.25 : zoom / 1.25;
  return Math.min(2, Math.max(Math.min(fit, 0.5), Math.round(next * 100) / 100));
}

/** The first zoom: the whole map when it is readable that small (≥ 60 %), else 60 % and the map pans. */
export function initialZoom(fit: number): number {
  return Math.min(1, Math.max(fit, 0.6));
}

/** `follow=ID` from a location hash. */
export function followFromHash(hash: string): string | null {
  const m = /(?:^#|&)follow=([^&]+)/.exec(hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

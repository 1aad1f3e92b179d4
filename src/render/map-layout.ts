// Where each location's box goes on the town map: at the town file's `position` (walking-minute coordinates, or a
// Smallville sector's tile centre), scaled to the canvas and pushed apart until no two boxes overlap; a town file
// without positions gets an automatic grid. Pure geometry, no drawing.

export interface Box {
  id: string;
  width: number;
  height: number;
  position?: { x: number; y: number };
}

export interface Placed {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export const LAYOUT_SETTINGS = {
  /** Clear space kept between two boxes. */
  gap: 24,
  /** Spread of the town's coordinates relative to the boxes' total size (> 1 leaves streets between places). */
  spread: 1.5,
  /** Passes of the push-apart step before falling back to the grid. */
  maxPasses: 2000,
} as const;

/** True when the two boxes (plus `gap`) intersect. */
export function overlaps(a: Placed, b: Placed, gap = 0): boolean {
  return (
    a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap
  );
}

/**
 * Places every box with its top-left corner at (0, 0) or more. With positions on every box: the town's geography,
 * scaled and then separated; otherwise (or when separation does not settle) rows ordered north to south, west to
 * east, which never overlap by construction.
 */
export function layoutBoxes(boxes: Box[], gap: number = LAYOUT_SETTINGS.gap): Placed[] {
  if (boxes.length === 0) return [];
  if (boxes.every((b) => b.position)) {
    const geo = geographic(boxes, gap);
    if (geo) return normalise(geo);
  }
  return normalise(grid(boxes, gap));
}

function geographic(boxes: Box[], gap: number): Placed[] | null {
  const xs = boxes.map((b) => b.position!.x);
  const ys = boxes.map((b) => b.position!.y);
  const range = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 1e-6);
  const area = boxes.reduce((s, b) => s + (b.width + gap) * (b.height + gap), 0);
  const scale = (Math.sqrt(area) * LAYOUT_SETTINGS.spread) / range;
  const placed = boxes.map((b) => ({
    id: b.id,
    width: b.width,
    height: b.height,
    x: b.position!.x * scale - b.width / 2,
    y: b.position!.y * scale - b.height / 2,
  }));
  // Push overlapping pairs apart along the axis where they overlap least; both move half the way.
  for (let pass = 0; pass < LAYOUT_SETTINGS.maxPasses; pass++) {
    let moved = false;
    for (let i = 0; i < placed.length; i++)
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i]!;
        const b = placed[j]!;
        if (!overlaps(a, b, gap)) continue;
        moved = true;
        const ax = a.x + a.width / 2;
        const bx = b.x + b.width / 2;
        const ay = a.y + a.height / 2;
        const by = b.y + b.height / 2;
        const needX = (a.width + b.width) / 2 + gap - Math.abs(ax - bx);
        const needY = (a.height + b.height) / 2 + gap - Math.abs(ay - by);
        // Ties (same centre) break by list order so the result is deterministic.
        if (needX <= needY) {
          const dir = bx > ax || (bx === ax && j > i) ? 1 : -1;
          a.x -= (dir * (needX + 0.5)) / 2;
          b.x += (dir * (needX + 0.5)) / 2;
        } else {
          const dir = by > ay || (by === ay && j > i) ? 1 : -1;
          a.y -= (dir * (needY + 0.5)) / 2;
          b.y += (dir * (needY + 0.5)) / 2;
        }
      }
    if (!moved) return placed;
  }
  return null;
}

/** Rows of about sqrt(n) boxes; with positions, ordered north to south and west to east within a row. */
function grid(boxes: Box[], gap: number): Placed[] {
  const withPos = boxes.every((b) => b.position);
  const ordered = withPos
    ? [...boxes].sort((a, b) => a.position!.y - b.position!.y || a.position!.x - b.position!.x)
    : [...boxes];
  const columns = Math.max(1, Math.ceil(Math.sqrt(boxes.length)));
  const out: Placed[] = [];
  let y = 0;
  for (let i = 0; i < ordered.length; i += columns) {
    const row = ordered.slice(i, i + columns);
    if (withPos) row.sort((a, b) => a.position!.x - b.position!.x);
    let x = 0;
    for (const b of row) {
      out.push({ id: b.id, x, y, width: b.width, height: b.height });
      x += b.width + gap;
    }
    y += Math.max(...row.map((b) => b.height)) + gap;
  }
  return out;
}

function normalise(placed: Placed[]): Placed[] {
  const minX = Math.min(...placed.map((p) => p.x));
  const minY = Math.min(...placed.map((p) => p.y));
  return placed.map((p) => ({ ...p, x: Math.round(p.x - minX), y: Math.round(p.y - minY) }));
}

// Seeded randomness shared by the pure core (town, games): plain-number state, so a seed replays a run exactly.

/** mulberry32: returns [value in [0,1), next state]. Small and fast; ample for dealing, seating and scheduling. */
export function nextRandom(state: number): [number, number] {
  const s = (state + 0x6d2b79f5) >>> 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4294967296, s];
}

/** FNV-1a 32-bit hash: turns text into a generator state or a stable tie-breaker. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded generator of values in [0,1) (mulberry32 through nextRandom), for code that draws many in a row. */
export function randomStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    const [value, next] = nextRandom(state);
    state = next;
    return value;
  };
}

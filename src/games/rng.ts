// Seeded PRNG kept as plain data in game state, so a reducer stays pure and a seed replays a game exactly.
// mulberry32: a 32-bit state, small and fast; quality is ample for dealing cards and seats.

/** Advances the generator: returns a float in [0, 1) and the next state. */
export function nextRandom(state: number): [number, number] {
  const s = (state + 0x6d2b79f5) >>> 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4294967296, s];
}

/** An integer in [0, n) and the next state. */
export function nextInt(state: number, n: number): [number, number] {
  const [r, s] = nextRandom(state);
  return [Math.floor(r * n), s];
}

/** Fisher-Yates shuffle of a copy, returning the next state too. */
export function shuffle<T>(state: number, items: readonly T[]): [T[], number] {
  const out = items.slice();
  let s = state;
  for (let i = out.length - 1; i > 0; i--) {
    const [j, s2] = nextInt(s, i + 1);
    s = s2;
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return [out, s];
}

/** Turns any seed (number or string) into a 32-bit generator state. */
export function seedState(seed: number | string): number {
  if (typeof seed === 'number') return seed >>> 0;
  return hashString(seed);
}

/** FNV-1a 32-bit hash: a stable, deterministic tie-breaker for the offline rules. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small stateful wrapper for code outside the reducers (bench, service) that needs a stream of numbers. */
export class SeededRandom {
  private state: number;
  constructor(seed: number | string) {
    this.state = seedState(seed);
  }
  next(): number {
    const [r, s] = nextRandom(this.state);
    this.state = s;
    return r;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

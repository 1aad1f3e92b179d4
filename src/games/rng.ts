// Seeded PRNG kept as plain data in game state, so a reducer stays pure and a seed replays a game exactly.
import { hashString, nextRandom } from '../core/rng.ts';

export { hashString, nextRandom };

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

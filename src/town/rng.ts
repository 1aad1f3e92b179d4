// Seeded PRNG kept in the town state so a seed replays a run (STYLE: randomness is an argument).
import { hashString, nextRandom } from '../core/rng.ts';

export { nextRandom };

/** Hashes a seed string or number into a 32-bit PRNG state. */
export function seedState(seed: string | number): number {
  return hashString(String(seed));
}

/** A mutable generator over a state holder (the town state's `rng` field). */
export function rngFrom(holder: { rng: number }): () => number {
  return () => {
    const [v, next] = nextRandom(holder.rng);
    holder.rng = next;
    return v;
  };
}

// Seeded PRNG kept in the town state so a seed replays a run (STYLE: randomness is an argument).

/** mulberry32: returns [value in [0,1), next state]. */
export function nextRandom(state: number): [number, number] {
  const s = (state + 0x6d2b79f5) >>> 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4294967296, s];
}

/** Hashes a seed string or number into a 32-bit PRNG state. */
export function seedState(seed: string | number): number {
  const s = String(seed);
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A mutable generator over a state holder (the town state's `rng` field). */
export function rngFrom(holder: { rng: number }): () => number {
  return () => {
    const [v, next] = nextRandom(holder.rng);
    holder.rng = next;
    return v;
  };
}

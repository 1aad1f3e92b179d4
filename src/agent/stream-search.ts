// The retrieval kernel of the memory stream (memory-stream.ts search()): the column passes that bound, prune and
// rank rows, and the small heaps that keep the top k. Pure functions over typed arrays, no memory objects.
import type { VectorIndex } from './vector-index.ts';

// The hot loops of search() live in small functions of their own: V8 keeps their typed arrays in registers
// (no closure captures them), which makes each pass several times faster than inline loops in search().

/** flags: 1 candidate, 2 has a vector, 4 relevance exact. */
export function markVectors(n: number, flags: Uint8Array, present: Uint8Array): void {
  for (let row = 0; row < n; row++) if (flags[row]! && present[row]!) flags[row] = 3;
}

export function resolveAll(
  n: number,
  flags: Uint8Array,
  approx: Float32Array,
  margin: Float32Array,
  index: VectorIndex,
  qUnit: Float32Array,
): number {
  let count = 0;
  for (let row = 0; row < n; row++) {
    if (flags[row]! & 2) {
      approx[row] = index.exactCosine(row, qUnit);
      margin[row] = 0;
      flags[row] = 7;
      count++;
    }
  }
  return count;
}

/** [best lower bound of the max relevance, best upper bound of the min]. */
export function extremeBounds(
  n: number,
  flags: Uint8Array,
  approx: Float32Array,
  margin: Float32Array,
): [number, number] {
  let maxLo = Number.NEGATIVE_INFINITY;
  let minHi = Number.POSITIVE_INFINITY;
  for (let row = 0; row < n; row++) {
    if (!(flags[row]! & 2)) continue;
    const a = approx[row]!;
    const m = margin[row]!;
    if (a - m > maxLo) maxLo = a - m;
    if (a + m < minHi) minHi = a + m;
  }
  return [maxLo, minHi];
}

export function relNorm(flag: number, value: number, relMin: number, relRange: number, relConst: boolean): number {
  if (!(flag & 2)) return 0;
  if (relConst) return 0.5;
  return Math.min(1, Math.max(0, (value - relMin) / relRange));
}

/** Collects the rows whose score upper bound reaches the threshold, resolving their relevance exactly. */
export function poolPass(
  n: number,
  flags: Uint8Array,
  base: Float64Array,
  approx: Float32Array,
  margin: Float32Array,
  c: number[],
  relConst: boolean,
  threshold: number,
  pool: number[],
  index: VectorIndex | null,
  qUnit: Float32Array | null,
): number {
  const relScale = c[6]!;
  const relFixed = c[7]!;
  const relMin = c[8]!;
  const wV = c[9]!;
  let exact = 0;
  for (let row = 0; row < n; row++) {
    const f = flags[row]!;
    if (f === 0) continue;
    let hi = base[row]!;
    if (f & 2) {
      const x = relScale * (approx[row]! + margin[row]! - relMin);
      hi += relConst ? relFixed : Math.min(wV, Math.max(0, x));
    }
    if (hi < threshold) continue;
    if ((f & 4) === 0 && f & 2 && index && qUnit) {
      approx[row] = index.exactCosine(row, qUnit);
      margin[row] = 0;
      flags[row] = f | 4;
      exact++;
    }
    pool.push(row);
  }
  return exact;
}

export function recencyPass(
  n: number,
  mask: number,
  kindCode: Uint8Array,
  lastAccess: Float64Array,
  importance: Float32Array,
  now: number,
  lnDecayPerMs: number,
  flags: Uint8Array,
  base: Float64Array,
  ranges: Float64Array,
): number {
  let rMin = Number.POSITIVE_INFINITY;
  let rMax = Number.NEGATIVE_INFINITY;
  let iMin = Number.POSITIVE_INFINITY;
  let iMax = Number.NEGATIVE_INFINITY;
  let candidates = 0;
  for (let row = 0; row < n; row++) {
    if (((mask >> kindCode[row]!) & 1) === 0) {
      flags[row] = 0;
      continue;
    }
    flags[row] = 1;
    candidates++;
    const age = now - lastAccess[row]!;
    const r = age > 0 ? Math.exp(lnDecayPerMs * age) : 1;
    base[row] = r;
    if (r < rMin) rMin = r;
    if (r > rMax) rMax = r;
    const imp = importance[row]!;
    if (imp < iMin) iMin = imp;
    if (imp > iMax) iMax = imp;
  }
  ranges[0] = rMin;
  ranges[1] = rMax;
  ranges[2] = iMin;
  ranges[3] = iMax;
  return candidates;
}

export function lowerPass(
  n: number,
  flags: Uint8Array,
  base: Float64Array,
  importance: Float32Array,
  approx: Float32Array,
  margin: Float32Array,
  lower: Float64Array,
  heap: MinHeap,
  c: number[],
  relConst: boolean,
): void {
  const rScale = c[0]!;
  const rFixed = c[1]!;
  const rMin = c[2]!;
  const iScale = c[3]!;
  const iFixed = c[4]!;
  const iMin = c[5]!;
  const relScale = c[6]!;
  const relFixed = c[7]!;
  const relMin = c[8]!;
  const wV = c[9]!;
  for (let row = 0; row < n; row++) {
    const f = flags[row]!;
    if (f === 0) continue;
    const b = rScale * (base[row]! - rMin) + rFixed + iScale * (importance[row]! - iMin) + iFixed;
    base[row] = b;
    let lo = b;
    if (f & 2) {
      const x = relScale * (approx[row]! - margin[row]! - relMin);
      lo += relConst ? relFixed : Math.min(wV, Math.max(0, x));
    }
    lower[row] = lo;
    heap.offer(lo);
  }
}

/** Keeps the rows with the `cap` largest keys offered (a min-heap on the key). */
export class TopRows {
  private readonly keys: Float64Array;
  private readonly ids: Int32Array;
  private size = 0;
  constructor(private readonly cap: number) {
    this.keys = new Float64Array(cap);
    this.ids = new Int32Array(cap);
  }

  offer(row: number, key: number): void {
    const { keys, ids, cap } = this;
    if (this.size < cap) {
      let i = this.size++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (keys[p]! <= key) break;
        keys[i] = keys[p]!;
        ids[i] = ids[p]!;
        i = p;
      }
      keys[i] = key;
      ids[i] = row;
      return;
    }
    if (key <= keys[0]!) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= cap) break;
      const r = l + 1;
      const c = r < cap && keys[r]! < keys[l]! ? r : l;
      if (keys[c]! >= key) break;
      keys[i] = keys[c]!;
      ids[i] = ids[c]!;
      i = c;
    }
    keys[i] = key;
    ids[i] = row;
  }

  rows(): number[] {
    return Array.from(this.ids.subarray(0, this.size));
  }
}

/** Keeps the k largest values offered; kth() is the smallest of them (-Infinity until k were offered). */
export class MinHeap {
  private readonly heap: Float64Array;
  private size = 0;
  constructor(private readonly k: number) {
    this.heap = new Float64Array(k);
  }

  offer(v: number): void {
    const h = this.heap;
    const k = this.k;
    if (this.size < k) {
      let i = this.size++;
      h[i] = v;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (h[p]! <= v) break;
        h[i] = h[p]!;
        i = p;
      }
      h[i] = v;
      return;
    }
    if (v <= h[0]!) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= k) break;
      const r = l + 1;
      const c = r < k && h[r]! < h[l]! ? r : l;
      if (h[c]! >= v) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = v;
  }

  kth(): number {
    return this.size < this.k ? Number.NEGATIVE_INFINITY : this.heap[0]!;
  }
}

// 8-bit copies of a stream's vectors, kept for every row in bounded-RAM mode (vector-index.ts with a loader). When a
// row's Float32 vector has left memory, its relevance is scored from these codes instead of being read back from
// the store: a year-old town has most of its rows evicted, and one store read per search was most of a retrieval.
//
// Error model, for a unit query q and a unit row u coded with step s = max|u_j| / 127 (each coordinate off by at
// most s/2): |q.u - s * (q . codes)| <= (s/2) * |q|_1, typically s * |q|_2 / sqrt(12) = s / 3.5. For the offline
// embedder's 512-dimensional vectors s is about 0.002, so an evicted row's relevance is off by about 0.0006: it
// can only reorder near-ties. Rows still in memory are scored exactly.

import { grown } from './vector-math.ts';

const LEVELS = 127;

export class ByteCodes {
  private codes = new Int8Array(0);
  private step = new Float32Array(0);
  private capacity = 0;

  constructor(readonly dims: number) {}

  /** Room for `rows` rows (grown by doubling by the caller's capacity). */
  grow(rows: number): void {
    if (rows <= this.capacity) return;
    this.codes = grown(this.codes, rows * this.dims);
    this.step = grown(this.step, rows);
    this.capacity = rows;
  }

  /** Codes of a row from its vector scaled by `inv` (1 / its norm); null or a zero vector codes as zeros. */
  encode(row: number, v: Float32Array | null, inv: number): void {
    const d = this.dims;
    const base = row * d;
    let maxAbs = 0;
    if (v) for (let j = 0; j < d; j++) maxAbs = Math.max(maxAbs, Math.abs(v[j]! * inv));
    if (!v || maxAbs === 0) {
      this.codes.fill(0, base, base + d);
      this.step[row] = 0;
      return;
    }
    const s = maxAbs / LEVELS;
    const k = inv / s;
    for (let j = 0; j < d; j++) this.codes[base + j] = Math.round(v[j]! * k);
    this.step[row] = s;
  }

  /** Approximate cosine of a row with a unit query (error model above). */
  cosine(row: number, q: Float32Array): number {
    const c = this.codes;
    const d = this.dims;
    const base = row * d;
    let s0 = 0;
    let s1 = 0;
    let j = 0;
    for (; j + 1 < d; j += 2) {
      s0 += q[j]! * c[base + j]!;
      s1 += q[j + 1]! * c[base + j + 1]!;
    }
    if (j < d) s0 += q[j]! * c[base + j]!;
    return (s0 + s1) * this.step[row]!;
  }

  /** Moves a row's codes (rows closing a gap). */
  move(from: number, to: number): void {
    const d = this.dims;
    this.codes.copyWithin(to * d, from * d, from * d + d);
    this.step[to] = this.step[from]!;
  }

  /** Clears rows from `row` on (after rows were removed). */
  clearFrom(row: number): void {
    this.codes.fill(0, row * this.dims);
    this.step.fill(0, row);
  }
}

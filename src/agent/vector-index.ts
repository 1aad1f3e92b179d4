// Vectors of one memory stream, kept twice: the original Float32Arrays (exact cosine) and a contiguous
// row-major matrix of 4-bit codes inside a WebAssembly memory (the approximate first pass, simd-kernel.ts).
// The matrix grows by doubling, so appends are amortised O(dims) and a scan reads one contiguous block.
//
// Error model of the first pass, for a unit query q and a unit row u (both as stored):
//   u is coded with step s = max|u_j| / 7, so each coordinate is off by at most s/2; q is coded as i16 with
//   step t = max|q_j| / 2047 (error vector e, known exactly). Then |q.u - approx| <= |q~ . d| + |e|, where the
//   rounding term q~ . d has standard deviation s * |q~|_2 / sqrt(12) and never exceeds (s/2) * |q~|_1.
//   We use min(z * sd, hard bound) + |e| as the margin; retrieval re-ranks exactly whatever the margin cannot
//   rule out, so z trades a little speed for certainty (settings.retrievalErrorSigmas).
//
// Bounded RAM: with a loader, the 4-bit codes and 8-bit copies (vector-bytes.ts) of every row stay in memory; the
// exact Float32 vectors are an LRU of `maxVectorBytes`. A search scores a row whose vector fell out from its 8-bit
// copy (exactCosine), so it never waits for the store; load() fetches Float32 vectors back for callers that need
// the vectors themselves (vectorsOf). Without a loader every vector is kept (eager: tests, tools, a fresh stream).
import {
  createKernel,
  type DotKernel,
  KERNEL_DIM_ALIGN,
  KERNEL_PREFETCH_BYTES,
  KERNEL_STREAMS,
  WASM_PAGE,
  type WasmMemory,
} from './simd-kernel.ts';
import { ByteCodes } from './vector-bytes.ts';
import { dot, grown, norm } from './vector-math.ts';

const CODE_LEVELS = 7; // codes -7..7 stored as 1..15 (offset 8): symmetric, so 0 is exact
const QUERY_LEVELS = 2047; // i16 query codes: 32 products of 15 * 2047 stay far inside i32
const SQRT12 = Math.sqrt(12);

interface Kernel {
  memory: WasmMemory;
  dots4: DotKernel;
  u8: Uint8Array;
  i16: Int16Array;
  i32: Int32Array;
}

/** Fetches the exact vectors of rows that are not in memory (null: the row has none any more). */
export type VectorLoader = (rows: number[]) => Promise<(Float32Array | null)[]>;

export interface VectorIndexOptions {
  simd?: boolean;
  /** Loads evicted vectors back; without it nothing is evicted. */
  loader?: VectorLoader;
  /** Exact vectors kept in memory with a loader (LRU), in bytes; default 1 MB (512 rows of 512 floats). */
  maxVectorBytes?: number;
  /** Called when a row's exact vector leaves memory (the owner drops its own reference too). */
  onEvict?: (row: number) => void;
}

export const DEFAULT_MAX_VECTOR_BYTES = 2 ** 20;

export class VectorIndex {
  readonly dims: number;
  private readonly paddedDims: number;
  private readonly rowBytes: number;
  private readonly qBytes: number;
  private count = 0;
  private capacity = 0;
  private vectors: (Float32Array | null)[] = [];
  private invNorm = new Float32Array(0);
  private scale = new Float32Array(0);
  private present = new Uint8Array(0);
  private kernel: Kernel | null = null;
  /** 8-bit copies of every row (with a loader): how rows whose Float32 vector was evicted are scored. */
  private readonly bytes: ByteCodes | null;
  private readonly simd: boolean;
  private readonly loader: VectorLoader | null;
  private readonly maxResident: number;
  private readonly onEvict: ((row: number) => void) | null;
  /** Rows whose exact vector is in memory, least recently used first (only tracked with a loader). */
  private lru = new Map<number, true>();
  /** Bumped when rows move (removeRows), so a load that was waiting does not file vectors under the wrong rows. */
  private layout = 0;

  constructor(dims: number, opts: VectorIndexOptions = {}) {
    if (!Number.isInteger(dims) || dims <= 0) throw new RangeError(`bad vector dimensions ${dims}`);
    this.dims = dims;
    this.paddedDims = Math.ceil(dims / KERNEL_DIM_ALIGN) * KERNEL_DIM_ALIGN;
    this.rowBytes = this.paddedDims / 2;
    this.qBytes = this.paddedDims * 2;
    this.simd = opts.simd ?? true;
    this.loader = opts.loader ?? null;
    this.maxResident = Math.max(1, Math.floor((opts.maxVectorBytes ?? DEFAULT_MAX_VECTOR_BYTES) / (4 * dims)));
    this.onEvict = opts.onEvict ?? null;
    this.bytes = this.loader ? new ByteCodes(dims) : null;
    // Codes are written as rows arrive, while their vectors are still here: evicted rows cannot be encoded later.
    if (this.loader) this.ensureKernel(64);
  }

  /** Exact vectors currently in memory. */
  get resident(): number {
    return this.loader ? this.lru.size : this.vectors.reduce((n, v) => n + (v ? 1 : 0), 0);
  }

  get size(): number {
    return this.count;
  }

  /** True when the quantised pass is available (WebAssembly SIMD present and not disabled). */
  get quantised(): boolean {
    return this.simd && this.ensureKernel(Math.max(this.capacity, 1)) !== null;
  }

  has(row: number): boolean {
    return this.present[row] === 1;
  }

  /** 1 per row that has a vector (a live view: do not keep it across appends). */
  get presence(): Uint8Array {
    return this.present;
  }

  /** Appends a row (null: no vector, relevance unknown). */
  push(v: Float32Array | null): number {
    const row = this.count;
    this.grow(row + 1);
    this.count++;
    this.vectors.push(null);
    this.set(row, v);
    return row;
  }

  set(row: number, v: Float32Array | null): void {
    if (row < 0 || row >= this.count) throw new RangeError(`row ${row} out of range`);
    const ok = v !== null && v.length === this.dims;
    const n = ok ? norm(v) : 0;
    this.vectors[row] = ok && n > 0 ? v : null;
    this.invNorm[row] = n > 0 ? 1 / n : 0;
    this.present[row] = n > 0 ? 1 : 0;
    this.encode(row);
    if (this.loader) {
      this.lru.delete(row);
      if (this.vectors[row]) this.lru.set(row, true);
    }
  }

  /**
   * Cosine of a row with a unit query (0 for rows without a vector): exact for a row in memory, from its 8-bit copy
   * for an evicted one (vector-bytes.ts). The row must be scorable (loadToScore()).
   */
  exactCosine(row: number, qUnit: Float32Array): number {
    const v = this.vectors[row];
    if (!v) {
      if (this.present[row] !== 1) return 0;
      if (this.bytes) return this.bytes.cosine(row, qUnit);
      throw new Error(`vector of row ${row} is not loaded`);
    }
    if (this.loader) {
      this.lru.delete(row);
      this.lru.set(row, true);
    }
    return dot(v, qUnit) * this.invNorm[row]!;
  }

  /** The row's exact vector when it is in memory. */
  vector(row: number): Float32Array | null {
    return this.vectors[row] ?? null;
  }

  /** Whether the row's exact vector is in memory (or it has none). */
  loaded(row: number): boolean {
    return this.present[row] !== 1 || this.vectors[row] !== null;
  }

  /** Makes these rows scorable by exactCosine(): only rows with neither a vector in memory nor an 8-bit copy load. */
  loadToScore(rows: readonly number[]): Promise<number> {
    return this.bytes ? Promise.resolve(0) : this.load(rows);
  }

  /**
   * Brings the exact vectors of these rows into memory (one loader call for the missing ones). A row the loader
   * cannot supply any more loses its vector (relevance unknown, as for a memory never embedded).
   */
  async load(rows: readonly number[]): Promise<number> {
    const missing = rows.filter((r) => r < this.count && !this.loaded(r));
    if (missing.length === 0 || !this.loader) return 0;
    const layout = this.layout;
    const got = await this.loader(missing);
    // Rows moved meanwhile (removeRows): these answers belong to other rows now; the caller starts over.
    if (layout !== this.layout) return 0;
    missing.forEach((row, i) => {
      if (row >= this.count || this.loaded(row)) return;
      const v = got[i] ?? null;
      if (v && v.length === this.dims) {
        this.vectors[row] = v;
        this.lru.set(row, true);
      } else {
        this.present[row] = 0;
        this.scale[row] = 0;
        this.invNorm[row] = 0;
      }
    });
    return missing.length;
  }

  /** Evicts least recently used vectors down to the budget (after a search, which may load past it). */
  trim(): void {
    // Without the quantised pass every search reads every vector: keep them all.
    if (!this.loader || !this.kernel) return;
    for (const row of this.lru.keys()) {
      if (this.lru.size <= this.maxResident) break;
      this.lru.delete(row);
      this.vectors[row] = null;
      this.onEvict?.(row);
    }
  }

  /**
   * Removes rows (sorted ascending) and closes the gaps: later rows move down, codes and all. Used by retention,
   * which deletes compacted memories from the stream in place (their codes cannot be rebuilt without the vectors).
   */
  removeRows(rows: readonly number[]): void {
    if (rows.length === 0) return;
    this.layout++;
    const gone = new Set(rows);
    const k = this.kernel;
    let to = 0;
    const lru = new Map<number, true>();
    const newRow = new Int32Array(this.count).fill(-1);
    for (let from = 0; from < this.count; from++) {
      if (gone.has(from)) continue;
      newRow[from] = to;
      if (from !== to) {
        this.vectors[to] = this.vectors[from]!;
        this.invNorm[to] = this.invNorm[from]!;
        this.scale[to] = this.scale[from]!;
        this.present[to] = this.present[from]!;
        this.bytes?.move(from, to);
        if (k) {
          const src = this.qBytes + from * this.rowBytes;
          k.u8.copyWithin(this.qBytes + to * this.rowBytes, src, src + this.rowBytes);
        }
      }
      to++;
    }
    for (const row of this.lru.keys()) if (newRow[row]! >= 0) lru.set(newRow[row]!, true);
    this.lru = lru;
    this.vectors.length = to;
    this.invNorm.fill(0, to);
    this.scale.fill(0, to);
    this.present.fill(0, to);
    this.bytes?.clearFrom(to);
    this.count = to;
  }

  /**
   * Approximate cosines of every row with a unit query, and per-row error margins (see the header).
   * Returns false (and fills nothing) when the quantised pass is unavailable.
   */
  approximate(qUnit: Float32Array, approx: Float32Array, margin: Float32Array, sigmas: number): boolean {
    if (!this.simd || this.count === 0) return false;
    const k = this.ensureKernel(this.capacity);
    if (!k) return false;
    let maxAbs = 0;
    for (let j = 0; j < this.dims; j++) maxAbs = Math.max(maxAbs, Math.abs(qUnit[j]!));
    if (maxAbs === 0) {
      approx.fill(0, 0, this.count);
      margin.fill(0, 0, this.count);
      return true;
    }
    const t = maxAbs / QUERY_LEVELS;
    let codeSum = 0;
    let l1 = 0;
    let l2sq = 0;
    let errSq = 0;
    const qCodes = k.i16; // the query lives at offset 0
    for (let j = 0; j < this.paddedDims; j++) {
      const x = j < this.dims ? qUnit[j]! : 0;
      const c = Math.round(x / t);
      qCodes[j] = c;
      codeSum += c;
      l1 += Math.abs(c);
      l2sq += c * c;
      const e = x - c * t;
      errSq += e * e;
    }
    const outPtr = this.qBytes + this.capacity * this.rowBytes;
    // KERNEL_STREAMS streams of ceil(n / streams) rows; the few extra rows (inside capacity, unused) are ignored.
    k.dots4(0, this.qBytes, outPtr, Math.ceil(this.count / KERNEL_STREAMS), this.rowBytes);
    const raw = k.i32;
    const outIdx = outPtr >> 2;
    const offset = 8 * codeSum;
    const qErr = Math.sqrt(errSq);
    const sdFactor = (sigmas * t * Math.sqrt(l2sq)) / SQRT12;
    const hardFactor = (t * l1) / 2;
    for (let i = 0; i < this.count; i++) {
      const s = this.scale[i]!;
      if (s === 0) {
        approx[i] = 0;
        margin[i] = 0;
        continue;
      }
      approx[i] = s * t * (raw[outIdx + i]! - offset);
      margin[i] = Math.min(s * sdFactor, s * hardFactor) + qErr;
    }
    return true;
  }

  private grow(rows: number): void {
    if (rows <= this.capacity) return;
    let cap = Math.max(64, this.capacity);
    while (cap < rows) cap *= 2;
    this.invNorm = grown(this.invNorm, cap);
    this.scale = grown(this.scale, cap);
    this.present = grown(this.present, cap);
    this.bytes?.grow(cap);
    this.capacity = cap;
    if (this.kernel) this.ensureKernel(cap);
  }

  private bytesFor(capacity: number): number {
    // query | matrix | kernel output (i32 per row) | prefetch slack
    return this.qBytes + capacity * this.rowBytes + capacity * 4 + KERNEL_PREFETCH_BYTES + 64;
  }

  /** Creates or grows the kernel memory for `capacity` rows; null without WebAssembly SIMD. */
  private ensureKernel(capacity: number): Kernel | null {
    if (!this.simd) return null;
    const need = Math.ceil(this.bytesFor(capacity) / WASM_PAGE);
    if (!this.kernel) {
      const created = createKernel(need);
      if (!created) return null;
      this.kernel = this.views(created.memory, created.dots4);
      for (let row = 0; row < this.count; row++) this.encode(row);
      return this.kernel;
    }
    const have = this.kernel.memory.buffer.byteLength / WASM_PAGE;
    if (need > have) {
      this.kernel.memory.grow(need - have);
      this.kernel = this.views(this.kernel.memory, this.kernel.dots4);
    }
    return this.kernel;
  }

  private views(memory: WasmMemory, dots4: DotKernel): Kernel {
    const b = memory.buffer;
    return { memory, dots4, u8: new Uint8Array(b), i16: new Int16Array(b), i32: new Int32Array(b) };
  }

  /** Writes a row's 4-bit codes (layout in simd-kernel.ts) and its step. */
  private encode(row: number): void {
    const v = this.vectors[row];
    const inv = this.invNorm[row]!;
    let maxAbs = 0;
    if (v) for (let j = 0; j < this.dims; j++) maxAbs = Math.max(maxAbs, Math.abs(v[j]! * inv));
    const s = maxAbs / CODE_LEVELS;
    this.scale[row] = s;
    this.bytes?.encode(row, v ?? null, inv);
    const k = this.kernel;
    if (!k) return;
    const base = this.qBytes + row * this.rowBytes;
    const u8 = k.u8;
    u8.fill(0x88, base, base + this.rowBytes); // every nibble 8 = code 0
    if (!v || s === 0) return;
    for (let j = 0; j < this.dims; j++) {
      const c = Math.max(-CODE_LEVELS, Math.min(CODE_LEVELS, Math.round((v[j]! * inv) / s))) + 8;
      const b = j >> 5;
      const r = j & 31;
      const nib = r >> 3; // which nibble of the i16 lane
      const lane = r & 7;
      const at = base + 16 * b + 2 * lane + (nib >> 1);
      u8[at] = nib & 1 ? (u8[at]! & 0x0f) | (c << 4) : (u8[at]! & 0xf0) | c;
    }
  }
}

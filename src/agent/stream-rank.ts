// The ranking behind MemoryStream.search() (Park et al. 2023, sec. 4.1): recency, importance and relevance over
// the stream's columns, with the 4-bit first pass and exact resolution of the few rows that can reach the top k.
// Exact vectors a pass needs are loaded first (with bounded RAM they may be in the store); if the stream was
// compacted while a load waited, RowsMoved tells the stream to start over.
import { HOUR_MS, type RetrievalWeights, type ScoredMemory } from './retrieval.ts';
import type { StreamColumns } from './stream-columns.ts';
import {
  extremeBounds,
  lowerPass,
  MinHeap,
  markVectors,
  poolPass,
  recencyPass,
  relNorm,
  resolveAll,
  TopRows,
} from './stream-search.ts';
import type { Memory, MemoryKind } from './types.ts';
import type { VectorIndex } from './vector-index.ts';
import { unit } from './vector-math.ts';

export interface SearchOptions {
  k: number;
  weights: RetrievalWeights;
  decay: number;
  /** Only these kinds are candidates (default: all). */
  kinds?: readonly MemoryKind[];
  /** Margin of the quantised pass in standard deviations of its rounding error. */
  sigmas?: number;
  /** Scan exactly when rows x dims is below this (default 200k). */
  exactBelow?: number;
}

export interface SearchStats {
  rows: number;
  candidates: number;
  /** Rows whose exact cosine was computed. */
  exact: number;
  quantised: boolean;
}

const KINDS: readonly MemoryKind[] = [
  'seed',
  'observation',
  'reflection',
  'plan',
  'dialogue',
  'conversation_summary',
  'inner_voice',
  'interview',
  'game',
];
export const KIND_CODE = new Map<MemoryKind, number>(KINDS.map((k, i) => [k, i]));
/**
 * Exact cosines computed to pin the max (resp. min) of relevance among its contenders. The max needs care: the
 * top memories sit next to it, so an error there reorders them. An error in the min moves a top memory's
 * normalised relevance (rel - min) / (max - min) by about err * (max - rel) / (max - min)^2, i.e. almost not at
 * all near the top; the min's many near-ties (unrelated memories) are resolved only a few deep.
 */
const MAX_RESOLVE_CAP = 256;
const MIN_RESOLVE_CAP = 16;

/** What a search reads of a stream (memory-stream.ts), and where it reports. */
export interface StreamView {
  readonly memories: readonly Memory[];
  readonly columns: StreamColumns;
  readonly index: VectorIndex | null;
  readonly indexEmbedder: string | null;
  lastSearch: SearchStats;
  /** Throws RowsMoved when the stream was compacted since generation `gen`. */
  unmoved(gen: number): void;
}

export async function rankRows(
  view: StreamView,
  query: { embedding: Float32Array | null; embedderId?: string | null },
  now: number,
  opts: SearchOptions,
  n: number,
  k: number,
  scratch: Scratch,
  gen: number,
): Promise<ScoredMemory[]> {
  const wR = opts.weights.recency;
  const wI = opts.weights.importance;
  const wV = opts.weights.relevance;
  const mask =
    opts.kinds === undefined ? 0x1ff : opts.kinds.reduce((acc, kind) => acc | (1 << (KIND_CODE.get(kind) ?? 0)), 0);
  const { approx, margin, base, lower, flags } = scratch;
  const { kindCode, lastAccess, importance } = view.columns;

  // Pass 1: candidates, recency (decay ^ hours) and importance ranges. flags: 1 candidate, 2 has a vector,
  // 4 relevance exact.
  const lnDecayPerMs = Math.log(opts.decay) / HOUR_MS;
  const ranges = new Float64Array(4);
  const candidates = recencyPass(n, mask, kindCode, lastAccess, importance, now, lnDecayPerMs, flags, base, ranges);
  if (candidates === 0) return [];
  const rMin = ranges[0]!;
  const rMax = ranges[1]!;
  const iMin = ranges[2]!;
  const iMax = ranges[3]!;
  const rRange = rMax - rMin;
  const iRange = iMax - iMin;

  // Relevance: exact, or 4-bit approximations with margins.
  const index = view.index;
  const comparable =
    query.embedding !== null &&
    index !== null &&
    query.embedding.length === index.dims &&
    (query.embedderId == null || query.embedderId === view.indexEmbedder);
  const qUnit = comparable ? unit(query.embedding!) : null;
  let quantised = false;
  let exactCount = 0;
  let relMin = 0;
  let relRange = 0;
  if (qUnit && index) {
    markVectors(n, flags, index.presence);
    const big = n * index.dims >= (opts.exactBelow ?? 200_000);
    quantised = big && index.approximate(qUnit, approx, margin, opts.sigmas ?? 6);
    if (!quantised) {
      await index.loadToScore(rowsWith(n, flags, 2));
      view.unmoved(gen);
      exactCount += resolveAll(n, flags, approx, margin, index, qUnit);
    }
    // Pin the relevance extremes (normalisation) exactly when the margins leave a few contenders.
    const ext = extremeBounds(n, flags, approx, margin);
    if (ext[0]! > Number.NEGATIVE_INFINITY) {
      const max = await extreme(view, n, qUnit, ext[0]!, 1, scratch, gen);
      const min = await extreme(view, n, qUnit, ext[1]!, -1, scratch, gen);
      exactCount += max.resolved + min.resolved;
      relMin = min.value;
      relRange = max.value - min.value;
    }
  }
  const relConst = !(relRange > 1e-12);
  const relScale = relConst ? 0 : wV / relRange;
  const relFixed = relConst ? 0.5 * wV : 0;

  // Pass 2: recency + importance (exact) and the lower bound of each score; the k-th best lower bound.
  const rScale = rRange > 1e-12 ? wR / rRange : 0;
  const rFixed = rRange > 1e-12 ? 0 : 0.5 * wR;
  const iScale = iRange > 1e-12 ? wI / iRange : 0;
  const iFixed = iRange > 1e-12 ? 0 : 0.5 * wI;
  const heap = new MinHeap(k);
  const c = [rScale, rFixed, rMin, iScale, iFixed, iMin, relScale, relFixed, relMin, wV];
  lowerPass(n, flags, base, importance, approx, margin, lower, heap, c, relConst);

  // Pass 3: rows whose upper bound reaches the k-th best lower bound are scored exactly; the rest cannot
  // make the top k.
  const pool: number[] = [];
  poolPass(n, flags, base, approx, margin, c, relConst, heap.kth(), pool, null, null);
  if (index && qUnit) {
    const toResolve = pool.filter((row) => (flags[row]! & 6) === 2);
    await index.loadToScore(toResolve);
    view.unmoved(gen);
    for (const row of toResolve) {
      approx[row] = index.exactCosine(row, qUnit);
      margin[row] = 0;
      flags[row] = flags[row]! | 4;
    }
    exactCount += toResolve.length;
  }
  const scored = pool.map((row) => ({
    row,
    rel: relNorm(flags[row]!, approx[row]!, relMin, relRange, relConst),
    score: 0,
  }));
  for (const x of scored) x.score = base[x.row]! + wV * x.rel;
  scored.sort((a, b) => b.score - a.score || b.row - a.row);
  view.lastSearch = { rows: n, candidates, exact: exactCount, quantised };
  return scored.slice(0, k).map(({ row, score, rel }) => ({
    memory: view.memories[row]!,
    score,
    recency: rRange > 1e-12 ? (Math.exp(lnDecayPerMs * Math.max(0, now - lastAccess[row]!)) - rMin) / rRange : 0.5,
    importance: iRange > 1e-12 ? (importance[row]! - iMin) / iRange : 0.5,
    relevance: rel,
  }));
}

/**
 * Max (sign 1) or min (sign -1) exact relevance: only rows whose interval reaches `bound` (the best lower
 * bound of the max, the best upper bound of the min) can hold it, so those are resolved exactly.
 */
async function extreme(
  view: StreamView,
  n: number,
  qUnit: Float32Array,
  bound: number,
  sign: 1 | -1,
  scratch: Scratch,
  gen: number,
): Promise<{ value: number; resolved: number }> {
  const { approx, margin, flags } = scratch;
  const index = view.index!;
  // Many near-ties (thousands of unrelated memories near cosine 0): resolve only the most extreme
  // approximations; the remaining error in the normalisation is below the margins (see the caps).
  const pick = new TopRows(sign === 1 ? MAX_RESOLVE_CAP : MIN_RESOLVE_CAP);
  for (let row = 0; row < n; row++) {
    if (!(flags[row]! & 2)) continue;
    const reaches = sign === 1 ? approx[row]! + margin[row]! >= bound : approx[row]! - margin[row]! <= bound;
    if (reaches) pick.offer(row, sign * approx[row]!);
  }
  const rows = pick.rows();
  await index.loadToScore(rows.filter((row) => !(flags[row]! & 4)));
  view.unmoved(gen);
  let best = sign === 1 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  let resolved = 0;
  for (const row of rows) {
    if (!(flags[row]! & 4)) {
      approx[row] = index.exactCosine(row, qUnit);
      margin[row] = 0;
      flags[row] = flags[row]! | 4;
      resolved++;
    }
    const v = approx[row]!;
    best = sign === 1 ? Math.max(best, v) : Math.min(best, v);
  }
  return { value: best, resolved };
}

/** A search's rows moved under it (compact() ran while it waited); it starts over. */
export class RowsMoved extends Error {}

export interface Scratch {
  approx: Float32Array;
  margin: Float32Array;
  base: Float64Array;
  lower: Float64Array;
  flags: Uint8Array;
}

export function freshScratch(cap: number): Scratch {
  const n = Math.max(64, cap);
  return {
    approx: new Float32Array(n),
    margin: new Float32Array(n),
    base: new Float64Array(n),
    lower: new Float64Array(n),
    flags: new Uint8Array(n),
  };
}

/** Rows whose flags have all of `mask`'s bits. */
function rowsWith(n: number, flags: Uint8Array, mask: number): number[] {
  const out: number[] = [];
  for (let row = 0; row < n; row++) if ((flags[row]! & mask) === mask) out.push(row);
  return out;
}

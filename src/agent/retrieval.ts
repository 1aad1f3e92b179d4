// Retrieval scoring (Park et al. 2023, sec. 4.1), as pure functions over plain data:
//   score = a_rec * recency + a_imp * importance + a_rel * relevance,
// recency = decay ^ (simulated hours since last access), importance = the 1..10 poignancy, relevance = cosine
// with the query; each component min-max normalised to [0, 1] over the candidates before weighting.
// memory-stream.ts runs the same maths over columns with a quantised first pass; tests hold the two together.
import type { Memory } from './types.ts';
import { dot, norm } from './vector-math.ts';

export const HOUR_MS = 3_600_000;

export interface RetrievalWeights {
  recency: number;
  importance: number;
  relevance: number;
}

/** Component scores after min-max normalisation, and their weighted sum. */
export interface ScoredMemory {
  memory: Memory;
  score: number;
  recency: number;
  importance: number;
  relevance: number;
}

/** decay ^ hours since last access; a last access in the future counts as now. */
export function recencyScore(lastAccessAt: number, now: number, decay: number): number {
  const hours = Math.max(0, now - lastAccessAt) / HOUR_MS;
  return decay ** hours;
}

/**
 * Min-max scaling to [0, 1]. When all values are equal the component cannot rank anything: every value
 * maps to 0.5 (the Smallville code's choice), so it shifts all scores alike.
 */
export function minMaxNormalize(values: readonly number[]): number[] {
  if (values.length === 0) return [];
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const range = hi - lo;
  if (!(range > 1e-12)) return values.map(() => 0.5);
  return values.map((v) => (v - lo) / range);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  const na = norm(a);
  const nb = norm(b);
  return na === 0 || nb === 0 ? 0 : dot(a, b) / (na * nb);
}

/**
 * The reference implementation: scores every candidate exactly and sorts (ties: the later memory first).
 * A memory without a comparable vector gets relevance 0 after normalisation (nothing says it is relevant).
 */
export function scoreMemories(
  candidates: readonly Memory[],
  query: { embedding: Float32Array | null; embedderId?: string | null },
  now: number,
  opts: { weights: RetrievalWeights; decay: number },
): ScoredMemory[] {
  const rec = minMaxNormalize(candidates.map((m) => recencyScore(m.lastAccessAt, now, opts.decay)));
  const imp = minMaxNormalize(candidates.map((m) => m.importance));
  const comparable = (m: Memory) =>
    query.embedding !== null &&
    m.embedding !== null &&
    m.embedding.length === query.embedding.length &&
    (query.embedderId == null || m.embedderId === query.embedderId);
  const withVec = candidates.filter(comparable);
  const relRaw = withVec.map((m) => cosine(m.embedding!, query.embedding!));
  const relNorm = minMaxNormalize(relRaw);
  const relOf = new Map<Memory, number>(withVec.map((m, i) => [m, relNorm[i]!]));
  const out = candidates.map((memory, i) => {
    const relevance = relOf.get(memory) ?? 0;
    const recency = rec[i]!;
    const importance = imp[i]!;
    const score =
      opts.weights.recency * recency + opts.weights.importance * importance + opts.weights.relevance * relevance;
    return { memory, score, recency, importance, relevance };
  });
  return out.sort((a, b) => b.score - a.score || b.memory.seq - a.memory.seq);
}

/** Keeps the best-ranked memories whose descriptions fit a rough token budget (4 characters a token). */
export function fitBudget<T extends { memory: Memory }>(ranked: readonly T[], k: number, budgetTokens: number): T[] {
  const out: T[] = [];
  let used = 0;
  for (const r of ranked) {
    if (out.length >= k) break;
    const cost = Math.ceil(r.memory.description.length / 4) + 2;
    if (out.length > 0 && used + cost > budgetTokens) break;
    out.push(r);
    used += cost;
  }
  return out;
}

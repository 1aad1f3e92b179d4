// The PGM-aware bot's suspicion matrix (MAgIC, Xu et al. 2024, sec. 4): its own belief row plus one row per other
// player's presumed belief (two-hop), blended with each new analysis, and read off for the vote and the probes.

import { hashString } from '../../rng.ts';
import type { SuspicionRows } from './prompts.ts';

export const PGM_SETTINGS = {
  // Weight of a fresh analysis against the running matrix; MAgIC recomputes beliefs each turn, we keep some memory.
  blend: 0.7,
  // Floor so no player is ever ruled out completely by one noisy analysis.
  floor: 0.02,
} as const;

/** Rows normalised to sum 1 over `players`; missing or bad cells become the floor. */
export function normalizeRows(rows: SuspicionRows, players: string[], observers: string[]): SuspicionRows {
  const out: SuspicionRows = {};
  for (const o of observers) {
    const row = rows[o] ?? {};
    const cells = players.map((p) => {
      const v = row[p];
      return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;
    });
    const sum = cells.reduce((a, b) => a + b, 0);
    const uniform = 1 / players.length;
    out[o] = Object.fromEntries(
      players.map((p, i) => {
        const v = sum > 0 ? (cells[i] as number) / sum : uniform;
        return [p, Math.max(PGM_SETTINGS.floor, v)];
      }),
    );
    const s2 = Object.values(out[o] as Record<string, number>).reduce((a, b) => a + b, 0);
    for (const p of players) (out[o] as Record<string, number>)[p] = ((out[o] as Record<string, number>)[p] ?? 0) / s2;
  }
  return out;
}

/** Running matrix update: (1 - blend) * old + blend * fresh, renormalised; old = null takes fresh as is. */
export function blendRows(
  old: SuspicionRows | null,
  fresh: SuspicionRows,
  players: string[],
  me: string,
): SuspicionRows {
  const observers = [me, ...players.filter((p) => p !== me)];
  const f = normalizeRows(fresh, players, observers);
  if (!old) return f;
  const o = normalizeRows(old, players, observers);
  const mixed: SuspicionRows = {};
  for (const obs of observers) {
    mixed[obs] = Object.fromEntries(
      players.map((p) => [
        p,
        (1 - PGM_SETTINGS.blend) * ((o[obs] as Record<string, number>)[p] ?? 0) +
          PGM_SETTINGS.blend * ((f[obs] as Record<string, number>)[p] ?? 0),
      ]),
    );
  }
  return normalizeRows(mixed, players, observers);
}

/** The highest-valued candidate; ties broken deterministically by `key`. */
export function argmax(row: Record<string, number>, candidates: string[], key: string): string | undefined {
  let best = -Infinity;
  let top: string[] = [];
  for (const c of candidates) {
    const v = row[c] ?? 0;
    if (v > best + 1e-9) {
      best = v;
      top = [c];
    } else if (Math.abs(v - best) <= 1e-9) top.push(c);
  }
  if (top.length === 0) return undefined;
  return top[hashString(key) % top.length];
}

/** Does this player believe it is the odd one (its own cell is the largest of its row)? */
export function thinksSelfOdd(rows: SuspicionRows, me: string, players: string[]): boolean {
  const row = rows[me];
  if (!row) return false;
  const mine = row[me] ?? 0;
  return players.every((p) => p === me || (row[p] ?? 0) < mine);
}

/**
 * The vote read straight off the matrix: a player who holds the majority word votes its own top suspect; a player
 * who believes it is the odd one joins the suspicion the others hold against someone else (so the accusation misses).
 */
export function voteFromMatrix(
  rows: SuspicionRows,
  me: string,
  players: string[],
  candidates: string[],
  selfOdd: boolean,
  key: string,
): string | undefined {
  if (!selfOdd) return argmax(rows[me] ?? {}, candidates, key);
  const others = players.filter((p) => p !== me);
  const pressure: Record<string, number> = {};
  for (const c of candidates) pressure[c] = others.reduce((s, o) => s + (o === c ? 0 : (rows[o]?.[c] ?? 0)), 0);
  return argmax(pressure, candidates, key);
}

/** Whom each other player is predicted to suspect most (their row, excluding themselves). */
export function predictedSuspects(
  rows: SuspicionRows,
  me: string,
  players: string[],
  key: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of players) {
    if (o === me) continue;
    const top = argmax(
      rows[o] ?? {},
      players.filter((p) => p !== o),
      `${key}:${o}`,
    );
    if (top) out[o] = top;
  }
  return out;
}

// ---- MAgIC's textual PGM (the `pgm` bot) ----------------------------------------------------------------------
// After every clue the player judges, for itself and for each other player as it models them, whether the clue made
// each player "more suspicious", "less suspicious" or left them unchanged. The matrix takes each judgement j as a
// factor 1 + step * j on its cell, then every row goes through a softmax (the released MAgIC code's update rule).
// `pgm-prob` keeps the numeric variant above (the paper's ProPGM).

export const JUDGEMENTS = ['more suspicious', 'less suspicious', 'no change'] as const;
export type Judgement = (typeof JUDGEMENTS)[number];
/** One clue's judgements: judged[observer][player]. */
export type JudgementRows = Record<string, Record<string, Judgement>>;

export const TEXT_PGM_SETTINGS = {
  // Factor per judgement: "more suspicious" multiplies a cell by 1 + step, "less" by 1 - step.
  step: 0.1,
} as const;

function judgementValue(j: Judgement | undefined): number {
  return j === 'more suspicious' ? 1 : j === 'less suspicious' ? -1 : 0;
}

function softmax(values: number[]): number[] {
  const top = Math.max(...values);
  const e = values.map((v) => Math.exp(v - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/**
 * The prior before any clue, from what this player knows: in Chameleon roles are known to their holder (a word
 * holder rules itself out; the chameleon is sure of itself and knows every other player holds the word); nobody
 * knows anything in Undercover, so every row is uniform.
 */
export function initialMatrix(players: string[], me: string, knownRole: 'odd' | 'holder' | null): SuspicionRows {
  const n = players.length;
  const rows: SuspicionRows = {};
  for (const o of [me, ...players.filter((p) => p !== me)]) {
    let row: Record<string, number>;
    if (o === me && knownRole === 'odd') row = Object.fromEntries(players.map((p) => [p, p === me ? 1 : 0]));
    else if ((o === me && knownRole === 'holder') || (o !== me && knownRole === 'odd'))
      row = Object.fromEntries(players.map((p) => [p, p === o ? 0 : 1 / (n - 1)]));
    else row = Object.fromEntries(players.map((p) => [p, 1 / n]));
    rows[o] = row;
  }
  return rows;
}

/** One clue's judgements folded into the matrix: multiply by 1 + step * judgement, then a softmax per row. */
export function applyJudgements(rows: SuspicionRows, judged: JudgementRows, players: string[]): SuspicionRows {
  const out: SuspicionRows = {};
  for (const [o, row] of Object.entries(rows)) {
    const scaled = players.map((p) => (row[p] ?? 0) * (1 + TEXT_PGM_SETTINGS.step * judgementValue(judged[o]?.[p])));
    const soft = softmax(scaled);
    out[o] = Object.fromEntries(players.map((p, i) => [p, soft[i] as number]));
  }
  return out;
}

/** Keeps the rows of `players` only (eliminated players dropped), each renormalised to sum 1. */
export function restrictRows(rows: SuspicionRows, players: string[]): SuspicionRows {
  const out: SuspicionRows = {};
  for (const o of players) {
    const row = rows[o];
    if (!row) continue;
    const sum = players.reduce((s, p) => s + (row[p] ?? 0), 0);
    out[o] = Object.fromEntries(players.map((p) => [p, sum > 0 ? (row[p] ?? 0) / sum : 1 / players.length]));
  }
  return out;
}

/**
 * Whom this player's clue is aimed at (MAgIC's target-player strategy). One who believes it holds the majority
 * word targets its own top suspect, to raise the others' suspicion of that player; one who believes it is the odd
 * one targets whoever suspects it most, to lower that player's suspicion of it.
 */
export function clueTarget(
  rows: SuspicionRows,
  me: string,
  players: string[],
  selfOdd: boolean,
  key: string,
): string | undefined {
  const others = players.filter((p) => p !== me);
  if (!selfOdd) return argmax(rows[me] ?? {}, others, key);
  const suspicionOfMe = Object.fromEntries(others.map((o) => [o, rows[o]?.[me] ?? 0]));
  return argmax(suspicionOfMe, others, key);
}

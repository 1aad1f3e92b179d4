// What the bench shares across MAgIC's scenarios (Xu et al. 2024, sec. 3): the sides, the seat counter of calls and
// HTTP requests, the seating, and the digest of the settings a run read. Which cases each family plays and how one
// is played live with the family (scenarios/social-deduction/bench.ts, scenarios/game-theory/bench.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { LanguageModel } from '../../llm/port.ts';
import { GT_DATA_DIR, GT_SCENARIOS, type GtScenario } from '../scenarios/game-theory/index.ts';
import type { GameKind } from '../scenarios/social-deduction/kinds.ts';
import { GAME_TASKS } from '../scenarios/social-deduction/prompts.ts';
import { DEFAULT_PAIRS_FILE, DEFAULT_TOPICS_FILE, settingsFolder } from '../scenarios/social-deduction/words.ts';
import type { BotKind } from '../types.ts';
import { benchScenarios } from './part.ts';

export type ScenarioId = GameKind | GtScenario;
/** The scenarios the bench plays: the registered games with a bench part (part.ts), in menu order. */
export const SCENARIOS: readonly ScenarioId[] = benchScenarios();

export const BENCH_SETTINGS = {
  // The paper's construction: 7 variants per scenario, the challenger in each of the 3 seats.
  variants: 7,
  seats: 3,
} as const;

/** One side of the table: a model and how it is prompted. */
export interface Side {
  llm: LanguageModel;
  kind: BotKind;
}

export type GameFamily = 'social' | 'game theory';

/** `seat 2 challenger, social`: a seat position (1-based), its side and the family of games it was counted in. */
export function seatKey(seat: number, challenger: boolean, family: GameFamily): string {
  return `seat ${seat + 1} ${challenger ? 'challenger' : 'defender'}, ${family}`;
}

/** What one seat position and side spent over a run (`seat 2 challenger`). */
export interface SeatSpend {
  /** Model calls (logical requests to the LanguageModel port) for moves, and for MAgIC's reasoning probe. */
  moveCalls: number;
  probeCalls: number;
  /**
   * HTTP requests behind those calls as the gateway's receipts report them: first tries, retries and the repair
   * round included. Calls whose model sends no receipt (a bare test double) are counted in `unreceipted`.
   */
  moveRequests: number;
  probeRequests: number;
  /** Of those requests, the ones past each call's first try: its retries and its repair round. */
  moveRetries: number;
  probeRetries: number;
  unreceipted: number;
}

/** Counts model calls and HTTP requests per seat position and side (the report's "per seat" figures). */
export class SeatCounter {
  readonly seats: Record<string, SeatSpend> = {};
  /** Calls per seat key, probes included (kept for the older one-number report). */
  get counts(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.seats).map(([k, v]) => [k, v.moveCalls + v.probeCalls]));
  }
  wrap(llm: LanguageModel, seat: number, challenger: boolean, family: GameFamily): LanguageModel {
    const key = seatKey(seat, challenger, family);
    const spend = this.seats[key] ?? {
      moveCalls: 0,
      probeCalls: 0,
      moveRequests: 0,
      probeRequests: 0,
      moveRetries: 0,
      probeRetries: 0,
      unreceipted: 0,
    };
    this.seats[key] = spend;
    return {
      get info() {
        return llm.info;
      },
      async object(req) {
        const probe = req.task === GAME_TASKS.probe;
        if (probe) spend.probeCalls++;
        else spend.moveCalls++;
        let receipted = false;
        const onReceipt = req.onReceipt;
        try {
          return await llm.object({
            ...req,
            onReceipt: (r) => {
              receipted = true;
              // Requests past the first try: retries, and the repair round (whose own first try counts too).
              const extra = Math.max(0, r.requests - 1);
              if (probe) {
                spend.probeRequests += r.requests;
                spend.probeRetries += extra;
              } else {
                spend.moveRequests += r.requests;
                spend.moveRetries += extra;
              }
              onReceipt?.(r);
            },
          });
        } finally {
          if (!receipted) spend.unreceipted++;
        }
      },
    };
  }
}

/**
 * Who the challenger plays in a social deduction game. 'magic' (default, as MAgIC's released runners do with
 * `competition_as_<role>.json`): every seat of the role under test, so as non-chameleon / civilian it holds all the
 * regular seats and the defenders hold the odd one; each deal is played once per role. 'one-seat' (ours, kept as a
 * named option): one seat per game, each seat in turn, the other seats of its role played by defenders.
 */
export type Seating = 'magic' | 'one-seat';
export const SEATINGS: readonly Seating[] = ['magic', 'one-seat'];

/**
 * Which settings a run used, so two runs can be compared: the --settings path and a SHA-256 over every released
 * settings file the scenarios read (name and bytes, sorted) plus our variant data; `files` counts the released ones.
 */
export function settingsDigest(
  scenarios: readonly ScenarioId[],
  dir: string | undefined,
): { path: string | null; sha256: string; files: number; skipped: string[] } {
  const h = createHash('sha256');
  let files = 0;
  const skipped: string[] = [];
  for (const scenario of [...scenarios].sort()) {
    h.update(`scenario ${scenario}\n`);
    if (!dir) continue;
    const folder = settingsFolder(dir, scenario);
    for (const f of folder.files) {
      files++;
      h.update(`${basename(f)}\n`).update(readFileSync(f));
    }
    skipped.push(...folder.skipped.map((f) => join(folder.dir, f)));
  }
  for (const f of [DEFAULT_TOPICS_FILE, DEFAULT_PAIRS_FILE, ...GT_SCENARIOS.map((s) => join(GT_DATA_DIR, `${s}.json`))])
    h.update(`${basename(f)}\n`).update(readFileSync(f));
  return { path: dir ?? null, sha256: h.digest('hex'), files, skipped };
}

// The five MAgIC scenarios as the bench plays them (Xu et al. 2024, sec. 3): which settings each one replays (the
// released cases once, plus our own 7 variants x 3 seats), and how one game is played with the challenger in a
// given seat against defenders. Social deduction games come from match.ts, the game-theory ones from game-theory/.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { LanguageModel } from '../../llm/port.ts';
import {
  type GtBot,
  type GtLog,
  type GtScenario,
  type GtSeats,
  type GtSetting,
  GT_DATA_DIR,
  GT_SCENARIOS,
  loadVariants,
  parseMagicSetting as parseGtMagicSetting,
  playGameTheory,
} from '../scenarios/game-theory/index.ts';
import { playMatch, type MatchSeat, type MatchSetup } from '../scenarios/social-deduction/match.ts';
import type { GameTrace } from '../scenarios/social-deduction/metrics.ts';
import { GAME_TASKS } from '../scenarios/social-deduction/prompts.ts';
import { nextInt, seedState } from '../rng.ts';
import type { BotKind, GameKind } from '../types.ts';
import {
  DEFAULT_PAIRS_FILE,
  DEFAULT_TOPICS_FILE,
  dealChameleon,
  dealUndercover,
  type FixedCase,
  loadMagicSettings,
  loadPairs,
  loadTopics,
  magicSettingFiles,
  readSettingJson,
  settingsFolder,
} from '../scenarios/social-deduction/words.ts';

export type ScenarioId = GameKind | GtScenario;
export const SCENARIOS: readonly ScenarioId[] = [
  'chameleon',
  'undercover',
  'cost-sharing',
  'prisoners-dilemma',
  'public-good',
];

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

/** A social deduction game to play: a fixed deal (released or ours) and the challenger's seats. */
export interface SocialCase {
  kind: GameKind;
  id: string;
  source: 'released' | 'variant';
  game: MatchSetup;
  challengerSeats: number[];
  /** MAgIC's preset clues (released cases only), played for defenders until the challenger's first turn. */
  clues: string[][] | null;
}

function oddSeatOf(game: MatchSetup): number {
  return (game.kind === 'chameleon' ? game.setup.chameleonSeat : game.setup.undercoverSeats?.[0]) ?? 0;
}

/** The challenger's seat sets for one deal under `seating`, each with a label for the case id. */
function seatings(game: MatchSetup, seating: Seating): { label: string; seats: number[] }[] {
  const n = BENCH_SETTINGS.seats;
  if (seating === 'one-seat') return Array.from({ length: n }, (_, i) => ({ label: `seat${i + 1}`, seats: [i] }));
  const odd = oddSeatOf(game);
  const [oddRole, regular] = game.kind === 'chameleon' ? ['chameleon', 'non-chameleon'] : ['undercover', 'civilian'];
  return [
    { label: `as-${oddRole}`, seats: [odd] },
    { label: `as-${regular}`, seats: Array.from({ length: n }, (_, i) => i).filter((i) => i !== odd) },
  ];
}

/** The social cases: each released case once per seating, then `variants` seeded deals likewise. */
export function socialCases(
  kind: GameKind,
  opts: { settingsDir?: string; seed: number; variants?: number; seating?: Seating },
): SocialCase[] {
  const out: SocialCase[] = [];
  const seats = BENCH_SETTINGS.seats;
  const seating = opts.seating ?? 'magic';
  const released: FixedCase[] = opts.settingsDir ? loadMagicSettings(opts.settingsDir, kind, seats) : [];
  for (const c of released) {
    const game: MatchSetup =
      c.kind === 'chameleon' ? { kind: 'chameleon', setup: c.setup } : { kind: 'undercover', setup: c.setup };
    for (const s of seatings(game, seating))
      out.push({ kind, id: `${c.id}#${s.label}`, source: 'released', game, challengerSeats: s.seats, clues: c.clues });
  }
  let rng = seedState(`${kind}:${opts.seed}`);
  const topics = kind === 'chameleon' ? loadTopics() : [];
  const pairs = kind === 'undercover' ? loadPairs() : [];
  for (let v = 0; v < (opts.variants ?? BENCH_SETTINGS.variants); v++) {
    let oddSeat: number;
    [oddSeat, rng] = nextInt(rng, seats);
    let game: MatchSetup;
    let label: string;
    if (kind === 'chameleon') {
      const d = dealChameleon(topics, rng);
      rng = d.rng;
      game = { kind, setup: { ...d.setup, chameleonSeat: oddSeat } };
      label = `${d.setup.topic}/${d.setup.secret}`;
    } else {
      const d = dealUndercover(pairs, rng);
      rng = d.rng;
      game = { kind, setup: { ...d.setup, undercoverSeats: [oddSeat] } };
      label = `${d.setup.civilianWord}/${d.setup.undercoverWord}`;
    }
    for (const s of seatings(game, seating))
      out.push({
        kind,
        id: `variant ${v + 1} (${label})#${s.label}`,
        source: 'variant',
        game,
        challengerSeats: s.seats,
        clues: null,
      });
  }
  return out;
}

export async function playSocialCase(
  c: SocialCase,
  sides: { challenger: Side; defender: Side },
  counter: SeatCounter,
  opts: { seed: number | string; probes: boolean },
): Promise<GameTrace> {
  const seats: MatchSeat[] = Array.from({ length: BENCH_SETTINGS.seats }, (_, i) => {
    const challenger = c.challengerSeats.includes(i);
    const side = challenger ? sides.challenger : sides.defender;
    return { kind: side.kind, llm: counter.wrap(side.llm, i, challenger, 'social'), challenger };
  });
  const { trace } = await playMatch({
    seed: opts.seed,
    game: c.game,
    seats,
    injectedClues: c.clues,
    probes: opts.probes,
  });
  return trace;
}

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

/** The game-theory settings: the released cases (each names its challenger seat) once, then our 21. */
export function gtCases(scenario: GtScenario, opts: { settingsDir?: string; variants?: number }): GtSetting[] {
  const released = opts.settingsDir
    ? magicSettingFiles(opts.settingsDir, scenario).map((f) => parseGtMagicSetting(scenario, readSettingJson(f), f))
    : [];
  const ours = loadVariants(scenario);
  const keep = opts.variants ?? BENCH_SETTINGS.variants;
  const variantIds = [...new Set(ours.map((s) => s.id.split('/')[0]))].slice(0, keep);
  return [...released, ...ours.filter((s) => variantIds.includes(s.id.split('/')[0]))];
}

export async function playGtCase(
  setting: GtSetting,
  sides: { challenger: Side; defender: Side },
  counter: SeatCounter,
  seats: GtSeats,
  seed: number | string,
): Promise<GtLog> {
  const bots: GtBot[] = Array.from({ length: BENCH_SETTINGS.seats }, (_, i) => {
    const challenger = i === setting.challengerSeat;
    const side = challenger ? sides.challenger : sides.defender;
    return seats(counter.wrap(side.llm, i, challenger, 'game theory'), { kind: side.kind, seed: `${seed}:${i}` });
  });
  return playGameTheory(setting, bots, { seed });
}

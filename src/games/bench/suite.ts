// MAgIC's benchmark (Xu et al. 2024): the challenger in every seat of every setting of the five scenarios against
// defenders, then the seven abilities, the win rate per role and overall (Eq. 1), and table 2's cost / score /
// returns. One pure-ish run over the LanguageModel port; the CLI and `npm run bench` print and save it.

import { gtCases, playGtCase } from '../scenarios/game-theory/bench.ts';
import { type GameTheoryMetrics, type GtLog, type GtSeats, gameTheoryMetrics } from '../scenarios/game-theory/index.ts';
import { playSocialCase, socialCases } from '../scenarios/social-deduction/bench.ts';
import type { GameKind } from '../scenarios/social-deduction/kinds.ts';
import {
  computeMetrics,
  type GameTrace,
  type Metrics,
  overallWinRate,
  WIN_RATE_ROLES,
  type WinRateRole,
} from '../scenarios/social-deduction/metrics.ts';
import { type BenchMetrics, benchPart, benchParts, type SocialBenchPart } from './part.ts';
import {
  type ScenarioId,
  SeatCounter,
  type Seating,
  type SeatSpend,
  type Side,
  seatKey,
  settingsDigest,
} from './scenarios.ts';

export const ABILITIES = [
  'judgement',
  'reasoning',
  'deception',
  'selfAwareness',
  'cooperation',
  'coordination',
  'rationality',
] as const;
export type Ability = (typeof ABILITIES)[number];
export const ABILITY_LABELS: Record<Ability, string> = {
  judgement: 'Judgement',
  reasoning: 'Reasoning',
  deception: 'Deception',
  selfAwareness: 'Self-awareness',
  cooperation: 'Cooperation',
  coordination: 'Coordination',
  rationality: 'Rationality',
};

export interface BenchOptions {
  scenarios: readonly ScenarioId[];
  challenger: Side;
  defender: Side;
  /** MAgIC's settings root (topics_release/...): its released cases are replayed besides our variants. */
  settingsDir?: string;
  seed: number;
  /** Variants per scenario (default 7, each with the challenger in all 3 seats). */
  variants?: number;
  /** Social deduction seating: MAgIC's (challenger on every seat of the role under test, default) or one seat. */
  seating?: Seating;
  /** Ask MAgIC's reasoning probe after each clue (default true). */
  probes?: boolean;
  /** Who plays a side's game-theory seats from its model (the composition root's choice; the games never pick). */
  gtSeats: GtSeats;
  onGame?: (scenario: ScenarioId, id: string) => void;
}

export interface SeatReport extends SeatSpend {
  /** Moves the seat decided itself (preset moves excluded). */
  moves: number;
  /** Model calls per move (logical calls; a PGM move is analysis + decision). */
  callsPerMove: number | null;
  /** HTTP requests per move: every request behind those calls, retries and repairs included; null if unreported. */
  requestsPerMove: number | null;
  /** HTTP requests per move on a clean server: each call's first try only (a PGM move: 2). */
  firstTriesPerMove: number | null;
  /** What retries and repairs added per move (requestsPerMove - firstTriesPerMove). */
  retriesPerMove: number | null;
}

/**
 * Rationality as the released code computes it, and self-awareness likewise (metrics_release.py), beside the
 * paper's definitions in `abilities`.
 */
export interface ReleasedCodeAbilities {
  rationality: number | null;
  selfAwareness: number | null;
  /** Gold and all-or-nothing inter checks pooled 1:1 (metrics_release.py `consist_pgm`). */
  reasoning: number | null;
  /** metrics_release.py `decept`, quirks included (see Metrics.deceptionReleased). */
  deception: number | null;
}

export interface SideInfo {
  model: string;
  provider: string;
  offline: boolean;
  kind: string;
}

export interface BenchResult {
  challenger: SideInfo;
  defender: SideInfo;
  seed: number;
  scenarios: ScenarioId[];
  settingsDir: string | null;
  /** Games per scenario, split by where the setting came from. */
  games: Partial<Record<ScenarioId, { released: number; variants: number }>>;
  social: Partial<Record<GameKind, Metrics>>;
  gameTheory: GameTheoryMetrics | null;
  gtPlayers: string | null;
  /** The seven abilities as the paper defines them (sec. 3.3): deception [0, 1.25], self-awareness [0, 1.6],
   * rationality [0, 2], the others [0, 1]. */
  abilities: Record<Ability, number | null>;
  /** Where the released metrics code computes an ability otherwise: its figure, under its own name. */
  releasedCode: ReleasedCodeAbilities;
  winRates: Partial<Record<WinRateRole, number | null>>;
  overallWinRate: number | null;
  missingRoles: WinRateRole[];
  /** Table 2: the challenger's agreed cost share (Cost Sharing), PD score, Public Good returns. */
  table2: { cost: number | null; score: number | null; returns: number | null };
  /** Model calls per seat position and side, over the whole run (moves and probes). */
  requestsPerSeat: Record<string, number>;
  /** Per seat position and side: moves, calls and HTTP requests (retries and repairs included) per move. */
  seats: Record<string, SeatReport>;
  /** How the social deduction games seated the challenger. */
  seating: Seating;
  /** Which settings the run read (path and hash), so runs on different settings are never ranked as one. */
  settings: { path: string | null; sha256: string; files: number; skipped: string[] };
  /** Challenger's model calls per move (moves only; probes apart), social-deduction and game-theory games apart. */
  callsPerMove: { average: number; max: number; probeCalls: number; gameTheoryAverage: number | null };
  /** Challenger moves played by a legal default after an unusable model answer. */
  fallbacks: number;
  /** Social-deduction fallbacks of the challenger by reason (model error or rule broken), most frequent first. */
  fallbackReasons: [string, number][];
  /** True when either side is the offline rules: the figures check the pipeline, they do not rate a model. */
  pipelineCheck: boolean;
  ms: number;
}

function info(s: Side): SideInfo {
  return { model: s.llm.info.model, provider: s.llm.info.provider, offline: s.llm.info.offline, kind: s.kind };
}

/** Who played the game-theory seats, from the logs' own labels: challenger seats, then defender seats. */
function gtPlayersLabel(logs: GtLog[]): string | null {
  if (logs.length === 0) return null;
  const challenger = new Set<string>();
  const defender = new Set<string>();
  for (const l of logs)
    for (const [seat, label] of Object.entries(l.labels)) (seat === l.challenger ? challenger : defender).add(label);
  return `challenger ${[...challenger].join(' / ')}; defenders ${[...defender].join(' / ')}`;
}

export async function runBench(opts: BenchOptions): Promise<BenchResult> {
  const t0 = Date.now();
  const counter = new SeatCounter();
  const sides = { challenger: opts.challenger, defender: opts.defender };
  const probes = opts.probes !== false;
  const games: BenchResult['games'] = {};
  const traces: Partial<Record<GameKind, GameTrace[]>> = {};
  const logs: GtLog[] = [];
  let g = 0;
  for (const scenario of opts.scenarios) {
    const part = benchPart(scenario);
    if (part.family === 'social') {
      const cases = socialCases(part.game, {
        seed: opts.seed,
        ...(opts.settingsDir ? { settingsDir: opts.settingsDir } : {}),
        ...(opts.variants !== undefined ? { variants: opts.variants } : {}),
        seating: opts.seating ?? 'magic',
      });
      const list: GameTrace[] = [];
      for (const c of cases) {
        opts.onGame?.(scenario, c.id);
        list.push(await playSocialCase(c, sides, counter, { seed: `${opts.seed}:${g++}`, probes }));
      }
      traces[part.game] = list;
      games[scenario] = {
        released: cases.filter((c) => c.source === 'released').length,
        variants: cases.filter((c) => c.source === 'variant').length,
      };
    } else {
      const cases = gtCases(part.game, {
        ...(opts.settingsDir ? { settingsDir: opts.settingsDir } : {}),
        ...(opts.variants !== undefined ? { variants: opts.variants } : {}),
      });
      for (const c of cases) {
        opts.onGame?.(scenario, c.id);
        logs.push(await playGtCase(c, sides, counter, opts.gtSeats, `${opts.seed}:${g++}`));
      }
      games[scenario] = {
        released: cases.filter((c) => !c.id.includes('/seat')).length,
        variants: cases.filter((c) => c.id.includes('/seat')).length,
      };
    }
  }
  const social: BenchResult['social'] = {};
  for (const [k, t] of Object.entries(traces) as [GameKind, GameTrace[]][])
    if (t.length > 0) social[k] = computeMetrics(t);
  const pooled = Object.values(traces).flat();
  const both = pooled.length > 0 ? computeMetrics(pooled) : null;
  const gt = logs.length > 0 ? gameTheoryMetrics(logs) : null;
  const m: BenchMetrics = { social, gt };
  const played = opts.scenarios.map(benchPart);
  // Self-awareness weighs every social scenario's figure (0.6 x Chameleon + Undercover); it needs all of them.
  const socialParts = benchParts().filter((p): p is SocialBenchPart => p.family === 'social');
  const allSocial = socialParts.every((p) => social[p.game] !== undefined);
  const abilities: Record<Ability, number | null> = {
    judgement: both?.judgement ?? null,
    reasoning: both?.reasoning ?? null,
    deception: both?.deception ?? null,
    selfAwareness: allSocial
      ? socialParts.reduce((sum, p) => sum + p.selfAwarenessWeight * (social[p.game]?.selfAwareness ?? 0), 0)
      : null,
    cooperation: null,
    coordination: null,
    rationality: null,
  };
  const winRates: BenchResult['winRates'] = Object.fromEntries(WIN_RATE_ROLES.map((r) => [r, null]));
  const table2: BenchResult['table2'] = { cost: null, score: null, returns: null };
  for (const p of played) {
    Object.assign(abilities, p.abilities?.(m) ?? {});
    for (const r of p.roles) winRates[r.role] = r.winRate(m);
    if (p.table2) table2[p.table2.cell] = p.table2.value(m);
  }
  const overall = overallWinRate(winRates);
  // Calls per move for the challenger, over both kinds of games.
  let calls = 0;
  let moves = 0;
  let max = 0;
  let probeCalls = 0;
  let fallbacks = 0;
  const reasons = new Map<string, number>();
  for (const t of pooled)
    for (const f of t.fallbackReasons)
      if (t.challengers.includes(f.player)) {
        // Group by the reason's gist: drop quoted details and numbers so the same failure counts as one.
        const gist = f.reason
          .replace(/"[^"]*"/g, '"…"')
          .replace(/\d+/g, 'N')
          .slice(0, 90);
        reasons.set(gist, (reasons.get(gist) ?? 0) + 1);
      }
  for (const t of pooled)
    for (const c of t.challengers) {
      calls += t.calls[c] ?? 0;
      moves += t.moves[c] ?? 0;
      max = Math.max(max, t.maxCallsPerMove[c] ?? 0);
      probeCalls += t.probeCalls[c] ?? 0;
      fallbacks += t.fallbacks[c] ?? 0;
    }
  let gtCalls = 0;
  let gtMoves = 0;
  for (const l of logs) {
    gtCalls += l.calls[l.challenger] ?? 0;
    gtMoves += l.moves[l.challenger] ?? 0;
    fallbacks += l.fallbacks[l.challenger] ?? 0;
  }
  const seatMoves: Record<string, number> = {};
  const seatNo = (id: string) => Number(id.slice(4)) - 1;
  for (const t of pooled)
    for (const [id, n] of Object.entries(t.moves)) {
      const k = seatKey(seatNo(id), t.challengers.includes(id), 'social');
      seatMoves[k] = (seatMoves[k] ?? 0) + n;
    }
  for (const l of logs)
    for (const [id, n] of Object.entries(l.moves)) {
      const k = seatKey(seatNo(id), id === l.challenger, 'game theory');
      seatMoves[k] = (seatMoves[k] ?? 0) + n;
    }
  const seats: Record<string, SeatReport> = {};
  for (const [k, spend] of Object.entries(counter.seats)) {
    const m = seatMoves[k] ?? 0;
    // Per-move figures only for seats that asked a model (the offline stand-in's seats make no calls: "-").
    const asked = m > 0 && spend.moveCalls > 0;
    const receipted = asked && spend.unreceipted === 0;
    seats[k] = {
      ...spend,
      moves: m,
      callsPerMove: asked ? spend.moveCalls / m : null,
      requestsPerMove: receipted ? spend.moveRequests / m : null,
      firstTriesPerMove: receipted ? (spend.moveRequests - spend.moveRetries) / m : null,
      retriesPerMove: receipted ? spend.moveRetries / m : null,
    };
  }
  return {
    challenger: info(opts.challenger),
    defender: info(opts.defender),
    seed: opts.seed,
    scenarios: [...opts.scenarios],
    settingsDir: opts.settingsDir ?? null,
    games,
    social,
    gameTheory: gt,
    gtPlayers: gtPlayersLabel(logs),
    abilities,
    winRates,
    overallWinRate: overall.rate,
    missingRoles: overall.missing,
    table2,
    requestsPerSeat: counter.counts,
    seats,
    seating: opts.seating ?? 'magic',
    settings: settingsDigest(opts.scenarios, opts.settingsDir),
    releasedCode: {
      rationality: abilities.rationality === null ? null : (gt?.rationalityReleased ?? null),
      selfAwareness: allSocial ? (both?.selfAwareness ?? null) : null,
      reasoning: both?.reasoningReleased ?? null,
      deception: both?.deceptionReleased ?? null,
    },
    callsPerMove: {
      average: moves > 0 ? calls / moves : 0,
      max,
      probeCalls,
      // Null when the stand-in played the game-theory seats (no calls to average).
      gameTheoryAverage: gtMoves > 0 && gtCalls > 0 ? gtCalls / gtMoves : null,
    },
    fallbacks,
    fallbackReasons: [...reasons.entries()].sort((a, b) => b[1] - a[1]),
    pipelineCheck: opts.challenger.llm.info.offline || opts.defender.llm.info.offline,
    ms: Date.now() - t0,
  };
}

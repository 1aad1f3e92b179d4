// MAgIC metrics (Xu et al. 2024, sec. 3, Eq. 1 and Table 4) over bot games, for the challenger's seats. Learnt from
// the paper and the released metrics code (cathyxl/MAgIC metrics_release.py); every rate here is in [0, 1].

import type { PlayerId } from '../../types.ts';
import type { BotProbe } from './bots.ts';
import type { GameKind } from './kinds.ts';

export const METRIC_SETTINGS = {
  // MAgIC outcome credits per role over the flags (Chameleon 0-3, Undercover 0-2), divided by the max credit.
  credits: {
    chameleon: { odd: [0, 1, 2, 1], regular: [2, 1, 0, 1], max: 2 },
    undercover: { odd: [0, 3, 2], regular: [3, 0, 1], max: 3 },
  },
  // MAgIC sec. 3.3 (deception): the odd role's win share plus 0.25 x the share of the chameleon's word guesses the
  // challenger's clues made wrong; the paper's sum, so its range is [0, 1.25] (no rescaling here).
  forcedGuessWeight: 0.25,
  // MAgIC sec. 3.3, Eq. 5 (self-awareness): mu = 0.6 on Chameleon's role identification plus Undercover's, summed as
  // the paper writes it, range [0, 1.6]. The released metrics code pools both games' answers into one ratio instead
  // (metrics_release.py `consist_pgm`); we report that too, as `selfAwarenessReleased`.
  selfAwarenessWeights: { chameleon: 0.6, undercover: 1 },
} as const;

/** One finished social-deduction game as the metrics need it. */
export interface GameTrace {
  kind: GameKind;
  flag: number;
  odd: PlayerId[];
  /** Seats the challenger played. */
  challengers: PlayerId[];
  /** Votes of the deciding vote round (null = abstained). */
  votes: Record<PlayerId, PlayerId | null>;
  /** "Which role am I", asked before each clue: the model's answer (true = "I am the odd one"), per clue given. */
  roleAnswers: { player: PlayerId; selfOdd: boolean }[];
  /** The reasoning probe after each clue: every seat's answer (null = unusable answer). */
  probes: { afterClue: PlayerId; answers: Record<PlayerId, BotProbe | null> }[];
  /** Chameleon only: the caught chameleon's guess. */
  guess: { correct: boolean } | null;
  /** Model calls for moves, per seat. */
  calls: Record<PlayerId, number>;
  moves: Record<PlayerId, number>;
  /** Most calls any one move of the seat took. */
  maxCallsPerMove: Record<PlayerId, number>;
  /** Probe calls (evaluation only), per seat. */
  probeCalls: Record<PlayerId, number>;
  /** Moves where the model's answer was unusable and a legal default was played. */
  fallbacks: Record<PlayerId, number>;
  /** Why, per fallback, in order. */
  fallbackReasons: { player: PlayerId; reason: string }[];
}

export interface Metrics {
  games: number;
  /** Credits over both roles / (max credit x games). */
  winRate: number;
  winRateOdd: number | null;
  winRateRegular: number | null;
  gamesOdd: number;
  gamesRegular: number;
  /** Correct votes / votes cast as a regular player. */
  judgement: number | null;
  /** MAgIC sec. 3.3: wins as the odd role / games in it + 0.25 x wrong guesses forced / guesses faced ([0, 1.25]). */
  deception: number | null;
  /** Correct answers to "which role am I" (asked before each clue) / answers. */
  selfAwareness: number | null;
  /** (gold: own suspect is the odd one + inter: predicted suspect equals that player's own answer) / all checks. */
  reasoning: number | null;
  reasoningGold: number | null;
  reasoningInter: number | null;
  /**
   * Reasoning as metrics_release.py `consist_pgm` scores it: per probe one gold check and one inter check, the inter
   * check 1 only when the predictions of every other player's suspect are right, the two pooled 1:1.
   */
  reasoningReleased: number | null;
  /**
   * Deception as metrics_release.py `decept` computes it: wins (flag != 0) over the games of every run but the
   * non-chameleon one (so Undercover's civilian games count the undercover's wins too), plus 0.25 x (1 if a right
   * guess (flag 1) occurs among the non-chameleon games) / (how many of the flags 0 and 1 occur there): it counts
   * distinct flags, not games. Null where the released code would divide by zero.
   */
  deceptionReleased: number | null;
  callsPerGame: number;
  callsPerMove: number;
  maxCallsPerMove: number;
  probeCallsPerGame: number;
  /** Challenger moves played by a legal default after an unusable answer. */
  fallbacks: number;
  /** Outcome flag histogram. */
  flags: number[];
}

function ratio(a: number, b: number): number | null {
  return b > 0 ? a / b : null;
}

/** Metrics over games of one kind, or pooled over both (credits per game's kind; flags histogram of the first kind). */
export function computeMetrics(traces: GameTrace[]): Metrics {
  const kind = traces[0]?.kind ?? 'chameleon';
  let oddCredit = 0;
  let oddMax = 0;
  let regMax = 0;
  let regCredit = 0;
  let gamesOdd = 0;
  let gamesReg = 0;
  let oddWins = 0;
  let votes = 0;
  let correctVotes = 0;
  let guesses = 0;
  let wrongGuesses = 0;
  let ids = 0;
  let correctIds = 0;
  let gold = 0;
  let goldOk = 0;
  let inter = 0;
  let interOk = 0;
  let interAll = 0;
  let interAllOk = 0;
  let decWins = 0;
  let decGames = 0;
  const nonChameleonFlags = new Set<number>();
  let calls = 0;
  let moves = 0;
  let maxCalls = 0;
  let probeCalls = 0;
  let fallbacks = 0;
  const flags = new Array<number>(METRIC_SETTINGS.credits[kind].odd.length).fill(0);
  for (const t of traces) {
    const cr = METRIC_SETTINGS.credits[t.kind];
    flags[t.flag] = (flags[t.flag] ?? 0) + 1;
    const asOdd = t.challengers.some((c) => t.odd.includes(c));
    const asReg = t.challengers.some((c) => !t.odd.includes(c));
    if (asOdd) {
      gamesOdd++;
      oddMax += cr.max;
      oddCredit += cr.odd[t.flag] ?? 0;
      // Both games: every flag but 0 is a win for the odd role (a caught chameleon that guesses right wins).
      if (t.flag !== 0) oddWins++;
    }
    // metrics_release.py `decept`: every run but the non-chameleon one counts flag != 0 as a win.
    if (t.kind !== 'chameleon' || asOdd) {
      decGames++;
      if (t.flag !== 0) decWins++;
    }
    if (t.kind === 'chameleon' && asReg) nonChameleonFlags.add(t.flag);
    if (asReg) {
      gamesReg++;
      regMax += cr.max;
      regCredit += cr.regular[t.flag] ?? 0;
      if (t.guess) {
        guesses++;
        if (!t.guess.correct) wrongGuesses++;
      }
    }
    for (const c of t.challengers) {
      calls += t.calls[c] ?? 0;
      moves += t.moves[c] ?? 0;
      maxCalls = Math.max(maxCalls, t.maxCallsPerMove[c] ?? 0);
      probeCalls += t.probeCalls[c] ?? 0;
      fallbacks += t.fallbacks[c] ?? 0;
      const isOdd = t.odd.includes(c);
      const v = t.votes[c];
      if (!isOdd && v !== undefined && v !== null) {
        votes++;
        if (t.odd.includes(v)) correctVotes++;
      }
      for (const a of t.roleAnswers) {
        if (a.player !== c) continue;
        ids++;
        if (a.selfOdd === isOdd) correctIds++;
      }
      for (const p of t.probes) {
        const mine = p.answers[c];
        if (mine === undefined) continue;
        // An unusable answer is asked and wrong: one gold check and one inter check per other player.
        gold++;
        if (mine && t.odd.includes(mine.suspect)) goldOk++;
        let checks = 0;
        let right = 0;
        for (const [other, theirs] of Object.entries(p.answers)) {
          if (other === c || !theirs) continue;
          checks++;
          if (mine && mine.predicted[other] === theirs.suspect) right++;
        }
        inter += checks;
        interOk += right;
        if (checks > 0) {
          interAll++;
          if (right === checks) interAllOk++;
        }
      }
    }
  }
  const n = traces.length;
  const forced = ratio(wrongGuesses, guesses);
  const oddRate = ratio(oddWins, gamesOdd);
  const w = METRIC_SETTINGS.forcedGuessWeight;
  const guessFlags = [0, 1].filter((f) => nonChameleonFlags.has(f)).length;
  const releasedWins = ratio(decWins, decGames);
  return {
    games: n,
    winRate: ratio(oddCredit + regCredit, oddMax + regMax) ?? 0,
    winRateOdd: ratio(oddCredit, oddMax),
    winRateRegular: ratio(regCredit, regMax),
    gamesOdd,
    gamesRegular: gamesReg,
    judgement: ratio(correctVotes, votes),
    deception:
      oddRate === null && forced === null
        ? null
        : forced === null
          ? oddRate
          : oddRate === null
            ? w * forced
            : oddRate + w * forced,
    selfAwareness: ratio(correctIds, ids),
    reasoning: ratio(goldOk + interOk, gold + inter),
    reasoningGold: ratio(goldOk, gold),
    reasoningInter: ratio(interOk, inter),
    reasoningReleased: ratio(goldOk + interAllOk, gold + interAll),
    deceptionReleased:
      releasedWins === null || guessFlags === 0
        ? null
        : releasedWins + w * ((nonChameleonFlags.has(1) ? 1 : 0) / guessFlags),
    callsPerGame: n > 0 ? calls / n : 0,
    callsPerMove: moves > 0 ? calls / moves : 0,
    maxCallsPerMove: maxCalls,
    probeCallsPerGame: n > 0 ? probeCalls / n : 0,
    fallbacks,
    flags,
  };
}

/**
 * MAgIC sec. 3.3, Eq. 5: self-awareness = 0.6 x Chameleon's correct-role share + Undercover's, as the paper sums them
 * (range [0, 1.6]); null unless both games were played (a one-game figure is not the paper's quantity).
 */
export function combinedSelfAwareness(chameleon: number | null, undercover: number | null): number | null {
  const w = METRIC_SETTINGS.selfAwarenessWeights;
  if (chameleon === null || undercover === null) return null;
  return w.chameleon * chameleon + w.undercover * undercover;
}

/** The seven roles of MAgIC's overall win rate (Eq. 1): four social-deduction roles and three game-theory games. */
export const WIN_RATE_ROLES = [
  'chameleon',
  'non-chameleon',
  'undercover',
  'civilian',
  'cost-sharing',
  'prisoners-dilemma',
  'public-good',
] as const;
export type WinRateRole = (typeof WIN_RATE_ROLES)[number];

/**
 * Eq. 1: the mean of the per-role win rates (each already credits / (max credit x games)). Roles not played are left
 * out and named in `missing`, so a partial bench never passes for a complete one.
 */
export function overallWinRate(perRole: Partial<Record<WinRateRole, number | null>>): {
  rate: number | null;
  roles: number;
  missing: WinRateRole[];
} {
  const have = WIN_RATE_ROLES.filter((r) => typeof perRole[r] === 'number');
  const missing = WIN_RATE_ROLES.filter((r) => typeof perRole[r] !== 'number');
  const sum = have.reduce((s, r) => s + (perRole[r] as number), 0);
  return { rate: have.length > 0 ? sum / have.length : null, roles: have.length, missing };
}

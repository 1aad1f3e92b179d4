// MAgIC metrics (Xu et al. 2024, sec. 3 and Table 4) over bot games, for the challenger's seats.
import type { BotProbe } from './bots.ts';
import type { GameKind, PlayerId } from './types.ts';

export const METRIC_SETTINGS = {
  // MAgIC outcome credits per role over the flags (Chameleon 0-3, Undercover 0-2), divided by the max credit.
  credits: {
    chameleon: { odd: [0, 1, 2, 1], regular: [2, 1, 0, 1], max: 2 },
    undercover: { odd: [0, 3, 2], regular: [3, 0, 1], max: 3 },
  },
  // MAgIC deception: + 0.25 x wrong word guesses forced on the chameleon / guesses.
  forcedGuessWeight: 0.25,
  // MAgIC self-awareness: 0.6 x Chameleon ratio + the Undercover ratio (as stated in the issue / our paper notes).
  selfAwarenessWeights: { chameleon: 0.6, undercover: 1 },
} as const;

/** One finished game as the metrics need it. */
export interface GameTrace {
  kind: GameKind;
  flag: number;
  odd: PlayerId[];
  /** Seats the challenger played. */
  challengers: PlayerId[];
  /** Votes of the deciding vote round (null = abstained). */
  votes: Record<PlayerId, PlayerId | null>;
  /** Each seat's probe recorded with its last vote (null if none). */
  probes: Record<PlayerId, BotProbe | null>;
  /** Chameleon only: the caught chameleon's guess. */
  guess: { correct: boolean } | null;
  calls: Record<PlayerId, number>;
  moves: Record<PlayerId, number>;
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
  /** Wins as the odd role / games in it + 0.25 x wrong guesses forced / guesses faced. */
  deception: number | null;
  /** Correct own-role identifications / identifications. */
  selfAwareness: number | null;
  /** Two-hop: (own top suspect correct + other players' top suspects predicted) / all such predictions. */
  reasoning: number | null;
  callsPerGame: number;
  callsPerMove: number;
  /** Outcome flag histogram. */
  flags: number[];
}

function ratio(a: number, b: number): number | null {
  return b > 0 ? a / b : null;
}

export function computeMetrics(traces: GameTrace[]): Metrics {
  const kind = traces[0]?.kind ?? 'chameleon';
  const cr = METRIC_SETTINGS.credits[kind];
  let oddCredit = 0;
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
  let preds = 0;
  let correctPreds = 0;
  let calls = 0;
  let moves = 0;
  const flags = new Array<number>(cr.odd.length).fill(0);
  for (const t of traces) {
    flags[t.flag] = (flags[t.flag] ?? 0) + 1;
    const asOdd = t.challengers.some((c) => t.odd.includes(c));
    const asReg = t.challengers.some((c) => !t.odd.includes(c));
    if (asOdd) {
      gamesOdd++;
      oddCredit += cr.odd[t.flag] ?? 0;
      // Both games: every flag but 0 is a win for the odd role (a caught chameleon that guesses right wins).
      if (t.flag !== 0) oddWins++;
    }
    if (asReg) {
      gamesReg++;
      regCredit += cr.regular[t.flag] ?? 0;
      if (t.guess) {
        guesses++;
        if (!t.guess.correct) wrongGuesses++;
      }
    }
    for (const c of t.challengers) {
      calls += t.calls[c] ?? 0;
      moves += t.moves[c] ?? 0;
      const isOdd = t.odd.includes(c);
      const v = t.votes[c];
      if (!isOdd && v !== undefined && v !== null) {
        votes++;
        if (t.odd.includes(v)) correctVotes++;
      }
      const probe = t.probes[c];
      if (!probe) continue;
      ids++;
      if (probe.selfOdd === isOdd) correctIds++;
      if (!isOdd) {
        preds++;
        if (t.odd.includes(probe.vote)) correctPreds++;
      }
      for (const [other, predicted] of Object.entries(probe.predicted)) {
        const actual = t.votes[other];
        if (actual === undefined || actual === null) continue;
        preds++;
        if (actual === predicted) correctPreds++;
      }
    }
  }
  const n = traces.length;
  const forced = ratio(wrongGuesses, guesses);
  const oddRate = ratio(oddWins, gamesOdd);
  return {
    games: n,
    winRate: n > 0 ? (oddCredit + regCredit) / (cr.max * (gamesOdd + gamesReg)) : 0,
    winRateOdd: ratio(oddCredit, cr.max * gamesOdd),
    winRateRegular: ratio(regCredit, cr.max * gamesReg),
    gamesOdd,
    gamesRegular: gamesReg,
    judgement: ratio(correctVotes, votes),
    deception:
      oddRate === null && forced === null ? null : (oddRate ?? 0) + METRIC_SETTINGS.forcedGuessWeight * (forced ?? 0),
    selfAwareness: ratio(correctIds, ids),
    reasoning: ratio(correctPreds, preds),
    callsPerGame: n > 0 ? calls / n : 0,
    callsPerMove: moves > 0 ? calls / moves : 0,
    flags,
  };
}

/** MAgIC's combined self-awareness from the two games' ratios. */
export function combinedSelfAwareness(chameleon: number, undercover: number): number {
  const w = METRIC_SETTINGS.selfAwarenessWeights;
  return w.chameleon * chameleon + w.undercover * undercover;
}

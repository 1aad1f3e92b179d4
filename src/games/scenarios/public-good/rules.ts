// Public Good (MAgIC, Xu et al. 2024, sec. 3 and appendix A.2): each player starts with 100 points; each round all
// put some of what they have left into a communal pool, in secret, revealed together. After the last round the pool
// is multiplied and shared equally; score = points kept + share. Highest wins; ties all win.
import { gameError, type PlayerId } from '../../types.ts';
import {
  applyRounds,
  createRounds,
  endRound,
  type GtCreateArgs,
  type GtFinal,
  ids,
  type RoundRules,
  roundsLegalMoves,
  roundsOpening,
  roundsView,
  type SecretMove,
  winnersOf,
} from '../game-theory/rounds.ts';
import type { GtAction, GtBase, GtEvent, GtLegalMove, GtResult, GtViewBase } from '../game-theory/types.ts';

export const PG_SETTINGS = {
  // MAgIC: every player starts with 100 monetary points.
  startPoints: 100,
  // MAgIC's released setting: 5 rounds.
  rounds: 5,
  maxRounds: 20,
  // A player whose timer runs out puts nothing in.
  timeoutAmount: 0,
} as const;

export interface PgRound {
  round: number;
  contributions: Record<PlayerId, number>;
  timedOut: PlayerId[];
}

export interface PgState extends GtBase {
  scenario: 'public-good';
  multiplier: number;
  startPoints: number;
  pending: Record<PlayerId, number>;
  history: PgRound[];
  /** Points each player has not put in yet. */
  left: Record<PlayerId, number>;
  pool: number;
  /** Final scores (kept + share) once the game is over. */
  scores: Record<PlayerId, number> | null;
}

export function createPublicGood(args: GtCreateArgs & { multiplier: number }): PgState {
  return createRounds(PG_RULES, args, {
    multiplier: args.multiplier,
    startPoints: PG_SETTINGS.startPoints,
    pending: {},
    history: [],
    left: {},
    pool: 0,
    scores: null,
  });
}

/** Each round every seat puts in, in secret, a whole number of the points it has left. */
const contribute: SecretMove<PgState, number, 'contribute'> = {
  phase: 'contribute',
  move: 'contribute',
  moves: (s) => s.pending,
  withMoves: (s, pending) => ({ ...s, pending }),
  read: (s, action) => {
    const left = s.left[action.player] ?? 0;
    if (!Number.isInteger(action.amount) || action.amount < 0 || action.amount > left)
      return gameError(
        'game/bad_amount',
        `Contribute a whole number of points from 0 to ${left} (what you have left).`,
      );
    return { value: action.amount };
  },
  late: PG_SETTINGS.timeoutAmount,
  close: reveal,
  legal: (s, player) => ({ type: 'contribute', min: 0, max: s.left[player] ?? 0 }),
};

const PG_RULES: RoundRules<PgState> = {
  scenario: 'public-good',
  rounds: PG_SETTINGS.rounds,
  moves: [contribute],
  otherMove: 'In this game you contribute points.',
  seat: (s) => ({ left: Object.fromEntries(ids(s).map((p) => [p, s.startPoints])) }),
};

export function pgOpening(s: PgState): GtEvent[] {
  return roundsOpening(PG_RULES, s);
}

/** Final score per player: kept points plus an equal share of the multiplied pool. */
export function pgScores(left: Record<PlayerId, number>, pool: number, multiplier: number): Record<PlayerId, number> {
  const share = (pool * multiplier) / Object.keys(left).length;
  return Object.fromEntries(Object.entries(left).map(([p, k]) => [p, k + share]));
}

export function applyPublicGood(s: PgState, action: GtAction): GtResult<PgState> {
  return applyRounds(PG_RULES, s, action);
}

function reveal(s: PgState, timedOut: PlayerId[], events: GtEvent[]): GtResult<PgState> {
  const contributions = Object.fromEntries(ids(s).map((p) => [p, s.pending[p] ?? 0]));
  const left = Object.fromEntries(ids(s).map((p) => [p, (s.left[p] ?? 0) - (contributions[p] ?? 0)]));
  const pool = s.pool + Object.values(contributions).reduce((a, b) => a + b, 0);
  const history = [...s.history, { round: s.round, contributions, timedOut }];
  const out: GtEvent[] = [...events, { type: 'pg_revealed', round: s.round, contributions, pool, left }];
  let final: GtFinal<PgState> | null = null;
  if (s.round >= s.rounds) {
    const scores = pgScores(left, pool, s.multiplier);
    final = { scores, winners: winnersOf(scores), state: { scores } };
  }
  return endRound(PG_RULES, s, { pending: {}, history, left, pool }, out, final);
}

export function pgLegalMoves(s: PgState, player: PlayerId): GtLegalMove[] {
  return roundsLegalMoves(PG_RULES, s, player);
}

export interface PgView extends GtViewBase {
  scenario: 'public-good';
  multiplier: number;
  startPoints: number;
  myContribution: number | null;
  history: PgRound[];
  left: Record<PlayerId, number>;
  pool: number;
  scores: Record<PlayerId, number> | null;
}

export function pgView(s: PgState, playerId: PlayerId | null): PgView {
  const view = roundsView(PG_RULES, s, playerId);
  return {
    ...view,
    multiplier: s.multiplier,
    startPoints: s.startPoints,
    myContribution: view.you ? (s.pending[view.you] ?? null) : null,
    history: s.history.map((h) => ({ ...h })),
    left: { ...s.left },
    pool: s.pool,
    scores: s.scores ? { ...s.scores } : null,
  };
}

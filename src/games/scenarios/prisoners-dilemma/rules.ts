// Iterated three-player Prisoner's Dilemma (MAgIC, Xu et al. 2024, sec. 3 and appendix A.2): each round all three
// choose to cooperate or defect in secret; the choices and points are revealed together. Highest total after the
// last round wins; ties all win.
import { gameError, type PlayerId } from '../../types.ts';
import {
  applyRounds,
  createRounds,
  endRound,
  type GtCreateArgs,
  ids,
  type RoundRules,
  roundsLegalMoves,
  roundsOpening,
  roundsView,
  type SecretMove,
  winnersOf,
} from '../game-theory/rounds.ts';
import {
  type GtAction,
  type GtBase,
  type GtEvent,
  type GtLegalMove,
  type GtResult,
  type GtViewBase,
  PD_CHOICES,
  type PdChoice,
} from '../game-theory/types.ts';

/** Points per player for one round, by how many defected (MAgIC's `topic_values`). */
export interface PdPayoffs {
  /** Everyone cooperates: each gets this. */
  cooperate: number;
  /** Everyone defects: each gets this. */
  defect: number;
  /** One defector: it gets this, the cooperators 0. */
  one_defect: number;
  /** Two defectors: each gets this, the cooperator 0. */
  two_defect: number;
}

export const PD_SETTINGS = {
  // MAgIC's moderator ends the game after 5 rounds.
  rounds: 5,
  maxRounds: 20,
  // A player whose timer runs out stays silent: counted as cooperating (not betraying the others).
  timeoutChoice: 'cooperate' as PdChoice,
} as const;

export interface PdRound {
  round: number;
  choices: Record<PlayerId, PdChoice>;
  points: Record<PlayerId, number>;
  /** Players whose choice was filled in on a timeout. */
  timedOut: PlayerId[];
}

export interface PdState extends GtBase {
  scenario: 'prisoners-dilemma';
  payoffs: PdPayoffs;
  /** Secret choices of the current round. */
  pending: Record<PlayerId, PdChoice>;
  history: PdRound[];
  totals: Record<PlayerId, number>;
}

export function createPrisonersDilemma(args: GtCreateArgs & { payoffs: PdPayoffs }): PdState {
  return createRounds(PD_RULES, args, { payoffs: { ...args.payoffs }, pending: {}, history: [], totals: {} });
}

/** Each round every seat chooses once, in secret. */
const choose: SecretMove<PdState, PdChoice, 'choose'> = {
  phase: 'choose',
  move: 'choose',
  moves: (s) => s.pending,
  withMoves: (s, pending) => ({ ...s, pending }),
  read: (_s, action) =>
    PD_CHOICES.includes(action.choice)
      ? { value: action.choice }
      : gameError('game/bad_choice', 'Choose cooperate or defect.'),
  late: PD_SETTINGS.timeoutChoice,
  close: reveal,
  legal: () => ({ type: 'choose', choices: PD_CHOICES }),
};

const PD_RULES: RoundRules<PdState> = {
  scenario: 'prisoners-dilemma',
  rounds: PD_SETTINGS.rounds,
  moves: [choose],
  otherMove: 'In this game you choose to cooperate or defect.',
  seat: (s) => ({ totals: Object.fromEntries(ids(s).map((p) => [p, 0])) }),
};

/** Events announcing the first round (front ends print them when the game starts). */
export function pdOpening(s: PdState): GtEvent[] {
  return roundsOpening(PD_RULES, s);
}

/** Points per player for one set of choices. */
export function pdPoints(payoffs: PdPayoffs, choices: Record<PlayerId, PdChoice>): Record<PlayerId, number> {
  const defectors = Object.values(choices).filter((c) => c === 'defect').length;
  const n = Object.keys(choices).length;
  const out: Record<PlayerId, number> = {};
  for (const [p, c] of Object.entries(choices)) {
    if (defectors === 0) out[p] = payoffs.cooperate;
    else if (defectors === n) out[p] = payoffs.defect;
    else if (c === 'cooperate') out[p] = 0;
    else out[p] = defectors === 1 ? payoffs.one_defect : payoffs.two_defect;
  }
  return out;
}

export function applyPrisonersDilemma(s: PdState, action: GtAction): GtResult<PdState> {
  return applyRounds(PD_RULES, s, action);
}

function reveal(s: PdState, timedOut: PlayerId[], events: GtEvent[]): GtResult<PdState> {
  const choices = Object.fromEntries(ids(s).map((p) => [p, s.pending[p] as PdChoice]));
  const points = pdPoints(s.payoffs, choices);
  const totals = Object.fromEntries(ids(s).map((p) => [p, (s.totals[p] ?? 0) + (points[p] ?? 0)]));
  const history = [...s.history, { round: s.round, choices, points, timedOut }];
  const out: GtEvent[] = [...events, { type: 'pd_revealed', round: s.round, choices, points, totals }];
  const final = s.round >= s.rounds ? { scores: totals, winners: winnersOf(totals) } : null;
  return endRound(PD_RULES, s, { pending: {}, history, totals }, out, final);
}

export function pdLegalMoves(s: PdState, player: PlayerId): GtLegalMove[] {
  return roundsLegalMoves(PD_RULES, s, player);
}

export interface PdView extends GtViewBase {
  scenario: 'prisoners-dilemma';
  payoffs: PdPayoffs;
  /** Your own secret choice this round (others' stay hidden until the reveal). */
  myChoice: PdChoice | null;
  history: PdRound[];
  totals: Record<PlayerId, number>;
}

export function pdView(s: PdState, playerId: PlayerId | null): PdView {
  const view = roundsView(PD_RULES, s, playerId);
  return {
    ...view,
    payoffs: { ...s.payoffs },
    myChoice: view.you ? (s.pending[view.you] ?? null) : null,
    history: s.history.map((h) => ({ ...h })),
    totals: { ...s.totals },
  };
}

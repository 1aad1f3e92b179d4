// Types shared by MAgIC's three game-theory scenarios (Xu et al. 2024, sec. 3): Cost Sharing, the iterated
// three-player Prisoner's Dilemma and Public Good. Every round all seated players move at once and in secret; the
// moves are revealed together when the last one is in (or the turn timer runs out).
import type { GameError, PlayerId, Seat } from '../types.ts';

export type GtScenario = 'cost-sharing' | 'prisoners-dilemma' | 'public-good';
export const GT_SCENARIOS: readonly GtScenario[] = ['cost-sharing', 'prisoners-dilemma', 'public-good'];

/** MAgIC seats exactly three players in all three scenarios. */
export const GT_SEATS = 3;

export type GtPhase = 'propose' | 'vote' | 'choose' | 'contribute' | 'over' | 'cancelled';

export type PdChoice = 'cooperate' | 'defect';
export const PD_CHOICES: readonly PdChoice[] = ['cooperate', 'defect'];

/** Cost shares in percent, one per seat in seat order (airline A, B, C), summing to 100. */
export type Shares = number[];

/** Moves people and bots send; `vote` names the proposer whose proposal the voter accepts (Cost Sharing). */
export type GtAction =
  | { type: 'propose'; player: PlayerId; shares: Shares }
  | { type: 'vote'; player: PlayerId; target: PlayerId }
  | { type: 'choose'; player: PlayerId; choice: PdChoice }
  | { type: 'contribute'; player: PlayerId; amount: number }
  | { type: 'cancel'; player: PlayerId; admin?: boolean }
  /** The turn timer ran out for the round numbered `turnSeq`: missing moves take the scenario's default. */
  | { type: 'timeout'; turnSeq: number };

/** A legal move now; amounts and shares are bounded here and checked again when applied. */
export type GtLegalMove =
  | { type: 'propose'; seats: number }
  | { type: 'vote'; proposals: PlayerId[] }
  | { type: 'choose'; choices: readonly PdChoice[] }
  | { type: 'contribute'; min: 0; max: number }
  | { type: 'cancel' };

export type GtEvent =
  | { type: 'gt_started'; scenario: GtScenario; players: PlayerId[]; rounds: number }
  /** A round (or its vote) opens: everyone in `awaiting` moves now, in secret. */
  | { type: 'gt_round'; round: number; phase: GtPhase; awaiting: PlayerId[] }
  /** Someone locked in a move (what it is stays hidden until the reveal). */
  | { type: 'gt_moved'; player: PlayerId }
  | { type: 'gt_timed_out'; players: PlayerId[]; phase: GtPhase }
  | { type: 'cs_proposals'; round: number; proposals: Record<PlayerId, Shares | null> }
  | { type: 'cs_votes'; round: number; votes: Record<PlayerId, PlayerId | null>; agreed: Shares | null }
  | {
      type: 'pd_revealed';
      round: number;
      choices: Record<PlayerId, PdChoice>;
      points: Record<PlayerId, number>;
      totals: Record<PlayerId, number>;
    }
  | {
      type: 'pg_revealed';
      round: number;
      contributions: Record<PlayerId, number>;
      pool: number;
      left: Record<PlayerId, number>;
    }
  | { type: 'gt_over'; scenario: GtScenario; winners: PlayerId[]; scores: Record<PlayerId, number> }
  | { type: 'gt_cancelled'; by: PlayerId };

export type GtResult<S> = { state: S; events: GtEvent[] } | { error: GameError };

export function isGtError<S>(r: GtResult<S>): r is { error: GameError } {
  return 'error' in r;
}

/** Fields every scenario's state carries. */
export interface GtBase {
  version: 1;
  scenario: GtScenario;
  phase: GtPhase;
  seed: number;
  /** Number of actions applied. */
  step: number;
  /** Bumped whenever a new round or phase opens; a timeout must name the current one. */
  turnSeq: number;
  hostId: PlayerId | null;
  players: Seat[];
  /** 1-based current round. */
  round: number;
  rounds: number;
  /** The setting played (file and seat), kept for logs. */
  settingId: string;
}

export interface GtPublicSeat {
  id: PlayerId;
  name: string;
  bot: boolean;
}

/** Fields every per-player view carries. */
export interface GtViewBase {
  scenario: GtScenario;
  phase: GtPhase;
  turnSeq: number;
  you: PlayerId | null;
  players: GtPublicSeat[];
  round: number;
  rounds: number;
  /** Who has locked in a move this round (never what). */
  moved: PlayerId[];
  /** Final scores and winners once the game is over. */
  winners: PlayerId[] | null;
}

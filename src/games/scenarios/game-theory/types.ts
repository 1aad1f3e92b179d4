// Types shared by MAgIC's three game-theory scenarios (Xu et al. 2024, sec. 3): Cost Sharing, the iterated
// three-player Prisoner's Dilemma and Public Good. Every round all seated players move at once and in secret; the
// moves are revealed together when the last one is in (or the turn timer runs out).
import type { BaseState } from '../../lobby.ts';
import type { GameAction, GameError, PlayerId, Result } from '../../types.ts';

export type GtScenario = 'cost-sharing' | 'prisoners-dilemma' | 'public-good';
export const GT_SCENARIOS: readonly GtScenario[] = ['cost-sharing', 'prisoners-dilemma', 'public-good'];

/** MAgIC seats exactly three players in all three scenarios. */
export const GT_SEATS = 3;

export type GtPhase = 'lobby' | 'propose' | 'vote' | 'choose' | 'contribute' | 'over' | 'cancelled';

export type PdChoice = 'cooperate' | 'defect';
export const PD_CHOICES: readonly PdChoice[] = ['cooperate', 'defect'];

/** Cost shares in percent, one per seat in seat order (airline A, B, C), summing to 100. */
export type Shares = number[];

/** Moves people and bots send (lobby moves too); `vote` names the proposer whose split the voter accepts. */
export type GtAction = Extract<
  GameAction,
  { type: 'join' | 'leave' | 'start' | 'cancel' | 'propose' | 'vote' | 'choose' | 'contribute' | 'timeout' }
>;

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
  | { type: 'gt_over'; scenario: GtScenario; winners: PlayerId[]; scores: Record<PlayerId, number> };

export type GtResult<S> = Result<S>;

export function isGtError<S>(r: GtResult<S>): r is { error: GameError } {
  return 'error' in r;
}

/** Fields every scenario's state carries: the shared lobby fields (join, leave, start, cancel) plus rounds. */
export interface GtBase extends BaseState {
  kind: GtScenario;
  scenario: GtScenario;
  phase: GtPhase;
  /** 1-based current round. */
  round: number;
  rounds: number;
  /** The setting played (file and seat), kept for logs. */
  settingId: string;
  /** Set when the game is over (each scenario says who wins). */
  winners: PlayerId[] | null;
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

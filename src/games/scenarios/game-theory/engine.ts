// One entry point over the three game-theory scenarios: apply a move, a player's view, legal moves, who is awaited.
import type { PlayerId } from '../../types.ts';
import {
  applyCostSharing,
  type CsState,
  type CsView,
  createCostSharing,
  csLegalMoves,
  csOpening,
  csView,
} from '../cost-sharing/rules.ts';
import {
  applyPrisonersDilemma,
  createPrisonersDilemma,
  type PdState,
  type PdView,
  pdLegalMoves,
  pdOpening,
  pdView,
} from '../prisoners-dilemma/rules.ts';
import {
  applyPublicGood,
  createPublicGood,
  type PgState,
  type PgView,
  pgLegalMoves,
  pgOpening,
  pgView,
} from '../public-good/rules.ts';
import { ids, isOver } from './rounds.ts';
import type { GtSetting } from './settings.ts';
import type { GtAction, GtEvent, GtLegalMove, GtResult } from './types.ts';

export type GtState = CsState | PdState | PgState;
export type GtView = CsView | PdView | PgView;

export function applyGt(state: GtState, action: GtAction): GtResult<GtState> {
  switch (state.scenario) {
    case 'cost-sharing':
      return applyCostSharing(state, action);
    case 'prisoners-dilemma':
      return applyPrisonersDilemma(state, action);
    case 'public-good':
      return applyPublicGood(state, action);
  }
}

export function gtView(state: GtState, player: PlayerId | null): GtView {
  switch (state.scenario) {
    case 'cost-sharing':
      return csView(state, player);
    case 'prisoners-dilemma':
      return pdView(state, player);
    case 'public-good':
      return pgView(state, player);
  }
}

export function gtLegalMoves(state: GtState, player: PlayerId): GtLegalMove[] {
  switch (state.scenario) {
    case 'cost-sharing':
      return csLegalMoves(state, player);
    case 'prisoners-dilemma':
      return pdLegalMoves(state, player);
    case 'public-good':
      return pgLegalMoves(state, player);
  }
}

/** Events that open a fresh game (started + first round). */
export function gtOpening(state: GtState): GtEvent[] {
  switch (state.scenario) {
    case 'cost-sharing':
      return csOpening(state);
    case 'prisoners-dilemma':
      return pdOpening(state);
    case 'public-good':
      return pgOpening(state);
  }
}

/** A lobby for `setting` (people join, the host starts). */
export function createGtLobby(setting: GtSetting, seed: number | string): GtState {
  const common = { seed, rounds: setting.rounds, settingId: setting.id };
  if (setting.scenario === 'cost-sharing') return createCostSharing({ ...common, brief: setting.brief });
  if (setting.scenario === 'prisoners-dilemma') return createPrisonersDilemma({ ...common, payoffs: setting.payoffs });
  return createPublicGood({ ...common, multiplier: setting.multiplier });
}

/** Players whose secret move the round still waits for. */
export function gtAwaited(state: GtState): PlayerId[] {
  if (isOver(state.phase) || state.phase === 'lobby') return [];
  const moved =
    state.scenario === 'cost-sharing' ? (state.phase === 'vote' ? state.votes : state.proposals) : state.pending;
  return ids(state).filter((p) => !(p in moved));
}

/** Final score per player (PD points, Public Good kept + share, Cost Sharing agreed percent), null while running. */
export function gtScores(state: GtState): Record<PlayerId, number> | null {
  if (state.phase !== 'over') return null;
  if (state.scenario === 'prisoners-dilemma') return { ...state.totals };
  if (state.scenario === 'public-good') return state.scores ? { ...state.scores } : null;
  return Object.fromEntries(ids(state).map((p, i) => [p, state.agreed ? (state.agreed[i] as number) : 0]));
}

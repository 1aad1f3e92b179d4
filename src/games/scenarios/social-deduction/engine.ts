// One entry point over Chameleon and Undercover: apply an action, a player's view, legal moves (shared by people and bots).

import { isTerminal, lobbyMoves, seatOf } from '../../lobby.ts';
import type { GameAction, PlayerId, Result, Seat } from '../../types.ts';
import {
  applyChameleon,
  type ChameleonState,
  type ChameleonView,
  chameleonRound,
  chameleonTurn,
  chameleonView,
} from '../chameleon/rules.ts';
import {
  applyUndercover,
  type UndercoverState,
  type UndercoverView,
  undercoverClueRound,
  undercoverTurn,
  undercoverView,
} from '../undercover/rules.ts';

export type GameState = ChameleonState | UndercoverState;
export type GameView = ChameleonView | UndercoverView;

export function applyAction(state: GameState, action: GameAction): Result<GameState> {
  return state.kind === 'chameleon' ? applyChameleon(state, action) : applyUndercover(state, action);
}

export function viewFor(state: ChameleonState, playerId: PlayerId | null): ChameleonView;
export function viewFor(state: UndercoverState, playerId: PlayerId | null): UndercoverView;
export function viewFor(state: GameState, playerId: PlayerId | null): GameView;
export function viewFor(state: GameState, playerId: PlayerId | null): GameView {
  return state.kind === 'chameleon' ? chameleonView(state, playerId) : undercoverView(state, playerId);
}

/** A legal move; clue text and guess words are free, the rules check them when applied. */
export type LegalMove =
  | { type: 'join' }
  | { type: 'leave' }
  | { type: 'start' }
  | { type: 'cancel' }
  | { type: 'clue'; round: number }
  | { type: 'vote'; targets: PlayerId[] }
  | { type: 'guess' };

/** Moves `playerId` may make now (a non-seated id may only join). */
export function legalMoves(state: GameState, playerId: PlayerId): LegalMove[] {
  if (isTerminal(state.phase)) return [];
  const seat = seatOf(state, playerId);
  if (state.phase === 'lobby') return lobbyMoves(state, playerId);
  if (!seat) return [];
  const moves: LegalMove[] = [];
  const voters = state.kind === 'chameleon' ? state.order : state.alive;
  if (state.phase === 'clues' && turnOf(state) === playerId) {
    moves.push({
      type: 'clue',
      round: state.kind === 'chameleon' ? chameleonRound(state) : undercoverClueRound(state),
    });
  }
  if (state.phase === 'vote' && voters.includes(playerId) && !(playerId in state.votes)) {
    moves.push({ type: 'vote', targets: voters.filter((p) => p !== playerId) });
  }
  if (state.kind === 'chameleon' && state.phase === 'guess' && state.chameleon === playerId) {
    moves.push({ type: 'guess' });
  }
  if (state.hostId === playerId) moves.push({ type: 'cancel' });
  return moves;
}

/** Whose clue is awaited now. */
export function turnOf(state: GameState): PlayerId | null {
  return state.kind === 'chameleon' ? chameleonTurn(state) : undercoverTurn(state);
}

/** Players whose move the game is waiting for (the clue giver, the voters still to vote, the guesser). */
export function awaitedPlayers(state: GameState): PlayerId[] {
  if (state.phase === 'clues') {
    const t = turnOf(state);
    return t ? [t] : [];
  }
  if (state.phase === 'vote') {
    const voters = state.kind === 'chameleon' ? state.order : state.alive;
    return voters.filter((p) => !(p in state.votes));
  }
  if (state.phase === 'guess' && state.kind === 'chameleon' && state.chameleon) return [state.chameleon];
  return [];
}

export function seatsOf(state: GameState): Seat[] {
  return state.players;
}

/** The odd role(s): the chameleon, or the undercover(s). */
export function oddPlayers(state: GameState): PlayerId[] {
  if (state.kind === 'chameleon') return state.chameleon ? [state.chameleon] : [];
  return state.undercovers;
}

/** Outcome flag and winning side, or null while the game runs. */
export function outcomeOf(state: GameState): { flag: number; oddWins: boolean } | null {
  if (state.kind === 'chameleon')
    return state.outcome ? { flag: state.outcome.flag, oddWins: state.outcome.winner === 'chameleon' } : null;
  return state.outcome ? { flag: state.outcome.flag, oddWins: state.outcome.winner === 'undercover' } : null;
}

// One entry point over the games: apply an action, a player's view, legal moves (shared by people and bots).
import {
  applyChameleon,
  type ChameleonState,
  type ChameleonView,
  chameleonRound,
  chameleonTurn,
  chameleonView,
} from '../chameleon/rules.ts';
import { type BaseState, isTerminal, seatOf } from '../../lobby.ts';
import {
  applyUndercover,
  type UndercoverState,
  type UndercoverView,
  undercoverClueRound,
  undercoverTurn,
  undercoverView,
} from '../undercover/rules.ts';
import { applyGt, type GtState, type GtView, gtAwaited, gtLegalMoves, gtView } from '../game-theory/engine.ts';
import type { GtLegalMove } from '../game-theory/types.ts';
import { type GameAction, gameError, type PlayerId, type Result, type Seat } from '../../types.ts';

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

/** Lobby moves, the same for every game. */
function lobbyMoves(state: BaseState, playerId: PlayerId): LegalMove[] {
  if (!seatOf(state, playerId)) return state.players.length < state.maxPlayers ? [{ type: 'join' }] : [];
  const moves: LegalMove[] = [{ type: 'leave' }];
  if (state.hostId === playerId) {
    if (state.players.length >= state.minPlayers) moves.push({ type: 'start' });
    moves.push({ type: 'cancel' });
  }
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

// ---- Every table: the social-deduction games and the game-theory scenarios --------------------------------------

/** The state of any game a channel hosts (what the service stores). */
export type TableState = GameState | GtState;
export type TableView = GameView | GtView;
export type TableMove = LegalMove | GtLegalMove;

export function isGameTheory(state: TableState): state is GtState {
  return state.kind === 'cost-sharing' || state.kind === 'prisoners-dilemma' || state.kind === 'public-good';
}

export function applyTableAction(state: TableState, action: GameAction): Result<TableState> {
  if (!isGameTheory(state)) return applyAction(state, action);
  switch (action.type) {
    case 'clue':
    case 'guess':
      return gameError('game/wrong_phase', 'There are no clues or guesses in this game.');
    default:
      return applyGt(state, action);
  }
}

export function tableView(state: TableState, playerId: PlayerId | null): TableView {
  return isGameTheory(state) ? gtView(state, playerId) : viewFor(state, playerId);
}

export function tableMoves(state: TableState, playerId: PlayerId): TableMove[] {
  if (!isGameTheory(state)) return legalMoves(state, playerId);
  if (state.phase === 'lobby') return lobbyMoves(state, playerId);
  return gtLegalMoves(state, playerId);
}

export function tableAwaited(state: TableState): PlayerId[] {
  return isGameTheory(state) ? gtAwaited(state) : awaitedPlayers(state);
}

export function tableTurn(state: TableState): PlayerId | null {
  return isGameTheory(state) ? null : turnOf(state);
}

// One engine over every registered game (scenarios/registry.ts): apply an action, a player's view, legal moves, who
// is awaited, whose turn it is. It never names a scenario; each game's module answers for its own state.
import { moduleOf, type TableMove, type TableState, type TableView } from './scenarios/registry.ts';
import type { GameAction, PlayerId, Result } from './types.ts';

export type { TableMove, TableState, TableView } from './scenarios/registry.ts';

export function applyTableAction(state: TableState, action: GameAction): Result<TableState> {
  return moduleOf(state).apply(state, action);
}

export function tableView(state: TableState, playerId: PlayerId | null): TableView {
  return moduleOf(state).view(state, playerId);
}

export function tableMoves(state: TableState, playerId: PlayerId): TableMove[] {
  return moduleOf(state).legalMoves(state, playerId);
}

export function tableAwaited(state: TableState): PlayerId[] {
  return moduleOf(state).awaited(state);
}

export function tableTurn(state: TableState): PlayerId | null {
  return moduleOf(state).turn(state);
}

// The one table of game scenarios: every game a channel can host is a module (../module.ts) in a folder of its own,
// listed here. This is the one place outside the scenario folders that names them; the engine, lobby, timers,
// ratings and front ends look a game up here by its kind. Tests may register a scenario of their own.
import type { BaseState } from '../lobby.ts';
import type { GameModule } from '../module.ts';
import { chameleonModule } from './chameleon/module.ts';
import { costSharingModule } from './cost-sharing/module.ts';
import type { GtState, GtView } from './game-theory/engine.ts';
import type { GtLegalMove } from './game-theory/types.ts';
import { prisonersDilemmaModule } from './prisoners-dilemma/module.ts';
import { publicGoodModule } from './public-good/module.ts';
import type { GameState, GameView, LegalMove } from './social-deduction/engine.ts';
import { undercoverModule } from './undercover/module.ts';

/** The state of any game a channel hosts (what the service stores). */
export type TableState = GameState | GtState;
export type TableView = GameView | GtView;
export type TableMove = LegalMove | GtLegalMove;

type AnyModule = GameModule<TableState, TableView, TableMove>;

const MODULES = new Map<string, AnyModule>();

/** Adds a scenario (its kind must be new). The built-in ones are registered below, in the order menus list them. */
export function registerGame<S extends BaseState, V, M>(module: GameModule<S, V, M>): void {
  if (MODULES.has(module.kind)) throw new Error(`game ${module.kind} is already registered`);
  MODULES.set(module.kind, module as unknown as AnyModule);
}

/** Removes a scenario a test registered. */
export function unregisterGame(kind: string): void {
  MODULES.delete(kind);
}

registerGame(chameleonModule);
registerGame(undercoverModule);
registerGame(costSharingModule);
registerGame(prisonersDilemmaModule);
registerGame(publicGoodModule);

/** Every registered game's kind, in menu order. */
export function gameKinds(): string[] {
  return [...MODULES.keys()];
}

export function isGameKind(kind: string): boolean {
  return MODULES.has(kind);
}

/** The module for `kind`; throws for a kind nobody registered (callers check user input with isGameKind first). */
export function gameModule(kind: string): AnyModule {
  const m = MODULES.get(kind);
  if (!m) throw new Error(`no game "${kind}" is registered (known: ${gameKinds().join(', ')})`);
  return m;
}

/** The module that plays `state`. */
export function moduleOf(state: { kind: string }): AnyModule {
  return gameModule(state.kind);
}

/** A game's title ("Prisoner's Dilemma"), or the kind itself for one nobody registered. */
export function gameTitle(kind: string): string {
  return MODULES.get(kind)?.title ?? kind;
}

/** The kind a typed word names: a kind, or one of its aliases ("pd"). */
export function kindNamed(word: string): string | null {
  const w = word.toLowerCase();
  for (const m of MODULES.values()) if (m.kind === w || m.aliases.includes(w)) return m.kind;
  return null;
}

// What one player may see of their own game ("Show my word" on Discord, /game word in the console): the game's
// module says (a word or role, a standing at a game-theory table). Never shown to the channel.
import type { TableState } from './engine.ts';
import { moduleOf } from './scenarios/registry.ts';
import type { PrivateInfo } from './service-types.ts';
import type { GameError, PlayerId } from './types.ts';

export function privateInfo(
  s: TableState,
  player: PlayerId,
): { ok: true; info: PrivateInfo } | { ok: false; error: GameError } {
  return moduleOf(s).privateInfo(s, player);
}

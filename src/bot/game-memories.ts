// Finished games become memories of the town residents who played (issue 6: "the game becomes a memory for each
// resident who played"), stored in the town of the guild where the game was played — never in another guild's.
// The composition root passes the returned function as GameService's `onFinished`.
import type { TownDirectory } from '../commands/types.ts';
import type { FinishedGame } from '../games/service.ts';
import type { Log } from './ports.ts';

/** Importance (1-10) of a game memory: a memorable social event, below news such as a party invitation. */
export const GAME_MEMORY_IMPORTANCE = 5;

export function rememberGamesInTowns(towns: Pick<TownDirectory, 'get'>, log: Log): (g: FinishedGame) => Promise<void> {
  return async (g) => {
    const players = g.memories.filter((m) => m.residentId);
    if (players.length === 0) return;
    const town = await towns.get(g.context.scope).catch(() => null);
    if (!town) return;
    for (const m of players) {
      try {
        await town.remember(m.residentId!, m.text, 'game', GAME_MEMORY_IMPORTANCE);
      } catch (e) {
        log.warn({ err: e, gameId: g.id, residentId: m.residentId }, 'could not store a game memory');
      }
    }
  };
}

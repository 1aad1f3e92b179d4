// A new table for a lobby and its bot seats: the game's module deals it from the game's seed (a word card, a
// setting), so a game replays exactly.
import type { TableState } from './engine.ts';
import { gameModule } from './scenarios/registry.ts';
import type { TopicCard, WordPair } from './scenarios/social-deduction/words.ts';
import type { LobbyOptions, ResidentPlayer } from './service-types.ts';
import type { PersistedGame } from './store.ts';
import type { Seat } from './types.ts';

export function newTableState(
  opts: LobbyOptions,
  seed: number,
  wordLists?: { topics: TopicCard[]; pairs: WordPair[] },
): TableState {
  return gameModule(opts.kind).create(opts, seed, wordLists);
}

/** The next bot seat of a table ("Bot 3"), or a town resident playing in character; counts bots in `data`. */
export function botSeat(data: PersistedGame, resident?: ResidentPlayer): Seat {
  data.botCounter += 1;
  const n = data.botCounter;
  const kind = data.options.botKind;
  if (resident)
    return {
      id: `bot:${n}`,
      name: resident.persona.name,
      bot: { kind, persona: resident.persona, residentId: resident.residentId },
    };
  return { id: `bot:${n}`, name: `Bot ${n}`, bot: { kind } };
}

// A new table for a lobby and its bot seats: Chameleon and Undercover dealt from the word lists, game-theory scenarios set up from one
// of our variants; everything drawn from the game's seed so a game replays exactly.
import { createChameleon } from './scenarios/chameleon/rules.ts';
import type { TableState } from './scenarios/social-deduction/engine.ts';
import { createGtLobby } from './scenarios/game-theory/engine.ts';
import { type GtSetting, loadVariants } from './scenarios/game-theory/settings.ts';
import type { GtScenario } from './scenarios/game-theory/types.ts';
import { seedState } from './rng.ts';
import type { LobbyOptions, ResidentPlayer } from './service-types.ts';
import type { PersistedGame } from './store.ts';
import type { Seat } from './types.ts';
import { createUndercover } from './scenarios/undercover/rules.ts';
import { dealChameleon, dealUndercover, loadPairs, loadTopics, type TopicCard, type WordPair } from './scenarios/social-deduction/words.ts';

export function newTableState(
  opts: LobbyOptions,
  seed: number,
  wordLists?: { topics: TopicCard[]; pairs: WordPair[] },
): TableState {
  if (opts.kind === 'cost-sharing' || opts.kind === 'prisoners-dilemma' || opts.kind === 'public-good')
    return createGtLobby(opts.setting ?? drawSetting(opts.kind, seed), seed);
  const words = wordLists ?? { topics: loadTopics(), pairs: loadPairs() };
  if (opts.kind === 'chameleon') {
    const { setup } = dealChameleon(words.topics, seedState(seed) ^ 0x9e3779b9);
    return createChameleon({
      seed,
      setup,
      ...(opts.clueRounds ? { options: { clueRounds: opts.clueRounds } } : {}),
    });
  }
  const { setup } = dealUndercover(words.pairs, seedState(seed) ^ 0x9e3779b9);
  return createUndercover({
    seed,
    setup,
    options: {
      ...(opts.variant ? { variant: opts.variant } : {}),
      ...(opts.clueRounds ? { clueRounds: opts.clueRounds } : {}),
    },
  });
}

/** One of our variants for a live table (the challenger seat does not matter outside the bench). */
function drawSetting(kind: GtScenario, seed: number): GtSetting {
  const all = loadVariants(kind).filter((v) => v.challengerSeat === 0);
  return all[seedState(seed) % all.length] as GtSetting;
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

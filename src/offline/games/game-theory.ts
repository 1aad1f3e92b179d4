// The labelled offline stand-in as the game-theory seats composition roots hand the games (`GtSeats`): each
// scenario's offline seat is its module's own (src/games/scenarios/<kind>/offline.ts, a seeded temperament for
// vanilla, what predicting the others suggests for PGM), found through the registry. Its figures are a pipeline
// check, never a measure of a model.

import type { GtBot, GtSeats } from '../../games/scenarios/game-theory/index.ts';
import { llmGtBot } from '../../games/scenarios/game-theory/llm-bot.ts';
import {
  offlineGtBot as familyBot,
  type GtOfflineSeat,
  OFFLINE_GT_LABEL,
} from '../../games/scenarios/game-theory/offline.ts';
import { gameModule, isGameKind } from '../../games/scenarios/registry.ts';
import type { BotKind } from '../../games/types.ts';
import type { LanguageModel } from '../../llm/port.ts';

export { OFFLINE_GT_LABEL };

/** The registered scenario's game-theory offline seat, if it has one. */
function gtSeatOf(kind: string): GtOfflineSeat | undefined {
  const seat = isGameKind(kind) ? gameModule(kind).offline : undefined;
  return seat?.family === 'game-theory' ? seat : undefined;
}

/**
 * The offline stand-in as one seat's player; `seed` makes its temperament its own, `kind` says how it is prompted
 * (vanilla: seeded temperament; pgm, pgm-prob: plays what predicting the others suggests).
 */
export function offlineGtBot(opts: { seed?: number | string; kind?: BotKind } = {}): GtBot {
  return familyBot({ ...standIn(opts), seatFor: gtSeatOf });
}

/**
 * The seats composition roots give the games: the labelled stand-in when the model is the offline one, else the
 * model itself (vanilla or PGM prompting).
 */
export const offlineAwareGtSeats: GtSeats = (llm: LanguageModel, opts = {}) =>
  llm.info.offline ? offlineGtBot(standIn(opts)) : llmGtBot(llm, opts);

/** Every seat on the stand-in, whatever the model (tests of the harness). */
export const offlineGtSeats: GtSeats = (_llm, opts = {}) => offlineGtBot(standIn(opts));

/** The seat's seed and prompting, as the stand-in takes them (the bench's --challenger-bots reaches it). */
function standIn(opts: { seed?: number | string; kind?: BotKind }): { seed?: number | string; kind?: BotKind } {
  return { ...(opts.seed !== undefined ? { seed: opts.seed } : {}), ...(opts.kind ? { kind: opts.kind } : {}) };
}

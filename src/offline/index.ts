// The labelled offline stand-in, as composition roots (src/main.ts, src/cli, src/worker, bench, tests) wire it in:
// a rule-based `LanguageModel` answering the agent's and the games' tasks from their structured inputs. Nothing on
// the real path (llm, agent, town, games) imports this folder; they reach it only through the LanguageModel port.
import { createLanguageModel as createModel, type LanguageModelOptions, type LlmGateway } from '../llm/index.ts';
import type { OfflineRules } from '../llm/port.ts';
import { OfflineModel } from './model.ts';

export { agentOfflineRules } from './agent/index.ts';
export { OFFLINE_GT_LABEL, offlineAwareGtSeats, offlineGtBot, offlineGtSeats } from './games/game-theory.ts';
export { gamesOfflineRules, makeGamesOfflineRules } from './games/rules.ts';
export { mergeOfflineRules, OfflineModel, offlineModelInfo } from './model.ts';

/**
 * llm's factory with the stand-in wired in: provider 'offline' gets an OfflineModel over `offlineRules` (merge the
 * agent's and the games' with mergeOfflineRules); any other provider is passed through unchanged.
 */
export function createLanguageModel(
  opts: Omit<LanguageModelOptions, 'standIn'> & { offlineRules?: OfflineRules },
): LlmGateway {
  const { offlineRules, ...rest } = opts;
  return createModel(opts.provider === 'offline' ? { ...rest, standIn: new OfflineModel(offlineRules ?? {}) } : rest);
}

// The offline stand-in's rules for the social-deduction tasks, as composition roots merge them into the offline
// model: the family's rules (src/games/scenarios/social-deduction/offline.ts) over each registered game's own
// offline seat (src/games/scenarios/<kind>/offline.ts), found through the registry. Labelled, a pipeline check.

import { gameModule, isGameKind } from '../../games/scenarios/registry.ts';
import type { WordKnowledge } from '../../games/scenarios/social-deduction/knowledge.ts';
import {
  type DeductionOfflineSeat,
  deductionOfflineRules,
  OFFLINE_SETTINGS,
} from '../../games/scenarios/social-deduction/offline.ts';
import type { OfflineRules } from '../../llm/port.ts';

/** The registered game's social-deduction offline seat, if it has one. */
function deductionSeatOf(kind: string): DeductionOfflineSeat | undefined {
  const seat = isGameKind(kind) ? gameModule(kind).offline : undefined;
  return seat?.family === 'social-deduction' ? seat : undefined;
}

/** Offline rules over a given knowledge base (custom association data). */
export function makeGamesOfflineRules(
  base?: () => WordKnowledge,
  recall: number = OFFLINE_SETTINGS.recall,
  /** A bench run's seed: which associations each mind recalls, and every tie-break, are drawn with it. */
  seed = '',
): OfflineRules {
  return deductionOfflineRules({ seatFor: deductionSeatOf, ...(base ? { base } : {}), recall, seed });
}

/** The games' offline rules for the composition root to merge into the offline model. */
export const gamesOfflineRules: OfflineRules = makeGamesOfflineRules();

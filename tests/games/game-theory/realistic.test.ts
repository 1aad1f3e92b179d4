// A model player against the realistic model server (tests/support/realistic-model): its Cost Sharing proposals and
// votes go through as the model's own moves, not as the offline fallback.
import { afterEach, describe, expect, it } from 'vitest';
import {
  llmGtBot,
  loadVariants,
  playGameTheory,
  sharesFromAnswer,
} from '../../../src/games/scenarios/game-theory/index.ts';
import { createLanguageModel, InMemoryUsageSink } from '../../../src/llm/index.ts';
import { noFaults, type RealisticModel, startRealisticModel } from '../../support/realistic-model/server.ts';

let server: RealisticModel | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('game-theory model bots against the realistic model server', () => {
  it('Cost Sharing: every proposal and vote is the model’s own (no fallback)', async () => {
    server = await startRealisticModel({ seed: 21, latencyScale: 0, rates: noFaults });
    const llm = createLanguageModel({
      provider: 'compatible',
      baseURL: server.baseURL,
      chatModel: server.model,
      usage: new InMemoryUsageSink(),
      maxAttempts: 2,
      random: () => 0,
    });
    const setting = loadVariants('cost-sharing')[0];
    if (!setting) throw new Error('no cost-sharing setting');
    for (const kind of ['vanilla', 'pgm'] as const) {
      const bot = llmGtBot(llm, { kind });
      const log = await playGameTheory(setting, [bot, bot, bot], { seed: 3 });
      expect(log.state.phase).toBe('over');
      const moves = Object.values(log.moves).reduce((a, b) => a + b, 0);
      // Three proposals and three votes per round at least.
      expect(moves).toBeGreaterThanOrEqual(6);
      expect(Object.values(log.fallbacks).reduce((a, b) => a + b, 0)).toBe(0);
      expect(Object.values(log.calls).reduce((a, b) => a + b, 0)).toBe(kind === 'pgm' ? 2 * moves : moves);
    }
  });

  it('a split is read as proportions: 33.3/33.3/33.3 and 1/2/1 become whole percents adding up to 100', () => {
    expect(sharesFromAnswer([33.3, 33.3, 33.3])).toEqual([34, 33, 33]);
    expect(sharesFromAnswer([1, 2, 1])).toEqual([25, 50, 25]);
    expect(sharesFromAnswer([50, 30, 20])).toEqual([50, 30, 20]);
    expect(sharesFromAnswer([-5, 60, 45])).toBeNull();
    expect(sharesFromAnswer([0, 0, 0])).toBeNull();
  });
});

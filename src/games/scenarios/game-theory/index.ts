// Public API of the game-theory scenarios (MAgIC's Cost Sharing, Prisoner's Dilemma, Public Good). The benchmark
// calls: load settings (`loadMagicSettings` / `loadVariants`), pick bots (`llmGtBot`, or a `GtSeats` factory the composition root passes), play a game
// (`playGameTheory(setting, bots, { seed })` -> GtLog) and score logs (`gameTheoryMetrics(logs)`).
export * from '../cost-sharing/rules.ts';
export * from '../prisoners-dilemma/rules.ts';
export * from '../public-good/rules.ts';
export * from './default-move.ts';
export * from './engine.ts';
export * from './llm-bot.ts';
export * from './metrics.ts';
export * from './play.ts';
export * from './prompts.ts';
export { GtSetupError, winnersOf } from './rounds.ts';
export * from './settings.ts';
export * from './types.ts';

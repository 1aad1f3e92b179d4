// Public surface of the games module for the composition root and the front ends (Discord, console).
export type { BotDecision, BotMemory, BotProbe } from './bots.ts';
export { playBotTurn } from './bots.ts';
export type { ChameleonOutcome, ChameleonState, ChameleonView } from './chameleon.ts';
export { renderEvents } from './event-text.ts';
export {
  applyAction,
  awaitedPlayers,
  type GameState,
  type GameView,
  type LegalMove,
  legalMoves,
  viewFor,
} from './engine.ts';
export { computeMetrics, type GameTrace, type Metrics } from './metrics.ts';
export {
  InMemoryRatingStore,
  type LeaderboardEntry,
  leaderboard,
  type RatingRow,
  type RatingStore,
  updateRatings,
} from './ratings.ts';
export { memoriesOf, type PlayerMemory, type Reveal, revealOf } from './results.ts';
export {
  type FinishedGame,
  type GameContext,
  GameService,
  type GameServiceDeps,
  type GameSnapshot,
  type LobbyOptions,
  type Person,
  type PrivateInfo,
  type ResidentPlayer,
  resolvePlayer,
  type ServiceResult,
} from './service.ts';
export { type GameRecord, type GameStore, InMemoryGameStore, type PersistedGame } from './store.ts';
export type {
  BotKind,
  BotSpec,
  GameAction,
  GameError,
  GameErrorCode,
  GameEvent,
  GameKind,
  Persona,
  PlayerId,
  Seat,
} from './types.ts';
export type { UndercoverOutcome, UndercoverState, UndercoverView } from './undercover.ts';
export { loadPairs, loadTopics, type TopicCard, type WordPair } from './words.ts';

// The GameService's vocabulary for front ends: where a game is played (GameContext), who plays (Person, a town
// ResidentPlayer), what a command returns (ServiceResult with a GameSnapshot), what the service needs (its deps).
import type { LanguageModel } from '../llm/port.ts';
import type { TableState } from './engine.ts';
import { tableAwaited, tableTurn } from './engine.ts';
import type { RatingStore } from './ratings.ts';
import type { GtSeats } from './scenarios/game-theory/llm-bot.ts';
import { gameKinds } from './scenarios/registry.ts';
import type { PlayerMemory, Reveal } from './scenarios/social-deduction/results.ts';
import type { TopicCard, WordPair } from './scenarios/social-deduction/words.ts';
import { resolveSeat } from './seats.ts';
import type { GameRecord, GameStore } from './store.ts';
import type { AnyGameKind, GameError, GameEvent, PlayerId } from './types.ts';

export type { LobbyOptions, PrivateInfo, ResidentPlayer } from './module.ts';

export interface GameContext {
  /** Guild id, or 'console'. */
  scope: string;
  channelId: string;
  /**
   * Set by front ends whose controls belong to one game (a button on a lobby message): a click on a game that is
   * over is refused with 'game/finished' instead of acting on a newer game in the same channel.
   */
  gameId?: string;
}

export interface Person {
  id: PlayerId;
  name: string;
}

/** What front ends render after a command. */
export interface GameSnapshot {
  id: string;
  kind: AnyGameKind;
  phase: TableState['phase'];
  hostId: PlayerId | null;
  players: { id: PlayerId; name: string; bot: boolean }[];
  /** Whose clue is awaited (clue phase). */
  turn: PlayerId | null;
  /** Players the game waits for; a front end starts its timer for them and sends `timeout(turnSeq)` on expiry. */
  awaiting: PlayerId[];
  turnSeq: number;
}

export interface FinishedGame {
  id: string;
  context: GameContext;
  kind: AnyGameKind;
  reveal: Reveal;
  /** One first-person line per player; `residentId` marks the town residents to remember it. */
  memories: PlayerMemory[];
}

export type ServiceResult =
  | { ok: true; game: GameSnapshot; events: GameEvent[]; reveal: Reveal | null }
  | { ok: false; error: GameError };

export interface GameServiceDeps {
  store: GameStore;
  ratings: RatingStore;
  llm: LanguageModel;
  /**
   * Who plays the bot seats of the game-theory scenarios, from the model: the composition root passes the model's
   * seats (`modelGtSeats`) or, where the model may be the offline one, src/offline's `offlineAwareGtSeats`.
   */
  gtSeats: GtSeats;
  words?: { topics: TopicCard[]; pairs: WordPair[] };
  now?: () => number;
  /** Source of per-game seeds (tests pass a fixed one; the composition root may pass a clock-based one). */
  seeds?: () => number;
  newId?: () => string;
  townId?: string;
  /** Called once per finished game (the town stores `memories` for residents who played). */
  onFinished?: (game: FinishedGame) => void | Promise<void>;
  /** Streams events as bots move (a front end can announce turns before the whole bot run ends). */
  onEvents?: (context: GameContext, events: GameEvent[], game: GameSnapshot) => void | Promise<void>;
  /**
   * Told about every bot move whose model answer was unusable, so a legal default was played (the composition root
   * logs `line`); the service also counts them (`botFallbacks`).
   */
  onBotFallback?: (fallback: LiveFallback) => void;
}

/** A live game's bot fallback: which game, seat and move, why, and one readable line for the log. */
export interface LiveFallback {
  gameId: string;
  kind: AnyGameKind;
  channelId: string;
  player: PlayerId;
  task: string;
  reason: string;
  line: string;
}

export function fallbackLine(f: Omit<LiveFallback, 'line'>): string {
  return `game ${f.gameId} (${f.kind}, channel ${f.channelId}): bot ${f.player} played a legal default for its ${f.task} because the model's answer was unusable: ${f.reason}`;
}

/** What a command says when the channel has no game: how to start one of each registered game. */
export function noGameMessage(): string {
  const kinds = gameKinds();
  return `There is no game in this channel. Start one with /game ${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}.`;
}

export function snapshot(rec: GameRecord): GameSnapshot {
  const s = rec.data.state;
  return {
    id: rec.id,
    kind: rec.kind,
    phase: s.phase,
    hostId: s.hostId,
    players: s.players.map((p) => ({ id: p.id, name: p.name, bot: p.bot !== undefined })),
    turn: tableTurn(s),
    awaiting: tableAwaited(s),
    turnSeq: s.turnSeq,
  };
}

/** Finds a player by id, by name (case- and space-insensitive) or by 1-based seat number. */
export function resolvePlayer(state: TableState, target: string): PlayerId | null {
  return resolveSeat(state.players, target);
}

// Types shared by every game (after MAgIC, Xu et al. 2024): seats, typed rule errors, actions and events to announce.

import type { GtEvent } from './scenarios/game-theory/types.ts';

/** Every game a channel can host: the kind of a module registered in scenarios/registry.ts. */
export type AnyGameKind = string;

/** A seat's id: a Discord user id, 'console:<name>', or 'bot:<n>' for bot seats. */
export type PlayerId = string;

/**
 * How a bot is prompted: `vanilla` (one call per move), `pgm` (MAgIC's PGM: textual suspicion judgements after every
 * clue and a target-player clue) or `pgm-prob` (the numeric-probability variant, the paper's ProPGM).
 */
export type BotKind = 'vanilla' | 'pgm' | 'pgm-prob';
export const BOT_KINDS: readonly BotKind[] = ['vanilla', 'pgm', 'pgm-prob'];
export function isBotKind(v: unknown): v is BotKind {
  return typeof v === 'string' && (BOT_KINDS as readonly string[]).includes(v);
}

/** A town resident (or any character) a bot plays as. */
export interface Persona {
  name: string;
  /** One-paragraph summary the bot is told to stay in character with. */
  summary: string;
}

export interface BotSpec {
  kind: BotKind;
  persona?: Persona;
  /** Set when the bot is a town resident: the game becomes a memory for it afterwards. */
  residentId?: string;
}

export interface Seat {
  id: PlayerId;
  name: string;
  bot?: BotSpec;
}

export type Phase =
  | 'lobby'
  | 'clues'
  | 'vote'
  | 'guess'
  // Game-theory scenarios: secret simultaneous moves each round.
  | 'propose'
  | 'choose'
  | 'contribute'
  | 'over'
  | 'cancelled';

export type GameErrorCode =
  | 'game/already_joined'
  | 'game/not_a_player'
  | 'game/full'
  | 'game/already_started'
  | 'game/not_started'
  | 'game/not_host'
  | 'game/not_enough_players'
  | 'game/in_progress'
  | 'game/finished'
  | 'game/wrong_phase'
  | 'game/not_your_turn'
  | 'game/eliminated'
  | 'game/clue_empty'
  | 'game/clue_too_long'
  | 'game/clue_repeated'
  | 'game/clue_is_secret'
  | 'game/vote_self'
  | 'game/vote_unknown'
  | 'game/already_voted'
  | 'game/guess_empty'
  | 'game/stale_timeout'
  | 'game/bad_setup'
  | 'game/no_game'
  | 'game/channel_busy'
  | 'game/bad_option'
  | 'game/conflict'
  // Game-theory scenarios (src/games/scenarios/game-theory).
  | 'game/already_moved'
  | 'game/bad_amount'
  | 'game/bad_proposal'
  | 'game/bad_choice';

export interface GameError {
  code: GameErrorCode;
  /** Plain sentence for the person who caused it (shown ephemerally). */
  message: string;
}

export function gameError(code: GameErrorCode, message: string): { error: GameError } {
  return { error: { code, message } };
}

export interface ClueEntry {
  player: PlayerId;
  /** 1-based clue round. */
  round: number;
  /** null when the turn passed on a timeout. */
  text: string | null;
}

/** Actions shared by both games; people and bots send the same ones. */
export type GameAction =
  | { type: 'join'; seat: Seat }
  | { type: 'leave'; player: PlayerId }
  | { type: 'start'; player: PlayerId }
  | { type: 'cancel'; player: PlayerId; admin?: boolean }
  | { type: 'clue'; player: PlayerId; text: string }
  | { type: 'vote'; player: PlayerId; target: PlayerId }
  | { type: 'guess'; player: PlayerId; word: string }
  /** Game-theory moves (src/games/scenarios/game-theory); `vote` above also names a Cost Sharing proposal by its proposer. */
  | { type: 'propose'; player: PlayerId; shares: number[] }
  | { type: 'choose'; player: PlayerId; choice: 'cooperate' | 'defect' }
  | { type: 'contribute'; player: PlayerId; amount: number }
  /** Sent by the front end when a turn's time runs out; `turnSeq` guards against stale timers. */
  | { type: 'timeout'; turnSeq: number };

export type GameEvent =
  | { type: 'joined'; player: PlayerId }
  | { type: 'left'; player: PlayerId }
  | { type: 'host_changed'; player: PlayerId }
  | { type: 'lobby_closed' }
  | { type: 'started'; players: PlayerId[]; clueRounds: number; topic?: string }
  | { type: 'turn'; player: PlayerId; round: number }
  | { type: 'clue'; player: PlayerId; round: number; text: string | null }
  | { type: 'timed_out'; players: PlayerId[]; phase: Phase }
  | { type: 'vote_phase'; round: number; voters: PlayerId[] }
  | { type: 'voted'; player: PlayerId }
  | {
      type: 'votes_revealed';
      votes: Record<PlayerId, PlayerId | null>;
      tally: Record<PlayerId, number>;
      /** The single top-voted player, or null on a tie / no votes. */
      accused: PlayerId | null;
    }
  | { type: 'guess_phase'; player: PlayerId }
  | { type: 'guess'; player: PlayerId; word: string | null; correct: boolean }
  | { type: 'eliminated'; player: PlayerId; wasUndercover: boolean }
  | { type: 'no_elimination'; round: number }
  | { type: 'over'; winner: 'odd' | 'majority'; flag: number }
  | { type: 'cancelled'; by: PlayerId }
  /** A game module's own sentence for the channel (a scenario whose events the shared texts do not know). */
  | { type: 'note'; text: string }
  | GtEvent;

export type Result<S> = { state: S; events: GameEvent[] } | { error: GameError };

export function isError<S>(r: Result<S>): r is { error: GameError } {
  return 'error' in r;
}

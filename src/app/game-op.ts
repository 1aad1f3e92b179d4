// The shape of a game operation (src/app/game-operations.ts): the town table's Operation (src/app/operations.ts)
// with the game's context (service, channel, player) and result (the game after the move), and where its answer goes.
import type { z } from 'zod';
import { UserError } from '../errors.ts';
import type { GameContext, GameService, Person, ResidentPlayer, ServiceResult } from '../games/service.ts';
import type { Operation, OperationResult } from './operations.ts';

/** Who moves, where, and what the front end can supply. */
export interface GameOperationContext {
  games: GameService;
  /** The channel's game (Discord: guild and channel; the console: one table of its own). */
  game: GameContext;
  person: Person;
  /** Cancels any game (Manage Server on Discord; the console's user owns the town). */
  admin: boolean;
  /** Town residents to seat for `residents N` (the front end's town supplies them). */
  residents(n: number): Promise<ResidentPlayer[]>;
}

export interface GameOperationResult extends OperationResult {
  /** The game after the move: its events go to everyone (each front end renders them and arms the turn timer). */
  result?: Extract<ServiceResult, { ok: true }>;
  /** A note for the lobby card (who plays the bot seats). */
  note?: string;
}

/**
 * Where a result's lines go: `lobby` opens a table (Discord posts the lobby card), `public` is for the channel,
 * `private` for the caller only (an ephemeral reply on Discord).
 */
export type GameReply = 'lobby' | 'public' | 'private';

export interface GameOperation<S extends z.ZodObject = z.ZodObject>
  extends Operation<S, GameOperationContext, GameOperationResult> {
  reply: GameReply;
  /**
   * The game's events say what the caller's lines say ("Guest joined.", 'Guest: "a clue"'): a front end that
   * shows the caller the events too (the console) prints only those.
   */
  eventsSayIt?: true;
}

export function gameOp<S extends z.ZodObject>(o: GameOperation<S>): GameOperation<S> {
  return o;
}

/** A refused move (the service's typed error) becomes a UserError: a plain message on both front ends. */
export function failIfRefused(r: ServiceResult): asserts r is Extract<ServiceResult, { ok: true }> {
  if (!r.ok) throw new UserError(r.error.code, r.error.message);
}

/** The service's answer as an operation result: the caller's confirmation, the game for everyone. */
export function moved(r: ServiceResult, lines: string[]): GameOperationResult {
  failIfRefused(r);
  return { lines, result: r };
}

// What a game scenario gives the one engine (boardgame.io's "game definition"): its rules as a reducer with views and
// legal moves, how its bot seats play, how a finished table ranks its seats, what a player may see privately, and
// what its lobby offers. Each scenario's module lives in its own folder under scenarios/ and is listed once in
// scenarios/registry.ts; the service, lobby, timers, ratings and front ends only ever call these functions.
import type { LanguageModel } from '../llm/port.ts';
import type { BenchPart } from './bench/part.ts';
import type { BaseState } from './lobby.ts';
import type { GtSeats } from './scenarios/game-theory/llm-bot.ts';
import type { GtOfflineSeat } from './scenarios/game-theory/offline.ts';
import type { GtSetting } from './scenarios/game-theory/settings.ts';
import type { DeductionOfflineSeat } from './scenarios/social-deduction/offline-reasoning.ts';
import type { PlayerMemory, Reveal } from './scenarios/social-deduction/results.ts';
import type { TopicCard, WordPair } from './scenarios/social-deduction/words.ts';
import type { AnyGameKind, BotKind, GameAction, GameError, GameEvent, Persona, PlayerId, Result } from './types.ts';

/** A town resident who sits at the table as a bot and plays in character. */
export interface ResidentPlayer {
  residentId: string;
  persona: Persona;
}

/** The paper's rules, or the party variant a lobby offers where its game has one (LobbySpec.party). */
export type LobbyVariant = 'magic' | 'party';

export interface LobbyOptions {
  kind: AnyGameKind;
  /** Bots to seat right away (more join at start if the table is below the minimum). */
  bots?: number;
  botKind?: BotKind;
  residents?: ResidentPlayer[];
  clueRounds?: number;
  variant?: LobbyVariant;
  /** Replays a game exactly; drawn from the service's seed source when absent. */
  seed?: number;
  /** Game-theory scenarios: the setting to play (default: one of our variants, drawn with the seed). */
  setting?: GtSetting;
}

export interface PrivateInfo {
  kind: AnyGameKind;
  /** Plain sentence for an ephemeral reply ("Show my word"). */
  text: string;
  /** The player's secret role where the game tells it (Chameleon's odd role), else null. */
  role: string | null;
  topic: string | null;
  word: string | null;
}

/** What a module's bot runner is given: the model (or the offline stand-in), who is asked, and where each step goes. */
export interface BotRunEnv {
  llm: LanguageModel;
  /** Who plays bot seats of simultaneous-move tables (the model's seats, or the labelled offline stand-in). */
  gtSeats: GtSeats;
  botKind: LobbyOptions['botKind'];
  /** The game's id: seeds a seat's choices so a replay plays them again. */
  gameId: string;
  townId?: string;
  /** Per-seat bot memory carried between moves (persisted with the game). */
  memory: Record<PlayerId, unknown>;
  onFallback: (player: PlayerId, task: string, reason: string) => void;
  /** After every bot move: persist, announce. `memory` is the seat's memory after the move, when it keeps one. */
  onStep: (state: BaseState, events: GameEvent[], player: PlayerId, memory?: unknown) => Promise<void>;
}

/** One seat's place in a finished game: seats of one `team` are rated together; rank 1 is best, equal ranks tie. */
export interface Standing {
  player: PlayerId;
  team: string;
  rank: number;
  won: boolean;
}

/** What a lobby of this game offers (the operation table builds `/game <kind>` from it). */
export interface LobbySpec {
  /** Bots a lobby may seat at once. */
  maxBots: number;
  /** Seats the paper plays (MAgIC: three), said beside the count when a lobby seats another number. */
  paperSeats?: number;
  /** Town residents may join as players in character. */
  residents: boolean;
  /** Clue rounds can be chosen (1..3). */
  rounds: boolean;
  /** An elimination ("party") variant exists. */
  party: boolean;
  /** Say under "opened a lobby" who plays the bot seats (the model, or the labelled offline stand-in). */
  namesBotPlayer: boolean;
}

export interface GameModule<S extends BaseState = BaseState, V = unknown, M = unknown> {
  kind: string;
  /** Title without decoration ("Prisoner's Dilemma"). */
  title: string;
  /** Discord decoration. */
  icon: string;
  /** Short names the console accepts for `/game <kind>` ("pd"). */
  aliases: readonly string[];
  lobby: LobbySpec;
  /** A lobby for a new table, everything drawn from `seed`. */
  create(opts: LobbyOptions, seed: number, words?: { topics: TopicCard[]; pairs: WordPair[] }): S;
  apply(state: S, action: GameAction): Result<S>;
  view(state: S, player: PlayerId | null): V;
  legalMoves(state: S, player: PlayerId): M[];
  /** Players the game waits for now. */
  awaited(state: S): PlayerId[];
  /** The one player whose turn it is, in turn-based games. */
  turn(state: S): PlayerId | null;
  /** Plays bot seats until a person is awaited or the game ends. */
  playBots(state: S, env: BotRunEnv): Promise<void>;
  /** Every seat's standing once the game is over, else null. */
  standings(state: S): Standing[] | null;
  /** The reveal shown to the channel and the memories residents keep, for games that have them. */
  reveal(state: S): Reveal | null;
  memories(state: S): PlayerMemory[];
  privateInfo(state: S, player: PlayerId): { ok: true; info: PrivateInfo } | { ok: false; error: GameError };
  /** The seats as anyone may see them (`out` once eliminated). */
  seats(state: S): { name: string; bot: boolean; out?: boolean }[];
  /** What a spectator knows (the web view), one line each: public moves so far and, once over, the reveal. */
  spectatorLines(state: S): string[];
  /**
   * The line for an event only this game has (plain text; both front ends style it): a string, null to show
   * nothing, undefined for an event the shared texts (event-text.ts) say.
   */
  eventLine?(e: GameEvent, ctx: EventLineContext): string | null | undefined;
  /**
   * The labelled offline stand-in's seat for this game (its stand-in clues, votes and moves), in its family's shape.
   * Composition roots reach it through src/offline, which looks it up here; nothing on the real path plays it.
   */
  offline?: OfflineSeat;
  /** What MAgIC's bench plays and reads from this game (bench/part.ts); games without one are not benched. */
  bench?: BenchPart;
}

/** An offline seat of one of the two families (`family` tells which). */
export type OfflineSeat = DeductionOfflineSeat | GtOfflineSeat;

/** What a module's event lines may use: names, how to call an awaited person, seat numbers, the front end. */
export interface EventLineContext {
  name: (id: PlayerId) => string;
  /** How to address an awaited player ('' leaves them out, e.g. bots that move at once). */
  call: (id: PlayerId) => string;
  seat: (id: PlayerId) => number;
  front: 'console' | 'discord';
  /** Is this seat a bot? */
  bot: (id: PlayerId) => boolean;
  /** The front end's decoration: an emoji and a space on Discord, nothing in the console; bold on Discord. */
  icon: (emoji: string) => string;
  strong: (t: string) => string;
  /** How a person makes a move on this front end ("guess with /game guess <word>"). */
  how: (move: 'word' | 'clue' | 'vote' | 'guess') => string;
}

// Chameleon (MAgIC, Xu et al. 2024, sec. 3; chatarena rules): a pure reducer, per-player views, legal moves.
// A topic for all, a secret word for all but the chameleon; clue rounds in seat order; everyone votes (the
// chameleon too); a tie or a wrong accusation lets the chameleon win; a caught chameleon may guess the word.
import { withoutControlChars } from '../../../core/user-text.ts';
import { applyLobbyAction, type BaseState, bump, checkClue, isTerminal, seatOf } from '../../lobby.ts';
import { nextInt, shuffle } from '../../rng.ts';
import { normalizeWord, sameWord, saysWord } from '../../text.ts';
import {
  type ClueEntry,
  type GameAction,
  type GameEvent,
  gameError,
  type Phase,
  type PlayerId,
  type Result,
} from '../../types.ts';
import {
  advanceClue,
  castVote,
  clamp,
  endGame,
  moveError,
  newBaseState,
  revealVotes,
  roundWithin,
  speakerAt,
  type TurnRules,
  timeoutClue,
  timeoutVotes,
} from '../social-deduction/rules-common.ts';

export const CHAMELEON_SETTINGS = {
  // MAgIC sec. 3 / chatarena: three players by default.
  minPlayers: 3,
  // The board game seats up to 8.
  maxPlayers: 8,
  // MAgIC: one clue round.
  clueRounds: 1,
  maxClueRounds: 3,
} as const;

/**
 * MAgIC outcome flags: 0 caught and wrong guess (non-chameleons win), 1 caught and right guess,
 * 2 wrong accusation, 3 tie (no accusation stands). Credits in metrics.ts.
 */
export type ChameleonFlag = 0 | 1 | 2 | 3;

export interface ChameleonOutcome {
  flag: ChameleonFlag;
  winner: 'chameleon' | 'players';
  chameleon: PlayerId;
  secret: string;
  accused: PlayerId | null;
  guess: string | null;
}

export interface ChameleonSetup {
  topic: string;
  secret: string;
  /** 0-based seat of the chameleon (MAgIC settings fix it as "Player 3"); drawn with the game's PRNG when absent. */
  chameleonSeat?: number;
}

export interface ChameleonOptions {
  clueRounds?: number;
  /** Speakers in a seeded random order (live tables, so the host does not always speak first); MAgIC's runs keep seat order. */
  shuffleOrder?: boolean;
  minPlayers?: number;
  maxPlayers?: number;
}

export interface ChameleonState extends BaseState {
  kind: 'chameleon';
  clueRounds: number;
  topic: string;
  secret: string;
  fixedChameleonSeat: number | null;
  chameleon: PlayerId | null;
  /** Clue order: seat order at start, or a seeded shuffle of it when `shuffleOrder`. */
  order: PlayerId[];
  shuffleOrder?: boolean;
  /** Clues given (or passed) so far; the current speaker is order[turnIndex % n]. */
  turnIndex: number;
  tally: Record<PlayerId, number> | null;
  accused: PlayerId | null;
  guess: string | null;
  outcome: ChameleonOutcome | null;
}

export function createChameleon(args: {
  seed: number | string;
  setup: ChameleonSetup;
  options?: ChameleonOptions;
}): ChameleonState {
  const o = args.options ?? {};
  const clueRounds = clamp(o.clueRounds ?? CHAMELEON_SETTINGS.clueRounds, 1, CHAMELEON_SETTINGS.maxClueRounds);
  return {
    ...newBaseState('chameleon', args.seed, o, CHAMELEON_SETTINGS),
    clueRounds,
    topic: args.setup.topic,
    secret: args.setup.secret,
    fixedChameleonSeat: args.setup.chameleonSeat ?? null,
    ...(o.shuffleOrder ? { shuffleOrder: true } : {}),
    chameleon: null,
    order: [],
    turnIndex: 0,
    tally: null,
    accused: null,
    guess: null,
    outcome: null,
  };
}

/** Whose clue is awaited, or null outside the clue phase. */
export function chameleonTurn(s: ChameleonState): PlayerId | null {
  if (s.phase !== 'clues') return null;
  return speakerAt(s.order, s.turnIndex);
}

export function chameleonRound(s: ChameleonState): number {
  if (s.order.length === 0) return 0;
  return roundWithin(s.order, s.turnIndex, s.clueRounds);
}

function start(s: ChameleonState): Result<ChameleonState> {
  const n = s.players.length;
  let rng = s.rng;
  let seat: number;
  if (s.fixedChameleonSeat !== null && s.fixedChameleonSeat < n) seat = s.fixedChameleonSeat;
  else [seat, rng] = nextInt(rng, n);
  const seated = s.players.map((p) => p.id);
  let order = seated;
  if (s.shuffleOrder) [order, rng] = shuffle(rng, seated);
  const next: ChameleonState = bump({
    ...s,
    rng,
    phase: 'clues',
    chameleon: seated[seat] as PlayerId,
    order,
    turnIndex: 0,
    turnSeq: s.turnSeq + 1,
  });
  return {
    state: next,
    events: [
      { type: 'started', players: order, clueRounds: s.clueRounds, topic: s.topic },
      { type: 'turn', player: order[0] as PlayerId, round: 1 },
    ],
  };
}

const RULES: TurnRules<ChameleonState> = {
  speakers: (s) => s.order,
  turn: chameleonTurn,
  clueRound: chameleonRound,
  // One vote round only.
  voteRound: () => 1,
  resolveVotes: (s, events) => resolveVotes(s, events),
};

export function applyChameleon(state: ChameleonState, action: GameAction): Result<ChameleonState> {
  const lobby = applyLobbyAction(state, action, start);
  if (lobby) return lobby;
  switch (action.type) {
    case 'clue': {
      const wrong = moveError(state, action.player, 'clues', 'The clue round is over.');
      if (wrong) return wrong;
      if (chameleonTurn(state) !== action.player) return gameError('game/not_your_turn', 'It is not your turn.');
      // The chameleon is never told "that is the word": refusing its clue would leak the secret.
      const forbidden = action.player === state.chameleon ? [] : [state.secret];
      const err = checkClue(state.clues, action.text, forbidden, saysWord);
      if (err) return { error: err };
      return advanceClue(RULES, state, action.player, withoutControlChars(action.text).trim());
    }
    case 'vote':
      return castVote(RULES, state, action.player, action.target);
    case 'guess': {
      const wrong = moveError(state, action.player, 'guess', 'There is nothing to guess now.');
      if (wrong) return wrong;
      if (action.player !== state.chameleon)
        return gameError('game/not_your_turn', 'Only the caught chameleon guesses the word.');
      if (normalizeWord(action.word) === '') return gameError('game/guess_empty', 'Guess a word.');
      return finishGuess(state, action.word.trim(), []);
    }
    case 'timeout': {
      if (action.turnSeq !== state.turnSeq) return gameError('game/stale_timeout', 'That turn is already over.');
      if (state.phase === 'clues') return timeoutClue(RULES, state);
      if (state.phase === 'vote') return timeoutVotes(RULES, state);
      // Guess phase: no guess in time counts as a wrong guess.
      return finishGuess(state, null, [{ type: 'timed_out', players: [state.chameleon as PlayerId], phase: 'guess' }]);
    }
    default:
      return gameError('game/wrong_phase', 'That cannot be done now.');
  }
}

function resolveVotes(state: ChameleonState, events: GameEvent[]): Result<ChameleonState> {
  const { tally, accused, out } = revealVotes(state.votes, events);
  const base = { ...state, tally, accused, turnSeq: state.turnSeq + 1 };
  const chameleon = state.chameleon as PlayerId;
  if (accused === chameleon) {
    out.push({ type: 'guess_phase', player: chameleon });
    return { state: { ...base, phase: 'guess' }, events: out };
  }
  const flag: ChameleonFlag = accused === null ? 3 : 2;
  return finish(base, flag, null, out);
}

function finishGuess(state: ChameleonState, word: string | null, events: GameEvent[]): Result<ChameleonState> {
  const correct = word !== null && sameWord(word, state.secret);
  const out: GameEvent[] = [...events, { type: 'guess', player: state.chameleon as PlayerId, word, correct }];
  return finish(bump({ ...state, guess: word, turnSeq: state.turnSeq + 1 }), correct ? 1 : 0, word, out);
}

function finish(
  state: ChameleonState,
  flag: ChameleonFlag,
  guess: string | null,
  events: GameEvent[],
): Result<ChameleonState> {
  const outcome: ChameleonOutcome = {
    flag,
    winner: flag === 0 ? 'players' : 'chameleon',
    chameleon: state.chameleon as PlayerId,
    secret: state.secret,
    accused: state.accused,
    guess,
  };
  return endGame(state, outcome, flag, events);
}

// ---- Views -------------------------------------------------------------------------------------------------

export interface PublicSeat {
  id: PlayerId;
  name: string;
  bot: boolean;
}

/** What one player (or a spectator, `you: null`) may see. The secret and the chameleon stay hidden until the end. */
export interface ChameleonView {
  kind: 'chameleon';
  phase: Phase;
  turnSeq: number;
  you: PlayerId | null;
  hostId: PlayerId | null;
  players: PublicSeat[];
  clueRounds: number;
  round: number;
  /** Null in the lobby. */
  topic: string | null;
  /** Your role; null in the lobby or for spectators. */
  role: 'chameleon' | 'player' | null;
  /** The secret word: only for non-chameleons during play, for everyone once the game is over. */
  secret: string | null;
  turn: PlayerId | null;
  clues: ClueEntry[];
  /** Who has voted so far (targets stay hidden until all have voted). */
  voted: PlayerId[];
  myVote: PlayerId | null;
  votes: Record<PlayerId, PlayerId | null> | null;
  tally: Record<PlayerId, number> | null;
  accused: PlayerId | null;
  /** The chameleon: revealed to itself, and to all once the game is over. */
  chameleon: PlayerId | null;
  guess: string | null;
  outcome: ChameleonOutcome | null;
}

export function chameleonView(state: ChameleonState, playerId: PlayerId | null): ChameleonView {
  const seated = playerId !== null && seatOf(state, playerId) !== undefined;
  const you = seated ? playerId : null;
  const started = state.phase !== 'lobby' && state.chameleon !== null;
  const over = isTerminal(state.phase) && started;
  const isChameleon = started && you === state.chameleon;
  const votesRevealed = state.tally !== null;
  return {
    kind: 'chameleon',
    phase: state.phase,
    turnSeq: state.turnSeq,
    you,
    hostId: state.hostId,
    players: state.players.map((p) => ({ id: p.id, name: p.name, bot: p.bot !== undefined })),
    clueRounds: state.clueRounds,
    round: chameleonRound(state),
    topic: started ? state.topic : null,
    role: started && you ? (isChameleon ? 'chameleon' : 'player') : null,
    secret: over || (started && you !== null && !isChameleon) ? state.secret : null,
    turn: chameleonTurn(state),
    clues: state.clues.map((c) => ({ ...c })),
    voted: Object.keys(state.votes),
    myVote: you !== null ? (state.votes[you] ?? null) : null,
    votes: votesRevealed ? { ...state.votes } : null,
    tally: state.tally ? { ...state.tally } : null,
    accused: state.accused,
    chameleon: over || isChameleon ? state.chameleon : null,
    guess: state.guess,
    outcome: state.outcome,
  };
}

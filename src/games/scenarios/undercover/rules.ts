// Undercover (MAgIC, Xu et al. 2024, sec. 3): everyone gets a word, the undercover's differs slightly; nobody is told
// a role. MAgIC variant: 2 clue rounds then one vote (flags 0 correct vote, 1 wrong vote, 2 tie).
// Party variant: clue round(s) then a vote that eliminates, until the undercover is out or civilians no longer
// outnumber the undercovers.

import { withoutControlChars } from '../../../core/user-text.ts';
import { applyLobbyAction, type BaseState, bump, checkClue, isTerminal, seatOf } from '../../lobby.ts';
import { nextInt, shuffle } from '../../rng.ts';
import { saysWord } from '../../text.ts';
import { type GameAction, type GameEvent, gameError, type Phase, type PlayerId, type Result } from '../../types.ts';
import type { PublicSeat } from '../chameleon/rules.ts';
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

export const UNDERCOVER_SETTINGS = {
  // MAgIC sec. 3: three players.
  minPlayers: 3,
  // Party variant tables; the common party game seats up to about 12.
  maxPlayers: 12,
  // MAgIC: two clue rounds before the single vote.
  magicClueRounds: 2,
  // Party variant: one clue round before each elimination vote.
  partyClueRounds: 1,
  maxClueRounds: 3,
} as const;

export type UndercoverVariant = 'magic' | 'party';
/** MAgIC flags: 0 correct vote (civilians win), 1 wrong vote, 2 tie (the undercover wins either way). */
export type UndercoverFlag = 0 | 1 | 2;

export interface UndercoverOutcome {
  flag: UndercoverFlag;
  winner: 'undercover' | 'civilians';
  undercovers: PlayerId[];
  civilianWord: string;
  undercoverWord: string;
}

export interface UndercoverSetup {
  civilianWord: string;
  undercoverWord: string;
  /** 0-based seats of the undercover(s) (MAgIC settings fix "Player 1"); drawn with the PRNG when absent. */
  undercoverSeats?: number[];
}

export interface UndercoverOptions {
  variant?: UndercoverVariant;
  clueRounds?: number;
  /** Party variant only; capped so that civilians outnumber undercovers at the start. */
  undercoverCount?: number;
  /** Speakers in a seeded random order (live tables); MAgIC's runs keep seat order. */
  shuffleOrder?: boolean;
  minPlayers?: number;
  maxPlayers?: number;
}

export interface VoteRecord {
  round: number;
  votes: Record<PlayerId, PlayerId | null>;
  tally: Record<PlayerId, number>;
  accused: PlayerId | null;
}

export interface UndercoverState extends BaseState {
  kind: 'undercover';
  variant: UndercoverVariant;
  /** Clue rounds before each vote. */
  clueRounds: number;
  civilianWord: string;
  undercoverWord: string;
  fixedUndercoverSeats: number[] | null;
  undercoverCount: number;
  undercovers: PlayerId[];
  /** Players still in, in speaking order (seat order, or a seeded shuffle of it when `shuffleOrder`). */
  alive: PlayerId[];
  shuffleOrder?: boolean;
  eliminated: { player: PlayerId; voteRound: number; wasUndercover: boolean }[];
  /** 1-based vote round (always 1 in the MAgIC variant). */
  voteRound: number;
  /** Clues given in the current vote round; the speaker is alive[turnIndex % alive.length]. */
  turnIndex: number;
  history: VoteRecord[];
  outcome: UndercoverOutcome | null;
}

export function createUndercover(args: {
  seed: number | string;
  setup: UndercoverSetup;
  options?: UndercoverOptions;
}): UndercoverState {
  const o = args.options ?? {};
  const variant = o.variant ?? 'magic';
  const defRounds = variant === 'magic' ? UNDERCOVER_SETTINGS.magicClueRounds : UNDERCOVER_SETTINGS.partyClueRounds;
  const clueRounds = clamp(o.clueRounds ?? defRounds, 1, UNDERCOVER_SETTINGS.maxClueRounds);
  return {
    ...newBaseState('undercover', args.seed, o, UNDERCOVER_SETTINGS),
    variant,
    clueRounds,
    civilianWord: args.setup.civilianWord,
    undercoverWord: args.setup.undercoverWord,
    fixedUndercoverSeats: args.setup.undercoverSeats ?? null,
    ...(o.shuffleOrder ? { shuffleOrder: true } : {}),
    undercoverCount: variant === 'magic' ? 1 : Math.max(1, Math.floor(o.undercoverCount ?? 1)),
    undercovers: [],
    alive: [],
    eliminated: [],
    voteRound: 1,
    turnIndex: 0,
    history: [],
    outcome: null,
  };
}

export function undercoverTurn(s: UndercoverState): PlayerId | null {
  if (s.phase !== 'clues') return null;
  return speakerAt(s.alive, s.turnIndex);
}

/** Global 1-based clue round (counts across vote rounds). */
export function undercoverClueRound(s: UndercoverState): number {
  if (s.alive.length === 0) return 0;
  const within = roundWithin(s.alive, s.turnIndex, s.clueRounds);
  return (s.voteRound - 1) * s.clueRounds + within;
}

export function wordOf(s: UndercoverState, player: PlayerId): string {
  return s.undercovers.includes(player) ? s.undercoverWord : s.civilianWord;
}

function start(s: UndercoverState): Result<UndercoverState> {
  const n = s.players.length;
  // Civilians must outnumber undercovers at the start.
  const count = Math.max(1, Math.min(s.undercoverCount, Math.ceil(n / 2) - 1));
  let rng = s.rng;
  let seats: number[];
  const fixed = s.fixedUndercoverSeats?.filter((i) => i >= 0 && i < n) ?? [];
  if (fixed.length > 0) seats = fixed.slice(0, count);
  else if (count === 1) {
    let i: number;
    [i, rng] = nextInt(rng, n);
    seats = [i];
  } else {
    let order: number[];
    [order, rng] = shuffle(
      rng,
      s.players.map((_, i) => i),
    );
    seats = order.slice(0, count);
  }
  const ids = s.players.map((p) => p.id);
  let speakers = ids;
  if (s.shuffleOrder) [speakers, rng] = shuffle(rng, ids);
  const next: UndercoverState = bump({
    ...s,
    rng,
    phase: 'clues',
    undercoverCount: count,
    undercovers: seats.map((i) => ids[i] as PlayerId),
    alive: speakers,
    turnIndex: 0,
    turnSeq: s.turnSeq + 1,
  });
  return {
    state: next,
    events: [
      { type: 'started', players: speakers, clueRounds: s.clueRounds },
      { type: 'turn', player: speakers[0] as PlayerId, round: 1 },
    ],
  };
}

const RULES: TurnRules<UndercoverState> = {
  speakers: (s) => s.alive,
  turn: undercoverTurn,
  clueRound: undercoverClueRound,
  voteRound: (s) => s.voteRound,
  resolveVotes: (s, events) => resolveVotes(s, events),
};

export function applyUndercover(state: UndercoverState, action: GameAction): Result<UndercoverState> {
  const lobby = applyLobbyAction(state, action, start);
  if (lobby) return lobby;
  switch (action.type) {
    case 'clue': {
      const wrong = moveError(state, action.player, 'clues', 'The clue round is over.');
      if (wrong) return wrong;
      if (!state.alive.includes(action.player)) return gameError('game/eliminated', 'You are out of this game.');
      if (undercoverTurn(state) !== action.player) return gameError('game/not_your_turn', 'It is not your turn.');
      const err = checkClue(state.clues, action.text, [wordOf(state, action.player)], saysWord);
      if (err) return { error: err };
      return advanceClue(RULES, state, action.player, withoutControlChars(action.text).trim());
    }
    case 'vote':
      return castVote(RULES, state, action.player, action.target);
    case 'guess':
      if (!seatOf(state, action.player)) return gameError('game/not_a_player', 'You are not in this game.');
      return gameError('game/wrong_phase', 'Undercover has no word guess; vote instead.');
    case 'timeout': {
      if (action.turnSeq !== state.turnSeq) return gameError('game/stale_timeout', 'That turn is already over.');
      if (state.phase === 'clues') return timeoutClue(RULES, state);
      return timeoutVotes(RULES, state);
    }
    default:
      return gameError('game/wrong_phase', 'That cannot be done now.');
  }
}

function resolveVotes(state: UndercoverState, events: GameEvent[]): Result<UndercoverState> {
  const { tally, accused, out } = revealVotes(state.votes, events);
  const record: VoteRecord = { round: state.voteRound, votes: state.votes, tally, accused };
  const base: UndercoverState = {
    ...state,
    history: [...state.history, record],
    turnSeq: state.turnSeq + 1,
  };
  if (state.variant === 'magic') {
    const flag: UndercoverFlag = accused === null ? 2 : state.undercovers.includes(accused) ? 0 : 1;
    return finish(base, flag, out);
  }
  // Party variant: the top-voted player is out; a tie eliminates nobody.
  let alive = base.alive;
  const eliminated = base.eliminated.slice();
  if (accused === null) out.push({ type: 'no_elimination', round: state.voteRound });
  else {
    const wasUndercover = state.undercovers.includes(accused);
    alive = alive.filter((p) => p !== accused);
    eliminated.push({ player: accused, voteRound: state.voteRound, wasUndercover });
    out.push({ type: 'eliminated', player: accused, wasUndercover });
  }
  const ucAlive = alive.filter((p) => state.undercovers.includes(p)).length;
  const civAlive = alive.length - ucAlive;
  const next: UndercoverState = { ...base, alive, eliminated };
  if (ucAlive === 0) return finish(next, 0, out);
  if (civAlive <= ucAlive) return finish(next, 1, out);
  // Ties could loop for ever; after as many vote rounds as seats the undercover has survived.
  if (state.voteRound >= state.players.length) return finish(next, accused === null ? 2 : 1, out);
  const voteRound = state.voteRound + 1;
  const following: UndercoverState = { ...next, phase: 'clues', votes: {}, voteRound, turnIndex: 0 };
  out.push({ type: 'turn', player: alive[0] as PlayerId, round: undercoverClueRound(following) });
  return { state: following, events: out };
}

function finish(state: UndercoverState, flag: UndercoverFlag, events: GameEvent[]): Result<UndercoverState> {
  const outcome: UndercoverOutcome = {
    flag,
    winner: flag === 0 ? 'civilians' : 'undercover',
    undercovers: state.undercovers,
    civilianWord: state.civilianWord,
    undercoverWord: state.undercoverWord,
  };
  return endGame(state, outcome, flag, events);
}

// ---- Views -------------------------------------------------------------------------------------------------

export interface UndercoverView {
  kind: 'undercover';
  phase: Phase;
  turnSeq: number;
  you: PlayerId | null;
  hostId: PlayerId | null;
  players: (PublicSeat & { alive: boolean })[];
  variant: UndercoverVariant;
  clueRounds: number;
  /** Global clue round. */
  round: number;
  voteRound: number;
  /** Your own word; nobody is told whether it is the civilians' or the undercover's. */
  word: string | null;
  turn: PlayerId | null;
  clues: { player: PlayerId; round: number; text: string | null }[];
  voted: PlayerId[];
  myVote: PlayerId | null;
  /** Revealed past vote rounds. */
  history: VoteRecord[];
  eliminated: { player: PlayerId; voteRound: number; wasUndercover: boolean }[];
  /** Revealed once the game is over. */
  undercovers: PlayerId[] | null;
  words: { civilian: string; undercover: string } | null;
  outcome: UndercoverOutcome | null;
}

export function undercoverView(state: UndercoverState, playerId: PlayerId | null): UndercoverView {
  const you = playerId !== null && seatOf(state, playerId) ? playerId : null;
  const started = state.undercovers.length > 0;
  const over = isTerminal(state.phase) && started;
  return {
    kind: 'undercover',
    phase: state.phase,
    turnSeq: state.turnSeq,
    you,
    hostId: state.hostId,
    players: state.players.map((p) => ({
      id: p.id,
      name: p.name,
      bot: p.bot !== undefined,
      alive: !started || state.alive.includes(p.id),
    })),
    variant: state.variant,
    clueRounds: state.clueRounds,
    round: undercoverClueRound(state),
    voteRound: state.voteRound,
    word: started && you ? wordOf(state, you) : null,
    turn: undercoverTurn(state),
    clues: state.clues.map((c) => ({ ...c })),
    voted: Object.keys(state.votes),
    myVote: you !== null ? (state.votes[you] ?? null) : null,
    history: state.history.map((h) => ({ ...h, votes: { ...h.votes }, tally: { ...h.tally } })),
    eliminated: state.eliminated.map((e) => ({ ...e })),
    undercovers: over ? state.undercovers.slice() : null,
    words: over ? { civilian: state.civilianWord, undercover: state.undercoverWord } : null,
    outcome: state.outcome,
  };
}

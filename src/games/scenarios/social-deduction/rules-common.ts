// Turn, clue-round and vote bookkeeping shared by the Chameleon and Undercover reducers (MAgIC, Xu et al. 2024, sec. 3):
// both give clues in a fixed speaker order for some rounds, then everyone still in votes at once.
import { type BaseState, bump, checkVote, seatOf, tallyVotes } from '../../lobby.ts';
import { seedState } from '../../rng.ts';
import { type GameError, type GameEvent, gameError, type Phase, type PlayerId, type Result } from '../../types.ts';
import type { GameKind } from './kinds.ts';

/** Both games need at least three players (MAgIC sec. 3). */
const MIN_SEATS = 3;

export function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, Math.floor(n)));
}

/** The fields every fresh lobby starts with; seat limits are clamped to [3, settings.maxPlayers]. */
export function newBaseState<K extends GameKind>(
  kind: K,
  seed: number | string,
  options: { minPlayers?: number; maxPlayers?: number },
  settings: { minPlayers: number; maxPlayers: number },
): BaseState & { kind: K } {
  const minPlayers = clamp(options.minPlayers ?? settings.minPlayers, MIN_SEATS, settings.maxPlayers);
  const maxPlayers = clamp(options.maxPlayers ?? settings.maxPlayers, minPlayers, settings.maxPlayers);
  return {
    version: 1,
    kind,
    phase: 'lobby',
    rng: seedState(seed),
    step: 0,
    turnSeq: 0,
    hostId: null,
    players: [],
    minPlayers,
    maxPlayers,
    clues: [],
    votes: {},
  };
}

/** The speaker after `turnIndex` clues, going round `speakers` in order. */
export function speakerAt(speakers: PlayerId[], turnIndex: number): PlayerId | null {
  return speakers[turnIndex % speakers.length] ?? null;
}

/** 1-based clue round within the current vote round, capped at `clueRounds`. */
export function roundWithin(speakers: PlayerId[], turnIndex: number, clueRounds: number): number {
  return Math.min(clueRounds, Math.floor(turnIndex / speakers.length) + 1);
}

/** A game state with clue turns. */
export interface ClueState extends BaseState {
  clueRounds: number;
  turnIndex: number;
}

/** How one game names its speakers/voters, clue rounds and vote rounds. */
export interface TurnRules<S extends ClueState> {
  /** Who gives clues and votes now, in order. */
  speakers: (s: S) => PlayerId[];
  turn: (s: S) => PlayerId | null;
  clueRound: (s: S) => number;
  voteRound: (s: S) => number;
  resolveVotes: (s: S, events: GameEvent[]) => Result<S>;
}

/** Seat and phase checks every in-game move starts with. */
export function moveError(state: BaseState, player: PlayerId, phase: Phase, wrongPhase: string): Result<never> | null {
  if (!seatOf(state, player)) return gameError('game/not_a_player', 'You are not in this game.');
  if (state.phase !== phase) return gameError('game/wrong_phase', wrongPhase);
  return null;
}

/** Records a clue (null: passed on timeout); after the last clue of the last round the vote opens. */
export function advanceClue<S extends ClueState>(
  rules: TurnRules<S>,
  state: S,
  player: PlayerId,
  text: string | null,
): { state: S; events: GameEvent[] } {
  const round = rules.clueRound(state);
  const turnIndex = state.turnIndex + 1;
  const events: GameEvent[] = [{ type: 'clue', player, round, text }];
  const base = { ...state, clues: [...state.clues, { player, round, text }], turnIndex, turnSeq: state.turnSeq + 1 };
  const speakers = rules.speakers(state);
  if (turnIndex >= speakers.length * state.clueRounds) {
    events.push({ type: 'vote_phase', round: rules.voteRound(state), voters: speakers });
    return { state: bump({ ...base, phase: 'vote' as Phase }), events };
  }
  const next = bump(base);
  events.push({ type: 'turn', player: rules.turn(next) as PlayerId, round: rules.clueRound(next) });
  return { state: next, events };
}

/** A vote; once every voter has voted the votes are resolved. */
export function castVote<S extends ClueState>(
  rules: TurnRules<S>,
  state: S,
  player: PlayerId,
  target: PlayerId,
): Result<S> {
  const wrong = moveError(state, player, 'vote', 'Voting is not open.');
  if (wrong) return wrong;
  const err: GameError | null = checkVote(state, rules.speakers(state), player, target);
  if (err) return { error: err };
  const next = bump({ ...state, votes: { ...state.votes, [player]: target } });
  const events: GameEvent[] = [{ type: 'voted', player }];
  if (Object.keys(next.votes).length < rules.speakers(next).length) return { state: next, events };
  return rules.resolveVotes(next, events);
}

/** A clue turn ran out: the speaker passes. */
export function timeoutClue<S extends ClueState>(rules: TurnRules<S>, state: S): Result<S> {
  const p = rules.turn(state) as PlayerId;
  const r = advanceClue(rules, state, p, null);
  return { state: r.state, events: [{ type: 'timed_out', players: [p], phase: 'clues' }, ...r.events] };
}

/** The vote ran out: those who have not voted abstain. */
export function timeoutVotes<S extends ClueState>(rules: TurnRules<S>, state: S): Result<S> {
  const missing = rules.speakers(state).filter((p) => !(p in state.votes));
  const votes = { ...state.votes };
  for (const p of missing) votes[p] = null;
  return rules.resolveVotes(bump({ ...state, votes }), [{ type: 'timed_out', players: missing, phase: 'vote' }]);
}

/** Tallies the votes and appends the reveal to `events`. */
export function revealVotes(
  votes: Record<PlayerId, PlayerId | null>,
  events: GameEvent[],
): { tally: Record<PlayerId, number>; accused: PlayerId | null; out: GameEvent[] } {
  const { tally, accused } = tallyVotes(votes);
  return { tally, accused, out: [...events, { type: 'votes_revealed', votes, tally, accused }] };
}

/** Ends the game with `outcome`: flag 0 is a win for the majority, any other flag for the odd role(s). */
export function endGame<S extends BaseState & { outcome: O | null }, O>(
  state: S,
  outcome: O,
  flag: number,
  events: GameEvent[],
): Result<S> {
  events.push({ type: 'over', winner: flag === 0 ? 'majority' : 'odd', flag });
  return { state: { ...state, phase: 'over', outcome }, events };
}

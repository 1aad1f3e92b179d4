// The move skeleton shared by the three game-theory reducers (boardgame.io's `(state, action) -> state | typed
// error`): a lobby that seats exactly three (the shared lobby rules of lobby.ts), a table seated directly (bench),
// then rounds of secret moves. A scenario says what its moves are as data (`RoundRules`: which phase, where the
// moves wait, how one is read, what a late player gets, what happens when all are in); `applyRounds` does the rest:
// lobby, timeouts, the checks every secret move starts with, the reveal once the last move is in. Winners: highest
// score; ties make every tied player a winner.
import { applyLobbyAction } from '../../lobby.ts';
import { seedState } from '../../rng.ts';
import { type GameError, gameError, isError, type PlayerId, type Seat } from '../../types.ts';
import {
  GT_SEATS,
  type GtAction,
  type GtBase,
  type GtEvent,
  type GtLegalMove,
  type GtPhase,
  type GtResult,
  type GtScenario,
  type GtViewBase,
} from './types.ts';

/** Scores within this distance count as tied (Public Good shares are fractions). */
const SCORE_EPSILON = 1e-9;

export class GtSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GtSetupError';
  }
}

/** A fresh lobby for `scenario` (MAgIC seats exactly three players). */
function newGtBase<S extends GtScenario>(
  scenario: S,
  args: { seed: number | string; rounds: number; settingId: string },
): Omit<GtBase, 'winners'> & { kind: S; scenario: S } {
  if (!Number.isInteger(args.rounds) || args.rounds < 1) throw new GtSetupError(`${scenario}: rounds must be >= 1`);
  return {
    version: 1,
    kind: scenario,
    scenario,
    phase: 'lobby',
    rng: seedState(args.seed),
    step: 0,
    turnSeq: 0,
    hostId: null,
    players: [],
    minPlayers: GT_SEATS,
    maxPlayers: GT_SEATS,
    clues: [],
    votes: {},
    round: 1,
    rounds: args.rounds,
    settingId: args.settingId,
  };
}

/** Seats `players` directly and starts (the bench and tests; people go through the lobby). */
function startWith<S extends GtBase>(lobby: S, players: Seat[], start: (s: S) => GtResult<S>): S {
  if (players.length !== GT_SEATS)
    throw new GtSetupError(`${lobby.scenario} needs exactly ${GT_SEATS} players, got ${players.length}`);
  if (new Set(players.map((p) => p.id)).size !== GT_SEATS)
    throw new GtSetupError(`${lobby.scenario}: duplicate seat id`);
  const seated = {
    ...lobby,
    players: players.map((p) => ({ ...p })),
    hostId: players.find((p) => !p.bot)?.id ?? (players[0] as Seat).id,
  };
  const r = start(seated);
  if (isError(r)) throw new GtSetupError(`${lobby.scenario}: ${r.error.message}`);
  return r.state;
}

export function ids(s: GtBase): PlayerId[] {
  return s.players.map((p) => p.id);
}

export function isOver(phase: GtPhase): boolean {
  return phase === 'over' || phase === 'cancelled';
}

function checkTimeout(s: GtBase, turnSeq: number): GtResult<never> | null {
  if (turnSeq !== s.turnSeq) return gameError('game/stale_timeout', 'That turn is already over.');
  return null;
}

/** Every player with the top score (ties all win). */
export function winnersOf(scores: Record<PlayerId, number>): PlayerId[] {
  const best = Math.max(...Object.values(scores));
  return Object.keys(scores).filter((p) => Math.abs((scores[p] as number) - best) <= SCORE_EPSILON);
}

function missing(s: GtBase, moved: Record<PlayerId, unknown>): PlayerId[] {
  return ids(s).filter((p) => !(p in moved));
}

/** The secret moves a round is made of: the action types people and bots send. */
type SecretMoveType = 'propose' | 'vote' | 'choose' | 'contribute';
type SecretAction<T extends SecretMoveType> = GtAction & { type: T };

function isSecretMove(action: GtAction): action is SecretAction<SecretMoveType> {
  return (
    action.type === 'propose' || action.type === 'vote' || action.type === 'choose' || action.type === 'contribute'
  );
}

/** One kind of secret move, as data (members are methods, so a move of any value type fits `SecretMove<S>`). */
export interface SecretMove<S extends GtBase, V = unknown, T extends SecretMoveType = SecretMoveType> {
  /** The phase in which it is open, and the action that makes it. */
  phase: GtPhase;
  move: T;
  /** Where the round keeps the moves made so far (hidden until the reveal). */
  moves(s: S): Record<PlayerId, V>;
  withMoves(s: S, moves: Record<PlayerId, V>): S;
  /** The move's value, or why it is refused (after the seat, phase and already-moved checks). */
  read(s: S, action: SecretAction<T>): { value: V } | { error: GameError };
  /** What a player whose timer ran out is given. */
  late: V;
  /** Every seat has moved (late ones filled in): reveal, then the next phase, round or the end. */
  close(s: S, late: PlayerId[], events: GtEvent[]): GtResult<S>;
  /** The legal move for a player who has not moved yet. */
  legal(s: S, player: PlayerId): GtLegalMove;
}

/** A scenario's rules for the skeleton. */
export interface RoundRules<S extends GtBase> {
  scenario: S['scenario'];
  /** Rounds when the setting names none. */
  rounds: number;
  /** Its secret moves in the order a round asks for them; the first opens the game. */
  moves: readonly [SecretMove<S>, ...SecretMove<S>[]];
  /** What a move of another scenario is told. */
  otherMove: string;
  /** The scenario's fields when the table starts (totals, points, airline letters). */
  seat(s: S): Partial<S>;
}

/** Events that open a fresh game: started + the first round. */
export function roundsOpening<S extends GtBase>(rules: RoundRules<S>, s: S): GtEvent[] {
  return [
    { type: 'gt_started', scenario: s.scenario, players: ids(s), rounds: s.rounds },
    { type: 'gt_round', round: 1, phase: rules.moves[0].phase, awaiting: ids(s) },
  ];
}

function startRounds<S extends GtBase>(rules: RoundRules<S>, s: S): GtResult<S> {
  const state: S = { ...s, phase: rules.moves[0].phase, step: s.step + 1, turnSeq: s.turnSeq + 1, ...rules.seat(s) };
  return { state, events: roundsOpening(rules, state) };
}

/** What every scenario's create takes besides its own rules. */
export interface GtCreateArgs {
  seed: number | string;
  /** Seats the table and starts at once (bench); without it the game opens as a lobby. */
  players?: Seat[];
  rounds?: number;
  settingId?: string;
}

/** A lobby with the scenario's own `fields`, or with `args.players` the table seated and started (bench). */
export function createRounds<S extends GtBase>(
  rules: RoundRules<S>,
  args: GtCreateArgs,
  fields: Omit<S, keyof GtBase | 'winners'>,
): S {
  const lobby = {
    ...newGtBase(rules.scenario, {
      seed: args.seed,
      rounds: args.rounds ?? rules.rounds,
      settingId: args.settingId ?? 'custom',
    }),
    ...fields,
    winners: null,
  } as S;
  return args.players ? startWith(lobby, args.players, (s) => startRounds(rules, s)) : lobby;
}

/** How a game ends: final score per player, who won, and the scenario's fields that record it. */
export interface GtFinal<S extends GtBase> {
  scores: Record<PlayerId, number>;
  winners: PlayerId[];
  state?: Partial<S>;
}

/**
 * A round is revealed (`changes`: its record and the cleared moves; `events` end with the reveal): the game ends
 * with `final`, or the next round opens at the first move.
 */
export function endRound<S extends GtBase>(
  rules: RoundRules<S>,
  s: S,
  changes: Partial<S>,
  events: GtEvent[],
  final: GtFinal<S> | null,
): GtResult<S> {
  const base: S = { ...s, step: s.step + 1, turnSeq: s.turnSeq + 1, ...changes };
  if (final) {
    const { scores, winners } = final;
    events.push({ type: 'gt_over', scenario: s.scenario, winners, scores });
    return { state: { ...base, phase: 'over', ...final.state, winners }, events };
  }
  const phase = rules.moves[0].phase;
  events.push({ type: 'gt_round', round: s.round + 1, phase, awaiting: ids(s) });
  return { state: { ...base, phase, round: s.round + 1 }, events };
}

/** The move open now; a one-move scenario keeps its move open whatever the phase. */
function openMove<S extends GtBase>(rules: RoundRules<S>, s: S): SecretMove<S> | undefined {
  return rules.moves.length === 1 ? rules.moves[0] : rules.moves.find((m) => m.phase === s.phase);
}

/** The reducer: lobby moves and cancel, a round's timeout, or a secret move. */
export function applyRounds<S extends GtBase>(rules: RoundRules<S>, s: S, action: GtAction): GtResult<S> {
  if (action.type === 'timeout' && s.phase === 'lobby')
    return gameError('game/not_started', 'The game has not started yet.');
  const lobby = applyLobbyAction(s, action, (x) => startRounds(rules, x));
  if (lobby) return lobby;
  if (action.type === 'timeout') {
    const stale = checkTimeout(s, action.turnSeq);
    if (stale) return stale;
    // Timeouts reach only a running round (the lobby and a finished game refuse them above), so a move is open.
    const m = openMove(rules, s) ?? rules.moves[0];
    const late = missing(s, m.moves(s));
    const moves = { ...m.moves(s) };
    for (const p of late) moves[p] = m.late;
    return m.close(m.withMoves(s, moves), late, [{ type: 'gt_timed_out', players: late, phase: m.phase }]);
  }
  const m = rules.moves.find((x) => x.move === action.type);
  if (!m || !isSecretMove(action)) return gameError('game/wrong_phase', rules.otherMove);
  const bad = checkMove(s, action.player, m.phase, m.moves(s));
  if (bad) return bad;
  const read = m.read(s, action);
  if ('error' in read) return read;
  const next = m.withMoves({ ...s, step: s.step + 1 }, { ...m.moves(s), [action.player]: read.value });
  const events: GtEvent[] = [{ type: 'gt_moved', player: action.player }];
  return missing(next, m.moves(next)).length > 0 ? { state: next, events } : m.close(next, [], events);
}

export function roundsLegalMoves<S extends GtBase>(rules: RoundRules<S>, s: S, player: PlayerId): GtLegalMove[] {
  if (isOver(s.phase) || !ids(s).includes(player)) return [];
  const moves: GtLegalMove[] = [];
  const m = openMove(rules, s);
  if (m && !(player in m.moves(s))) moves.push(m.legal(s, player));
  if (s.hostId === player) moves.push({ type: 'cancel' });
  return moves;
}

/** The fields every per-player view carries; `you` is null for a spectator. */
export function roundsView<S extends GtBase>(
  rules: RoundRules<S>,
  s: S,
  playerId: PlayerId | null,
): GtViewBase & { scenario: S['scenario'] } {
  const you = playerId !== null && ids(s).includes(playerId) ? playerId : null;
  return {
    scenario: s.scenario,
    phase: s.phase,
    turnSeq: s.turnSeq,
    you,
    players: s.players.map((p) => ({ id: p.id, name: p.name, bot: p.bot !== undefined })),
    round: s.round,
    rounds: s.rounds,
    moved: Object.keys((openMove(rules, s) ?? rules.moves[0]).moves(s)),
    winners: s.winners,
  };
}

/** Checks a secret move: seated, right phase, not moved yet this round. */
function checkMove(
  s: GtBase,
  player: PlayerId,
  phase: GtPhase,
  moved: Record<PlayerId, unknown>,
): GtResult<never> | null {
  if (!s.players.some((p) => p.id === player)) return gameError('game/not_a_player', 'You are not in this game.');
  if (s.phase !== phase) return gameError('game/wrong_phase', `That move is not open now (phase: ${s.phase}).`);
  if (player in moved) return gameError('game/already_moved', 'You have already moved this round.');
  return null;
}

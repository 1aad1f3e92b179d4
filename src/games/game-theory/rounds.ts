// Bookkeeping shared by the three game-theory reducers: a lobby that seats exactly three (the shared lobby rules of
// lobby.ts), a table seated directly (bench), the checks every secret move starts with, timeouts and winners
// (highest score; ties make every tied player a winner).
import { applyLobbyAction } from '../lobby.ts';
import { seedState } from '../rng.ts';
import { gameError, isError, type PlayerId, type Seat } from '../types.ts';
import { GT_SEATS, type GtAction, type GtBase, type GtPhase, type GtResult, type GtScenario } from './types.ts';

/** Scores within this distance count as tied (Public Good shares are fractions). */
const SCORE_EPSILON = 1e-9;

export class GtSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GtSetupError';
  }
}

/** A fresh lobby for `scenario` (MAgIC seats exactly three players). */
export function newGtBase<S extends GtScenario>(
  scenario: S,
  args: { seed: number | string; rounds: number; settingId: string },
): GtBase & { kind: S; scenario: S } {
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
export function startWith<S extends GtBase>(lobby: S, players: Seat[], start: (s: S) => GtResult<S>): S {
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

/** Lobby moves and cancel (shared rules); undefined for the scenario's own moves. */
export function applyGtLobby<S extends GtBase>(
  s: S,
  action: GtAction,
  start: (s: S) => GtResult<S>,
): GtResult<S> | undefined {
  if (action.type === 'timeout' && s.phase === 'lobby')
    return gameError('game/not_started', 'The game has not started yet.');
  return applyLobbyAction(s, action, start);
}

export function ids(s: GtBase): PlayerId[] {
  return s.players.map((p) => p.id);
}

export function isOver(phase: GtPhase): boolean {
  return phase === 'over' || phase === 'cancelled';
}

/** Checks a secret move: seated, right phase, not moved yet this round. */
export function checkMove(
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

export function checkTimeout(s: GtBase, turnSeq: number): GtResult<never> | null {
  if (turnSeq !== s.turnSeq) return gameError('game/stale_timeout', 'That turn is already over.');
  return null;
}

/** Every player with the top score (ties all win). */
export function winnersOf(scores: Record<PlayerId, number>): PlayerId[] {
  const best = Math.max(...Object.values(scores));
  return Object.keys(scores).filter((p) => Math.abs((scores[p] as number) - best) <= SCORE_EPSILON);
}

export function missing(s: GtBase, moved: Record<PlayerId, unknown>): PlayerId[] {
  return ids(s).filter((p) => !(p in moved));
}

/** A round's timer ran out: every player who has not moved gets the rule's default move; who was late. */
export function fillLateMoves<V>(
  s: GtBase & { pending: Record<PlayerId, V> },
  fallback: NoInfer<V>,
): { pending: Record<PlayerId, V>; late: PlayerId[] } {
  const late = missing(s, s.pending);
  const pending = { ...s.pending };
  for (const p of late) pending[p] = fallback;
  return { pending, late };
}

// Bookkeeping shared by the three game-theory reducers: creation from a fixed table of three seats, the checks every
// secret move starts with, cancel, timeouts and winners (highest score; ties make every tied player a winner).
import { gameError, type PlayerId, type Seat } from '../types.ts';
import { seedState } from '../rng.ts';
import { type GtAction, type GtBase, GT_SEATS, type GtPhase, type GtResult, type GtScenario } from './types.ts';

/** Scores within this distance count as tied (Public Good shares are fractions). */
const SCORE_EPSILON = 1e-9;

export class GtSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GtSetupError';
  }
}

export function newGtBase<S extends GtScenario>(
  scenario: S,
  args: { seed: number | string; players: Seat[]; rounds: number; settingId: string },
): GtBase & { scenario: S } {
  if (args.players.length !== GT_SEATS)
    throw new GtSetupError(`${scenario} needs exactly ${GT_SEATS} players, got ${args.players.length}`);
  if (new Set(args.players.map((p) => p.id)).size !== GT_SEATS)
    throw new GtSetupError(`${scenario}: duplicate seat id`);
  if (!Number.isInteger(args.rounds) || args.rounds < 1) throw new GtSetupError(`${scenario}: rounds must be >= 1`);
  return {
    version: 1,
    scenario,
    phase: 'over',
    seed: seedState(args.seed),
    step: 0,
    turnSeq: 0,
    hostId: args.players.find((p) => !p.bot)?.id ?? null,
    players: args.players.map((p) => ({ ...p })),
    round: 1,
    rounds: args.rounds,
    settingId: args.settingId,
  };
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
): { error: ReturnType<typeof gameError>['error'] } | null {
  if (isOver(s.phase)) return gameError('game/finished', 'This game is over; start a new one.');
  if (!s.players.some((p) => p.id === player)) return gameError('game/not_a_player', 'You are not in this game.');
  if (s.phase !== phase) return gameError('game/wrong_phase', `That move is not open now (phase: ${s.phase}).`);
  if (player in moved) return gameError('game/already_moved', 'You have already moved this round.');
  return null;
}

/** Cancel by the host or an admin; undefined when `action` is not a cancel. */
export function applyCancel<S extends GtBase>(s: S, action: GtAction): GtResult<S> | undefined {
  if (action.type !== 'cancel') return undefined;
  if (isOver(s.phase)) return gameError('game/finished', 'This game is over; start a new one.');
  if (s.hostId !== action.player && !action.admin)
    return gameError('game/not_host', 'Only the host or an admin can cancel the game.');
  return {
    state: { ...s, phase: 'cancelled', step: s.step + 1 },
    events: [{ type: 'gt_cancelled', by: action.player }],
  };
}

export function checkTimeout(s: GtBase, turnSeq: number): GtResult<never> | null {
  if (isOver(s.phase)) return gameError('game/finished', 'This game is over; start a new one.');
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

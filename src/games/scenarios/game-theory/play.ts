// One full game of a game-theory scenario with given players: the building block of the benchmark (helper API).
// Bots move in seat order each round, each seeing only its own view (the others' moves of the round stay hidden
// until the reveal). MAgIC's preset opening proposals (Cost Sharing) are played only for defender seats, only in
// round 1, as MAgIC injects preset moves only before the challenger's first turn.
import type { GameEvent, PlayerId, Seat } from '../../types.ts';
import { createCostSharing } from '../cost-sharing/rules.ts';
import { createPrisonersDilemma } from '../prisoners-dilemma/rules.ts';
import { createPublicGood } from '../public-good/rules.ts';
import type { GtBot } from './default-move.ts';
import { applyGt, type GtState, gtAwaited, gtLegalMoves, gtView } from './engine.ts';
import { isOver } from './rounds.ts';
import type { GtSetting } from './settings.ts';
import { GT_SEATS, type GtAction, type GtScenario, isGtError } from './types.ts';

/** Everything the metrics read: the final state (full round history) plus per-seat accounting. */
export interface GtLog {
  scenario: GtScenario;
  settingId: string;
  /** The challenger's seat id (MAgIC's `test_player_name`). */
  challenger: PlayerId;
  /** Bot label per seat id. */
  labels: Record<PlayerId, string>;
  state: GtState;
  events: GameEvent[];
  /** Model calls, moves decided (preset moves excluded) and fallbacks per seat id. */
  calls: Record<PlayerId, number>;
  moves: Record<PlayerId, number>;
  fallbacks: Record<PlayerId, number>;
}

export function gtSeatId(i: number): PlayerId {
  return `bot:${i + 1}`;
}

/** A fresh game of `setting` with the given seats (three, in seat order). */
export function createGtGame(setting: GtSetting, seats: Seat[], seed: number | string): GtState {
  const common = { seed, players: seats, rounds: setting.rounds, settingId: setting.id };
  if (setting.scenario === 'cost-sharing') return createCostSharing({ ...common, brief: setting.brief });
  if (setting.scenario === 'prisoners-dilemma') return createPrisonersDilemma({ ...common, payoffs: setting.payoffs });
  return createPublicGood({ ...common, multiplier: setting.multiplier });
}

/**
 * Plays `setting` to the end with `bots` (one per seat, seat order; `bots[setting.challengerSeat]` is the
 * challenger). Seats are named "Player 1..3" as in MAgIC. Throws only on a rules bug (a validated move refused).
 */
export async function playGameTheory(
  setting: GtSetting,
  bots: GtBot[],
  opts: { seed: number | string; presetOpening?: boolean; maxSteps?: number },
): Promise<GtLog> {
  if (bots.length !== GT_SEATS) throw new Error(`playGameTheory needs ${GT_SEATS} bots, got ${bots.length}`);
  const seats: Seat[] = bots.map((_, i) => ({ id: gtSeatId(i), name: `Player ${i + 1}`, bot: { kind: 'vanilla' } }));
  let state = createGtGame(setting, seats, opts.seed);
  const events: GameEvent[] = [];
  const calls: Record<PlayerId, number> = {};
  const moves: Record<PlayerId, number> = {};
  const fallbacks: Record<PlayerId, number> = {};
  const preset = opts.presetOpening !== false && setting.scenario === 'cost-sharing' ? setting.opening : null;
  const max = opts.maxSteps ?? 1000;
  for (let step = 0; step < max && !isOver(state.phase); step++) {
    const player = gtAwaited(state)[0];
    if (!player) break;
    const i = seats.findIndex((s) => s.id === player);
    let action: GtAction | null = null;
    const shares = preset?.[i];
    if (
      shares &&
      i !== setting.challengerSeat &&
      state.scenario === 'cost-sharing' &&
      state.round === 1 &&
      state.phase === 'propose'
    )
      action = { type: 'propose', player, shares };
    if (!action) {
      const d = await (bots[i] as GtBot).decide(gtView(state, player), gtLegalMoves(state, player));
      action = d.action;
      calls[player] = (calls[player] ?? 0) + d.calls;
      moves[player] = (moves[player] ?? 0) + 1;
      if (d.fallback) fallbacks[player] = (fallbacks[player] ?? 0) + 1;
    }
    const r = applyGt(state, action);
    if (isGtError(r)) throw new Error(`seat ${player} made an illegal move (${r.error.code}): ${r.error.message}`);
    state = r.state;
    events.push(...r.events);
  }
  if (state.phase !== 'over') throw new Error(`game-theory game stopped in phase ${state.phase}`);
  return {
    scenario: setting.scenario,
    settingId: setting.id,
    challenger: gtSeatId(setting.challengerSeat),
    labels: Object.fromEntries(bots.map((b, i) => [gtSeatId(i), b.label])),
    state,
    events,
    calls,
    moves,
    fallbacks,
  };
}

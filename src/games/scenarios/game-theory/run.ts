// Drives bot seats of a game-theory table until the round waits for a person or the game ends (the GameService's
// counterpart of runner.ts for these scenarios). Each bot sees only its own view.
import { seatOf } from '../../lobby.ts';
import type { GameEvent, PlayerId } from '../../types.ts';
import type { GtBot, GtDecision } from './default-move.ts';
import { applyGt, type GtState, gtAwaited, gtLegalMoves, gtView } from './engine.ts';
import { isOver } from './rounds.ts';
import { isGtError } from './types.ts';

export interface GtBotStep {
  player: PlayerId;
  decision: GtDecision;
}

/** The next bot seat the round still waits for. */
export function nextGtBot(state: GtState): PlayerId | null {
  if (state.phase === 'lobby' || isOver(state.phase)) return null;
  return gtAwaited(state).find((p) => seatOf(state, p)?.bot) ?? null;
}

export async function runGtBots(
  initial: GtState,
  opts: {
    botFor: (player: PlayerId) => GtBot;
    onStep?: (state: GtState, events: GameEvent[], step: GtBotStep) => void | Promise<void>;
    maxSteps?: number;
  },
): Promise<{ state: GtState; events: GameEvent[] }> {
  let state = initial;
  const events: GameEvent[] = [];
  for (let i = 0; i < (opts.maxSteps ?? 200); i++) {
    const player = nextGtBot(state);
    if (!player) break;
    const decision = await opts.botFor(player).decide(gtView(state, player), gtLegalMoves(state, player));
    const r = applyGt(state, decision.action);
    if (isGtError(r)) throw new Error(`bot ${player} made an illegal move: ${r.error.code}`);
    state = r.state;
    events.push(...r.events);
    await opts.onStep?.(state, r.events, { player, decision });
  }
  return { state, events };
}

// Drives bot seats until the game waits for a person or ends. Shared by the GameService and the bench.
import type { LanguageModel } from '../../../llm/port.ts';
import { isTerminal, seatOf } from '../../lobby.ts';
import { type GameAction, type GameEvent, isError, type PlayerId } from '../../types.ts';
import { type BotDecision, type BotFallback, type BotMemory, emptyMemory, playBotTurn } from './bots.ts';
import { applyAction, awaitedPlayers, type GameState, legalMoves, viewFor } from './engine.ts';

export interface BotStepRecord {
  player: PlayerId;
  move: GameAction['type'];
  decision: BotDecision;
  /** True for a scripted (injected) move: no model was asked. */
  scripted: boolean;
}

export interface RunBotsOptions {
  /** Model per bot seat (a challenger and defenders may use different ones). */
  llmFor: (player: PlayerId) => LanguageModel;
  memory: Record<PlayerId, BotMemory>;
  townId?: string;
  /** Called after each bot move is applied (persist, announce, count). */
  onStep?: (state: GameState, events: GameEvent[], record: BotStepRecord) => void | Promise<void>;
  /** Scripted moves that take precedence (MAgIC's injected clues); null lets the bot play. */
  scripted?: (state: GameState, player: PlayerId) => GameAction | null;
  /** Told about every bot fallback (a model answer that could not be used); default: counted in the result only. */
  onFallback?: (f: BotFallback) => void;
  /** Safety valve against a rules bug looping for ever. */
  maxSteps?: number;
}

export interface RunBotsResult {
  state: GameState;
  events: GameEvent[];
  memory: Record<PlayerId, BotMemory>;
  steps: BotStepRecord[];
  /** Every fallback in this run, with its reason (also passed to `onFallback`). */
  fallbacks: BotFallback[];
}

/** The next bot seat the game is waiting for, if any. */
export function nextBot(state: GameState): PlayerId | null {
  if (isTerminal(state.phase) || state.phase === 'lobby') return null;
  for (const p of awaitedPlayers(state)) if (seatOf(state, p)?.bot) return p;
  return null;
}

export async function runBots(initial: GameState, opts: RunBotsOptions): Promise<RunBotsResult> {
  let state = initial;
  const memory = { ...opts.memory };
  const events: GameEvent[] = [];
  const steps: BotStepRecord[] = [];
  const fallbacks: BotFallback[] = [];
  const onFallback = (f: BotFallback) => {
    fallbacks.push(f);
    opts.onFallback?.(f);
  };
  const max = opts.maxSteps ?? 500;
  for (let i = 0; i < max; i++) {
    const player = nextBot(state);
    if (!player) break;
    const seat = seatOf(state, player);
    if (!seat?.bot) break;
    const current = state;
    const scripted = opts.scripted?.(current, player) ?? null;
    let decision: BotDecision | null;
    let action: GameAction;
    const useScript = scripted !== null && !isError(applyAction(current, scripted));
    if (scripted && useScript) {
      action = scripted;
      decision = {
        action,
        memory: memory[player] ?? emptyMemory(),
        calls: 0,
        fallback: false,
        fallbackReason: null,
        selfOdd: null,
      };
    } else {
      decision = await playBotTurn({
        view: viewFor(current, player),
        legal: legalMoves(current, player),
        spec: seat.bot,
        memory: memory[player] ?? emptyMemory(),
        validate: (a) => {
          const r = applyAction(current, a);
          return isError(r) ? r.error : null;
        },
        llm: opts.llmFor(player),
        onFallback,
        ...(opts.townId ? { townId: opts.townId } : {}),
      });
      if (!decision) break;
      action = decision.action;
    }
    const r = applyAction(current, action);
    if (isError(r)) throw new Error(`bot ${player} produced an illegal move after validation: ${r.error.code}`);
    memory[player] = decision.memory;
    state = r.state;
    events.push(...r.events);
    const record: BotStepRecord = { player, move: action.type, decision, scripted: useScript };
    steps.push(record);
    await opts.onStep?.(state, r.events, record);
  }
  return { state, events, memory, steps, fallbacks };
}

// One bot-only game from deal to result, with per-seat accounting: the building block of the bench and the tests.
import type { LanguageModel } from '../../../llm/port.ts';
import { seatOf } from '../../lobby.ts';
import { type BotKind, type GameAction, isError, type Persona, type PlayerId } from '../../types.ts';
import { type ChameleonOptions, type ChameleonSetup, createChameleon } from '../chameleon/rules.ts';
import { createUndercover, type UndercoverOptions, type UndercoverSetup } from '../undercover/rules.ts';
import { type BotProbe, probeBeliefs } from './bots.ts';
import { applyAction, type GameState, oddPlayers, viewFor } from './engine.ts';
import type { GameKind } from './kinds.ts';
import type { GameTrace } from './metrics.ts';
import { runBots } from './runner.ts';

export interface MatchSeat {
  kind: BotKind;
  llm: LanguageModel;
  persona?: Persona;
  challenger?: boolean;
}

export type MatchSetup =
  | { kind: 'chameleon'; setup: ChameleonSetup; options?: ChameleonOptions }
  | { kind: 'undercover'; setup: UndercoverSetup; options?: UndercoverOptions };

export interface MatchOptions {
  seed: number | string;
  game: MatchSetup;
  seats: MatchSeat[];
  /**
   * Pre-set clues per seat. As MAgIC does, they are played only for defender seats and only until the challenger's
   * first turn; a clue the rules refuse is played by the bot instead.
   */
  injectedClues?: string[][] | null;
  /** Ask every seat MAgIC's reasoning probe after each clue (extra evaluation calls, counted apart from moves). */
  probes?: boolean;
}

export interface MatchResult {
  state: GameState;
  trace: GameTrace;
}

export function seatId(i: number): PlayerId {
  return `bot:${i + 1}`;
}

export async function playMatch(opts: MatchOptions): Promise<MatchResult> {
  let state: GameState =
    opts.game.kind === 'chameleon'
      ? createChameleon({
          seed: opts.seed,
          setup: opts.game.setup,
          ...(opts.game.options ? { options: opts.game.options } : {}),
        })
      : createUndercover({
          seed: opts.seed,
          setup: opts.game.setup,
          ...(opts.game.options ? { options: opts.game.options } : {}),
        });
  // A person hosts bot-only games in real use; here seat 1 hosts (bots never become host by joining).
  const apply = (a: GameAction) => {
    const r = applyAction(state, a);
    if (isError(r)) throw new Error(`match setup failed: ${r.error.code}`);
    state = r.state;
  };
  for (const [i, s] of opts.seats.entries())
    apply({
      type: 'join',
      seat: {
        id: seatId(i),
        name: s.persona?.name ?? `Player ${i + 1}`,
        bot: { kind: s.kind, ...(s.persona ? { persona: s.persona } : {}) },
      },
    });
  state = { ...state, hostId: seatId(0) };
  apply({ type: 'start', player: seatId(0) });

  const calls: Record<PlayerId, number> = {};
  const moves: Record<PlayerId, number> = {};
  const probeCalls: Record<PlayerId, number> = {};
  const fallbacks: Record<PlayerId, number> = {};
  const fallbackReasons: GameTrace['fallbackReasons'] = [];
  const maxCallsPerMove: Record<PlayerId, number> = {};
  const roleAnswers: GameTrace['roleAnswers'] = [];
  const probes: GameTrace['probes'] = [];
  const cluesGiven: Record<PlayerId, number> = {};
  const injected = opts.injectedClues ?? null;
  const seatOfId = (p: PlayerId) => opts.seats[Number(p.slice(4)) - 1] as MatchSeat;
  let challengerSpoke = false;
  const result = await runBots(state, {
    llmFor: (p) => seatOfId(p).llm,
    memory: {},
    scripted: injected
      ? (s, p) => {
          if (s.phase !== 'clues' || challengerSpoke || seatOfId(p).challenger) return null;
          const i = Number(p.slice(4)) - 1;
          const text = injected[i]?.[cluesGiven[p] ?? 0];
          return text ? { type: 'clue', player: p, text } : null;
        }
      : undefined,
    onStep: async (s, _e, rec) => {
      const p = rec.player;
      calls[p] = (calls[p] ?? 0) + rec.decision.calls;
      // Injected clues are not the bot's moves: calls per move counts only what the bot decided.
      if (!rec.scripted) {
        moves[p] = (moves[p] ?? 0) + 1;
        maxCallsPerMove[p] = Math.max(maxCallsPerMove[p] ?? 0, rec.decision.calls);
      }
      if (rec.decision.fallback) {
        fallbacks[p] = (fallbacks[p] ?? 0) + 1;
        fallbackReasons.push({ player: p, reason: rec.decision.fallbackReason ?? 'unknown' });
      }
      if (rec.move !== 'clue') return;
      cluesGiven[p] = (cluesGiven[p] ?? 0) + 1;
      if (seatOfId(p).challenger) challengerSpoke = true;
      if (rec.decision.selfOdd !== null) roleAnswers.push({ player: p, selfOdd: rec.decision.selfOdd });
      if (!opts.probes) return;
      const answers: Record<PlayerId, BotProbe | null> = {};
      for (const [i, seat] of opts.seats.entries()) {
        const id = seatId(i);
        const spec = seatOf(s, id)?.bot;
        if (!spec) continue;
        const r = await probeBeliefs({ view: viewFor(s, id), spec, memory: { beliefs: null }, llm: seat.llm });
        probeCalls[id] = (probeCalls[id] ?? 0) + r.calls;
        answers[id] = r.probe;
      }
      probes.push({ afterClue: p, answers });
    },
  });
  const end = result.state;
  if (end.phase !== 'over') throw new Error(`bot game stopped in phase ${end.phase}`);
  const flag = end.outcome?.flag ?? 0;
  const lastVotes = end.kind === 'undercover' ? (end.history.at(-1)?.votes ?? {}) : end.votes;
  return {
    state: end,
    trace: {
      kind: end.kind as GameKind,
      flag,
      odd: oddPlayers(end),
      challengers: opts.seats.flatMap((s, i) => (s.challenger ? [seatId(i)] : [])),
      votes: lastVotes,
      roleAnswers,
      probes,
      guess:
        end.kind === 'chameleon' && end.phase === 'over' && end.accused === end.chameleon
          ? { correct: end.outcome?.flag === 1 }
          : null,
      calls,
      moves,
      maxCallsPerMove,
      probeCalls,
      fallbacks,
      fallbackReasons,
    },
  };
}

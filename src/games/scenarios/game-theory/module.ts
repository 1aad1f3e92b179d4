// The engine's view of MAgIC's game-theory scenarios (Cost Sharing, Prisoner's Dilemma, Public Good): one factory
// over this family's engine, bot seats and texts; each scenario's folder adds its title, setting and standings.
import type { GtBenchPart } from '../../bench/part.ts';
import { lobbyMoves } from '../../lobby.ts';
import type { GameModule, Standing } from '../../module.ts';
import { seedState } from '../../rng.ts';
import { gameError, type PlayerId } from '../../types.ts';
import {
  applyGt,
  createGtLobby,
  type GtState,
  type GtView,
  gtAwaited,
  gtLegalMoves,
  gtScores,
  gtView,
} from './engine.ts';
import type { GtOfflineSeat } from './offline.ts';
import { gtEventLine, gtPrivateText } from './render.ts';
import { runGtBots } from './run.ts';
import { type GtSetting, loadVariants } from './settings.ts';
import { gtSpectatorLines } from './spectator.ts';
import { GT_SEATS, type GtLegalMove, type GtScenario } from './types.ts';

/** Standings by final score (Prisoner's Dilemma, Public Good): highest wins, ties share the rank and the win. */
export function standingsByScore(s: GtState): Standing[] | null {
  const scores = gtScores(s);
  if (!scores) return null;
  const distinct = [...new Set(Object.values(scores))].sort((a, b) => b - a);
  return s.players.map((seat) => {
    const rank = distinct.indexOf(scores[seat.id as PlayerId] ?? 0) + 1;
    return { player: seat.id, team: seat.id, rank, won: rank === 1 };
  });
}

export function gameTheoryModule<S extends GtState>(def: {
  kind: S['scenario'];
  title: string;
  icon: string;
  aliases: readonly string[];
  standings?: (s: S) => Standing[] | null;
  /** The labelled offline stand-in's seat for this scenario (its folder's offline.ts). */
  offline?: GtOfflineSeat;
  /** What MAgIC's bench plays and reads from this game. */
  bench?: GtBenchPart;
}): GameModule<S, GtView, GtLegalMove | ReturnType<typeof lobbyMoves>[number]> {
  return {
    kind: def.kind,
    title: def.title,
    icon: def.icon,
    aliases: def.aliases,
    lobby: {
      maxBots: GT_SEATS - 1,
      residents: false,
      rounds: false,
      party: false,
      namesBotPlayer: true,
    },
    create: (opts, seed) => createGtLobby(opts.setting ?? drawSetting(def.kind, seed), seed) as S,
    apply(s, a) {
      if (a.type === 'clue' || a.type === 'guess')
        return gameError('game/wrong_phase', 'There are no clues or guesses in this game.');
      return applyGt(s, a) as ReturnType<GameModule<S>['apply']>;
    },
    view: (s, p) => gtView(s, p),
    legalMoves: (s, p) => (s.phase === 'lobby' ? lobbyMoves(s, p) : gtLegalMoves(s, p)),
    awaited: (s) => gtAwaited(s),
    turn: () => null,
    async playBots(state, env) {
      const bot = env.gtSeats(env.llm, {
        kind: env.botKind ?? 'vanilla',
        seed: env.gameId,
        ...(env.townId ? { townId: env.townId } : {}),
      });
      await runGtBots(state, {
        botFor: () => bot,
        onStep: async (next, events, step) => {
          if (step.decision.fallback)
            env.onFallback(
              step.player,
              step.decision.action.type,
              step.decision.fallbackReason ?? 'answer not a legal move',
            );
          await env.onStep(next, events, step.player);
        },
      });
    },
    standings: (s) => (def.standings ?? standingsByScore)(s),
    ...(def.offline ? { offline: def.offline } : {}),
    ...(def.bench ? { bench: def.bench } : {}),
    reveal: () => null,
    memories: () => [],
    seats: (s) => s.players.map((p) => ({ name: p.name, bot: p.bot !== undefined })),
    eventLine: (e, c) => gtEventLine(e, c.name, c.front, c.call, c.seat),
    spectatorLines: (s) => gtSpectatorLines(gtView(s, null)),
    privateInfo(s, p) {
      if (!s.players.some((x) => x.id === p))
        return { ok: false, error: { code: 'game/not_a_player', message: 'You are not in this game.' } };
      if (s.phase === 'lobby')
        return { ok: false, error: { code: 'game/not_started', message: 'The game has not started yet.' } };
      const text = gtPrivateText(gtView(s, p));
      return { ok: true, info: { kind: def.kind, text, role: null, topic: null, word: null } };
    },
  };
}

/** One of our variants for a live table (the challenger seat does not matter outside the bench). */
function drawSetting(kind: GtScenario, seed: number): GtSetting {
  const all = loadVariants(kind).filter((v) => v.challengerSeat === 0);
  return all[seedState(seed) % all.length] as GtSetting;
}

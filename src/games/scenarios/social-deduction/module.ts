// The engine's view of a social-deduction game (Chameleon, Undercover): one factory over this family's shared
// engine, bots and results; each scenario's folder adds what is its own (title, dealing a table, lobby options).
import type { SocialBenchPart } from '../../bench/part.ts';
import { lobbyMoves } from '../../lobby.ts';
import type { GameModule, LobbyOptions, LobbySpec } from '../../module.ts';
import type { PlayerId } from '../../types.ts';
import type { BotMemory } from './bots.ts';
import {
  applyAction,
  awaitedPlayers,
  type GameState,
  type GameView,
  type LegalMove,
  legalMoves,
  oddPlayers,
  outcomeOf,
  turnOf,
  viewFor,
} from './engine.ts';
import type { DeductionOfflineSeat } from './offline-reasoning.ts';
import { privateDeductionInfo } from './private-info.ts';
import { memoriesOf, revealOf } from './results.ts';
import { runBots } from './runner.ts';
import { deductionSpectatorLines } from './spectator.ts';
import { loadPairs, loadTopics, type TopicCard, type WordPair } from './words.ts';

export function socialDeductionModule<S extends GameState>(def: {
  kind: S['kind'];
  title: string;
  icon: string;
  aliases?: readonly string[];
  lobby: LobbySpec;
  deal: (opts: LobbyOptions, seed: number, words: { topics: TopicCard[]; pairs: WordPair[] }) => S;
  /** The labelled offline stand-in's seat for this game (its folder's offline.ts). */
  offline?: DeductionOfflineSeat;
  /** What MAgIC's bench plays and reads from this game. */
  bench?: SocialBenchPart;
  /** Lines for the events only this game has (the shared texts say the rest). */
  eventLine?: GameModule<S, GameView, LegalMove>['eventLine'];
}): GameModule<S, GameView, LegalMove> {
  return {
    kind: def.kind,
    title: def.title,
    icon: def.icon,
    aliases: def.aliases ?? [],
    lobby: def.lobby,
    create: (opts, seed, words) => def.deal(opts, seed, words ?? { topics: loadTopics(), pairs: loadPairs() }),
    apply: (s, a) => applyAction(s, a) as ReturnType<GameModule<S>['apply']>,
    view: (s, p) => viewFor(s, p),
    legalMoves: (s, p) => (s.phase === 'lobby' ? lobbyMoves(s, p) : legalMoves(s, p)),
    awaited: (s) => awaitedPlayers(s),
    turn: (s) => turnOf(s),
    async playBots(state, env) {
      await runBots(state, {
        llmFor: () => env.llm,
        memory: env.memory as Record<PlayerId, BotMemory>,
        ...(env.townId ? { townId: env.townId } : {}),
        onFallback: (f) => env.onFallback(f.player, f.task, f.reason),
        onStep: (next, events, step) => env.onStep(next, events, step.player, step.decision.memory),
      });
    },
    standings(s) {
      const out = outcomeOf(s);
      if (!out || s.phase !== 'over') return null;
      const odd = new Set(oddPlayers(s));
      return s.players.map((seat) => {
        const isOdd = odd.has(seat.id);
        const won = isOdd === out.oddWins;
        return { player: seat.id, team: isOdd ? 'odd' : 'majority', rank: won ? 1 : 2, won };
      });
    },
    reveal: (s) => revealOf(s),
    memories: (s) => memoriesOf(s),
    privateInfo: (s, p) => privateDeductionInfo(s, p),
    seats: (s) =>
      viewFor(s, null).players.map((p) => ({
        name: p.name,
        bot: p.bot,
        ...('alive' in p && p.alive === false ? { out: true } : {}),
      })),
    spectatorLines: (s) => deductionSpectatorLines(viewFor(s, null)),
    ...(def.offline ? { offline: def.offline } : {}),
    ...(def.bench ? { bench: def.bench } : {}),
    ...(def.eventLine ? { eventLine: def.eventLine } : {}),
  };
}

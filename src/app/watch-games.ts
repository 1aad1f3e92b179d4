// The games a watcher may see (the web view): a guild's tables in lobby or play, and any of its games by id, each as
// what the game's module shows a spectator (no role, word or secret move before the reveal), as lines.
import type { TableState } from '../games/engine.ts';
import { gameTitle, moduleOf } from '../games/scenarios/registry.ts';
import type { GameStore } from '../games/store.ts';
import type { AnyGameKind } from '../games/types.ts';

export interface WatchGameSummary {
  id: string;
  kind: AnyGameKind;
  title: string;
  phase: string;
  players: number;
}

export interface WatchGame extends WatchGameSummary {
  seats: { name: string; bot: boolean; out?: boolean }[];
  /** What a spectator knows, one line each: the public moves so far and, once over, the reveal. */
  lines: string[];
}

/** Reads a guild's games for watchers; only ids of that guild answer. */
export interface GameWatch {
  list(scope: string): Promise<WatchGameSummary[]>;
  get(scope: string, id: string): Promise<WatchGame | null>;
}

export function gameWatch(store: Pick<GameStore, 'listActive' | 'get'>): GameWatch {
  return {
    async list(scope) {
      return (await store.listActive()).filter((g) => g.scope === scope).map((g) => summary(g.id, g.data.state));
    },
    async get(scope, id) {
      const g = await store.get(id);
      if (!g || g.scope !== scope) return null;
      return spectate(g.id, g.data.state);
    },
  };
}

function summary(id: string, state: TableState): WatchGameSummary {
  return { id, kind: state.kind, title: gameTitle(state.kind), phase: state.phase, players: state.players.length };
}

/** The spectator's view as lines: the seats, and what the game's module shows a spectator. */
export function spectate(id: string, state: TableState): WatchGame {
  const m = moduleOf(state);
  const seats = m.seats(state).map((p) => ({ name: p.name, bot: p.bot, ...(p.out ? { out: true } : {}) }));
  return { ...summary(id, state), seats, lines: m.spectatorLines(state) };
}

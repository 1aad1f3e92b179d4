// Persistence port for games (one row per game, state as JSON, optimistic version) and its in-memory twin.
import type { TableState } from './engine.ts';
import type { LobbyVariant } from './module.ts';
import type { AnyGameKind, BotKind, PlayerId } from './types.ts';

export type GameStatus = 'lobby' | 'running' | 'over' | 'cancelled';

/** Lobby choices kept with the game (used when bots fill seats at start). */
export interface GameSettingsChosen {
  botKind: BotKind;
  clueRounds?: number;
  variant?: LobbyVariant;
}

/** Everything needed to resume a game after a restart. */
export interface PersistedGame {
  state: TableState;
  /** Each bot seat's memory between moves, as its game's module keeps it. */
  bots: Record<PlayerId, unknown>;
  options: GameSettingsChosen;
  /** Model name bots play with (rating key). */
  model: string;
  /** Ratings applied once the game is over. */
  rated: boolean;
  createdAt: number;
  /** Bots added so far (names and ids stay unique). */
  botCounter: number;
}

export interface GameRecord {
  id: string;
  /** Guild id or 'console'. */
  scope: string;
  channelId: string;
  kind: AnyGameKind;
  status: GameStatus;
  version: number;
  data: PersistedGame;
}

export interface GameStore {
  /** The game in lobby or running in this channel, if any. */
  active(scope: string, channelId: string): Promise<GameRecord | null>;
  get(id: string): Promise<GameRecord | null>;
  /** Inserts a new game at version 0. */
  insert(record: GameRecord): Promise<void>;
  /** Writes `record` if the stored version is still `record.version - 1`; false on a concurrent write. */
  save(record: GameRecord): Promise<boolean>;
  /** All games in lobby or running (resume after restart). */
  listActive(): Promise<GameRecord[]>;
}

export function statusOf(state: TableState): GameStatus {
  if (state.phase === 'lobby') return 'lobby';
  if (state.phase === 'over') return 'over';
  if (state.phase === 'cancelled') return 'cancelled';
  return 'running';
}

/** JSON round trip: what a real store does to the record, so the twin catches non-serialisable state. */
function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

export class InMemoryGameStore implements GameStore {
  private readonly games = new Map<string, GameRecord>();

  async active(scope: string, channelId: string): Promise<GameRecord | null> {
    for (const g of this.games.values())
      if (g.scope === scope && g.channelId === channelId && (g.status === 'lobby' || g.status === 'running'))
        return clone(g);
    return null;
  }
  async get(id: string): Promise<GameRecord | null> {
    const g = this.games.get(id);
    return g ? clone(g) : null;
  }
  async insert(record: GameRecord): Promise<void> {
    if (this.games.has(record.id)) throw new Error(`game ${record.id} exists`);
    this.games.set(record.id, clone(record));
  }
  async save(record: GameRecord): Promise<boolean> {
    const cur = this.games.get(record.id);
    if (!cur || cur.version !== record.version - 1) return false;
    this.games.set(record.id, clone(record));
    return true;
  }
  async listActive(): Promise<GameRecord[]> {
    return [...this.games.values()].filter((g) => g.status === 'lobby' || g.status === 'running').map(clone);
  }
}

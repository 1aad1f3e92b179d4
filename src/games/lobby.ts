// Lobby rules and helpers shared by every game: join, leave, host hand-over, cancel, lobby moves; clue checks and tally.
import { normalizeWord } from './text.ts';
import {
  type AnyGameKind,
  type ClueEntry,
  type GameAction,
  type GameError,
  type GameEvent,
  gameError,
  type Phase,
  type PlayerId,
  type Result,
  type Seat,
} from './types.ts';

export const LOBBY_SETTINGS = {
  // Long enough for MAgIC's sentence clues ("It's often used to make wine."), short enough for a chat line.
  maxClueLength: 150,
  maxNameLength: 40,
} as const;

/** Fields both game states carry. */
export interface BaseState {
  version: 1;
  kind: AnyGameKind;
  phase: Phase;
  /** PRNG state (see rng.ts). */
  rng: number;
  /** Number of actions applied so far. */
  step: number;
  /** Bumped whenever the awaited turn or phase changes; a timeout must name the current one. */
  turnSeq: number;
  hostId: PlayerId | null;
  players: Seat[];
  minPlayers: number;
  maxPlayers: number;
  clues: ClueEntry[];
  /** Votes of the current vote round; null = abstained on timeout. */
  votes: Record<PlayerId, PlayerId | null>;
}

export function isTerminal(phase: Phase): boolean {
  return phase === 'over' || phase === 'cancelled';
}

export function seatOf(state: BaseState, id: PlayerId): Seat | undefined {
  return state.players.find((p) => p.id === id);
}

/** Handles lobby-phase actions and cancel; returns undefined for actions the game itself must handle. */
export function applyLobbyAction<S extends BaseState>(
  state: S,
  action: GameAction,
  start: (s: S) => Result<S>,
): Result<S> | undefined {
  if (isTerminal(state.phase)) {
    return gameError('game/finished', 'This game is over; start a new one.');
  }
  switch (action.type) {
    case 'join': {
      if (state.phase !== 'lobby') return gameError('game/already_started', 'The game has already started.');
      if (seatOf(state, action.seat.id)) return gameError('game/already_joined', 'You are already in this game.');
      if (state.players.length >= state.maxPlayers)
        return gameError('game/full', `The game is full (${state.maxPlayers} players).`);
      const name = action.seat.name.trim().slice(0, LOBBY_SETTINGS.maxNameLength) || action.seat.id;
      const seat: Seat = { ...action.seat, name: uniqueName(state.players, name) };
      const hostId = state.hostId ?? (seat.bot ? null : seat.id);
      const events: GameEvent[] = [{ type: 'joined', player: seat.id }];
      if (hostId !== state.hostId && hostId) events.push({ type: 'host_changed', player: hostId });
      return { state: bump({ ...state, players: [...state.players, seat], hostId }), events };
    }
    case 'leave': {
      if (!seatOf(state, action.player)) return gameError('game/not_a_player', 'You are not in this game.');
      if (state.phase !== 'lobby')
        return gameError('game/in_progress', 'The game is under way; the host can cancel it instead.');
      const players = state.players.filter((p) => p.id !== action.player);
      const events: GameEvent[] = [{ type: 'left', player: action.player }];
      if (state.hostId !== action.player) return { state: bump({ ...state, players }), events };
      // Host leaves: the next person in seat order becomes host; with no person left the lobby closes.
      const next = players.find((p) => !p.bot);
      if (!next) {
        events.push({ type: 'lobby_closed' });
        return { state: bump({ ...state, players, hostId: null, phase: 'cancelled' }), events };
      }
      events.push({ type: 'host_changed', player: next.id });
      return { state: bump({ ...state, players, hostId: next.id }), events };
    }
    case 'start': {
      if (state.phase !== 'lobby') return gameError('game/already_started', 'The game has already started.');
      if (state.hostId !== action.player) return gameError('game/not_host', 'Only the host can start the game.');
      if (state.players.length < state.minPlayers)
        return gameError(
          'game/not_enough_players',
          `At least ${state.minPlayers} players are needed (${state.players.length} so far).`,
        );
      return start(state);
    }
    case 'cancel': {
      if (state.hostId !== action.player && !action.admin)
        return gameError('game/not_host', 'Only the host or an admin can cancel the game.');
      return { state: bump({ ...state, phase: 'cancelled' }), events: [{ type: 'cancelled', by: action.player }] };
    }
    default:
      if (state.phase === 'lobby') return gameError('game/not_started', 'The game has not started yet.');
      return undefined;
  }
}

/** Step counter bump for every applied action. */
export function bump<S extends BaseState>(s: S): S {
  return { ...s, step: s.step + 1 };
}

function uniqueName(players: Seat[], name: string): string {
  const taken = new Set(players.map((p) => p.name.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  for (let i = 2; ; i++) if (!taken.has(`${name} ${i}`.toLowerCase())) return `${name} ${i}`;
}

/** Checks a clue's text against the shared rules; `forbidden` are words this player may not say. */
export function checkClue(
  clues: ClueEntry[],
  text: string,
  forbidden: string[],
  says: (text: string, word: string) => boolean,
): GameError | null {
  const t = text.trim();
  if (normalizeWord(t) === '') return { code: 'game/clue_empty', message: 'A clue needs at least one word.' };
  if (t.length > LOBBY_SETTINGS.maxClueLength)
    return { code: 'game/clue_too_long', message: `Keep the clue under ${LOBBY_SETTINGS.maxClueLength} characters.` };
  const n = normalizeWord(t);
  if (clues.some((c) => c.text !== null && normalizeWord(c.text) === n))
    return { code: 'game/clue_repeated', message: 'That clue was already given; say something new.' };
  if (forbidden.some((w) => says(t, w)))
    return { code: 'game/clue_is_secret', message: 'Your clue may not be the word itself.' };
  return null;
}

/** Checks a vote's voter and target; `voters` are the players allowed to vote now. */
export function checkVote(state: BaseState, voters: PlayerId[], player: PlayerId, target: PlayerId): GameError | null {
  if (!seatOf(state, player)) return { code: 'game/not_a_player', message: 'You are not in this game.' };
  if (!voters.includes(player)) return { code: 'game/eliminated', message: 'You are out and cannot vote.' };
  if (player in state.votes) return { code: 'game/already_voted', message: 'You have already voted.' };
  if (player === target) return { code: 'game/vote_self', message: 'You cannot vote for yourself.' };
  if (!voters.includes(target))
    return { code: 'game/vote_unknown', message: 'Vote for one of the players still in the game.' };
  return null;
}

/** Counts votes; the accusation stands only for a single top-voted player (MAgIC: a tie means no accusation). */
export function tallyVotes(votes: Record<PlayerId, PlayerId | null>): {
  tally: Record<PlayerId, number>;
  accused: PlayerId | null;
} {
  const tally: Record<PlayerId, number> = {};
  for (const t of Object.values(votes)) if (t !== null) tally[t] = (tally[t] ?? 0) + 1;
  let best = 0;
  let top: PlayerId[] = [];
  for (const [p, n] of Object.entries(tally)) {
    if (n > best) {
      best = n;
      top = [p];
    } else if (n === best) top.push(p);
  }
  return { tally, accused: top.length === 1 ? (top[0] as PlayerId) : null };
}

/** Lobby moves, the same for every game. */
export function lobbyMoves(state: BaseState, playerId: PlayerId): { type: 'join' | 'leave' | 'start' | 'cancel' }[] {
  if (!seatOf(state, playerId)) return state.players.length < state.maxPlayers ? [{ type: 'join' }] : [];
  const moves: { type: 'join' | 'leave' | 'start' | 'cancel' }[] = [{ type: 'leave' }];
  if (state.hostId === playerId) {
    if (state.players.length >= state.minPlayers) moves.push({ type: 'start' });
    moves.push({ type: 'cancel' });
  }
  return moves;
}

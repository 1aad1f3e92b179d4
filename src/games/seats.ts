// Seats: players are numbered from 1 in the order they sat down. Wherever a vote is asked for, the seats are shown
// ("1 Alice, 2 Bob, 3 Bot 1"), and a vote names a player by name or by that shown number.
import type { PlayerId } from './types.ts';

interface Seated {
  id: PlayerId;
  name: string;
  bot?: unknown;
}

/** "1 Alice, 2 Bob, 3 Bot 1" (with `bots`, bot seats are marked "[bot]"). */
export function seatList(players: readonly Seated[], opts: { bots?: boolean } = {}): string {
  return players.map((p, i) => `${i + 1} ${p.name}${opts.bots && p.bot ? ' [bot]' : ''}`).join(', ');
}

/** The player a vote names: by id, by name (case- and space-insensitive), by 1-based seat number, or both ("2 Bot 1"). */
export function resolveSeat(players: readonly Seated[], target: string): PlayerId | null {
  const t = target.trim().replace(/^@/, '');
  if (players.some((p) => p.id === t)) return t;
  const norm = (x: string) => x.toLowerCase().replace(/\s+/g, '');
  const byName = players.find((p) => norm(p.name) === norm(t));
  if (byName) return byName.id;
  if (/^\d+$/.test(t)) return players[Number(t) - 1]?.id ?? null;
  // "2 Bot 1": a seat number with its name, as the seat list and tab completion show it; both must agree.
  const m = /^(\d+)\s+(.+)$/.exec(t);
  const seat = m ? players[Number(m[1]) - 1] : undefined;
  if (m && seat && norm(seat.name) === norm(m[2] as string)) return seat.id;
  return null;
}

/** The message for a vote that names nobody at the table. */
export function unknownSeatMessage(players: readonly Seated[], target: string): string {
  return `There is no player "${target.slice(0, 60)}" in this game. Vote by name or seat number: ${seatList(players)}.`;
}

// The games' events as lines, one per event, naming players — one text for both front ends. The console prints
// them plain (CONSOLE_STYLE); Discord (src/commands/game-messages.ts) passes a style that adds mentions, bold and
// emoji and escapes user text, and says "the menu below" where the console says "/game vote".
import { gameModule, gameTitle, isGameKind } from './scenarios/registry.ts';
import { seatList } from './seats.ts';
import type { GameSnapshot } from './service-types.ts';
import type { AnyGameKind, GameEvent, PlayerId } from './types.ts';

export interface EventStyle {
  front: 'console' | 'discord';
  /** A player's name as shown (Discord escapes it). */
  name(id: PlayerId): string;
  /** Addresses a player whose move is awaited (Discord mentions people). */
  call(id: PlayerId): string;
  /** User text as shown (Discord escapes it). */
  text(t: string): string;
  strong(t: string): string;
  /** An emoji and a space on Discord, nothing in the console. */
  icon(emoji: string): string;
  title(kind: AnyGameKind): string;
  /** Lobby comings and goings (Discord shows them on the lobby card instead). */
  lobbyEvents: boolean;
}

/** How a person makes each move, by front end. */
const HOW = {
  word: { console: 'Use /game word to see your word.', discord: 'Press **Show my word** to see your secret.' },
  clue: { console: '/game clue <text>', discord: '`/game clue` or the button' },
  vote: {
    console: 'vote with /game vote <name or seat number>',
    discord: 'pick a player in the menu below, or `/game vote` with a name or seat number',
  },
  guess: { console: 'guess with /game guess <word>', discord: 'press **Guess the word** or `/game guess`' },
} as const;

/** The console's style: plain names and text. */
export function consoleStyle(game: GameSnapshot): EventStyle {
  const name = (id: PlayerId) => game.players.find((p) => p.id === id)?.name ?? id;
  return {
    front: 'console',
    name,
    call: name,
    text: (t) => t,
    strong: (t) => t,
    icon: () => '',
    title: (k) => gameTitle(k),
    lobbyEvents: true,
  };
}

/** One line per event. */
export function eventLines(events: GameEvent[], game: GameSnapshot, s: EventStyle = consoleStyle(game)): string[] {
  const { name } = s;
  const bot = (id: PlayerId) => game.players.find((p) => p.id === id)?.bot ?? false;
  const names = (ids: PlayerId[]) => ids.map(name).join(', ');
  const lines: string[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as GameEvent;
    // The game's own events first (its module says them): rounds call only the people awaited (bots move at
    // once); secret moves show only that someone moved.
    const own = isGameKind(game.kind)
      ? gameModule(game.kind).eventLine?.(e, {
          name,
          front: s.front,
          call: (id) => (bot(id) ? '' : s.call(id)),
          seat: (id) => game.players.findIndex((p) => p.id === id) + 1,
          bot,
          icon: s.icon,
          strong: s.strong,
          how: (move) => HOW[move][s.front],
        })
      : undefined;
    if (own !== undefined) {
      if (own) lines.push(own.startsWith('Game over') ? `${s.icon('🏁')}${s.strong(own)}` : own);
      continue;
    }
    switch (e.type) {
      case 'joined': {
        // Whoever opens a lobby joins and hosts it at once: one line says both.
        const next = events[i + 1];
        if (next?.type === 'host_changed' && next.player === e.player) {
          i++;
          if (s.lobbyEvents) lines.push(`${name(e.player)} hosts the table from seat 1.`);
          break;
        }
        if (s.lobbyEvents) lines.push(`${name(e.player)} joined.`);
        break;
      }
      case 'left':
      case 'host_changed':
        if (s.lobbyEvents) lines.push(`${name(e.player)} ${e.type === 'left' ? 'left' : 'is now the host'}.`);
        break;
      case 'note':
        lines.push(s.text(e.text));
        break;
      case 'lobby_closed':
        if (s.lobbyEvents) lines.push('The lobby closed.');
        break;
      case 'started':
        lines.push(
          `${s.title(game.kind)} starts with ${names(e.players)}.${e.topic ? ` Topic: ${s.strong(s.text(e.topic))}.` : ''} ${HOW.word[s.front]}`,
        );
        break;
      case 'turn':
        // A bot's turn is followed at once by its clue; only people are called.
        if (!bot(e.player)) lines.push(`Round ${e.round}: ${s.call(e.player)}, your clue — ${HOW.clue[s.front]}.`);
        break;
      case 'clue':
        lines.push(
          e.text === null ? `${name(e.player)} passed.` : `${s.icon('💬')}${name(e.player)}: “${s.text(e.text)}”`,
        );
        break;
      case 'timed_out':
        lines.push(`${s.icon('⏰')}Time is up for ${names(e.players) || 'nobody'}.`);
        break;
      case 'vote_phase':
        lines.push(
          `${s.icon('🗳️')}Voting is open: ${e.voters.map(s.call).join(', ')} — ${HOW.vote[s.front]}. Seats: ${s.text(seatList(game.players))}.`,
        );
        break;
      case 'voted':
        lines.push(`${name(e.player)} voted.`);
        break;
      case 'votes_revealed': {
        const v = Object.entries(e.votes)
          .map(([a, b]) => `${name(a)} → ${b ? name(b) : 'nobody'}`)
          .join(', ');
        lines.push(
          `Votes: ${v}. ${e.accused ? `${s.strong(name(e.accused))} is accused.` : 'No single player has the most votes.'}`,
        );
        break;
      }
      case 'guess':
        lines.push(`${name(e.player)} guesses “${s.text(e.word ?? '(nothing)')}”: ${e.correct ? 'right!' : 'wrong.'}`);
        break;
      case 'no_elimination':
        lines.push('Tied vote: nobody is out this round.');
        break;
      case 'cancelled':
        lines.push(`The game was cancelled by ${name(e.by)}.`);
        break;
      default:
        break;
    }
  }
  return lines;
}

/** The result's closing line. */
export function revealLine(text: string, s: EventStyle): string {
  return `${s.icon('🏁')}${s.strong('Game over.')} ${s.text(text)}`;
}

/** The console's lines for a move: its events, then the result when the game ended. */
export function renderEvents(events: GameEvent[], game: GameSnapshot): string[] {
  return eventLines(events, game);
}

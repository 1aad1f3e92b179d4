// The games' events as plain lines, one per event, naming players: what the console prints after a move or a turn
// timer (Discord's lines, with mentions and buttons, are in src/commands/game-messages.ts).
import { gtEventLine } from './game-theory/render.ts';
import { seatList } from './seats.ts';
import type { GameSnapshot } from './service-types.ts';
import type { GameEvent } from './types.ts';

/** One line per event, naming players. */
export function renderEvents(events: GameEvent[], game: GameSnapshot): string[] {
  const name = (id: string) => game.players.find((p) => p.id === id)?.name ?? id;
  const lines: string[] = [];
  for (const e of events) {
    const gt = gtEventLine(e, name, 'console');
    if (gt !== undefined) {
      if (gt) lines.push(gt);
      continue;
    }
    switch (e.type) {
      case 'joined':
        lines.push(`${name(e.player)} joined.`);
        break;
      case 'left':
        lines.push(`${name(e.player)} left.`);
        break;
      case 'host_changed':
        lines.push(`${name(e.player)} is now the host.`);
        break;
      case 'lobby_closed':
        lines.push('The lobby closed.');
        break;
      case 'started':
        lines.push(
          `The game starts with ${e.players.map(name).join(', ')}${e.topic ? `. Topic: ${e.topic}` : ''}. Use /game word to see your word.`,
        );
        break;
      case 'turn':
        lines.push(`Round ${e.round}: ${name(e.player)}'s turn to give a clue.`);
        break;
      case 'clue':
        lines.push(e.text === null ? `${name(e.player)} passed.` : `${name(e.player)}: "${e.text}"`);
        break;
      case 'timed_out':
        lines.push(`Time is up for ${e.players.map(name).join(', ') || 'nobody'}.`);
        break;
      case 'vote_phase':
        lines.push(
          `Voting is open for ${e.voters.map(name).join(', ')}. Seats: ${seatList(game.players)}. Vote with /game vote <name or seat number>.`,
        );
        break;
      case 'voted':
        lines.push(`${name(e.player)} voted.`);
        break;
      case 'votes_revealed': {
        const v = Object.entries(e.votes)
          .map(([a, b]) => `${name(a)} -> ${b ? name(b) : 'nobody'}`)
          .join(', ');
        lines.push(
          `Votes: ${v}. ${e.accused ? `${name(e.accused)} is accused.` : 'No single player has the most votes.'}`,
        );
        break;
      }
      case 'guess_phase':
        lines.push(
          game.players.find((p) => p.id === e.player)?.bot
            ? `${name(e.player)} was the chameleon! ${name(e.player)} gets one guess at the word.`
            : `${name(e.player)} was the chameleon! ${name(e.player)} may now guess the word with /game guess <word>.`,
        );
        break;
      case 'guess':
        lines.push(`${name(e.player)} guesses "${e.word ?? '(nothing)'}": ${e.correct ? 'right!' : 'wrong.'}`);
        break;
      case 'eliminated':
        lines.push(`${name(e.player)} is out (${e.wasUndercover ? 'the undercover' : 'a civilian'}).`);
        break;
      case 'no_elimination':
        lines.push('Tied vote: nobody is out this round.');
        break;
      case 'over':
        break;
      case 'cancelled':
        lines.push(`The game was cancelled by ${name(e.by)}.`);
        break;
    }
  }
  return lines;
}

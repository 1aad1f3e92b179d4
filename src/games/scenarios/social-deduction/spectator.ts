// A Chameleon or Undercover table as a spectator sees it (no role or word before the reveal), one line each.
import type { PlayerId } from '../../types.ts';
import type { GameView } from './engine.ts';

/** What a spectator knows of a Chameleon or Undercover table, one line each (the web view's game page). */
export function deductionSpectatorLines(v: GameView): string[] {
  const name = (p: PlayerId | null | undefined) => v.players.find((x) => x.id === p)?.name ?? String(p ?? '—');
  const lines: string[] = [];
  if (v.kind === 'chameleon' && v.topic) lines.push(`Topic: ${v.topic}.`);
  for (const c of v.clues) lines.push(`Round ${c.round}, ${name(c.player)}: ${c.text ?? '(passed)'}`);
  if (v.phase === 'clues' && v.turn) lines.push(`Waiting for ${name(v.turn)}'s clue.`);
  if (v.phase === 'vote') lines.push(`Voted so far: ${v.voted.map(name).join(', ') || 'nobody'}.`);
  if (v.kind === 'chameleon') {
    if (v.tally)
      lines.push(
        `Votes: ${Object.entries(v.tally)
          .map(([p, n]) => `${name(p)} ${n}`)
          .join(', ')}.`,
      );
    if (v.accused) lines.push(`Accused: ${name(v.accused)}.`);
    if (v.chameleon) lines.push(`The chameleon was ${name(v.chameleon)}.`);
    if (v.secret) lines.push(`The secret word was “${v.secret}”.`);
    if (v.guess) lines.push(`The chameleon guessed “${v.guess}”.`);
    if (v.outcome) lines.push(v.outcome.winner === 'players' ? 'The players won.' : 'The chameleon won.');
  } else {
    for (const e of v.eliminated)
      lines.push(
        `Vote ${e.voteRound}: ${name(e.player)} was voted out${v.outcome ? (e.wasUndercover ? ' (undercover)' : ' (civilian)') : ''}.`,
      );
    if (v.undercovers) lines.push(`Undercover: ${v.undercovers.map(name).join(', ')}.`);
    if (v.words) lines.push(`Words: civilians “${v.words.civilian}”, undercover “${v.words.undercover}”.`);
    if (v.outcome) lines.push(v.outcome.winner === 'civilians' ? 'The civilians won.' : 'The undercover won.');
  }
  return lines;
}

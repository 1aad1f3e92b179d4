// A game-theory table as a spectator sees it (no secret move before the reveal), one line each, for the web view.
import type { PlayerId } from '../../types.ts';
import type { GtView } from './engine.ts';

/** What a spectator knows of a game-theory table, one line each (the web view's game page). */
export function gtSpectatorLines(v: GtView): string[] {
  const name = (p: PlayerId | null | undefined) => v.players.find((x) => x.id === p)?.name ?? String(p ?? '—');
  const lines: string[] = [];
  if (v.phase !== 'lobby') lines.push(`Round ${v.round} of ${v.rounds}.`);
  if (v.moved.length > 0 && v.phase !== 'over') lines.push(`Moved this round: ${v.moved.map(name).join(', ')}.`);
  const totals =
    'totals' in v ? v.totals : 'scores' in v && v.scores ? v.scores : 'left' in v && v.phase === 'over' ? v.left : null;
  if (totals)
    lines.push(
      `Scores: ${Object.entries(totals)
        .map(([p, n]) => `${name(p)} ${n}`)
        .join(', ')}.`,
    );
  if ('agreed' in v && v.agreed) lines.push(`Agreed shares: ${v.agreed.join(' / ')}.`);
  if (v.winners) lines.push(`Winners: ${v.winners.map(name).join(', ')}.`);
  return lines;
}

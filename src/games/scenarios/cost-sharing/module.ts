// Cost Sharing (MAgIC's airport fee allocation, Xu et al. 2024, sec. 3.2) as a game module. Standings: the score is
// the share of the fee each airline pays, so the table ranks by agreement alone: an agreed split wins for every seat,
// a failed one for none (all tie, nothing moves; the game is counted).
import { gameTheoryModule } from '../game-theory/module.ts';
import { csOfflineSeat } from './offline.ts';
import type { CsState } from './rules.ts';

export const costSharingModule = gameTheoryModule<CsState>({
  kind: 'cost-sharing',
  title: 'Cost Sharing',
  icon: '✈️',
  aliases: ['cost'],
  offline: csOfflineSeat,
  standings: (s) =>
    s.phase !== 'over'
      ? null
      : s.players.map((seat) => ({ player: seat.id, team: seat.id, rank: 1, won: s.agreed !== null })),
});

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
  // MAgIC's bench: cooperation and coordination (the latter only once a split was agreed), and table 2's cost.
  bench: {
    family: 'game theory',
    game: 'cost-sharing',
    roles: [{ role: 'cost-sharing', label: 'Cost sh.', winRate: (m) => m.gt?.costSharing.winRate ?? null }],
    abilities: (m) => ({
      cooperation: m.gt?.cooperation ?? null,
      coordination: m.gt && m.gt.costSharing.agreements > 0 ? m.gt.coordination : null,
    }),
    table2: {
      cell: 'cost',
      label: 'Cost (share of fee, %)',
      value: (m) => (m.gt && m.gt.costSharing.agreements > 0 ? m.gt.costSharing.challengerCost : null),
    },
  },
  standings: (s) =>
    s.phase !== 'over'
      ? null
      : s.players.map((seat) => ({ player: seat.id, team: seat.id, rank: 1, won: s.agreed !== null })),
});

// Public Good (MAgIC, Xu et al. 2024, sec. 3.2) as a game module; points kept plus the shared pool, highest wins.
import { gameTheoryModule } from '../game-theory/module.ts';
import { pgOfflineSeat } from './offline.ts';
import type { PgState } from './rules.ts';

export const publicGoodModule = gameTheoryModule<PgState>({
  kind: 'public-good',
  title: 'Public Good',
  icon: '🪙',
  aliases: ['pg'],
  offline: pgOfflineSeat,
  // MAgIC's bench: rationality (the lowest-contribution share, with the PD's defect share), and table 2's returns.
  bench: {
    family: 'game theory',
    game: 'public-good',
    roles: [{ role: 'public-good', label: 'Pub. good', winRate: (m) => m.gt?.publicGood.winRate ?? null }],
    abilities: (m) => ({ rationality: m.gt?.rationality ?? null }),
    table2: { cell: 'returns', label: 'Public Good returns', value: (m) => m.gt?.publicGood.challengerReturns ?? null },
  },
});

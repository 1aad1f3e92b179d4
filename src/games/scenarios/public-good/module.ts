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
});

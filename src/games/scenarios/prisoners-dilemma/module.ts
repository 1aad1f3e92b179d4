// The iterated three-player Prisoner's Dilemma (MAgIC, Xu et al. 2024, sec. 3.2) as a game module; highest total wins.
import { gameTheoryModule } from '../game-theory/module.ts';
import { pdOfflineSeat } from './offline.ts';
import type { PdState } from './rules.ts';

export const prisonersDilemmaModule = gameTheoryModule<PdState>({
  kind: 'prisoners-dilemma',
  title: "Prisoner's Dilemma",
  icon: '⛓️',
  aliases: ['pd'],
  offline: pdOfflineSeat,
  // MAgIC's bench: rationality (the defect share, with Public Good's lowest share), and table 2's score.
  bench: {
    family: 'game theory',
    game: 'prisoners-dilemma',
    roles: [{ role: 'prisoners-dilemma', label: 'PD', winRate: (m) => m.gt?.prisonersDilemma.winRate ?? null }],
    abilities: (m) => ({ rationality: m.gt?.rationality ?? null }),
    table2: { cell: 'score', label: 'PD score', value: (m) => m.gt?.prisonersDilemma.challengerScore ?? null },
  },
});

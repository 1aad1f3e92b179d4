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
});

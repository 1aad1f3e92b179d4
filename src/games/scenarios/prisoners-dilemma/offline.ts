// The offline stand-in's Prisoner's Dilemma seat (labelled, a pipeline check): reciprocity (the legal default),
// sometimes tempted to defect, more in the last round where nothing is left to lose; prompted as PGM it defects in
// the last round, as predicting the others suggests (MAgIC sec. 3.3: defection is the rational move).
import type { GtOfflineSeat } from '../game-theory/offline.ts';

export const PD_OFFLINE_SETTINGS = {
  // Vanilla: chance of defecting in a round where reciprocity says cooperate (seeded per seat and round), and in the
  // last round.
  temptation: 0.15,
  lastRoundTemptation: 0.5,
} as const;

export const pdOfflineSeat: GtOfflineSeat = {
  family: 'game-theory',
  move(action, { view, pgm, draw }) {
    if (action.type !== 'choose' || action.choice !== 'cooperate') return action;
    const s = PD_OFFLINE_SETTINGS;
    const last = view.round >= view.rounds;
    const p = pgm ? (last ? 1 : 0) : last ? s.lastRoundTemptation : s.temptation;
    return draw('pd') < p ? { ...action, choice: 'defect' } : action;
  },
};

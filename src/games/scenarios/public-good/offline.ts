// The offline stand-in's Public Good seat (labelled, a pipeline check): matching the others (the legal default)
// times a seeded generosity of its own, so gifts differ; prompted as PGM it gives a little less than it expects the
// others to give (the lowest gift is MAgIC's rational one, sec. 3.3).
import type { GtOfflineSeat } from '../game-theory/offline.ts';

export const PG_OFFLINE_SETTINGS = {
  // Vanilla: each seat's generosity, a seeded factor on the others' average contribution.
  generosity: [0.6, 1.3],
  // PGM: expecting the others to match the table's average, give this share of it.
  pgmShare: 0.8,
} as const;

export const pgOfflineSeat: GtOfflineSeat = {
  family: 'game-theory',
  move(action, { view, legal, pgm, draw }) {
    if (action.type !== 'contribute' || view.scenario !== 'public-good') return action;
    const max = legal.find((m) => m.type === 'contribute')?.max ?? action.amount;
    const [lo, hi] = PG_OFFLINE_SETTINGS.generosity;
    const factor = pgm ? PG_OFFLINE_SETTINGS.pgmShare : lo + (hi - lo) * draw('pg', false);
    const base = view.history.length > 0 ? action.amount : Math.round(view.startPoints / 5);
    return { ...action, amount: Math.max(0, Math.min(max, Math.round(base * factor))) };
  },
};

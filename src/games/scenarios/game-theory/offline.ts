// The labelled offline stand-in as a seat of the game-theory scenarios: it plays the games' legal default move
// (default-move.ts: reciprocity, matching the others, converging on the table's average), shaded by each scenario's
// own offline seat (its folder's offline.ts: a seeded temperament for vanilla, what predicting the others suggests
// for PGM), so figures move with the seed and the prompting. Its figures are a pipeline check, never a measure of a
// model. The seats are looked up through the registry by src/offline, which hands them to the games as `GtSeats`;
// nothing on the real path plays them.
import { hashString, nextRandom } from '../../rng.ts';
import type { BotKind } from '../../types.ts';
import { defaultMove, type GtBot } from './default-move.ts';
import type { GtView } from './engine.ts';
import type { GtAction, GtLegalMove } from './types.ts';

export const OFFLINE_GT_LABEL = 'offline stand-in (rule-based, not a model)';

/** What a scenario's offline seat is given to shade the default move. */
export interface GtOfflineTurn {
  view: GtView;
  legal: GtLegalMove[];
  /** Prompted as PGM (pgm, pgm-prob): play what predicting the others suggests; else the seat's temperament. */
  pgm: boolean;
  /** The seat's seed (the game, or the bench run and seat). */
  seed: string;
  /** A seeded draw in [0, 1) for this seat and purpose, per round unless `perRound` is false. */
  draw(salt: string, perRound?: boolean): number;
}

/** A game-theory scenario's offline seat: the legal default move, shaded as this scenario's stand-in plays. */
export interface GtOfflineSeat {
  family: 'game-theory';
  move(action: GtAction, turn: GtOfflineTurn): GtAction;
}

/**
 * The offline stand-in as one seat's player; `seed` makes its temperament its own, `kind` says how it is prompted;
 * `seatFor` finds the scenario's offline seat (the registry's), and a scenario without one plays the default move.
 */
export function offlineGtBot(opts: {
  seed?: number | string;
  kind?: BotKind;
  seatFor: (scenario: string) => GtOfflineSeat | undefined;
}): GtBot {
  const seed = String(opts.seed ?? 0);
  const pgm = opts.kind === 'pgm' || opts.kind === 'pgm-prob';
  return {
    label: OFFLINE_GT_LABEL,
    offline: true,
    async decide(view: GtView, legal) {
      const action = defaultMove(view, legal);
      if (!action) throw new Error('offline game-theory bot asked to move with no legal move');
      const seat = opts.seatFor(view.scenario);
      const draw = (salt: string, perRound = true) =>
        nextRandom(hashString(`${seed}|${view.you}|${perRound ? view.round : ''}|${salt}`))[0];
      return { action: seat ? seat.move(action, { view, legal, pgm, seed, draw }) : action, calls: 0, fallback: false };
    },
  };
}

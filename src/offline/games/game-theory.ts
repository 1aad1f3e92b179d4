// The labelled offline stand-in as a seat of the game-theory scenarios (Cost Sharing, Prisoner's Dilemma, Public
// Good). It plays the games' legal default move (src/games/scenarios/game-theory/default-move.ts: reciprocity, matching the
// others, converging on the table's average), with one rule of its own: from round 2 of Cost Sharing each offline
// proposer picks among the fair splits (within a few points of the table's average) by its own seeded preference, so
// three offline seats do not all propose the identical split and coordination is measured, not given. Its figures
// are a pipeline check, never a measure of a model. Composition roots hand it to the games as their `GtSeats`.
import {
  defaultMove,
  type GtBot,
  type GtSeats,
  llmGtBot,
  roundShares,
  type Shares,
} from '../../games/scenarios/game-theory/index.ts';
import type { CsView, GtView } from '../../games/scenarios/game-theory/index.ts';
import { hashString, nextRandom } from '../../games/rng.ts';
import type { LanguageModel } from '../../llm/port.ts';

export const OFFLINE_GT_LABEL = 'offline stand-in (rule-based, not a model)';

export const OFFLINE_GT_SETTINGS = {
  // A split is "fair" when no airline's share is more than this many points from the table's average proposal.
  fairBand: 2,
  // How strongly a proposer prefers the fair splits cheapest for itself (0: any fair split alike).
  selfInterest: 0.5,
} as const;

/** Every whole-percent split within `band` points of `mean` on each airline, summing to 100. */
export function fairSplits(mean: number[], band = OFFLINE_GT_SETTINGS.fairBand): Shares[] {
  const centre = roundShares(mean);
  const out: Shares[] = [];
  const walk = (i: number, acc: number[]) => {
    if (i === centre.length - 1) {
      const last = 100 - acc.reduce((a, b) => a + b, 0);
      if (last >= 0 && Math.abs(last - (mean[i] ?? 0)) <= band + 0.5) out.push([...acc, last]);
      return;
    }
    const c = centre[i] as number;
    for (let d = -band; d <= band; d++) if (c + d >= 0) walk(i + 1, [...acc, c + d]);
  };
  walk(0, []);
  return out.length > 0 ? out : [centre];
}

/**
 * One proposer's pick among the fair splits: each split gets a seeded weight (the seat's own taste), raised for
 * splits cheaper for this seat; the heaviest wins. Same seed, seat and round: same pick.
 */
export function preferredSplit(splits: Shares[], seat: number, key: string): Shares {
  let rng = hashString(key);
  let best: Shares = splits[0] as Shares;
  let bestW = -1;
  const own = splits.map((s) => s[seat] ?? 0);
  const lo = Math.min(...own);
  const hi = Math.max(...own);
  for (const [i, s] of splits.entries()) {
    let r: number;
    [r, rng] = nextRandom(rng);
    const cheap = hi > lo ? (hi - (own[i] as number)) / (hi - lo) : 0;
    const w = r + OFFLINE_GT_SETTINGS.selfInterest * cheap;
    if (w > bestW) {
      bestW = w;
      best = s;
    }
  }
  return best;
}

function offlineProposal(view: CsView, seed: string): Shares | null {
  const last = view.history.at(-1);
  const props = last ? Object.values(last.proposals).filter((p): p is Shares => p !== null) : [];
  if (props.length === 0) return null;
  const mean = view.airlines.map((_, i) => props.reduce((a, p) => a + (p[i] ?? 0), 0) / props.length);
  const seat = view.players.findIndex((p) => p.id === view.you);
  return preferredSplit(fairSplits(mean), seat, `${seed}|${view.you}|${view.round}`);
}

/** The offline stand-in as one seat's player; `seed` makes its Cost Sharing preference its own. */
export function offlineGtBot(opts: { seed?: number | string } = {}): GtBot {
  const seed = String(opts.seed ?? 0);
  return {
    label: OFFLINE_GT_LABEL,
    offline: true,
    async decide(view: GtView, legal) {
      const action = defaultMove(view, legal);
      if (!action) throw new Error('offline game-theory bot asked to move with no legal move');
      if (action.type === 'propose' && view.scenario === 'cost-sharing') {
        const shares = offlineProposal(view, seed);
        if (shares) return { action: { ...action, shares }, calls: 0, fallback: false };
      }
      return { action, calls: 0, fallback: false };
    },
  };
}

/**
 * The seats composition roots give the games: the labelled stand-in when the model is the offline one, else the
 * model itself (vanilla or PGM prompting).
 */
export const offlineAwareGtSeats: GtSeats = (llm: LanguageModel, opts = {}) =>
  llm.info.offline ? offlineGtBot(opts.seed !== undefined ? { seed: opts.seed } : {}) : llmGtBot(llm, opts);

/** Every seat on the stand-in, whatever the model (tests of the harness). */
export const offlineGtSeats: GtSeats = (_llm, opts = {}) =>
  offlineGtBot(opts.seed !== undefined ? { seed: opts.seed } : {});

// The offline stand-in's Cost Sharing seat (labelled, a pipeline check): from round 2 each proposer picks among the
// fair splits (near the table's average proposal) by its own seeded preference, leaning to splits cheaper for
// itself; in a vote before the last round it may hold out for its own proposal. Prompted as PGM it votes for the
// proposal the others will pick (the legal default) and never holds out.
import { hashString, nextRandom } from '../../rng.ts';
import { roundShares } from '../game-theory/default-move.ts';
import type { GtOfflineSeat } from '../game-theory/offline.ts';
import type { Shares } from '../game-theory/types.ts';
import type { CsView } from './rules.ts';

export const CS_OFFLINE_SETTINGS = {
  // A split is "fair" when no airline's share is more than this many points from the table's average proposal.
  fairBand: 2,
  // How strongly a proposer prefers the fair splits cheapest for itself (0: any fair split alike).
  selfInterest: 0.5,
  // Vanilla: chance of holding out for its own proposal in a vote before the last round.
  holdOut: 0.3,
} as const;

/** Every whole-percent split within `band` points of `mean` on each airline, summing to 100. */
export function fairSplits(mean: number[], band: number = CS_OFFLINE_SETTINGS.fairBand): Shares[] {
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
    const w = r + CS_OFFLINE_SETTINGS.selfInterest * cheap;
    if (w > bestW) {
      bestW = w;
      best = s;
    }
  }
  return best;
}

function proposal(view: CsView, seed: string): Shares | null {
  const last = view.history.at(-1);
  const props = last ? Object.values(last.proposals).filter((p): p is Shares => p !== null) : [];
  if (props.length === 0) return null;
  const mean = view.airlines.map((_, i) => props.reduce((a, p) => a + (p[i] ?? 0), 0) / props.length);
  const seat = view.players.findIndex((p) => p.id === view.you);
  return preferredSplit(fairSplits(mean), seat, `${seed}|${view.you}|${view.round}`);
}

export const csOfflineSeat: GtOfflineSeat = {
  family: 'game-theory',
  move(action, { view, legal, pgm, seed, draw }) {
    if (view.scenario !== 'cost-sharing') return action;
    if (action.type === 'propose') {
      const shares = proposal(view, seed);
      return shares ? { ...action, shares } : action;
    }
    if (action.type === 'vote' && !pgm && view.you && view.round < view.rounds) {
      const mine = legal.find((m) => m.type === 'vote')?.proposals.includes(view.you);
      if (mine && draw('cs-hold') < CS_OFFLINE_SETTINGS.holdOut) return { ...action, target: view.you };
    }
    return action;
  },
};

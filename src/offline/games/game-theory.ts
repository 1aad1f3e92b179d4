// The labelled offline stand-in as a seat of the game-theory scenarios (Cost Sharing, Prisoner's Dilemma, Public
// Good). It plays the games' legal default move (src/games/scenarios/game-theory/default-move.ts: reciprocity, matching the
// others, converging on the table's average), shaded by a seeded temperament of its own so figures move with the
// seed: from round 2 of Cost Sharing each proposer picks among the fair splits by its own preference and may hold out
// for its own proposal; in the Prisoner's Dilemma it is sometimes tempted to defect (more in the last round); in
// Public Good each seat has its own generosity. Prompted as PGM it plays what predicting the others suggests (defect
// in the last round, give a little less than the others, vote for the proposal the others will pick), so vanilla and
// PGM differ. Its figures are a pipeline check, never a measure of a model. Composition roots hand it to the games as
// their `GtSeats`.
import {
  defaultMove,
  type GtBot,
  type GtSeats,
  llmGtBot,
  roundShares,
  type Shares,
} from '../../games/scenarios/game-theory/index.ts';
import type { CsView, GtAction, GtLegalMove, GtView } from '../../games/scenarios/game-theory/index.ts';
import type { BotKind } from '../../games/types.ts';
import { hashString, nextRandom } from '../../games/rng.ts';
import type { LanguageModel } from '../../llm/port.ts';

export const OFFLINE_GT_LABEL = 'offline stand-in (rule-based, not a model)';

export const OFFLINE_GT_SETTINGS = {
  // A split is "fair" when no airline's share is more than this many points from the table's average proposal.
  fairBand: 2,
  // How strongly a proposer prefers the fair splits cheapest for itself (0: any fair split alike).
  selfInterest: 0.5,
  // Vanilla: chance of defecting in a round where reciprocity says cooperate (seeded per seat and round), and in the
  // last round, where nothing is left to lose.
  pdTemptation: 0.15,
  pdLastRoundTemptation: 0.5,
  // Vanilla: each seat's generosity, a seeded factor on the others' average contribution.
  pgGenerosity: [0.6, 1.3],
  // PGM: expecting the others to match the table's average, give this share of it (the lowest gift is MAgIC's
  // rational one, sec. 3.3).
  pgmShare: 0.8,
  // Vanilla: chance of holding out for its own proposal in a vote before the last round.
  csHoldOut: 0.3,
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

/** A seeded draw in [0, 1) for this seat, round and purpose. */
function draw(seed: string, view: GtView, salt: string, perRound = true): number {
  return nextRandom(hashString(`${seed}|${view.you}|${perRound ? view.round : ''}|${salt}`))[0];
}

/** The default move shaded by the seat's seeded temperament (vanilla) or by predicting the others (PGM). */
function shade(action: GtAction, view: GtView, legal: GtLegalMove[], seed: string, pgm: boolean): GtAction {
  const s = OFFLINE_GT_SETTINGS;
  if (action.type === 'choose' && view.scenario === 'prisoners-dilemma' && action.choice === 'cooperate') {
    const last = view.round >= view.rounds;
    const p = pgm ? (last ? 1 : 0) : last ? s.pdLastRoundTemptation : s.pdTemptation;
    return draw(seed, view, 'pd') < p ? { ...action, choice: 'defect' } : action;
  }
  if (action.type === 'contribute' && view.scenario === 'public-good') {
    const max = legal.find((m) => m.type === 'contribute')?.max ?? action.amount;
    const [lo, hi] = s.pgGenerosity;
    const factor = pgm ? s.pgmShare : lo + (hi - lo) * draw(seed, view, 'pg', false);
    const base = view.history.length > 0 ? action.amount : Math.round(view.startPoints / 5);
    return { ...action, amount: Math.max(0, Math.min(max, Math.round(base * factor))) };
  }
  if (action.type === 'vote' && view.scenario === 'cost-sharing' && !pgm && view.you && view.round < view.rounds) {
    const mine = legal.find((m) => m.type === 'vote')?.proposals.includes(view.you);
    if (mine && draw(seed, view, 'cs-hold') < s.csHoldOut) return { ...action, target: view.you };
  }
  return action;
}

/**
 * The offline stand-in as one seat's player; `seed` makes its temperament its own, `kind` says how it is prompted
 * (vanilla: seeded temperament; pgm, pgm-prob: plays what predicting the others suggests).
 */
export function offlineGtBot(opts: { seed?: number | string; kind?: BotKind } = {}): GtBot {
  const seed = String(opts.seed ?? 0);
  const pgm = opts.kind === 'pgm' || opts.kind === 'pgm-prob';
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
      return { action: shade(action, view, legal, seed, pgm), calls: 0, fallback: false };
    },
  };
}

/**
 * The seats composition roots give the games: the labelled stand-in when the model is the offline one, else the
 * model itself (vanilla or PGM prompting).
 */
export const offlineAwareGtSeats: GtSeats = (llm: LanguageModel, opts = {}) =>
  llm.info.offline ? offlineGtBot(standIn(opts)) : llmGtBot(llm, opts);

/** Every seat on the stand-in, whatever the model (tests of the harness). */
export const offlineGtSeats: GtSeats = (_llm, opts = {}) => offlineGtBot(standIn(opts));

/** The seat's seed and prompting, as the stand-in takes them (the bench's --challenger-bots reaches it). */
function standIn(opts: { seed?: number | string; kind?: BotKind }): { seed?: number | string; kind?: BotKind } {
  return { ...(opts.seed !== undefined ? { seed: opts.seed } : {}), ...(opts.kind ? { kind: opts.kind } : {}) };
}

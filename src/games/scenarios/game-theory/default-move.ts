// The seat port of the game-theory scenarios (GtBot) and their legal default move: a fair rule (reads only its own
// view and legal moves) with plain, scenario-generic rules: reciprocity in the Prisoner's Dilemma, matching the
// others in Public Good, converging on the table's average in Cost Sharing. Model bots (llm-bot.ts) play it when an
// answer is unusable, so it is a games rule. The offline stand-in seat (offline.ts, shaded by each scenario's own
// offline.ts) reaches the games only through the `GtSeats` factory a composition root passes in (llm-bot.ts).
import { hashString } from '../../rng.ts';
import type { PlayerId } from '../../types.ts';
import type { CsView } from '../cost-sharing/rules.ts';
import type { PdView } from '../prisoners-dilemma/rules.ts';
import type { PgView } from '../public-good/rules.ts';
import type { GtView } from './engine.ts';
import type { GtAction, GtLegalMove, Shares } from './types.ts';

export interface GtDecision {
  action: GtAction;
  /** Model calls spent (attempts, failed ones included). */
  calls: number;
  /** True when a model's answer was unusable and a legal default was played instead. */
  fallback: boolean;
  /** Why the model's answer was not played (model error or the rule it broke); absent when it was. */
  fallbackReason?: string;
}

/** A seat's player in the game-theory scenarios: decides from its view and legal moves only. */
export interface GtBot {
  readonly label: string;
  readonly offline: boolean;
  decide(view: GtView, legal: GtLegalMove[]): Promise<GtDecision>;
}

/** Rounds a split to whole percents summing to 100 (largest remainders get the spare points). */
export function roundShares(raw: number[]): Shares {
  const total = raw.reduce((a, b) => a + b, 0) || 1;
  const scaled = raw.map((x) => (x / total) * 100);
  const out = scaled.map(Math.floor);
  let spare = 100 - out.reduce((a, b) => a + b, 0);
  const order = scaled.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (spare <= 0) break;
    out[i] = (out[i] as number) + 1;
    spare--;
  }
  return out;
}

function distance(a: Shares, b: number[]): number {
  return a.reduce((d, x, i) => d + Math.abs(x - (b[i] ?? 0)), 0);
}

/** The legal move a fair rule-based player makes; also the default when a model's answer is unusable. */
export function defaultMove(view: GtView, legal: GtLegalMove[]): GtAction | null {
  const me = view.you;
  if (!me) return null;
  for (const m of legal) {
    if (m.type === 'choose') return { type: 'choose', player: me, choice: pdChoice(view as PdView) };
    if (m.type === 'contribute')
      return { type: 'contribute', player: me, amount: Math.min(m.max, pgAmount(view as PgView)) };
    if (m.type === 'propose') return { type: 'propose', player: me, shares: csProposal(view as CsView) };
    if (m.type === 'vote') return { type: 'vote', player: me, target: csVote(view as CsView, m.proposals, me) };
  }
  return null;
}

/** Reciprocity: cooperate first, then defect after any defection in the last round. */
function pdChoice(v: PdView): 'cooperate' | 'defect' {
  const last = v.history.at(-1);
  if (!last) return 'cooperate';
  return Object.values(last.choices).includes('defect') ? 'defect' : 'cooperate';
}

/** A fifth of the stake at first, then the others' average from the last round. */
function pgAmount(v: PgView): number {
  const last = v.history.at(-1);
  if (!last) return Math.round(v.startPoints / 5);
  const others = Object.entries(last.contributions).filter(([p]) => p !== v.you);
  return Math.round(others.reduce((a, [, c]) => a + c, 0) / Math.max(1, others.length));
}

/** Figures per airline read from the brief every player sees ("Airline B: ... 50/month ..."), or null. */
export function usageFromBrief(brief: string, airlines: string[]): number[][] | null {
  const blocks = airlines.map((a) => {
    const m = new RegExp(`Airline ${a}\\s*:([\\s\\S]*?)(?=Airline [A-Z]\\s*:|$)`).exec(brief);
    return m ? [...(m[1] as string).matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((x) => Number(x[0].replace(/,/g, ''))) : [];
  });
  const n = Math.min(...blocks.map((b) => b.length));
  return n > 0 ? blocks.map((b) => b.slice(0, n)) : null;
}

/**
 * Round 1: each airline's average share of the usage figures in the brief, shaded 4 points in its own favour;
 * later rounds: the average of the last round's proposals.
 */
function csProposal(v: CsView): Shares {
  const last = v.history.at(-1);
  const props = last ? Object.values(last.proposals).filter((p): p is Shares => p !== null) : [];
  if (props.length > 0)
    return roundShares(v.airlines.map((_, i) => props.reduce((a, p) => a + (p[i] ?? 0), 0) / props.length));
  const usage = usageFromBrief(v.brief, v.airlines);
  if (!usage) return roundShares(v.airlines.map(() => 1));
  const metrics = (usage[0] as number[]).length;
  const share = v.airlines.map((_, i) => {
    let sum = 0;
    for (let k = 0; k < metrics; k++) {
      const total = usage.reduce((a, u) => a + (u[k] ?? 0), 0);
      sum += total > 0 ? ((usage[i] as number[])[k] ?? 0) / total : 1 / v.airlines.length;
    }
    return (sum / metrics) * 100;
  });
  const me = v.players.findIndex((p) => p.id === v.you);
  const others = v.airlines.length - 1;
  const cut = Math.min(4, share[me] ?? 0);
  return roundShares(share.map((x, i) => (i === me ? x - cut : x + cut / others)));
}

/** The proposal closest to the table's average; ties go to the one cheapest for itself, then a seeded pick. */
function csVote(v: CsView, proposers: PlayerId[], me: PlayerId): PlayerId {
  const seat = v.players.findIndex((p) => p.id === me);
  const props = proposers.map((p) => [p, v.proposals[p] as Shares] as const);
  const mean = v.airlines.map((_, i) => props.reduce((a, [, s]) => a + (s[i] ?? 0), 0) / props.length);
  const key = (p: PlayerId) => hashString(`${me}|${v.round}|${p}`);
  const ranked = [...props].sort(
    (a, b) =>
      distance(a[1], mean) - distance(b[1], mean) || (a[1][seat] ?? 0) - (b[1][seat] ?? 0) || key(a[0]) - key(b[0]),
  );
  return (ranked[0] as readonly [PlayerId, Shares])[0];
}

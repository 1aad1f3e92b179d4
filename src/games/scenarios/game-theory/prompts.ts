// Prompts for model players in the game-theory scenarios: a structured input built ONLY from the player's view,
// the messages (our own wording of MAgIC's rules, Xu et al. 2024, appendix A.2) and answer schemas built from the
// legal moves. Players are named by seat ("Player 2"), never by the names people chose, so no user text enters these
// prompts; the Cost Sharing brief comes from a settings file, not from a person.
import { z } from 'zod';
import type { ChatMessage } from '../../../llm/port.ts';
import type { GtView } from './engine.ts';
import type { GtLegalMove, GtScenario } from './types.ts';

export type GtMoveKind = 'propose' | 'vote' | 'choose' | 'contribute' | 'analyse';

export const GT_TASKS = {
  propose: 'gt_cost_propose',
  vote: 'gt_cost_vote',
  choose: 'gt_pd_choose',
  contribute: 'gt_pg_contribute',
  analyse: 'gt_analyse',
} as const;

/** What a prompt is built from (and what the offline model reads instead of prose). */
export interface GtBotInput {
  scenario: GtScenario;
  move: GtMoveKind;
  me: string;
  players: string[];
  round: number;
  rounds: number;
  /** One line per revealed past round, by seat label. */
  history: string[];
  /** Scenario facts: payoffs, multiplier and points left, or the brief and this round's proposals. */
  facts: string[];
  /** Vote: proposers to pick from (labels). Contribute: the most this player may put in. */
  options: string[];
  max: number | null;
  /** PGM: the player's own written expectations of the others (two hops), from the analysis call. */
  analysis: string[] | null;
}

const label = (v: GtView, id: string) => `Player ${v.players.findIndex((p) => p.id === id) + 1}`;

export function gtInputFromView(
  v: GtView,
  move: GtMoveKind,
  legal: GtLegalMove[],
  analysis: string[] | null,
): GtBotInput {
  const L = (id: string) => label(v, id);
  const history: string[] = [];
  const facts: string[] = [];
  if (v.scenario === 'prisoners-dilemma') {
    const p = v.payoffs;
    facts.push(
      `Points per round: all cooperate -> ${p.cooperate} each; all defect -> ${p.defect} each; one defector -> it gets ${p.one_defect}, the two cooperators 0; two defectors -> ${p.two_defect} each, the cooperator 0.`,
      `Totals so far: ${Object.entries(v.totals)
        .map(([id, t]) => `${L(id)} ${t}`)
        .join(', ')}.`,
    );
    for (const h of v.history)
      history.push(
        `Round ${h.round}: ${Object.entries(h.choices)
          .map(([id, c]) => `${L(id)} ${c === 'defect' ? 'defected' : 'cooperated'} (+${h.points[id]})`)
          .join(', ')}.`,
      );
  } else if (v.scenario === 'public-good') {
    facts.push(
      `Everyone started with ${v.startPoints} points. After the last round the pool is multiplied by ${v.multiplier} and shared equally among the ${v.players.length} players; your score is the points you kept plus your share.`,
      `Points left: ${Object.entries(v.left)
        .map(([id, n]) => `${L(id)} ${n}`)
        .join(', ')}. Pool so far: ${v.pool}.`,
    );
    for (const h of v.history)
      history.push(
        `Round ${h.round}: ${Object.entries(h.contributions)
          .map(([id, c]) => `${L(id)} put in ${c}`)
          .join(', ')}.`,
      );
  } else {
    facts.push(`The fee and each airline's use of the airport:\n${v.brief}`);
    facts.push(`Seats: ${v.players.map((_p, i) => `Player ${i + 1} is airline ${v.airlines[i]}`).join(', ')}.`);
    for (const h of v.history) {
      const props = Object.entries(h.proposals)
        .map(([id, s]) => `${L(id)} proposed ${s ? s.join('/') : 'nothing'}`)
        .join('; ');
      const votes = Object.entries(h.votes)
        .map(([id, t]) => `${L(id)} voted for ${t ? L(t) : 'nobody'}`)
        .join('; ');
      history.push(`Round ${h.round}: ${props}. ${votes}. No agreement.`);
    }
    if (v.phase === 'vote')
      facts.push(
        `This round's proposals (A/B/C percent): ${Object.entries(v.proposals)
          .map(([id, s]) => `${L(id)}: ${s ? s.join('/') : 'none'}`)
          .join('; ')}.`,
      );
  }
  const vote = legal.find((m) => m.type === 'vote');
  const contribute = legal.find((m) => m.type === 'contribute');
  return {
    scenario: v.scenario,
    move,
    me: v.you ? L(v.you) : 'spectator',
    players: v.players.map((_, i) => `Player ${i + 1}`),
    round: v.round,
    rounds: v.rounds,
    history,
    facts,
    options: vote?.type === 'vote' ? vote.proposals.map(L) : [],
    max: contribute?.type === 'contribute' ? contribute.max : null,
    analysis,
  };
}

const RULES: Record<GtScenario, string> = {
  'prisoners-dilemma':
    "You are one of three players in a repeated Prisoner's Dilemma. Each round all three choose at the same time, without seeing the others' choices, to cooperate or to defect. The choices and points are then shown to everyone. The player with the most points after the last round wins; tied players all win.",
  'public-good':
    'You are one of three players in a Public Good game. Each round all three decide at the same time how many of their remaining points to put into a shared pool; the amounts are then shown to everyone. You can never put in more than you have left. The player with the highest final score wins; tied players all win.',
  'cost-sharing':
    'You represent one of three airlines that must split a fixed airport fee. Each round every airline proposes a split in whole percentages (one share per airline, adding up to 100); then each airline votes for one proposal it accepts, its own included. If all three vote for the same split, it is agreed and the game ends; otherwise a new round starts, and after the last round the negotiation fails. Aim for a split that is fair given how much each airline uses the airport and favourable to your airline.',
};

const ASK: Record<GtMoveKind, string> = {
  choose: 'Choose for this round: "cooperate" or "defect".',
  contribute: 'How many points do you put into the pool this round? Answer with a whole number.',
  propose: 'Propose a split of the fee: one whole percentage per airline (A, B, C), adding up to 100.',
  vote: 'Vote for the proposal you accept, by the player who made it.',
  analyse:
    'Before you decide: for each other player, write what you expect them to do this round, what you think they expect you to do, and what you think they expect of the third player. Keep each answer short.',
};

export function gtMessages(input: GtBotInput): ChatMessage[] {
  const lines = [
    `You are ${input.me}. Players: ${input.players.join(', ')}. Round ${input.round} of ${input.rounds}.`,
    ...input.facts,
    input.history.length > 0 ? `Rounds so far:\n${input.history.join('\n')}` : 'No round has been played yet.',
  ];
  if (input.max !== null) lines.push(`You have ${input.max} points left to give.`);
  if (input.options.length > 0) lines.push(`You may vote for: ${input.options.join(', ')}.`);
  if (input.analysis) lines.push(`Your own expectations, written before this move:\n${input.analysis.join('\n')}`);
  lines.push(ASK[input.move]);
  return [
    { role: 'system', content: `${RULES[input.scenario]} Answer with JSON that fits the schema.` },
    { role: 'user', content: lines.join('\n') },
  ];
}

// Wire schemas stay inside the strict structured-output subset (enums, plain integers, fixed keys: no numeric
// bounds: zod's .int() alone emits the safe-integer range as minimum/maximum); whole numbers and bounds are checked
// with zod after parsing (boundedAmount, checkShares).

export const chooseSchema = z.object({ choice: z.enum(['cooperate', 'defect']) });
export const contributeSchema = z.object({ amount: z.number() });
export function boundedAmount(max: number) {
  return z.number().int().min(0).max(max);
}
export function proposeSchema(airlines: string[]) {
  return z.object(Object.fromEntries(airlines.map((a) => [a, z.number()])) as Record<string, z.ZodNumber>);
}
export function voteSchema(options: string[]) {
  return z.object({ proposal: z.enum(options as [string, ...string[]]) });
}
export function analyseSchema(others: string[]) {
  const row = z.object({ willDo: z.string(), expectsOfYou: z.string(), expectsOfThird: z.string() });
  return z.object(Object.fromEntries(others.map((o) => [o, row])) as Record<string, typeof row>);
}

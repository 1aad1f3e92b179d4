// Plain-text lines for the game-theory scenarios, shared by the console and Discord (which adds its own markup to
// the same sentences): round openings, secret moves locked in, reveals, results, and a player's private summary.
import type { GameEvent, PlayerId } from '../../types.ts';
import type { GtView } from './engine.ts';
import type { GtScenario } from './types.ts';

export const GT_TITLES: Record<GtScenario, string> = {
  'cost-sharing': 'Cost Sharing',
  'prisoners-dilemma': "Prisoner's Dilemma",
  'public-good': 'Public Good',
};

/** How a person makes this phase's move, by front end. */
export const GT_HOW: Record<'propose' | 'vote' | 'choose' | 'contribute', { console: string; discord: string }> = {
  propose: {
    console: '/game propose <A> <B> <C> (percent, adding up to 100)',
    discord: 'the **Propose a split** button',
  },
  vote: {
    console: '/game vote <name or seat number> (whose proposal you accept)',
    discord: 'the menu below or `/game vote` with a name or seat number',
  },
  choose: { console: '/game choose cooperate|defect', discord: 'the **Cooperate** / **Defect** buttons' },
  contribute: { console: '/game contribute <points>', discord: 'the **Contribute** button' },
};

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** One line per game-theory event (undefined for events of the other games). */
export function gtEventLine(
  e: GameEvent,
  name: (id: PlayerId) => string,
  front: 'console' | 'discord',
  /** How to call an awaited player in a round line ('' leaves them out, e.g. bots that move at once). */
  call: (id: PlayerId) => string = name,
  /** A player's seat number, shown beside each proposal a vote is asked for (votes take a name or a seat). */
  seat?: (id: PlayerId) => number,
): string | null | undefined {
  switch (e.type) {
    case 'gt_started':
      return `${GT_TITLES[e.scenario]} starts with ${e.players.map(name).join(', ')}: ${e.rounds} rounds. Moves are secret until everyone has moved.`;
    case 'gt_round': {
      const how = e.phase in GT_HOW ? GT_HOW[e.phase as keyof typeof GT_HOW][front] : '';
      const what = e.phase === 'vote' ? 'vote for a proposal' : e.phase === 'propose' ? 'propose a split' : e.phase;
      const who = e.awaiting.map(call).filter((x) => x.length > 0);
      return who.length > 0 ? `Round ${e.round}: ${who.join(', ')}, ${what} with ${how}.` : null;
    }
    case 'gt_moved':
      return `${name(e.player)} has moved.`;
    case 'gt_timed_out':
      return `Time is up for ${e.players.map(name).join(', ') || 'nobody'}${
        e.phase === 'choose' ? ' (counted as cooperating)' : e.phase === 'contribute' ? ' (nothing put in)' : ''
      }.`;
    case 'pd_revealed':
      return `Round ${e.round}: ${Object.entries(e.choices)
        .map(
          ([p, c]) =>
            `${name(p)} ${c === 'defect' ? 'defected' : 'cooperated'} (+${fmt(e.points[p] ?? 0)}, total ${fmt(e.totals[p] ?? 0)})`,
        )
        .join(', ')}.`;
    case 'pg_revealed':
      return `Round ${e.round}: ${Object.entries(e.contributions)
        .map(([p, c]) => `${name(p)} put in ${c} (${e.left[p]} left)`)
        .join(', ')}. Pool: ${e.pool}.`;
    case 'cs_proposals':
      return `Round ${e.round} proposals (A/B/C %): ${Object.entries(e.proposals)
        .map(([p, s]) => `${seat ? `${seat(p)} ` : ''}${name(p)} ${s ? s.join('/') : 'none'}`)
        .join('; ')}.`;
    case 'cs_votes':
      return `Votes: ${Object.entries(e.votes)
        .map(([p, t]) => `${name(p)} → ${t ? name(t) : 'nobody'}`)
        .join(', ')}. ${e.agreed ? `Agreed: ${e.agreed.join('/')}.` : 'No agreement.'}`;
    case 'gt_over': {
      const scores = Object.entries(e.scores)
        .map(([p, s]) => `${name(p)} ${fmt(s)}${e.scenario === 'cost-sharing' ? '%' : ''}`)
        .join(', ');
      if (e.scenario === 'cost-sharing')
        return e.winners.length > 0 ? `Game over: agreement reached (${scores}).` : 'Game over: no agreement in time.';
      return `Game over. Scores: ${scores}. ${e.winners.length === 1 ? 'Winner' : 'Winners'}: ${e.winners.map(name).join(', ')}.`;
    }
    default:
      return undefined;
  }
}

/** A player's private summary (ephemeral "My status"): their seat, this round's own move, what they have. */
export function gtPrivateText(v: GtView): string {
  const me = v.you;
  if (!me) return 'You are not in this game.';
  const seat = v.players.findIndex((p) => p.id === me) + 1;
  const head = `${GT_TITLES[v.scenario]}, round ${v.round} of ${v.rounds}. You are Player ${seat}.`;
  if (v.scenario === 'prisoners-dilemma') {
    const p = v.payoffs;
    return `${head} Payoffs per round: all cooperate ${p.cooperate} each, all defect ${p.defect} each, a lone defector ${p.one_defect} (cooperators 0), two defectors ${p.two_defect} each (the cooperator 0). Your total: ${v.totals[me] ?? 0}. This round you ${v.myChoice ? `chose to ${v.myChoice}` : 'have not chosen yet'}.`;
  }
  if (v.scenario === 'public-good')
    return `${head} You have ${v.left[me] ?? 0} points left; the pool (${v.pool}) is multiplied by ${v.multiplier} at the end and shared equally. This round you ${v.myContribution === null ? 'have not contributed yet' : `put in ${v.myContribution}`}.`;
  const mine = v.proposals[me];
  return `${head} You represent airline ${v.myAirline}.\n${v.brief}\n${mine ? `Your proposal: ${mine.join('/')}.` : ''}${v.myVote ? ` You voted for ${v.players.find((p) => p.id === v.myVote)?.name}'s proposal.` : ''}`;
}

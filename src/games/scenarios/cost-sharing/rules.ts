// Cost Sharing, MAgIC's "airport fee allocation" (Xu et al. 2024, sec. 3 and appendix A.2): three airlines split a
// fixed fee. Each round every airline proposes a split in percent, then every airline votes for one proposal it
// accepts (its own included). Success: all three votes name the same split (MAgIC compares the proposals' contents,
// so two identical proposals count as one). Failure: no agreement after the round limit.
import { gameError, type PlayerId } from '../../types.ts';
import {
  applyRounds,
  createRounds,
  endRound,
  type GtCreateArgs,
  ids,
  type RoundRules,
  roundsLegalMoves,
  roundsOpening,
  roundsView,
  type SecretMove,
} from '../game-theory/rounds.ts';
import type { GtAction, GtBase, GtEvent, GtLegalMove, GtResult, GtViewBase, Shares } from '../game-theory/types.ts';

export const CS_SETTINGS = {
  // A settings file's brief (`topic`) must be a description, not a word: at least this many words.
  minBriefWords: 8,
  // Negotiation rounds before the game fails (MAgIC's `max_turns` for the airport game).
  rounds: 5,
  maxRounds: 10,
} as const;

export interface CsRound {
  round: number;
  /** null: no proposal in time. */
  proposals: Record<PlayerId, Shares | null>;
  /** Proposer voted for; null: no vote in time. */
  votes: Record<PlayerId, PlayerId | null>;
  agreed: Shares | null;
}

export interface CsState extends GtBase {
  scenario: 'cost-sharing';
  /** The fee and each airline's usage, as the setting describes them (MAgIC's `topic`). */
  brief: string;
  /** Airline letter per seat, in seat order: A, B, C. */
  airlines: string[];
  proposals: Record<PlayerId, Shares | null>;
  history: CsRound[];
  /** The agreed split once all voted for it; null while negotiating or after failure. */
  agreed: Shares | null;
}

export function createCostSharing(args: GtCreateArgs & { brief: string }): CsState {
  return createRounds(CS_RULES, args, { brief: args.brief, airlines: [], proposals: {}, history: [], agreed: null });
}

/** First every airline proposes a split, in secret (null: none in time). */
const propose: SecretMove<CsState, Shares | null, 'propose'> = {
  phase: 'propose',
  move: 'propose',
  moves: (s) => s.proposals,
  withMoves: (s, proposals) => ({ ...s, proposals }),
  read: (s, action) => {
    const why = checkShares(action.shares, s.players.length);
    return why ? gameError('game/bad_proposal', why) : { value: [...action.shares] };
  },
  late: null,
  close: (s, _late, events) => closeProposals(s, events),
  legal: (s) => ({ type: 'propose', seats: s.players.length }),
};

/** Then every airline votes for the proposer whose split it accepts (null: no vote in time). */
const vote: SecretMove<CsState, PlayerId | null, 'vote'> = {
  phase: 'vote',
  move: 'vote',
  moves: (s) => s.votes,
  withMoves: (s, votes) => ({ ...s, votes }),
  read: (s, action) =>
    s.proposals[action.target]
      ? { value: action.target }
      : gameError('game/vote_unknown', 'Vote for one of this round\u2019s proposals.'),
  late: null,
  close: (s, _late, events) => closeVotes(s, events),
  legal: (s) => ({ type: 'vote', proposals: ids(s).filter((p) => s.proposals[p]) }),
};

const CS_RULES: RoundRules<CsState> = {
  scenario: 'cost-sharing',
  rounds: CS_SETTINGS.rounds,
  moves: [propose, vote],
  otherMove: 'In this game you propose a split and vote for one.',
  seat: (s) => ({ airlines: s.players.map((_, i) => String.fromCharCode(65 + i)) }),
};

export function csOpening(s: CsState): GtEvent[] {
  return roundsOpening(CS_RULES, s);
}

/** Null when `shares` is a valid split for `seats` airlines, else the reason. */
export function checkShares(shares: unknown, seats: number): string | null {
  if (!Array.isArray(shares) || shares.length !== seats) return `Give ${seats} shares, one per airline.`;
  if (!shares.every((x) => Number.isInteger(x) && x >= 0 && x <= 100))
    return 'Each share is a whole percentage from 0 to 100.';
  const sum = (shares as number[]).reduce((a, b) => a + b, 0);
  return sum === 100 ? null : `The shares must add up to 100 (they add up to ${sum}).`;
}

function sameShares(a: Shares | null | undefined, b: Shares | null | undefined): boolean {
  return !!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The split all voters accepted, or null. */
export function agreedSplit(
  proposals: Record<PlayerId, Shares | null>,
  votes: Record<PlayerId, PlayerId | null>,
): Shares | null {
  const picked = Object.values(votes).map((t) => (t === null ? null : (proposals[t] ?? null)));
  if (picked.length === 0 || picked.some((p) => p === null)) return null;
  const first = picked[0] as Shares;
  return picked.every((p) => sameShares(p, first)) ? [...first] : null;
}

export function applyCostSharing(s: CsState, action: GtAction): GtResult<CsState> {
  return applyRounds(CS_RULES, s, action);
}

/** All proposals are in: reveal them and open the vote (with none at all, the round is lost). */
function closeProposals(s: CsState, events: GtEvent[]): GtResult<CsState> {
  // Seat order, whatever order the secret moves came in.
  const proposals = Object.fromEntries(ids(s).map((p) => [p, s.proposals[p] ?? null]));
  const out: GtEvent[] = [...events, { type: 'cs_proposals', round: s.round, proposals }];
  const next = { ...s, proposals, step: s.step + 1, turnSeq: s.turnSeq + 1 };
  if (Object.values(s.proposals).every((p) => p === null)) {
    const votes = Object.fromEntries(ids(s).map((p) => [p, null]));
    return closeVotes({ ...next, votes }, out);
  }
  out.push({ type: 'gt_round', round: s.round, phase: 'vote', awaiting: ids(s) });
  return { state: { ...next, phase: 'vote' }, events: out };
}

function closeVotes(s: CsState, events: GtEvent[]): GtResult<CsState> {
  const votes = Object.fromEntries(ids(s).map((p) => [p, s.votes[p] ?? null]));
  const agreed = agreedSplit(s.proposals, votes);
  const record: CsRound = { round: s.round, proposals: { ...s.proposals }, votes, agreed };
  const out: GtEvent[] = [...events, { type: 'cs_votes', round: s.round, votes, agreed }];
  const changes = { history: [...s.history, record], proposals: {}, votes: {} };
  if (!agreed && s.round < s.rounds) return endRound(CS_RULES, s, changes, out, null);
  // Agreement is a win for the whole table; failure for nobody (MAgIC scores the challenger on agreement).
  const scores = Object.fromEntries(ids(s).map((p, i) => [p, agreed ? (agreed[i] as number) : 0]));
  return endRound(CS_RULES, s, changes, out, { scores, winners: agreed ? ids(s) : [], state: { agreed } });
}

export function csLegalMoves(s: CsState, player: PlayerId): GtLegalMove[] {
  return roundsLegalMoves(CS_RULES, s, player);
}

export interface CsView extends GtViewBase {
  scenario: 'cost-sharing';
  brief: string;
  airlines: string[];
  /** Your airline's letter. */
  myAirline: string | null;
  /** This round's proposals: your own while proposing, everyone's once revealed (vote phase). */
  proposals: Record<PlayerId, Shares | null>;
  myVote: PlayerId | null;
  history: CsRound[];
  agreed: Shares | null;
}

export function csView(s: CsState, playerId: PlayerId | null): CsView {
  const view = roundsView(CS_RULES, s, playerId);
  const { you } = view;
  const seat = you ? ids(s).indexOf(you) : -1;
  const revealed = s.phase === 'vote';
  const proposals: Record<PlayerId, Shares | null> = revealed
    ? { ...s.proposals }
    : you && s.proposals[you]
      ? { [you]: s.proposals[you] as Shares }
      : {};
  return {
    ...view,
    brief: s.brief,
    airlines: [...s.airlines],
    myAirline: seat >= 0 ? (s.airlines[seat] ?? null) : null,
    proposals,
    myVote: you ? (s.votes[you] ?? null) : null,
    history: s.history.map((h) => ({ ...h })),
    agreed: s.agreed,
  };
}

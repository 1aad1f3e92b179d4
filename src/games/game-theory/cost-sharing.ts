// Cost Sharing, MAgIC's "airport fee allocation" (Xu et al. 2024, sec. 3 and appendix A.2): three airlines split a
// fixed fee. Each round every airline proposes a split in percent, then every airline votes for one proposal it
// accepts (its own included). Success: all three votes name the same split (MAgIC compares the proposals' contents,
// so two identical proposals count as one). Failure: no agreement after the round limit.
import { gameError, type PlayerId, type Seat } from '../types.ts';
import { applyGtLobby, checkMove, checkTimeout, ids, isOver, missing, newGtBase, startWith } from './rounds.ts';
import type { GtAction, GtBase, GtEvent, GtLegalMove, GtResult, GtViewBase, Shares } from './types.ts';

export const CS_SETTINGS = {
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
  winners: PlayerId[] | null;
}

export function createCostSharing(args: {
  seed: number | string;
  /** Seats the table and starts at once (bench); without it the game opens as a lobby. */
  players?: Seat[];
  brief: string;
  rounds?: number;
  settingId?: string;
}): CsState {
  const lobby: CsState = {
    ...newGtBase('cost-sharing', {
      seed: args.seed,
      rounds: args.rounds ?? CS_SETTINGS.rounds,
      settingId: args.settingId ?? 'custom',
    }),
    brief: args.brief,
    airlines: [],
    proposals: {},
    history: [],
    agreed: null,
    winners: null,
  };
  return args.players ? startWith(lobby, args.players, startCs) : lobby;
}

function startCs(s: CsState): GtResult<CsState> {
  const state: CsState = {
    ...s,
    phase: 'propose',
    step: s.step + 1,
    turnSeq: s.turnSeq + 1,
    airlines: s.players.map((_, i) => String.fromCharCode(65 + i)),
  };
  return { state, events: csOpening(state) };
}

export function csOpening(s: CsState): GtEvent[] {
  return [
    { type: 'gt_started', scenario: s.scenario, players: ids(s), rounds: s.rounds },
    { type: 'gt_round', round: 1, phase: 'propose', awaiting: ids(s) },
  ];
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
  const lobby = applyGtLobby(s, action, startCs);
  if (lobby) return lobby;
  switch (action.type) {
    case 'timeout': {
      const stale = checkTimeout(s, action.turnSeq);
      if (stale) return stale;
      if (s.phase === 'propose') {
        const late = missing(s, s.proposals);
        const proposals = { ...s.proposals };
        for (const p of late) proposals[p] = null;
        return closeProposals({ ...s, proposals }, [{ type: 'gt_timed_out', players: late, phase: 'propose' }]);
      }
      const late = missing(s, s.votes);
      const votes = { ...s.votes };
      for (const p of late) votes[p] = null;
      return closeVotes({ ...s, votes }, [{ type: 'gt_timed_out', players: late, phase: 'vote' }]);
    }
    case 'propose': {
      const bad = checkMove(s, action.player, 'propose', s.proposals);
      if (bad) return bad;
      const why = checkShares(action.shares, s.players.length);
      if (why) return gameError('game/bad_proposal', why);
      const next = { ...s, step: s.step + 1, proposals: { ...s.proposals, [action.player]: [...action.shares] } };
      const events: GtEvent[] = [{ type: 'gt_moved', player: action.player }];
      return missing(next, next.proposals).length > 0 ? { state: next, events } : closeProposals(next, events);
    }
    case 'vote': {
      const bad = checkMove(s, action.player, 'vote', s.votes);
      if (bad) return bad;
      if (!s.proposals[action.target])
        return gameError('game/vote_unknown', 'Vote for one of this round\u2019s proposals.');
      const next = { ...s, step: s.step + 1, votes: { ...s.votes, [action.player]: action.target } };
      const events: GtEvent[] = [{ type: 'gt_moved', player: action.player }];
      return missing(next, next.votes).length > 0 ? { state: next, events } : closeVotes(next, events);
    }
    default:
      return gameError('game/wrong_phase', 'In this game you propose a split and vote for one.');
  }
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
  const base = {
    ...s,
    step: s.step + 1,
    turnSeq: s.turnSeq + 1,
    history: [...s.history, record],
    proposals: {},
    votes: {},
  };
  if (agreed || s.round >= s.rounds) {
    // Agreement is a win for the whole table; failure for nobody (MAgIC scores the challenger on agreement).
    const winners = agreed ? ids(s) : [];
    const scores = Object.fromEntries(ids(s).map((p, i) => [p, agreed ? (agreed[i] as number) : 0]));
    out.push({ type: 'gt_over', scenario: s.scenario, winners, scores });
    return { state: { ...base, phase: 'over', agreed, winners }, events: out };
  }
  out.push({ type: 'gt_round', round: s.round + 1, phase: 'propose', awaiting: ids(s) });
  return { state: { ...base, phase: 'propose', round: s.round + 1 }, events: out };
}

export function csLegalMoves(s: CsState, player: PlayerId): GtLegalMove[] {
  if (isOver(s.phase) || !ids(s).includes(player)) return [];
  const moves: GtLegalMove[] = [];
  if (s.phase === 'propose' && !(player in s.proposals)) moves.push({ type: 'propose', seats: s.players.length });
  if (s.phase === 'vote' && !(player in s.votes))
    moves.push({ type: 'vote', proposals: ids(s).filter((p) => s.proposals[p]) });
  if (s.hostId === player) moves.push({ type: 'cancel' });
  return moves;
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
  const you = playerId !== null && ids(s).includes(playerId) ? playerId : null;
  const seat = you ? ids(s).indexOf(you) : -1;
  const revealed = s.phase === 'vote';
  const proposals: Record<PlayerId, Shares | null> = revealed
    ? { ...s.proposals }
    : you && s.proposals[you]
      ? { [you]: s.proposals[you] as Shares }
      : {};
  return {
    scenario: s.scenario,
    phase: s.phase,
    turnSeq: s.turnSeq,
    you,
    players: s.players.map((p) => ({ id: p.id, name: p.name, bot: p.bot !== undefined })),
    round: s.round,
    rounds: s.rounds,
    moved: Object.keys(s.phase === 'vote' ? s.votes : s.proposals),
    winners: s.winners,
    brief: s.brief,
    airlines: [...s.airlines],
    myAirline: seat >= 0 ? (s.airlines[seat] ?? null) : null,
    proposals,
    myVote: you ? (s.votes[you] ?? null) : null,
    history: s.history.map((h) => ({ ...h })),
    agreed: s.agreed,
  };
}

// Metrics computed by hand from small logs (MAgIC sec. 3.3): each expected figure is worked out in the comment.
import { describe, expect, it } from 'vitest';
import {
  applyGt,
  costSharingMetrics,
  createCostSharing,
  createPrisonersDilemma,
  createPublicGood,
  type GtAction,
  type GtLog,
  type GtState,
  gameTheoryMetrics,
  isGtError,
  prisonersDilemmaMetrics,
  publicGoodMetrics,
  rationalityMetrics,
} from '../../../src/games/scenarios/game-theory/index.ts';
import type { Seat } from '../../../src/games/types.ts';

const seats: Seat[] = ['a', 'b', 'c'].map((id) => ({ id, name: id.toUpperCase(), bot: { kind: 'vanilla' } }));

function log(state: GtState, actions: GtAction[], challenger = 'a'): GtLog {
  let s = state;
  for (const a of actions) {
    const r = applyGt(s, a);
    if (isGtError(r)) throw new Error(`${a.type}: ${r.error.code}`);
    s = r.state;
  }
  return {
    scenario: s.scenario,
    settingId: 't',
    challenger,
    labels: {},
    state: s,
    events: [],
    calls: {},
    moves: {},
    fallbacks: {},
  };
}

const pd = (rounds: ('cooperate' | 'defect')[][]): GtLog =>
  log(
    createPrisonersDilemma({
      seed: 1,
      players: seats,
      payoffs: { cooperate: 2, defect: 1, one_defect: 4, two_defect: 2 },
      rounds: rounds.length,
    }),
    rounds.flatMap((r) => r.map((choice, i) => ({ type: 'choose' as const, player: seats[i]?.id as string, choice }))),
  );
const pg = (rounds: number[][], multiplier = 2): GtLog =>
  log(
    createPublicGood({ seed: 1, players: seats, multiplier, rounds: rounds.length }),
    rounds.flatMap((r) =>
      r.map((amount, i) => ({ type: 'contribute' as const, player: seats[i]?.id as string, amount })),
    ),
  );
function cs(proposals: number[][], votes: string[]): GtLog {
  const acts: GtAction[] = [
    ...proposals.map((shares, i) => ({ type: 'propose' as const, player: seats[i]?.id as string, shares })),
    ...votes.map((target, i) => ({ type: 'vote' as const, player: seats[i]?.id as string, target })),
  ];
  return log(createCostSharing({ seed: 1, players: seats, brief: 'fee', rounds: 1 }), acts);
}

describe('game-theory metrics', () => {
  it("Prisoner's Dilemma: defect share and score for the challenger", () => {
    // Game 1: a defects in round 1 only -> round 1: a 4, b 0, c 0; round 2 all cooperate: 2 each. a = 6, wins.
    // Game 2: a cooperates twice, b defects twice -> a 0+0, b 4+4. a loses.
    const m = prisonersDilemmaMetrics([
      pd([
        ['defect', 'cooperate', 'cooperate'],
        ['cooperate', 'cooperate', 'cooperate'],
      ]),
      pd([
        ['cooperate', 'defect', 'cooperate'],
        ['cooperate', 'defect', 'cooperate'],
      ]),
    ]);
    // n_b = 1 over 4 rounds.
    expect(m).toEqual({ games: 2, rounds: 4, defections: 1, defectRate: 0.25, challengerScore: 3, winRate: 0.5 });
  });

  it('Public Good: lowest-contribution share (ties count) and returns', () => {
    // Round 1: a 0, b 10, c 0 -> a lowest (tied with c). Round 2: a 5, b 5, c 20 -> a lowest (tied with b).
    // Round 3: a 30, b 0, c 0 -> not lowest. n_li = 2 of 3.
    // Pool 70 x 2 = 140 -> 46.67 each; a kept 65 -> 111.67.
    const m = publicGoodMetrics([
      pg([
        [0, 10, 0],
        [5, 5, 20],
        [30, 0, 0],
      ]),
    ]);
    expect(m.rounds).toBe(3);
    expect(m.lowest).toBe(2);
    expect(m.lowestRate).toBeCloseTo(2 / 3);
    expect(m.challengerReturns).toBeCloseTo(65 + 140 / 3);
    expect(m.challengerContribution).toBe(35);
    // b kept 85 -> highest.
    expect(m.winRate).toBe(0);
  });

  it('Cost Sharing: cooperation = agreements / games, coordination = on the challenger\u2019s split / agreements', () => {
    const logs = [
      // Agreement on a's split (a proposed [30,40,30]); a pays 30%.
      cs(
        [
          [30, 40, 30],
          [40, 30, 30],
          [50, 25, 25],
        ],
        ['a', 'a', 'a'],
      ),
      // Agreement on b's split; a pays 40%.
      cs(
        [
          [30, 40, 30],
          [40, 30, 30],
          [50, 25, 25],
        ],
        ['b', 'b', 'b'],
      ),
      // No agreement.
      cs(
        [
          [30, 40, 30],
          [40, 30, 30],
          [50, 25, 25],
        ],
        ['a', 'b', 'c'],
      ),
      // Agreement on c's split, which is identical to a's: counts for a (MAgIC compares contents).
      cs(
        [
          [20, 40, 40],
          [40, 30, 30],
          [20, 40, 40],
        ],
        ['c', 'c', 'c'],
      ),
    ];
    const m = costSharingMetrics(logs);
    // n_cs 4, n_wcs 3, n_pcs 2; costs 0.3, 0.4, 0.2.
    expect(m).toMatchObject({ games: 4, agreements: 3, challengerProposalAgreed: 2, cooperation: 0.75 });
    expect(m.coordination).toBeCloseTo(2 / 3);
    expect(m.challengerCost).toBeCloseTo(0.3);
  });

  it("rationality: the paper's sum of the two shares, and the released code's pooled ratio apart", () => {
    const p = prisonersDilemmaMetrics([
      pd([
        ['defect', 'cooperate', 'cooperate'],
        ['defect', 'defect', 'defect'],
      ]),
    ]);
    const g = publicGoodMetrics([
      pg([
        [0, 10, 0],
        [50, 5, 20],
        [30, 0, 0],
      ]),
    ]);
    // Paper (sec. 3.3): 2/2 + 1/3 = 4/3; released code: (2 + 1) / (2 + 3) = 0.6.
    const r = rationalityMetrics(p, g);
    expect(r.rationality).toBeCloseTo(4 / 3);
    expect(r.rationalityReleased).toBeCloseTo(0.6);
    const all = gameTheoryMetrics([]);
    for (const v of [all.cooperation, all.coordination, all.rationality, all.rationalityReleased]) expect(v).toBe(0);
  });
});

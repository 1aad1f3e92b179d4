import { describe, expect, it } from 'vitest';
import {
  applyGt,
  createCostSharing,
  createPrisonersDilemma,
  createPublicGood,
  csView,
  type GtAction,
  type GtState,
  gtAwaited,
  gtLegalMoves,
  gtView,
  isGtError,
  pdPoints,
} from '../../../src/games/scenarios/game-theory/index.ts';
import type { Seat } from '../../../src/games/types.ts';

const seats: Seat[] = [
  { id: 'u:ann', name: 'Ann' },
  { id: 'bot:1', name: 'Bot 1', bot: { kind: 'vanilla' } },
  { id: 'bot:2', name: 'Bot 2', bot: { kind: 'vanilla' } },
];
const PAY = { cooperate: 2, defect: 1, one_defect: 4, two_defect: 2 };

function run<S extends GtState>(s: S, actions: GtAction[]): S {
  let cur: GtState = s;
  for (const a of actions) {
    const r = applyGt(cur, a);
    if (isGtError(r)) throw new Error(`${a.type}: ${r.error.code}`);
    cur = r.state;
  }
  return cur as S;
}

describe("Prisoner's Dilemma", () => {
  it('pays by the number of defectors (MAgIC topic_values)', () => {
    expect(pdPoints(PAY, { a: 'cooperate', b: 'cooperate', c: 'cooperate' })).toEqual({ a: 2, b: 2, c: 2 });
    expect(pdPoints(PAY, { a: 'defect', b: 'cooperate', c: 'cooperate' })).toEqual({ a: 4, b: 0, c: 0 });
    expect(pdPoints(PAY, { a: 'defect', b: 'defect', c: 'cooperate' })).toEqual({ a: 2, b: 2, c: 0 });
    expect(pdPoints(PAY, { a: 'defect', b: 'defect', c: 'defect' })).toEqual({ a: 1, b: 1, c: 1 });
  });

  it('keeps choices secret until all are in, then reveals them together', () => {
    const s0 = createPrisonersDilemma({ seed: 1, players: seats, payoffs: PAY });
    const s1 = run(s0, [{ type: 'choose', player: 'u:ann', choice: 'defect' }]);
    const other = gtView(s1, 'bot:1');
    expect(other.moved).toEqual(['u:ann']);
    expect(JSON.stringify(other)).not.toContain(':"defect"');
    expect(gtView(s1, 'u:ann')).toMatchObject({ myChoice: 'defect' });
    const again = applyGt(s1, { type: 'choose', player: 'u:ann', choice: 'cooperate' });
    expect(isGtError(again) && again.error.code).toBe('game/already_moved');
    const r = applyGt(run(s1, [{ type: 'choose', player: 'bot:1', choice: 'cooperate' }]), {
      type: 'choose',
      player: 'bot:2',
      choice: 'cooperate',
    });
    if (isGtError(r)) throw new Error(r.error.code);
    expect(r.events.find((e) => e.type === 'pd_revealed')).toMatchObject({
      round: 1,
      points: { 'u:ann': 4, 'bot:1': 0, 'bot:2': 0 },
    });
    expect(r.state.round).toBe(2);
  });

  it('ends after five rounds; ties make every tied player a winner', () => {
    let s = createPrisonersDilemma({ seed: 1, players: seats, payoffs: PAY });
    for (let i = 0; i < 5; i++)
      s = run(
        s,
        seats.map((p) => ({ type: 'choose' as const, player: p.id, choice: 'cooperate' as const })),
      );
    expect(s.phase).toBe('over');
    expect(s.totals).toEqual({ 'u:ann': 10, 'bot:1': 10, 'bot:2': 10 });
    expect(s.winners).toEqual(['u:ann', 'bot:1', 'bot:2']);
    expect(gtLegalMoves(s, 'u:ann')).toEqual([]);
  });

  it('a timeout fills missing choices with cooperate and a stale one is refused', () => {
    const s0 = createPrisonersDilemma({ seed: 1, players: seats, payoffs: PAY, rounds: 1 });
    const s1 = run(s0, [{ type: 'choose', player: 'bot:1', choice: 'defect' }]);
    const stale = applyGt(s1, { type: 'timeout', turnSeq: s1.turnSeq - 1 });
    expect(isGtError(stale) && stale.error.code).toBe('game/stale_timeout');
    const s2 = run(s1, [{ type: 'timeout', turnSeq: s1.turnSeq }]);
    expect(s2.history[0]?.choices).toEqual({ 'u:ann': 'cooperate', 'bot:1': 'defect', 'bot:2': 'cooperate' });
    expect(s2.history[0]?.timedOut).toEqual(['u:ann', 'bot:2']);
    expect(s2.winners).toEqual(['bot:1']);
  });
});

describe('Public Good', () => {
  it('never lets a player put in more than it has left', () => {
    let s = createPublicGood({ seed: 1, players: seats, multiplier: 2, rounds: 2 });
    s = run(
      s,
      seats.map((p) => ({ type: 'contribute' as const, player: p.id, amount: 70 })),
    );
    expect(gtLegalMoves(s, 'u:ann')).toContainEqual({ type: 'contribute', min: 0, max: 30 });
    const over = applyGt(s, { type: 'contribute', player: 'u:ann', amount: 31 });
    expect(isGtError(over) && over.error.code).toBe('game/bad_amount');
    const frac = applyGt(s, { type: 'contribute', player: 'u:ann', amount: 2.5 });
    expect(isGtError(frac) && frac.error.code).toBe('game/bad_amount');
  });

  it('multiplies the pool at the end and shares it equally (kept + share)', () => {
    let s = createPublicGood({ seed: 1, players: seats, multiplier: 1.5, rounds: 2 });
    s = run(s, [
      { type: 'contribute', player: 'u:ann', amount: 10 },
      { type: 'contribute', player: 'bot:1', amount: 20 },
      { type: 'contribute', player: 'bot:2', amount: 0 },
      { type: 'contribute', player: 'u:ann', amount: 10 },
      { type: 'contribute', player: 'bot:1', amount: 20 },
      { type: 'contribute', player: 'bot:2', amount: 0 },
    ]);
    // pool 60 x 1.5 = 90, 30 each: Ann 80+30, bot:1 60+30, bot:2 100+30.
    expect(s.scores).toEqual({ 'u:ann': 110, 'bot:1': 90, 'bot:2': 130 });
    expect(s.winners).toEqual(['bot:2']);
  });
});

describe('Cost Sharing', () => {
  const brief = 'Fee $900. A flies most.';
  it('reveals proposals together, then succeeds when all vote for the same split', () => {
    let s = createCostSharing({ seed: 1, players: seats, brief });
    s = run(s, [
      { type: 'propose', player: 'u:ann', shares: [50, 25, 25] },
      { type: 'propose', player: 'bot:1', shares: [40, 30, 30] },
    ]);
    expect(csView(s, 'bot:1').proposals).toEqual({ 'bot:1': [40, 30, 30] });
    s = run(s, [{ type: 'propose', player: 'bot:2', shares: [50, 25, 25] }]);
    expect(s.phase).toBe('vote');
    expect(csView(s, 'bot:1').proposals['u:ann']).toEqual([50, 25, 25]);
    // bot:2 votes for its own proposal, identical to Ann's: MAgIC counts that as the same split.
    s = run(s, [
      { type: 'vote', player: 'u:ann', target: 'u:ann' },
      { type: 'vote', player: 'bot:1', target: 'u:ann' },
      { type: 'vote', player: 'bot:2', target: 'bot:2' },
    ]);
    expect(s.phase).toBe('over');
    expect(s.agreed).toEqual([50, 25, 25]);
    expect(s.winners).toEqual(['u:ann', 'bot:1', 'bot:2']);
  });

  it('refuses a split that does not add up to 100 and fails after the round limit', () => {
    let s = createCostSharing({ seed: 1, players: seats, brief, rounds: 1 });
    const bad = applyGt(s, { type: 'propose', player: 'u:ann', shares: [50, 30, 30] });
    expect(isGtError(bad) && bad.error).toMatchObject({ code: 'game/bad_proposal' });
    s = run(s, [
      { type: 'propose', player: 'u:ann', shares: [34, 33, 33] },
      { type: 'propose', player: 'bot:1', shares: [40, 30, 30] },
      { type: 'propose', player: 'bot:2', shares: [50, 25, 25] },
      { type: 'vote', player: 'u:ann', target: 'u:ann' },
      { type: 'vote', player: 'bot:1', target: 'bot:1' },
    ]);
    expect(gtAwaited(s)).toEqual(['bot:2']);
    s = run(s, [{ type: 'vote', player: 'bot:2', target: 'bot:1' }]);
    expect(s.phase).toBe('over');
    expect(s.agreed).toBeNull();
    expect(s.winners).toEqual([]);
  });
});

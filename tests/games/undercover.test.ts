import { describe, expect, it } from 'vitest';
import { applyAction, awaitedPlayers, legalMoves, viewFor } from '../../src/games/scenarios/social-deduction/engine.ts';
import {
  createUndercover,
  type UndercoverOptions,
  type UndercoverState,
} from '../../src/games/scenarios/undercover/rules.ts';
import { type GameAction, type GameErrorCode, isError } from '../../src/games/types.ts';

function apply(s: UndercoverState, a: GameAction): UndercoverState {
  const r = applyAction(s, a);
  if (isError(r)) throw new Error(`unexpected ${r.error.code}`);
  return r.state as UndercoverState;
}

function expectError(s: UndercoverState, a: GameAction, code: GameErrorCode): void {
  const r = applyAction(s, a);
  expect(isError(r) ? r.error.code : 'ok').toBe(code);
}

function started(ids: string[], ucSeats: number[], options: UndercoverOptions = {}): UndercoverState {
  let s = createUndercover({
    seed: 11,
    setup: { civilianWord: 'coffee', undercoverWord: 'tea', undercoverSeats: ucSeats },
    options,
  });
  for (const id of ids) s = apply(s, { type: 'join', seat: { id, name: id.toUpperCase() } });
  return apply(s, { type: 'start', player: ids[0] as string });
}

function clueRound(s: UndercoverState, prefix: string): UndercoverState {
  let cur = s;
  const n = cur.alive.length;
  for (let i = 0; i < n; i++) {
    const p = awaitedPlayers(cur)[0] as string;
    cur = apply(cur, { type: 'clue', player: p, text: `${prefix} ${p}` });
  }
  return cur;
}

function votes(s: UndercoverState, v: Record<string, string>): UndercoverState {
  let cur = s;
  for (const [player, target] of Object.entries(v)) cur = apply(cur, { type: 'vote', player, target });
  return cur;
}

describe('undercover (MAgIC variant)', () => {
  it('two clue rounds, then a single vote', () => {
    let s = started(['a', 'b', 'c'], [0]);
    expect(s.clueRounds).toBe(2);
    s = clueRound(s, 'one');
    expect(s.phase).toBe('clues');
    expect(viewFor(s, 'b').round).toBe(2);
    s = clueRound(s, 'two');
    expect(s.phase).toBe('vote');
    expect(s.clues.map((c) => c.round)).toEqual([1, 1, 1, 2, 2, 2]);
  });

  it('a player may not say their own word; repeated clues are refused', () => {
    let s = started(['a', 'b', 'c'], [0]);
    // a is the undercover: tea is forbidden for a, coffee is not.
    expectError(s, { type: 'clue', player: 'a', text: 'Tea' }, 'game/clue_is_secret');
    s = apply(s, { type: 'clue', player: 'a', text: 'coffee cup' });
    expectError(s, { type: 'clue', player: 'b', text: 'hot coffee' }, 'game/clue_is_secret');
    expectError(s, { type: 'clue', player: 'b', text: 'Coffee Cup' }, 'game/clue_repeated');
    expectError(s, { type: 'clue', player: 'c', text: 'morning' }, 'game/not_your_turn');
    expectError(s, { type: 'guess', player: 'a', word: 'coffee' }, 'game/wrong_phase');
  });

  const voting = () => clueRound(clueRound(started(['a', 'b', 'c'], [0]), 'one'), 'two');

  it('correct vote: flag 0, civilians win', () => {
    const s = votes(voting(), { a: 'b', b: 'a', c: 'a' });
    expect(s.outcome).toMatchObject({ flag: 0, winner: 'civilians', undercovers: ['a'] });
    expectError(s, { type: 'vote', player: 'a', target: 'c' }, 'game/finished');
  });

  it('wrong vote: flag 1; tie: flag 2; the undercover wins either way', () => {
    expect(votes(voting(), { a: 'b', b: 'c', c: 'b' }).outcome).toMatchObject({ flag: 1, winner: 'undercover' });
    expect(votes(voting(), { a: 'b', b: 'c', c: 'a' }).outcome).toMatchObject({ flag: 2, winner: 'undercover' });
  });

  it('vote errors: self, non-player, twice', () => {
    const s = voting();
    expectError(s, { type: 'vote', player: 'a', target: 'a' }, 'game/vote_self');
    expectError(s, { type: 'vote', player: 'a', target: 'q' }, 'game/vote_unknown');
    expectError(votes(s, { a: 'b' }), { type: 'vote', player: 'a', target: 'c' }, 'game/already_voted');
  });

  it('views show only your own word, never your role, until the end', () => {
    let s = started(['a', 'b', 'c'], [0]);
    const ua = viewFor(s, 'a');
    expect(ua.word).toBe('tea');
    expect(JSON.stringify(ua)).not.toMatch(/coffee/);
    expect(ua.undercovers).toBeNull();
    const vb = viewFor(s, 'b');
    expect(vb.word).toBe('coffee');
    expect(JSON.stringify(vb)).not.toMatch(/\btea\b/);
    s = votes(clueRound(clueRound(s, 'one'), 'two'), { a: 'b', b: 'a', c: 'a' });
    expect(viewFor(s, 'b')).toMatchObject({ undercovers: ['a'], words: { civilian: 'coffee', undercover: 'tea' } });
  });
});

describe('undercover (party variant)', () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];

  it('one clue round per vote; eliminations until the undercover is out', () => {
    let s = started(ids, [4], { variant: 'party' });
    s = clueRound(s, 'r1');
    expect(s.phase).toBe('vote');
    s = votes(s, { a: 'b', b: 'a', c: 'b', d: 'b', e: 'b' });
    expect(s.alive).toEqual(['a', 'c', 'd', 'e']);
    expect(s.phase).toBe('clues');
    expect(viewFor(s, 'c').eliminated).toEqual([{ player: 'b', voteRound: 1, wasUndercover: false }]);
    // The eliminated player can no longer speak or vote.
    expectError(s, { type: 'clue', player: 'b', text: 'hi' }, 'game/eliminated');
    s = clueRound(s, 'r2');
    expectError(s, { type: 'vote', player: 'b', target: 'a' }, 'game/eliminated');
    expectError(s, { type: 'vote', player: 'a', target: 'b' }, 'game/vote_unknown');
    expect(legalMoves(s, 'a')).toContainEqual({ type: 'vote', targets: ['c', 'd', 'e'] });
    s = votes(s, { a: 'e', c: 'e', d: 'e', e: 'a' });
    expect(s.outcome).toMatchObject({ flag: 0, winner: 'civilians' });
  });

  it('the undercover wins once civilians no longer outnumber it; a tie eliminates nobody', () => {
    let s = started(['a', 'b', 'c', 'd'], [3], { variant: 'party' });
    s = votes(clueRound(s, 'r1'), { a: 'b', b: 'a', c: 'd', d: 'c' });
    expect(s.alive).toHaveLength(4);
    s = votes(clueRound(s, 'r2'), { a: 'b', b: 'a', c: 'b', d: 'b' });
    expect(s.alive).toEqual(['a', 'c', 'd']);
    s = votes(clueRound(s, 'r3'), { a: 'c', c: 'a', d: 'a' });
    expect(s.outcome).toMatchObject({ flag: 1, winner: 'undercover', undercovers: ['d'] });
  });

  it('more undercovers are capped so civilians start in the majority', () => {
    const s = started(['a', 'b', 'c', 'd', 'e', 'f'], [], { variant: 'party', undercoverCount: 4 });
    expect(s.undercovers).toHaveLength(2);
  });

  it('a vote timeout abstains the missing voters', () => {
    let s = clueRound(started(ids, [0], { variant: 'party' }), 'r1');
    s = votes(s, { b: 'a' });
    s = apply(s, { type: 'timeout', turnSeq: s.turnSeq });
    expect(s.outcome?.flag).toBe(0);
    expect(s.history[0]?.votes).toEqual({ b: 'a', a: null, c: null, d: null, e: null });
  });
});

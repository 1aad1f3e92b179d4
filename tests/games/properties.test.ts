// Property tests: any sequence of actions, legal or not, keeps the rules' invariants.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createChameleon } from '../../src/games/scenarios/chameleon/rules.ts';
import { applyAction, type GameState, viewFor } from '../../src/games/scenarios/social-deduction/engine.ts';
import { createUndercover } from '../../src/games/scenarios/undercover/rules.ts';
import { type GameAction, isError } from '../../src/games/types.ts';

const ids = ['a', 'b', 'c', 'd', 'x'];
const id = fc.constantFrom(...ids);
const action: fc.Arbitrary<GameAction> = fc.oneof(
  id.map((p) => ({ type: 'join' as const, seat: { id: p, name: p } })),
  id.map((p) => ({ type: 'leave' as const, player: p })),
  id.map((p) => ({ type: 'start' as const, player: p })),
  fc.tuple(id, fc.constantFrom('wine', 'Grape', 'tea', 'coffee', 'round', 'red', '', 'x y')).map(([p, text]) => ({
    type: 'clue' as const,
    player: p,
    text,
  })),
  fc.tuple(id, id).map(([p, t]) => ({ type: 'vote' as const, player: p, target: t })),
  fc
    .tuple(id, fc.constantFrom('grape', 'Cherry', ''))
    .map(([p, word]) => ({ type: 'guess' as const, player: p, word })),
  fc.nat(12).map((n) => ({ type: 'timeout' as const, turnSeq: n })),
  // -1 stands for "the current turn": a timer that fires in time, so games do reach their end.
  { arbitrary: fc.constant({ type: 'timeout' as const, turnSeq: -1 }), weight: 6 },
);

// Half the runs start from a started table, so play phases are reached often.
const seated: GameAction[] = [
  ...['a', 'b', 'c'].map((p) => ({ type: 'join' as const, seat: { id: p, name: p } })),
  { type: 'start', player: 'a' },
];

function check(initial: GameState, actions: GameAction[], start: boolean): number {
  let s = initial;
  let reached = 0;
  if (start) actions = [...seated, ...actions];
  for (const raw of actions) {
    const a = raw.type === 'timeout' && raw.turnSeq === -1 ? { ...raw, turnSeq: s.turnSeq } : raw;
    const before = JSON.stringify(s);
    const r = applyAction(s, a);
    // Errors never change the state (reducers are pure).
    expect(JSON.stringify(s)).toBe(before);
    if (isError(r)) continue;
    s = r.state;
    if (s.phase !== 'over' && s.phase !== 'cancelled' && s.phase !== 'lobby') {
      // Hidden words stay hidden (clues are what players said, and a lucky guess in a clue is allowed).
      if (s.kind === 'chameleon' && s.chameleon)
        expect(JSON.stringify({ ...viewFor(s, s.chameleon), clues: [] }).toLowerCase()).not.toContain('grape');
      if (s.kind === 'undercover')
        for (const u of s.undercovers) expect(JSON.stringify({ ...viewFor(s, u), clues: [] })).not.toContain('coffee');
      // Votes are only from players, never for oneself.
      for (const [v, t] of Object.entries(s.votes)) expect(v).not.toBe(t);
    }
    if (s.phase === 'over') {
      expect(s.outcome).not.toBeNull();
      reached = 1;
    }
  }
  return reached;
}

describe('rule invariants under arbitrary input', () => {
  it('Chameleon', () => {
    let finished = 0;
    fc.assert(
      fc.property(fc.array(action, { minLength: 30, maxLength: 80 }), fc.boolean(), (actions, start) => {
        finished += check(createChameleon({ seed: 1, setup: { topic: 'Fruits', secret: 'Grape' } }), actions, start);
      }),
      { numRuns: 300 },
    );
    expect(finished).toBeGreaterThan(10);
  });

  it('Undercover (both variants)', () => {
    let finished = 0;
    fc.assert(
      fc.property(
        fc.array(action, { minLength: 30, maxLength: 80 }),
        fc.boolean(),
        fc.boolean(),
        (actions, party, start) => {
          finished += check(
            createUndercover({
              seed: 1,
              setup: { civilianWord: 'coffee', undercoverWord: 'tea' },
              options: { variant: party ? 'party' : 'magic' },
            }),
            actions,
            start,
          );
        },
      ),
      { numRuns: 300 },
    );
    expect(finished).toBeGreaterThan(10);
  });
});

import { describe, expect, it } from 'vitest';
import { type ChameleonState, createChameleon } from '../../src/games/scenarios/chameleon/rules.ts';
import { applyAction, awaitedPlayers, legalMoves, viewFor } from '../../src/games/scenarios/social-deduction/engine.ts';
import { type GameAction, type GameErrorCode, isError } from '../../src/games/types.ts';

function apply(s: ChameleonState, a: GameAction): ChameleonState {
  const r = applyAction(s, a);
  if (isError(r)) throw new Error(`unexpected ${r.error.code}`);
  return r.state as ChameleonState;
}

function expectError(s: ChameleonState, a: GameAction, code: GameErrorCode): void {
  const r = applyAction(s, a);
  expect(isError(r) ? r.error.code : 'ok').toBe(code);
}

/** GIVEN a 3-player game (a host + b + c), the chameleon fixed at seat `cham`. */
function started(cham = 2, clueRounds = 1): ChameleonState {
  let s = createChameleon({
    seed: 7,
    setup: { topic: 'Fruits', secret: 'Grape', chameleonSeat: cham },
    options: { clueRounds },
  });
  for (const id of ['a', 'b', 'c']) s = apply(s, { type: 'join', seat: { id, name: id.toUpperCase() } });
  return apply(s, { type: 'start', player: 'a' });
}

function clues(s: ChameleonState, texts: string[]): ChameleonState {
  let cur = s;
  for (const t of texts) {
    const p = awaitedPlayers(cur)[0] as string;
    cur = apply(cur, { type: 'clue', player: p, text: t });
  }
  return cur;
}

function votes(s: ChameleonState, v: Record<string, string>): ChameleonState {
  let cur = s;
  for (const [player, target] of Object.entries(v)) cur = apply(cur, { type: 'vote', player, target });
  return cur;
}

describe('chameleon lobby', () => {
  it('first person to join is host; joining twice, joining a full or started game are errors', () => {
    let s = createChameleon({ seed: 1, setup: { topic: 'T', secret: 'W' }, options: { maxPlayers: 3 } });
    s = apply(s, { type: 'join', seat: { id: 'a', name: 'Ann' } });
    expect(s.hostId).toBe('a');
    expectError(s, { type: 'join', seat: { id: 'a', name: 'Ann' } }, 'game/already_joined');
    s = apply(s, { type: 'join', seat: { id: 'b', name: 'Ann' } });
    expect(s.players[1]?.name).toBe('Ann 2');
    s = apply(s, { type: 'join', seat: { id: 'c', name: 'C', bot: { kind: 'vanilla' } } });
    expectError(s, { type: 'join', seat: { id: 'd', name: 'D' } }, 'game/full');
    expectError(s, { type: 'start', player: 'b' }, 'game/not_host');
    s = apply(s, { type: 'start', player: 'a' });
    expectError(s, { type: 'join', seat: { id: 'd', name: 'D' } }, 'game/already_started');
  });

  it('cannot start below the minimum; cannot clue before start', () => {
    let s = createChameleon({ seed: 1, setup: { topic: 'T', secret: 'W' } });
    s = apply(s, { type: 'join', seat: { id: 'a', name: 'A' } });
    expectError(s, { type: 'start', player: 'a' }, 'game/not_enough_players');
    expectError(s, { type: 'clue', player: 'a', text: 'x' }, 'game/not_started');
  });

  it('host leaving passes the host to the next person; the last person leaving closes the lobby', () => {
    let s = createChameleon({ seed: 1, setup: { topic: 'T', secret: 'W' } });
    s = apply(s, { type: 'join', seat: { id: 'a', name: 'A' } });
    s = apply(s, { type: 'join', seat: { id: 'bot', name: 'Bot', bot: { kind: 'pgm' } } });
    s = apply(s, { type: 'join', seat: { id: 'b', name: 'B' } });
    const r = applyAction(s, { type: 'leave', player: 'a' });
    if (isError(r)) throw new Error('leave failed');
    expect(r.state.hostId).toBe('b');
    expect(r.events).toContainEqual({ type: 'host_changed', player: 'b' });
    s = r.state as ChameleonState;
    expectError(s, { type: 'leave', player: 'a' }, 'game/not_a_player');
    s = apply(s, { type: 'leave', player: 'b' });
    expect(s.phase).toBe('cancelled');
    expectError(s, { type: 'join', seat: { id: 'z', name: 'Z' } }, 'game/finished');
  });

  it('leaving a running game is refused; only host or admin can cancel', () => {
    const s = started();
    expectError(s, { type: 'leave', player: 'b' }, 'game/in_progress');
    expectError(s, { type: 'cancel', player: 'b' }, 'game/not_host');
    expect(apply(s, { type: 'cancel', player: 'b', admin: true }).phase).toBe('cancelled');
    const c = apply(s, { type: 'cancel', player: 'a' });
    expectError(c, { type: 'clue', player: 'a', text: 'x' }, 'game/finished');
  });

  it('the seeded PRNG picks the chameleon reproducibly', () => {
    const run = (seed: number) => {
      let s = createChameleon({ seed, setup: { topic: 'T', secret: 'W' } });
      for (const id of ['a', 'b', 'c', 'd', 'e']) s = apply(s, { type: 'join', seat: { id, name: id } });
      return apply(s, { type: 'start', player: 'a' }).chameleon;
    };
    expect(run(3)).toBe(run(3));
    const picks = new Set(Array.from({ length: 30 }, (_, i) => run(i)));
    expect(picks.size).toBeGreaterThan(2);
  });
});

describe('chameleon clues', () => {
  it('clues go in seat order; out of turn, non-player and wrong-phase clues are errors', () => {
    let s = started();
    expect(legalMoves(s, 'a')).toContainEqual({ type: 'clue', round: 1 });
    expectError(s, { type: 'clue', player: 'b', text: 'wine' }, 'game/not_your_turn');
    expectError(s, { type: 'clue', player: 'zz', text: 'wine' }, 'game/not_a_player');
    s = clues(s, ['wine']);
    expect(s.clues).toEqual([{ player: 'a', round: 1, text: 'wine' }]);
    expectError(s, { type: 'vote', player: 'a', target: 'b' }, 'game/wrong_phase');
  });

  it('a clue may not repeat an earlier clue (case and spaces ignored), be empty, or say the secret', () => {
    let s = started();
    s = clues(s, ['Red Wine']);
    expectError(s, { type: 'clue', player: 'b', text: ' redwine ' }, 'game/clue_repeated');
    expectError(s, { type: 'clue', player: 'b', text: '  !! ' }, 'game/clue_empty');
    expectError(s, { type: 'clue', player: 'b', text: 'GRAPE' }, 'game/clue_is_secret');
    expectError(s, { type: 'clue', player: 'b', text: 'it is like grapes' }, 'game/clue_is_secret');
    expectError(s, { type: 'clue', player: 'b', text: 'x'.repeat(200) }, 'game/clue_too_long');
    // "grapevine" is allowed: it does not say the word outright.
    s = clues(s, ['grapevine']);
    expect(s.clues).toHaveLength(2);
  });

  it('the chameleon saying the secret by luck is accepted (refusing it would leak the word)', () => {
    const s = clues(started(2), ['wine', 'vine']);
    expect(clues(s, ['grape']).phase).toBe('vote');
  });

  it('several clue rounds before the vote when configured', () => {
    let s = started(2, 2);
    s = clues(s, ['wine', 'vine', 'purple']);
    expect(s.phase).toBe('clues');
    expect(viewFor(s, 'a').round).toBe(2);
    s = clues(s, ['raisin', 'bunch', 'juice']);
    expect(s.phase).toBe('vote');
    expect(s.clues.map((c) => c.round)).toEqual([1, 1, 1, 2, 2, 2]);
  });
});

describe('chameleon votes and outcomes (MAgIC flags)', () => {
  const voting = () => clues(started(2), ['wine', 'small and round', 'sweet']);

  it('vote errors: self, non-player, twice, voter not in game', () => {
    const s = voting();
    expectError(s, { type: 'vote', player: 'a', target: 'a' }, 'game/vote_self');
    expectError(s, { type: 'vote', player: 'a', target: 'nobody' }, 'game/vote_unknown');
    expectError(s, { type: 'vote', player: 'x', target: 'a' }, 'game/not_a_player');
    const s2 = votes(s, { a: 'c' });
    expectError(s2, { type: 'vote', player: 'a', target: 'b' }, 'game/already_voted');
    expect(legalMoves(s, 'c')).toContainEqual({ type: 'vote', targets: ['a', 'b'] });
  });

  it('the chameleon votes too: the vote waits for all three', () => {
    const s = votes(voting(), { a: 'c', b: 'c' });
    expect(s.phase).toBe('vote');
    expect(awaitedPlayers(s)).toEqual(['c']);
  });

  it('caught chameleon guessing wrong: flag 0, non-chameleons win', () => {
    let s = votes(voting(), { a: 'c', b: 'c', c: 'a' });
    expect(s.phase).toBe('guess');
    expectError(s, { type: 'guess', player: 'a', word: 'grape' }, 'game/not_your_turn');
    expectError(s, { type: 'guess', player: 'c', word: ' ' }, 'game/guess_empty');
    s = apply(s, { type: 'guess', player: 'c', word: 'Cherry' });
    expect(s.outcome).toMatchObject({ flag: 0, winner: 'players', chameleon: 'c', guess: 'Cherry' });
    expectError(s, { type: 'guess', player: 'c', word: 'grape' }, 'game/finished');
    expectError(s, { type: 'vote', player: 'a', target: 'b' }, 'game/finished');
  });

  it('caught chameleon guessing right (case and spaces ignored): flag 1', () => {
    const s = apply(votes(voting(), { a: 'c', b: 'c', c: 'a' }), { type: 'guess', player: 'c', word: ' gRa pe ' });
    expect(s.outcome).toMatchObject({ flag: 1, winner: 'chameleon' });
  });

  it('wrong accusation: flag 2, chameleon wins', () => {
    const s = votes(voting(), { a: 'b', b: 'a', c: 'a' });
    expect(s.outcome).toMatchObject({ flag: 2, winner: 'chameleon', accused: 'a' });
  });

  it('tied top vote: flag 3, the accusation does not stand', () => {
    const s = votes(voting(), { a: 'c', b: 'a', c: 'b' });
    expect(s.outcome).toMatchObject({ flag: 3, winner: 'chameleon', accused: null });
  });
});

describe('chameleon timeouts', () => {
  it('a timeout passes the clue turn; stale timeouts are refused', () => {
    let s = started();
    const seq = s.turnSeq;
    s = apply(s, { type: 'timeout', turnSeq: seq });
    expect(s.clues[0]).toEqual({ player: 'a', round: 1, text: null });
    expect(awaitedPlayers(s)).toEqual(['b']);
    expectError(s, { type: 'timeout', turnSeq: seq }, 'game/stale_timeout');
  });

  it('a vote timeout counts missing votes as abstentions; a guess timeout is a wrong guess', () => {
    let s = clues(started(2), ['wine', 'round', 'sweet']);
    s = votes(s, { a: 'c' });
    s = apply(s, { type: 'timeout', turnSeq: s.turnSeq });
    expect(s.phase).toBe('guess');
    expect(s.votes).toEqual({ a: 'c', b: null, c: null });
    s = apply(s, { type: 'timeout', turnSeq: s.turnSeq });
    expect(s.outcome?.flag).toBe(0);
  });

  it('no votes at all is a tie (flag 3)', () => {
    let s = clues(started(2), ['wine', 'round', 'sweet']);
    s = apply(s, { type: 'timeout', turnSeq: s.turnSeq });
    expect(s.outcome?.flag).toBe(3);
  });
});

describe('chameleon views', () => {
  it('hide the secret from the chameleon and the chameleon from the others until the end', () => {
    let s = started(2);
    const ch = viewFor(s, 'c');
    expect(ch.role).toBe('chameleon');
    expect(ch.secret).toBeNull();
    expect(ch.chameleon).toBe('c');
    expect(JSON.stringify(ch)).not.toMatch(/grape/i);
    const a = viewFor(s, 'a');
    expect(a).toMatchObject({ role: 'player', secret: 'Grape', chameleon: null, topic: 'Fruits' });
    const spectator = viewFor(s, 'zz');
    expect(spectator.secret).toBeNull();
    expect(spectator.you).toBeNull();
    expect(JSON.stringify(spectator)).not.toMatch(/grape/i);
    s = votes(clues(s, ['wine', 'round', 'sweet']), { a: 'c' });
    // Vote targets stay hidden until all have voted.
    expect(viewFor(s, 'b').votes).toBeNull();
    expect(viewFor(s, 'b').voted).toEqual(['a']);
    expect(viewFor(s, 'a').myVote).toBe('c');
    s = votes(s, { b: 'a', c: 'a' });
    const end = viewFor(s, 'b');
    expect(end.chameleon).toBe('c');
    expect(end.secret).toBe('Grape');
    expect(end.votes).toEqual({ a: 'c', b: 'a', c: 'a' });
  });
});

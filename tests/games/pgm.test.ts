// MAgIC's textual PGM (the `pgm` bot): the belief update from "more / less suspicious / no change" judgements, the
// prior each seat starts from, the target-player clue, and the bot's calls (one judgement call, one move call).
import { describe, expect, it } from 'vitest';
import { createChameleon } from '../../src/games/scenarios/chameleon/rules.ts';
import { playBotTurn } from '../../src/games/scenarios/social-deduction/bots.ts';
import { applyAction, type GameState, legalMoves, viewFor } from '../../src/games/scenarios/social-deduction/engine.ts';
import {
  applyJudgements,
  clueTarget,
  initialMatrix,
  type JudgementRows,
} from '../../src/games/scenarios/social-deduction/pgm.ts';
import { type GameAction, isError } from '../../src/games/types.ts';
import { ScriptedModel } from '../support/games-models.ts';

const players = ['A', 'B', 'C'];

function must(s: GameState, a: GameAction): GameState {
  const r = applyAction(s, a);
  if (isError(r)) throw new Error(r.error.code);
  return r.state;
}

describe('textual PGM update (1 + 0.1 x judgement, then a softmax per row)', () => {
  it('one "more suspicious" on uniform rows, by hand', () => {
    const rows = initialMatrix(players, 'A', null);
    const judged: JudgementRows = { A: { B: 'more suspicious' }, C: { B: 'less suspicious' } };
    const out = applyJudgements(rows, judged, players);
    // Row A: [1/3, 1.1/3, 1/3] -> softmax: e^(0.0333) / (2 + e^(0.0333)) = 0.3408 for B, 0.3296 for A and C.
    expect(out.A?.B).toBeCloseTo(0.3408, 4);
    expect(out.A?.A).toBeCloseTo(0.3296, 4);
    // Row C: [1/3, 0.9/3, 1/3] -> B = e^(-0.0333) / (2 + e^(-0.0333)) = 0.3260.
    expect(out.C?.B).toBeCloseTo(0.326, 4);
    // Row B had no judgement: a softmax of a uniform row stays uniform.
    expect(out.B?.B).toBeCloseTo(1 / 3, 6);
    for (const r of Object.values(out)) expect(Object.values(r).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('priors: a Chameleon word holder rules itself out, the chameleon is sure of itself and of the others', () => {
    const holder = initialMatrix(players, 'A', 'holder');
    expect(holder.A).toEqual({ A: 0, B: 0.5, C: 0.5 });
    expect(holder.B?.B).toBeCloseTo(1 / 3);
    const odd = initialMatrix(players, 'A', 'odd');
    expect(odd.A).toEqual({ A: 1, B: 0, C: 0 });
    expect(odd.B).toEqual({ A: 0.5, B: 0, C: 0.5 });
  });

  it('target: a holder aims at its top suspect; the odd one at whoever suspects it most', () => {
    const rows = {
      A: { A: 0.1, B: 0.6, C: 0.3 },
      B: { A: 0.2, B: 0.1, C: 0.7 },
      C: { A: 0.8, B: 0.1, C: 0.1 },
    };
    expect(clueTarget(rows, 'A', players, false, 'k')).toBe('B');
    expect(clueTarget(rows, 'A', players, true, 'k')).toBe('C');
  });
});

describe('the pgm bot', () => {
  /** Chameleon: Hana, Ada (the chameleon), Bo (pgm); Hana and Ada have given their clues, Bo is next. */
  function boToClue(): GameState {
    let s: GameState = createChameleon({ seed: 3, setup: { topic: 'Fruits', secret: 'Cherry', chameleonSeat: 1 } });
    s = must(s, { type: 'join', seat: { id: 'h', name: 'Hana' } });
    s = must(s, { type: 'join', seat: { id: 'b1', name: 'Ada', bot: { kind: 'vanilla' } } });
    s = must(s, { type: 'join', seat: { id: 'b2', name: 'Bo', bot: { kind: 'pgm' } } });
    s = must(s, { type: 'start', player: 'h' });
    s = must(s, { type: 'clue', player: 'h', text: 'pit' });
    return must(s, { type: 'clue', player: 'b1', text: 'tropical' });
  }
  const row = (more: string, less: string) => ({
    'Player 1': more === 'Player 1' ? 'more suspicious' : less === 'Player 1' ? 'less suspicious' : 'no change',
    'Player 2': more === 'Player 2' ? 'more suspicious' : less === 'Player 2' ? 'less suspicious' : 'no change',
    'Player 3': 'no change',
  });

  it('judges each new clue once, aims its clue at its top suspect, and spends at most two calls a move', async () => {
    const s = boToClue();
    const prompts: string[] = [];
    const tasks: string[] = [];
    const llm = new ScriptedModel((task) => {
      tasks.push(task);
      if (task === 'game_judge')
        return {
          clues: {
            'clue 1': { 'Player 1': row('', ''), 'Player 2': row('', 'Player 1'), 'Player 3': row('', 'Player 1') },
            'clue 2': { 'Player 1': row('Player 2', ''), 'Player 2': row('', ''), 'Player 3': row('Player 2', '') },
          },
        };
      return { role: 'non-chameleon', clue: 'stone fruit' };
    });
    const spy = {
      info: llm.info,
      object: async <T>(req: Parameters<typeof llm.object<T>>[0]) => {
        prompts.push(req.messages.map((m) => m.content).join('\n'));
        return llm.object(req);
      },
    };
    const d = await playBotTurn({
      view: viewFor(s, 'b2'),
      legal: legalMoves(s, 'b2'),
      spec: { kind: 'pgm' },
      memory: { beliefs: null },
      validate: (a) => {
        const r = applyAction(s, a);
        return isError(r) ? r.error : null;
      },
      llm: spy,
    });
    expect(tasks).toEqual(['game_judge', 'game_clue_pgm']);
    expect(d?.calls).toBe(2);
    expect(d?.fallback).toBe(false);
    expect(prompts[0]).toContain('clue 1 (Player 1)');
    expect(prompts[0]).toContain('clue 2 (Player 2)');
    expect(prompts[1]).toContain('You suspect Player 2 most');
    // Bo's own row: Ada up (clue 2), Hana down (clue 1), Bo itself ruled out as a word holder.
    const bo = d?.memory.beliefs?.['Player 3'] ?? {};
    expect((bo['Player 2'] ?? 0) > (bo['Player 1'] ?? 0)).toBe(true);
    // Display names are text people chose: no prompt carries them, only seats.
    for (const p of prompts) expect(p).not.toMatch(/\b(Hana|Ada)\b/);
    expect(d?.memory.judged).toBe(2);

    // Next move: the only new clue is its own, so no judgement call (the matrix is reused as it is).
    let after = must(s, d?.action as GameAction);
    after = must(after, { type: 'vote', player: 'h', target: 'b1' });
    const before = tasks.length;
    const v = await playBotTurn({
      view: viewFor(after, 'b2'),
      legal: legalMoves(after, 'b2'),
      spec: { kind: 'pgm' },
      memory: d?.memory ?? { beliefs: null },
      validate: () => null,
      llm: spy,
    });
    expect(tasks.length).toBe(before);
    expect(v?.calls).toBe(0);
    expect(v?.action).toEqual({ type: 'vote', player: 'b2', target: 'b1' });
  });
});

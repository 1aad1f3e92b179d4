import { describe, expect, it } from 'vitest';
import { quoteUserText } from '../../src/core/user-text.ts';
import { createChameleon } from '../../src/games/scenarios/chameleon/rules.ts';
import { playBotTurn } from '../../src/games/scenarios/social-deduction/bots.ts';
import { applyAction, type GameState, legalMoves, viewFor } from '../../src/games/scenarios/social-deduction/engine.ts';
import { type MatchSeat, playMatch } from '../../src/games/scenarios/social-deduction/match.ts';
import { blendRows, voteFromMatrix } from '../../src/games/scenarios/social-deduction/pgm.ts';
import { buildMessages, inputFromView, voteSchema } from '../../src/games/scenarios/social-deduction/prompts.ts';
import { type GameAction, isError } from '../../src/games/types.ts';
import { LlmError } from '../../src/llm/port.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { RecordingModel, ScriptedModel } from '../support/games-models.ts';

const offline = new OfflineModel(gamesOfflineRules);

function must(s: GameState, a: GameAction): GameState {
  const r = applyAction(s, a);
  if (isError(r)) throw new Error(r.error.code);
  return r.state;
}

/** Chameleon at the vote: three seats, clues given, chameleon = seat 3. */
function votingState(): GameState {
  let s: GameState = createChameleon({ seed: 3, setup: { topic: 'Fruits', secret: 'Cherry', chameleonSeat: 2 } });
  s = must(s, { type: 'join', seat: { id: 'h', name: 'Hana' } });
  s = must(s, { type: 'join', seat: { id: 'b1', name: 'Ada', bot: { kind: 'vanilla' } } });
  s = must(s, { type: 'join', seat: { id: 'b2', name: 'Bo', bot: { kind: 'pgm' } } });
  s = must(s, { type: 'start', player: 'h' });
  s = must(s, { type: 'clue', player: 'h', text: 'pit' });
  s = must(s, { type: 'clue', player: 'b1', text: 'sundae' });
  return must(s, { type: 'clue', player: 'b2', text: 'juicy' });
}

describe('bot answers are parsed with schemas built from legal choices', () => {
  it('the vote schema is an enum of the candidates (no self, no stranger)', () => {
    const s = votingState();
    const input = inputFromView(viewFor(s, 'b1'), 'vote', 'vanilla', { candidates: ['Hana', 'Bo'] });
    const schema = voteSchema(input);
    const ok = { vote: 'Bo', selfRole: 'non-chameleon', suspects: { Hana: 'Bo', Bo: 'Ada' } };
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse({ ...ok, vote: 'Ada' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, vote: 'Nobody' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, vote: 'I think it is Bo' }).success).toBe(false);
  });

  it('prompts show the clues and the task, and the secret only to holders', () => {
    const s = votingState();
    const [, user] = buildMessages(inputFromView(viewFor(s, 'b2'), 'vote', 'pgm', { candidates: ['Hana', 'Ada'] }));
    expect(user?.content).toContain(quoteUserText("Hana's clue", 'pit'));
    expect(user?.content).toContain('You are the chameleon');
    expect(user?.content).not.toMatch(/cherry/i);
    const [, holder] = buildMessages(inputFromView(viewFor(s, 'b1'), 'clue', 'vanilla'));
    expect(holder?.content).toContain('"Cherry"');
  });

  it('a persona plays in character: its summary goes into the system prompt', () => {
    const s = votingState();
    const [sys] = buildMessages(
      inputFromView(viewFor(s, 'b1'), 'clue', 'vanilla', {
        persona: { name: 'Ada', summary: 'a retired sea captain' },
      }),
    );
    expect(sys?.content).toContain('a retired sea captain');
  });
});

describe('bots always produce legal actions', () => {
  const garbage: unknown[] = [
    new LlmError('llm/timeout', 'x', 'timeout'),
    { clue: '' },
    { clue: 'pit' },
    { clue: 'Cherry' },
    'not even an object',
    { vote: 'Ada' },
    { vote: 'Nobody', selfRole: 'chameleon', suspects: {} },
    { word: '' },
    null,
  ];

  it('falls back to a legal default for every kind of garbage, for both bot kinds', async () => {
    for (const kind of ['vanilla', 'pgm'] as const) {
      for (let i = 0; i < garbage.length; i++) {
        const model = new ScriptedModel(() => garbage[i]);
        const seats: MatchSeat[] = [0, 1, 2].map(() => ({ kind, llm: model }));
        for (const game of ['chameleon', 'undercover'] as const) {
          const setup =
            game === 'chameleon'
              ? ({ kind: game, setup: { topic: 'Fruits', secret: 'Cherry' } } as const)
              : ({ kind: game, setup: { civilianWord: 'coffee', undercoverWord: 'tea' } } as const);
          // playMatch throws if any bot move is illegal; it must reach the end.
          const { state } = await playMatch({ seed: i, game: setup, seats });
          expect(state.phase).toBe('over');
          expect(model.calls).toBeGreaterThan(0);
        }
      }
    }
  });

  it('a clue that repeats or says the word is replaced, and the decision is marked as a fallback', async () => {
    // A fresh game where bot b1 must give a clue after "pit".
    let g: GameState = createChameleon({ seed: 3, setup: { topic: 'Fruits', secret: 'Cherry', chameleonSeat: 0 } });
    g = must(g, { type: 'join', seat: { id: 'h', name: 'Hana' } });
    g = must(g, { type: 'join', seat: { id: 'b1', name: 'Ada', bot: { kind: 'vanilla' } } });
    g = must(g, { type: 'join', seat: { id: 'b2', name: 'Bo', bot: { kind: 'vanilla' } } });
    g = must(g, { type: 'start', player: 'h' });
    g = must(g, { type: 'clue', player: 'h', text: 'pit' });
    for (const bad of [{ clue: 'pit' }, { clue: 'a cherry' }]) {
      const d = await playBotTurn({
        view: viewFor(g, 'b1'),
        legal: legalMoves(g, 'b1'),
        spec: { kind: 'vanilla' },
        memory: { beliefs: null },
        validate: (a) => {
          const r = applyAction(g, a);
          return isError(r) ? r.error : null;
        },
        llm: new ScriptedModel(() => bad),
      });
      expect(d?.fallback).toBe(true);
      expect(d && isError(applyAction(g, d.action))).toBe(false);
    }
  });
});

describe('model calls per move', () => {
  it('vanilla spends exactly one call per move; PGM (textual and numeric) at most two', async () => {
    for (const kind of ['vanilla', 'pgm', 'pgm-prob'] as const) {
      for (const game of ['chameleon', 'undercover'] as const) {
        const rec = new RecordingModel(offline);
        const seats: MatchSeat[] = [0, 1, 2, 3].map(() => ({ kind, llm: rec, challenger: true }));
        const setup =
          game === 'chameleon'
            ? ({ kind: game, setup: { topic: 'Fruits', secret: 'Cherry' } } as const)
            : ({ kind: game, setup: { civilianWord: 'coffee', undercoverWord: 'tea' } } as const);
        const { trace } = await playMatch({ seed: 5, game: setup, seats });
        for (const p of Object.keys(trace.moves)) {
          const perMove = (trace.calls[p] ?? 0) / (trace.moves[p] ?? 1);
          if (kind === 'vanilla') expect(perMove).toBe(1);
          else expect(perMove).toBeLessThanOrEqual(2);
        }
        // Each variant asks its own analysis: judgements (pgm), probabilities (pgm-prob), none (vanilla).
        expect(rec.calls.some((c) => c.task === 'game_judge')).toBe(kind === 'pgm');
        expect(rec.calls.some((c) => c.task === 'game_analyse')).toBe(kind === 'pgm-prob');
      }
    }
  });
});

describe('PGM suspicion matrix', () => {
  const players = ['A', 'B', 'C'];

  it('blends a fresh analysis into the running matrix and renormalises rows', () => {
    const fresh = { A: { A: 0, B: 1, C: 0 }, B: { A: 0.5, B: 0, C: 0.5 }, C: { A: 1, B: 0, C: 0 } };
    const m1 = blendRows(null, fresh, players, 'A');
    const m2 = blendRows(m1, { A: { A: 0, B: 0, C: 1 } }, players, 'A');
    for (const row of Object.values(m2)) expect(Object.values(row).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(m2.A?.C ?? 0).toBeGreaterThan(m2.A?.B ?? 0);
    // The row with no fresh data drifts toward uniform instead of vanishing.
    expect(m2.B?.A ?? 0).toBeGreaterThan(0.2);
  });

  it("votes straight from the matrix: own top suspect, or the others' top suspect when odd", () => {
    const rows = { A: { A: 0.1, B: 0.7, C: 0.2 }, B: { A: 0.2, B: 0, C: 0.8 }, C: { A: 0.1, B: 0.9, C: 0 } };
    expect(voteFromMatrix(rows, 'A', players, ['B', 'C'], false, 'k')).toBe('B');
    // A believes it is the odd one: it joins B's and C's suspicion (C gets 0.8 from B, B gets 0.9 from C).
    expect(voteFromMatrix(rows, 'A', players, ['B', 'C'], true, 'k')).toBe('B');
  });
});

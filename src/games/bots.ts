// Bot players through the LanguageModel port. Vanilla: one call per move. PGM-aware (MAgIC, Xu et al. 2024, sec. 4):
// an analysis call that updates a suspicion matrix (own row + each other player's presumed row), then the move is
// conditioned on it; the vote is read straight off the matrix; at most two calls per move. Every answer is parsed
// with a schema built from the legal choices and checked against the rules; anything else falls back to a legal move.
import type { ZodType } from 'zod';
import type { LanguageModel } from '../llm/port.ts';
import type { GameView, LegalMove } from './engine.ts';
import { FALLBACK_CLUES, makeGamesOfflineRules } from './offline.ts';
import { blendRows, predictedSuspects, thinksSelfOdd, voteFromMatrix } from './pgm.ts';
import {
  type AnalyseAnswer,
  analyseSchema,
  type BotInput,
  type BotMove,
  buildMessages,
  clueSchema,
  GAME_TASKS,
  guessSchema,
  inputFromView,
  ROLE_NAMES,
  type SuspicionRows,
  type VoteAnswer,
  voteSchema,
} from './prompts.ts';
import { hashString } from './rng.ts';
import type { BotSpec, GameAction, GameError, PlayerId } from './types.ts';

export interface BotMemory {
  /** PGM suspicion matrix by player name (own row first); null before the first analysis. */
  beliefs: SuspicionRows | null;
}

export function emptyMemory(): BotMemory {
  return { beliefs: null };
}

/** MAgIC's probes, recorded with each vote: own role guess and whom each other player suspects (by id). */
export interface BotProbe {
  selfOdd: boolean;
  vote: PlayerId;
  predicted: Record<PlayerId, PlayerId>;
}

export interface BotDecision {
  action: GameAction;
  memory: BotMemory;
  /** Model calls spent on this move (attempts, including failed ones). */
  calls: number;
  /** True when the model's answer was unusable and a legal default was played instead. */
  fallback: boolean;
  probe: BotProbe | null;
}

export interface BotTurn {
  view: GameView;
  legal: LegalMove[];
  spec: BotSpec;
  memory: BotMemory;
  /** Checks an action against the rules without revealing anything else (null = legal). */
  validate: (action: GameAction) => GameError | null;
  llm: LanguageModel;
  townId?: string;
}

// Legal defaults reuse the offline rules: deterministic and plausible, with no model needed.
const defaults = makeGamesOfflineRules();

/** Plays one move for a bot, or returns null when it has nothing to do. */
export async function playBotTurn(t: BotTurn): Promise<BotDecision | null> {
  const me = t.view.you;
  if (!me) return null;
  const clue = t.legal.find((m) => m.type === 'clue');
  const vote = t.legal.find((m): m is Extract<LegalMove, { type: 'vote' }> => m.type === 'vote');
  const guess = t.legal.find((m) => m.type === 'guess');
  const ctx = new TurnContext(t);
  if (clue) return ctx.clue(me);
  if (vote) return ctx.vote(me, vote.targets);
  if (guess) return ctx.guess(me);
  return null;
}

class TurnContext {
  calls = 0;
  memory: BotMemory;
  private readonly nameToId: Map<string, PlayerId>;
  private readonly idToName: Map<PlayerId, string>;

  constructor(private readonly t: BotTurn) {
    this.memory = { beliefs: t.memory.beliefs };
    this.nameToId = new Map(t.view.players.map((p) => [p.name, p.id]));
    this.idToName = new Map(t.view.players.map((p) => [p.id, p.name]));
  }

  private input(move: BotMove, candidates: string[] = []): BotInput {
    return inputFromView(this.t.view, move, this.t.spec.kind, {
      persona: this.t.spec.persona ?? null,
      beliefs: this.t.spec.kind === 'pgm' ? this.memory.beliefs : null,
      candidates,
    });
  }

  private async ask<T>(task: string, schema: ZodType<T>, input: BotInput): Promise<T | null> {
    this.calls++;
    try {
      return await this.t.llm.object({
        task,
        schema,
        messages: buildMessages(input),
        input,
        temperature: 0,
        ...(this.t.townId ? { townId: this.t.townId } : {}),
      });
    } catch {
      // Budget, timeout, schema failure or garbage: the caller plays a legal default.
      return null;
    }
  }

  /** PGM analysis: one call, blended into the running matrix. */
  private async analyse(): Promise<void> {
    const input = this.input('analyse');
    const ans = await this.ask<AnalyseAnswer>(GAME_TASKS.analyse, analyseSchema(input), input);
    if (ans) this.memory = { beliefs: blendRows(this.memory.beliefs, ans.beliefs, input.players, input.me) };
  }

  private decision(action: GameAction, fallback: boolean, probe: BotProbe | null = null): BotDecision {
    return { action, memory: this.memory, calls: this.calls, fallback, probe };
  }

  async clue(me: PlayerId): Promise<BotDecision> {
    const pgm = this.t.spec.kind === 'pgm';
    const othersSpoke = this.t.view.clues.some((c) => c.player !== me && c.text !== null);
    if (pgm && othersSpoke) await this.analyse();
    const input = this.input('clue');
    const ans = await this.ask(pgm ? GAME_TASKS.cluePgm : GAME_TASKS.clue, clueSchema, input);
    const tries: string[] = [];
    if (ans) tries.push(ans.clue);
    const first = tries.length;
    const def = defaults[GAME_TASKS.clue]?.({ ...input, bot: 'vanilla', persona: null }, []) as { clue: string };
    tries.push(def.clue, ...FALLBACK_CLUES);
    for (let i = 0; i < tries.length; i++) {
      const action: GameAction = { type: 'clue', player: me, text: tries[i] as string };
      if (this.t.validate(action) === null) return this.decision(action, i >= first);
    }
    for (let n = 1; ; n++) {
      const action: GameAction = { type: 'clue', player: me, text: `no comment ${this.t.view.clues.length + n}` };
      if (this.t.validate(action) === null) return this.decision(action, true);
    }
  }

  async vote(me: PlayerId, targets: PlayerId[]): Promise<BotDecision> {
    const names = targets.map((id) => this.idToName.get(id) ?? id);
    const key = `${me}|${this.t.view.clues.map((c) => c.text ?? '').join('|')}`;
    const fallbackTarget = targets[hashString(key) % targets.length] as PlayerId;
    const odd = ROLE_NAMES[this.t.view.kind][0];
    if (this.t.spec.kind === 'pgm') {
      await this.analyse();
      const beliefs = this.memory.beliefs;
      const input = this.input('vote', names);
      if (beliefs) {
        const selfOdd =
          this.t.view.kind === 'chameleon'
            ? this.t.view.role === 'chameleon'
            : thinksSelfOdd(beliefs, input.me, input.players);
        const pick = voteFromMatrix(beliefs, input.me, input.players, names, selfOdd, key);
        const target = pick ? this.nameToId.get(pick) : undefined;
        if (target && targets.includes(target)) {
          const predicted = this.toIds(predictedSuspects(beliefs, input.me, input.players, key));
          return this.decision({ type: 'vote', player: me, target }, false, { selfOdd, vote: target, predicted });
        }
      }
      return this.decision({ type: 'vote', player: me, target: fallbackTarget }, true, null);
    }
    const input = this.input('vote', names);
    const ans = await this.ask<VoteAnswer>(GAME_TASKS.vote, voteSchema(input), input);
    const target = ans ? this.nameToId.get(ans.vote) : undefined;
    if (ans && target && targets.includes(target)) {
      const probe: BotProbe = { selfOdd: ans.selfRole === odd, vote: target, predicted: this.toIds(ans.suspects) };
      return this.decision({ type: 'vote', player: me, target }, false, probe);
    }
    return this.decision({ type: 'vote', player: me, target: fallbackTarget }, true, null);
  }

  async guess(me: PlayerId): Promise<BotDecision> {
    const input = this.input('guess');
    const ans = await this.ask(GAME_TASKS.guess, guessSchema, input);
    if (ans) {
      const action: GameAction = { type: 'guess', player: me, word: ans.word };
      if (this.t.validate(action) === null) return this.decision(action, false);
    }
    const def = defaults[GAME_TASKS.guess]?.(input, []) as { word: string };
    return this.decision({ type: 'guess', player: me, word: def.word || 'pass' }, true);
  }

  private toIds(byName: Record<string, string>): Record<PlayerId, PlayerId> {
    const out: Record<PlayerId, PlayerId> = {};
    for (const [a, b] of Object.entries(byName)) {
      const ia = this.nameToId.get(a);
      const ib = this.nameToId.get(b);
      if (ia && ib) out[ia] = ib;
    }
    return out;
  }
}

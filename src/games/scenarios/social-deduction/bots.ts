// Bot players through the LanguageModel port. Vanilla: one call per move. PGM-aware (MAgIC, Xu et al. 2024, sec. 4):
// an analysis call that updates a suspicion matrix (own row + each other player's presumed row), then the move is
// conditioned on it; the vote is read straight off the matrix; at most two calls per move (HTTP requests: those
// calls plus their retries and repair rounds, reported per seat by the bench). `pgm` is MAgIC's textual
// PGM: the analysis judges every clue since the last one ("more / less suspicious / no change" per observer and
// player, folded in clue by clue with pgm.ts applyJudgements) and the clue is aimed at a target player (clueTarget);
// `pgm-prob` asks for numeric probabilities instead and blends them (the paper's ProPGM). Every answer is parsed
// with a schema built from the legal choices and checked against the rules; anything else falls back to a legal move,
// and every fallback is reported (reason included) through the decision and the turn's `onFallback` hook.
// MAgIC's probes: each clue call also asks "which role am I" first (self-awareness); `probeBeliefs` asks the
// reasoning question after a clue, as a separate evaluation call whose answer never feeds a move.
import type { ZodType } from 'zod';
import type { LanguageModel } from '../../../llm/port.ts';
import { hashString } from '../../rng.ts';
import type { BotSpec, GameAction, GameError, PlayerId } from '../../types.ts';
import { defaultClue, defaultGuess, defaultMoveKnowledge, FALLBACK_CLUES } from './default-moves.ts';
import type { GameView, LegalMove } from './engine.ts';
import {
  applyJudgements,
  blendRows,
  clueTarget,
  initialMatrix,
  restrictRows,
  thinksSelfOdd,
  voteFromMatrix,
} from './pgm.ts';
import {
  type AnalyseAnswer,
  analyseSchema,
  type BotInput,
  type BotMove,
  buildMessages,
  type ClueAnswer,
  clueSchema,
  GAME_TASKS,
  guessSchema,
  inputFromView,
  type JudgeAnswer,
  type JudgeClue,
  judgeSchema,
  type ProbeAnswer,
  probeSchema,
  ROLE_NAMES,
  type SuspicionRows,
  type VoteAnswer,
  voteSchema,
} from './prompts.ts';

export interface BotMemory {
  /** PGM suspicion matrix by player name (own row first); null before the first analysis. */
  beliefs: SuspicionRows | null;
  /** `pgm`: how many entries of the view's clue list are already judged into `beliefs` (absent = none). */
  judged?: number;
}

export function emptyMemory(): BotMemory {
  return { beliefs: null };
}

export function isPgmKind(kind: BotSpec['kind']): boolean {
  return kind === 'pgm' || kind === 'pgm-prob';
}

/** MAgIC's reasoning probe after a clue (by id): whom this player suspects, and whom it says each other suspects. */
export interface BotProbe {
  suspect: PlayerId;
  predicted: Record<PlayerId, PlayerId>;
}

/** A model answer the bot could not use, so it played (or reported) a legal default instead. */
export interface BotFallback {
  player: PlayerId;
  task: string;
  reason: string;
}

export interface BotDecision {
  action: GameAction;
  memory: BotMemory;
  /** Model calls spent on this move (attempts, including failed ones). */
  calls: number;
  /** True when the model's answer was unusable and a legal default was played instead. */
  fallback: boolean;
  /** Why (the model error or the rule the answer broke); null when the model's move was played. */
  fallbackReason: string | null;
  /** Clue moves: the model's own answer to "which role am I", asked before the clue; null if not asked/answered. */
  selfOdd: boolean | null;
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
  /** Told about every fallback (the front ends log it, the bench counts it). */
  onFallback?: (f: BotFallback) => void;
}

/** Asks one seat MAgIC's reasoning probe from its own view; `calls` is what it cost (0 or 1). */
export async function probeBeliefs(
  t: Omit<BotTurn, 'legal' | 'validate'>,
): Promise<{ probe: BotProbe | null; calls: number }> {
  const ctx = new TurnContext({ ...t, legal: [], validate: () => null });
  const probe = await ctx.probe();
  return { probe, calls: ctx.calls };
}

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

/** A copy of a view whose players are named by seat: "Player 1", "Player 2", ... in seat order. */
export function seatLabelled(view: GameView): GameView {
  return { ...view, players: view.players.map((p, i) => ({ ...p, name: `Player ${i + 1}` })) } as GameView;
}

class TurnContext {
  calls = 0;
  memory: BotMemory;
  private readonly nameToId: Map<string, PlayerId>;
  private readonly idToName: Map<PlayerId, string>;

  /**
   * The bot's view with every player named by seat ("Player 1", as MAgIC's prompts do): display names are text
   * people chose, so they never enter a prompt; answers name seats and are mapped back to players here.
   */
  private readonly view: GameView;

  constructor(private readonly t: BotTurn) {
    this.memory = { ...t.memory };
    this.view = seatLabelled(t.view);
    this.nameToId = new Map(this.view.players.map((p) => [p.name, p.id]));
    this.idToName = new Map(this.view.players.map((p) => [p.id, p.name]));
  }

  private input(
    move: BotMove,
    candidates: string[] = [],
    extra: { target?: string | null; toJudge?: JudgeClue[] } = {},
  ): BotInput {
    return inputFromView(this.view, move, this.t.spec.kind, {
      persona: this.t.spec.persona ?? null,
      beliefs: isPgmKind(this.t.spec.kind) ? this.memory.beliefs : null,
      candidates,
      ...extra,
    });
  }

  /** Why the last `ask` returned null. */
  private lastError = '';

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
    } catch (e) {
      // Budget, timeout, schema failure or garbage: the caller plays a legal default, and says so.
      this.lastError = `${task}: ${e instanceof Error ? e.message : String(e)}`;
      return null;
    }
  }

  /**
   * `pgm` analysis: at most one call judging every clue since the last analysis, folded in one clue at a time
   * (MAgIC updates after every clue). No new clue: no call. A failed call leaves those clues unjudged for next time.
   */
  private async judge(): Promise<void> {
    const view = this.view;
    const me = view.you;
    const base = this.input('judge');
    const known = view.kind === 'chameleon' ? (view.role === 'chameleon' ? 'odd' : 'holder') : null;
    let rows = this.memory.beliefs
      ? restrictRows(this.memory.beliefs, base.players)
      : initialMatrix(base.players, base.me, known);
    const from = Math.min(this.memory.judged ?? 0, view.clues.length);
    const toJudge: JudgeClue[] = [];
    view.clues.forEach((c, i) => {
      const name = this.idToName.get(c.player) ?? c.player;
      if (i >= from && c.player !== me && c.text !== null && base.players.includes(name))
        toJudge.push({ label: `clue ${i + 1}`, name, text: c.text });
    });
    if (toJudge.length > 0) {
      const input = this.input('judge', [], { toJudge });
      const ans = await this.ask<JudgeAnswer>(GAME_TASKS.judge, judgeSchema(input), input);
      if (!ans) {
        this.memory = { beliefs: rows, judged: from };
        return;
      }
      for (const c of toJudge) rows = applyJudgements(rows, ans.clues[c.label] ?? {}, base.players);
    }
    this.memory = { beliefs: rows, judged: view.clues.length };
  }

  /** Does this bot believe it is the odd one (Chameleon: it is told; Undercover: its own row says so)? */
  private selfOdd(input: BotInput, beliefs: SuspicionRows): boolean {
    return this.view.kind === 'chameleon'
      ? this.view.role === 'chameleon'
      : thinksSelfOdd(beliefs, input.me, input.players);
  }

  /** `pgm-prob` analysis: one call, blended into the running matrix. */
  private async analyse(): Promise<void> {
    const input = this.input('analyse');
    const ans = await this.ask<AnalyseAnswer>(GAME_TASKS.analyse, analyseSchema(input), input);
    if (ans) this.memory = { beliefs: blendRows(this.memory.beliefs, ans.beliefs, input.players, input.me) };
  }

  private decision(action: GameAction, fallbackReason: string | null, selfOdd: boolean | null = null): BotDecision {
    if (fallbackReason !== null)
      this.t.onFallback?.({ player: this.view.you ?? '?', task: action.type, reason: fallbackReason });
    return {
      action,
      memory: this.memory,
      calls: this.calls,
      fallback: fallbackReason !== null,
      fallbackReason,
      selfOdd,
    };
  }

  async clue(me: PlayerId): Promise<BotDecision> {
    const kind = this.t.spec.kind;
    const pgm = isPgmKind(kind);
    const othersSpoke = this.view.clues.some((c) => c.player !== me && c.text !== null);
    let target: string | null = null;
    if (kind === 'pgm') {
      await this.judge();
      const beliefs = this.memory.beliefs;
      const base = this.input('clue');
      if (beliefs && othersSpoke) {
        const key = `${me}|${this.view.clues.map((c) => c.text ?? '').join('|')}`;
        target = clueTarget(beliefs, base.me, base.players, this.selfOdd(base, beliefs), key) ?? null;
      }
    } else if (pgm && othersSpoke) await this.analyse();
    const input = this.input('clue', [], { target });
    const ans = await this.ask<ClueAnswer>(pgm ? GAME_TASKS.cluePgm : GAME_TASKS.clue, clueSchema(input.game), input);
    const selfOdd = ans ? ans.role === ROLE_NAMES[input.game][0] : null;
    if (ans) {
      const action: GameAction = { type: 'clue', player: me, text: ans.clue.trim() };
      const err = this.t.validate(action);
      if (err === null) return this.decision(action, null, selfOdd);
      this.lastError = `clue refused by the rules (${err.code})`;
    }
    const reason = this.lastError;
    // Legal defaults (default-moves.ts): deterministic and plausible, with no model needed.
    for (const text of [defaultClue(defaultMoveKnowledge(), input), ...FALLBACK_CLUES]) {
      const action: GameAction = { type: 'clue', player: me, text };
      if (this.t.validate(action) === null) return this.decision(action, reason, selfOdd);
    }
    for (let n = 1; ; n++) {
      const action: GameAction = { type: 'clue', player: me, text: `no comment ${this.view.clues.length + n}` };
      if (this.t.validate(action) === null) return this.decision(action, reason, selfOdd);
    }
  }

  async vote(me: PlayerId, targets: PlayerId[]): Promise<BotDecision> {
    const names = targets.map((id) => this.idToName.get(id) ?? id);
    const key = `${me}|${this.view.clues.map((c) => c.text ?? '').join('|')}`;
    const fallbackTarget = targets[hashString(key) % targets.length] as PlayerId;
    if (isPgmKind(this.t.spec.kind)) {
      if (this.t.spec.kind === 'pgm') await this.judge();
      else await this.analyse();
      const beliefs = this.memory.beliefs;
      const input = this.input('vote', names);
      if (beliefs) {
        const selfOdd = this.selfOdd(input, beliefs);
        const pick = voteFromMatrix(beliefs, input.me, input.players, names, selfOdd, key);
        const target = pick ? this.nameToId.get(pick) : undefined;
        if (target && targets.includes(target)) return this.decision({ type: 'vote', player: me, target }, null);
      }
      return this.decision({ type: 'vote', player: me, target: fallbackTarget }, this.lastError || 'no belief matrix');
    }
    const input = this.input('vote', names);
    const ans = await this.ask<VoteAnswer>(GAME_TASKS.vote, voteSchema(input), input);
    const target = ans ? this.nameToId.get(ans.vote) : undefined;
    if (ans && target && targets.includes(target)) return this.decision({ type: 'vote', player: me, target }, null);
    return this.decision({ type: 'vote', player: me, target: fallbackTarget }, this.lastError || 'vote not a target');
  }

  async guess(me: PlayerId): Promise<BotDecision> {
    const input = this.input('guess');
    const ans = await this.ask(GAME_TASKS.guess, guessSchema, input);
    if (ans) {
      const action: GameAction = { type: 'guess', player: me, word: ans.word.trim() };
      const err = this.t.validate(action);
      if (err === null) return this.decision(action, null);
      this.lastError = `guess refused by the rules (${err.code})`;
    }
    const def = defaultGuess(defaultMoveKnowledge(), input);
    return this.decision({ type: 'guess', player: me, word: def.word || 'pass' }, this.lastError);
  }

  /** MAgIC's reasoning probe (an evaluation question, not a move); null when the answer is unusable. */
  async probe(): Promise<BotProbe | null> {
    const input = this.input('probe');
    const ans = await this.ask<ProbeAnswer>(GAME_TASKS.probe, probeSchema(input), input);
    const suspect = ans ? this.nameToId.get(ans.suspect) : undefined;
    if (!ans || !suspect) return null;
    return { suspect, predicted: this.toIds(ans.predicted) };
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

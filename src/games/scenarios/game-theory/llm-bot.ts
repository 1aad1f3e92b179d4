// Model players for the game-theory scenarios through the LanguageModel port. Vanilla: one call per move. PGM
// (MAgIC sec. 4, in these scenarios): one analysis call writing what it expects of each other player and what it
// thinks they expect of it and of the third player, then the move conditioned on it: two calls per move. In HTTP
// requests that is two or more: each call may add its retries and one repair round (the bench reports requests/move).
// Answers are parsed with schemas built from the legal moves and checked against them; anything unusable falls back
// to the default move (default-move.ts), flagged as a fallback.
import type { ZodType } from 'zod';
import type { LanguageModel } from '../../../llm/port.ts';
import type { BotKind } from '../../types.ts';
import { checkShares } from '../cost-sharing/rules.ts';
import { defaultMove, type GtBot, type GtDecision, roundShares } from './default-move.ts';
import type { GtView } from './engine.ts';
import {
  analyseSchema,
  boundedAmount,
  chooseSchema,
  contributeSchema,
  GT_TASKS,
  type GtBotInput,
  type GtMoveKind,
  gtInputFromView,
  gtMessages,
  proposeSchema,
  voteSchema,
} from './prompts.ts';
import type { GtAction, GtLegalMove } from './types.ts';

export interface LlmGtBotOptions {
  kind?: BotKind;
  townId?: string;
  /** The game's seed: a seat factory may use it (the offline stand-in's own preference); models ignore it. */
  seed?: number | string;
}

/**
 * The port through which the games get their bot seats: a composition root passes one (the model's seats, or the
 * labelled offline stand-in's from src/offline when the model is the offline one); games never pick the stand-in.
 */
export type GtSeats = (llm: LanguageModel, opts?: LlmGtBotOptions) => GtBot;

/** A model player; its label names the model and the prompting variant. */
export function llmGtBot(llm: LanguageModel, opts: LlmGtBotOptions = {}): GtBot {
  const kind = opts.kind ?? 'vanilla';
  return {
    label: `${llm.info.model} (${kind})`,
    offline: false,
    decide: (view, legal) => new Turn(llm, kind, opts.townId, view, legal).play(),
  };
}

/** Model seats only (a real provider on every seat). */
export const modelGtSeats: GtSeats = (llm, opts = {}) => llmGtBot(llm, opts);

class Turn {
  calls = 0;
  private lastError = '';
  constructor(
    private readonly llm: LanguageModel,
    private readonly kind: BotKind,
    private readonly townId: string | undefined,
    private readonly view: GtView,
    private readonly legal: GtLegalMove[],
  ) {}

  private async ask<T>(task: string, schema: ZodType<T>, input: GtBotInput): Promise<T | null> {
    this.calls++;
    try {
      return await this.llm.object({
        task,
        schema,
        messages: gtMessages(input),
        input,
        temperature: 0,
        ...(this.townId ? { townId: this.townId } : {}),
      });
    } catch (e) {
      // Budget, timeout, schema failure or garbage: a legal default is played, and the reason kept.
      this.lastError = `${task}: ${e instanceof Error ? e.message : String(e)}`;
      return null;
    }
  }

  private fallback(): GtDecision {
    const action = defaultMove(this.view, this.legal);
    if (!action) throw new Error('game-theory bot asked to move with no legal move');
    return { action, calls: this.calls, fallback: true, fallbackReason: this.lastError || 'answer not a legal move' };
  }

  async play(): Promise<GtDecision> {
    const me = this.view.you;
    const move = this.legal.find((m): m is Exclude<GtLegalMove, { type: 'cancel' }> => m.type !== 'cancel');
    if (!me || !move) return this.fallback();
    const kind: GtMoveKind = move.type;
    let analysis: string[] | null = null;
    if (this.kind !== 'vanilla') {
      const input = gtInputFromView(this.view, 'analyse', this.legal, null);
      const others = input.players.filter((p) => p !== input.me);
      const ans = await this.ask(GT_TASKS.analyse, analyseSchema(others), input);
      if (ans)
        analysis = Object.entries(ans).map(
          ([p, r]) =>
            `${p}: will ${r.willDo}; expects of me: ${r.expectsOfYou}; expects of the third: ${r.expectsOfThird}`,
        );
    }
    const input = gtInputFromView(this.view, kind, this.legal, analysis);
    const action = await this.decide(me, move, input);
    return action ? { action, calls: this.calls, fallback: false } : this.fallback();
  }

  private async decide(me: string, move: GtLegalMove, input: GtBotInput): Promise<GtAction | null> {
    switch (move.type) {
      case 'choose': {
        const a = await this.ask(GT_TASKS.choose, chooseSchema, input);
        return a ? { type: 'choose', player: me, choice: a.choice } : null;
      }
      case 'contribute': {
        const a = await this.ask(GT_TASKS.contribute, contributeSchema, input);
        const ok = a ? boundedAmount(move.max).safeParse(a.amount) : null;
        return ok?.success ? { type: 'contribute', player: me, amount: ok.data } : null;
      }
      case 'propose': {
        if (this.view.scenario !== 'cost-sharing') return null;
        const airlines = this.view.airlines;
        const a = await this.ask(GT_TASKS.propose, proposeSchema(airlines), input);
        const shares = a ? sharesFromAnswer(airlines.map((x) => a[x] as number)) : null;
        return shares && checkShares(shares, airlines.length) === null ? { type: 'propose', player: me, shares } : null;
      }
      case 'vote': {
        const a = await this.ask(GT_TASKS.vote, voteSchema(input.options), input);
        const i = a ? input.options.indexOf(a.proposal) : -1;
        const target = i >= 0 ? move.proposals[i] : undefined;
        return target ? { type: 'vote', player: me, target } : null;
      }
      default:
        return null;
    }
  }
}

/**
 * A model's split as whole percentages adding up to 100. Models often answer 33.3/33.3/33.3 or a split that adds up
 * to 99 or 101 (or give weights rather than percentages); the proportions are what they mean, so non-negative
 * numbers (not all zero) are rescaled to 100 by largest remainders. Negative or non-finite numbers: null (fallback).
 */
export function sharesFromAnswer(raw: number[]): number[] | null {
  if (raw.length === 0 || !raw.every((x) => Number.isFinite(x) && x >= 0)) return null;
  if (raw.every((x) => x === 0)) return null;
  const exact = raw.every(Number.isInteger) && raw.reduce((a, b) => a + b, 0) === 100;
  return exact ? raw : roundShares(raw);
}

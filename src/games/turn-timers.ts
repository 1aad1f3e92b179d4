// Turn timers for every game, in the core behind a scheduler port: when the people a game waits for do not move in
// time, the service's timeout plays the rule's default (a clue passes, a vote abstains, a Prisoner's Dilemma choice
// counts as cooperating, a contribution is 0). Discord and the console both run them; tests pass a fake scheduler.
import type { GameContext, GameService, GameSnapshot, ServiceResult } from './service.ts';
import type { Phase } from './types.ts';

/** Runs `fn` after `ms`; the handle cancels it. */
export interface Scheduler {
  after(ms: number, fn: () => void): { cancel(): void };
}

/** setTimeout, not keeping the process alive on its own. */
export const systemScheduler: Scheduler = {
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return { cancel: () => clearTimeout(t) };
  },
};

export type TurnSeconds = Partial<Record<Phase, number>>;

export const TURN_SECONDS: Required<
  Pick<TurnSeconds, 'clues' | 'vote' | 'guess' | 'propose' | 'choose' | 'contribute'>
> = {
  // Issue 6: "within a time limit, then the turn passes".
  clues: 120,
  vote: 120,
  guess: 90,
  // A split of the fee takes some thought; a single choice or amount less.
  propose: 180,
  choose: 60,
  contribute: 60,
};

type Ok = Extract<ServiceResult, { ok: true }>;

export interface TurnTimerDeps {
  service: GameService;
  /** Shows a result to the game's players (channel messages, console lines). */
  publish: (ctx: GameContext, result: Ok) => Promise<void>;
  onError: (e: unknown) => void;
  scheduler?: Scheduler;
  seconds?: TurnSeconds;
}

/** One timer per game, re-armed whenever the awaited turn (turnSeq) changes. */
export class TurnTimers {
  private readonly timers = new Map<string, { seq: number; cancel: () => void }>();
  private readonly seconds: TurnSeconds;
  private readonly scheduler: Scheduler;

  constructor(private readonly deps: TurnTimerDeps) {
    this.seconds = { ...TURN_SECONDS, ...deps.seconds };
    this.scheduler = deps.scheduler ?? systemScheduler;
  }

  /** (Re)arms the timer for the game's current turn; clears it when no person is awaited. */
  arm(ctx: GameContext, game: GameSnapshot): void {
    const cur = this.timers.get(game.id);
    if (cur && cur.seq === game.turnSeq) return;
    cur?.cancel();
    this.timers.delete(game.id);
    const people = game.players.filter((p) => !p.bot).map((p) => p.id);
    if (!game.awaiting.some((id) => people.includes(id))) return;
    const seconds = this.seconds[game.phase];
    if (!seconds) return;
    const h = this.scheduler.after(seconds * 1000, () => {
      this.timers.delete(game.id);
      void this.expire({ scope: ctx.scope, channelId: ctx.channelId }, game).catch(this.deps.onError);
    });
    this.timers.set(game.id, { seq: game.turnSeq, cancel: () => h.cancel() });
  }

  /** Seconds a person has in `phase` (front ends tell players). */
  secondsFor(phase: Phase): number | null {
    return this.seconds[phase] ?? null;
  }

  private async expire(ctx: GameContext, game: GameSnapshot): Promise<void> {
    const r = await this.deps.service.timeout(ctx, game.turnSeq);
    if (!r.ok) return; // the turn moved on meanwhile (stale), or the game ended
    await this.publish(ctx, r);
  }

  /** Shows a result and arms the next timer. */
  async publish(ctx: GameContext, r: Ok): Promise<void> {
    await this.deps.publish(ctx, r);
    this.arm(ctx, r.game);
  }

  stop(): void {
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
  }
}

// One command at a time per channel: the GameService is the single writer of a channel's game in this process
// (the store's version guards across processes).
import type { GameContext } from './service-types.ts';

export class ChannelLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `fn` after every earlier command of the same channel has settled (a failed one does not block it). */
  run<T>(ctx: GameContext, fn: () => Promise<T>): Promise<T> {
    const key = `${ctx.scope}\u0000${ctx.channelId}`;
    const prev = this.tails.get(key) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return run;
  }
}

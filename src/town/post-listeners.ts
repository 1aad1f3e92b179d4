// Who hears of a town's committed posts (front ends that deliver them, the console that prints them): called after
// each commit is durable; one listener's failure is logged and does not stop the others.
import type { TickLog } from './tick.ts';
import type { Post } from './types.ts';

export class PostListeners {
  private readonly listeners = new Set<(posts: Post[]) => void>();

  constructor(private readonly log?: TickLog) {}

  /** Returns an unsubscribe function. */
  add(listener: (posts: Post[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(committed: Post[]): void {
    if (committed.length === 0) return;
    for (const l of this.listeners) {
      try {
        l(committed);
      } catch (e) {
        this.log?.('error', 'post listener failed', { error: (e as Error).message });
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}

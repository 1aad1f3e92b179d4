// A town's outbox, as front ends see it: the posts a tick committed, read in order, then marked delivered (or
// failed) by whoever delivered them (the bot, the console, the web view). The store keeps the rows; this is one
// town's view of them, with the delivery time taken from the town's wall clock.
import type { TownStore } from './store.ts';
import type { Post } from './types.ts';

export class TownOutbox {
  constructor(
    private readonly store: Pick<
      TownStore,
      'pendingPosts' | 'postsAfter' | 'markDelivered' | 'conversationPosts' | 'markFailed'
    >,
    private readonly townId: string,
    private readonly wallNow: () => number,
  ) {}

  /** Undelivered posts in order (front ends deliver them, then mark them). */
  pendingPosts(limit = 100): Promise<Post[]> {
    return this.store.pendingPosts(this.townId, limit);
  }

  /** Posts after a seq, delivered or not, in order (a watcher catching up). */
  postsAfter(afterSeq: number, limit = 1000): Promise<Post[]> {
    return this.store.postsAfter(this.townId, afterSeq, limit);
  }

  markDelivered(seqs: number[], ref: string | null = null): Promise<void> {
    return this.store.markDelivered(this.townId, seqs, ref, this.wallNow());
  }

  /** A conversation's posts (delivered or not), in seq order: where delivery put its lines (a thread or not). */
  conversationPosts(conversationId: string, limit = 200): Promise<Post[]> {
    return this.store.conversationPosts(this.townId, conversationId, limit);
  }

  markFailed(seq: number, error: string): Promise<void> {
    return this.store.markFailed(this.townId, seq, error);
  }
}

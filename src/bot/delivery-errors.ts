// How a post's delivery ends short of "delivered" (thrown by OutboxDeliverer.deliverPost, caught by its round):
// the town is another process's, a channel waits for a permission or out a 429, or the round stops for a while.
import type { HeldChannel } from './delivery-target.ts';

/** The town's lease is held elsewhere (or was lost mid-round): stop sending. */
export class NotOurs extends Error {
  constructor() {
    super('the town is delivered by another process');
  }
}

/** The channel lacks a permission an admin can grant: hold it (and its order) until then. */
export class Held extends Error {
  constructor(readonly hold: HeldChannel) {
    super(hold.message);
  }
}

/** A long 429: the channel is parked for `waitMs`, the others go on. */
export class CoolDown extends Error {
  constructor(readonly waitMs: number) {
    super('rate limited');
  }
}

/** The location's queue stops for this round (retry in `retryInMs`; `permanent`: Discord refused the post). */
export class RoundAborted extends Error {
  constructor(
    readonly retryInMs: number,
    readonly permanent: string | null,
  ) {
    super(permanent ?? 'round aborted');
  }
}

// Small concurrency tools: a bounded parallel map and a FIFO async mutex (one writer per town).
//
// Both yield to the event loop (a macrotask turn) between pieces of work: a model that answers at once (the offline
// model, a cache) resolves its promises as microtasks, and a tick made only of those would otherwise hold the event
// loop from its first call to its commit, so timers, sockets and interactions would wait for whole ticks.

/** Lets timers and I/O run before continuing. */
export const yieldToEventLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

/** Runs fn over items with at most `limit` in flight; results keep the input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await yieldToEventLoop();
      out[i] = await fn(items[i] as T, i);
    }
  };
  const n = Math.max(1, Math.min(limit, items.length));
  await Promise.all(Array.from({ length: n }, worker));
  return out;
}

/** FIFO mutex: ticks and people's operations on one town run one at a time, in arrival order. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private held = 0;

  get busy(): boolean {
    return this.held > 0;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const prev = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((r) => {
      release = r;
    });
    this.held++;
    try {
      await prev;
      await yieldToEventLoop();
      return await fn();
    } finally {
      this.held--;
      release();
    }
  }
}

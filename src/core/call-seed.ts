// The sampling seed of the work in progress: the town draws one per tick from its seeded random state and scopes
// each resident's work under its own, so every model call can carry a seed (ObjectRequest.seed) without threading
// it through the agent. The gateway reads it; a seed replays a run, another seed varies it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { hashString } from './rng.ts';

interface SeedScope {
  seed: number;
  /** Calls made so far in this scope, per task: the n-th call of a task gets its own seed. */
  counts: Map<string, number>;
}

const scope = new AsyncLocalStorage<SeedScope>();

/** Runs `fn` with a sampling seed: `key` makes it the scope's own (e.g. a resident id under the tick's seed). */
export function withSeed<T>(seed: number, key: string, fn: () => Promise<T>): Promise<T> {
  return scope.run({ seed: hashString(`${seed}|${key}`), counts: new Map() }, fn);
}

/** The seed for the next call of `task` in the current scope, or undefined outside any scope. */
export function nextCallSeed(task: string): number | undefined {
  const s = scope.getStore();
  if (!s) return undefined;
  const n = (s.counts.get(task) ?? 0) + 1;
  s.counts.set(task, n);
  // Non-negative and below 2^31: OpenAI's seed is an integer; some servers take it as a signed 32-bit value.
  return hashString(`${s.seed}|${task}|${n}`) & 0x7fffffff;
}

/** The current scope's seed (for choices the core makes itself, e.g. tie-breaks), or undefined. */
export function currentSeed(): number | undefined {
  return scope.getStore()?.seed;
}

// With shared writers (PostgreSQL + queue workers) a town's lease is held only for one change: a person's action
// in a bot process, or a tick on a worker. Whoever finds it taken waits for it (briefly polling) instead of failing
// at once, so an action sent during a tick runs right after the tick, on the state the tick committed.
import type { TownStore } from '../town/store.ts';

export const patientLeaseSettings = {
  /** Longest wait for a change elsewhere to finish (a tick with a slow model takes tens of seconds). */
  waitMs: 60_000,
  pollMs: 250,
} as const;

export function patientLeases(
  store: TownStore,
  opts: { waitMs?: number; pollMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): TownStore {
  const waitMs = opts.waitMs ?? patientLeaseSettings.waitMs;
  const pollMs = opts.pollMs ?? patientLeaseSettings.pollMs;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'acquireLease')
        return async (townId: string, owner: string, ttlMs: number, wallNow: number) => {
          const started = Date.now();
          let now = wallNow;
          for (;;) {
            if (await target.acquireLease(townId, owner, ttlMs, now)) return true;
            if (Date.now() - started >= waitMs) return false;
            await sleep(pollMs);
            now = wallNow + (Date.now() - started);
          }
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

// Shared bits for the gateway tests: a manual clock that records every wait instead of sleeping.
import type { GatewayClock } from '../../src/llm/retry.ts';

export interface ManualClock extends GatewayClock {
  sleeps: number[];
  advance(ms: number): void;
}

export function manualClock(start = Date.parse('2026-03-01T10:00:00Z')): ManualClock {
  let t = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

// How long an evaluation runs (issue 38 item 5): by default until the last tracked event has ended, so attendance
// is measured rather than "after the run"; at least the usual day, at most the CLI's limit. `--hours` still wins,
// with a warning naming the events it cuts off.
import { HOUR_MS, parseSimStart } from '../core/time.ts';
import { buildTownState } from '../town/build.ts';
import type { TownFile } from '../town/file.ts';

/** The default run when nothing is tracked later: one simulated day. */
export const DEFAULT_RUN_HOURS = 24;
/** The longest run the CLI accepts (two weeks). */
export const MAX_RUN_HOURS = 24 * 14;

export interface RunLength {
  hours: number;
  /** Tracked events with the hour (from the start) at which each ends, latest last. */
  events: { id: string; endsAfterHours: number }[];
}

/** Hours from the town's start until its last tracked event ends (rounded up), within the limits. */
export function runLength(file: TownFile): RunLength {
  const start = parseSimStart(file.start) ?? 0;
  const state = buildTownState(file, { initialMind: () => ({}) });
  const events = state.facts
    .flatMap((f) => (f.event ? [{ id: f.id, endsAfterHours: Math.ceil((f.event.end - start) / HOUR_MS) }] : []))
    .sort((a, b) => a.endsAfterHours - b.endsAfterHours);
  const last = events.at(-1)?.endsAfterHours ?? 0;
  return { hours: Math.min(MAX_RUN_HOURS, Math.max(DEFAULT_RUN_HOURS, last)), events };
}

/** What the run says at its start: how long and why, or which events a given --hours cuts off. */
export function runLengthText(length: RunLength, given?: number): string {
  if (given !== undefined) {
    const cut = length.events.filter((e) => e.endsAfterHours > given);
    return cut.length === 0
      ? `Run length: ${given} h (--hours).`
      : `Warning: --hours ${given} ends before ${cut.map((e) => `"${e.id}" (ends after ${e.endsAfterHours} h)`).join(', ')}: ${cut.length === 1 ? 'its' : 'their'} attendance will read "the run ended before the event". Leave out --hours to run until the last tracked event has ended.`;
  }
  const last = length.events.at(-1);
  if (!last) return `Run length: ${length.hours} h (no tracked event; the default day).`;
  if (last.endsAfterHours > MAX_RUN_HOURS)
    return `Warning: the last tracked event "${last.id}" ends after ${last.endsAfterHours} h, past the limit of ${MAX_RUN_HOURS} h: running ${length.hours} h.`;
  return `Run length: ${length.hours} h, until the last tracked event ("${last.id}") has ended (--hours N to choose).`;
}

// Coordination (Park et al. 2023, sec. 7.1.3): of the residents who heard of an event, how many were at its place
// during its window. The simulation shows each tick's whereabouts to a tracker; who heard is read from the memory
// streams at the end (a memory that states the fact, whole words: judge.ts).
import type { SeedFact } from '../town/types.ts';
import { memorySupportsFact } from './judge.ts';

export interface AttendanceResult {
  fact: string;
  location: string;
  start: number;
  end: number;
  /** Residents other than the host with a memory of the event by the end of the run. */
  heard: string[];
  /** Residents other than the host seen at the place during the window. */
  came: string[];
  /** Of those who heard, the ones who came (the paper: 5 of 12). */
  heardAndCame: string[];
  /** True when the run's simulated time covered the window; otherwise nobody could have come. */
  covered: boolean;
}

interface Whereabouts {
  id: string;
  name: string;
  location: { id: string };
  travellingTo?: unknown;
}

export class AttendanceTracker {
  private readonly seen = new Map<string, Set<string>>();
  private readonly observedAt = new Map<string, boolean>();

  constructor(private readonly facts: readonly SeedFact[]) {}

  /** Is any event's window open at this simulated time? (Cheap: the simulation asks before reading whereabouts.) */
  watching(now: number): boolean {
    return this.facts.some((f) => f.event && now >= f.event.start && now <= f.event.end);
  }

  observe(now: number, residents: readonly Whereabouts[]): void {
    for (const f of this.facts) {
      const e = f.event;
      if (!e || now < e.start || now > e.end) continue;
      this.observedAt.set(f.id, true);
      const set = this.seen.get(f.id) ?? new Set<string>();
      for (const r of residents)
        if (r.location.id === e.location && !r.travellingTo && r.id !== f.holder) set.add(r.name);
      this.seen.set(f.id, set);
    }
  }

  /** `memories(id)` gives a resident's memory descriptions at the end of the run. */
  results(
    residents: readonly { id: string; name: string }[],
    memories: (id: string) => readonly string[],
  ): AttendanceResult[] {
    const out: AttendanceResult[] = [];
    for (const f of this.facts) {
      if (!f.event) continue;
      const heard = residents
        .filter((r) => r.id !== f.holder && memories(r.id).some((d) => memorySupportsFact(d, f.keywords)))
        .map((r) => r.name);
      const came = [...(this.seen.get(f.id) ?? [])].sort();
      out.push({
        fact: f.id,
        location: f.event.location,
        start: f.event.start,
        end: f.event.end,
        heard,
        came,
        heardAndCame: came.filter((n) => heard.includes(n)),
        covered: this.observedAt.get(f.id) ?? false,
      });
    }
    return out;
  }
}

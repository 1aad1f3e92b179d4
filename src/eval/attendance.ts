// Coordination (Park et al. 2023, sec. 7.1.3), as issue 22 defines attendance: a resident attended an event when it
// was at the event's place during its window with a plan naming it (its day plan's activity then names the event's
// kind, or its keywords when the event has no kind); one at the place for something else (work at a stall on the
// pier) is counted apart, never as a guest. The simulation shows each tick's whereabouts and plan activity to a
// tracker; who heard is read from the memory streams at the end (a memory that states the fact, whole words).

import type { MindState } from '../agent/mind-state.ts';
import { kindInText } from '../core/event-text.ts';
import type { SeedFact } from '../town/types.ts';
import { memorySupportsFact } from './judge.ts';

export interface AttendanceResult {
  fact: string;
  /** The event's kind in the town's own words, when the town gives one. */
  kind?: string;
  location: string;
  start: number;
  end: number;
  /** Residents other than the host with a memory of the event by the end of the run. */
  heard: string[];
  /** Residents other than the host at the place during the window with a plan naming the event: attended. */
  came: string[];
  /** Residents other than the host at the place during the window without a plan naming it (there anyway). */
  thereAnyway: string[];
  /** Residents other than the host whose plan named the event during its window, there or not. */
  planned: string[];
  /** Of those who heard, the ones who came (the paper: 5 of 12). */
  heardAndCame: string[];
  /** The residents the host meant to invite, when the town names them (else everyone was welcome). */
  invited?: string[];
  /** True when the run's simulated time covered the window; otherwise nobody could have come. */
  covered: boolean;
}

export interface Whereabouts {
  id: string;
  name: string;
  location: { id: string };
  travellingTo?: unknown;
  /** What the resident's plan says it is doing now (its day-plan block's activity), when known. */
  planned?: string;
}

/** What a resident's day plan says it is doing at `now` (its block's activity), from its mind state. */
export function plannedAt(mind: unknown, now: number): string | undefined {
  const plan = (mind as Partial<MindState> | null)?.plan;
  return plan?.blocks.find((b) => b.start <= now && b.end > now)?.activity;
}

/** Does a plan activity name the event: its kind, else (no kind given) the fact's keywords? */
export function planNames(f: SeedFact, activity: string | undefined): boolean {
  if (!activity) return false;
  return f.event?.kind ? kindInText(f.event.kind, activity) : memorySupportsFact(activity, f.keywords, f.description);
}

export class AttendanceTracker {
  private readonly came = new Map<string, Set<string>>();
  private readonly anyway = new Map<string, Set<string>>();
  private readonly planned = new Map<string, Set<string>>();
  private readonly observedAt = new Map<string, boolean>();

  constructor(private readonly facts: readonly SeedFact[]) {}

  /** Is any event's window open at this simulated time? (Cheap: the simulation asks before reading whereabouts.) */
  watching(now: number): boolean {
    return this.facts.some((f) => f.event && now >= f.event.start && now <= f.event.end);
  }

  observe(now: number, residents: readonly Whereabouts[]): void {
    const add = (m: Map<string, Set<string>>, id: string, name: string) => {
      const set = m.get(id) ?? new Set<string>();
      set.add(name);
      m.set(id, set);
    };
    for (const f of this.facts) {
      const e = f.event;
      if (!e || now < e.start || now > e.end) continue;
      this.observedAt.set(f.id, true);
      for (const r of residents) {
        if (r.id === f.holder) continue;
        const named = planNames(f, r.planned);
        if (named) add(this.planned, f.id, r.name);
        if (r.location.id !== e.location || r.travellingTo) continue;
        add(named ? this.came : this.anyway, f.id, r.name);
      }
    }
  }

  /** `memories(id)` gives a resident's memory descriptions at the end of the run. */
  results(
    residents: readonly { id: string; name: string }[],
    memories: (id: string) => readonly string[],
  ): AttendanceResult[] {
    const out: AttendanceResult[] = [];
    const sorted = (m: Map<string, Set<string>>, id: string) => [...(m.get(id) ?? [])].sort();
    for (const f of this.facts) {
      if (!f.event) continue;
      const heard = residents
        .filter(
          (r) => r.id !== f.holder && memories(r.id).some((d) => memorySupportsFact(d, f.keywords, f.description)),
        )
        .map((r) => r.name);
      const came = sorted(this.came, f.id);
      out.push({
        fact: f.id,
        ...(f.event.kind ? { kind: f.event.kind } : {}),
        location: f.event.location,
        start: f.event.start,
        end: f.event.end,
        heard,
        came,
        // (seen once with a plan naming it: a guest, not also there anyway)
        thereAnyway: sorted(this.anyway, f.id).filter((n) => !came.includes(n)),
        planned: sorted(this.planned, f.id),
        heardAndCame: came.filter((n) => heard.includes(n)),
        ...(f.event.invited ? { invited: f.event.invited } : {}),
        covered: this.observedAt.get(f.id) ?? false,
      });
    }
    return out;
  }
}

/** One line per event for a report: who came with a plan naming it, who was there anyway, who heard. */
export function attendanceLine(a: AttendanceResult, place = a.location): string {
  if (!a.covered) return `${a.kind ?? a.fact} at ${place}: the run did not reach its time`;
  const names = (xs: readonly string[]) => (xs.length > 0 ? ` (${xs.join(', ')})` : '');
  const invited = a.invited
    ? `, ${a.invited.filter((n) => a.came.includes(n)).length} of ${a.invited.length} invited`
    : '';
  return `${a.kind ?? a.fact} at ${place}: ${a.came.length} came with a plan naming it${names(a.came)}, ${a.heardAndCame.length} of ${a.heard.length} who heard${invited}; ${a.thereAnyway.length} there anyway${names(a.thereAnyway)}`;
}

// Tick phases 1-2 (Park et al. 2023, sec. 4.2 and 5.1): arrivals, then perception: what each resident present
// attends to of what happened where it is since the last tick, stored as observations in one batched call.
import type { AgentId } from '../agent/types.ts';
import { withCallContext } from './metering.ts';
import type { MindResident, Perceived } from './mind.ts';
import { actionPhrase, eventText, guarded, type TickContext } from './tick-context.ts';
import type { ResidentState, TownState } from './types.ts';
import {
  canPerceive,
  getLocation,
  learnPlace,
  near,
  observePlace,
  perceivesBySubArea,
  resolveSubArea,
} from './world.ts';

const KIND_PRIORITY: Record<NonNullable<Perceived['kind']>, number> = {
  speech: 0,
  object: 1,
  system: 2,
  arrival: 3,
  action: 4,
};

/** Picks what a resident attends to: speech and object changes first, at most `bandwidth` items (sec. 4.2). */
export function attend(items: Perceived[], bandwidth: number): Perceived[] {
  const seen = new Set<string>();
  const unique = items.filter((p) => {
    if (seen.has(p.description)) return false;
    seen.add(p.description);
    return true;
  });
  return unique
    .map((p, i) => ({ p, i }))
    .sort((a, b) => KIND_PRIORITY[a.p.kind ?? 'action'] - KIND_PRIORITY[b.p.kind ?? 'action'] || a.i - b.i)
    .slice(0, bandwidth)
    .map((x) => x.p);
}

/** Spatial memory grows from what a resident hears: a memory naming a place teaches it that place. */
export function learnPlacesFromMemories(state: TownState, rs: ResidentState, live: MindResident): void {
  const all = live.memory.all();
  // Newest first, back to the last scanned memory: a tick costs only what it added.
  for (let i = all.length - 1; i >= 0; i--) {
    const m = all[i] as (typeof all)[number];
    if (m.seq < rs.scannedSeq) break;
    const text = m.description.toLowerCase();
    for (const loc of state.locations)
      if (!rs.knownPlaces[loc.id] && text.includes(loc.name.toLowerCase())) learnPlace(rs, loc.id);
  }
  const last = all[all.length - 1];
  if (last) rs.scannedSeq = Math.max(rs.scannedSeq, last.seq + 1);
}

/** Arrivals and perception; returns who is present (not travelling) and what each perceived. */
export async function perceivePhase(
  cx: TickContext,
): Promise<{ present: ResidentState[]; perceivedBy: Map<AgentId, Perceived[]> }> {
  const { state, t, now, post, newEvents, live, log, tickSeed } = cx;
  const s = state.settings;
  const runtime = cx.kit.runtime;
  // 1. Arrivals: travellers whose journey ends now appear at their destination and look around.
  const arrivalView = new Map<AgentId, Perceived[]>();
  for (const rs of state.residents) {
    if (!rs.travel || rs.travel.arriveTick > t) continue;
    const to = getLocation(state, rs.travel.to);
    const from = getLocation(state, rs.travel.from);
    rs.location = rs.travel.to;
    rs.travel = null;
    rs.subArea = undefined; // the rooms of the place it left mean nothing here
    rs.subArea = resolveSubArea(
      state,
      rs,
      rs.location,
      rs.action?.location === rs.location ? rs.action.subArea : undefined,
    );
    if (!to) continue;
    const seen: Perceived[] = [];
    const scoped = perceivesBySubArea(state, to.id);
    for (const o of near(state, rs))
      if (o.action)
        seen.push({
          description: eventText(o, actionPhrase(o.profile, o.action.description)),
          subject: o.profile.name,
          kind: 'action',
        });
    for (const a of to.subAreas.filter((x) => !scoped || x.name === rs.subArea))
      for (const ob of a.objects)
        if (ob.status !== ob.idleStatus)
          seen.push({
            description: `The ${ob.name} in the ${a.name} is ${ob.status}`,
            subject: ob.name,
            kind: 'object',
          });
    arrivalView.set(rs.profile.id, seen);
    const doing =
      rs.action && rs.action.location === to.id ? `, ${actionPhrase(rs.profile, rs.action.description)}` : '';
    post(rs, to.id, 'arrival', `arrives from ${from?.name ?? 'elsewhere'}${doing}`, rs.action?.emoji);
    newEvents.push({
      tick: t,
      location: to.id,
      ...(rs.subArea ? { subArea: rs.subArea } : {}),
      description: `${rs.profile.name} arrived at ${to.name}`,
      subject: rs.profile.name,
      kind: 'arrival',
      exclude: [rs.profile.id],
    });
  }

  // 2. Perception: what happened where each resident is since the last tick (events are perceived once).
  const present = state.residents.filter((r) => r.travel === null);
  const pending = state.events.filter((e) => e.tick < t);
  state.events = state.events.filter((e) => e.tick >= t);
  const batch: { resident: MindResident; perceived: Perceived[] }[] = [];
  const perceivedBy = new Map<AgentId, Perceived[]>();
  for (const rs of present) {
    const here = pending
      .filter((e) => canPerceive(state, rs, e))
      .map(
        (e): Perceived => ({ description: e.description, kind: e.kind, ...(e.subject ? { subject: e.subject } : {}) }),
      );
    const items = attend([...(arrivalView.get(rs.profile.id) ?? []), ...here], s.attentionBandwidth);
    const loc = getLocation(state, rs.location);
    if (loc) observePlace(rs, loc, now);
    perceivedBy.set(rs.profile.id, items);
    if (items.length > 0) batch.push({ resident: live(rs), perceived: items });
  }
  if (batch.length > 0)
    await guarded(
      state,
      'perceive',
      log,
      () => withCallContext({ phase: 'perceive', tick: t, seed: tickSeed }, () => runtime.perceive(batch, now)),
      () => undefined,
    );
  return { present, perceivedBy };
}

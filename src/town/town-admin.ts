// Admin operations on a town that are more than a setting: an object's status rewritten in words and catch-up after
// downtime. TownService (service.ts) validates people's input and calls these; each runs as one session change.

import { formatClock, formatSimDate, MINUTE_MS, minuteOfDay } from '../core/time.ts';
import { UserError } from '../errors.ts';
import type { TownSession } from './session.ts';
import { worldEvent } from './speech.ts';
import type { Location } from './types.ts';
import { findObject, getLocation } from './world.ts';

/**
 * An object's status in words ("the stove is burning", sec. 3.1); residents present perceive it on the next tick
 * and may react. `status` is already checked text.
 */
export async function setObjectStatus(
  session: TownSession,
  loc: Location,
  objectQuery: string,
  st: string,
): Promise<{ location: string; object: string; status: string }> {
  const found = findObject(loc, objectQuery.trim());
  if (!objectQuery.trim() || !found)
    throw new UserError(
      'town/unknown_object',
      `No object "${objectQuery}" at ${loc.name}. Objects: ${loc.subAreas.flatMap((a) => a.objects.map((o) => `${a.name}/${o.name}`)).join(', ')}.`,
      { location: loc.id, query: objectQuery },
    );
  return session.change(async (w, out) => {
    // Re-resolve inside the change: the world may have been reloaded since validation.
    const l = getLocation(w.state, loc.id);
    const f = l ? findObject(l, objectQuery.trim()) : undefined;
    if (!l || !f) throw new UserError('town/unknown_object', `No object "${objectQuery}" at ${loc.name}.`);
    f.object.status = st;
    f.object.usedBy = null;
    const text = `The ${f.object.name} in the ${f.area.name} is ${st}`;
    w.state.events.push({ ...worldEvent(w.state, l.id, text, 'object', [], f.object.name), subArea: f.area.name });
    w.state.dayLog.notable.push(`${text} (${l.name})`);
    out.add({
      location: l.id,
      speakerId: null,
      speakerName: null,
      emoji: '⚠️',
      kind: 'object',
      text,
      simTime: w.state.clock.now,
    });
    return { location: l.name, object: `${f.area.name}/${f.object.name}`, status: st };
  });
}

/**
 * Catch-up after downtime (issue 4): 'resume' continues where it stopped; 'skip' jumps the simulated clock by the
 * missed ticks (capped) without simulating them; 'replay' runs the missed ticks (capped) with `step`.
 */
export async function catchUpTown(
  session: TownSession,
  scheduleIntervalMs: number,
  step: (n: number) => Promise<unknown>,
): Promise<{ missed: number; applied: number; mode: string }> {
  const s = session.state;
  const last = s.clock.lastTickWall;
  const mode = s.settings.catchUp;
  if (last === null || s.clock.paused || scheduleIntervalMs <= 0) return { missed: 0, applied: 0, mode };
  const missedRuns = Math.floor((session.wallNow() - last) / scheduleIntervalMs) - 1;
  const missed = Math.max(0, Math.floor(missedRuns * s.settings.speed));
  const n = Math.min(missed, s.settings.catchUpMaxTicks);
  if (n <= 0 || mode === 'resume') return { missed, applied: 0, mode };
  if (mode === 'replay') {
    await step(n);
    return { missed, applied: n, mode };
  }
  await session.change(async (w, out) => {
    const c = w.state.clock;
    c.tick += n;
    c.now += n * s.settings.minutesPerTick * MINUTE_MS;
    c.lastTickWall = session.wallNow();
    out.add({
      location: 'town-hall',
      speakerId: null,
      speakerName: null,
      emoji: '⏩',
      kind: 'system',
      text: `The town was offline; the clock skipped ${n * s.settings.minutesPerTick} minutes to ${formatClock(minuteOfDay(c.now))} on ${formatSimDate(c.now)}.`,
      simTime: c.now,
    });
  });
  return { missed, applied: n, mode };
}

/** Pauses or resumes the town's clock (reading still works while paused). */
export function setPaused(session: TownSession, paused: boolean): Promise<void> {
  return session.change(async (w) => {
    w.state.clock.paused = paused;
  });
}

/** Ticks per scheduled run (0.1-100; fractions accumulate). */
export async function setSpeed(session: TownSession, speed: number): Promise<void> {
  if (!Number.isFinite(speed) || speed < 0.1 || speed > 100)
    throw new UserError('town/speed', 'Speed is the number of ticks per scheduled run, from 0.1 to 100.');
  return session.change(async (w) => {
    w.state.settings.speed = speed;
  });
}

/** This town's daily token budget (null = the configured default). */
export async function setBudget(session: TownSession, tokens: number | null): Promise<void> {
  if (tokens !== null && (!Number.isInteger(tokens) || tokens < 0))
    throw new UserError('town/budget', 'The budget is a whole number of tokens per day (or "default").');
  return session.change(async (w) => {
    w.state.settings.dailyTokenBudget = tokens;
  });
}

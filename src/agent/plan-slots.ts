// Plan slots (sec. 4.3): the places a plan may use, a model's "HH:MM" items as slots inside the day, the options
// that keep every plan level a partition (src/core/schedule.ts), slots as plan memories and as text lines.

import type { NormalizeOptions } from '../core/schedule.ts';
import { baseOfIng, clip as clipText, stripPeriod } from '../core/text.ts';
import { clockAt, MINUTE_MS, parseClock } from '../core/time.ts';
import type { MindContext, Resident } from './context.ts';
import type { MindState, PlanSlot } from './mind-state.ts';
import type { PromptPlace } from './prompts/plan-day.ts';
import type { DecideContext, PlanLevel } from './types.ts';

export function placesFor(ctx: DecideContext, r: Resident, mind: MindState): PromptPlace[] {
  const seen = new Set<string>();
  const out: PromptPlace[] = [];
  for (const p of [ctx.location, ...ctx.knownPlaces]) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    out.push({ id: p.id, name: p.name, ...(p.kind ? { kind: p.kind } : {}), ...(p.hours ? { hours: p.hours } : {}) });
  }
  if (!seen.has(r.profile.home)) out.push({ id: r.profile.home, name: 'home' });
  return out.filter((p) => !avoiding(mind, p.id, ctx.now) || p.id === r.profile.home);
}

/** Maps a model's place (id or name) onto a known place id; unknown ones fall back (and are logged). */
export function resolvePlace(c: MindContext, place: string, places: readonly PromptPlace[], fallback: string): string {
  const q = place.trim().toLowerCase();
  const hit =
    places.find((p) => p.id.toLowerCase() === q) ??
    places.find((p) => p.name.toLowerCase() === q) ??
    places.find((p) => q !== '' && (p.name.toLowerCase().includes(q) || q.includes(p.name.toLowerCase())));
  if (!hit) c.log('agent: plan names an unknown place; using a known one', { place, fallback });
  return hit?.id ?? fallback;
}

/** Model items with "HH:MM" times -> absolute slots inside the day; unreadable items are dropped. */
export function toSlots(
  c: MindContext,
  items: readonly { start: string; end: string; activity: string; place: string }[],
  day0: number,
  places: readonly PromptPlace[],
  fallbackPlace: string,
): PlanSlot[] {
  const out: PlanSlot[] = [];
  for (const it of items) {
    const s = parseClock(String(it.start));
    let e = parseClock(String(it.end));
    if (e === 0) e = 1440;
    const activity = clipText(String(it.activity ?? ''), 140);
    if (s === null || e === null || e <= s || activity === '') continue;
    out.push({
      start: day0 + s * MINUTE_MS,
      end: day0 + e * MINUTE_MS,
      activity,
      place: resolvePlace(c, String(it.place ?? ''), places, fallbackPlace),
    });
  }
  if (out.length < items.length) c.log('agent: dropped unreadable plan items', { dropped: items.length - out.length });
  return out;
}

export function slotOpts<T extends PlanSlot>(
  c: MindContext,
  fill: (start: number, end: number) => T,
): NormalizeOptions<T> {
  return {
    granularityMs: c.settings.planGranularityMinutes * MINUTE_MS,
    fill,
    same: (a, b) => a.place === b.place && a.activity.toLowerCase() === b.activity.toLowerCase(),
  };
}

/** Plan slots of one level as plan memories (sec. 4.3: plans live in the memory stream). */
export function planMemories(
  c: MindContext,
  r: Resident,
  level: PlanLevel,
  slots: readonly PlanSlot[],
  places: readonly PromptPlace[],
) {
  return slots.map((slot) => ({
    r,
    m: {
      kind: 'plan' as const,
      description: planText(r.profile.firstName, slot, places),
      importance: c.settings.planImportance[level],
      plan: {
        level,
        start: slot.start,
        minutes: Math.round((slot.end - slot.start) / MINUTE_MS),
        location: slot.place,
      },
    },
  }));
}

export function planText(first: string, s: PlanSlot, places: readonly PromptPlace[]): string {
  const where = places.find((p) => p.id === s.place)?.name ?? s.place;
  // "sleeping" -> "sleep"; no "at Riverside Library at Riverside Library"
  const what = stripPeriod(s.activity).replace(/^(\w+ing)\b/, (w) => baseOfIng(w));
  const at = what.toLowerCase().endsWith(where.toLowerCase()) ? '' : ` at ${where}`;
  return `${first} plans to ${what}${at} from ${clockAt(s.start)} to ${clockAt(s.end)}`;
}

/** Today's plan as text lines for display (blocks, with the hour chunks decomposed so far). */
export function planLines(c: MindContext, r: Resident, opts: { hours?: boolean } = {}): string[] {
  const plan = c.mindOf(r).plan;
  if (!plan) return [];
  const lines: string[] = [];
  for (const b of plan.blocks) {
    lines.push(`${clockAt(b.start)}-${clockAt(b.end)}: ${b.activity} (${b.place})`);
    if (opts.hours === false) continue;
    for (const h of plan.hours)
      if (h.start >= b.start && h.end <= b.end && !(h.start === b.start && h.end === b.end))
        lines.push(`  ${clockAt(h.start)}-${clockAt(h.end)}: ${h.activity}`);
  }
  return lines;
}

/** Drops slots from t on (a slot straddling t is clipped to end there). */
export function cutFrom<T extends PlanSlot>(slots: readonly T[], t: number): T[] {
  return slots.filter((x) => x.start < t).map((x) => (x.end > t ? { ...x, end: t } : x));
}

/** With no plan at all (the first day, the model unreachable): a neutral day at home, labelled as such. */
export function neutralDay(day0: number, home: string): PlanSlot[] {
  const h = (x: number) => day0 + x * 60 * MINUTE_MS;
  return [
    { start: h(0), end: h(7), activity: 'sleeping', place: home },
    { start: h(7), end: h(22), activity: 'go about the day as usual', place: home },
    { start: h(22), end: h(24), activity: 'sleeping', place: home },
  ];
}

/** Is the place avoided now (refused a little earlier)? An old entry without a time counts for the day. */
export function avoiding(mind: MindState, id: string, now: number): boolean {
  if (!mind.avoid.includes(id)) return false;
  const until = mind.avoidUntil?.[id];
  return until === undefined || now < until;
}

// Planning (sec. 4.3): the day outline in broad strokes, re-planned from a given time; dated events pinned into
// it; plan slots become plan memories.

import { EXPERIENCE, floorTo, type MindContext, type Resident } from './context.ts';
import { stillDue, todayNumber, upcomingDay } from '../core/dates.ts';
import { summaryOf } from './describe.ts';
import { eventActivity, eventBlocks, eventsOn, learnEvents } from './event.ts';
import { engagements, keepEvents } from './events.ts';
import { closeDay, pursued } from './goals.ts';
import type { DayPlan, MindState, PlanSlot } from './mind-state.ts';
import { quoted } from './prompts/common.ts';
import {
  PLAN_DAY_TASK,
  type PlanDayInput,
  type PromptPlace,
  planDayMessages,
  planDayOutput,
} from './prompts/plan-day.ts';
import { quoteOf } from './retrieve.ts';
import { dedupeMeals, mergeAdjacent, type NormalizeOptions, normalizeSlots, spliceSlots } from '../core/schedule.ts';
import { baseOfIng, clip as clipText, isSleeping, stripPeriod } from '../core/text.ts';
import { clockAt, DAY_MS, dateText, dayKey, dayStart, hhmm, MINUTE_MS, parseClock } from '../core/time.ts';
import type { DecideContext, Memory, MemoryId, PlanLevel } from './types.ts';
import { intendedAction, placeNamed, timeOfDay } from './when.ts';

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

/** The day outline, whole (from = day start) or the rest of the day from `from` (re-planning). */
export async function planDay(
  c: MindContext,
  r: Resident,
  ctx: DecideContext,
  from: number,
  reason?: string,
): Promise<void> {
  const s = c.settings;
  const mind = c.mindOf(r);
  const p = r.profile;
  if (s.ablate.planning) {
    // Ablated (sec. 6.1): no plan is asked for or stored; the resident goes on where it is and acts on what it
    // perceives (react), sleeping at night at home.
    const day0 = dayStart(from);
    const h = (x: number) => day0 + x * 60 * MINUTE_MS;
    mind.plan = {
      day: dayKey(ctx.now),
      dayStart: day0,
      blocks: [
        { start: h(0), end: h(7), activity: 'sleeping', place: p.home },
        { start: h(7), end: h(22), activity: 'go about the day', place: ctx.location.id },
        { start: h(22), end: h(24), activity: 'sleeping', place: p.home },
      ],
      hours: [],
      steps: [],
    };
    return;
  }
  const now = ctx.now;
  const day0 = dayStart(now);
  const start = floorTo(Math.max(from, day0), s.planGranularityMinutes * MINUTE_MS);
  const window = { start, end: day0 + DAY_MS };
  const summary = await summaryOf(c, r, now);
  const intentions = await c.recall(
    r,
    [`${p.firstName}'s plans and intentions for today`, reason ?? `what ${p.firstName} has to do on ${dateText(now)}`],
    now,
    { k: c.settings.planRetrieveK, kinds: EXPERIENCE },
  );
  const pinned = upcoming(c, r, now, new Set(intentions.map((x) => x.memory.id)));
  // a goal or event whose day has passed is not planned again ("a party on Saturday" heard last week)
  // and one planned for days and never done is given up for a while (goals.ts)
  const known = pursued(mind, [...intentions.map((x) => x.memory).filter((m) => stillDue(m, now)), ...pinned], now, [
    p.name,
    p.firstName,
  ]);
  const places = placesFor(ctx, r, mind);
  // the events among them as things: kind, host, place and hours (event.ts), named so in the plan
  await learnEvents(c, r, known, places, now);
  const events = eventsOn(mind, dayKey(now));
  const input: PlanDayInput = {
    name: p.name,
    first: p.firstName,
    summary,
    date: dateText(now),
    from: hhmm((start - day0) / MINUTE_MS),
    lifestyle: p.lifestyle,
    currently: p.currently,
    yesterday: mind.yesterday,
    day: dayKey(now),
    // each with the day it was made, so "tomorrow" and "on Sunday" are read from then, not from today
    intentions: c.promptMemories(known, r).map((m, k) => ({ ...m, day: dayKey(known[k]!.createdAt) })),
    places,
    home: p.home,
    avoid: mind.avoid.filter((id) => avoiding(mind, id, now)),
    blocks: s.dayBlocks,
    ...(events.length > 0
      ? {
          events: events.map((e) => ({
            kind: e.kind,
            host: e.host,
            hosting: e.host === p.name,
            place: e.place,
            start: hhmm(e.start),
            end: hhmm(e.end),
            activity: eventActivity(e, r),
            ...(e.quoted ? { quoted: true } : {}),
          })),
        }
      : {}),
  };
  const out = await c.ask(PLAN_DAY_TASK, planDayOutput, planDayMessages(input), input, () => ({ blocks: [] }));
  let slots = toSlots(c, out.blocks, day0, places, p.home).filter((x) => x.end > start);
  if (slots.length === 0) {
    // A neutral default, never an invented plan: keep what was planned for today, else repeat the last day's.
    c.log('agent: no day plan from the model; carrying on with the previous plan', { agent: p.id });
    // A stopgap, not the resident's day: ask again within the hour (a circuit breaker keeps a dead model cheap).
    mind.replan ??= { at: ctx.now + s.fallbackReplanMinutes * MINUTE_MS, reason: 'plan the rest of the day' };
    const previous = mind.plan ?? mind.lastPlan;
    const shift = previous ? day0 - previous.dayStart : 0;
    slots = (previous?.blocks ?? neutralDay(day0, p.home))
      .map((b) => ({ ...b, start: b.start + shift, end: b.end + shift }))
      .filter((x) => x.end > start);
  }
  slots = keepEvents(slots, pinned, places, day0, now);
  const fill = (a: number, b: number): PlanSlot => ({ start: a, end: b, activity: 'sleeping', place: p.home });
  const fresh = normalizeSlots(slots, window, slotOpts(c, fill));
  const sameDay = mind.plan?.day === dayKey(now);
  const plan: DayPlan =
    sameDay && mind.plan
      ? {
          ...mind.plan,
          blocks: spliceSlots(mind.plan.blocks, window, fresh, slotOpts(c, fill)),
          hours: cutFrom(mind.plan.hours, start),
          steps: cutFrom(mind.plan.steps, start),
        }
      : {
          day: dayKey(now),
          dayStart: day0,
          blocks: normalizeSlots(fresh, { start: day0, end: window.end }, slotOpts(c, fill)),
          hours: [],
          steps: [],
        };
  plan.blocks = dedupeMeals(mergeAdjacent(plan.blocks, slotOpts(c, fill).same));
  // a block for an event keeps its kind and place ("go to Leo's event" at the pier is the host's beach clean-up)
  for (const e of eventBlocks(plan.blocks, events, r, day0)) {
    const window = { start: Math.max(e.start, start), end: e.end };
    if (window.end > window.start)
      plan.blocks = spliceSlots(plan.blocks, window, [{ ...e, ...window }], slotOpts(c, fill));
  }
  // an event of today the resident hosts or resolved to go to is kept at its place and hours, even if left out
  for (const raw of engagements(r, known, places, day0, now)) {
    // named as the event it is, when the resident knows it as a thing
    const known = events.find(
      (x) => x.place === raw.place && day0 + x.start * MINUTE_MS < raw.end && day0 + x.end * MINUTE_MS > raw.start,
    );
    const e = known ? { ...raw, activity: eventActivity(known, r) } : raw;
    const window = { start: Math.max(e.start, start), end: e.end };
    if (
      window.end <= window.start ||
      plan.blocks.some((b) => b.pinned && b.place === e.place && b.start < e.end && b.end > e.start)
    )
      continue;
    plan.blocks = spliceSlots(plan.blocks, window, [{ ...e, ...window }], slotOpts(c, fill));
  }
  mind.plan = plan;
  const newBlocks = plan.blocks.filter((b) => b.start >= start);
  // Deciding how to spend the day is a thought that counts toward reflection (the brief lists plans among what
  // matters); each waking block at the day-plan importance, sleep not.
  mind.importanceSinceReflection += newBlocks.filter((b) => !isSleeping(b.activity)).length * s.planImportance.day;
  await c.storeAll(planMemories(c, r, 'day', newBlocks, places), now);
}

/**
 * Dated events and intentions the resident knows of whose day is today or ahead, besides the retrieved ones:
 * retrieval ranks a week's routine above a party heard of yesterday once memories pile up. One line per
 * distinct text, in a small budget.
 */
export function upcoming(c: MindContext, r: Resident, now: number, have: ReadonlySet<MemoryId>): Memory[] {
  const s = c.settings;
  const today = todayNumber(dayKey(now), '');
  if (today === null || s.upcomingK <= 0 || s.ablate.memory) return [];
  const textOf = (m: Memory) =>
    m.kind === 'dialogue' && typeof m.meta?.news === 'string' ? m.meta.news : m.description;
  const raw = (t: string) => /\bsaid\b[^:"]*: ["“]/.test(t);
  const found: { m: Memory; day: number; raw: boolean }[] = [];
  for (const m of r.memory.all()) {
    if (have.has(m.id) || !EXPERIENCE.includes(m.kind)) continue;
    const day = upcomingDay(textOf(m), today, dayKey(m.createdAt));
    if (day !== null) found.push({ m, day, raw: raw(textOf(m)) });
  }
  // the news itself before overheard lines, the nearest day first, then the more important, then the newer
  found.sort(
    (a, b) => Number(a.raw) - Number(b.raw) || a.day - b.day || b.m.importance - a.m.importance || b.m.seq - a.m.seq,
  );
  const out: Memory[] = [];
  const seen = new Set<string>();
  let chars = 0;
  for (const { m } of found) {
    const t = textOf(m).trim().toLowerCase();
    if (seen.has(t)) continue;
    const len = Math.min(textOf(m).length, s.memoryLineChars);
    if (chars + len > s.upcomingBudgetTokens * 4) continue;
    seen.add(t);
    chars += len;
    out.push(m);
    if (out.length >= s.upcomingK) break;
  }
  return out;
}

/** A few lines about the day that just ended, for tomorrow's plan (no model call). */
export function yesterdayLines(r: Resident, plan: DayPlan): string[] {
  const blocks = plan.blocks
    .filter((b) => !isSleeping(b.activity))
    .map((b) => `${clockAt(b.start)}-${clockAt(b.end)}: ${b.activity}`);
  const notable = r.memory
    .recent(300, (m) => m.createdAt >= plan.dayStart && m.createdAt < plan.dayStart + DAY_MS && m.kind !== 'plan')
    .sort((a, b) => b.importance - a.importance)
    .slice(0, 3)
    .map((m) => {
      const quote = quoteOf(m, 120);
      return quote ? quoted(quote) : clipText(m.description, 120);
    });
  return [...blocks.slice(0, 8), ...notable];
}

export async function ensureDay(c: MindContext, r: Resident, ctx: DecideContext): Promise<DayPlan> {
  const mind = c.mindOf(r);
  const key = dayKey(ctx.now);
  if (mind.plan && mind.plan.day !== key) {
    // what the day was made of: the hours and steps lived (decomposed when reached), not the outline
    await closeDay(c, r, [...mind.plan.hours, ...mind.plan.steps], ctx.now);
    mind.yesterday = yesterdayLines(r, mind.plan);
    mind.lastPlan = {
      day: mind.plan.day,
      dayStart: mind.plan.dayStart,
      blocks: mind.plan.blocks,
      hours: [],
      steps: [],
    };
    // a place given up for days (a goal that kept failing) stays out; a refusal of yesterday is forgotten
    mind.avoid = mind.avoid.filter((id) => (mind.avoidUntil?.[id] ?? 0) > ctx.now);
    mind.avoidUntil = Object.fromEntries(mind.avoid.map((id) => [id, mind.avoidUntil[id]!]));
    mind.context = null;
    mind.plan = null;
  }
  if (!mind.plan) await planDay(c, r, ctx, dayStart(ctx.now));
  // (a re-plan waits for the moment it is due: an inner voice at once, a reaction once it is over)
  if (mind.replan && ctx.now >= mind.replan.at) {
    const { reason, said } = mind.replan;
    mind.replan = null;
    await planDay(c, r, ctx, ctx.now, reason);
    if (said) await pinIntention(c, r, ctx, said);
  }
  return mind.plan!;
}

/**
 * An intention that names a time today and a known place ("this afternoon at the library", "at 5 pm at the cafe")
 * is put at that time and place whatever the day plan made of it (a neutral reader: when.ts), and the hours and
 * steps under it are planned again when reached.
 */
export async function pinIntention(c: MindContext, r: Resident, ctx: DecideContext, text: string): Promise<void> {
  const mind = c.mindOf(r);
  const plan = mind.plan;
  const when = timeOfDay(text);
  // what one resolved to do is done where one said, even at a place refused a little earlier
  const places = placesFor(ctx, r, { ...mind, avoid: [] });
  const where = placeNamed(text, places);
  const what = intendedAction(text);
  if (!plan || !when || !where || !what) return;
  const g = c.settings.planGranularityMinutes * MINUTE_MS;
  const start = Math.max(plan.dayStart + when.start * MINUTE_MS, floorTo(ctx.now, g));
  const end = Math.min(plan.dayStart + DAY_MS, plan.dayStart + (when.start + when.minutes) * MINUTE_MS);
  if (end <= start) return;
  const slot: PlanSlot = { start, end, activity: what, place: where.id, pinned: true };
  const fill = (a: number, b: number): PlanSlot => ({ start: a, end: b, activity: 'free time', place: r.profile.home });
  plan.blocks = spliceSlots(plan.blocks, { start, end }, [slot], slotOpts(c, fill));
  const outside = <T extends PlanSlot>(xs: readonly T[]) => xs.filter((x) => x.end <= start || x.start >= end);
  plan.hours = outside(plan.hours);
  plan.steps = outside(plan.steps);
  await c.storeAll(planMemories(c, r, 'day', [slot], places), ctx.now);
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
function neutralDay(day0: number, home: string): PlanSlot[] {
  const h = (x: number) => day0 + x * 60 * MINUTE_MS;
  return [
    { start: h(0), end: h(7), activity: 'sleeping', place: home },
    { start: h(7), end: h(22), activity: 'go about the day as usual', place: home },
    { start: h(22), end: h(24), activity: 'sleeping', place: home },
  ];
}

/** Is the place avoided now (refused a little earlier)? An old entry without a time counts for the day. */
function avoiding(mind: MindState, id: string, now: number): boolean {
  if (!mind.avoid.includes(id)) return false;
  const until = mind.avoidUntil?.[id];
  return until === undefined || now < until;
}

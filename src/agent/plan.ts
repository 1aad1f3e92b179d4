// Planning (sec. 4.3): the day outline in broad strokes, re-planned from a given time (plan-context.ts: what else
// it is planned from; plan-slots.ts: slots, places and plan memories); dated events pinned into it (events.ts); an
// intention pinned at its time and place.

import { stillDue } from '../core/dates.ts';
import { dedupeMeals, mergeAdjacent, normalizeSlots, spliceSlots } from '../core/schedule.ts';
import { isSleeping } from '../core/text.ts';
import { DAY_MS, dateText, dayKey, dayStart, hhmm, MINUTE_MS } from '../core/time.ts';
import { EXPERIENCE, floorTo, type MindContext, type Resident } from './context.ts';
import { ownIntentions } from './core-knowledge.ts';
import { summaryOf } from './describe.ts';
import { eventActivity, eventsOn, learnEvents } from './event.ts';
import { keepEvents, placeEvents } from './events.ts';
import { closeDay, pursued } from './goals.ts';
import type { DayPlan, PlanSlot } from './mind-state.ts';
import { upcoming, yesterdayLines } from './plan-context.ts';
import { avoiding, cutFrom, neutralDay, placesFor, planMemories, slotOpts, toSlots } from './plan-slots.ts';
import { PLAN_DAY_TASK, type PlanDayInput, planDayMessages, planDayOutput } from './prompts/plan-day.ts';
import { confideToday, inviteToday, markSeeks } from './seek.ts';
import type { AgentProfile, DecideContext } from './types.ts';
import { intendedAction, placeNamed, timeOfDay } from './when.ts';

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
  const have = new Set(intentions.map((x) => x.memory.id));
  const pinned = upcoming(c, r, now, have);
  for (const m of pinned) have.add(m.id);
  // its own private intentions not yet carried out ("intends to tell only Lise"): kept in mind (core-knowledge.ts)
  const own = ownIntentions(c, r, now, have);
  // a goal or event whose day has passed is not planned again ("a party on Saturday" heard last week)
  // and one planned for days and never done is given up for a while (goals.ts)
  const known = pursued(
    mind,
    [...intentions.map((x) => x.memory).filter((m) => stillDue(m, now)), ...pinned, ...own],
    now,
    [p.name, p.firstName],
  );
  const places = placesFor(ctx, r, mind);
  // the events among them as things: kind, host, place and hours (event.ts), named so in the plan
  await learnEvents(c, r, known, places, now, ctx.townEvents);
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
    ...workToday(p, now),
    ...routineToday(p, now),
    ...confideToday(r),
    ...inviteToday(r, now),
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
  // events of today as the things they are: named so, kept at their place and hours (events.ts)
  plan.blocks = placeEvents(r, plan.blocks, { events, known, places, day0, start, now }, slotOpts(c, fill));
  plan.blocks = markSeeks(plan.blocks, [...(input.confide ?? []), ...(input.invite ?? [])]);
  mind.plan = plan;
  const newBlocks = plan.blocks.filter((b) => b.start >= start);
  // Deciding how to spend the day is one thought that counts toward reflection (the brief lists plans among what
  // matters), at the day-plan importance: the Smallville code stores a day's plan as one thought ("This is
  // Isabella Rodriguez's plan for Monday February 13: ...", poignancy 5 in ../shared/data/smallville-run), not a
  // thought per block (issue 33: 5 per waking block was 30 a day, a fifth of the trigger). A plan of sleep alone
  // is no thought.
  if (newBlocks.some((b) => !isSleeping(b.activity))) mind.importanceSinceReflection += s.planImportance.day;
  await c.storeAll(planMemories(c, r, 'day', newBlocks, places), now);
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

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * Today's habits from the profile's reading (issue 32 item 3): those of this weekday (or every day) that say a place
 * or an hour, as the day plan can keep them.
 */
export function routineToday(p: AgentProfile, now: number): Pick<PlanDayInput, 'routine'> {
  const today = WEEKDAY_KEYS[new Date(now).getUTCDay()]!;
  const items = (p.routine ?? [])
    .filter((x) => (x.place !== null || x.start !== null) && (!x.days || x.days.includes(today)))
    .map((x) => ({ what: x.what, place: x.place, start: x.start, end: x.end }));
  return items.length > 0 ? { routine: items } : {};
}

/** Today's work from the profile's reading: on a working day its place and hours; nothing on a day off. */
export function workToday(p: AgentProfile, now: number): Pick<PlanDayInput, 'work'> {
  const w = p.work;
  if (!w) return {};
  const today = WEEKDAY_KEYS[new Date(now).getUTCDay()]!;
  if (w.days && !w.days.includes(today)) return {};
  return { work: { place: w.place, start: w.start, end: w.end } };
}

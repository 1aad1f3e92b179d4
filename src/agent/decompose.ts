// Plan decomposition (sec. 4.3): the current block into hour chunks, the current hour into 5-15 minute steps
// (lazily, one call each), with the sub-area, object and emoji the world needs.
import { dedupeMeals, mealOf, nextStartAfter, normalizeSlots, slotAt, spliceSlots } from '../core/schedule.ts';
import { clip as clipText, emojiFor, isSleeping } from '../core/text.ts';
import { hhmm, MINUTE_MS } from '../core/time.ts';
import { clampInt, EXPERIENCE, floorTo, type MindContext, type Resident } from './context.ts';
import { briefIdentity, summaryOf } from './describe.ts';
import type { PlanSlot, StepSlot } from './mind-state.ts';
import { placesFor, planMemories, slotOpts, toSlots } from './plan-slots.ts';
import { PLAN_HOURS_TASK, type PlanHoursInput, planHoursMessages, planHoursOutput } from './prompts/plan-hours.ts';
import {
  PLAN_STEPS_TASK,
  type PlanStep,
  type PlanStepsInput,
  planStepsMessages,
  planStepsOutput,
  stepsOf,
} from './prompts/plan-steps.ts';
import type { DecideContext } from './types.ts';

/** The hour chunk covering t, decomposing the current block lazily (one call for a long block). */
export async function ensureHour(c: MindContext, r: Resident, ctx: DecideContext, t: number): Promise<PlanSlot> {
  const s = c.settings;
  const mind = c.mindOf(r);
  const plan = mind.plan!;
  const have = slotAt(plan.hours, t);
  if (have) return have;
  const block = slotAt(plan.blocks, t) ?? {
    start: t,
    end: t + 60 * MINUTE_MS,
    activity: 'free time',
    place: r.profile.home,
  };
  if (s.ablate.planning) return block; // ablated: the block is not decomposed
  const g = s.planGranularityMinutes * MINUTE_MS;
  const window = {
    start: Math.max(block.start, floorTo(t, g)),
    end: Math.min(block.end, nextStartAfter(plan.hours, t, block.end)),
  };
  const same = (): PlanSlot[] => [{ ...block, start: window.start, end: window.end }];
  let items: PlanSlot[] = same();
  const places = placesFor(ctx, r, mind);
  if (window.end - window.start > s.hourChunkMinutes * MINUTE_MS && !isSleeping(block.activity)) {
    const mems = await c.recall(r, [block.activity], ctx.now, { k: 4, kinds: EXPERIENCE });
    const input: PlanHoursInput = {
      first: r.profile.firstName,
      summary: await summaryOf(c, r, ctx.now),
      block: {
        start: hhmm((window.start - plan.dayStart) / MINUTE_MS),
        end: hhmm((window.end - plan.dayStart) / MINUTE_MS),
        activity: block.activity,
        place: block.place,
      },
      places,
      memories: c.promptMemories(
        mems.map((x) => x.memory),
        r,
      ),
    };
    const out = await c.ask(PLAN_HOURS_TASK, planHoursOutput, planHoursMessages(input), input, () => ({
      items: [],
    }));
    // A block pinned to a time and place (what a resident resolved to do there) keeps its place in every chunk.
    const got = toSlots(c, out.items, plan.dayStart, places, block.place).map((x) =>
      block.pinned ? { ...x, place: block.place, pinned: true } : x,
    );
    if (got.length === 0) c.log('agent: empty hour plan; keeping the block as one chunk', { agent: r.profile.id });
    else items = got;
    const fresh = normalizeSlots(
      items,
      window,
      slotOpts(c, () => same()[0]!),
    );
    await c.storeAll(planMemories(c, r, 'hour', fresh, places), ctx.now);
  }
  plan.hours = dedupeMeals(
    spliceSlots(
      plan.hours,
      window,
      items,
      slotOpts(c, () => same()[0]!),
    ),
    { replace: () => notAMeal(block.activity) },
  );
  return slotAt(plan.hours, t) ?? same()[0]!;
}

/** The 5-15 minute step covering t, decomposing the current hour lazily (one call per hour at most). */
export async function ensureStep(c: MindContext, r: Resident, ctx: DecideContext, t: number): Promise<StepSlot> {
  const s = c.settings;
  const mind = c.mindOf(r);
  const plan = mind.plan!;
  const have = slotAt(plan.steps, t);
  if (have) return have;
  const hour = await ensureHour(c, r, ctx, t);
  if (s.ablate.planning) return { ...hour, emoji: isSleeping(hour.activity) ? '😴' : '🙂' };
  const g = s.planGranularityMinutes * MINUTE_MS;
  const start = Math.max(hour.start, floorTo(t, g));
  // One call steps through the hour chunks that follow in the same place, up to hourChunkMinutes (issue 33 item 5:
  // one hour chunk per call made plan steps 14-17 calls a day, each paying the prompt and schema again).
  const limit = Math.min(
    start + s.hourChunkMinutes * MINUTE_MS,
    nextStartAfter(plan.steps, t, Number.POSITIVE_INFINITY),
  );
  const chunks: PlanSlot[] = [{ ...hour, start, end: Math.min(hour.end, limit) }];
  while (!isSleeping(hour.activity)) {
    const last = chunks.at(-1)!;
    // the next block's chunk too, when it needs no call of its own (a block no longer than a chunk is one)
    const block = slotAt(plan.blocks, last.end);
    const free = block !== undefined && block.end - block.start <= s.hourChunkMinutes * MINUTE_MS;
    const next =
      last.end >= limit
        ? undefined
        : (slotAt(plan.hours, last.end) ?? (free ? await ensureHour(c, r, ctx, last.end) : undefined));
    if (!next || next.start !== last.end || next.place !== hour.place || next.pinned !== hour.pinned) break;
    if (isSleeping(next.activity)) break;
    chunks.push({ ...next, end: Math.min(next.end, limit) });
  }
  const window = { start, end: chunks.at(-1)!.end };
  const whole: StepSlot = { ...hour, start, end: chunks[0]!.end, emoji: emojiFor(hour.activity) };
  let steps: StepSlot[] = [whole];
  const meal = chunks.length === 1 && !mind.context ? plainMeal(hour.activity) : null;
  if (meal && window.end - window.start > s.stepMinutes.max * MINUTE_MS) {
    // A plain meal's steps by rule, with no call (issue 33 item 5: routine blocks by rule): prepared and cleared
    // at home, ordered and paid for elsewhere, with the objects the place has for them. After an interruption
    // (mind.context: the stove burned) the model plans the meal again, knowing why.
    const { areas } = stepPlace(ctx, r, hour);
    const home = hour.place === r.profile.home;
    const has = (...names: string[]) =>
      names.find((n) => areas.some((a) => a.objects.some((o) => o.toLowerCase() === n))) ?? null;
    const minutes = (window.end - window.start) / MINUTE_MS;
    const third = Math.max(s.stepMinutes.min, Math.round(minutes / 3 / 5) * 5);
    const rule = home
      ? [
          { minutes: third, action: `prepare ${meal}`, object: has('stove', 'oven', 'kitchen counter', 'fridge') },
          { minutes: third, action: `eat ${meal}`, object: has('kitchen table', 'dining table', 'table') },
          { minutes: third, action: 'wash the dishes', object: has('sink', 'kitchen sink') },
        ]
      : [
          { minutes: third, action: `order ${meal}`, object: has('counter', 'cash register', 'bar') },
          { minutes: third, action: `eat ${meal}`, object: has('table', 'window table', 'long table') },
          { minutes: third, action: 'chat a little and pay', object: null },
        ];
    const got = toSteps(
      c,
      rule.map((x) => ({ ...x, emoji: emojiFor(x.action), objectStatus: null })),
      window,
      hour,
      areas,
    );
    if (got.length > 0) steps = [...got, ...restOf(chunks, got.at(-1)!.end)];
  } else if (window.end - window.start > s.stepMinutes.max * MINUTE_MS && !isSleeping(hour.activity)) {
    const { place, areas } = stepPlace(ctx, r, hour);
    const input: PlanStepsInput = {
      first: r.profile.firstName,
      // Who is doing it, briefly: the steps follow from the activity and the place (the most frequent plan call).
      summary: briefIdentity(await summaryOf(c, r, ctx.now), s.briefSummaryChars),
      chunk: {
        start: hhmm((window.start - plan.dayStart) / MINUTE_MS),
        end: hhmm((chunks[0]!.end - plan.dayStart) / MINUTE_MS),
        activity: hour.activity,
        placeName: place?.name ?? (hour.place === r.profile.home ? 'home' : hour.place),
      },
      ...(chunks.length > 1
        ? {
            following: chunks.slice(1).map((x) => ({
              start: hhmm((x.start - plan.dayStart) / MINUTE_MS),
              end: hhmm((x.end - plan.dayStart) / MINUTE_MS),
              activity: x.activity,
            })),
          }
        : {}),
      home: hour.place === r.profile.home,
      areas,
      ...(mind.context ? { context: mind.context } : {}),
      steps: s.stepMinutes,
    };
    mind.context = null;
    const out = await c.ask(PLAN_STEPS_TASK, planStepsOutput, planStepsMessages(input), input, () => ({
      steps: [],
    }));
    const got = toSteps(c, stepsOf(out), window, hour, areas);
    if (got.length === 0) c.log('agent: empty step plan; using the hour as one step', { agent: r.profile.id });
    // One call per window (issue 33 item 5): where the model's steps stop short, each chunk's own activity fills
    // the rest of its span by rule, instead of a call the next tick for what is left of the same window.
    else steps = [...got, ...restOf(chunks, got.at(-1)!.end)];
    const places = placesFor(ctx, r, mind);
    await c.storeAll(planMemories(c, r, 'step', steps, places), ctx.now);
  }
  // what the steps cover is replaced
  const covered = { start: window.start, end: Math.max(whole.end, steps.at(-1)?.end ?? whole.end) };
  plan.steps = dedupeMeals(
    spliceSlots(
      plan.steps,
      covered,
      steps,
      slotOpts(c, () => whole),
    ),
    { replace: () => notAMeal(hour.activity), transparent: (x) => x.kind !== undefined },
  );
  return slotAt(plan.steps, t) ?? whole;
}

/**
 * The place of a step chunk and the sub-areas and objects its steps may use: another person's own room is not where
 * one's steps happen (a lean prompt in a shared house), and an object whose state says it cannot be used (broken,
 * occupied, burning) is not offered. One rule for the model's steps and the ones made by rule.
 */
function stepPlace(ctx: DecideContext, r: Resident, hour: PlanSlot) {
  const place = [ctx.location, ...ctx.knownPlaces].find((p) => p.id === hour.place);
  const all = (place?.subAreas ?? []).map((a) => ({
    name: a.name,
    objects: a.objects.filter((o) => !unusable(o.status)).map((o) => o.name),
  }));
  const mine = all.filter((a) => !othersPrivateArea(a.name, r.profile.name));
  return { place, areas: mine.length > 0 ? mine : all };
}

/** "have lunch", "eat dinner at home", "grab breakfast": a meal and nothing else (no gathering, no one's supper). */
function plainMeal(activity: string): string | null {
  const meal = mealOf(activity);
  if (!meal) return null;
  const plain =
    /^(?:have|eat|grab|make|cook|prepare)\s+(?:a\s+)?(?:quick\s+|light\s+|early\s+|late\s+)?(?:breakfast|brunch|lunch|dinner|supper)(?:\s+(?:at home|at \p{Lu}[^,;]*))?$/iu;
  return plain.test(activity.trim()) ? meal : null;
}

/** What the steps left of the chunks after `from`: each chunk's own activity, as one step of the rest of it. */
function restOf(chunks: readonly PlanSlot[], from: number): StepSlot[] {
  return chunks
    .filter((x) => x.end > from)
    .map((x) => ({ ...x, start: Math.max(x.start, from), emoji: emojiFor(x.activity) }));
}

/** Model steps -> consecutive slots from the window start; sub-areas and objects only from the place. */
export function toSteps(
  c: MindContext,
  raw: readonly PlanStep[],
  window: { start: number; end: number },
  hour: PlanSlot,
  areas: readonly { name: string; objects: string[] }[],
): StepSlot[] {
  const s = c.settings;
  const out: StepSlot[] = [];
  let cursor = window.start;
  for (const st of raw) {
    const action = clipText(String(st.action ?? ''), 140);
    if (action === '' || cursor >= window.end) continue;
    const minutes = clampInt(st.minutes, s.stepMinutes.min, 60, s.stepMinutes.max);
    const end = Math.min(window.end, cursor + minutes * MINUTE_MS);
    // `object` names a listed object (its sub-area is the one listing it) or else a listed sub-area
    const named = String(st.object ?? '').toLowerCase();
    const objArea = named ? areas.find((a) => a.objects.some((o) => o.toLowerCase() === named)) : undefined;
    const area = objArea ? undefined : areas.find((a) => a.name.toLowerCase() === named);
    const object = objArea?.objects.find((o) => o.toLowerCase() === named);
    const emoji =
      typeof st.emoji === 'string' && st.emoji.trim() !== '' && st.emoji.length <= 8
        ? st.emoji.trim()
        : emojiFor(action);
    out.push({
      start: cursor,
      end,
      activity: action,
      place: hour.place,
      emoji,
      ...(objArea ? { subArea: objArea.name } : area ? { subArea: area.name } : {}),
      ...(object ? { object, objectStatus: clipText(String(st.objectStatus ?? 'in use'), 60) } : {}),
    });
    cursor = end;
  }
  return out;
}

const PRIVATE_AREA = /^(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)+)['’]s (room|bedroom|bathroom)$/u;

/** "Latoya Williams's room" is private to Latoya: true for anyone else. */
export function othersPrivateArea(area: string, self: string): boolean {
  const m = PRIVATE_AREA.exec(area);
  return m !== null && m[1] !== self;
}

/** What a repeated meal becomes: the parent activity, unless that is the meal itself. */
function notAMeal(parent: string): string {
  return mealOf(parent) ? 'take a short rest' : parent;
}

const UNUSABLE =
  /\b(broken|out of order|not working|occupied|in use by|burning|on fire|smoking|flood(?:ed|ing)|leak(?:ing|s)?|closed for repair|being repaired)\b/i;

/** An object state that says it cannot be used now ("broken", "occupied", "on fire"). */
export function unusable(status: string | undefined): boolean {
  return status !== undefined && UNUSABLE.test(status);
}

// Acting and reacting (sec. 4.3.1): each tick, the current step of the plan, or a reaction to what was perceived,
// or the decision to talk to someone; refusals by the world re-plan.
import { hashString } from '../core/rng.ts';
import { slotAt } from '../core/schedule.ts';
import {
  clip as clipText,
  emojiFor,
  escapeRegExp,
  heuristicImportance,
  isAlarming,
  isIdle,
  isSleeping,
  progressive,
  stripPeriod,
} from '../core/text.ts';
import { clockAt, DAY_MS, dayKey, MINUTE_MS } from '../core/time.ts';
import { clampInt, EXPERIENCE, firstWord, floorTo, type MindContext, type Resident } from './context.ts';
import { talkPins } from './core-knowledge.ts';
import { ensureStep, unusable } from './decompose.ts';
import { summaryOf } from './describe.ts';
import type { MindState, PlanSlot, StepSlot } from './mind-state.ts';
import { ensureDay } from './plan.ts';
import { seenStep } from './plan-audience.ts';
import { cutFrom } from './plan-slots.ts';
import type { PlanStep } from './prompts/plan-steps.ts';
import { NO_REACTION, REACT_TASK, type ReactInput, reactionOf, reactMessages, reactOutput } from './prompts/react.ts';
import { relationOf } from './relations.ts';
import type { Action, DecideContext, Decision } from './types.ts';

const EVENT_KEY = 'considered an event';

/** The focal perception worth a react decision, if any (sec. 4.3.1; cheap gates first, no model call). */
export function focalPerception(
  c: MindContext,
  r: Resident,
  ctx: DecideContext,
  status: string,
): {
  observation: string;
  subject?: string;
  person?: DecideContext['nearby'][number];
  /** Everyone free around when a person is considered: one decision answers for all of them. */
  around?: DecideContext['nearby'];
} | null {
  const s = c.settings;
  const mind = c.mindOf(r);
  const now = ctx.now;
  const recently = (at: number | undefined, minutes: number) => at !== undefined && now - at < minutes * MINUTE_MS;
  const own = new RegExp(`^(${escapeRegExp(r.profile.name)}|${escapeRegExp(r.profile.firstName)})\\b`);
  const fresh = ctx.perceived.filter(
    (p) =>
      p.kind !== 'speech' &&
      !isIdle(p.description) &&
      !own.test(p.description) &&
      !recently(mind.considered[p.description], 60),
  );
  // An alarm is a state of things (a stove burning, a pipe leaking), not someone's reaction to one: "Lena is
  // putting out the fire" does not send everyone else running too (no cascade).
  const alarm = fresh.find((p) => p.kind !== 'action' && isAlarming(p.description));
  if (alarm) return { observation: alarm.description, ...(alarm.subject ? { subject: alarm.subject } : {}) };
  if (isSleeping(status)) return null;
  // Whom to consider talking to: a free person not talked with lately; in a crowd, not always the first one
  // listed (the others there are likelier to be taken by then), but a stable choice for the same moment.
  // (none while it rests from its last talk: settings.talkRestMinutes)
  const resting = recently(mind.lastTalkAt, s.talkRestMinutes);
  const free = ctx.nearby.filter(
    (n) =>
      !resting &&
      !n.busy &&
      !recently(mind.chattedAt[n.id], s.chatCooldownMinutes) &&
      !recently(mind.considered[declinedKey(n.id)], s.chatDeclinedMinutes),
  );
  const n = free.sort(
    (a, b) => hashString(`${r.profile.id}|${a.id}|${now}`) - hashString(`${r.profile.id}|${b.id}|${now}`),
  )[0];
  if (n) return { observation: `${n.name} is ${stripPeriod(n.action)}`, subject: n.name, person: n, around: free };
  // Someone else's doings, arrivals and object states are no reason to stop unless remarkable (sec. 4.3.1: react
  // to what matters), and an ordinary event reopens the plan at most once per settings.reactCooldownMinutes.
  if (recently(mind.considered[EVENT_KEY], s.reactCooldownMinutes)) return null;
  const notable = fresh
    // someone dealing with an alarm is not a new alarm (the alarm itself is perceived as a state of things)
    .filter((p) => !(p.kind === 'action' && isAlarming(p.description)))
    .map((p) => ({
      p,
      imp: r.memory.latestWithDescription(p.description)?.importance ?? heuristicImportance(p.description),
    }))
    .filter((x) => x.imp >= s.reactEventImportance)
    .sort((a, b) => b.imp - a.imp)[0];
  if (!notable) return null;
  mind.considered[EVENT_KEY] = now;
  return { observation: notable.p.description, ...(notable.p.subject ? { subject: notable.p.subject } : {}) };
}

/** Plans (day outline -> hour -> 5-15 min steps, lazily), reacts or continues; returns the current action. */
export async function decide(c: MindContext, r: Resident, ctx: DecideContext): Promise<Decision> {
  const mind = c.mindOf(r);
  const p = r.profile;
  const now = ctx.now;
  await ensureDay(c, r, ctx);
  if (ctx.rejected) await onRejected(c, r, ctx);
  let step = await ensureStep(c, r, ctx, now);
  let reacted = false;
  let converse: Decision['converse'];
  const focal = focalPerception(c, r, ctx, step.activity);
  if (focal) {
    mind.considered[focal.observation] = now;
    if (focal.person) mind.chattedAt[focal.person.id] = now; // considered: no new decision for a while
    pruneTimes(mind.considered, now);
    const context = await c.recall(
      r,
      [`What is ${p.firstName}'s relationship with ${focal.subject ?? focal.observation}?`, focal.observation],
      now,
      { k: c.settings.reactContextK, kinds: EXPERIENCE, planLevels: ['day'] },
    );
    const person = focal.person ? relationOf(c, r, focal.person.name) : null;
    // its own seed knowledge about the person met, and a secret it means to tell them (core-knowledge.ts)
    const pinned = focal.person
      ? talkPins(
          c,
          r,
          { text: focal.observation, listeners: [focal.person.name] },
          new Set(context.map((x) => x.memory.id)),
        )
      : [];
    const input: ReactInput = {
      name: p.name,
      first: p.firstName,
      summary: await summaryOf(c, r, now),
      time: clockAt(now),
      status: progressive(step.activity),
      placeName: ctx.location.name,
      observation: focal.observation,
      ...(focal.subject ? { subject: focal.subject } : {}),
      context: c.promptMemories([...context.map((x) => x.memory), ...pinned], r),
      ...(focal.person ? { person: { name: focal.person.name, action: focal.person.action } } : {}),
      ...(person ? { relations: [person] } : {}),
    };
    const out = await c.ask(REACT_TASK, reactOutput, reactMessages(input), input, () => ({
      ...NO_REACTION,
    }));
    // Chose not to talk: no new decision about this person for a while (unless they are still there much later).
    // Deciding not to talk now answers for everyone free around too: no new decision per person this moment.
    if (focal.person && out.decision !== 'talk')
      for (const x of focal.around ?? [focal.person]) mind.considered[declinedKey(x.id)] = now;
    if (out.decision === 'talk' && focal.person) {
      converse = {
        with: focal.person.id,
        intent: clipText(out.detail?.trim() || `talk with ${firstWord(focal.person.name)}`, 160),
      };
    } else {
      const reaction = reactionOf(out);
      if (reaction) {
        step = await react(c, r, ctx, focal.observation, reaction);
        reacted = true;
      }
    }
  }
  // A step planned before an object broke (or caught fire, or was taken) goes on without it: not used.
  if (step.object && step.kind !== 'reaction') {
    const status = ctx.location.subAreas
      .flatMap((a) => a.objects)
      .find((o) => o.name.toLowerCase() === step.object!.toLowerCase())?.status;
    if (unusable(status)) {
      const { object: _o, objectStatus: _s, ...rest } = step;
      step = rest;
    }
  }
  // an event of the day (a pinned block) or the day's work that begins elsewhere before the next tick: set off for it
  // now, so the host is there when it starts, a guest is not a tick late and a baker opens on time (a move takes at
  // least a tick)
  const soon = reacted || converse ? undefined : setOffFor(mind.plan?.blocks ?? [], now, ctx, step, p.work?.place);
  if (soon) step = { start: now, end: soon.start, activity: soon.activity, place: soon.place, emoji: step.emoji };
  // (what the resident is seen doing never carries its secret: plan-audience.ts seenStep)
  const action = toAction(r, seenStep(c, r, step, p.work?.place));
  const changed =
    !mind.lastAction ||
    mind.lastAction.description !== action.description ||
    mind.lastAction.location !== action.location;
  mind.lastAction = action;
  // A resident perceives its own new action like any event (the Smallville code stores it as one): a routine
  // step counts little, a party or a reaction to a fire a lot (sec. 4.2 trigger). Sleep is not perceived.
  if (changed && !isSleeping(step.activity))
    mind.importanceSinceReflection += reacted
      ? (r.memory.latestWithDescription(focal?.observation ?? '')?.importance ?? heuristicImportance(step.activity))
      : Math.min(heuristicImportance(step.activity), c.settings.ownActionMaxImportance);
  return { action, changed, reacted, ...(converse ? { converse } : {}) };
}

/**
 * The pinned block (an event) or a moment to find someone, or else the block at the resident's workplace, that starts at another place after now
 * and before the next tick, if any (nothing takes the resident away from an event or work it is at).
 */
function setOffFor(
  blocks: readonly PlanSlot[],
  now: number,
  ctx: DecideContext,
  step: StepSlot,
  workplace: string | undefined,
): PlanSlot | undefined {
  const current = slotAt(blocks, now);
  if (step.pinned || current?.pinned) return undefined;
  const by = now + ctx.minutesPerTick * MINUTE_MS;
  const ahead = (b: PlanSlot) => b.start > now && b.start <= by && b.place !== ctx.location.id;
  // (a moment to find someone is kept like an event: seek.ts markSeeks)
  const event = blocks.find((b) => (b.pinned || b.seek) && ahead(b));
  if (event || !workplace || current?.place === workplace) return event;
  return blocks.find((b) => b.place === workplace && ahead(b));
}

/** A reaction becomes the current step; the rest of the hour is planned again from its end (sec. 4.3.1). */
export async function react(
  c: MindContext,
  r: Resident,
  ctx: DecideContext,
  observation: string,
  out: PlanStep,
): Promise<StepSlot> {
  const s = c.settings;
  const mind = c.mindOf(r);
  const plan = mind.plan!;
  const g = s.planGranularityMinutes * MINUTE_MS;
  const start = floorTo(ctx.now, g);
  const minutes = clampInt(out.minutes, s.stepMinutes.min, 60, s.reactionMinutes);
  const end = start + minutes * MINUTE_MS;
  const reaction = clipText(stripPeriod(out.action), 140);
  const objects = ctx.location.subAreas.flatMap((a) => a.objects.map((o) => ({ area: a.name, name: o.name })));
  const obj = out.object ? objects.find((o) => o.name.toLowerCase() === out.object!.toLowerCase()) : undefined;
  const step: StepSlot = {
    start,
    end,
    activity: reaction,
    place: ctx.location.id,
    emoji: out.emoji && out.emoji.length <= 8 ? out.emoji : emojiFor(reaction),
    kind: 'reaction',
    ...(obj ? { subArea: obj.area, object: obj.name, objectStatus: clipText(out.objectStatus ?? 'in use', 60) } : {}),
  };
  const hour = slotAt(plan.hours, ctx.now);
  const hourEnd = hour?.end ?? end;
  // Re-plan from now: the reaction, then the rest of the hour decomposed again when reached (lazily).
  const cutEnd = Math.max(end, hourEnd);
  const kept = plan.steps.flatMap((x) =>
    x.end <= start || x.start >= cutEnd
      ? [x]
      : x.start < start
        ? [{ ...x, end: start }]
        : x.end > cutEnd
          ? [{ ...x, start: cutEnd }]
          : [],
  );
  plan.steps = [...kept, step].sort((a, b) => a.start - b.start);
  mind.context = `${r.profile.firstName} had to ${reaction} because ${stripPeriod(observation).toLowerCase()}`;
  // An alarm changes the day: the rest of it is planned again from the reaction's end (sec. 4.3.1: "the plan is
  // regenerated from that moment"); an ordinary reaction re-plans the rest of the hour only (cost).
  if (isAlarming(observation)) mind.replan = { reason: mind.context, at: end };
  const imp = r.memory.latestWithDescription(observation)?.importance ?? heuristicImportance(observation);
  await c.storeAll(
    [
      {
        r,
        m: {
          kind: 'plan',
          description: `${r.profile.firstName} reacted to "${stripPeriod(observation)}" and decided to ${reaction}`,
          importance: imp,
          plan: { level: 'step', start, minutes, location: ctx.location.id },
        },
      },
    ],
    ctx.now,
  );
  return step;
}

/**
 * The world refused a move. A sub-area taken (an occupied restroom) keeps the place: the steps are planned again
 * with that in mind (another sub-area, or a short wait). A place closed or full is avoided for a while
 * (settings.avoidMinutes), the plan's time there in that while spent at home, then the plan resumes.
 */
export async function onRejected(c: MindContext, r: Resident, ctx: DecideContext): Promise<void> {
  const mind = c.mindOf(r);
  const plan = mind.plan!;
  const reason = clipText(ctx.rejected!, 200);
  const target = mind.lastAction?.location;
  const subArea = mind.lastAction?.subArea;
  const areaTaken = subArea !== undefined && reason.toLowerCase().includes(subArea.toLowerCase());
  const text = `${r.profile.firstName} could not go ahead as planned: ${stripPeriod(reason)}`;
  // (marked blocked: a turned-away plan is no matter for reflection, reflect.ts `worth`)
  await c.storeAll(
    [{ r, m: { kind: 'observation', description: text, importance: 3, meta: { blocked: true } } }],
    ctx.now,
  );
  mind.context = areaTaken ? `${text}; use another part of the place, or wait a little` : text;
  plan.steps = cutFrom(plan.steps, floorTo(ctx.now, c.settings.planGranularityMinutes * MINUTE_MS));
  if (areaTaken || !target || target === r.profile.home) return;
  const given = noteFailure(c, mind, target, ctx.now);
  const until = ctx.now + (given ? c.settings.goalDropDays * DAY_MS : c.settings.avoidMinutes * MINUTE_MS);
  if (given) {
    const name = ctx.knownPlaces.find((p) => p.id === target)?.name ?? ctx.location.name;
    const what = `${r.profile.firstName} gives up on going to ${name} for now: turned away ${c.settings.goalFailDays} days running`;
    await c.storeAll([{ r, m: { kind: 'observation', description: what, importance: 4 } }], ctx.now);
    mind.context = `${mind.context}; ${what}`;
  }
  if (!mind.avoid.includes(target)) mind.avoid.push(target);
  mind.avoidUntil[target] = until;
  const home = r.profile.home;
  // only the part of the plan inside the avoided while moves home; later time there stands
  const swap = <T extends PlanSlot>(xs: readonly T[]): T[] =>
    xs.flatMap((x) => {
      if (x.place !== target || x.end <= ctx.now || x.start >= until) return [x];
      const parts: T[] = [];
      if (x.start < ctx.now) parts.push({ ...x, end: ctx.now });
      parts.push({ ...x, start: Math.max(x.start, ctx.now), end: Math.min(x.end, until), place: home });
      if (x.end > until) parts.push({ ...x, start: until });
      return parts;
    });
  plan.blocks = swap(plan.blocks);
  plan.hours = swap(plan.hours);
}

/**
 * Counts a refusal at a place, one per day; true when the last `goalFailDays` were days running (today included):
 * the goal there keeps failing and is given up for `goalDropDays` (the place leaves the plans, which change).
 */
export function noteFailure(c: MindContext, mind: MindState, place: string, now: number): boolean {
  const n = c.settings.goalFailDays;
  if (n <= 0) return false;
  const today = dayKey(now);
  mind.failedDays = mind.failedDays ?? {};
  const days = mind.failedDays;
  const mine = days[place] ?? [];
  if (mine.at(-1) !== today) mine.push(today);
  days[place] = mine.slice(-n);
  const running = days[place].length === n && days[place].every((d, i) => d === dayKey(now - (n - 1 - i) * DAY_MS));
  if (running) delete days[place];
  return running;
}

export function toAction(r: Resident, step: StepSlot): Action {
  const activity = stripPeriod(step.activity);
  const description = new RegExp(`^${escapeRegExp(r.profile.name)}\\b`).test(activity)
    ? activity
    : `${r.profile.name} is ${progressive(activity)}`;
  return {
    description,
    emoji: step.emoji,
    location: step.place,
    ...(step.subArea ? { subArea: step.subArea } : {}),
    ...(step.object ? { object: step.object } : {}),
    ...(step.objectStatus ? { objectStatus: step.objectStatus } : {}),
    start: step.start,
    minutes: Math.round((step.end - step.start) / MINUTE_MS),
  };
}

const declinedKey = (id: string) => `declined talk:${id}`;

function pruneTimes(rec: Record<string, number>, now: number): void {
  for (const [k, at] of Object.entries(rec)) if (now - at > DAY_MS) delete rec[k];
}

// Tick phases 3-5 (Park et al. 2023, sec. 4.3 and 5): each resident present decides (plan, react or continue; in
// parallel, bounded), the world applies the decisions in resident order (moves, objects, posts) and posts each
// resident's morning plan once a day.
import type { AgentId } from '../agent/types.ts';
import { dayIndex } from '../core/time.ts';
import { mapLimit } from './concurrency.ts';
import { withCallContext } from './metering.ts';
import type { Decision, MindAction, Perceived } from './mind.ts';
import { actionPhrase, eventText, guarded, SLEEP_RE, type TickContext } from './tick-context.ts';
import { freeToTalk, type talksToday } from './tick-converse.ts';
import type { CurrentAction, ResidentState } from './types.ts';
import {
  checkPresence,
  findLocation,
  getLocation,
  near,
  objectEvent,
  objectUsable,
  placeView,
  releaseObjects,
  rememberedPlaceView,
  resolveSubArea,
  travelTicks,
  useObject,
} from './world.ts';

function toCurrent(a: MindAction): CurrentAction {
  return {
    description: a.description,
    emoji: a.emoji,
    location: a.location,
    ...(a.subArea ? { subArea: a.subArea } : {}),
    ...(a.object ? { object: a.object } : {}),
    ...(a.objectStatus ? { objectStatus: a.objectStatus } : {}),
    start: a.start,
    minutes: a.minutes,
  };
}

/**
 * Decides and acts for every resident present; `mayTalk`: who may consider starting a conversation (talkFloor);
 * `talks`: the day's talks so far (talksToday, counted once for the tick). Returns each resident's decision
 * (conversation requests are paired by tick-converse.ts).
 */
export async function decidePhase(
  cx: TickContext,
  present: ResidentState[],
  perceivedBy: Map<AgentId, Perceived[]>,
  mayTalk: Set<AgentId>,
  talks: ReturnType<typeof talksToday>,
): Promise<Map<AgentId, Decision>> {
  const { state, t, now, post, newEvents, live, log, tickSeed } = cx;
  const s = state.settings;
  const runtime = cx.kit.runtime;
  const nearbyOf = (rs: ResidentState) =>
    near(state, rs).map((o) => ({
      id: o.profile.id,
      name: o.profile.name,
      action: o.action ? actionPhrase(o.profile, o.action.description) : 'idle',
      busy: !mayTalk.has(rs.profile.id) || !freeToTalk(state, rs, o, now, talks),
    }));
  // the events the town's reading knows (each host's, from its profile): heard of, they are known as read
  const townEvents = state.residents.flatMap((o) =>
    (o.profile.hosting ?? []).map((e) => ({
      kind: e.kind,
      host: o.profile.name,
      place: e.place,
      start: e.start,
      end: e.end,
    })),
  );
  const ctxFor = (rs: ResidentState, rejected?: string) => {
    const loc = getLocation(state, rs.location);
    const here = loc ? placeView(loc, now) : { id: rs.location, name: rs.location, subAreas: [] };
    const known = state.locations
      .filter((l) => rs.knownPlaces[l.id])
      .map((l) =>
        rememberedPlaceView(l, rs.knownPlaces[l.id] as NonNullable<ResidentState['knownPlaces'][string]>, now),
      );
    return {
      now,
      minutesPerTick: s.minutesPerTick,
      location: here,
      knownPlaces: known,
      perceived: perceivedBy.get(rs.profile.id) ?? [],
      nearby: nearbyOf(rs),
      ...(townEvents.length > 0 ? { townEvents } : {}),
      ...(rejected ? { rejected } : {}),
    };
  };
  const fallbackDecision = (rs: ResidentState): Decision => ({
    action: rs.action
      ? { ...rs.action, location: rs.location }
      : {
          description: `${rs.profile.name} is taking a moment to think`,
          emoji: '💭',
          location: rs.location,
          start: now,
          minutes: s.minutesPerTick,
        },
    changed: !rs.action,
    reacted: false,
  });
  const decisions = await mapLimit(present, s.concurrency, (rs) =>
    withCallContext({ resident: rs.profile.id, phase: 'decide', tick: t, seed: tickSeed }, async () => {
      const r = live(rs);
      const rejected = rs.rejected;
      delete rs.rejected;
      const decide = (why?: string) =>
        guarded(
          state,
          'decide',
          log,
          () => runtime.decide(r, ctxFor(rs, why)),
          () => fallbackDecision(rs),
        );
      // The agent names places by id; accept a name too.
      const normalise = (x: Decision): Decision => {
        const loc = getLocation(state, x.action.location) ?? findLocation(state, x.action.location);
        return loc && loc.id !== x.action.location ? { ...x, action: { ...x.action, location: loc.id } } : x;
      };
      let d = normalise(await decide(rejected));
      let check = checkPresence(state, rs, d.action.location, d.action.subArea, now);
      if (!check.ok) {
        // The world refuses an impossible move (sec. 7.3 boundaries); the resident re-plans knowing why.
        state.stats.rejectedMoves++;
        state.dayLog.rejectedMoves++;
        const reason = check.reason;
        d = normalise(await decide(reason));
        check = checkPresence(state, rs, d.action.location, d.action.subArea, now);
        if (!check.ok) {
          state.stats.rejectedMoves++;
          state.dayLog.rejectedMoves++;
          rs.rejected = check.reason;
          d = fallbackDecision(rs);
          const { subArea: _drop, ...rest } = d.action;
          d = { ...d, action: { ...rest, location: rs.location } };
        }
      }
      return d;
    }),
  );

  // 4. Act: apply decisions in resident order (deterministic), re-checking capacity against earlier movers.
  const decisionOf = new Map<AgentId, Decision>();
  for (let i = 0; i < present.length; i++) {
    const rs = present[i] as ResidentState;
    let d = decisions[i] as Decision;
    const check = checkPresence(state, rs, d.action.location, d.action.subArea, now);
    if (!check.ok) {
      rs.rejected = check.reason;
      state.stats.rejectedMoves++;
      state.dayLog.rejectedMoves++;
      const { subArea: _drop, ...rest } = d.action;
      d = { ...d, changed: false, action: { ...rest, location: rs.location } };
    }
    if (d.action.object && !objectUsable(state, d.action.location, d.action.object, d.action.subArea)) {
      const { object: _o, objectStatus: _s, ...rest } = d.action;
      d = { ...d, action: rest };
    }
    decisionOf.set(rs.profile.id, d);
    const a = d.action;
    const moving = a.location !== rs.location;
    const changed = d.changed || moving || !rs.action || rs.action.description !== a.description;
    if (changed || moving)
      for (const c of releaseObjects(state, rs.profile.id)) newEvents.push(objectEvent(state, c, t, [rs.profile.id]));
    rs.action = toCurrent(a);
    const phrase = actionPhrase(rs.profile, a.description);
    if (moving) {
      const from = getLocation(state, rs.location);
      const to = getLocation(state, a.location);
      const n = travelTicks(state, rs.location, a.location);
      rs.travel = { from: rs.location, to: a.location, departTick: t, arriveTick: t + n };
      post(rs, rs.location, 'move', `leaves for ${to?.name ?? a.location}`, '🚶');
      newEvents.push({
        tick: t,
        location: rs.location,
        ...(rs.subArea ? { subArea: rs.subArea } : {}),
        description: `${rs.profile.name} left ${from?.name ?? rs.location} for ${to?.name ?? a.location}`,
        subject: rs.profile.name,
        kind: 'action',
        exclude: [rs.profile.id],
      });
      continue;
    }
    rs.subArea = resolveSubArea(state, rs, rs.location, a.subArea);
    const change = useObject(state, rs.profile.id, rs.location, a.object, a.objectStatus, rs.subArea);
    if (change) newEvents.push(objectEvent(state, change, t, [rs.profile.id]));
    if (changed) {
      post(rs, rs.location, 'action', phrase, a.emoji || rs.emoji);
      newEvents.push({
        tick: t,
        location: rs.location,
        ...(rs.subArea ? { subArea: rs.subArea } : {}),
        description: eventText(rs, phrase),
        subject: rs.profile.name,
        kind: 'action',
        exclude: [rs.profile.id],
      });
    }
  }

  // 5. The morning plan summary: one short post per resident per day, once its day is planned.
  const today = dayIndex(now);
  for (const rs of present) {
    if (rs.planPostedDay === today || s.planSummaryLines === 0) continue;
    const lines = runtime.publicPlanLines(live(rs));
    if (lines.length === 0) continue;
    rs.planPostedDay = today;
    // The outline only (indented lines are decomposed steps), without the night's sleep: short and readable.
    const outline = lines
      .filter((l) => !/^\s/.test(l) && !SLEEP_RE.test(l))
      .map((l) => l.replace(/\s*\([a-z0-9-]+\)\s*$/, ''));
    const items = outline.length > 0 ? outline : lines;
    const more = items.length > s.planSummaryLines ? '; …' : '';
    post(
      rs,
      rs.travel ? rs.travel.from : rs.location,
      'plan',
      `today's plan: ${items.slice(0, s.planSummaryLines).join('; ')}${more}`,
      '📋',
    );
  }
  return decisionOf;
}

// One tick of the town (Park et al. 2023, sec. 4-5): perceive -> store observations (one batched call) -> plan,
// react or continue -> act (location, object status) -> converse -> reflect. Mutates the in-memory world; the
// service commits the result (snapshot + memory journal + posts) in one transaction.
import type { AgentId } from '../agent/types.ts';
import { mapLimit } from './concurrency.ts';
import { buildDigest, digestText } from './digest.ts';
import { withCallContext } from './metering.ts';
import type { Decision, MindAction, MindKit, MindResident, Perceived } from './mind.ts';
import { rngFrom } from './rng.ts';
import { dayIndex, MINUTE } from './time.ts';
import type { CurrentAction, NewPost, PostKind, ResidentState, TownState, WorldEvent } from './types.ts';
import { TOWN_HALL } from './types.ts';
import {
  canPerceive,
  checkPresence,
  findLocation,
  findResident,
  getLocation,
  learnPlace,
  near,
  objectEvent,
  observePlace,
  pairKey,
  perceivesBySubArea,
  placeView,
  releaseObjects,
  rememberedPlaceView,
  resolveSubArea,
  travelTicks,
  useObject,
} from './world.ts';

/** The live town: its snapshot plus each resident's mind (profile, mind state, memory stream). */
export interface TownWorld {
  state: TownState;
  residents: Map<AgentId, MindResident>;
}

export type TickLog = (level: 'warn' | 'error' | 'info', msg: string, data?: Record<string, unknown>) => void;

export interface TickResult {
  tick: number;
  now: number;
  posts: NewPost[];
  conversations: number;
  reflections: number;
  failures: number;
  /** Residents who acted this tick (present and decided, or on the road). */
  acted: number;
}

/** Collects the posts of one operation; seq numbers come from the state so they are gap-free across commits. */
export class PostBuffer {
  readonly posts: NewPost[] = [];
  constructor(private readonly state: TownState) {}
  add(p: Omit<NewPost, 'seq'>): void {
    this.posts.push({ ...p, seq: this.state.outboxSeq++ });
    this.state.dayLog.posts++;
  }
}

/** "Isabella Rodriguez is brewing coffee" -> "brewing coffee" (posts show the speaker's name already). */
export function actionPhrase(r: { name: string; firstName: string }, description: string): string {
  const d = description.trim().replace(/\.$/, '');
  for (const n of [r.name, r.firstName]) {
    const re = new RegExp(`^${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(is\\s+|was\\s+)?`, 'i');
    if (re.test(d)) return d.replace(re, '');
  }
  return d;
}

const SLEEP_RE = /\b(sleep|sleeping|asleep|in bed|napping)\b/i;

/** Counts a failed model-backed step and keeps going (reliability: a failure never stops the tick). */
export async function guarded<T>(
  state: TownState,
  step: string,
  log: TickLog | undefined,
  fn: () => Promise<T>,
  fallback: () => T,
): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    state.stats.failures++;
    state.stats.failuresByStep[step] = (state.stats.failuresByStep[step] ?? 0) + 1;
    log?.('warn', `town step ${step} failed; using a fallback`, { error: (e as Error).message });
    return fallback();
  }
}

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

function eventText(r: ResidentState, phrase: string): string {
  return `${r.profile.name} is ${phrase}`;
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

const TALKING_RE = /\b(talking|chatting) (with|to)\b/i;

/** Who talked today: per resident and per pair (from the day log, reset at midnight). */
export function talksToday(state: TownState): { byResident: Map<AgentId, number>; pairs: Set<string> } {
  const byResident = new Map<AgentId, number>();
  const pairs = new Set<string>();
  for (const c of state.dayLog.conversations) {
    for (const p of c.participants) byResident.set(p, (byResident.get(p) ?? 0) + 1);
    const [a, b] = c.participants;
    if (a && b) pairs.add(pairKey(a, b));
  }
  return { byResident, pairs };
}

/** Can `rs` start a conversation with `o` now: awake, not mid-conversation, the pair's cooldown over. */
export function freeToTalk(state: TownState, rs: ResidentState, o: ResidentState, now: number): boolean {
  if (o.travel || (o.action && (SLEEP_RE.test(o.action.description) || TALKING_RE.test(o.action.description))))
    return false;
  const last = state.lastConversation[pairKey(rs.profile.id, o.profile.id)];
  return last === undefined || now - last >= state.settings.conversationCooldownMinutes * MINUTE;
}

/**
 * The residents who may consider starting a conversation this tick, in priority order: awake, someone free
 * nearby; fewest talks today first, ties broken by a rotation that starts at a different resident every tick
 * (`rotation`: the tick's seed in a run, any number in a test).
 */
export function talkFloor(
  state: TownState,
  present: readonly ResidentState[],
  rotation: number,
  now: number,
  talks: { byResident: Map<AgentId, number> } = talksToday(state),
): Set<AgentId> {
  const n = present.length;
  if (n === 0) return new Set();
  const start = rotation % n;
  const rotated = present.map((_, i) => present[(start + i) % n] as ResidentState);
  const eligible = rotated.filter(
    (rs) =>
      !(rs.action && SLEEP_RE.test(rs.action.description)) &&
      near(state, rs).some((o) => freeToTalk(state, rs, o, now)),
  );
  const order = eligible
    .map((rs, i) => ({ rs, i, talked: talks.byResident.get(rs.profile.id) ?? 0 }))
    .sort((a, b) => a.talked - b.talked || a.i - b.i);
  return new Set(order.slice(0, state.settings.talkFloorPerTick).map((x) => x.rs.profile.id));
}

/** Advances the town by one tick. */
export async function runTick(world: TownWorld, kit: MindKit, log?: TickLog): Promise<TickResult> {
  const { state } = world;
  const s = state.settings;
  const t = state.clock.tick + 1;
  const now = state.clock.start + t * s.minutesPerTick * MINUTE;
  // The tick's seed, drawn from the town's seeded random state: it orders the talk floor's ties and seeds every
  // model call of the tick (withCallContext), so one seed replays a run and another varies it.
  const tickSeed = Math.floor(rngFrom(state)() * 0x100000000);
  const out = new PostBuffer(state);
  const failuresBefore = state.stats.failures;
  const runtime = kit.runtime;
  const live = (rs: ResidentState) => world.residents.get(rs.profile.id) as MindResident;
  const newEvents: WorldEvent[] = [];
  const post = (rs: ResidentState | null, location: string, kind: PostKind, text: string, emoji?: string | null) =>
    out.add({
      location,
      speakerId: rs?.profile.id ?? null,
      speakerName: rs?.profile.name ?? null,
      emoji: emoji ?? rs?.emoji ?? null,
      kind,
      text,
      simTime: now,
    });

  // 0. A new simulated day: the previous day's digest goes to the town hall (issue 4).
  if (dayIndex(now) !== state.dayLog.day) {
    const digest = buildDigest(state);
    state.lastDigest = digest;
    post(null, TOWN_HALL, 'digest', digestText(digest), '📰');
    state.dayLog = { day: dayIndex(now), conversations: [], newRelations: [], notable: [], posts: 0, rejectedMoves: 0 };
  }

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

  // 3. Decide (in parallel, bounded): plan, react or continue. Everyone sees the world as it was at tick start.
  // The conversation floor is shared fairly: only a few residents per tick (fewest talks today first, then a
  // rotation by tick) may consider starting a conversation; to the others everyone nearby is busy, so nobody spends
  // a decision on a talk that could not start this tick, and residents late in the list are not always left out.
  const talks = talksToday(state);
  const mayTalk = talkFloor(state, present, tickSeed, now, talks);
  const nearbyOf = (rs: ResidentState) =>
    near(state, rs).map((o) => ({
      id: o.profile.id,
      name: o.profile.name,
      action: o.action ? actionPhrase(o.profile, o.action.description) : 'idle',
      busy: !mayTalk.has(rs.profile.id) || !freeToTalk(state, rs, o, now),
    }));
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
    const lines = runtime.planLines(live(rs));
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

  // 6. Conversations (dialogue is a kind of reaction, sec. 4.3): requests are paired fairly, not in resident
  // order: pairs that have not talked today first, then residents with the fewest talks today, then the floor's order.
  const talking = new Set<AgentId>();
  const groups: { initiator: ResidentState; other: ResidentState; intent: string }[] = [];
  const floorRank = new Map([...mayTalk].map((id, i) => [id, i]));
  const requests = present
    .flatMap((rs) => {
      const req = decisionOf.get(rs.profile.id)?.converse;
      if (!req || rs.travel) return [];
      const other = state.residents.find((o) => o.profile.id === req.with) ?? findResident(state, req.with);
      if (!other || other === rs || other.travel || !near(state, rs).includes(other)) return [];
      if (!freeToTalk(state, rs, other, now)) return [];
      const key = pairKey(rs.profile.id, other.profile.id);
      return [{ rs, other, intent: req.intent, key }];
    })
    .map((r, i) => ({
      ...r,
      rank: [
        talks.pairs.has(r.key) ? 1 : 0,
        (talks.byResident.get(r.rs.profile.id) ?? 0) + (talks.byResident.get(r.other.profile.id) ?? 0),
        floorRank.get(r.rs.profile.id) ?? present.length + i,
      ],
    }))
    .sort((a, b) => a.rank[0]! - b.rank[0]! || a.rank[1]! - b.rank[1]! || a.rank[2]! - b.rank[2]!);
  for (const { rs, other, intent } of requests) {
    if (groups.length >= s.maxConversationsPerTick) break;
    if (talking.has(rs.profile.id) || talking.has(other.profile.id)) continue;
    talking.add(rs.profile.id);
    talking.add(other.profile.id);
    groups.push({ initiator: rs, other, intent });
  }
  const solo = present.filter((rs) => !talking.has(rs.profile.id));
  let reflections = 0;
  const reflect = (rs: ResidentState) =>
    withCallContext({ resident: rs.profile.id, phase: 'reflect', tick: t, seed: tickSeed }, async () => {
      const n = await guarded(
        state,
        'reflect',
        log,
        () => runtime.maybeReflect(live(rs), now),
        () => 0,
      );
      reflections += n;
    });
  type Work = { kind: 'talk'; g: (typeof groups)[number] } | { kind: 'solo'; rs: ResidentState };
  const work: Work[] = [
    ...groups.map((g): Work => ({ kind: 'talk', g })),
    ...solo.map((rs): Work => ({ kind: 'solo', rs })),
  ];
  const transcripts = await mapLimit(work, s.concurrency, async (w) => {
    if (w.kind === 'solo') {
      await reflect(w.rs);
      return null;
    }
    const { initiator, other, intent } = w.g;
    const loc = getLocation(state, initiator.location);
    const conv = await withCallContext(
      {
        resident: initiator.profile.id,
        phase: 'converse',
        group: pairKey(initiator.profile.id, other.profile.id),
        tick: t,
        seed: tickSeed,
      },
      () =>
        guarded(
          state,
          'converse',
          log,
          () =>
            runtime.converse([live(initiator), live(other)], {
              now,
              location: loc ? placeView(loc, now) : { id: initiator.location, name: initiator.location, subAreas: [] },
              initiator: initiator.profile.id,
              intent,
            }),
          () => null,
        ),
    );
    // Reflection after the conversation, so what was said can feed it.
    await Promise.all([reflect(initiator), reflect(other)]);
    return conv ? { g: w.g, lines: conv.lines } : null;
  });

  let conversations = 0;
  for (const tr of transcripts) {
    if (!tr || tr.lines.length === 0) continue;
    const { initiator, other } = tr.g;
    const names = new Map([initiator, other].map((x) => [x.profile.id, x]));
    conversations++;
    state.stats.conversations++;
    for (const x of [initiator, other])
      state.stats.conversationsByResident[x.profile.id] = (state.stats.conversationsByResident[x.profile.id] ?? 0) + 1;
    const key = pairKey(initiator.profile.id, other.profile.id);
    state.lastConversation[key] = now;
    if (!state.acquaintances.includes(key)) {
      state.acquaintances.push(key);
      state.acquaintances.sort();
      state.dayLog.newRelations.push([initiator.profile.id, other.profile.id]);
    }
    tr.lines.forEach((line, i) => {
      const speaker = names.get(line.speaker) ?? initiator;
      const listener = speaker === initiator ? other : initiator;
      post(speaker, initiator.location, 'dialogue', line.text, speaker.emoji);
      if (i < s.bystanderLines)
        newEvents.push({
          tick: t,
          location: initiator.location,
          ...(initiator.subArea ? { subArea: initiator.subArea } : {}),
          description: `${speaker.profile.name} said to ${listener.profile.name}: "${line.text.slice(0, 200)}"`,
          subject: speaker.profile.name,
          kind: 'speech',
          exclude: [initiator.profile.id, other.profile.id],
        });
    });
    state.dayLog.conversations.push({
      at: now,
      location: initiator.location,
      participants: [initiator.profile.id, other.profile.id],
      lines: tr.lines.length,
      ...(tr.lines[0] ? { firstLine: tr.lines[0].text.slice(0, 160) } : {}),
    });
  }
  state.stats.reflections += reflections;

  // 7. Spatial memory from what was heard; bookkeeping.
  for (const rs of state.residents) {
    learnPlacesFromMemories(state, rs, live(rs));
    rs.mind = live(rs).mind; // the agent may replace its state object rather than mutate it
  }
  state.events.push(...newEvents);
  state.clock.tick = t;
  state.clock.now = now;
  state.stats.ticks++;
  return {
    tick: t,
    now,
    posts: out.posts,
    conversations,
    reflections,
    failures: state.stats.failures - failuresBefore,
    acted: present.length + state.residents.filter((r) => r.travel !== null && !present.includes(r)).length,
  };
}

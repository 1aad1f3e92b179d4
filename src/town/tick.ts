// One tick of the town (Park et al. 2023, sec. 4-5): perceive -> store observations (one batched call) -> plan,
// react or continue -> act (location, object status) -> converse -> reflect. Mutates the world it is given; the
// session commits the result (snapshot + memory journal + posts) in one transaction. The phases live in
// tick-perceive.ts, tick-decide.ts and tick-converse.ts; what they share in tick-context.ts.

import { dayIndex, MINUTE_MS } from '../core/time.ts';
import { buildDigest, digestText } from './digest.ts';
import type { MindKit, MindResident } from './mind.ts';
import { rngFrom } from './rng.ts';
import { PostBuffer, type TickContext, type TickLog, type TickResult, type TownWorld } from './tick-context.ts';
import { conversePhase, talkFloor, talksToday } from './tick-converse.ts';
import { decidePhase } from './tick-decide.ts';
import { learnPlacesFromMemories, perceivePhase } from './tick-perceive.ts';
import type { ResidentState, WorldEvent } from './types.ts';
import { TOWN_HALL } from './types.ts';

export {
  actionPhrase,
  guarded,
  PostBuffer,
  type TickContext,
  type TickLog,
  type TickResult,
  type TownWorld,
} from './tick-context.ts';
export { freeToTalk, talkFloor, talksToday } from './tick-converse.ts';
export { attend, learnPlacesFromMemories } from './tick-perceive.ts';

/** Advances the town by one tick. */
export async function runTick(world: TownWorld, kit: MindKit, log?: TickLog): Promise<TickResult> {
  const { state } = world;
  const s = state.settings;
  const t = state.clock.tick + 1;
  const now = state.clock.start + t * s.minutesPerTick * MINUTE_MS;
  // The tick's seed, drawn from the town's seeded random state: it orders the talk floor's ties and seeds every
  // model call of the tick (withCallContext), so one seed replays a run and another varies it.
  const tickSeed = Math.floor(rngFrom(state)() * 0x100000000);
  const out = new PostBuffer(state);
  const failuresBefore = state.stats.failures;
  const live = (rs: ResidentState) => world.residents.get(rs.profile.id) as MindResident;
  const newEvents: WorldEvent[] = [];
  const post: TickContext['post'] = (rs, location, kind, text, emoji, conversationId) =>
    out.add({
      location,
      speakerId: rs?.profile.id ?? null,
      speakerName: rs?.profile.name ?? null,
      emoji: emoji ?? rs?.emoji ?? null,
      kind,
      text,
      simTime: now,
      ...(conversationId ? { conversationId } : {}),
    });
  const cx: TickContext = { world, state, kit, log, t, now, tickSeed, live, post, newEvents };

  // 0. A new simulated day: the previous day's digest goes to the town hall (issue 4).
  if (dayIndex(now) !== state.dayLog.day) {
    const digest = buildDigest(state);
    state.lastDigest = digest;
    post(null, TOWN_HALL, 'digest', digestText(digest), '📰');
    state.dayLog = { day: dayIndex(now), conversations: [], newRelations: [], notable: [], posts: 0, rejectedMoves: 0 };
  }
  // 1-2. Arrivals and perception.
  const { present, perceivedBy } = await perceivePhase(cx);

  // 3. Decide (in parallel, bounded): plan, react or continue. Everyone sees the world as it was at tick start.
  // The conversation floor is shared fairly: only a few residents per tick (fewest talks today first, then a
  // rotation by tick) may consider starting a conversation; to the others everyone nearby is busy, so nobody spends
  // a decision on a talk that could not start this tick, and residents late in the list are not always left out.
  const talks = talksToday(state);
  const mayTalk = talkFloor(state, present, tickSeed, now, talks);
  // 4-5. Act on the decisions; the morning plan summaries.
  const decisionOf = await decidePhase(cx, present, perceivedBy, mayTalk, talks);

  // 6. Conversations and reflection.
  const { conversations, reflections } = await conversePhase(cx, present, decisionOf, mayTalk, talks);

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

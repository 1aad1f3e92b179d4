// Applying a tick that was decided on a snapshot while other changes committed (session.ts, applyTick). The tick's
// model work ran outside the town lock on a fork of the world; whispers, interviews, `say`, admin settings and
// object changes may have committed in the meantime. Like ai-town's agent operations (a result coming back is
// checked against the world as it is now, and dropped when the agent moved on), the tick's result is rebased on the
// current commit, resident by resident:
//  - a resident an interleaved change touched (its state, mind or memories: a whisper's re-plan, an interview's
//    memory) keeps the interleaved result; the tick's result for it is dropped: its state, memories, posts and the
//    events it caused. A conversation with such a resident is dropped for both sides (both are "touched");
//  - every other resident takes the tick's result;
//  - world fields: what an interleaved change set (settings, pause, an object's status, a new event, a day-log
//    line) wins over the tick's, counters add up (stats), and the tick's kept posts are renumbered after the
//    interleaved ones, so the outbox stays one gap-free sequence.
// When the clock itself moved (a catch-up skip), nothing can be rebased: `null`, and the caller runs the tick again.
import type { AgentId } from '../agent/types.ts';
import type { NewPost, ResidentState, TownState, WorldEvent, WorldObject } from './types.ts';
import { pairKey } from './world.ts';

export interface Rebased {
  state: TownState;
  posts: NewPost[];
  /** Residents whose tick result was dropped (the interleaved result kept). */
  dropped: Set<AgentId>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Residents whose stored state (minds aside: a change that reads a resident forks it and is counted by the caller)
 * differs between two commits of the same town.
 */
export function changedResidents(base: TownState, cur: TownState): Set<AgentId> {
  const before = new Map(base.residents.map((r) => [r.profile.id, r]));
  const out = new Set<AgentId>();
  const noMind = (r: ResidentState | undefined) => (r ? { ...r, mind: null } : r);
  for (const r of cur.residents) if (!same(noMind(before.get(r.profile.id)), noMind(r))) out.add(r.profile.id);
  for (const id of before.keys()) if (!cur.residents.some((r) => r.profile.id === id)) out.add(id);
  return out;
}

/** cur + (ours - base) on every numeric leaf (counters); non-numbers: cur's. */
function addDelta<T>(base: T, ours: T, cur: T): T {
  if (typeof cur === 'number') return (cur + ((ours as number) ?? 0) - ((base as number) ?? 0)) as T;
  if (cur && typeof cur === 'object' && !Array.isArray(cur)) {
    const out: Record<string, unknown> = { ...(cur as Record<string, unknown>) };
    const b = (base ?? {}) as Record<string, unknown>;
    const o = (ours ?? {}) as Record<string, unknown>;
    for (const k of new Set([...Object.keys(o), ...Object.keys(out)]))
      out[k] = addDelta(b[k] ?? 0, o[k] ?? 0, out[k] ?? 0);
    return out as T;
  }
  return cur;
}

/** Three-way pick: what the interleaved commit changed wins; otherwise the tick's value. */
function pick<T>(base: T, ours: T, cur: T): T {
  return same(base, cur) ? ours : cur;
}

/** Items of `list` that `base` did not have (append-only lists: events, day-log lines). */
function added<T>(base: readonly T[], list: readonly T[]): T[] {
  const seen = new Map<string, number>();
  for (const x of base) seen.set(JSON.stringify(x), (seen.get(JSON.stringify(x)) ?? 0) + 1);
  return list.filter((x) => {
    const k = JSON.stringify(x);
    const n = seen.get(k) ?? 0;
    if (n > 0) {
      seen.set(k, n - 1);
      return false;
    }
    return true;
  });
}

/**
 * Rebases the tick's result (`ours`, run from `base`) on the current commit `cur`. `touched`: residents the
 * interleaved commits read (and so may have changed: minds, memories). Returns null when the tick cannot be rebased.
 */
export function rebaseTick(
  base: TownState,
  ours: TownState,
  cur: TownState,
  posts: readonly NewPost[],
  touched: ReadonlySet<AgentId>,
): Rebased | null {
  if (cur.clock.tick !== base.clock.tick || cur.clock.now !== base.clock.now) return null;
  if (
    !same(
      cur.residents.map((r) => r.profile.id),
      ours.residents.map((r) => r.profile.id),
    )
  )
    return null;
  const dropped = new Set<AgentId>([...touched, ...changedResidents(base, cur)]);
  // A conversation of this tick with a dropped resident is dropped for both sides (each remembers it).
  const sameDay = ours.dayLog.day === base.dayLog.day;
  const talked = ours.dayLog.conversations.filter((c) => c.at === ours.clock.now);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of talked)
      if (c.participants.some((p) => dropped.has(p)))
        for (const p of c.participants)
          if (!dropped.has(p)) {
            dropped.add(p);
            grew = true;
          }
  }
  const droppedTalks = talked.filter((c) => c.participants.some((p) => dropped.has(p)));
  const keepTalk = (c: { participants: AgentId[] }) => !c.participants.some((p) => dropped.has(p));
  // every pair in a talk (a group of three has three pairs)
  const pairsOf = (c: { participants: AgentId[] }) =>
    c.participants.flatMap((a, i) => c.participants.slice(i + 1).map((b) => pairKey(a, b)));
  const droppedPairs = new Set(droppedTalks.flatMap(pairsOf));

  const state = ours;
  const curById = new Map(cur.residents.map((r) => [r.profile.id, r]));
  state.residents = ours.residents.map((r) =>
    dropped.has(r.profile.id) ? structuredClone(curById.get(r.profile.id) as ResidentState) : r,
  );

  // Objects: an interleaved change (an admin's status) wins; so does the state of a dropped resident's object.
  const baseLoc = new Map(base.locations.map((l) => [l.id, l]));
  const curLoc = new Map(cur.locations.map((l) => [l.id, l]));
  const byDropped = (x: WorldObject) => x.usedBy !== null && dropped.has(x.usedBy);
  for (const l of state.locations)
    for (const [ai, a] of l.subAreas.entries())
      for (const [oi, o] of a.objects.entries()) {
        const b = baseLoc.get(l.id)?.subAreas[ai]?.objects[oi];
        const c = curLoc.get(l.id)?.subAreas[ai]?.objects[oi];
        if (b && c && (!same(b, c) || byDropped(o) || byDropped(b))) a.objects[oi] = structuredClone(c);
      }

  // Events: the tick's, without those a dropped resident caused, plus the interleaved ones (perceived next tick).
  const t = ours.clock.tick;
  const caused = (e: WorldEvent) => e.tick === t && e.exclude.some((id) => dropped.has(id));
  state.events = [...ours.events.filter((e) => !caused(e)), ...added(base.events, cur.events)];

  // Conversations the tick dropped leave no trace: counters, pair cooldowns, new acquaintances.
  for (const c of droppedTalks) {
    state.stats.conversations--;
    for (const p of c.participants)
      state.stats.conversationsByResident[p] = (state.stats.conversationsByResident[p] ?? 1) - 1;
    for (const key of pairsOf(c)) {
      if (base.lastConversation[key] === undefined) delete state.lastConversation[key];
      else state.lastConversation[key] = base.lastConversation[key];
      if (!base.acquaintances.includes(key)) state.acquaintances = state.acquaintances.filter((k) => k !== key);
    }
  }
  state.lastConversation = { ...state.lastConversation, ...cur.lastConversation, ...pickNew(base, state) };
  state.acquaintances = [...new Set([...state.acquaintances, ...cur.acquaintances])].sort();
  state.stats = addDelta(base.stats, state.stats, cur.stats);

  // Posts: the dropped residents' are not committed; the rest follow the interleaved ones in one sequence.
  const kept = posts.filter((p) => !(p.speakerId !== null && dropped.has(p.speakerId as AgentId)));
  let seq = cur.outboxSeq;
  const renumbered = kept.map((p) => ({ ...p, seq: seq++ }));
  state.outboxSeq = seq;

  // Day log: the interleaved lines stay (in the new day's log when the tick crossed midnight); the tick's count.
  const log = state.dayLog;
  const curNew = {
    notable: added(base.dayLog.notable, cur.dayLog.notable),
    conversations: added(base.dayLog.conversations, cur.dayLog.conversations),
    newRelations: added(base.dayLog.newRelations, cur.dayLog.newRelations),
    posts: cur.dayLog.posts - base.dayLog.posts,
    rejectedMoves: cur.dayLog.rejectedMoves - base.dayLog.rejectedMoves,
  };
  const droppedPosts = posts.length - kept.length;
  log.conversations = log.conversations.filter((c) => c.at !== ours.clock.now || keepTalk(c));
  log.newRelations = log.newRelations.filter((p) => !droppedPairs.has(pairKey(p[0], p[1])));
  log.notable = sameDay ? [...cur.dayLog.notable, ...added(base.dayLog.notable, log.notable)] : [...log.notable];
  if (!sameDay) log.notable.push(...curNew.notable);
  log.conversations = mergeTalks([...log.conversations, ...curNew.conversations]);
  log.newRelations = [...log.newRelations, ...curNew.newRelations];
  log.posts += curNew.posts - droppedPosts;
  log.rejectedMoves += curNew.rejectedMoves;

  // Every other field: what the interleaved commits set wins (settings, pause, budget, facts); the tick's clock.
  state.settings = pickEach(base.settings, ours.settings, cur.settings);
  state.clock.paused = pick(base.clock.paused, ours.clock.paused, cur.clock.paused);
  for (const k of ['name', 'description', 'agentSettings', 'travel', 'facts', 'seeded'] as const)
    (state as unknown as Record<string, unknown>)[k] = pick(base[k], ours[k], cur[k]);
  return { state, posts: renumbered, dropped };
}

/**
 * One record per conversation id: a talk under way that both the tick (someone joined) and an interleaved change (a
 * person spoke into it) added to is kept once, with everyone and every line of both.
 */
function mergeTalks(list: TownState['dayLog']['conversations']): TownState['dayLog']['conversations'] {
  const out: TownState['dayLog']['conversations'] = [];
  const byId = new Map<string, (typeof out)[number]>();
  for (const c of list) {
    const had = c.id ? byId.get(c.id) : undefined;
    if (!had) {
      out.push(c);
      if (c.id) byId.set(c.id, c);
      continue;
    }
    had.participants = [...new Set([...had.participants, ...c.participants])];
    had.lines = Math.max(had.lines, c.lines);
    had.until = Math.max(had.until ?? 0, c.until ?? 0);
    if ((c.recent?.length ?? 0) > 0) had.recent = c.recent;
    const people = [...new Set([...(had.people ?? []), ...(c.people ?? [])])];
    if (people.length > 0) had.people = people;
    const gone = [...new Set([...(had.gone ?? []), ...(c.gone ?? [])])];
    if (gone.length > 0) had.gone = gone;
    if (c.ended) had.ended = true;
  }
  return out;
}

/** The tick's own new pair cooldowns (so an interleaved value does not hide them). */
function pickNew(base: TownState, ours: TownState): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(ours.lastConversation)) if (base.lastConversation[k] !== v) out[k] = v;
  return out;
}

function pickEach<T extends object>(base: T, ours: T, cur: T): T {
  const out = { ...ours } as Record<string, unknown>;
  const b = base as Record<string, unknown>;
  const c = cur as Record<string, unknown>;
  for (const k of new Set([...Object.keys(ours), ...Object.keys(cur)])) out[k] = pick(b[k], out[k], c[k]);
  return out as T;
}

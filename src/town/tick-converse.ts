// Tick phase 6 (Park et al. 2023, sec. 4.3, 5.1): the conversation floor, pairing of conversation requests, the
// conversations themselves and reflection (after a conversation, so what was said can feed it).
import type { AgentId } from '../agent/types.ts';
import { mapLimit } from './concurrency.ts';
import { withCallContext } from './metering.ts';
import type { Decision } from './mind.ts';
import { guarded, SLEEP_RE, type TickContext } from './tick-context.ts';
import { MINUTE_MS } from '../core/time.ts';
import type { ResidentState, TownState } from './types.ts';
import { findResident, getLocation, near, pairKey, placeView } from './world.ts';

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
  return last === undefined || now - last >= state.settings.conversationCooldownMinutes * MINUTE_MS;
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
/** Pairs conversation requests, runs the conversations and everyone's reflection; records what was said. */
export async function conversePhase(
  cx: TickContext,
  present: ResidentState[],
  decisionOf: Map<AgentId, Decision>,
  mayTalk: Set<AgentId>,
  talks: { byResident: Map<AgentId, number>; pairs: Set<string> },
): Promise<{ conversations: number; reflections: number }> {
  const { state, t, now, post, newEvents, live, log, tickSeed } = cx;
  const s = state.settings;
  const runtime = cx.kit.runtime;
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
              // the others here may overhear: a confidence is not told in front of them (issue 22 item 1)
              bystanders: near(state, initiator)
                .filter((o) => o !== other)
                .map((o) => o.profile.name),
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
      if (i < s.bystanderLines && !line.kept)
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
  return { conversations, reflections };
}

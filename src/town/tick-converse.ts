// Tick phase 6 (Park et al. 2023, sec. 4.3, 5.1): the conversation floor, pairing of conversation requests, the
// conversations themselves and reflection (after a conversation, so what was said can feed it).
import { names } from '../agent/relations.ts';
import type { AgentId } from '../agent/types.ts';
import { MINUTE_MS } from '../core/time.ts';
import { mapLimit } from './concurrency.ts';
import { withCallContext } from './metering.ts';
import type { Decision } from './mind.ts';
import { guarded, SLEEP_RE, type TickContext } from './tick-context.ts';
import type { ConversationRecord, ResidentState, TownState } from './types.ts';
import { findResident, getLocation, near, pairKey, placeView } from './world.ts';

const TALKING_RE = /\b(talking|chatting) (with|to)\b/i;
/** What the channel and the digest show for a line told in confidence: that it was said, to whom, not what. */
export function privateLine(to: readonly string[]): string {
  const names = to.map((n) => n.split(/\s+/)[0]);
  return `(says something in private${names.length > 0 ? ` to ${names.join(' and ')}` : ''})`;
}

/** Lines of a talk kept for whoever joins it later (its context), and for people who speak into it. */
const RECENT_LINES = 8;

/** A conversation to hold this tick: who, why, and the talk under way it carries on (someone joined). */
interface Group {
  initiator: ResidentState;
  members: ResidentState[];
  intent: string;
  continues?: ConversationRecord;
}

/** A talk under way that newcomers join: its people still here, and them. */
function carryOn(
  state: TownState,
  rec: ConversationRecord,
  newcomers: readonly ResidentState[],
  talking: Set<AgentId>,
  max: number,
): Group {
  const here = rec.participants
    .filter((id) => !rec.gone?.includes(id))
    .map((id) => findResident(state, id))
    .filter((x): x is ResidentState => !!x && x.location === rec.location && !x.travel);
  const members = [...here, ...newcomers].filter((m) => !talking.has(m.profile.id)).slice(0, max);
  for (const m of members) talking.add(m.profile.id);
  const joiner = newcomers[0]!;
  return {
    initiator: joiner,
    members,
    intent: `join the conversation of ${here.map((m) => m.profile.firstName).join(' and ')}`,
    continues: rec,
  };
}

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

type TalksToday = ReturnType<typeof talksToday>;

/** Has the resident had its day's talks (settings.talksPerDay, counted once a tick by talksToday)? No more today. */
export function talkedOut(state: TownState, id: AgentId, talks: TalksToday): boolean {
  return (talks.byResident.get(id) ?? 0) >= state.settings.talksPerDay;
}

/**
 * Can `rs` start a conversation with `o` now: awake, not mid-conversation, not talked out for the day, the pair's
 * cooldown over.
 */
export function freeToTalk(
  state: TownState,
  rs: ResidentState,
  o: ResidentState,
  now: number,
  talks: TalksToday,
): boolean {
  if (o.travel || (o.action && (SLEEP_RE.test(o.action.description) || TALKING_RE.test(o.action.description))))
    return false;
  if (talkedOut(state, o.profile.id, talks)) return false;
  const last = state.lastConversation[pairKey(rs.profile.id, o.profile.id)];
  return last === undefined || now - last >= state.settings.conversationCooldownMinutes * MINUTE_MS;
}

/**
 * The residents who may consider starting a conversation this tick, in priority order: awake, someone free
 * nearby (of two free only for each other, one); fewest talks today first, ties broken by a rotation that starts at a
 * different resident every tick (`rotation`: the tick's seed in a run, any number in a test).
 */
export function talkFloor(
  state: TownState,
  present: readonly ResidentState[],
  rotation: number,
  now: number,
  talks: TalksToday = talksToday(state),
): Set<AgentId> {
  const n = present.length;
  if (n === 0) return new Set();
  const start = rotation % n;
  const rotated = present.map((_, i) => present[(start + i) % n] as ResidentState);
  const eligible = rotated.filter(
    (rs) =>
      !(rs.action && SLEEP_RE.test(rs.action.description)) &&
      !talkedOut(state, rs.profile.id, talks) &&
      near(state, rs).some((o) => freeToTalk(state, rs, o, now, talks)),
  );
  // (who is free for whom, once per resident this tick: the order and the floor both ask)
  const free = new Map<AgentId, ResidentState[]>();
  const freeOf = (x: ResidentState) => {
    const known = free.get(x.profile.id);
    if (known) return known;
    const f = near(state, x).filter((o) => freeToTalk(state, x, o, now, talks));
    free.set(x.profile.id, f);
    return f;
  };
  // one who came to see someone here ("inviting Maura to the quiz", "looking for Tom") decides first: of two free
  // only for each other, the one who came with a purpose, not the one busy at the counter, decides for both
  const seeking = (x: ResidentState) => freeOf(x).some((o) => names(x.action?.description ?? '', o.profile.name));
  const order = eligible
    .map((rs, i) => ({ rs, i, talked: talks.byResident.get(rs.profile.id) ?? 0, seeks: seeking(rs) ? 0 : 1 }))
    .sort((a, b) => a.seeks - b.seeks || a.talked - b.talked || a.i - b.i);
  // One decision per pair (issue 33): of two free only for each other, the one on the floor decides for both;
  // asked both ways, an eager model answered "talk" twice for one talk (2.3 talk decisions per talk). Anyone with
  // a choice of people, or the choice of someone who has one (a newcomer at a party), still decides.
  const floor = new Set<AgentId>();
  for (const { rs } of order) {
    if (floor.size >= state.settings.talkFloorPerTick) break;
    const [only, ...more] = freeOf(rs);
    if (only && more.length === 0 && floor.has(only.profile.id) && freeOf(only).length === 1) continue;
    floor.add(rs.profile.id);
  }
  return floor;
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
  // 6. Conversations (dialogue is a kind of reaction, sec. 4.3): requests are taken fairly, not in resident order:
  // pairs that have not talked today first, then residents with the fewest talks today, then the floor's order. A
  // request to someone already in a talk joins it (issue 28: a group, not beside it in pairs); a talk under way here
  // is joined by who asks to talk to one of its people or walks up and knows them.
  const talking = new Set<AgentId>();
  const groups: Group[] = [];
  const floorRank = new Map([...mayTalk].map((id, i) => [id, i]));
  // talks under way that may be carried on: not ended by their speakers
  const open = state.dayLog.conversations.filter((c) => c.id && !c.ended && (c.until ?? 0) > now);
  const openOf = (rs: ResidentState) =>
    open.find((c) => c.location === rs.location && c.participants.includes(rs.profile.id));
  // who is still in a talk under way: not gone (said goodbye), here and not on the way; fewer than two: it is over
  const stillTalking = (rec: ConversationRecord) =>
    rec.participants
      .filter((id) => !rec.gone?.includes(id))
      .map((id) => findResident(state, id))
      .filter((x): x is ResidentState => !!x && x.location === rec.location && !x.travel);
  type Request = { rs: ResidentState; other: ResidentState; intent: string; key: string; under?: ConversationRecord };
  const requests = present
    .flatMap((rs): Request[] => {
      const req = decisionOf.get(rs.profile.id)?.converse;
      if (!req || rs.travel) return [];
      const other = state.residents.find((o) => o.profile.id === req.with) ?? findResident(state, req.with);
      if (!other || other === rs || other.travel || !near(state, rs).includes(other)) return [];
      const under = openOf(other);
      if (under && !under.participants.includes(rs.profile.id) && stillTalking(under).length >= 2)
        return [{ rs, other, intent: req.intent, key: '', under }];
      if (!freeToTalk(state, rs, other, now, talks)) return [];
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
  const groupOf = (rs: ResidentState) => groups.find((g) => g.members.includes(rs));
  const join = (g: Group, rs: ResidentState) => {
    if (g.members.length >= s.maxGroupSize || talking.has(rs.profile.id)) return;
    g.members.push(rs);
    talking.add(rs.profile.id);
  };
  for (const { rs, other, intent, under } of requests) {
    if (talking.has(rs.profile.id)) continue;
    const g = groupOf(other);
    if (g) {
      join(g, rs); // asked to talk to someone already talking here: joins that talk
      continue;
    }
    if (groups.length >= s.maxConversationsPerTick) continue;
    if (under) {
      groups.push(carryOn(state, under, [rs], talking, s.maxGroupSize));
      continue;
    }
    if (talking.has(other.profile.id)) continue;
    talking.add(rs.profile.id);
    talking.add(other.profile.id);
    groups.push({ initiator: rs, members: [rs, other], intent });
  }
  // Those present who know someone in a talk, or whom it concerns, join it (the mind's rule: MindRuntime.joins);
  // someone who walks up to a talk under way joins it the same way.
  const free = (rs: ResidentState) =>
    !talking.has(rs.profile.id) &&
    !talkedOut(state, rs.profile.id, talks) &&
    !rs.travel &&
    !(rs.action && (SLEEP_RE.test(rs.action.description) || TALKING_RE.test(rs.action.description))) &&
    !decisionOf.get(rs.profile.id)?.reacted;
  const wants = (rs: ResidentState, members: readonly ResidentState[], intent: string) =>
    runtime.joins?.(live(rs), { participants: members.map((m) => m.profile.name), intent, now }) ?? false;
  for (const g of groups)
    for (const rs of near(state, g.initiator))
      if (
        g.members.length < s.maxGroupSize &&
        free(rs) &&
        !g.continues?.gone?.includes(rs.profile.id) && // who said goodbye to this talk does not walk back into it
        wants(rs, g.members, g.intent)
      )
        join(g, rs);
  for (const rec of open) {
    if (groups.length >= s.maxConversationsPerTick || groups.some((g) => g.continues === rec)) continue;
    const members = rec.participants.map((id) => findResident(state, id)).filter((x): x is ResidentState => !!x);
    const here = stillTalking(rec);
    const first = here[0];
    if (!first || here.length < 2) continue; // it is over: the last two stopped, or the place emptied
    const newcomers = near(state, first).filter(
      (rs) => !members.includes(rs) && !rec.gone?.includes(rs.profile.id) && free(rs) && wants(rs, here, ''),
    );
    if (newcomers.length > 0) groups.push(carryOn(state, rec, newcomers, talking, s.maxGroupSize));
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
    const { initiator, members, intent, continues } = w.g;
    const loc = getLocation(state, initiator.location);
    const conv = await withCallContext(
      {
        resident: initiator.profile.id,
        phase: 'converse',
        group: members.map((m) => m.profile.id).join('+'),
        tick: t,
        seed: tickSeed,
      },
      () =>
        guarded(
          state,
          'converse',
          log,
          () =>
            runtime.converse(
              members.map((m) => live(m)),
              {
                now,
                location: loc
                  ? placeView(loc, now)
                  : { id: initiator.location, name: initiator.location, subAreas: [] },
                initiator: initiator.profile.id,
                intent,
                // the others here may overhear: a confidence is not told in front of them (issue 22 item 1)
                bystanders: near(state, initiator)
                  .filter((o) => !members.includes(o))
                  .map((o) => o.profile.name),
                ...(continues?.id ? { continues: { id: continues.id, lines: continues.recent ?? [] } } : {}),
              },
            ),
          () => null,
        ),
    );
    // Reflection after the conversation, so what was said can feed it.
    await Promise.all(members.map((m) => reflect(m)));
    return conv ? { g: w.g, conv } : null;
  });

  let conversations = 0;
  for (const tr of transcripts) {
    if (!tr || tr.conv.lines.length === 0) continue;
    const { initiator, members, continues } = tr.g;
    const lines = tr.conv.lines;
    const byId = new Map(members.map((x) => [x.profile.id, x]));
    conversations++;
    const fresh = members.filter((m) => !continues?.participants.includes(m.profile.id));
    if (!continues) state.stats.conversations++;
    for (const x of fresh)
      state.stats.conversationsByResident[x.profile.id] = (state.stats.conversationsByResident[x.profile.id] ?? 0) + 1;
    for (const a of members)
      for (const b of members) {
        if (a.profile.id >= b.profile.id) continue;
        const key = pairKey(a.profile.id, b.profile.id);
        state.lastConversation[key] = now;
        if (!state.acquaintances.includes(key)) {
          state.acquaintances.push(key);
          state.acquaintances.sort();
          state.dayLog.newRelations.push([a.profile.id, b.profile.id]);
        }
      }
    const said: { speaker: string; text: string }[] = [];
    const talkId = continues?.id ?? tr.conv.id;
    lines.forEach((line, i) => {
      const speaker = byId.get(line.speaker) ?? initiator;
      const to = members.filter((m) => m !== speaker).map((m) => m.profile.name);
      // (the channel is a place anyone reads: a line told in confidence is posted as said in private, not its words)
      const shown = line.kept ? privateLine(to) : line.text;
      post(speaker, initiator.location, 'dialogue', shown, speaker.emoji, talkId);
      // (the lines a later joiner is given: a confidence among them stays unsaid)
      said.push({ speaker: speaker.profile.name, text: shown });
      // a line told in confidence is said low: bystanders do not overhear it (issue 22)
      if (i < s.bystanderLines && !line.kept)
        newEvents.push({
          tick: t,
          location: initiator.location,
          ...(initiator.subArea ? { subArea: initiator.subArea } : {}),
          description: `${speaker.profile.name} said to ${to.join(' and ')}: "${line.text.slice(0, 200)}"`,
          subject: speaker.profile.name,
          kind: 'speech',
          exclude: members.map((m) => m.profile.id),
        });
    });
    // the talk stays under way while its participants are talking (the plan step afterConversation inserted)
    // (at least until the next tick is over: someone who arrives then walks up to it)
    const until = now + Math.max(2 * s.minutesPerTick, Math.ceil(lines.length / 2 / 5) * 5) * MINUTE_MS;
    // A talk its speakers ended (a goodbye, the model's end before the cap) stays ended: its lines are still being
    // said until `until` (a person who speaks there speaks into it), but nobody carries it on (issue 33 item 1: a
    // finished pair talk was reopened with passers-by, both leavers included); one cut at the turn cap may be.
    const over = tr.conv.ended === 'natural';
    const gone = new Set(tr.conv.left ?? []);
    // who said goodbye has left it: a resident who walks up joins only those still in it; a person who speaks here
    // while its lines are being said speaks into it (its people answer the group)
    const record = (r: ConversationRecord) => {
      r.gone = [...new Set([...(r.gone ?? []), ...gone])];
    };
    if (continues) {
      continues.participants = [...new Set([...continues.participants, ...members.map((m) => m.profile.id)])];
      continues.lines += lines.length;
      continues.until = Math.max(continues.until ?? now, until);
      if (over) continues.ended = true;
      continues.recent = [...(continues.recent ?? []), ...said].slice(-RECENT_LINES);
      record(continues);
    } else {
      state.dayLog.conversations.push({
        at: now,
        location: initiator.location,
        participants: members.map((m) => m.profile.id),
        lines: lines.length,
        ...(lines[0] ? { firstLine: (lines[0].kept ? privateLine([]) : lines[0].text).slice(0, 160) } : {}),
        ...(tr.conv.id ? { id: tr.conv.id } : {}),
        until,
        ...(over ? { ended: true } : {}),
        recent: said.slice(-RECENT_LINES),
        ...(initiator.subArea ? { subArea: initiator.subArea } : {}),
      });
      record(state.dayLog.conversations.at(-1)!);
    }
  }
  state.stats.reflections += reflections;
  return { conversations, reflections };
}

// A person speaks in a place (sec. 3.1 user interaction): every resident present perceives it, those it names almost
// always answer, at once (one model round trip, not at the next tick). Runs inside a session change on its draft.
import type { AgentId } from '../agent/types.ts';
import { mapLimit } from './concurrency.ts';
import { withCallContext } from './metering.ts';
import type { MindKit, MindResident } from './mind.ts';
import type { PostBuffer, TownWorld } from './tick.ts';
import type { Location, ResidentState, TownState, WorldEvent } from './types.ts';
import { occupants, placeView } from './world.ts';

export interface Reply {
  residentId: string;
  name: string;
  emoji: string;
  text: string;
}

export interface SayResult {
  location: { id: string; name: string };
  speaker: string;
  /** Residents present who heard it. */
  heard: string[];
  replies: Reply[];
}

/** Residents at `loc` hear `msg` from `persona`; replies go to the outbox and become events for the next tick. */
export async function hearSpeech(
  w: TownWorld,
  out: PostBuffer,
  kit: MindKit,
  loc: Location,
  persona: { name: string; description?: string },
  msg: string,
): Promise<SayResult> {
  const now = w.state.clock.now;
  const here = occupants(w.state, loc.id);
  const view = placeView(loc, now);
  // a talk under way here: the person joins it by speaking (issue 28); its people answer the group, with its lines
  const talk = w.state.dayLog.conversations.find(
    (c) =>
      c.id && c.location === loc.id && (c.until ?? 0) > now && here.some((r) => c.participants.includes(r.profile.id)),
  );
  const inTalk = (rs: ResidentState) => talk?.participants.includes(rs.profile.id) ?? false;
  const named = here.filter((rs) => mentions(msg, rs));
  // nobody named: the one who spoke last in the talk takes it up (the others may chime in)
  const lastSpeaker = talk?.recent?.at(-1)?.speaker;
  const replies = await mapLimit(here, w.state.settings.concurrency, (rs) =>
    withCallContext({ resident: rs.profile.id, phase: 'hear' }, async () => {
      const live = w.residents.get(rs.profile.id) as MindResident;
      const addressed =
        mentions(msg, rs) || (named.length === 0 && inTalk(rs) && (lastSpeaker ?? rs.profile.name) === rs.profile.name);
      const withWhom = talk?.participants
        .filter((id) => id !== rs.profile.id)
        .map((id) => here.find((x) => x.profile.id === id)?.profile.name)
        .filter((n): n is string => !!n);
      const reply = await kit.runtime.hear(live, {
        now,
        location: view,
        speaker: persona,
        text: msg,
        addressed,
        ...(talk && inTalk(rs)
          ? { conversation: { ...(talk.id ? { id: talk.id } : {}), with: withWhom ?? [], lines: talk.recent ?? [] } }
          : {}),
      });
      return reply?.trim() ? { rs, text: reply.trim() } : null;
    }),
  );
  // The person's own line, before the answers (issue 34: the web view's feed has everyone's lines); Discord and the
  // console already show it where it was said, so their delivery skips this kind.
  out.add({
    location: loc.id,
    speakerId: null,
    speakerName: persona.name,
    emoji: null,
    kind: 'said',
    text: msg,
    simTime: now,
  });
  const result: Reply[] = [];
  for (const r of replies) {
    if (!r) continue;
    result.push({ residentId: r.rs.profile.id, name: r.rs.profile.name, emoji: r.rs.emoji, text: r.text });
    out.add({
      location: loc.id,
      speakerId: r.rs.profile.id,
      speakerName: r.rs.profile.name,
      emoji: r.rs.emoji,
      kind: 'reply',
      text: r.text,
      simTime: now,
    });
    // Residents present hear each other's answers at the next tick.
    w.state.events.push(
      worldEvent(w.state, loc.id, `${r.rs.profile.name} said to ${persona.name}: "${r.text.slice(0, 200)}"`, 'speech', [
        r.rs.profile.id,
      ]),
    );
  }
  if (talk) {
    // what was said is part of the talk: the next who joins (or speaks) hears it as such
    talk.people = [...new Set([...(talk.people ?? []), persona.name])];
    talk.recent = [
      ...(talk.recent ?? []),
      { speaker: persona.name, text: msg.slice(0, 300) },
      ...result.map((r) => ({ speaker: r.name, text: r.text.slice(0, 300) })),
    ].slice(-8);
    talk.lines += 1 + result.length;
  }
  if (here.length > 0) w.state.dayLog.notable.push(`${persona.name} talked with people at ${loc.name}`);
  return {
    location: { id: loc.id, name: loc.name },
    speaker: persona.name,
    heard: here.map((r) => r.profile.name),
    replies: result,
  };
}

/** Whether a message names the resident (full or first name). */
export function mentions(text: string, rs: ResidentState): boolean {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b(${esc(rs.profile.name)}|${esc(rs.profile.firstName)})\\b`, 'i').test(text);
}

export function worldEvent(
  state: TownState,
  location: string,
  description: string,
  kind: WorldEvent['kind'],
  exclude: AgentId[],
  subject?: string,
): WorldEvent {
  return { tick: state.clock.tick, location, description, kind, exclude, ...(subject ? { subject } : {}) };
}

// What a conversation leaves (sec. 4.3.1): for every participant the lines and a summary of the talk with everyone
// present (its place, time and participants in the record), each promise as the promiser's own resolve (a promise
// made to the group, "we'll all meet at 6", binds each who accepted), who told and heard what, and the talk in the
// day plan. A conversation carried on later (someone joined) adds to the same record (same id).

import { todayNumber, upcomingDay } from '../core/dates.ts';
import { spliceSlots } from '../core/schedule.ts';
import { cleanLine, clip as clipText, escapeRegExp, heuristicImportance } from '../core/text.ts';
import { clockAt, dayKey, MINUTE_MS } from '../core/time.ts';
import { type Audience, audienceMeta, isKept, PUBLIC, strictest } from './audience.ts';
import { clampInt, firstWord, floorTo, type MindContext, type Resident } from './context.ts';
import type { NewMemory } from './memory-stream.ts';
import type { StepSlot } from './mind-state.ts';
import { slotOpts } from './plan-slots.ts';
import {
  CONVERSATION_SUMMARY_TASK,
  type ConversationSummaryInput,
  type ConversationSummaryOutput,
  conversationSummaryMessages,
  conversationSummaryOutput,
} from './prompts/conversation-summary.ts';
import { noteConversation, noteNews } from './relations.ts';
import type { AgentId, Place } from './types.ts';

/** A line of a conversation as said: its news, and who may know it when not everyone may (audience.ts). */
export interface SaidLine {
  speaker: AgentId;
  text: string;
  news?: string;
  audience?: Audience;
  /** What a kept line keeps (its news, or the sentences that hold the matter: audience.ts keptMatter). */
  keptText?: string;
}

export function nameOf(rs: readonly Resident[], id: AgentId): string {
  return rs.find((r) => r.profile.id === id)?.profile.name ?? String(id);
}

/** Summary call (rates the lines too), dialogue + summary memories for everyone, plan bookkeeping. */
export async function afterConversation(
  c: MindContext,
  order: Resident[],
  lines: SaidLine[],
  ctx: { now: number; location: Place; initiator: AgentId; id?: string },
  /** The summary the dialogue call that ended the talk wrote; without one, a summary call writes it. */
  given?: ConversationSummaryOutput,
): Promise<void> {
  if (lines.length === 0) return;
  const s = c.settings;
  const now = ctx.now;
  const input: ConversationSummaryInput = {
    participants: order.map((r) => r.profile.name),
    placeName: ctx.location.name,
    time: clockAt(now),
    lines: lines.map((l) => ({
      speaker: nameOf(order, l.speaker),
      text: l.text,
      ...(l.news ? { news: l.news } : {}),
    })),
  };
  const out =
    given ??
    (await c.ask(
      CONVERSATION_SUMMARY_TASK,
      conversationSummaryOutput,
      conversationSummaryMessages(input),
      input,
      () => ({
        summary: `${input.participants.join(' and ')} talked at ${ctx.location.name}.`,
        importance: 3,
        lineImportance: null,
        commitments: null,
      }),
    ));
  const summary = clipText(
    out.summary.trim() || `${input.participants.join(' and ')} talked at ${ctx.location.name}.`,
    500,
  );
  const importance = clampInt(out.importance, 1, 10, 3);
  const lineImp = lines.map((l, i) => clampInt(out.lineImportance?.[i], 1, 10, heuristicImportance(l.news ?? l.text)));
  const conversation = ctx.id ?? `${ctx.initiator}@${now}`;
  const minutes = Math.max(s.stepMinutes.min, Math.ceil(lines.length / 2 / 5) * 5);
  // the record of a talk in which something was confided is kept like the confidence (a summary repeats it)
  const confided = strictest(lines.map((l) => l.audience ?? PUBLIC).filter(isKept));
  const entries: { r: Resident; m: NewMemory }[] = [];
  for (const r of order) {
    const others = order.filter((x) => x !== r).map((x) => x.profile.name);
    lines.forEach((l, i) => {
      const speakerName = nameOf(order, l.speaker);
      const mine = l.speaker === r.profile.id;
      entries.push({
        r,
        m: {
          kind: 'dialogue',
          description: mine
            ? `${speakerName} said to ${others.join(' and ')}: "${l.text}"`
            : `${speakerName} said: "${l.text}"`,
          importance: lineImp[i]!,
          meta: {
            conversation,
            speaker: l.speaker,
            speakerName,
            line: l.text,
            ...(l.news ? { news: l.news } : {}),
            ...audienceMeta(l.audience ?? PUBLIC),
            ...(l.keptText ? { keptText: l.keptText } : {}),
          },
        },
      });
    });
    entries.push({
      r,
      m: {
        kind: 'conversation_summary',
        description: `Conversation with ${others.join(' and ')}: ${summary}`,
        importance,
        // what people said, summarised: quoted like the lines themselves
        meta: {
          conversation,
          // the record of the talk (the run export lists each conversation from these): where, who, when
          place: ctx.location.id,
          participants: order.map((x) => x.profile.name),
          start: now,
          end: now + minutes * MINUTE_MS,
          userText: { from: `talk with ${others.join(' and ')}`, text: summary },
          ...audienceMeta(confided),
        },
      },
    });
  }
  // What each promised here is a resolve of theirs ("<name> plans to go to ..."): the day plan keeps it (events.ts);
  // one for today has the rest of today planned again now, not tomorrow. It is the resident's own thought (kind
  // inner_voice, as a whisper taken to heart), not a reflection: an evaluation that turns reflection off keeps it,
  // and like any intention of one's own it may be mentioned to others ("I'm going to Mara's music night").
  const today = todayNumber(dayKey(now), '');
  for (const p of promises(order, out.commitments, lines)) {
    if (today !== null && upcomingDay(p.description, today) === today)
      c.mindOf(p.r).replan ??= { at: now, reason: p.description };
    entries.push({
      r: p.r,
      m: {
        kind: 'inner_voice',
        description: p.description,
        importance: PROMISE_IMPORTANCE,
        meta: {
          conversation,
          promise: true,
          userText: { from: `what ${p.r.profile.firstName} promised in a conversation`, text: p.description },
          ...audienceMeta(confided),
        },
      },
    });
  }
  await c.storeAll(entries, now);
  const g = s.planGranularityMinutes * MINUTE_MS;
  for (const r of order) {
    const mind = c.mindOf(r);
    // The conversation is one perceived event for the reflection trigger (sec. 4.2), rated once per conversation
    // and participant as the Smallville code does (smallville-run stats.json: one chat node per conversation each).
    mind.importanceSinceReflection += importance;
    mind.lastTalkAt = now + minutes * MINUTE_MS;
    for (const o of order) if (o !== r) mind.chattedAt[o.profile.id] = now;
    // Relationships hold: each keeps what was last said with every other participant.
    for (const o of order) if (o !== r) noteConversation(c, r, o.profile.name, summary, now, confided);
    // who has been told what (issue 22 item 2): each line's news, told by its speaker to everyone else present
    for (const l of lines) {
      if (!l.news || isKept(l.audience ?? PUBLIC)) continue;
      if (l.speaker === r.profile.id) {
        for (const o of order) if (o !== r) noteNews(c, r, o.profile.name, l.news, 'told', now);
      } else noteNews(c, r, nameOf(order, l.speaker), l.news, 'heard', now);
    }
    if (mind.plan && mind.plan.day === dayKey(now)) {
      const others = order.filter((x) => x !== r).map((x) => firstWord(x.profile.name));
      const start = floorTo(now, g);
      const step: StepSlot = {
        start,
        end: start + minutes * MINUTE_MS,
        activity: `talk with ${others.join(' and ')}`,
        place: ctx.location.id,
        emoji: '💬',
        kind: 'conversation',
      };
      mind.plan.steps = spliceSlots(
        mind.plan.steps,
        { start: step.start, end: step.end },
        [step],
        slotOpts(c, () => step),
      );
    }
  }
}

/**
 * The promises the summary names, as each promiser's resolve in the resident's own words: "<Full Name> plans to
 * <action>" (an action already naming the resident keeps its verb). Unknown names and empty actions are left out;
 * one resolve per resident and action.
 */
function promises(
  order: readonly Resident[],
  said: readonly { who: string; what: string }[] | null | undefined,
  lines: readonly SaidLine[],
): { r: Resident; description: string }[] {
  const out: { r: Resident; description: string }[] = [];
  // a promise made together ("we'll all meet at 6") binds each who took part in the talk (said something in it)
  const spoke = order.filter((o) => lines.some((l) => l.speaker === o.profile.id));
  const each = (x: { who: string; what: string }) => {
    const who = x.who.trim().toLowerCase();
    if (
      /^(?:we|us|all|everyone|everybody|all of us|all of them|the group|they|both|both of them|all three|all four)$/.test(
        who,
      )
    )
      return spoke.map((r) => ({ r, what: x.what }));
    // "Ana and Ben" binds both
    const named = order.filter((o) =>
      who
        .split(/\s*(?:,|\band\b|&)\s*/)
        .some((w) => w === o.profile.name.toLowerCase() || w === o.profile.firstName.toLowerCase()),
    );
    return named.map((r) => ({ r, what: x.what }));
  };
  for (const { r, what: raw } of (said ?? []).flatMap(each)) {
    let what = clipText(cleanLine(raw, '').replace(/^\s*to\s+/i, ''), 240).replace(/[.!]+$/, '');
    if (what.length < 3) continue;
    const p = r.profile;
    const own = new RegExp(`^(?:${escapeRegExp(p.name)}|${escapeRegExp(p.firstName)})\\s+`, 'i');
    what = own.test(what)
      ? `${p.name} ${what.replace(own, '')}`
      : `${p.name} plans to ${what.replace(/^[A-Z](?=[a-z])/, (x) => x.toLowerCase())}`;
    if (!out.some((o) => o.r === r && o.description === what)) out.push({ r, description: what });
  }
  return out.slice(0, 2 * order.length);
}

/**
 * Poignancy of a promise made in conversation: one's own word given to someone, for a day and hour, weighs above a
 * day's plan (5) and routine news, like a decision taken (sec. 4.1 scale).
 */
const PROMISE_IMPORTANCE = 7;

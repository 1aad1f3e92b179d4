// Dialogue (sec. 4.3.1): a conversation between residents turn by turn, each line from the speaker's memories of
// the listeners; afterwards every participant stores the lines and a summary.

import {
  type Audience,
  audienceMeta,
  audienceOf,
  carries,
  isKept,
  mayTell,
  PUBLIC,
  peopleOf,
  SECRET_WORDS,
  strictest,
  toldAudience,
} from './audience.ts';
import { clampInt, EXPERIENCE, firstWord, floorTo, type MindContext, type Resident } from './context.ts';
import { stillDue, todayNumber, upcomingDay } from '../core/dates.ts';
import { summaryOf } from './describe.ts';
import { actionPhrase } from './hear.ts';
import type { NewMemory } from './memory-stream.ts';
import type { StepSlot } from './mind-state.ts';
import { slotOpts } from './plan.ts';
import {
  CONVERSATION_SUMMARY_TASK,
  type ConversationSummaryInput,
  type ConversationSummaryOutput,
  conversationSummaryMessages,
  conversationSummaryOutput,
} from './prompts/conversation-summary.ts';
import { withoutRepeats } from './prompts/common.ts';
import {
  DIALOGUE_TASK,
  type DialogueInput,
  type DialogueSpeaker,
  dialogueMessages,
  dialogueOutput,
} from './prompts/dialogue.ts';
import { names, noteConversation, noteNews, relationOf, relationsFor } from './relations.ts';
import { spliceSlots } from '../core/schedule.ts';
import { cleanLine, clip as clipText, escapeRegExp, heuristicImportance, newsKey, progressive } from '../core/text.ts';
import { clockAt, dateText, dayKey, MINUTE_MS } from '../core/time.ts';
import type { AgentId, Memory, MemoryKind, Place } from './types.ts';

/**
 * Retrieved memories for a dialogue line. `fresh` marks what the listeners have not heard: not told by them,
 * not already told to them, and a piece of knowledge at all (a raw line without news, a conversation record,
 * an interview or a plan is context, not something to pass on).
 */
export function dialogueMemories(
  c: MindContext,
  speaker: Resident,
  listeners: Resident[],
  retrieved: readonly Memory[],
  now: number,
  /** Others in the place, who may overhear: what they may not know is not told in front of them. */
  bystanders: readonly string[] = [],
) {
  const mind = c.mindOf(speaker);
  const ids = new Set<string>(listeners.map((l) => l.profile.id));
  // What some listener may not know is left out of the talk's context altogether (issue 22 item 1: the safer
  // design; a model cannot let slip what it is not shown). A secret meant for these listeners stays, marked.
  const names = [...listeners.map((l) => l.profile.name), ...bystanders];
  const allowed = retrieved.filter((m) => mayTell(audienceOf(m), speaker.profile.name, names));
  // an insight that restates a known fact word for word is that fact: the fact is shown (once), as knowledge
  const facts = new Set(allowed.filter((m) => SHAREABLE.includes(m.kind)).map((m) => m.description));
  const mems = allowed.filter((m) => SHAREABLE.includes(m.kind) || !facts.has(m.description));
  const shown = c.promptMemories(mems, speaker);
  return mems.map((m, i) => {
    const news = typeof m.meta?.news === 'string' ? m.meta.news : null;
    const from = typeof m.meta?.speaker === 'string' ? m.meta.speaker : null;
    const key = newsKey(news ?? m.description);
    // told to them before, or heard from them (the relationship note keeps both: issue 22 item 2)
    const told = listeners.every((l) => {
      const note = relationOf(c, speaker, l.profile.name);
      return (
        (mind.told[l.profile.id] ?? []).includes(key) ||
        [...(note?.told ?? []), ...(note?.heard ?? [])].some((t) => newsKey(t) === key)
      );
    });
    const knowledge = SHAREABLE.includes(m.kind) || (m.kind === 'dialogue' && news !== null);
    // news of a day already past is not news any more (a party last Saturday is not announced on Tuesday)
    const due = stillDue(m, now);
    return { ...shown[i]!, fresh: knowledge && due && !(from !== null && ids.has(from)) && !told };
  });
}

/**
 * A whole conversation between 2+ co-located residents (cap settings.maxTurnsEach lines each); every line is a
 * dialogue memory for everyone present; at the end each stores a summary of what was said and agreed. Each
 * speaker's context (relationship notes, memories retrieved about the listeners and the reason for the talk, the
 * summary description) is gathered once, when the talk begins; each call then asks for the next
 * settings.dialogueLinesPerCall lines, carrying that context unchanged and the lines said so far.
 */
export async function converse(
  c: MindContext,
  participants: Resident[],
  ctx: { now: number; location: Place; initiator: AgentId; intent: string; bystanders?: string[] },
): Promise<{ lines: { speaker: AgentId; text: string; kept?: boolean }[]; ended: 'natural' | 'cap' }> {
  const s = c.settings;
  const now = ctx.now;
  const order = [...participants].sort((a, b) =>
    a.profile.id === ctx.initiator ? -1 : b.profile.id === ctx.initiator ? 1 : 0,
  );
  if (order.length < 2) return { lines: [], ended: 'natural' };
  const contexts = await Promise.all(order.map((r) => speakerContext(c, r, order, ctx)));
  const speakers = contexts.map((x) => x.section);
  const initiatorName = order[0]!.profile.name;
  const lines: SaidLine[] = [];
  const maxLines = order.length * s.maxTurnsEach;
  const perCall = Math.max(1, Math.round(s.dialogueLinesPerCall));
  let ended: 'natural' | 'cap' = 'cap';
  let summary: ConversationSummaryOutput | undefined;
  talk: while (lines.length < maxLines) {
    const want = Math.min(perCall, maxLines - lines.length);
    const input: DialogueInput = {
      placeName: ctx.location.name,
      time: clockAt(now),
      date: dateText(now),
      intent: ctx.intent,
      intentOf: initiatorName,
      speakers: speakers.map((sp, i) => ({
        ...sp,
        turnsLeft: s.maxTurnsEach - lines.filter((l) => l.speaker === order[i]!.profile.id).length,
      })),
      history: lines
        .slice(-s.dialogueHistoryLines)
        .map((l) => ({ speaker: nameOf(order, l.speaker), text: l.text, ...(l.news ? { news: l.news } : {}) })),
      next: order[lines.length % order.length]!.profile.name,
      lines: want,
      last: lines.length + want >= maxLines,
    };
    const out = await c.ask(DIALOGUE_TASK, dialogueOutput, dialogueMessages(input), input, () => ({
      lines: [{ line: 'I should get going. See you later!', news: null, confidedTo: null }],
      end: true,
      summary: null,
    }));
    summary = out.summary ?? undefined;
    if (out.lines.length === 0) {
      ended = 'natural';
      break;
    }
    for (const said of out.lines.slice(0, want)) {
      const speaker = order[lines.length % order.length]!;
      const text = clipText(cleanLine(said.line, speaker.profile.name), 500);
      if (text === '') {
        c.log('agent: empty dialogue line; ending the conversation', { agent: speaker.profile.id });
        ended = 'natural';
        break talk;
      }
      const news = said.news && said.news.trim() !== '' ? clipText(said.news, 300) : undefined;
      const listeners = order.filter((l) => l !== speaker).map((l) => l.profile.name);
      const audience = lineAudience(
        { text, ...(news ? { news } : {}), confidedTo: said.confidedTo ?? null },
        speaker.profile.name,
        listeners,
        contexts[order.indexOf(speaker)]!.kept,
      );
      lines.push({ speaker: speaker.profile.id, text, ...(news ? { news } : {}), ...audienceMeta(audience) });
      if (news) {
        const m = c.mindOf(speaker);
        for (const l of order)
          if (l !== speaker) m.told[l.profile.id] = [...(m.told[l.profile.id] ?? []), newsKey(news)].slice(-40);
      }
    }
    if (out.end) {
      ended = 'natural';
      break;
    }
  }
  // the call that ended the talk summarised it (a summary of a talk cut short by an empty line would miss the end)
  await afterConversation(c, order, lines, ctx, summary && summary.summary.trim() !== '' ? summary : undefined);
  // (a line told in confidence is marked: the town does not let bystanders overhear it)
  return {
    lines: lines.map((l) => ({
      speaker: l.speaker,
      text: l.text,
      ...(isKept(l.audience ?? PUBLIC) ? { kept: true } : {}),
    })),
    ended,
  };
}

/** One speaker's context for a whole conversation: gathered once, when it begins (sec. 4.3.1). */
async function speakerContext(
  c: MindContext,
  speaker: Resident,
  order: Resident[],
  ctx: { now: number; intent: string; bystanders?: string[] },
): Promise<{ section: Omit<DialogueSpeaker, 'turnsLeft'>; kept: { text: string; audience: Audience }[] }> {
  const s = c.settings;
  const listeners = order.filter((x) => x !== speaker);
  const listenerNames = listeners.map((l) => l.profile.name);
  const mems = await c.recall(
    speaker,
    [`What is ${speaker.profile.firstName}'s relationship with ${listenerNames.join(' and ')}?`, ctx.intent],
    ctx.now,
    { k: s.dialogueRetrieveK, kinds: EXPERIENCE, budget: s.dialogueBudgetTokens, planLevels: ['day'] },
  );
  const relations = relationsFor(c, speaker, listenerNames);
  const a = c.mindOf(speaker).lastAction;
  // the secrets and confidences these listeners may hear: a line that carries one is told in confidence
  const hearers = [...listenerNames, ...(ctx.bystanders ?? [])];
  const kept = mems
    .map((x) => ({ text: x.memory.description, audience: audienceOf(x.memory) }))
    .filter((k) => isKept(k.audience) && mayTell(k.audience, speaker.profile.name, hearers));
  const section = {
    name: speaker.profile.name,
    first: speaker.profile.firstName,
    summary: await summaryOf(c, speaker, ctx.now),
    listeners: listenerNames,
    doing: a ? progressive(actionPhrase(speaker.profile, a.description)) : 'here',
    ...(relations.length > 0 ? { relations } : {}),
    memories: withoutRepeats(
      dialogueMemories(
        c,
        speaker,
        listeners,
        mems.map((x) => x.memory),
        ctx.now,
        ctx.bystanders,
      ),
      relations,
    ),
  };
  return { section, kept };
}

/** A line of a conversation as said: its news, and who may know it when not everyone may (audience.ts). */
export interface SaidLine {
  speaker: AgentId;
  text: string;
  news?: string;
  audience?: Audience;
}

/**
 * Who may know what a line tells: in confidence when the model says it was confided to listeners here, when its
 * words say so ("between us"), or when it carries a secret or a confidence of the speaker's (told to those it was
 * meant for, it becomes a confidence between them); else anyone.
 */
export function lineAudience(
  said: { text: string; news?: string; confidedTo: string | null },
  speaker: string,
  listeners: readonly string[],
  kept: readonly { text: string; audience: Audience }[],
): Audience {
  const confided = (said.confidedTo ?? '').toLowerCase();
  const named = listeners.some((l) => names(confided, l.toLowerCase()) || confided.includes(l.toLowerCase()));
  if (named || SECRET_WORDS.test(said.text)) return { kind: 'confidence', by: speaker, to: [...listeners] };
  const carried = kept.filter((k) => carries(said.news ?? said.text, k.text, [speaker, ...peopleOf(k.audience)]));
  if (carried.length === 0) return PUBLIC;
  return strictest(carried.map((k) => toldAudience(k.audience, speaker, listeners)));
}

export function nameOf(rs: readonly Resident[], id: AgentId): string {
  return rs.find((r) => r.profile.id === id)?.profile.name ?? String(id);
}

/** Summary call (rates the lines too), dialogue + summary memories for everyone, plan bookkeeping. */
export async function afterConversation(
  c: MindContext,
  order: Resident[],
  lines: SaidLine[],
  ctx: { now: number; location: Place; initiator: AgentId },
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
  const conversation = `${ctx.initiator}@${now}`;
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
          userText: { from: `summary of a conversation with ${others.join(' and ')}`, text: summary },
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
  for (const p of promises(order, out.commitments)) {
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
  const minutes = Math.max(s.stepMinutes.min, Math.ceil(lines.length / 2 / 5) * 5);
  const g = s.planGranularityMinutes * MINUTE_MS;
  for (const r of order) {
    const mind = c.mindOf(r);
    // The conversation is one perceived event for the reflection trigger (sec. 4.2), rated once per conversation
    // and participant as the Smallville code does (smallville-run stats.json: one chat node per conversation each).
    mind.importanceSinceReflection += importance;
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
): { r: Resident; description: string }[] {
  const out: { r: Resident; description: string }[] = [];
  for (const x of said ?? []) {
    const who = x.who.trim().toLowerCase();
    const r = order.find((o) => o.profile.name.toLowerCase() === who || o.profile.firstName.toLowerCase() === who);
    let what = clipText(cleanLine(x.what, '').replace(/^\s*to\s+/i, ''), 240).replace(/[.!]+$/, '');
    if (!r || what.length < 3) continue;
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

/** Kinds whose memories are knowledge a resident may pass on in conversation (sec. 7.1 diffusion). */
const SHAREABLE: MemoryKind[] = ['seed', 'observation', 'inner_voice', 'game'];

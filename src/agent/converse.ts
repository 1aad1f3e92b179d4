// Dialogue (sec. 4.3.1): a conversation between residents turn by turn, each line from the speaker's memories of
// the listeners; afterwards every participant stores the lines and a summary.

import { cleanLine, clip as clipText, newsKey } from '../core/text.ts';
import { clockAt, dateText, MINUTE_MS } from '../core/time.ts';
import { isGoodbye, nextSpeaker } from '../core/turns.ts';
import { type Audience, audienceMeta, carries, isKept, PUBLIC, peopleOf, strictest, toldAudience } from './audience.ts';
import type { MindContext, Resident } from './context.ts';
import { afterConversation, nameOf, type SaidLine } from './conversation-memory.ts';
import { asksKept, keptMatter } from './kept-matter.ts';
import type { ConversationSummaryOutput } from './prompts/conversation-summary.ts';
import {
  DIALOGUE_TASK,
  type DialogueInput,
  type DialogueOutput,
  dialogueMessages,
  dialogueOutputFor,
  lineOf,
} from './prompts/dialogue.ts';
import { names, relationOf } from './relations.ts';
import { speakerContext } from './talk-context.ts';
import type { AgentId, Place } from './types.ts';

export { afterConversation, nameOf, type SaidLine } from './conversation-memory.ts';
export { dialogueMemories } from './talk-context.ts';

export interface ConverseContext {
  now: number;
  location: Place;
  initiator: AgentId;
  intent: string;
  /** The others in the place, who may overhear (a confidence is not told in front of them). */
  bystanders?: string[];
  /** A talk already under way that these participants (some new) carry on: its id and its last lines. */
  continues?: { id: string; lines: { speaker: string; text: string }[] };
}

/** How a conversation went: its lines (each a participant's), how it ended, its id and who left on the way. */
export interface ConverseResult {
  id: string;
  lines: { speaker: AgentId; text: string; kept?: boolean }[];
  ended: 'natural' | 'cap';
  /** Participants who said goodbye before the end (a group goes on without them). */
  left: AgentId[];
}

/**
 * A whole conversation between 2+ co-located residents: every line is a dialogue memory for everyone present; at
 * the end each stores a summary of what was said and agreed. Each speaker's context (relationship notes for everyone
 * present, memories retrieved about them and the reason for the talk, the summary description) is gathered once,
 * when the talk begins; each call then asks for the next settings.dialogueLinesPerCall lines, carrying that context
 * unchanged and the lines said so far. Who speaks next is whoever was addressed, has something to add, or has
 * spoken least (src/core/turns.ts), not a fixed round; one who says goodbye leaves, and the talk ends when fewer
 * than two are left, at the model's end, or at the cap (each at most maxTurnsEach lines, 2 x maxTurnsEach in all,
 * for a pair or a group: a group is one talk, not several pairs' worth).
 */
export async function converse(
  c: MindContext,
  participants: Resident[],
  ctx: ConverseContext,
): Promise<ConverseResult> {
  const s = c.settings;
  const now = ctx.now;
  const order = [...participants].sort((a, b) =>
    a.profile.id === ctx.initiator ? -1 : b.profile.id === ctx.initiator ? 1 : 0,
  );
  const id = ctx.continues?.id ?? `${ctx.initiator}@${now}`;
  if (order.length < 2) return { id, lines: [], ended: 'natural', left: [] };
  const contexts = await Promise.all(order.map((r) => speakerContext(c, r, order, ctx)));
  const speakers = contexts.map((x) => x.section);
  const initiatorName = order[0]!.profile.name;
  const lines: SaidLine[] = [];
  const before = (ctx.continues?.lines ?? []).slice(-s.dialogueHistoryLines);
  // a group talks no longer than a pair (2 x maxTurnsEach lines, in one call): its cost is one call with a section
  // per speaker, not a pair's calls for each two of them
  const maxLines = 2 * s.maxTurnsEach;
  const perCall = Math.max(1, Math.round(s.dialogueLinesPerCall));
  const left = new Set<AgentId>();
  const spoken = (r: Resident) => lines.filter((l) => l.speaker === r.profile.id).length;
  const turns = () =>
    order.map((r, i) => ({
      name: r.profile.name,
      first: r.profile.firstName,
      // something to add: fresh news not yet passed on here
      hasNews:
        speakers[i]!.memories.filter((m) => m.fresh).length >
        lines.filter((l) => l.speaker === r.profile.id && l.news).length,
      left: left.has(r.profile.id) || spoken(r) >= s.maxTurnsEach,
    }));
  const said = () => [...before, ...lines.map((l) => ({ speaker: nameOf(order, l.speaker), text: l.text }))];
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
      speakers: speakers.map((sp, i) => ({ ...sp, turnsLeft: s.maxTurnsEach - spoken(order[i]!) })),
      history: [
        ...before,
        ...lines.map((l) => ({ speaker: nameOf(order, l.speaker), text: l.text, ...(l.news ? { news: l.news } : {}) })),
      ].slice(-s.dialogueHistoryLines),
      next: nextSpeaker(turns(), said()),
      lines: want,
      last: lines.length + want >= maxLines,
      ...(left.size > 0 ? { gone: order.filter((r) => left.has(r.profile.id)).map((r) => r.profile.name) } : {}),
    };
    // a failed call is asked once more; failing again, the talk stops where it is: no goodbye is invented for a
    // speaker (issue 33 item 7: one made-up line used to stand for the whole talk), and the log says which
    const FAILED: DialogueOutput = { lines: [], news: [], end: true, summary: null };
    const schema = dialogueOutputFor(input);
    const ask = (): Promise<DialogueOutput> =>
      c.ask(DIALOGUE_TASK, schema, dialogueMessages(input), input, () => FAILED);
    let out = await ask();
    if (out === FAILED) {
      c.log('agent: dialogue call failed; asking once more', { conversation: id, lines: lines.length });
      out = await ask();
    }
    if (out === FAILED) {
      c.log('agent: dialogue call failed twice; the talk stops with the lines already said', {
        conversation: id,
        lines: lines.length,
      });
      ended = 'natural';
      break;
    }
    summary = out.summary ?? undefined;
    if (out.lines.length === 0) {
      ended = 'natural';
      break;
    }
    // the news and confidences an answer lists once, by the number of the line (from 1) that carries each
    const byLine = <T>(xs: readonly ({ line: number } & T)[] | undefined) =>
      new Map((xs ?? []).map((x) => [Math.round(x.line), x] as const));
    const newsOf = byLine(out.news);
    const confidedOf = byLine(out.confided);
    for (const [j, raw] of out.lines.slice(0, want).entries()) {
      const line = lineOf(raw);
      // the line's own speaker when the model names one in the talk (one who had said goodbye and speaks again is
      // back in it: its words are never put in another's mouth), else whose turn it is
      const named = order.find(
        (r) =>
          line.speaker !== null &&
          [r.profile.name, r.profile.firstName].some((n) => n.toLowerCase() === line.speaker!.trim().toLowerCase()),
      );
      if (named) left.delete(named.profile.id);
      const speaker = named ?? order.find((r) => r.profile.name === nextSpeaker(turns(), said()))!;
      const text = clipText(cleanLine(line.line, speaker.profile.name), 500);
      if (text === '') {
        c.log('agent: empty dialogue line; ending the conversation', { agent: speaker.profile.id });
        ended = 'natural';
        break talk;
      }
      const told = newsOf.get(j + 1)?.news;
      const news = told && told.trim() !== '' ? clipText(told, 300) : undefined;
      const listeners = order.filter((l) => l !== speaker && !left.has(l.profile.id)).map((l) => l.profile.name);
      const audience = lineAudience(
        { text, ...(news ? { news } : {}), confidedTo: confidedOf.get(j + 1)?.to ?? null },
        speaker.profile.name,
        listeners,
        contexts[order.indexOf(speaker)]!.kept,
      );
      const keptText = isKept(audience)
        ? (news ?? keptMatter(text, contexts[order.indexOf(speaker)]!.kept, [speaker.profile.name, ...listeners]))
        : undefined;
      lines.push({
        speaker: speaker.profile.id,
        text,
        ...(news ? { news } : {}),
        ...audienceMeta(audience),
        ...(keptText && keptText !== text ? { keptText } : {}),
      });
      if (news) {
        const m = c.mindOf(speaker);
        for (const l of order)
          if (l !== speaker) m.told[l.profile.id] = [...(m.told[l.profile.id] ?? []), newsKey(news)].slice(-40);
      }
      // one who says goodbye leaves: a group talks on while two are left, a pair's talk is over (issue 33 item 1:
      // a pair's goodbye not recorded as leaving let the next tick reopen the finished talk with passers-by)
      if (isGoodbye(text)) left.add(speaker.profile.id);
      if (order.length - left.size < 2) {
        ended = 'natural';
        break talk;
      }
    }
    if (out.end) {
      // the speakers ended it before the cap; ended at the cap, it was cut short (newcomers may carry it on)
      ended = lines.length >= maxLines ? 'cap' : 'natural';
      break;
    }
  }
  // the call that ended the talk summarised it (a summary of a talk cut short by an empty line would miss the end)
  await afterConversation(
    c,
    order,
    lines,
    { ...ctx, id },
    summary && summary.summary.trim() !== '' ? summary : undefined,
  );
  // (a line told in confidence is marked: the town does not let bystanders overhear it)
  return {
    id,
    lines: lines.map((l) => ({
      speaker: l.speaker,
      text: l.text,
      ...(isKept(l.audience ?? PUBLIC) ? { kept: true } : {}),
    })),
    ended,
    left: [...left].filter((x) => lines.some((l) => l.speaker === x)),
  };
}

/**
 * Does a resident present join a talk (issue 28)? When it knows one of the people talking (a relationship note:
 * family, an acquaintance met before) or the talk is about it (names it). The model's own choice is its react
 * decision (talking to someone already in a talk joins it); this rule covers those not asked this tick. One resting
 * from a talk it just ended (settings.talkRestMinutes) walks up only to a talk that names it.
 */
export function wouldJoin(
  c: MindContext,
  r: Resident,
  talk: { participants: string[]; intent: string; now?: number },
): boolean {
  if (talk.participants.includes(r.profile.name)) return false;
  if (names(talk.intent, r.profile.name)) return true;
  // one who just ended a talk of its own goes on with its day (settings.talkRestMinutes)
  const last = c.mindOf(r).lastTalkAt;
  if (talk.now !== undefined && last !== undefined && talk.now - last < c.settings.talkRestMinutes * MINUTE_MS)
    return false;
  return talk.participants.some((n) => relationOf(c, r, n) !== null);
}

/**
 * Who may know what a line tells: in confidence when the model says it was confided to listeners here, when its
 * words ask it ("between us", "don't breathe a word": the phrases keptMatter reads), or when it carries a secret or
 * a confidence of the speaker's (told to those it was meant for, it becomes a confidence between them); else anyone.
 */
export function lineAudience(
  said: { text: string; news?: string; confidedTo: string | null },
  speaker: string,
  listeners: readonly string[],
  kept: readonly { text: string; audience: Audience }[],
): Audience {
  const confided = (said.confidedTo ?? '').toLowerCase();
  const named = listeners.some((l) => names(confided, l.toLowerCase()) || confided.includes(l.toLowerCase()));
  if (named || asksKept(said.text)) return { kind: 'confidence', by: speaker, to: [...listeners] };
  const carried = kept.filter((k) => carries(said.news ?? said.text, k.text, [speaker, ...peopleOf(k.audience)]));
  if (carried.length === 0) return PUBLIC;
  return strictest(carried.map((k) => toldAudience(k.audience, speaker, listeners)));
}

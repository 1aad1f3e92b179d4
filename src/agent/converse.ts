// Dialogue (sec. 4.3.1): a conversation between residents turn by turn, each line from the speaker's memories of
// the listeners; afterwards every participant stores the lines and a summary.

import {
  type Audience,
  audienceMeta,
  audienceOf,
  carries,
  isKept,
  mayConfide,
  PUBLIC,
  peopleOf,
  SECRET_WORDS,
  strictest,
  toldAudience,
} from './audience.ts';
import { EXPERIENCE, type MindContext, type Resident } from './context.ts';
import { afterConversation, nameOf, type SaidLine } from './conversation-memory.ts';
import { talkPins, untold } from './core-knowledge.ts';
import { stillDue } from '../core/dates.ts';
import { summaryOf } from './describe.ts';
import { actionPhrase } from './hear.ts';
import type { ConversationSummaryOutput } from './prompts/conversation-summary.ts';
import { withoutRepeats } from './prompts/common.ts';
import {
  DIALOGUE_TASK,
  type DialogueInput,
  type DialogueOutput,
  type DialogueSpeaker,
  dialogueMessages,
  dialogueOutputFor,
} from './prompts/dialogue.ts';
import { names, relationOf, relationsFor } from './relations.ts';
import { isGoodbye, nextSpeaker } from '../core/turns.ts';
import { cleanLine, clip as clipText, contentWords, newsKey, progressive } from '../core/text.ts';
import { clockAt, dateText, MINUTE_MS } from '../core/time.ts';
import type { AgentId, Memory, MemoryKind, Place } from './types.ts';

export { afterConversation, nameOf, type SaidLine } from './conversation-memory.ts';

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
  const allowed = retrieved.filter((m) =>
    mayConfide(
      audienceOf(m),
      speaker.profile.name,
      listeners.map((l) => l.profile.name),
      bystanders,
    ),
  );
  // an insight that restates a known fact word for word is that fact: the fact is shown (once), as knowledge
  const facts = new Set(allowed.filter((m) => SHAREABLE.includes(m.kind)).map((m) => m.description));
  const mems = allowed.filter((m) => SHAREABLE.includes(m.kind) || !facts.has(m.description));
  const shown = c.promptMemories(mems, speaker);
  return mems.map((m, i) => {
    const news = typeof m.meta?.news === 'string' ? m.meta.news : null;
    const from = typeof m.meta?.speaker === 'string' ? m.meta.speaker : null;
    const key = newsKey(news ?? m.description);
    // told to one of them before, or heard from one of them (the relationship note keeps both: issue 22 item 2);
    // in a group, news one listener already has is not told again in front of them
    // (a secret of the speaker's own once confided to a listener, in whatever words, is told: its own lines say so)
    const own = audienceOf(m).kind === 'private';
    const told = listeners.some((l) => {
      const note = relationOf(c, speaker, l.profile.name);
      return (
        (mind.told[l.profile.id] ?? []).includes(key) ||
        [...(note?.told ?? []), ...(note?.heard ?? [])].some((t) => newsKey(t) === key) ||
        (own && untold(speaker, m, [l.profile.name]).length === 0)
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
/** What the town tells a conversation: where, when, who began it and why, who else is there, what came before. */
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
    for (const [j, line] of out.lines.slice(0, want).entries()) {
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
      lines.push({ speaker: speaker.profile.id, text, ...(news ? { news } : {}), ...audienceMeta(audience) });
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
  // memories in proportion to the lines the speaker will say: a pair's speaker says up to maxTurnsEach lines, one of
  // six about a third of that (a talk is 2 x maxTurnsEach lines whatever its size), so needs a third of the memories
  // (issue 33: a section per speaker, each as full as a pair's, made a group's prompt grow with its size)
  const share = Math.min(1, (2 * s.maxTurnsEach) / order.length / s.maxTurnsEach);
  const mems = await c.recall(
    speaker,
    [`What is ${speaker.profile.firstName}'s relationship with ${listenerNames.join(' and ')}?`, ctx.intent],
    ctx.now,
    {
      k: Math.max(2, Math.round(s.dialogueRetrieveK * share)),
      kinds: EXPERIENCE,
      budget: Math.round(s.dialogueBudgetTokens * Math.max(share, 2 / s.dialogueRetrieveK)),
      planLevels: ['day'],
    },
  );
  const a = c.mindOf(speaker).lastAction;
  // its own seed knowledge about the talk's subject and these listeners, and a secret it means to tell one of them
  // and has not yet (core-knowledge.ts): only what everyone present may hear
  const pinned = talkPins(
    c,
    speaker,
    { text: ctx.intent, listeners: listenerNames, bystanders: ctx.bystanders ?? [] },
    new Set(mems.map((x) => x.memory.id)),
  );
  // what someone here was seen doing at routine importance is shown as what they do now (the talk's opening line)
  const present = new Set(order.map((x) => x.profile.name));
  const all = [...mems.map((x) => x.memory).filter((m) => !seenDoingHere(m, present)), ...pinned];
  // the secrets and confidences these listeners may hear: a line that carries one is told in confidence
  const kept = all
    .map((m) => ({ text: m.description, audience: audienceOf(m) }))
    .filter(
      (k) => isKept(k.audience) && mayConfide(k.audience, speaker.profile.name, listenerNames, ctx.bystanders ?? []),
    );
  // in a group, the full note only about whom the speaker talks to: the initiator's about the one it came to,
  // the others' about the initiator; about the rest a tie line, and of what was told and heard only what bears on
  // what the speaker has in mind to say (so it is not passed on again) (issue 33 item 2: a section per speaker
  // with a full note about every other grew with the square of the group)
  const initiator = order[0]!;
  const focus = speaker === initiator ? listenerNames[0] : initiator.profile.name;
  const summary = await summaryOf(c, speaker, ctx.now);
  const topics = [summary, ...all.map((m) => m.description)].map((t) => new Set(contentWords(t)));
  const bears = (item: string) => {
    const w = contentWords(item);
    return topics.some((t) => w.filter((x) => t.has(x)).length >= Math.min(3, w.length));
  };
  const relations = relationsFor(c, speaker, listenerNames).map((x) => {
    if (listeners.length < 2 || x.name === focus) return x;
    const told = (x.told ?? []).filter(bears);
    const heard = (x.heard ?? []).filter(bears);
    return {
      name: x.name,
      note: x.note,
      ...(x.visitor ? { visitor: true } : {}),
      ...(told.length > 0 ? { told } : {}),
      ...(heard.length > 0 ? { heard } : {}),
    };
  });
  const section = {
    name: speaker.profile.name,
    first: speaker.profile.firstName,
    summary,
    listeners: listenerNames,
    doing: a ? progressive(actionPhrase(speaker.profile, a.description)) : 'here',
    ...(relations.length > 0 ? { relations } : {}),
    memories: withoutRepeats(dialogueMemories(c, speaker, listeners, all, ctx.now, ctx.bystanders), relations),
  };
  return { section, kept };
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

/**
 * A routine sight of someone present in the talk ("Jane Moreno is sweeping the front step", "Jane Moreno arrived"):
 * the prompt's opening line says what each of them is doing now, so the older sight is a repeat or out of date.
 */
function seenDoingHere(m: Memory, present: ReadonlySet<string>): boolean {
  if (m.kind !== 'observation' || m.importance > 3 || m.meta?.perceived === undefined) return false;
  const who =
    typeof m.meta.subject === 'string' ? m.meta.subject : /^(.+?) (?:is|arrived|left)\b/.exec(m.description)?.[1];
  return who !== undefined && present.has(who);
}

/** Kinds whose memories are knowledge a resident may pass on in conversation (sec. 7.1 diffusion). */
const SHAREABLE: MemoryKind[] = ['seed', 'observation', 'inner_voice', 'game'];

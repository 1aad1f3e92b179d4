// What one speaker brings to a talk (sec. 4.3.1): its memories of the listeners and the talk's subject, marked
// fresh where the listeners have not heard them, its notes about each listener (the full note only about whom it
// talks to, in a group), and the secrets and confidences those present may hear. Gathered once, when a talk begins.

import { stillDue } from '../core/dates.ts';
import { kindInText } from '../core/event-text.ts';
import { contentWords, newsKey, progressive } from '../core/text.ts';
import { type Audience, audienceOf, isKept, keptTextOf, mayConfide } from './audience.ts';
import { EXPERIENCE, type MindContext, type Resident } from './context.ts';
import { talkPins, untold } from './core-knowledge.ts';
import { summaryOf } from './describe.ts';
import { actionPhrase } from './hear.ts';
import { withoutRepeats } from './prompts/common.ts';
import type { DialogueSpeaker } from './prompts/dialogue.ts';
import { relationOf, relationsFor } from './relations.ts';
import type { Memory, MemoryKind } from './types.ts';

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
/** One speaker's context for a whole conversation: gathered once, when it begins (sec. 4.3.1). */
export async function speakerContext(
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
    { text: ctx.intent, listeners: listenerNames, bystanders: ctx.bystanders ?? [], now: ctx.now },
    new Set(mems.map((x) => x.memory.id)),
  );
  // what someone here was seen doing at routine importance is shown as what they do now (the talk's opening line)
  const present = new Set(order.map((x) => x.profile.name));
  const all = [...mems.map((x) => x.memory).filter((m) => !seenDoingHere(m, present)), ...pinned];
  // the secrets and confidences these listeners may hear: a line that carries one is told in confidence
  const kept = all
    .map((m) => ({ text: keptTextOf(m), audience: audienceOf(m) }))
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
    memories: invitationsKept(
      speaker,
      listenerNames,
      ctx.now,
      dialogueMemories(c, speaker, listeners, all, ctx.now, ctx.bystanders),
      relations,
    ),
  };
  return { section, kept };
}

/**
 * The memories a speaker brings, less those its notes about the listeners already say (withoutRepeats), except an
 * invitation still to give: news of an event the speaker hosts, not yet over, to which a listener is invited. A note
 * about the listener may quote the seed that names them ("... and means to invite Maureen"), but a note is what the
 * speaker knows of them, not something it tells them: dropped as a repeat, the invitation was never given.
 */
function invitationsKept<M extends Parameters<typeof withoutRepeats>[0][number] & { fresh: boolean }>(
  speaker: Resident,
  listeners: readonly string[],
  now: number,
  memories: M[],
  relations: Parameters<typeof withoutRepeats>[1],
): M[] {
  const events = (speaker.profile.hosting ?? []).filter(
    (e) => e.end > now && (e.invite === 'everyone' || listeners.some((l) => e.invite.includes(l))),
  );
  const inviting = (m: M) => m.fresh && events.some((e) => kindInText(e.kind, m.text));
  const kept = withoutRepeats(memories, relations);
  return memories.filter((m) => kept.includes(m) || (inviting(m) && !kept.some((k) => k.text === m.text)));
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

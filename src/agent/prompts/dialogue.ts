// Task agent_dialogue (sec. 4.3.1 dialogue, several lines per call): the next lines of a conversation, the speakers
// taking turns. Each speaker's context (summary, relationship notes, retrieved memories) is gathered once per
// conversation and shown in a section of its own that only that speaker may draw on; every call of one
// conversation repeats those sections byte for byte ahead of the lines said so far, so what changes is at the end
// (and a provider's prompt cache can serve the rest). agent_dialogue_turn (one line per call) is the same
// speaker's view of one line: the offline stand-in writes each line from it.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import {
  bullets,
  memoryText,
  prompt,
  promptMemory,
  promptRelation,
  quoted,
  relationLines,
  system,
  withoutRepeats,
} from './common.ts';
import { conversationSummaryOutput } from './conversation-summary.ts';

export const DIALOGUE_TASK = 'agent_dialogue';

/** One participant as the conversation sees them, gathered when it begins. */
export const dialogueSpeaker = z.object({
  name: z.string(),
  first: z.string(),
  summary: z.string(),
  listeners: z.array(z.string()),
  /** What they were doing when the talk began ("pouring coffee"). */
  doing: z.string(),
  /** Their notes about the listeners they know (relations.ts); a listener without one is a stranger to them. */
  relations: z.array(promptRelation).optional(),
  /** Retrieved memories, none repeating a note; `fresh` = not heard from nor already told to these listeners. */
  memories: z.array(promptMemory.extend({ fresh: z.boolean() })),
  /** Lines this speaker may still say (the turn cap). */
  turnsLeft: z.number(),
});
export type DialogueSpeaker = z.infer<typeof dialogueSpeaker>;

export const dialogueInput = z.object({
  placeName: z.string(),
  time: z.string(),
  /** The date ("Monday, February 13"), so "tomorrow" and "on Sunday" are read right. */
  date: z.string().optional(),
  /** Why the talk began, and whose reason it is. */
  intent: z.string().optional(),
  intentOf: z.string().optional(),
  /** In speaking order: the first speaks first in the conversation. */
  speakers: z.array(dialogueSpeaker),
  /** The conversation so far; `news` is what a line passed on. */
  history: z.array(z.object({ speaker: z.string(), text: z.string(), news: z.string().optional() })),
  /** Who says the first of the lines asked for; the speakers then take turns in order. */
  next: z.string(),
  /** Lines asked for in this call. */
  lines: z.number(),
  /** The turn cap is reached within these lines: the last of them ends the conversation. */
  last: z.boolean(),
});
export type DialogueInput = z.infer<typeof dialogueInput>;

export const dialogueOutput = z.object({
  lines: z.array(
    z.object({
      line: z.string(),
      /** A piece of news the line passes on, as a standalone sentence, or null. */
      news: z.string().nullable(),
      /**
       * The model's own judgement of who may know what the line tells: the names of those it is told to in
       * confidence (a secret shared, "between us"), or null when anyone may hear it passed on.
       */
      confidedTo: z.string().nullable(),
    }),
  ),
  /** True when the last of these lines ends the conversation. */
  end: z.boolean(),
  /**
   * With the lines that end the talk: the summary of the whole conversation (as agent_conversation_summary, line
   * ratings for every line of it), so one call both ends and summarises it; null otherwise.
   */
  summary: conversationSummaryOutput.nullable(),
});
export type DialogueOutput = z.infer<typeof dialogueOutput>;

/** What the call that ends the talk adds (the summary agent_conversation_summary would write). */
const SUMMARY_ASK =
  'With the lines that end the talk, summary is {"summary": what was said and agreed (who, what, when, where) in one or two sentences, "importance": the poignancy of the whole conversation 1-10, "lineImportance": [1-10 for every line of the conversation, in order], "commitments": [{"who", "what"}] for what each promised to do here (accepted an invitation, offered help, arranged to meet) as an action with the place, day and hours said, or null}; otherwise summary is null.';

function speakerSection(s: DialogueSpeaker): string {
  return [
    `${s.name} (only ${s.first} knows this):`,
    s.summary,
    ...(s.relations?.length ? [relationLines(s.first, s.relations)] : []),
    `What ${s.first} remembers:`,
    bullets(withoutRepeats(s.memories, s.relations).map(memoryText)),
  ].join('\n');
}

export function dialogueMessages(input: DialogueInput): ChatMessage[] {
  const names = input.speakers.map((s) => s.name);
  const order = [
    ...input.speakers.slice(names.indexOf(input.next)),
    ...input.speakers.slice(0, names.indexOf(input.next)),
  ]
    .map((s) => s.first)
    .join(', then ');
  // a line said is its quoted block alone: the block names who said it
  const history = input.history.map((h) => quoted({ from: h.speaker, text: h.text })).join('\n');
  const doing = input.speakers.map((s) => ` ${s.name} was ${s.doing}.`).join('');
  const why = input.intent
    ? `\n${input.intentOf ? `${input.intentOf} started this talk to ${input.intent}.` : `They talk to ${input.intent}.`}`
    : '';
  return prompt(
    system(
      `You write a conversation between ${names.join(' and ')}: short, natural lines, each in character. Each speaker knows only their own section below and what has been said: never have one say what only the other knows. Write the next ${input.lines} lines, taking turns (${order}, ...), or fewer if the talk ends. Reply {"lines": [{"line": "...", "news": "...", "confidedTo": "..."}], "end": true|false, "summary": ...}, where news is a piece of news the line passes on as one sentence, or null; confidedTo names who the line tells something in confidence (not to be passed on), or null; and end says the last line ends the talk.${input.speakers.some((s) => s.memories.some((m) => m.kept)) ? ' A memory marked as a secret or a confidence is told only to the people its mark allows, in confidence.' : ''} End when the talk has run its course${input.last ? ' (the last line of these ends it)' : ''}. ${SUMMARY_ASK}`,
    ),
    `${input.date ? `${input.date}, ` : ''}${input.time} at ${input.placeName}.${doing}${why}\n\n${input.speakers.map(speakerSection).join('\n\n')}\n\n${history ? `Conversation so far:\n${history}` : 'Nobody has spoken yet.'}`,
  );
}

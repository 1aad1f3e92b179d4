// Task agent_dialogue_turn (sec. 4.3.1 dialogue): one line of a conversation. The speaker's context is its
// summary, memories retrieved about the listeners and the last line, and the conversation so far.
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

export const DIALOGUE_TURN_TASK = 'agent_dialogue_turn';

export const dialogueTurnInput = z.object({
  name: z.string(),
  first: z.string(),
  summary: z.string(),
  listeners: z.array(z.string()),
  placeName: z.string(),
  time: z.string(),
  /** The date ("Monday, February 13"), so "tomorrow" and "on Sunday" are read right. */
  date: z.string().optional(),
  /** What each side was doing when the talk began ("pouring coffee"). */
  doing: z.array(z.object({ name: z.string(), activity: z.string() })).optional(),
  /** The speaker's notes about the listeners it knows (relations.ts); a listener without one is a stranger. */
  relations: z.array(promptRelation).optional(),
  /** Why the talk began, and whose reason it is (shown on every turn). */
  intent: z.string().optional(),
  intentOf: z.string().optional(),
  /** The conversation so far; `news` is what a line passed on (as the speaker's model reported it). */
  history: z.array(z.object({ speaker: z.string(), text: z.string(), news: z.string().optional() })),
  /** Retrieved memories; `fresh` = not heard from nor already told to these listeners. */
  memories: z.array(promptMemory.extend({ fresh: z.boolean() })),
  /** Lines this speaker may still say (the turn cap). */
  turnsLeft: z.number(),
});
export type DialogueTurnInput = z.infer<typeof dialogueTurnInput>;

export const dialogueTurnOutput = z.object({
  line: z.string(),
  /** True when this line ends the conversation. */
  end: z.boolean(),
  /** A piece of news the line passes on, as a standalone sentence (e.g. "Sam Moore is running for mayor"). */
  news: z.string().nullable(),
  /** Who the line tells something in confidence (not to be passed on), or null (dialogue.ts). */
  confidedTo: z.string().nullable(),
});
export type DialogueTurnOutput = z.infer<typeof dialogueTurnOutput>;

export function dialogueTurnMessages(input: DialogueTurnInput): ChatMessage[] {
  const to = input.listeners.join(' and ');
  // "Name: <quoted line>": who speaks is ours, what they say is a quoted block ending the line.
  const history = input.history.map((h) => `${h.speaker}: ${quoted({ from: h.speaker, text: h.text })}`).join('\n');
  return prompt(
    system(
      `You are ${input.name} talking with ${to}. Say ${input.first}'s next line: short, natural, in character. Reply {"line": "...", "end": true|false, "news": "...", "confidedTo": "..."}, where news is a piece of news the line passes on as one sentence, or null, and confidedTo names who the line tells something in confidence, or null. End when the talk has run its course${input.turnsLeft <= 1 ? ' (this is your last line)' : ''}.`,
    ),
    [
      input.summary,
      `${input.date ? `${input.date}, ` : ''}${input.time} at ${input.placeName}.${(input.doing ?? []).map((d) => ` ${d.name} was ${d.activity}.`).join('')}`,
      ...(input.relations?.length ? [relationLines(input.first, input.relations)] : []),
      ...(input.intent
        ? [
            !input.intentOf || input.intentOf === input.name
              ? `${input.first} wants to ${input.intent}.`
              : `${input.intentOf} started this talk to ${input.intent}.`,
          ]
        : []),
    ].join('\n') +
      `\nWhat ${input.first} remembers:\n${bullets(withoutRepeats(input.memories, input.relations).map(memoryText))}\n${history ? `Conversation so far:\n${history}` : 'Nobody has spoken yet.'}`,
  );
}

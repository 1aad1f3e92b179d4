// Task agent_hear: a person (a user's persona) spoke where the resident is. Rates the remark like any
// observation (sec. 4.1) and answers in character, or stays silent when not addressed and not concerned.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import {
  bullets,
  memoryText,
  prompt,
  promptMemory,
  promptRelation,
  quoted,
  quotedText,
  relationLines,
  situationInput,
  system,
  withoutRepeats,
} from './common.ts';

export const HEAR_TASK = 'agent_hear';

export const hearInput = situationInput.extend({
  speaker: z.object({ name: z.string(), description: z.string().optional() }),
  text: z.string(),
  addressed: z.boolean(),
  /** A conversation under way that the visitor spoke into (issue 28): who the resident is talking with, its last lines. */
  conversation: z.object({ with: z.array(z.string()), lines: z.array(quotedText) }).optional(),
  /** What the resident already knows of the speaker (relations.ts), when it has met them. */
  relations: z.array(promptRelation).optional(),
  memories: z.array(promptMemory),
  /** Today's plan outline, as the listeners may hear it (interview.ts plansFor). */
  plan: z.array(z.string()).optional(),
});
export type HearInput = z.infer<typeof hearInput>;

export const hearOutput = z.object({ importance: z.number(), reply: z.string() });
export type HearOutput = z.infer<typeof hearOutput>;

export function hearMessages(input: HearInput): ChatMessage[] {
  // The visitor's name, self-description and words are theirs: each a quoted block, never bare text.
  const who = input.speaker.description
    ? `\n${quoted({ from: `${input.speaker.name}, describing themselves`, text: input.speaker.description })}`
    : '';
  const talk = input.conversation;
  const talking = talk
    ? `\nYou are talking with ${talk.with.join(' and ') || 'others'}; the conversation so far:\n${talk.lines.map((l) => quoted({ from: l.from, text: l.text })).join('\n')}\nThe visitor joins your conversation: answer as one of the group.`
    : '';
  return prompt(
    system(
      `You are ${input.name}. Rate how poignant this remark is for you, 1-10, and reply in character in one or two sentences${input.addressed ? '' : ', or with "" if it is not for you'}. Reply {"importance": n, "reply": "..."}.`,
    ),
    `${input.summary}\nIt is ${input.time}; you are ${input.status} at ${input.placeName}.${input.relations?.length ? `\n${relationLines(input.first, input.relations)}` : ''}\nWhat you remember:\n${bullets(withoutRepeats(input.memories, input.relations).map(memoryText))}${input.plan?.length ? `\nYour plan for today:\n${bullets(input.plan)}` : ''}${talking}\nA visitor speaks${input.addressed ? ' to you' : ' where you are'}.${who}\n${quoted({ from: input.speaker.name, text: input.text })}`,
  );
}

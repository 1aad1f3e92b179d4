// Task agent_react (sec. 4.3.1): continue the plan, react to what was perceived, or start a conversation.
// The context is what retrieval returned for "What is <me>'s relationship with <entity>?" and
// "<entity> is <doing>" (the John-and-Eddy example), listed rather than summarised by another call.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import {
  bullets,
  memoryText,
  withoutRepeats,
  prompt,
  promptMemory,
  promptRelation,
  relationLines,
  situationInput,
  system,
} from './common.ts';

export const REACT_TASK = 'agent_react';

export const reactInput = situationInput.extend({
  observation: z.string(),
  /** The observed entity. */
  subject: z.string().optional(),
  context: z.array(promptMemory),
  /** Set when the observed entity is a resident who could be talked to right now. */
  person: z.object({ name: z.string(), action: z.string() }).optional(),
  /** The resident's note about that person (relations.ts), when it knows them. */
  relations: z.array(promptRelation).optional(),
});
export type ReactInput = z.infer<typeof reactInput>;

export const reactOutput = z.object({
  decision: z.enum(['continue', 'react', 'talk']),
  /** react: what the resident does now, as an action phrase ("turn off the stove"). */
  reaction: z.string().nullable(),
  emoji: z.string().nullable(),
  minutes: z.number().nullable(),
  object: z.string().nullable(),
  objectStatus: z.string().nullable(),
  /** talk: what the resident wants to talk about. */
  intent: z.string().nullable(),
});
export type ReactOutput = z.infer<typeof reactOutput>;

/** "continue", with every other field null (the shape a strict schema requires). */
export const NO_REACTION: ReactOutput = Object.freeze({
  decision: 'continue',
  reaction: null,
  emoji: null,
  minutes: null,
  object: null,
  objectStatus: null,
  intent: null,
});

export function reactMessages(input: ReactInput): ChatMessage[] {
  const options = input.person
    ? `continues the current plan, reacts to what was just observed, or talks to ${input.person.name} (say why in "intent")`
    : 'continues the current plan or reacts to what was just observed';
  return prompt(
    system(
      // the answer's shape travels as its JSON schema (strict structured outputs, or the schema in JSON mode): the
      // prompt says what the fields mean, not their syntax again
      `Decide whether ${input.first} ${options}. For react: the reaction, its emoji, minutes, and the object used and its new status${input.person ? '; for talk: the intent (why)' : ''}; null where they do not apply.`,
    ),
    `${input.summary}\nIt is ${input.time}. ${input.first} is ${input.status} at ${input.placeName}.\nObserved: ${input.observation}${input.relations?.length ? `\n${relationLines(input.first, input.relations)}` : ''}\nWhat ${input.first} remembers:\n${bullets(
      withoutRepeats(input.context, input.relations)
        .filter((m) => m.text !== input.observation)
        .map(memoryText),
    )}${input.person && input.observation !== `${input.person.name} is ${input.person.action}` ? `\n${input.person.name} is ${input.person.action}.` : ''}`,
  );
}

// Task agent_react (sec. 4.3.1): continue the plan, react to what was perceived, or start a conversation.
// The context is what retrieval returned for "What is <me>'s relationship with <entity>?" and
// "<entity> is <doing>" (the John-and-Eddy example), listed rather than summarised by another call.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import {
  bullets,
  memoryText,
  prompt,
  promptMemory,
  promptRelation,
  relationLines,
  situationInput,
  system,
  withoutRepeats,
} from './common.ts';
import { formatPlanStep, type PlanStep, parsePlanStep, STEP_LINE } from './plan-steps.ts';

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

/**
 * The answer: the decision, and in one string what it needs (issue 33 item 3: a reaction's five fields, and an intent,
 * were written out, mostly as nulls, with every "continue"). For react, the reaction as a step line
 * (plan-steps.ts STEP_LINE, read with `reactionOf`); for talk, why; for continue, null.
 */
export const reactOutput = z.object({
  decision: z.enum(['continue', 'react', 'talk']),
  detail: z.string().nullable(),
});
export type ReactOutput = z.infer<typeof reactOutput>;

/** "continue" (the shape a strict schema requires). */
export const NO_REACTION: ReactOutput = Object.freeze({ decision: 'continue', detail: null });

/** The reaction a "react" answer says, read like a plan step; null when it says no action. */
export function reactionOf(out: ReactOutput): PlanStep | null {
  return out.decision === 'react' ? parsePlanStep(out.detail ?? '') : null;
}

/** A "react" answer (the offline stand-in writes its reactions so). */
export function reactAnswer(step: PlanStep): ReactOutput {
  return { decision: 'react', detail: formatPlanStep(step) };
}

export function reactMessages(input: ReactInput): ChatMessage[] {
  const options = input.person
    ? `continues the current plan, reacts to what was just observed, or talks to ${input.person.name}`
    : 'continues the current plan or reacts to what was just observed';
  return prompt(
    system(
      // the answer's shape travels as its JSON schema (strict structured outputs, or the schema in JSON mode): the
      // prompt says what the fields mean, not their syntax again
      `Decide whether ${input.first} ${options}. "detail": for react, the reaction as one line "${STEP_LINE}" (the object used and its new state; leave out " | <object>: <state>" when none is used)${input.person ? '; for talk, why' : ''}; null to continue.`,
    ),
    `${input.summary}\nIt is ${input.time}. ${input.first} is ${input.status} at ${input.placeName}.\nObserved: ${input.observation}${input.relations?.length ? `\n${relationLines(input.first, input.relations)}` : ''}\nWhat ${input.first} remembers:\n${bullets(
      withoutRepeats(input.context, input.relations)
        .filter((m) => m.text !== input.observation)
        .map(memoryText),
    )}${input.person && input.observation !== `${input.person.name} is ${input.person.action}` ? `\n${input.person.name} is ${input.person.action}.` : ''}`,
  );
}

// Task agent_plan_steps (sec. 4.3): the current hour decomposed into 5-15 minute actions, each with what the
// world needs to show it (emoji, sub-area, object and its new status): one call instead of the original's
// separate sector/arena/object/emoji/triple calls per action.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import { prompt, system } from './common.ts';

export const PLAN_STEPS_TASK = 'agent_plan_steps';

export const planStepsInput = z.object({
  first: z.string(),
  summary: z.string(),
  chunk: z.object({ start: z.string(), end: z.string(), activity: z.string(), placeName: z.string() }),
  /** The chunks that follow in the same place, stepped through in the same call (issue 33 item 5). */
  following: z.array(z.object({ start: z.string(), end: z.string(), activity: z.string() })).optional(),
  /** The place is the resident's own home (meals are cooked, not ordered). */
  home: z.boolean().optional(),
  areas: z.array(z.object({ name: z.string(), objects: z.array(z.string()) })),
  /** What just happened (a reaction, a refusal) that the steps should follow on from. */
  context: z.string().optional(),
  steps: z.object({ min: z.number(), max: z.number() }),
});
export type PlanStepsInput = z.infer<typeof planStepsInput>;

/**
 * One step, compactly (issue 33: the six keys of every step were about 40% of the answer): `object` names a listed
 * object (its sub-area follows from the list) or a listed sub-area, or is null; `objectStatus` is the object's state
 * while used.
 */
export const planStep = z.object({
  minutes: z.number(),
  action: z.string(),
  emoji: z.string(),
  object: z.string().nullable(),
  objectStatus: z.string().nullable(),
});
export const planStepsOutput = z.object({ steps: z.array(planStep) });
export type PlanStepsOutput = z.infer<typeof planStepsOutput>;

export function planStepsMessages(input: PlanStepsInput): ChatMessage[] {
  const c = input.chunk;
  const areas = input.areas.map((a) => `${a.name}${a.objects.length ? ` (${a.objects.join(', ')})` : ''}`).join('; ');
  const then = (input.following ?? []).map((x) => `\n${x.start}-${x.end}: ${x.activity}`).join('');
  const end = input.following?.at(-1)?.end ?? c.end;
  return prompt(
    system(
      `Break ${input.first}'s ${then ? 'activities' : 'current activity'} into steps of ${input.steps.min}-${input.steps.max} minutes that fill the time${then ? ` from ${c.start} to ${end}` : ''}, in order: minutes, action, one emoji, and the object used (and its state while used) or else the area, only from the list, else null.`,
    ),
    `${input.summary}\n${c.start}-${c.end}: ${c.activity} at ${c.placeName}${input.home ? ' (home)' : ''}.${then}\nAreas: ${areas || '(none known)'}${input.context ? `\nJust now: ${input.context}` : ''}`,
  );
}

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

/** One step as the code uses it: `object` names a listed object or a listed sub-area, or is null. */
export interface PlanStep {
  minutes: number;
  action: string;
  emoji: string;
  object: string | null;
  objectStatus: string | null;
}

/**
 * How the model writes one step: one line, not an object (issue 33 item 3: a step's five keys, written again for
 * each of the 15-20 steps a three-hour window takes, were more than half of the answer's tokens).
 */
export const STEP_LINE = '<minutes> <emoji> <action> | <object>: <state>';

const LEADING_MINUTES = /^\s*(\d{1,3})\s*(?:min(?:ute)?s?\.?|m\b|')?\s*[-–—:.,]?\s*/iu;
const LEADING_EMOJI = /^(\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|\p{Emoji_Modifier})*)\s*/u;

/**
 * A step line read back ("10 ☕ make coffee | kitchen sink: running"); null when it says no action. A line
 * without minutes gets NaN (the caller's default length), without an emoji an empty one (the caller picks one).
 */
export function parsePlanStep(line: string): PlanStep | null {
  let rest = line.trim().replace(/^[-*•]\s*/u, '');
  const m = LEADING_MINUTES.exec(rest);
  const minutes = m ? Number(m[1]) : Number.NaN;
  if (m) rest = rest.slice(m[0].length);
  const e = LEADING_EMOJI.exec(rest);
  const emoji = e?.[1] ?? '';
  if (e) rest = rest.slice(e[0].length);
  const bar = rest.lastIndexOf('|');
  const action = (bar >= 0 ? rest.slice(0, bar) : rest).trim().replace(/[.;,]$/, '');
  if (action === '') return null;
  const used = bar >= 0 ? rest.slice(bar + 1).trim() : '';
  const colon = used.indexOf(':');
  const object = (colon >= 0 ? used.slice(0, colon) : used).trim();
  const state =
    colon >= 0
      ? used
          .slice(colon + 1)
          .trim()
          .replace(/[.;,]$/, '')
      : '';
  return {
    minutes,
    action,
    emoji,
    object: object === '' || /^(none|null|-)$/i.test(object) ? null : object,
    objectStatus: object === '' || state === '' ? null : state,
  };
}

/** A step as the model writes it (the offline stand-in answers in the same lines). */
export function formatPlanStep(s: PlanStep): string {
  const used = s.object ? ` | ${s.object}${s.objectStatus ? `: ${s.objectStatus}` : ''}` : '';
  return `${s.minutes} ${s.emoji} ${s.action}${used}`.replace(/\s+/g, ' ').trim();
}

/** The answer: step lines, read with `stepsOf` (a transform cannot be sent as a strict schema). */
export const planStepsOutput = z.object({ steps: z.array(z.string()) });
export type PlanStepsOutput = z.infer<typeof planStepsOutput>;

/** The steps an answer's lines say, in order; lines that say no action are left out. */
export function stepsOf(out: PlanStepsOutput): PlanStep[] {
  return out.steps.flatMap((l) => parsePlanStep(l) ?? []);
}

export function planStepsMessages(input: PlanStepsInput): ChatMessage[] {
  const c = input.chunk;
  const areas = input.areas.map((a) => `${a.name}${a.objects.length ? ` (${a.objects.join(', ')})` : ''}`).join('; ');
  const then = (input.following ?? []).map((x) => `\n${x.start}-${x.end}: ${x.activity}`).join('');
  const end = input.following?.at(-1)?.end ?? c.end;
  return prompt(
    system(
      `Break ${input.first}'s ${then ? 'activities' : 'current activity'} into steps of ${input.steps.min}-${input.steps.max} minutes that fill the time${then ? ` from ${c.start} to ${end}` : ''}, in order, each one line "${STEP_LINE}": the object used and its state while used, or else the area, only from the list; leave out " | <object>: <state>" when none is used.`,
    ),
    `${input.summary}\n${c.start}-${c.end}: ${c.activity} at ${c.placeName}${input.home ? ' (home)' : ''}.${then}\nAreas: ${areas || '(none known)'}${input.context ? `\nJust now: ${input.context}` : ''}`,
  );
}

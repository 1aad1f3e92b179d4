// Task agent_plan_hours (sec. 4.3): the day block the resident has entered, decomposed into chunks of one to two hours
// (lazily: a block is decomposed when it starts, not the whole day at once).
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import { bullets, memoryText, prompt, promptMemory, system, withoutRepeats } from './common.ts';
import { placeLine, promptPlace } from './plan-day.ts';

export const PLAN_HOURS_TASK = 'agent_plan_hours';

export const planHoursInput = z.object({
  first: z.string(),
  summary: z.string(),
  block: z.object({ start: z.string(), end: z.string(), activity: z.string(), place: z.string() }),
  places: z.array(promptPlace),
  memories: z.array(promptMemory),
});
export type PlanHoursInput = z.infer<typeof planHoursInput>;

export const planHoursOutput = z.object({
  items: z.array(z.object({ start: z.string(), end: z.string(), activity: z.string(), place: z.string() })),
});
export type PlanHoursOutput = z.infer<typeof planHoursOutput>;

export function planHoursMessages(input: PlanHoursInput): ChatMessage[] {
  const b = input.block;
  return prompt(
    system(
      `Break ${input.first}'s plan block into parts of one to two hours. Reply {"items": [{"start": "HH:MM", "end": "HH:MM", "activity": "...", "place": "<place id>"}]} in order, no overlaps, covering ${b.start}-${b.end}.`,
    ),
    `${input.summary}\nBlock ${b.start}-${b.end}: ${b.activity} (${b.place})\nPlaces:\n${input.places.map(placeLine).join('\n')}\nRelevant memories:\n${bullets(withoutRepeats(input.memories).map(memoryText))}`,
  );
}

// Task agent_read_events (issue 22 item 4): the events a resident's dated memories state, each as a thing with a
// kind in the text's own words, a host, a known place and a day and hours. Asked once per day plan for the dated
// memories not yet read (src/agent/event.ts), so a clean-up heard of stays a clean-up at its pier in every plan.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import { memoryText, type PromptMemory, prompt, promptMemory, system } from './common.ts';
import { placeLine, promptPlace } from './plan-day.ts';

export const READ_EVENTS_TASK = 'agent_read_events';

export const readEventsInput = z.object({
  first: z.string(),
  /** Today as an ISO day; each text carries the day it was made (`day`), to place "on Saturday". */
  day: z.string(),
  date: z.string(),
  /** The texts to read, numbered from 1 in this order. */
  texts: z.array(promptMemory),
  places: z.array(promptPlace),
  /** People the resident knows of (full names), so a host is named as a person. */
  people: z.array(z.string()),
});
export type ReadEventsInput = z.infer<typeof readEventsInput>;

export const readEvent = z.object({
  /** The number of the text that states it. */
  text: z.number().int(),
  /** What it is, copied from the text ("beach clean-up"), without article. */
  kind: z.string(),
  /** Who hosts it (a person's full name), or null when the text does not say. */
  host: z.string().nullable(),
  /** A listed place id. */
  place: z.string(),
  /** "YYYY-MM-DD". */
  date: z.string(),
  /** "HH:MM". */
  start: z.string(),
  end: z.string().nullable(),
});
export const readEventsOutput = z.object({ events: z.array(readEvent) });
export type ReadEventsOutput = z.infer<typeof readEventsOutput>;

// (a memory holding someone's words is their quoted block; the day goes first, a quoted block ends its line)
const line = (m: PromptMemory, n: number) => `${n}. ${m.day ? `(said on ${m.day}) ` : ''}${memoryText(m)}`;

export function readEventsMessages(input: ReadEventsInput): ChatMessage[] {
  return prompt(
    system(
      `You read which events these memories of ${input.first}'s state: a gathering, meeting or outing on a given day, at a place, at a time. Reply {"events": [{"text": <number>, "kind": "...", "host": "Full Name" or null, "place": "<place id>", "date": "YYYY-MM-DD", "start": "HH:MM", "end": "HH:MM" or null}]}. The kind is the text's own words for it (a "quiz night" stays a quiz night, never "party" or "event"). One entry per event even when several texts state it; none when a text states no day, time or listed place.`,
    ),
    [
      `Today is ${input.date} (${input.day}).`,
      `Texts:\n${input.texts.map((m, k) => line(m, k + 1)).join('\n')}`,
      `Places:\n${input.places.map(placeLine).join('\n')}`,
      `People: ${input.people.join(', ') || '(none named)'}`,
    ].join('\n'),
  );
}

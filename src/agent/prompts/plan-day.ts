// Task agent_plan_day (sec. 4.3): a day outline of 5-8 blocks from the summary description and a summary of the
// previous day; also re-plans the rest of a day from a given time (after an inner voice).
import { z } from 'zod';
import { dateText } from '../../core/time.ts';
import type { ChatMessage } from '../../llm/port.ts';
import {
  bullets,
  memoryText,
  type PromptMemory,
  prompt,
  promptMemory,
  quoted,
  repeats,
  shownPieces,
  system,
  withoutRepeats,
} from './common.ts';

export const PLAN_DAY_TASK = 'agent_plan_day';

export const promptPlace = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string().optional(),
  hours: z.string().optional(),
});
export type PromptPlace = z.infer<typeof promptPlace>;

export const planDayInput = z.object({
  name: z.string(),
  first: z.string(),
  summary: z.string(),
  date: z.string(),
  /** Today as an ISO day ("2024-04-12"), to place "tomorrow" and "on Sunday" of a remembered plan. */
  day: z.string().optional(),
  /** "HH:MM": plan from here to midnight ("00:00" for a whole day). */
  from: z.string(),
  lifestyle: z.string(),
  currently: z.string(),
  yesterday: z.array(z.string()),
  /** Retrieved memories about plans and intentions (inner voice, agreements). */
  intentions: z.array(promptMemory),
  places: z.array(promptPlace),
  home: z.string(),
  avoid: z.array(z.string()),
  blocks: z.object({ min: z.number(), max: z.number() }),
  /** People the resident means to tell something in private and has not yet, and where to find them (issue 32). */
  confide: z.array(z.object({ name: z.string(), place: z.string(), start: z.string().nullable() })).optional(),
  /** Today's habits as the town's reading has them (issue 32): what, a place id, "HH:mm" hours, each when said. */
  routine: z
    .array(
      z.object({
        what: z.string(),
        place: z.string().nullable(),
        start: z.string().nullable(),
        end: z.string().nullable(),
      }),
    )
    .optional(),
  /** People the resident means to invite to its event of today and has not yet, where to find them before it. */
  invite: z
    .array(z.object({ name: z.string(), place: z.string(), start: z.string().nullable(), event: z.string() }))
    .optional(),
  /** Today's work as the town's reading has it (issue 32): its place id and hours when known; absent: a day off. */
  work: z.object({ place: z.string(), start: z.string().nullable(), end: z.string().nullable() }).optional(),
  /** Events of today the resident knows of, as things (src/agent/event.ts): kept by kind, host, place and hours. */
  events: z
    .array(
      z.object({
        kind: z.string(),
        host: z.string().nullable(),
        hosting: z.boolean(),
        place: z.string(),
        start: z.string(),
        end: z.string(),
        /** How the plan names it: "host the beach clean-up", "go to Marta's beach clean-up". */
        activity: z.string(),
        /** Read from someone's words: its kind is shown as their quoted words. */
        quoted: z.boolean().optional(),
      }),
    )
    .optional(),
});
export type PlanDayInput = z.infer<typeof planDayInput>;

export const planBlock = z.object({
  start: z.string(),
  end: z.string(),
  activity: z.string(),
  place: z.string(),
});
export const planDayOutput = z.object({ blocks: z.array(planBlock) });
export type PlanDayOutput = z.infer<typeof planDayOutput>;

export function placeLine(p: PromptPlace): string {
  return `${p.id}: ${p.name}${p.kind ? ` (${p.kind})` : ''}${p.hours ? `, open ${p.hours}` : ''}`;
}

// A memory that names a day relative to when it was made ("tomorrow", "on Sunday", "next week").
const RELATIVE_DAY =
  /\b(today|tonight|tomorrow|this (?:morning|afternoon|evening|weekend)|next (?:week|month|year)|(?:next |on |this )?(?:mon|tues|wednes|thurs|fri|satur|sun)days?|in (?:a|\w+) (?:days?|weeks?))\b/i;

/** A memory line; one made on another day that names a day says when it was made, so the model can place it. */
function datedText(m: PromptMemory, today: string | undefined): string {
  const when = m.day && m.day !== today && RELATIVE_DAY.test(m.text) ? Date.parse(`${m.day}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(when)) return memoryText(m);
  // a quoted block ends its line: the date goes first
  return m.quote ? `(said on ${dateText(when)}) ${memoryText(m)}` : `${memoryText(m)} (on ${dateText(when)})`;
}

export function planDayMessages(input: PlanDayInput): ChatMessage[] {
  const whole = input.from === '00:00';
  return prompt(
    system(
      `You plan ${input.first}'s day in broad strokes. Reply {"blocks": [{"start": "HH:MM", "end": "HH:MM", "activity": "...", "place": "<place id>"}]}: ${input.blocks.min}-${input.blocks.max} blocks while awake plus sleep, in order, no overlaps, covering ${input.from} to 24:00. Use only the listed places, at their opening hours.`,
    ),
    [
      input.summary,
      `Lifestyle: ${input.lifestyle}`,
      ...(input.confide?.length
        ? [
            `${input.first} means to tell ${input.confide.map((x) => `${x.name} (found at ${x.place}${x.start ? ` around ${x.start}` : ' in the evening'})`).join(' and ')} something in private today: plan a moment with them.`,
          ]
        : []),
      ...(input.invite?.length
        ? [
            `${input.first} means to invite ${input.invite.map((x) => `${x.name} (found at ${x.place}${x.start ? ` around ${x.start}` : ''}) to the ${x.event}`).join(' and ')} before it starts: plan a moment with them.`,
          ]
        : []),
      ...(input.work
        ? [
            `Work today: at ${input.work.place}${input.work.start && input.work.end ? ` from ${input.work.start} to ${input.work.end}` : ''}.`,
          ]
        : []),
      ...(input.routine?.length
        ? [
            `Habits today: ${input.routine
              .map(
                (x) =>
                  `${x.what}${x.place ? ` at ${x.place}` : ''}${x.start ? ` from ${x.start}${x.end ? ` to ${x.end}` : ''}` : ''}`,
              )
              .join('; ')}.`,
          ]
        : []),
      `Today is ${input.date}.${whole ? '' : ` It is ${input.from}; plan the rest of the day.`}`,
      // (a line of yesterday that an intention on the mind says is left to the mind: issue 33 item 3)
      `Yesterday:\n${bullets(
        input.yesterday.filter((l) => !repeats(l, shownPieces(input.intentions.map((m) => m.quote?.text ?? m.text)))),
        '(no record)',
      )}`,
      `On ${input.first}'s mind:\n${bullets([...new Set(withoutRepeats(input.intentions).map((m) => datedText(m, input.day)))])}`,
      ...(input.events?.length
        ? [
            `Events today (a block for one says what it is, in these words, at its place and hours):\n${bullets(
              input.events.map((e) => {
                const host = e.host ? `, hosted by ${e.hosting ? input.first : e.host}` : '';
                // (a kind read from someone's words stays their quoted words, at the end of its line)
                return e.quoted
                  ? `${e.start}-${e.end} at ${e.place}${host}, what was said of it: ${quoted({ from: 'what was said', text: e.kind })}`
                  : `${e.start}-${e.end} at ${e.place}: ${e.kind}${host} ("${e.activity}")`;
              }),
            )}`,
          ]
        : []),
      `Places (home: ${input.home}${input.avoid.length ? `; not today: ${input.avoid.join(', ')}` : ''}):\n${input.places.map(placeLine).join('\n')}`,
    ].join('\n'),
  );
}

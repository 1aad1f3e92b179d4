// Task town_read_resident (issue 32 item 1): one strict structured call per resident, when a town is created or
// imported, reading all of the resident's text together (another sentence or another field may say that a matter is
// secret). Every item quotes the words it came from; src/town/reading/check.ts holds each to its quote and to the
// town (people, places, the calendar) before anything uses it.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import { RELATIONS, type ResidentText, type TownFrame, WEEKDAYS } from './types.ts';

export const READ_RESIDENT_TASK = 'town_read_resident';

/** The model's input, also what the offline stand-in answers from (it reads `input`, never the prose). */
export interface ReadResidentInput {
  text: ResidentText;
  frame: TownFrame;
}

const quote = z.string().describe('the exact words of the text this item comes from');
const hhmm = z.string().nullable().describe('"HH:MM", 24-hour, or null when the text does not say');
const days = z.array(z.enum(WEEKDAYS)).nullable();

export const readResidentOutput = z.object({
  family: z.array(z.object({ name: z.string(), relation: z.enum(RELATIONS), quote })),
  household: z.array(z.object({ name: z.string(), quote })),
  work: z.object({ place: z.string(), days, start: hhmm, end: hhmm, quote }).nullable(),
  routine: z.array(z.object({ what: z.string(), place: z.string().nullable(), days, start: hhmm, end: hhmm, quote })),
  busyWith: z.array(z.object({ what: z.string(), quote })),
  secrets: z.array(z.object({ owner: z.string(), matter: z.string(), tellTo: z.array(z.string()), quote })),
  events: z.array(
    z.object({
      kind: z.string(),
      host: z.string(),
      place: z.string(),
      date: z.string().describe('"YYYY-MM-DD"'),
      start: z.string().describe('"HH:MM"'),
      end: hhmm,
      invite: z.array(z.string()).describe('residents the host means to invite; empty for everyone'),
      quote,
    }),
  ),
});
export type ReadResidentOutput = z.infer<typeof readResidentOutput>;

const weekday = (iso: string) =>
  ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][
    new Date(`${iso.slice(0, 10)}T00:00:00Z`).getUTCDay()
  ];

export function readResidentMessages(input: ReadResidentInput): ChatMessage[] {
  const { text, frame } = input;
  const who = text.resident;
  return [
    {
      role: 'system',
      content: [
        `You read what a town's author wrote about one resident, ${who}, and say what it means, as structured data. Read all of the fields together: one sentence may say a matter and another sentence or field that it is kept secret.`,
        `family: residents of the town related to ${who}; relation is what that person is TO ${who}. household: residents who share ${who}'s home (neighbours on one street do not). work: ${who}'s regular workplace (a place id) with days and hours if said. routine: other regular habits. busyWith: what ${who} is busy with these days. secrets: each matter the text says is kept from others: owner, the matter in the text's words, and the residents the owner means to tell or has told (empty for nobody). events: one-off happenings someone hosts at a listed place on a day from the story's start on (no weekly habits, nothing past), with the host, date, hours (no end: null) and whom the host means to invite (empty: everyone).`,
        'Names are full names from the residents list; places are ids from the places list. Quote the words each item comes from exactly. Say only what the text says; leave a list empty when it says nothing of that kind.',
      ].join('\n'),
    },
    {
      role: 'user',
      content: [
        `The story starts ${frame.start} (${weekday(frame.start)}).`,
        `Residents: ${frame.people.join(', ')}`,
        `Places:\n${frame.places.map((p) => `- ${p.id}: ${p.name}`).join('\n')}`,
        `${who}${text.age !== undefined ? ` (age ${text.age})` : ''}${text.workplace ? `, workplace given as ${text.workplace}` : ''}:`,
        ...text.passages.map((p) => `[${p.field}] ${p.text}`),
      ].join('\n'),
    },
  ];
}

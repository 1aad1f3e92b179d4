// Task agent_interview (sec. 6.1): answer a question in character from what retrieval returns for it.
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

export const INTERVIEW_TASK = 'agent_interview';

export const interviewInput = z.object({
  name: z.string(),
  first: z.string(),
  summary: z.string(),
  time: z.string(),
  asker: z.string().optional(),
  question: z.string(),
  /** Notes about the people the question names whom the resident knows (relations.ts). */
  relations: z.array(promptRelation).optional(),
  memories: z.array(promptMemory),
  /** Today's plan outline ("7:00 am-12:00 pm: work at the cafe"), so questions about plans are answered from it. */
  plan: z.array(z.string()).optional(),
});
export type InterviewInput = z.infer<typeof interviewInput>;

export const interviewOutput = z.object({ answer: z.string() });

export function interviewMessages(input: InterviewInput): ChatMessage[] {
  return prompt(
    system(
      `You are ${input.name}. Answer in character, in the first person, in a few sentences.${input.memories.some((m) => m.keep) ? ' A memory marked "not to be shared with this listener" is a secret or a confidence: do not tell it, nor hint at it.' : ''} Reply {"answer": "..."}.`,
    ),
    `${input.summary}\nIt is ${input.time}.${input.relations?.length ? `\n${relationLines('You', input.relations)}` : ''}\nWhat you remember:\n${bullets(withoutRepeats(input.memories, input.relations).map(memoryText))}${input.plan?.length ? `\nYour plan for today:\n${bullets(input.plan)}` : ''}\nA question for you:\n${quoted({ from: input.asker ?? 'someone', text: input.question })}`,
  );
}

// Task agent_reflect_questions (sec. 4.2): the 3 most salient high-level questions about the recent records.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import { numbered, prompt, quotedText, system } from './common.ts';

export const REFLECT_QUESTIONS_TASK = 'agent_reflect_questions';

export const reflectQuestionsInput = z.object({
  name: z.string(),
  first: z.string(),
  count: z.number(),
  memories: z.array(
    z.object({ n: z.number(), text: z.string(), importance: z.number(), quote: quotedText.optional() }),
  ),
});
export type ReflectQuestionsInput = z.infer<typeof reflectQuestionsInput>;

export const reflectQuestionsOutput = z.object({ questions: z.array(z.string()) });

export function reflectQuestionsMessages(input: ReflectQuestionsInput): ChatMessage[] {
  return prompt(
    system(
      `Given only ${input.first}'s recent records below, what are the ${input.count} most salient high-level questions we can answer about the people and things in them? Reply {"questions": ["..."]}.`,
      false,
    ),
    numbered(input.memories),
  );
}

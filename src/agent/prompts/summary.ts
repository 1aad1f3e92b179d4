// Task agent_summary (sec. 4.3, appendix): the cached summary description used at the top of other prompts,
// from the identity fields and memories retrieved for three queries (core characteristics, current occupation,
// feeling about recent progress).
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import { bullets, memoryText, prompt, promptMemory, system, withoutRepeats } from './common.ts';

export const SUMMARY_TASK = 'agent_summary';

export const summaryInput = z.object({
  name: z.string(),
  age: z.number(),
  innate: z.string(),
  learned: z.string(),
  currently: z.string(),
  lifestyle: z.string(),
  memories: z.array(promptMemory),
});
export type SummaryInput = z.infer<typeof summaryInput>;

export const summaryOutput = z.object({ summary: z.string() });

export function summaryMessages(input: SummaryInput): ChatMessage[] {
  return prompt(
    system(
      `Write ${input.name}'s summary description in 3 short sentences, third person: core characteristics, current daily occupation, how they feel about their recent progress in life. Reply {"summary": "..."}.`,
    ),
    `${input.name}, age ${input.age}. Traits: ${input.innate}.\n${input.learned}\nCurrently: ${input.currently}\nLifestyle: ${input.lifestyle}\nRelevant memories:\n${bullets(withoutRepeats(input.memories).map(memoryText))}`,
  );
}

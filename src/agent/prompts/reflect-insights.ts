// Task agent_reflect_insights (sec. 4.2): for each question, 5 high-level insights citing the numbered records
// that support them ("Klaus is dedicated to his research (because of 1, 2, 8, 15)"). One call for all questions.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import { numbered, prompt, quotedText, system } from './common.ts';

export const REFLECT_INSIGHTS_TASK = 'agent_reflect_insights';

export const reflectInsightsInput = z.object({
  name: z.string(),
  first: z.string(),
  perQuestion: z.number(),
  questions: z.array(
    z.object({
      question: z.string(),
      memories: z.array(
        z.object({ n: z.number(), text: z.string(), importance: z.number(), quote: quotedText.optional() }),
      ),
    }),
  ),
});
export type ReflectInsightsInput = z.infer<typeof reflectInsightsInput>;

export const reflectInsightsOutput = z.object({
  // (no question number per insight: the question is the one whose statements it cites, reflect.ts questionOf;
  // issue 33 lever 2)
  insights: z.array(
    z.object({
      text: z.string(),
      because: z.array(z.number()),
      importance: z.number(),
    }),
  ),
});
export type ReflectInsightsOutput = z.infer<typeof reflectInsightsOutput>;

export function reflectInsightsMessages(input: ReflectInsightsInput): ChatMessage[] {
  // A statement already listed under an earlier question is cited by its number only (one copy in the prompt).
  const shown = new Set<number>();
  const blocks = input.questions
    .map((q, i) => {
      const once = q.memories.filter((m, j, all) => all.findIndex((x) => x.n === m.n) === j);
      const fresh = once.filter((m) => !shown.has(m.n));
      const again = once.filter((m) => shown.has(m.n)).map((m) => m.n);
      for (const m of fresh) shown.add(m.n);
      const also = again.length > 0 ? `${fresh.length > 0 ? '\n' : ''}(also ${again.join(', ')} above)` : '';
      return `Q${i + 1}: ${q.question}\n${numbered(fresh)}${also}`;
    })
    .join('\n\n');
  return prompt(
    system(
      `For each question in turn, what ${input.perQuestion} high-level insights about ${input.first} can you infer from the numbered statements? For each insight, the statements that support it ("because") and its poignancy 1-10 ("importance").`,
    ),
    blocks,
  );
}

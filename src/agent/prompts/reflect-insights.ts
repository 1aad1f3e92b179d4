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

/** One insight as the code uses it: its statement, the numbers of the statements it cites, its poignancy. */
export interface Insight {
  text: string;
  because: number[];
  importance: number;
}

/**
 * How the model writes one insight: one line, the paper's "(because of 1, 5, 3)" after it (issue 33 item 3: the
 * three keys of each of the 15 insights were a fifth of the answer). No question number: the statements it cites say
 * which question it answers (reflect.ts questionOf).
 */
export const INSIGHT_LINE = '<importance> <insight> (<statements>)';

const INSIGHT =
  /^\s*(?:[-*•]\s*)?(?:(\d{1,2})\s*(?:\/\s*10)?\s*[-–—:.)]?\s+)?(.*?)\s*(?:\((?:because(?: of)?:?\s*)?((?:\d+\s*,?\s*(?:and\s+)?)+)\))?\s*\.?\s*$/iu;

/** An insight line read back ("6 Klaus is devoted to his research (1, 3, 8)"); null when it states nothing. */
export function parseInsight(line: string): Insight | null {
  const m = INSIGHT.exec(line);
  const text = (m?.[2] ?? '').trim();
  if (!m || text === '') return null;
  return {
    text,
    because: [...(m[3] ?? '').matchAll(/\d+/g)].map((x) => Number(x[0])),
    importance: m[1] === undefined ? Number.NaN : Number(m[1]),
  };
}

/** An insight as the model writes it (the offline stand-in answers in the same lines). */
export function formatInsight(i: Insight): string {
  return `${i.importance} ${i.text}${i.because.length > 0 ? ` (${i.because.join(', ')})` : ''}`;
}

/** The answer: insight lines, read with `insightsOf` (a transform cannot be sent as a strict schema). */
export const reflectInsightsOutput = z.object({ insights: z.array(z.string()) });
export type ReflectInsightsOutput = z.infer<typeof reflectInsightsOutput>;

/** The insights an answer's lines state, in order. */
export function insightsOf(out: ReflectInsightsOutput): Insight[] {
  return out.insights.flatMap((l) => parseInsight(l) ?? []);
}

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
      `For each question in turn, what ${input.perQuestion} high-level insights about ${input.first} can you infer from the numbered statements? Each insight is one line "${INSIGHT_LINE}": its poignancy 1-10, the insight, and the numbers of the statements that support it.`,
    ),
    blocks,
  );
}

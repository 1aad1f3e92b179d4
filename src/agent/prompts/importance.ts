// Task agent_importance (sec. 4.1): one call rates every new memory of a tick, for all residents at once.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import { prompt, quoted, system } from './common.ts';

export const IMPORTANCE_TASK = 'agent_importance';

export const importanceInput = z.object({
  /** `quoted`: the text is words someone said (overheard speech), shown as a quoted block. */
  items: z.array(z.object({ who: z.string(), text: z.string(), quoted: z.boolean().optional() })),
});
export type ImportanceInput = z.infer<typeof importanceInput>;

// Lenient on purpose: out-of-range or missing ratings are repaired by the caller, not refused.
export const importanceOutput = z.object({ ratings: z.array(z.number()) });
export type ImportanceOutput = z.infer<typeof importanceOutput>;

export function importanceMessages(input: ImportanceInput): ChatMessage[] {
  return prompt(
    system(
      'Rate how poignant each memory is for the person who has it, from 1 (purely mundane: brushing teeth, making the bed) to 10 (extremely poignant: a break-up, a college acceptance). Reply {"ratings": [one integer per memory, in order]}.',
      false,
    ),
    input.items
      .map((it, i) => `${i + 1}. (${it.who}) ${it.quoted ? quoted({ from: 'overheard', text: it.text }) : it.text}`)
      .join('\n'),
  );
}

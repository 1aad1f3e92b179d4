// Pieces every agent prompt shares. Prompts are built only from the resident's summary description and the
// memories retrieved for the task, and tell the model to admit not remembering rather than invent (sec. 6.2:
// residents embellished, e.g. a neighbour "Adam Smith" described as the economist).
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';

export const HONESTY =
  'Use only the facts given here. If they do not say, say that you do not remember or do not know; never invent names, events or details.';

export function system(role: string, honest = true): ChatMessage {
  return { role: 'system', content: honest ? `${role} ${HONESTY}` : role };
}

export function user(content: string): ChatMessage {
  return { role: 'user', content };
}

/** "- a\n- b", or a placeholder when there is nothing. */
export function bullets(lines: readonly string[], none = '(nothing relevant remembered)'): string {
  return lines.length === 0 ? none : lines.map((l) => `- ${l}`).join('\n');
}

/** "1. a\n2. b" with the given numbers. */
export function numbered(items: readonly { n: number; text: string }[]): string {
  return items.map((i) => `${i.n}. ${i.text}`).join('\n');
}

/** A retrieved memory as prompts and offline rules see it. */
/** Who and where the resident is right now: the opening of every in-the-moment prompt (react, hear). */
export const situationInput = z.object({
  name: z.string(),
  first: z.string(),
  summary: z.string(),
  time: z.string(),
  status: z.string(),
  placeName: z.string(),
});

export const promptMemory = z.object({
  text: z.string(),
  importance: z.number(),
  kind: z.string(),
  /** News heard in a conversation: `text` is the news itself, `from` who told it (never the resident itself). */
  from: z.string().optional(),
  /** The ISO day the memory was made ("2024-04-12"), where a prompt reads dates in it ("tomorrow", "on Sunday"). */
  day: z.string().optional(),
});
export type PromptMemory = z.infer<typeof promptMemory>;

/** A memory as a prompt line: heard news says whom it came from, so a model reports it as theirs, not its own. */
export function memoryText(m: PromptMemory): string {
  return m.from ? `${m.text} (heard from ${m.from})` : m.text;
}

/** Parses a task input for an offline rule; a malformed input is a wiring bug, so it throws. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown, task: string): T {
  const r = schema.safeParse(input);
  if (!r.success) throw new Error(`offline rule '${task}': unexpected input: ${r.error.message}`);
  return r.data;
}

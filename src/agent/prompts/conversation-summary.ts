// Task agent_conversation_summary (sec. 4.3.1): what was said and agreed, stored by every participant, with the
// poignancy of the conversation and of each line (the lines become dialogue memories of both sides), and what each
// participant promised to do (a resolve of theirs that the day plan keeps: events.ts).
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import { prompt, quoted, system } from './common.ts';

export const CONVERSATION_SUMMARY_TASK = 'agent_conversation_summary';

export const conversationSummaryInput = z.object({
  participants: z.array(z.string()),
  placeName: z.string(),
  time: z.string(),
  lines: z.array(z.object({ speaker: z.string(), text: z.string(), news: z.string().optional() })),
});
export type ConversationSummaryInput = z.infer<typeof conversationSummaryInput>;

export const conversationSummaryOutput = z.object({
  summary: z.string(),
  importance: z.number(),
  /** One rating per line, in order (null when the model cannot rate them). */
  lineImportance: z.array(z.number()).nullable(),
  /** What participants agreed or promised to do here (null when nobody did): `what` an action with its when/where. */
  commitments: z.array(z.object({ who: z.string(), what: z.string() })).nullable(),
});
export type ConversationSummaryOutput = z.infer<typeof conversationSummaryOutput>;

export function conversationSummaryMessages(input: ConversationSummaryInput): ChatMessage[] {
  return prompt(
    system(
      'Summarise this conversation in one or two sentences: what was said and anything agreed (who, what, when, where). Rate its poignancy and each line\'s, 1 (mundane) to 10 (life-changing). List what each participant promised to do here (accepted an invitation, offered help, arranged to meet) as an action with the place, day and hours said ("go to ... at ... on ... from ... to ..."), or null. Reply {"summary": "...", "importance": n, "lineImportance": [n per line], "commitments": [{"who", "what"}] or null}.',
    ),
    `${input.participants.join(' and ')} at ${input.placeName}, ${input.time}:\n${input.lines.map((l, i) => `${i + 1}. ${quoted({ from: l.speaker, text: l.text })}`).join('\n')}`,
  );
}

// Offline token counting with o200k_base (the GPT-4o family's encoding), shipped inside js-tiktoken.
// Used by the offline model and when a compatible server omits `usage`, so budgets and benches still see tokens.
import type { Tiktoken } from 'js-tiktoken/lite';
import type { ChatMessage } from './port.ts';

export const tokenSettings = {
  // OpenAI cookbook "How to count tokens with tiktoken": 3 tokens of framing per chat message...
  tokensPerMessage: 3,
  // ...and every reply is primed with 3 more (<|start|>assistant<|message|>).
  tokensPerReply: 3,
} as const;

let encoder: Promise<Tiktoken> | undefined;

/** Loads the encoding once per process (about half a second), only when something needs it. */
function loadEncoder(): Promise<Tiktoken> {
  encoder ??= (async () => {
    const [{ Tiktoken: Encoder }, ranks] = await Promise.all([
      import('js-tiktoken/lite'),
      import('js-tiktoken/ranks/o200k_base'),
    ]);
    return new Encoder(ranks.default);
  })();
  return encoder;
}

export async function countTokens(text: string): Promise<number> {
  if (text.length === 0) return 0;
  const enc = await loadEncoder();
  return enc.encode(text).length;
}

/** Prompt tokens of a chat request, counted the way the chat API bills them. */
export async function countChatTokens(messages: readonly ChatMessage[]): Promise<number> {
  const enc = await loadEncoder();
  let n = tokenSettings.tokensPerReply;
  for (const m of messages)
    n += tokenSettings.tokensPerMessage + enc.encode(m.role).length + enc.encode(m.content).length;
  return n;
}

/**
 * Prompt tokens of the request a real provider would bill: the messages plus the response_format's json_schema
 * (name, strict flag and schema, which OpenAI compiles into the prompt). For JSON mode the schema instruction is
 * already inside the messages. Used for the offline model and for servers that report no usage, so budgets and
 * benches count what a real request would carry.
 */
export async function estimateRequestTokens(messages: readonly ChatMessage[], jsonSchema?: unknown): Promise<number> {
  const base = await countChatTokens(messages);
  return jsonSchema === undefined ? base : base + (await countTokens(JSON.stringify(jsonSchema)));
}

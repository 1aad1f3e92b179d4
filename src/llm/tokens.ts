// Offline token counting with o200k_base (the GPT-4o family's encoding), from gpt-tokenizer: the same counts as
// tiktoken (tests/llm/tokens.test.ts checks them against js-tiktoken, which the realistic model server counts with),
// in a third of js-tiktoken's heap (23 MB against 67 MB, a third of a town's live heap) and ten times faster.
// Used by the offline model and when a compatible server omits `usage`, so budgets and benches still see tokens.
import type { ChatMessage } from './port.ts';

export const tokenSettings = {
  // OpenAI cookbook "How to count tokens with tiktoken": 3 tokens of framing per chat message...
  tokensPerMessage: 3,
  // ...and every reply is primed with 3 more (<|start|>assistant<|message|>).
  tokensPerReply: 3,
} as const;

interface Encoder {
  /** The number of o200k tokens of `text`. */
  count(text: string): number;
}

let encoder: Promise<Encoder> | undefined;

/** Special-token markers ("<|endoftext|>") in text are plain text: a user may type them, and the API bills them so. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** Loads the encoding once per process (a few hundred ms), only when something needs it. */
function loadEncoder(): Promise<Encoder> {
  encoder ??= (async () => {
    // countTokens counts without building the token array encode() would return.
    const { countTokens: count } = await import('gpt-tokenizer/encoding/o200k_base');
    return { count: (text: string) => count(text, AS_TEXT) };
  })();
  return encoder;
}

/**
 * Counts of texts seen lately: system prompts, schemas and role names repeat on every call of a task, and encoding
 * them again was a sixth of an offline tick (longrun profile). Bounded by entries, least recently used first out.
 * Few entries on purpose: a prompt's user part is new every call, and 4,096 cached prompts were 17 MB of a town's
 * live heap.
 */
const CACHE_ENTRIES = 256;
const CACHE_MAX_CHARS = 16_000;
const counted = new Map<string, number>();

function encodedLength(enc: Encoder, text: string): number {
  if (text.length === 0) return 0;
  const hit = counted.get(text);
  if (hit !== undefined) {
    // Least recently used go first: a system prompt used on every tick stays however many prompts pass by.
    counted.delete(text);
    counted.set(text, hit);
    return hit;
  }
  const n = enc.count(text);
  if (text.length <= CACHE_MAX_CHARS) {
    if (counted.size >= CACHE_ENTRIES) counted.delete(counted.keys().next().value as string);
    counted.set(text, n);
  }
  return n;
}

export async function countTokens(text: string): Promise<number> {
  if (text.length === 0) return 0;
  return encodedLength(await loadEncoder(), text);
}

/** Prompt tokens of a chat request, counted the way the chat API bills them. */
export async function countChatTokens(messages: readonly ChatMessage[]): Promise<number> {
  const enc = await loadEncoder();
  let n = tokenSettings.tokensPerReply;
  for (const m of messages)
    n += tokenSettings.tokensPerMessage + encodedLength(enc, m.role) + encodedLength(enc, m.content);
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

// The realistic model's `usage`: prompt tokens counted with o200k (GPT-4o's encoding) over everything the request
// carries, and a model of OpenAI's prompt caching (exact prefixes of 1024 tokens and more, in 128-token steps,
// forgotten after minutes unused: cacheSettings).
// Its own counting, independent of src/llm/tokens.ts, so a test can compare our meter against it.
import { createHash } from 'node:crypto';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';

let enc: Tiktoken | undefined;
function encoder(): Tiktoken {
  enc ??= new Tiktoken(o200k);
  return enc;
}

/** Special-token markers in content are text to the API ("<|endoftext|>" typed by a user is billed as text). */
const asText = (e: Tiktoken, text: string) => e.encode(text, [], []);

export function tokenCount(text: string): number {
  return text.length === 0 ? 0 : asText(encoder(), text).length;
}

/**
 * A model of OpenAI's prompt caching, by its documented rule (not OpenAI's own accounting): "Cache hits are only
 * possible for exact prefix matches within a prompt ... caching is enabled automatically for prompts that are 1024
 * tokens or longer" (OpenAI API docs, guides/prompt-caching, developers.openai.com/api/docs/guides/prompt-caching);
 * "cache hits occurring in increments of 128 tokens. The entire request prefix is cacheable: messages, images, ...
 * structured output schemas" (openai-cookbook examples/Prompt_Caching_201.ipynb, sec. 1.1); caches "are typically
 * cleared within 5-10 minutes of inactivity and are always removed within one hour of the cache's last use" (Azure
 * OpenAI, how-to/prompt-caching). Where the schema sits in the prefix is not documented: here it leads.
 */
export const cacheSettings = {
  minPrefix: 1024,
  step: 128,
  // Forgotten after this long unused (wall-clock ms): the upper end of "5-10 minutes of inactivity".
  idleMs: 10 * 60_000,
  // Prefix hashes kept (the server forgets the oldest half beyond this).
  capacity: 200_000,
} as const;

export interface PromptParts {
  /** The response_format's json_schema object (name, schema, strict) when present: it is part of the prompt. */
  schema?: unknown;
  messages: Array<{ role: string; content: string }>;
}

/** Prompt tokens as billed: 3 per message + role + content, 3 to prime the reply, plus the schema's tokens. */
export function promptTokens(p: PromptParts): { total: number; tokens: number[] } {
  const e = encoder();
  const tokens: number[] = [];
  if (p.schema !== undefined) tokens.push(...asText(e, JSON.stringify(p.schema)));
  let framing = 3;
  for (const m of p.messages) {
    framing += 3;
    tokens.push(...asText(e, m.role), ...asText(e, String(m.content ?? '')));
  }
  return { total: tokens.length + framing, tokens };
}

/** Remembers prefixes it has seen and says how many leading tokens of a new prompt were cached. */
export class PromptCache {
  /** Prefix hash -> when last used (a hit or a write). */
  private seen = new Map<string, number>();

  cachedTokens(tokens: readonly number[], now = Date.now()): number {
    const { minPrefix, step, capacity, idleMs } = cacheSettings;
    if (tokens.length < minPrefix) return 0;
    let cached = 0;
    const boundaries: number[] = [];
    for (let b = minPrefix; b <= tokens.length; b += step) boundaries.push(b);
    const hashes = boundaries.map((b) =>
      createHash('sha1')
        .update(Uint32Array.from(tokens.slice(0, b)))
        .digest('hex'),
    );
    hashes.forEach((h, i) => {
      const last = this.seen.get(h);
      if (last !== undefined && now - last <= idleMs) cached = boundaries[i]!;
    });
    if (this.seen.size + hashes.length > capacity) this.seen = new Map([...this.seen].slice(capacity / 2));
    for (const h of hashes) this.seen.set(h, now);
    return cached;
  }
}

// The realistic model's `usage`: prompt tokens counted with o200k (GPT-4o's encoding) over everything the request
// carries, and OpenAI-style prompt caching (exact prefixes of 1024 tokens and more, in 128-token steps).
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

export const cacheSettings = {
  // OpenAI prompt caching: prompts of 1024 tokens or more, cache hits in increments of 128 tokens.
  minPrefix: 1024,
  step: 128,
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
  private seen = new Set<string>();

  cachedTokens(tokens: readonly number[]): number {
    const { minPrefix, step, capacity } = cacheSettings;
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
      if (this.seen.has(h)) cached = boundaries[i]!;
    });
    if (this.seen.size + hashes.length > capacity) this.seen = new Set([...this.seen].slice(capacity / 2));
    for (const h of hashes) this.seen.add(h);
    return cached;
  }
}

// The offline meter's token counts (src/llm/tokens.ts) against the realistic model server's own o200k counter
// (tests/support/realistic-model/usage.ts, a different implementation): the meter is only honest if they agree.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countChatTokens, countTokens } from '../../src/llm/tokens.ts';
import { tokenCount } from '../support/realistic-model/usage.ts';

/** Deterministic texts mixing what tokenizers split on: spaces, newlines, digits, contractions, scripts, emoji. */
function mixedTexts(n: number, seed: number): string[] {
  const parts = [
    ' ',
    '  ',
    '\n',
    '\n\n',
    '\t',
    '\r\n',
    'a',
    'The',
    "'s",
    "'LL",
    '123',
    '45678',
    '!',
    '?!',
    '...',
    'é',
    'straße',
    '日本語',
    'العربية',
    'हिन्दी',
    '😀',
    '👩‍👩‍👧',
    '-',
    '/',
    '  \n',
    'ünïcödé',
    "I'm",
    '<|endoftext|>',
  ];
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let t = '';
    const len = 1 + Math.floor(rnd() * 40);
    for (let j = 0; j < len; j++) t += parts[Math.floor(rnd() * parts.length)];
    out.push(t);
  }
  return out;
}

describe('offline token counting', () => {
  it('counts what the independent o200k counter counts, on prompts and on mixed scripts', async () => {
    const snapshot = readFileSync(new URL('../agent/__snapshots__/prompts.test.ts.snap', import.meta.url), 'utf8');
    const texts = [...snapshot.split('exports['), ...mixedTexts(600, 11)];
    let differing = 0;
    for (const t of texts) if ((await countTokens(t)) !== tokenCount(t)) differing++;
    expect(differing).toBe(0);
    expect(texts.length).toBeGreaterThan(600);
  });

  it('counts a special-token marker typed by a user as text instead of throwing', async () => {
    const text = 'a whisper with <|endoftext|> in it';
    expect(await countTokens(text)).toBe(tokenCount(text));
    const n = await countChatTokens([{ role: 'user', content: text }]);
    // 3 framing tokens for the reply, 3 for the message, 1 for the role "user".
    expect(n).toBe(3 + 3 + 1 + tokenCount(text));
  });
});

// Splits long posts for Discord: at most `limit` characters per message (Discord's 2,000 for content), cutting at
// sentence ends first, then at line breaks or spaces, and only inside a word when one word alone is too long.

/** Sentences with their trailing punctuation, closing quotes and whitespace (newlines end a sentence too). */
const SENTENCE = /[^.!?…\n]*(?:[.!?…]+["'”’)\]]*|\n+|$)\s*/gu;

export function splitMessage(text: string, limit = 2000): string[] {
  if (limit < 1) throw new RangeError('limit must be positive');
  const clean = text.replace(/\r\n?/g, '\n').trim();
  if (clean.length === 0) return [];
  if (clean.length <= limit) return [clean];
  const pieces: string[] = [];
  for (const sentence of clean.match(SENTENCE) ?? [clean]) {
    if (sentence.length === 0) continue;
    if (sentence.length <= limit) pieces.push(sentence);
    else pieces.push(...splitLong(sentence, limit));
  }
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if ((current + piece).trimEnd().length <= limit) {
      current += piece;
    } else {
      if (current.trim()) chunks.push(current.trim());
      current = piece;
    }
  }
  if (current.trim()) chunks.push(current.trim());
  return chunks;
}

/** A sentence longer than the limit: break at whitespace, or hard-cut words that are longer than the limit. */
function splitLong(sentence: string, limit: number): string[] {
  const out: string[] = [];
  for (const word of sentence.match(/\S+\s*/gu) ?? []) {
    if (word.trimEnd().length <= limit) {
      out.push(word);
      continue;
    }
    // Cut by code points so a surrogate pair (emoji) is never split in half.
    let part = '';
    for (const ch of word) {
      if (part.length + ch.length > limit) {
        out.push(part);
        part = '';
      }
      part += ch;
    }
    if (part) out.push(part);
  }
  return out;
}

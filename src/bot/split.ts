// Splits long posts for Discord: at most `limit` characters per message (Discord's 2,000 for content), cutting at
// sentence ends first, then at line breaks or spaces, and only inside a word when one word alone is too long.
// Linear in the text (it also splits whatever a person typed, up to megabytes): pieces are index ranges of the text,
// never copied one by one, and no pattern backtracks.
import { isSpace } from '../core/whitespace.ts';

const isEnd = (c: number) => c === 46 /* . */ || c === 33 /* ! */ || c === 63 /* ? */ || c === 0x2026; /* … */
/** Closing quotes and brackets that stay with the sentence they end: " ' ” ’ ) ] */
const isCloser = (c: number) => c === 34 || c === 39 || c === 0x201d || c === 0x2019 || c === 41 || c === 93;

/**
 * The end of the sentence starting at `i`: up to its punctuation (with closing quotes) or its newlines, plus the
 * whitespace after it. A scan, not a pattern: each character is looked at once.
 */
function sentenceEnd(t: string, i: number): number {
  const n = t.length;
  while (i < n && !isEnd(t.charCodeAt(i)) && t.charCodeAt(i) !== 10) i++;
  if (i < n && t.charCodeAt(i) === 10) while (i < n && t.charCodeAt(i) === 10) i++;
  else if (i < n) {
    while (i < n && isEnd(t.charCodeAt(i))) i++;
    while (i < n && isCloser(t.charCodeAt(i))) i++;
  }
  while (i < n && isSpace(t.charCodeAt(i))) i++;
  return i;
}

/** The end of the word starting at `i`, with the whitespace after it. */
function wordEnd(t: string, i: number, to: number): number {
  while (i < to && !isSpace(t.charCodeAt(i))) i++;
  while (i < to && isSpace(t.charCodeAt(i))) i++;
  return i;
}

/** `to` without the whitespace before it (down to `from`). */
function trimmedEnd(t: string, from: number, to: number): number {
  while (to > from && isSpace(t.charCodeAt(to - 1))) to--;
  return to;
}

export function splitMessage(text: string, limit = 2000): string[] {
  if (limit < 1) throw new RangeError('limit must be positive');
  const clean = text.replace(/\r\n?/g, '\n').trim();
  if (clean.length === 0) return [];
  if (clean.length <= limit) return [clean];
  const chunks: string[] = [];
  // The chunk being filled is clean[start, end); `body` is where it ends without trailing whitespace.
  let start = 0;
  let end = 0;
  let body = 0;
  const flush = () => {
    const chunk = clean.slice(start, body).trim();
    if (chunk) chunks.push(chunk);
    start = end;
    body = end;
  };
  /** Appends the piece clean[from, to) (pieces come in order and touch each other). */
  const add = (from: number, to: number) => {
    const pieceBody = trimmedEnd(clean, from, to);
    if ((pieceBody > from ? pieceBody : body) - start > limit) flush();
    if (pieceBody > from) body = pieceBody;
    end = to;
  };
  for (let from = 0; from < clean.length; ) {
    const to = sentenceEnd(clean, from);
    if (to - from <= limit) add(from, to);
    else splitLong(clean, from, to, limit, add);
    from = to;
  }
  end = clean.length;
  flush();
  return chunks;
}

/** A sentence longer than the limit: break at whitespace, or hard-cut words that are longer than the limit. */
function splitLong(
  text: string,
  from: number,
  to: number,
  limit: number,
  add: (from: number, to: number) => void,
): void {
  for (let wFrom = from; wFrom < to; ) {
    const wTo = wordEnd(text, wFrom, to);
    const wBody = trimmedEnd(text, wFrom, wTo);
    if (wBody - wFrom <= limit) {
      add(wFrom, wTo);
      wFrom = wTo;
      continue;
    }
    // Cut at the limit, one code unit earlier when that would split a surrogate pair (an emoji) in half.
    for (let k = wFrom; k < wTo; ) {
      let cut = Math.min(wTo, k + limit);
      const high = text.charCodeAt(cut - 1);
      if (cut < wTo && cut - 1 > k && high >= 0xd800 && high <= 0xdbff) cut--;
      add(k, cut);
      k = cut;
    }
    wFrom = wTo;
  }
}

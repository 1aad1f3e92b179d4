// The words an item of the reading quotes, for the neutral reader's readers (kin, secrets, events).
import type { Doc } from './text.ts';

/**
 * A quote in the text's own words that covers every part given (each a verbatim piece of one passage): the span
 * from the first to the last when they are in one passage, else the parts joined by " … ".
 */
export function quoteOf(doc: Doc, parts: readonly string[]): string {
  const pieces = [...new Set(parts.map((p) => p.trim()).filter((p) => p !== ''))];
  for (const passage of doc.passages) {
    const at = pieces.map((p) => passage.indexOf(p));
    if (at.every((i) => i >= 0)) {
      const start = Math.min(...at);
      const end = Math.max(...at.map((i, k) => i + pieces[k]!.length));
      return passage.slice(start, end);
    }
  }
  return pieces.join(' … ');
}

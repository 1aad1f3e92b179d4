// A private matter named short in the words of keeping ("has not breathed a word about selling the pub to a living
// soul", "Haven't told anyone here about Lisbon") and said in full elsewhere in the resident's text, often in another
// field ("Has made up his mind to sell The Wheatsheaf and go to his sister's in Whitby."). The full statement is the
// matter, so the public face and the audience of memories keep it; with none, the short name is the matter. For
// secrets.ts.
import { stem } from '../../../agent/audience.ts';
import { contentWords } from '../../../core/text.ts';

/** "a word about X", "told anyone about X", "said nothing of X": X, up to whom it is not said to. */
const ABOUT =
  /\b(?:a word|a syllable|anything|nothing|a thing|breathed|said|spoken|mentioned|let on|told\s+(?:anyone|anybody|nobody|no ?one|no-one|a (?:living |single )?soul)(?:\s+(?:here|else|yet))?)\s+(?:about|of)\s+(?!(?:it|this|that|them|him|her|any of it|the matter)\b)([^,.;!?@]{3,}?)(?=\s+(?:to|with)\s+(?:anyone|anybody|a (?:living |single )?soul|nobody|no ?one|no-one|his|her|their|the|my|@\d)|\s+(?:yet|so far|here|in\s+\S+)\b|\s*[,.;!?—–-]|\s*$)/i;

/** The words that tie two statements together: content words of four letters or more, stemmed. */
const topic = (text: string): string[] =>
  contentWords(text)
    .filter((w) => w.length >= 4)
    .map(stem);

/**
 * The matter a keeping statement names short ("selling the pub"), or null. Not where the words of keeping come before
 * it: then what follows is the matter itself ("secretly knows that Tom told nobody about the fire").
 */
export function namedAbout(marked: string, keepsBefore: (prefix: string) => boolean): string | null {
  const m = ABOUT.exec(marked);
  if (!m || keepsBefore(marked.slice(0, m.index))) return null;
  return m[1]!.trim();
}

/**
 * The statement elsewhere in the text that says the short-named matter in full: one sharing a word of it (stemmed),
 * news first ("decided", "selling", "signed"), nearest first. Statements that keep something themselves, that say a
 * matter is open, or that ask are not it.
 */
export function fullerStatement<U extends { index: number; text: string }>(
  short: string,
  units: readonly U[],
  keeping: U,
  isCandidate: (u: U) => boolean,
  isNews: (u: U) => boolean,
): U | undefined {
  const words = new Set(topic(short));
  if (words.size === 0) return undefined;
  const sharing = units
    .filter((x) => x !== keeping && isCandidate(x) && topic(x.text).some((w) => words.has(w)))
    .sort((a, b) => Math.abs(a.index - keeping.index) - Math.abs(b.index - keeping.index));
  return sharing.find(isNews) ?? sharing[0];
}

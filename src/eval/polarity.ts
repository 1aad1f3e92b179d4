// How an answer's clauses stand toward what they mention (the rule judge's reading of negation, issue 23): a clause
// asserts, denies (any negation in it: "hasn't mentioned", "isn't running, as far as I know", "nobody has told me",
// "news to me"), or asks (an echo question "Tomasz running for harbour master?"). Contrast words split clauses, so
// "I didn't know at first, but Nadia told me" asserts in its second half, and "I know Priya quilts, but I haven't
// heard of a show" takes the first half back. General rules of English, not a list of answers: the corpus in
// judge-corpus.ts measures them (npm run eval -- --judge-check).

/** A negation anywhere in the clause ("n't", not, never, no, nobody, nothing, none, neither, nor, without). */
const NEGATION =
  /n['’]t\b|\b(not|never|no|nobody|nothing|none|neither|nor|nowhere|without|cannot|no[- ]one|noone)\b|\bnone of\b/i;
/** Words that deny knowing without a negation word. */
const DENIAL_WORDS =
  /\b(no idea|no clue|not a clue|news to me|first i hear|first i've heard|unaware|i doubt|doubt (it|that|he|she|they)|surprised if|would never|i wonder (if|whether)|who knows)\b/i;
/** "Whether"/"if" after not knowing or wondering: the clause asks, it does not tell. */
const OPEN_QUESTION = /\b(whether|if) .* or not\b/i;
/**
 * The speaker keeps its own secret: "I haven't told anyone (yet)", "(and I have) told nobody", "keep it to
 * yourself". A negation of telling
 * by the speaker says the speaker knows, so it is read out before the clause's negation is looked at.
 */
const SECRECY =
  /\b(i|we)\s+(have|had|'ve)?\s*(not|n['’]t|never)\s+(yet\s+)?(told|tell|mentioned|said|announced|shared)\s+(it\s+)?(to\s+)?(anyone|anybody|many people|most people|a soul|everyone|others|people|the others)(\s+yet)?\b|\bhaven['’]t told anyone\b|\b(?:(?:i|we)\s+(?:have\s+|had\s+|'ve\s+)?)?(?:told|tells?|mentioned|shared)\s+(?:it\s+)?(?:to\s+)?(?:nobody|no one|no-one)(?:\s+yet)?\b/gi;

/** Splits a sentence where a contrast or a new clause starts ("but", "though", ";", a dash). */
const CLAUSE_SPLIT = /\s*(?:;|\s[-–—]\s|,?\s+\b(?:but|though|although|however|whereas|except)\b)\s*/i;

/** Splits an answer into sentences (., !, ? or a line break; an ellipsis ends a sentence too). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A sentence's clauses in order. */
export function clauses(sentence: string): string[] {
  return sentence
    .split(CLAUSE_SPLIT)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

/** Does the clause deny (carry a negation or a word of not knowing)? Secrecy of the speaker's own is not a denial. */
export function negated(clause: string): boolean {
  const c = clause.replace(SECRECY, ' ');
  return NEGATION.test(c) || DENIAL_WORDS.test(c) || OPEN_QUESTION.test(c);
}

/** A question: the speaker asks, it does not tell. */
export function isQuestion(sentence: string): boolean {
  return /\?\s*["')\]]*\s*$/.test(sentence);
}

/** A reply that affirms at its start ("Yes", "Of course", "That's right"). */
export const AFFIRM =
  /^\s*(yes|yeah|yep|yup|of course|sure|certainly|absolutely|indeed|definitely|that's right|that is right|right|correct|i do\b|i know\b|oh,? (yes|i know))/i;

export interface Clause {
  text: string;
  /** Index of the sentence it belongs to. */
  sentence: number;
  /** 'asserts', 'denies', or 'asks' (a question, unless the next sentence affirms it: then 'asserts'). */
  stance: 'asserts' | 'denies' | 'asks';
}

/** Every clause of an answer with its stance, in order. */
export function readClauses(answer: string): Clause[] {
  const ss = sentences(answer);
  const out: Clause[] = [];
  ss.forEach((s, i) => {
    const asked = isQuestion(s);
    // An echo question answered "Yes, ..." in the next sentence is asserted by it.
    const affirmedNext = asked && AFFIRM.test(ss[i + 1] ?? '') && !negated(ss[i + 1] ?? '');
    for (const text of clauses(s))
      out.push({
        text,
        sentence: i,
        stance: negated(text) ? 'denies' : asked && !affirmedNext ? 'asks' : 'asserts',
      });
  });
  return out;
}

/** A third-person reference that may carry a name from the sentence before ("He says he's running"). */
export const PRONOUN = /\b(he|she|they|his|her|him|their|them|he's|she's|they're|it)\b/i;

const RELATIVE =
  /\b(his|her|their|my|your|our|\p{L}+['’]s)\s+(cousin|brother|sister|neighbou?r|friend|wife|husband|son|daughter|mother|father|mum|mom|dad|boss|uncle|aunt|nephew|niece|partner|colleague|flatmate|roommate)s?\b(,?\s+\S+)?/giu;

/**
 * A clause about an unnamed relative or acquaintance ("his cousin is running", "Ben's brother sold his boat",
 * "my sister is cleaning"): the person it is about is someone else, unless a name follows ("my husband Sam").
 */
export function aboutSomeoneElse(clause: string): boolean {
  for (const m of clause.matchAll(RELATIVE)) {
    const next = (m[3] ?? '').replace(/^,?\s+/, '');
    if (!/^\p{Lu}/u.test(next)) return true;
  }
  return false;
}

// The rule-based judge of interview answers (Park et al. 2023, sec. 7.1): does an answer state a fact, does it
// say "yes, I know <name>", and does a memory support the claim. It is a pipeline check, not a rater: it reads
// words, whole words only ("run" is not inside "brunch"), and treats a sentence that denies knowing as not knowing
// ("That name doesn't ring a bell", "There's no party that I know of"). An LLM judge, where a model is configured,
// does the believability ranking; this one only has to be right about yes and no.

/** Phrases that turn a sentence into "I don't know" (not every "not": "I have not told anyone I am running" knows). */
const DENIAL = new RegExp(
  [
    "\\b(don't|do not|didn't|did not|can't|cannot|couldn't|could not) (really |quite |honestly )?(know|remember|recall|say|think so|recognise|recognize|place)\\b",
    "\\b(haven't|have not|hasn't|has not|never) (really )?(heard|met|come across|seen)\\b",
    '\\bnot (aware|sure|familiar|certain|that i know of|as far as i know)\\b',
    '\\b(unaware|no idea|no clue|no recollection|no memory of|not a clue)\\b',
    "\\b(doesn't|does not|don't|do not) ring a bell\\b",
    "\\b(there's|there is|there are|there isn't|there aren't) (no|not any|nothing)\\b",
    "\\bthere (isn't|aren't|is not|are not) (a|an|any)\\b",
    '\\b(no one|nobody|nothing) (that )?i (know|remember|have heard)\\b',
    "\\b(i'm|i am|i'm afraid|afraid) (sorry|not)\\b",
    "\\bi'm afraid i\\b",
    "\\bi'm sorry\\b",
    '\\bnot (that i|as far as i)\\b',
  ].join('|'),
  'i',
);
/** A reply that opens with "no". */
const LEADING_NO = /^\s*(no|nope|not really|nah)\b/i;
const AFFIRM =
  /^\s*(yes|yeah|yep|of course|sure|certainly|absolutely|indeed|definitely|i do\b|i know\b|oh,? (yes|i know))/i;

/** Splits an answer into sentences (., !, ? or a line break). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const wordPatterns = new Map<string, RegExp>();
/** Whole-word (or whole-phrase) match, case-insensitive, allowing a plural or possessive ending. */
export function mentions(text: string, phrase: string): boolean {
  const p = phrase.trim().toLowerCase();
  if (p.length === 0) return false;
  let re = wordPatterns.get(p);
  if (!re) {
    const body = p.split(/\s+/).map(escapeRegExp).join('\\s+');
    re = new RegExp(`(?<![\\p{L}\\p{N}])${body}(?:'s|’s|s|es)?(?![\\p{L}\\p{N}])`, 'iu');
    wordPatterns.set(p, re);
  }
  return re.test(text);
}

/**
 * Each keyword group must be mentioned ("a|b" = either). `ignore` drops alternatives that would match for the
 * wrong reason: the answering resident's own name parts ("Moore" said by Jennifer Moore is about herself).
 * `selfGroups`: a group that names the speaker is satisfied outright (the fact's holder speaks of itself in the
 * first person: "I am running for mayor").
 */
export function matchesKeywords(
  text: string,
  keywords: readonly string[],
  ignore: readonly string[] = [],
  selfGroups = false,
): boolean {
  const skip = new Set(ignore.map((w) => w.toLowerCase()));
  return keywords.every((group) => {
    const alts = group
      .split('|')
      .map((a) => a.trim())
      .filter((a) => a.length > 0);
    if (selfGroups && alts.some((a) => skip.has(a.toLowerCase()))) return true;
    const usable = alts.filter((a) => !skip.has(a.toLowerCase()));
    return usable.some((a) => mentions(text, a));
  });
}

/** Is this sentence a denial of knowing? */
export function denies(sentence: string): boolean {
  return DENIAL.test(sentence) || (LEADING_NO.test(sentence) && !/\bbut\b/i.test(sentence));
}

/**
 * Does an answer state the fact? Some sentence mentions every keyword group and does not deny knowing.
 * `speaker` is the answering resident: its name parts never count as naming someone else, and when it is the
 * fact's holder a group naming it is met by the first person.
 */
export function answerKnowsFact(
  answer: string,
  keywords: readonly string[],
  speaker?: { name: string; holder: boolean },
): boolean {
  const ignore = speaker ? nameParts(speaker.name) : [];
  return sentences(answer).some((s) => matchesKeywords(s, keywords, ignore, speaker?.holder ?? false) && !denies(s));
}

/** The lower-case words of a name ("Isabella Rodriguez" -> isabella, rodriguez). */
export function nameParts(name: string): string[] {
  return name
    .toLowerCase()
    .split(/\s+/)
    .filter((p) => p.length > 1);
}

/** Does an answer to "Do you know <name>?" say yes? */
export function answerKnowsPerson(answer: string, name: string): boolean {
  const ss = sentences(answer);
  // A reply that repeats the name as a question first ("Carlos Gomez? That name doesn't ring a bell.").
  while (ss.length > 1 && /\?\s*$/.test(ss[0] ?? '') && (ss[0] ?? '').split(/\s+/).length <= 5) ss.shift();
  const first = ss[0] ?? '';
  if (AFFIRM.test(first)) return true;
  if (denies(first)) return false;
  const second = ss[1] ?? '';
  const parts = nameParts(name);
  const named = (s: string) => mentions(s, name) || parts.some((p) => mentions(s, p));
  if (named(first)) return true;
  return named(second) && !denies(second);
}

/** Does a memory's text support a fact (whole words, every group)? */
export function memorySupportsFact(description: string, keywords: readonly string[]): boolean {
  return matchesKeywords(description, keywords);
}

/** Does a memory's text name a person (the full name, or the first name as a whole word)? */
export function memoryNamesPerson(description: string, name: string): boolean {
  const first = nameParts(name)[0];
  return mentions(description, name) || (first !== undefined && mentions(description, first));
}

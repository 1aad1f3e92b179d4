// The rule-based judge of interview answers (Park et al. 2023, sec. 7.1): does an answer state a fact, does it
// say "yes, I know <name>", and does a memory support the claim. It reads words, whole words only ("run" is not
// inside "brunch"), clause by clause (polarity.ts): a clause that denies, asks, or is about someone else ("his
// cousin is running") states nothing, and a later denial that touches the topic takes an earlier claim back. Its
// error is measured on a labelled corpus (judge-corpus.ts; npm run eval -- --judge-check). A model judge, where a
// model is configured and passes its calibration, does the same job (knowledge-judge.ts).
import {
  AFFIRM,
  aboutSomeoneElse,
  type Clause,
  clauses,
  isQuestion,
  negated,
  PRONOUN,
  readClauses,
  sentences,
} from './polarity.ts';

export { sentences };

/** A reply that opens with "no". */
const LEADING_NO = /^\s*(no|nope|not really|nah)\b/i;

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

/** Is this sentence a denial of knowing (a negation, a word of not knowing, or a leading "no")? */
export function denies(sentence: string): boolean {
  return clauses(sentence).some((c) => negated(c)) || LEADING_NO.test(sentence);
}

/** Days, months and dates: a day alone does not say which event ("a clean-up on Saturday" may be another one). */
const TIME_WORD =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|tomorrow|tonight|today|morning|afternoon|evening|january|february|march|april|may|june|july|august|september|october|november|december|(january|february|march|april|may|june|july|august|september|october|november|december) \d+|\d+(st|nd|rd|th)?)$/i;

/** The groups a text meets, each by a word that identifies (a group met only by a day or date is not met). */
function metGroups(
  text: string,
  keywords: readonly string[],
  skip: ReadonlySet<string>,
  selfGroups: boolean,
): boolean[] {
  return keywords
    .map((group) => {
      const alts = group
        .split('|')
        .map((x) => x.trim())
        .filter((x) => x.length > 0);
      if (selfGroups && alts.some((x) => skip.has(x.toLowerCase()))) return true;
      return alts.some((x) => !skip.has(x.toLowerCase()) && !TIME_WORD.test(x) && mentions(text, x));
    })
    .map((met, i) => met || (timeOnly(keywords[i] ?? '') && mentionsAny(text, keywords[i] ?? '')));
}

/** A group made only of days and dates is met by them (there is nothing else to name it by). */
function timeOnly(group: string): boolean {
  return group.split('|').every((x) => TIME_WORD.test(x.trim()));
}

function mentionsAny(text: string, group: string): boolean {
  return group.split('|').some((x) => x.trim().length > 0 && mentions(text, x.trim()));
}

/** The fact's topic words: its lower-case keywords (what happens), not its names, places or days. */
function topicWords(keywords: readonly string[]): string[] {
  return keywords
    .flatMap((g) => g.split('|'))
    .map((x) => x.trim())
    .filter((x) => x.length > 0 && x === x.toLowerCase() && !TIME_WORD.test(x));
}

/**
 * Does a clause state the fact? Every group met in the clause; a clause with a pronoun ("He says he's running")
 * may take the groups it lacks from the sentence before, so long as it meets one itself.
 */
function clauseStates(
  c: Clause,
  previous: string | undefined,
  keywords: readonly string[],
  skip: ReadonlySet<string>,
  selfGroups: boolean,
): boolean {
  const own = metGroups(c.text, keywords, skip, selfGroups);
  if (own.every(Boolean)) return true;
  if (!previous || !own.some(Boolean) || !PRONOUN.test(c.text)) return false;
  const before = metGroups(previous, keywords, skip, selfGroups);
  return own.every((m, i) => m || before[i]);
}

/**
 * Does an answer state the fact? Some clause that asserts (not a denial, not an unanswered question, not about
 * someone else) meets every keyword group, and no later denial touches the fact's topic ("I know Priya quilts,
 * but I haven't heard of a show"). `speaker` is the answering resident: its name parts never count as naming
 * someone else, and when it is the fact's holder a group naming it is met by the first person.
 */
export function answerKnowsFact(
  answer: string,
  keywords: readonly string[],
  speaker?: { name: string; holder: boolean },
): boolean {
  const skip = new Set((speaker ? nameParts(speaker.name) : []).map((w) => w.toLowerCase()));
  const selfGroups = speaker?.holder ?? false;
  const topic = topicWords(keywords).filter((w) => !skip.has(w));
  const ss = sentences(answer);
  let knows = false;
  for (const c of readClauses(answer)) {
    if (c.stance === 'denies') {
      if (topic.some((w) => mentions(c.text, w))) knows = false;
      continue;
    }
    if (c.stance !== 'asserts' || aboutSomeoneElse(c.text)) continue;
    if (clauseStates(c, ss[c.sentence - 1], keywords, skip, selfGroups)) knows = true;
  }
  return knows;
}

/** The lower-case words of a name ("Isabella Rodriguez" -> isabella, rodriguez). */
export function nameParts(name: string): string[] {
  return name
    .toLowerCase()
    .split(/\s+/)
    .filter((p) => p.length > 1);
}

/** Words of knowing a person, which a negation turns into "I don't know them". */
const KNOWING_PERSON =
  /\b(know|knew|met|meet|ring a bell|recogni[sz]e|place|heard of|heard the name|the name|that name|familiar|crossed paths|who's that|who is that|who is (he|she)|think so|say i do|personally|acquainted|think (he|she|they|it)|seen (him|her|them))\b/i;

/**
 * Does an answer to "Do you know <name>?" say yes? The last clause that says either way decides ("I know a Ben,
 * but I don't think he's Ben Okafor" is a no). An echo of the name as a question first ("Priya? We chat at the
 * post office") makes what follows about that person.
 */
export function answerKnowsPerson(answer: string, name: string): boolean {
  const parts = nameParts(name);
  const named = (s: string) => mentions(s, name) || parts.some((p) => mentions(s, p));
  const ss = sentences(answer);
  let echoed = false;
  while (ss.length > 1 && isQuestion(ss[0] ?? '') && (ss[0] ?? '').split(/\s+/).length <= 5) {
    echoed ||= named(ss[0] ?? '');
    ss.shift();
  }
  let verdict: boolean | undefined;
  for (const s of ss)
    for (const c of clauses(s)) {
      const no = negated(c) || LEADING_NO.test(c);
      if (no && (KNOWING_PERSON.test(c) || LEADING_NO.test(c) || named(c))) verdict = false;
      else if (!no && !isQuestion(c) && (AFFIRM.test(c) || named(c) || (echoed && verdict === undefined)))
        verdict = true;
    }
  return verdict === true;
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

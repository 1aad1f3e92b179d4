// Keywords met by a text (issues 23, 38): whole words or stems, a group by any of its alternatives, a common word only
// in the fact's sense, a day alone never the act; and whether a memory grounds a fact (its person and its act
// together). The rule judge (judge.ts) reads answers with these; the evaluation reads memories with them.
import { ACT_SYNONYMS } from '../town/idioms.ts';
import { contentKeywords, isCommonWord, keywordStem as stem } from '../town/tracked.ts';
import { sentences } from './polarity.ts';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The stems of a text's words ("Retiring in May" -> retir, may). */
function stemsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem));
}

const wordPatterns = new Map<string, RegExp>();
/**
 * Whole-word (or whole-phrase) match, case-insensitive, allowing a plural or possessive ending. A keyword ending
 * in `*` is a stem (tracked.ts derives them): met by any word of that stem ("retir*": retire, retiring, retired).
 */
export function mentions(text: string, phrase: string): boolean {
  const p = phrase.trim().toLowerCase();
  if (p.length === 0) return false;
  if (p.endsWith('*')) return stemsOf(text).has(p.slice(0, -1));
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

let synonymKeys: Map<string, string[]> | undefined;
/** A keyword with the words that name the same act (idioms.ts ACT_SYNONYMS): "resign*" -> resign*, quit*, retir*, leav*. */
export function withSynonyms(alt: string): string[] {
  synonymKeys ??= new Map(ACT_SYNONYMS.map(([w, syn]) => [`${stem(w)}*`, [...new Set(syn.map((x) => `${stem(x)}*`))]]));
  return [alt, ...(synonymKeys.get(alt) ?? []).filter((x) => x !== alt)];
}

/** Days, months and dates: a day alone does not say which event ("a clean-up on Saturday" may be another one). */
export const TIME_WORD =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|tomorrow|tonight|today|morning|afternoon|evening|christmas|easter|whitsun|midsummer|january|february|march|april|may|june|july|august|september|october|november|december|(january|february|march|april|may|june|july|august|september|october|november|december) \d+|\d+(st|nd|rd|th)?)$/i;

/** A keyword alternative too common to name the act alone (tracked.ts COMMON_WORDS). */
export const isLight = (alt: string) => !alt.includes(' ') && isCommonWord(alt);

/** The groups a text meets, each by a word that identifies (a group met only by a day or date is not met). */
export function metGroups(
  text: string,
  keywords: readonly string[],
  skip: ReadonlySet<string>,
  selfGroups: boolean,
  light = false,
  sense?: ReadonlySet<string>,
): boolean[] {
  // a common word is taken in the fact's sense when the text also carries another word of the fact ("run for mayor")
  const inSense = light || (sense !== undefined && contentKeywords(text).some((w) => sense.has(w)));
  const own = new Set(keywords.flatMap((g) => alternatives(g).flatMap(withSynonyms)));
  return keywords
    .map((group) => {
      const alts = alternatives(group);
      if (selfGroups && alts.some((x) => skip.has(x.toLowerCase()))) return true;
      const usable = alts.filter((x) => !skip.has(x.toLowerCase()) && !TIME_WORD.test(x));
      const all = usable.flatMap(withSynonyms);
      // (an empty verb that only stands for the fact's, "get" for "take", names the act only with a thing of the fact's
      // as its object: "got the ferry", not "gets seasick")
      const borrowed = (x: string) => EMPTY_VERBS.has(x) && !usable.includes(x) && sense !== undefined;
      const counts = (x: string) =>
        mentions(text, x) &&
        !ownObject(text, x, sense, own) &&
        !onlyInForeignObject(text, x, all, sense, own) &&
        (!borrowed(x) || objects(text, x, sense, own).fitting > 0);
      if (all.some((x) => !isLight(x) && counts(x))) return true;
      // a common word in the fact's sense, not doing something else ("he runs the garden centre" of a candidacy);
      // alone in its group, a common word is the act ("the post office will move")
      const alone = usable.every((x) => isLight(x));
      return (alone || inSense) && all.some((x) => isLight(x) && counts(x));
    })
    .map((met, i) => met || (timeOnly(keywords[i] ?? '') && mentionsAny(text, keywords[i] ?? '')));
}

/** The emptiest verbs, which stand for a fact's act only with its thing ("got the ferry", not "gets seasick"). */
const EMPTY_VERBS = new Set(['get*', 'have*']);

const DETERMINER = new Set('the a an his her their its my our your this that'.split(' '));
const PREPOSITION =
  /^(?:for|to|in|on|at|of|from|with|by|into|as|and|or|but|after|before|next|this|until|down|up|over|off|out|near|above|below|behind|round|around|across|along|there|here|now|then|soon|again|already|still|yet|too|today|tomorrow|tonight|last|since|when|while|if|so|because|that|which|who|s)$/;

/** Things said of any place or property ("selling the place", "bought the whole lot"): no object of their own. */
const ANY_THING = new Set(
  'place business house home property building lot shop premises site whole thing one land'
    .split(' ')
    .map((w) => `${stem(w)}*`),
);

/**
 * Does every use of a word of the fact in the text take an object of its own, none of the fact's ("runs the garden
 * centre", "takes the bus", "retiring the old minibus", "running the Fowey 10k")? Then the word is in another sense. An
 * object is the fact's by its head ("the school's old minibus": a minibus), or by any of its words when the head is
 * a common word ("the rugby club").
 * `sense`: the fact's and the question's words; `own`: the fact's keywords.
 */
function ownObject(
  text: string,
  alt: string,
  sense: ReadonlySet<string> | undefined,
  own: ReadonlySet<string>,
): boolean {
  const o = objects(text, alt, sense, own);
  return o.uses > 0 && o.foreign.length === o.uses;
}

/** The uses of a keyword in a text, and the word positions of the objects of its own it takes (ownObject). */
function objects(
  text: string,
  alt: string,
  sense: ReadonlySet<string> | undefined,
  own: ReadonlySet<string>,
): { uses: number; foreign: number[][]; fitting: number } {
  const out = { uses: 0, foreign: [] as number[][], fitting: 0 };
  if (!sense || !alt.endsWith('*')) return out;
  const words = tokens(text);
  const names = new Set((text.match(/\p{Lu}\p{L}*/gu) ?? []).map((w) => w.toLowerCase()));
  const fits = (x: string) => {
    const k = `${stem(x.replace(/['’]s$/, ''))}*`;
    return sense.has(k) || own.has(k) || ANY_THING.has(k);
  };
  words.forEach((w, i) => {
    if (`${stem(w)}*` !== alt) return;
    out.uses++;
    // an object after a determiner ("the garden centre"), or a bare plural after a common verb ("selling raffle
    // tickets"; not a name, "marrying Declan", nor a compound, "harbour master job")
    const next = words[i + 1] ?? '';
    const bare =
      isLight(alt) &&
      /(?:ing|ed|s)$/.test(w) &&
      !DETERMINER.has(next) &&
      /^\p{L}+$/u.test(next) &&
      !names.has(next) &&
      !NOT_OBJECT.test(next) &&
      !PREPOSITION.test(next) &&
      !/ly$/.test(next);
    if (!DETERMINER.has(next) && !bare) return;
    const object: number[] = [];
    for (let k = bare ? i + 1 : i + 2; k < Math.min(words.length, i + 5); k++) {
      const x = words[k] as string;
      if (PREPOSITION.test(x) || !/[\p{L}\p{N}]/u.test(x)) break;
      object.push(k);
    }
    const said = object.map((k) => words[k] as string);
    const head = said[said.length - 1] ?? '';
    if (bare && !/[^s]s$/.test(head)) return;
    // (a time or an ordinal is no object: "retiring this year", "expecting her first")
    if (contentKeywords(said.join(' ')).length === 0) return;
    // (a common head takes its sense from the words before it: "the rugby club")
    const fitting = isCommonWord(head) ? said.some(fits) : fits(head);
    if (object.length > 0 && !fitting) out.foreign.push(object);
    else if (object.length > 0) out.fitting++;
  });
  return out;
}

/** Words after a verb that are not its object: pronouns, particles, auxiliaries, words of degree. */
const NOT_OBJECT =
  /^(?:it|them|him|her|me|us|you|himself|herself|themselves|up|off|out|away|back|in|on|over|down|is|are|was|were|be|been|has|have|had|will|would|not|very|really|just|soon|again|all|everything|anything|something|nothing|and|or|but|i|he|she|they|we|you|his|their|our|my|your|its)$/;

const tokens = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}'’]+|[^\p{L}\p{N}\s]/gu) ?? [];

/**
 * Is a keyword said only inside another object of the fact's verb ("retiring the old parish car": the parish is
 * the car's)? `alts`: the group's keywords.
 */
function onlyInForeignObject(
  text: string,
  alt: string,
  alts: readonly string[],
  sense: ReadonlySet<string> | undefined,
  own: ReadonlySet<string>,
): boolean {
  if (!alt.endsWith('*')) return false;
  const inside = new Set(alts.flatMap((x) => (x === alt ? [] : objects(text, x, sense, own).foreign.flat())));
  const at = tokens(text).flatMap((w, i) => (`${stem(w.replace(/['’]s$/, ''))}*` === alt ? [i] : []));
  return at.length > 0 && at.every((i) => inside.has(i));
}

const WHERE = /^(?:at|in|on|from|near|outside|inside|behind|above|below|beside|opposite)$/;
const GIVEN_POST = /^(?:offered|given|handed|awarded|appointed|promoted|named|made)$/;
const ADDRESSEE = /^(?:to|about|against|at|with|for)$/;
/** Words of writing, complaining or speaking to someone, which the one addressed follows. */
const ADDRESSING =
  /^(?:letters?|complaints?|petitions?|emails?|notes?|moans?|grumbles?|words?|writ(?:e|es|ing|ten)|wrote|complain(?:s|ing|ed)?|moan(?:s|ing|ed)|grumbl(?:e|es|ing|ed)|shout(?:s|ing|ed)?|spoke|speak(?:s|ing)?|talk(?:s|ing|ed)|object(?:s|ing|ed)|appeal(?:s|ing|ed)|petition(?:s|ing|ed)|protest(?:s|ing|ed)|furious|cross|angry|annoyed|fuming|feuding|arguing|argued|rowing|fundrais\w*|collect(?:s|ing|ed)?|donat\w+|volunteer(?:s|ing|ed)?)$/;
const BE = /^(?:is|are|was|were|be|been|being|am|s|re|m)$/;
/** A verb of a clause's own: a participle or a form in -ing or -ed ("taken on", "picking up"). */
const OWN_VERB = /^(?:\p{L}{2,}ing|\p{L}{3,}ed|taken|got|gotten|gone|done|made|seen|given|brought|bought|sold|left)$/u;

/**
 * Is a group met only by one word of it said as where the clause's own verb happens, or as that verb's object ("Greta's taken on a girl at
 * the bakery", "At the chemist, picking up a prescription")? Then the clause does not say the act. What is said
 * after a copula is no where ("he's in hospital"), nor is a word beside another of the group's ("moving to the coast").
 */
function saidOnlyAsWhere(text: string, group: string, sense?: ReadonlySet<string>): boolean {
  const alts = alternatives(group).flatMap(withSynonyms);
  // (a common word with an object of its own says nothing of the act: "He's opened a wee shop ... at the creamery")
  const met = alts.filter((x) => mentions(text, x) && !(isLight(x) && ownObject(text, x, sense, new Set(alts))));
  if (met.length === 0) return false;
  const words = text.toLowerCase().match(/[\p{L}]+|[^\p{L}\s]/gu) ?? [];
  const uses = words.flatMap((w, i) => (met.includes(`${stem(w)}*`) ? [i] : []));
  // whom or what one writes or complains to ("writing angry letters to the parish council", "complaining about the
  // bakery"): the fact's words after a preposition, past nothing but determiners and the group's own words
  const addressee = (i: number) => {
    const before = words.slice(Math.max(0, i - 4), i);
    const p = before.findLastIndex((w) => ADDRESSEE.test(w));
    if (p < 0) return false;
    const ownWord = (w: string) => alts.includes(`${stem(w)}*`);
    // (the one addressed may come between: "complaining to the landlord about the shop")
    const at = i - before.length + p;
    const prior = words.slice(Math.max(0, at - 5), at);
    return before.slice(p + 1).every((w) => DETERMINER.has(w) || ownWord(w)) && prior.some((w) => ADDRESSING.test(w));
  };
  if (uses.length > 0 && uses.every(addressee)) return true;
  // (a common word of the fact's is the act, unless the fact's own verb is said of another thing: "selling eggs at the
  // farm gate")
  const otherAct = alts.some(
    (x) => isLight(x) && !met.includes(x) && words.some((w) => `${stem(w)}*` === x && /(?:ing|ed)$/.test(w)),
  );
  if (met.some((x) => !x.endsWith('*') || (isLight(x) && !otherAct))) return false;
  // (a word of the fact's with an object of its own is another act: "selling eggs at the farm gate"; being given a
  // post is getting it: "offered the manager's post")
  const otherVerb = (w: string) =>
    OWN_VERB.test(w) &&
    (!alts.includes(`${stem(w)}*`) || !met.includes(`${stem(w)}*`)) &&
    !FILLER.has(`${stem(w)}*`) &&
    !GIVEN_POST.test(w);
  // the object of another verb that says an act of its own ("Judging the sheepdog trials at Liskeard"; "taking the
  // chapel on" may be the fact's act in other words)
  const objectOfOther = (i: number) => {
    const before = words.slice(Math.max(0, i - 4), i);
    const d = before.findIndex((w) => DETERMINER.has(w));
    const v = words[i - before.length + d - 1] ?? '';
    return (
      d >= 0 &&
      otherVerb(v) &&
      !isCommonWord(v) &&
      before.slice(d).every((w) => /\p{L}/u.test(w) && !PREPOSITION.test(w))
    );
  };
  // where it happens, one word of the fact alone ("taken on a girl at the bakery")
  const where = (i: number) => {
    const before = words.slice(Math.max(0, i - 3), i);
    const p = before.findLastIndex((w) => WHERE.test(w));
    const between = before.slice(p + 1);
    if (p < 0 || !between.some((w) => DETERMINER.has(w)) || between.some((w) => !/\p{L}/u.test(w))) return false;
    return met.length === 1 && !BE.test(words[i - before.length + p - 1] ?? '');
  };
  return words.some(otherVerb) && uses.length > 0 && uses.every((i) => objectOfOther(i) || where(i));
}

/** The groups a clause of an answer meets (metGroups), a topic group not by a word said only as where. */
export function saidGroups(
  text: string,
  keywords: readonly string[],
  skip: ReadonlySet<string>,
  selfGroups: boolean,
  light = false,
  sense?: ReadonlySet<string>,
): boolean[] {
  return metGroups(text, keywords, skip, selfGroups, light, sense).map(
    (m, k) => m && !(k > 0 && !/\p{Lu}/u.test(keywords[k] ?? '') && saidOnlyAsWhere(text, keywords[k] ?? '', sense)),
  );
}

export function alternatives(group: string): string[] {
  return group
    .split('|')
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
}

/** A group made only of days and dates is met by them (there is nothing else to name it by). */
export function timeOnly(group: string): boolean {
  return group.split('|').every((x) => TIME_WORD.test(x.trim()));
}

export function mentionsAny(text: string, group: string): boolean {
  return group.split('|').some((x) => x.trim().length > 0 && mentions(text, x.trim()));
}

/** The fact's topic words: its lower-case keywords (what happens), not its names, places or days. */
export function topicWords(keywords: readonly string[]): string[] {
  return keywords
    .flatMap((g) => g.split('|'))
    .map((x) => x.trim())
    .filter((x) => x.length > 0 && x === x.toLowerCase() && !TIME_WORD.test(x) && !isLight(x));
}

/** The fact's person: its keywords that are names (capitalised), lower case ("anna", "berg"). */
export function personWords(keywords: readonly string[]): string[] {
  return keywords
    .flatMap((g) => g.split('|'))
    .map((x) => x.trim())
    .filter((x) => /^\p{Lu}/u.test(x) && !TIME_WORD.test(x))
    .flatMap((x) => x.toLowerCase().split(/\s+/));
}

/** Words that bring nothing of their own to an answer (a clause of these and the fact's words adds no new thing). */
export const FILLER = new Set(
  contentKeywords(
    'sure yes yeah yep definitely certainly course well think believe heard hear apparently indeed right true absolutely probably reckon guess told say says said word around town everyone everybody people talking talk news rumour rumor lately recently really quite pretty sounds seems ' +
      // (a time to come: "come December")
      'come',
  ),
);

/** The lower-case words of a name ("Isabella Rodriguez" -> isabella, rodriguez). */
export function nameParts(name: string): string[] {
  return name
    .toLowerCase()
    .split(/\s+/)
    .filter((p) => p.length > 1);
}

/**
 * Does a memory's text support a fact? Its person and its act together, in one sentence, each by a word that
 * identifies (the harbour is not the harbour master; a day alone is no act): "he sells fish at the harbour" does
 * not ground a candidacy for harbour master. `fact`: the fact in words, whose other words take a common word in
 * its sense ("decided to run for mayor").
 */
export function memorySupportsFact(description: string, keywords: readonly string[], fact?: string): boolean {
  const sense = fact ? senseWords(fact, []) : undefined;
  return sentences(description).some((s) => metGroups(s, keywords, new Set(), false, false, sense).every(Boolean));
}

/** The words that say which sense a common word has: the fact's (and question's) other content words, not light. */
export function senseWords(text: string, names: readonly string[]): Set<string> {
  return new Set(contentKeywords(text, names).filter((w) => !isLight(w) && !FILLER.has(w)));
}

/** Does a memory's text name a person (the full name, or the first name as a whole word)? */
export function memoryNamesPerson(description: string, name: string): boolean {
  const first = nameParts(name)[0];
  return mentions(description, name) || (first !== undefined && mentions(description, first));
}

/** Words after an auxiliary that are not a verb ("is in the county hospital"). */
const NOT_VERB = new Set(
  'in at on to off out up away back home there here the a an not about over into for with by'.split(' '),
);

/**
 * The fact's verb as a keyword ("Odile Fournier is closing her shop" -> "clos*"), when one of its groups has it: the
 * word after its auxiliary. Undefined when the fact has none ("Tomas is in the county hospital").
 */
export function factVerb(fact: string, keywords: readonly string[]): string | undefined {
  const m =
    /\b(?:is|are|was|were|will|has|have|had)\s+(?:been\s+|be\s+|being\s+|getting\s+|going to\s+)?(\p{Ll}+)/u.exec(fact);
  const word = m?.[1];
  if (word === undefined || NOT_VERB.has(word)) return undefined;
  const key = `${stem(word)}*`;
  return keywords.some((g) => alternatives(g).includes(key)) ? key : undefined;
}

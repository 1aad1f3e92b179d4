// Whom a clause of an answer is about (judge.ts, issue 38): a subject the fact and the question do not name, a relative
// or a family instead of the person, a relative who is background once the person is named, a sentence a pronoun may
// take its person from, a person something is done to. General rules of English; the corpora in judge-corpus*.ts and
// tests/fixtures/judge-corpus measure them.
import { contentKeywords, keywordStem as stem } from '../town/tracked.ts';
import { alternatives, isLight, mentions, metGroups, TIME_WORD, withSynonyms } from './keyword-match.ts';
import { aboutSomeoneElse, clauses, FINITE, negated, STARTERS } from './polarity.ts';
import { withoutSource } from './question-reading.ts';

/**
 * Does a clause have a subject the fact and the question do not name ("Piet is the one taking it over")? A
 * capitalised word they lack, followed by a verb; a vague subject ("someone is") counts too.
 */
export function namesAnother(text: string, known: ReadonlySet<string>, vague = true): boolean {
  if (
    vague &&
    /\b(?:someone|somebody|a person|one of (?:them|the \p{L}+s|those \p{L}+s)|some(?:one)? else|nobody|anyone)\b/iu.test(
      text,
    )
  )
    return true;
  const subject =
    /(\p{Lu}[\p{L}-]*)(?:['’]s)?\s+(?:is|was|has|had|will|did|does|says|said|told|\p{Ll}+ed|\p{Ll}+s)\b/gu;
  return [...text.matchAll(subject)].some((m) => {
    const lw = (m[1] as string).toLowerCase();
    // (a verb opening a clause is no name: "Fixing bikes in the old forge")
    // (nor a word of the fact's: "Dance classes in the drill hall")
    if ((m.index ?? 0) === text.search(/\S/) && (/(?:ing|ed)$/.test(lw) || known.has(`${stem(lw)}*`))) return false;
    // (a word of the fact's, capitalised to open a fragment, is no name: "Off. Harbour works.")
    const factWord = known.has(`${stem(lw)}*`);
    return (
      !known.has(lw) && !factWord && !STARTERS.has(lw) && !TIME_WORD.test(lw) && !NUMBER_WORD.test(lw) && lw !== 'i'
    );
  });
}

/** A number said in words ("Forty years behind that counter"): no name. */
const NUMBER_WORD =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\p{L}+teen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\p{L}+)?|hundred|thousand|a hundred|first|second|third|fourth|fifth|last|next)$/u;

/** A relative's thing ("her sister's twins", "his cousin's wedding"). */
const RELATIVES_THING =
  /\b(?:his|her|their|my|your|our|\p{Lu}\p{L}+['’]s)\s+(?:cousin|brother|sister|neighbou?r|friend|son|daughter|mother|father|mum|mom|dad|uncle|aunt|nephew|niece|colleague|boss|grandson|granddaughter|sister-in-law|brother-in-law)['’]s\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/giu;

const RELATIVE_WORD =
  /\b(?:cousin|brother|sister|son|daughter|mother|father|mum|mom|dad|uncle|aunt|nephew|niece|grandson|granddaughter|grandmother|grandfather|gran|grandad|husband|wife|parents?)\b/i;

/** Is an act of the fact's said as a relative's ("her sister's twins", "his cousin's wedding")? */
export function relativesAct(
  clause: string,
  keywords: readonly string[],
  skip: ReadonlySet<string>,
  fact: string,
): boolean {
  // (not of a fact that is itself about a relative's: "a birthday party for her father")
  if (RELATIVE_WORD.test(fact)) return false;
  return [...clause.matchAll(RELATIVES_THING)].some((m) =>
    metGroups(m[1] as string, keywords, skip, false, true)
      .slice(1)
      .some(Boolean),
  );
}

/** One of a family, by its surname ("one of the Caswells", "a Brandvik"). */
export const FAMILY_MEMBER = /\b(?:[Oo]ne of (?:the|those)|[Aa]n?|[Tt]he)\s+(\p{Lu}[\p{L}'’-]+)/gu;

/** Words that refer to a person without naming a thing of their own ("the Hurst boy", "young Fenna", "the couple"). */
export const WHO_WORDS = new Set(
  contentKeywords(
    'boy girl lad lass man woman fellow chap bloke lady gentleman couple pair family brothers sisters son daughter young eldest youngest older younger one ' +
      'mrs miss mister missus doctor father reverend vicar ' +
      // (or say whose a thing is: "Maeve's idea", "that's Tom's doing")
      'idea doing brainchild project behind',
  ),
);

/**
 * Has a clause a verb of its own: an auxiliary or a pronoun's verb (FINITE), a verb in -s or -ed before its object or
 * particle ("Her cousin runs a café", "His sister moved out"), or a common past ("went", "took")?
 */
export function hasVerb(text: string): boolean {
  return (
    FINITE.test(text) ||
    /\b\p{Ll}{2,}(?:s|ed)\s+(?:a|an|the|to|out|up|in|at|on|for|his|her|their|its|away|back|over|that|this|those|these|it|him|them)\b/u.test(
      text,
    ) ||
    /\b(?:went|came|ran|took|got|made|left|sold|bought|said|told|gave|won|lost|built|kept|found|brought|held|paid|sent|met|fell|broke|wrote|drove|grew|knew|threw|taught|caught|sat|stood)\b/i.test(
      text,
    )
  );
}

/** A time gone by ("last year", "years ago"): an act said at it is not a fact's news. */
export const PAST_TIME =
  /\b(?:last (?:year|month|week|spring|summer|autumn|winter)|(?:years|months|weeks|ages) (?:ago|back)|long ago|back in \d{4}|in \d{4})\b/i;

/**
 * Is a relative said after the one a who-question asks for the one after all? One said to do the fact's act (by the
 * fact's verb where it has one: "Her dad surfed that beach" opens no surf school), or named without a verb, is ("The
 * Coles? Martin's son, maybe"), unless a clause with a verb said the person (`firm`, `personAsked`); one said to do
 * something else is background once the person is `named` ("Calum. His father built her, mind"), as is one said to
 * have done it at a past time the fact lacks ("Hamish. His wife retired last year, so it's his turn").
 */
export function relativeIsTheOne(
  clause: string,
  f: {
    verb: string | undefined;
    keywords: readonly string[];
    skip: ReadonlySet<string>;
    fact: string;
    firm: boolean;
    personAsked: boolean;
    named: boolean;
  },
): boolean {
  if (PAST_TIME.test(clause) && !PAST_TIME.test(f.fact)) return false;
  const act =
    f.verb !== undefined
      ? withSynonyms(f.verb).some((v) => mentions(clause, v))
      : metGroups(clause, f.keywords, f.skip, false, true).slice(1).some(Boolean);
  if (!hasVerb(clause) || act) return !f.firm || !f.personAsked;
  return !f.firm && !f.named;
}

/**
 * The sentence before a clause, when a pronoun in the clause may take the person from it; undefined when it may not.
 * Not from a sentence that denies ("Not Ingrid. She'll pilot till she drops."), unless it says a change ("Not Colm any
 * more. He packed it in.") or is a bare "Not X." before a clause that says the fact's own verb of no thing of its own
 * ("Not Piotr. He's hanging up his boots."; not "Not Alun. He resigned from the choir"); not from one about someone
 * else ("His wife's been diagnosed. Kwame's looking after her."); not to a clause whose subject is another named one
 * ("Gwilym's lambing. Oh, and the Jenkins boys are having a dance at their place.").
 */
export function sentenceLending(
  before: string | undefined,
  clause: string,
  f: {
    verb: string | undefined;
    fact: string;
    question: string;
    person: readonly string[];
    known: ReadonlySet<string>;
  },
): string | undefined {
  if (before === undefined) return undefined;
  const ownVerb =
    f.verb !== undefined &&
    withSynonyms(f.verb).some((v) => mentions(clause, v)) &&
    ![...clause.matchAll(/\b(?:from|of|at|with|in|for)\s+(?:the|a|an|his|her|their)\s+(\p{L}+)/giu)].some(
      (m) => !mentions(`${f.fact} ${f.question}`, m[1] as string),
    );
  const change = (x: string) =>
    /\b(?:any ?more|no longer)\b/i.test(x) || (ownVerb && /^\s*not\s+\p{Lu}[\p{L}'’-]*\s*[.!]?$/iu.test(x));
  const refuses = clauses(before).some((x) => (negated(x) && !change(x)) || aboutSomeoneElse(x, f.person));
  return refuses || namesAnother(withoutSource(clause), f.known, false) ? undefined : before;
}

/** A verb done to the person, or for them: "has taken him on", "advertising for his successor" (not "was her dad's"). */
export function doneToPerson(text: string): boolean {
  return [...text.matchAll(/\b(\p{L}+)\s+(?:for\s+)?(?:him|her|them|his|their)\b/giu)].some((m) => {
    const verb = (m[1] as string).toLowerCase();
    return /(?:ed|ing|en|took|gave|chose)$/.test(verb) && !/^(?:been|seen|when|then|even|often)$/.test(verb);
  });
}

/**
 * Is an act word of the fact's said as another's thing, owned by one of the other sex from the clause's subject ("She's
 * running his campaign", "He's booked her party")? The act is that other's, and the subject only helps.
 */
export function anothersThing(clause: string, keywords: readonly string[], fact: string): boolean {
  // (not of a fact that is itself about a relative's thing: "a party for his wife's fortieth")
  const m = /^\s*(?:and\s+|but\s+|so\s+)?(she|he)\b(.*)$/iu.exec(clause);
  if (!m || RELATIVE_WORD.test(fact)) return false;
  const other = (m[1] as string).toLowerCase() === 'she' ? 'his' : 'her';
  // (a noun after it, not a verb read beside an idiom: "putting her selling, up for sale")
  const owned = new RegExp(`\\b${other}\\s+(?!\\p{L}+ing\\b)([\\p{L}-]+)\\b(?!,)`, 'giu');
  return [...(m[2] as string).matchAll(owned)].some((x) =>
    metGroups(x[1] as string, keywords, new Set(), false, true)
      .slice(1)
      .some(Boolean),
  );
}

/**
 * A short question that checks who is meant by a role ("The fish lady?", "You mean the baker man?"): it says who,
 * not what they do, though the role carries a word of the fact.
 */
export const CHECKS_WHO =
  /^\s*(?:(?:you mean|d['’]you mean|do you mean)\s+)?(?:the|that|our|your|old|young)\s+(?:[\p{L}'’-]+\s+){0,2}(?:man|woman|lady|fellow|fella|feller|chap|bloke|lad|lass|girl|boy|guy|gent|one)\s*\?\s*$/iu;

/** A tag asking for agreement at a clause's end ("..., isn't it?", "..., I think"). */
const CLOSING_TAG =
  /,?\s*(?:isn['’]t it|wasn['’]t it|is it|right|no|eh|I think|I believe|I heard|I gather)\s*[?.!]*\s*$/iu;

/**
 * Is a clause only the fact's person as an owner ("A surf school, I think — that Leilani woman's, isn't it?"): whose
 * the thing named just before is, a word for a person allowed ("that Kahale lad's")? It says the person of that thing.
 */
export function ownerOnly(clause: string, person: readonly string[]): boolean {
  const m =
    /^\s*(?:that\s+|the\s+|old\s+)*((?:\p{Lu}[\p{L}-]*\s+){0,2}\p{Lu}[\p{L}-]*)(?:\s+\p{Ll}+)?['’]s\s*[.!?]*\s*$/u.exec(
      clause.replace(CLOSING_TAG, ''),
    );
  const names = m?.[1]?.toLowerCase().split(/\s+/) ?? [];
  return names.length > 0 && names.every((w) => person.includes(w));
}

/** Words that name a thing or an event without saying which ("Hamish's do", "her new venture"). */
const GENERIC_THING =
  '(?:big |little |new )?(?:do|bash|party|event|thing|affair|night|evening|venture|project|plans?|business|gathering|celebration|shindig|knees-up)';

/**
 * Is a clause's own subject the fact's thing, of a question that names a thing of the person's by a word that does not
 * say which ("Going to Hamish's do on Saturday?" "The ceilidh's eight o'clock at the hall")? The subject is the thing asked about, so the person is lent.
 * A word of the fact's act that names a thing, not a common one ("the hall").
 */
export function thingAsked(
  subject: string,
  question: string,
  person: readonly string[],
  keywords: readonly string[],
): boolean {
  const possessed = person.some((w) => new RegExp(`\\b${w}['’]s\\s+(?:${GENERIC_THING})\\b`, 'iu').test(question));
  return (
    possessed &&
    keywords.some((g) => !/^\p{Lu}/u.test(g.trim()) && alternatives(g).some((a) => !isLight(a) && mentions(subject, a)))
  );
}

/**
 * Is an act of the fact's said as the thing of another named one ("washing up at Mair's harvest supper", of Nia's
 * harvest supper), or done at another named one's occasion ("drumming at Abena's wedding")? A name the fact, the
 * question and the speaker lack.
 */
export function anothersNamedThing(
  clause: string,
  f: { keywords: readonly string[]; skip: ReadonlySet<string>; known: ReadonlySet<string>; verb: string | undefined },
): boolean {
  const { keywords, skip, known, verb } = f;
  // (the fact's own verb done to another's thing is still the act: "selling Harold's old car")
  if (verb !== undefined && withSynonyms(verb).some((v) => mentions(clause, v))) return false;
  return [...clause.matchAll(/\b(\p{Lu}[\p{L}-]+)['’]s(?=\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+))/gu)].some((m) => {
    const name = (m[1] as string).toLowerCase();
    if (known.has(name) || STARTERS.has(name) || TIME_WORD.test(name)) return false;
    // (or an event of theirs the act happens at: "drumming at Abena's wedding")
    if (/\b(?:at|to|for)\s+$/i.test(clause.slice(0, m.index ?? 0)) && EVENT.test(m[2] as string)) return true;
    // ("Regatta's been moved": 's is a verb, not whose)
    if (
      /^(?:\p{L}+(?:ing|ed)|been|got|gone|done|just|now|not|off|away|on|in|at|a|an|the|back|finally|also|still|already|going|due)\b/iu.test(
        m[2] as string,
      )
    )
      return false;
    return metGroups(m[2] as string, keywords, skip, false, true)
      .slice(1)
      .some(Boolean);
  });
}

/** Words for an occasion one may take part in without holding it. */
const EVENT =
  /^(?:(?:big|little|new|birthday|engagement|leaving|retirement|christening|garden|dinner|house|wedding)\s+)?(?:wedding|party|do|bash|funeral|christening|birthday|concert|show|gig|dance|ceilidh|fair|fete|fête|supper|dinner|launch|opening|wake|reception|celebration)\b/i;

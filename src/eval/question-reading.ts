// Reading an answer with the question it answers (issue 38, item 2): what the question already says (its gap: who,
// when, where), who is only the source of what is said ("Somebody said she's off abroad"), an answer that opens by
// saying the speaker has not heard, and the details a fact has that a question stating it lacks. General rules of
// English read with the question; the corpora in judge-corpus*.ts and tests/fixtures/judge-corpus measure them.
import { asksCounterpart } from '../town/idioms.ts';
import { contentKeywords, keywordStem as stem } from '../town/tracked.ts';
import { alternatives, factVerb, mentions, mentionsAny, metGroups, TIME_WORD } from './keyword-match.ts';
import { asks, FINITE, isQuestion, negated } from './polarity.ts';

/**
 * A question with a gap (who, what, which, where, when), the rest it says itself: "Who's buying the bakery?", "What's
 * happening on the river?", "Is there a wedding coming up?", "Any news of a sale?". An answer that fills the gap
 * takes the rest from it; a yes/no question lends nothing but its subject ("Is Hugo buying a pub?" "He drinks in one").
 */
export const ASKS_WHO_OR_WHAT =
  /\b(?:who(?:se|['’]s)?|anyone|anybody|someone|somebody)\b|^\s*(?:is|are) there\b|^\s*(?:any|anything)\b|^\s*(?:what|which|where|when)\b/i;

/**
 * Who told it, said before what was told ("Somebody said", "Winnie tells me", "my sister reckons that", "Doctor's told
 * him"): the source,
 * not the one it is about. Read out of a clause before asking whom it names.
 */
const REPORT_FRAME =
  /^\s*(?:(?:and|so|well|oh|apparently)\s*,?\s+)?(?:somebody|someone|people|everyone|everybody|they|the word is|word is|(?:[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur|[Tt]he)\s+\p{Ll}+|\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)(?:['’]s|\s+has|\s+have)?\s+(?:said|says|say|told (?:me|him|her|them|us)|tells (?:me|him|her|them|us)|mentioned|mentions|reckons|reckoned|was saying|were saying|is saying|swears|was hinting|let slip)\s*(?:that\s+)?(?=\S)(?!(?:something|anything|nothing)\b)/u;

/** "From what Rosa was saying, ...", "According to Rosa, ...": the source, said first. */
const SOURCE_FIRST =
  /^\s*(?:[Ff]rom what|[Aa]ccording to|[Aa]s)\s+(?:somebody|someone|people|everyone|they|(?:my|his|her|their|our|the)\s+\p{Ll}+|\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)(?:\s+(?:was saying|were saying|said|says|tells me|told me|reckons|heard))?\s*,\s*/u;
/** "Somebody in the queue at the post office said": a vague source placed where it spoke. */
const PLACED_SOURCE =
  /^\s*(?:somebody|someone|a (?:man|woman|chap|lady|fellow|bloke)|people)\s+(?:in|at|on|from|down)\s+[^,.;]{1,40}?\s+(?:said|says|told me|was saying|were saying|reckons|mentioned)\s+(?:that\s+)?(?=\S)/iu;
/** A source said in passing (", somebody said,", ", they say", ", I heard"). */
const SOURCE_ASIDE =
  /,\s*(?:somebody|someone|people|they|everyone|\p{Lu}[\p{L}'’-]*)\s+(?:said|says|say|told me|tells me|reckons|mentioned)\s*(?=,|$|[.!?])/gu;

export function withoutSource(clause: string): string {
  return clause
    .replace(SOURCE_FIRST, '')
    .replace(PLACED_SOURCE, '')
    .replace(SOURCE_ASIDE, '')
    .replace(REPORT_FRAME, '');
}

/**
 * An answer that opens by saying the speaker has not heard ("Not that I know of.", "Not as far as I know.", "No
 * idea.", "Nobody's told me"): what follows gives the speaker's reasons, not news, unless it turns ("but", "actually").
 */
const OPENS_UNAWARE =
  /^\s*(?:no,?\s+|\p{Lu}\p{L}+\?\s+)?(?:not that (?:i|anyone|anybody)(?:['’]ve|['’]s| have| has)? (?:know|knew|heard|told|said|mentioned|seen)\b|not as far as (?:i|anyone)\b|not to my knowledge|no idea|no clue|not a clue|haven['’]t (?:a clue|heard)|i haven['’]t heard|i don['’]t know|i wouldn['’]t know|(?:nobody|no one|no-one)['’]s (?:told|said|mentioned)|(?:nobody|no one) (?:has )?(?:told|said|mentioned)|news to me|first i['’]ve heard|search me)\b/iu;
const TURNS = /^\s*(?:but|though|although|actually|oh wait|wait|mind you|come to think|now that i think|then again)\b/i;

/** The first sentence says the speaker has not heard. */
export function opensUnaware(firstSentence: string): boolean {
  return OPENS_UNAWARE.test(firstSentence);
}

/** A clause that turns from what came before ("But Nadia did say ..."). */
export function turns(clause: string): boolean {
  return TURNS.test(clause);
}

/** A guess, not a telling: "maybe", "perhaps", "I suppose", "I'd guess". */
/** A question answered yes or no: it opens with an auxiliary ("Is Anna ...?", "Did Hamish ...?"). */
const YES_NO =
  /^\s*(?:is|are|was|were|do|does|did|has|have|had|will|would|can|could|isn['’]t|aren['’]t|wasn['’]t|doesn['’]t|didn['’]t|hasn['’]t|haven['’]t|won['’]t)\b/i;

/**
 * Is a question answered yes or no: opened by an auxiliary, or a statement said with a rising voice ("Wynne is
 * judging the leek show Saturday?"), a finite verb and no question word?
 */
export function asksYesOrNo(question: string): boolean {
  if (YES_NO.test(question)) return asks(question);
  // (an interview's question asks, whatever its form: asks() reads an answer's "She's selling?" as a hedge)
  return (
    isQuestion(question) &&
    FINITE.test(question) &&
    !/\b(?:who|whom|whose|what|where|when|why|how|which)\b|^\s*(?:any|anything)\b/i.test(question)
  );
}

/** An indefinite a yes/no question leaves open ("Is she hosting something?"): it asks what, as a wh-word does. */
export const INDEFINITE = /\b(?:something|anything|somewhere|anywhere|someone|anyone|somebody|anybody)\b/i;

/** A word of yes ("yes", "aye", "yep"). */
export const YES_WORD = /\b(?:yes|yeah|yep|yup|aye)\b/i;

export const GUESS = /\b(?:maybe|perhaps|i suppose|i['’]d guess|i guess|might be|could be|possibly|presumably)\b/i;

/** Numbers as a date gives them ("14th" -> 14). */
function numbers(text: string): string[] {
  return [...text.matchAll(/\b(\d{1,4})(?:st|nd|rd|th)?\b/gi)].map((m) => m[1] as string);
}

const CALENDAR =
  /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|winter|christmas|easter|midsummer)\b/gi;

/** A text's details: its content words (stemmed), names, days, months and numbers. */
function details(text: string, when = true): Set<string> {
  const words = contentKeywords(text).map((w) => w.replace(/\*$/, ''));
  const names = (text.match(/\p{Lu}[\p{L}'’-]+/gu) ?? []).map((w) => stem(w.replace(/['’]s$/, '')));
  const calendar = when ? (text.match(CALENDAR) ?? []).map((w) => w.toLowerCase()) : [];
  const calendarStems = new Set((text.match(CALENDAR) ?? []).map((w) => stem(w.toLowerCase())));
  return new Set([
    ...[...words, ...names].filter((w) => when || !calendarStems.has(w)),
    ...calendar,
    ...(when ? numbers(text) : []),
  ]);
}

/**
 * Does a clause add a detail of the fact that the question lacks ("When's Piet selling the herd?" "Thursday.
 * Lindholm market.")? Asked of a question that states the whole fact, such a detail shows the speaker knows it.
 * `when` false: days, months and numbers do not count (a vague "someone, in May" names no one).
 */
export function addsDetail(clause: string, fact: string, question: string, when = true): boolean {
  const inFact = details(fact);
  const inQuestion = details(question);
  return [...details(clause, when)].some((w) => inFact.has(w) && !inQuestion.has(w));
}

/** Does a text say a day, month or date of the fact's that the question lacks ("in September", "the 5th")? */
export function addsWhen(text: string, fact: string, question: string): boolean {
  const when = (t: string) => new Set([...(t.match(CALENDAR) ?? []).map((w) => w.toLowerCase()), ...numbers(t)]);
  const inFact = when(fact);
  const inQuestion = when(question);
  return [...when(text)].some((w) => inFact.has(w) && !inQuestion.has(w));
}

/** Are the days of the month a text says (if any) all the fact's ("the 16th" of "on 16 August")? */
export function daysOf(text: string, fact: string): boolean {
  return (text.match(/\b\d{1,2}(?=st\b|nd\b|rd\b|th\b|\b)/g) ?? []).every((n) =>
    new RegExp(`\\b${n}(?:st|nd|rd|th)?\\b`).test(fact),
  );
}

/** Is a text word a part of a compound keyword ("head" of headteacher, "master" of harbourmaster)? */
export function partOfCompound(text: string, keyword: string): boolean {
  const k = keyword.replace(/\*$/, '').toLowerCase();
  if (k.length < 8) return false;
  return (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).some(
    (w) => w.length <= k.length - 4 && (k.startsWith(w) || k.endsWith(stem(w))),
  );
}

/** The old value of a fact of change: "from October" before "to the second weekend of September". */
const FROM_OLD = /\bfrom\s+(?:the\s+)?(?:[\p{L}\d'’-]+\s+){0,3}?(?=to\b)/giu;

/** A question that asks when: its gap is the time, and an answer that fills it wrongly does not know. */
const ASKS_WHEN = /\bwhen\b/i;

/**
 * An answer to "when" whose days, months and seasons are none of the fact's ("When's the fair?" "The first weekend
 * of August" when it is in July): the gap the question asks about is filled wrongly.
 */
export function wrongWhen(answer: string, fact: string, question: string): boolean {
  if (!ASKS_WHEN.test(question)) return false;
  const said = new Set((answer.match(CALENDAR) ?? []).map((w) => w.toLowerCase()));
  // (a fact of change names the old time too, "moved from October to September": the old one is no answer)
  const now = fact.replace(FROM_OLD, ' ');
  const inFact = new Set((now.match(CALENDAR) ?? []).map((w) => w.toLowerCase()));
  return said.size > 0 && inFact.size > 0 && ![...said].some((w) => inFact.has(w));
}

/** "It's Lars", "that'd be Tom", "that's her cousin Iolo": the answer names who it is, by a name. */
const IDENTIFIES =
  /\b(?:it['’]s|it is|it was|that['’]s|that is|that['’]d be|that would be)\s+(?:(?:her|his|their|my|our|your)\s+(?:\p{Ll}+\s+){1,2})?(\p{Lu}[\p{L}'’-]+)/u;

/** The name a clause identifies the one it is about by, when the fact and the question do not know it. */
export function identifiesAnother(clause: string, known: ReadonlySet<string>): boolean {
  const name = IDENTIFIES.exec(clause)?.[1]
    ?.toLowerCase()
    .replace(/['’]s$/, '');
  return name !== undefined && !known.has(name) && !['st', 'saint'].includes(name);
}

/**
 * "Was it Gethin's brother who broke his leg?" "No, Gethin himself.": a question whether another did the act, answered by
 * putting the person in their place ("it's their aunt Agnieszka doing it", "Mared herself"). `person`: the
 * person's names, lower case.
 */
export function correctsToPerson(clause: string, question: string, person: readonly string[]): boolean {
  if (!/^\s*(?:is|was|isn['’]t|wasn['’]t)\s+(?:it|that)\b/i.test(question)) return false;
  const said = clause.replace(/^(?:\s*(?:no|nope|naw|nah|not at all)\b[\s,.!]*)+/i, '');
  if (negated(said)) return false;
  return person.some((w) =>
    new RegExp(
      `(?:\\b(?:it['’]s|it is|it was|that['’]s|that is)\\s+(?:[\\p{L}'’]+\\s+){0,3}?${w}\\b(?!['’]s)|^\\s*(?:[\\p{L}'’]+\\s+)?${w}\\s+(?:himself|herself|themselves)\\b)`,
      'iu',
    ).test(said),
  );
}

/** "By that Lottie Greaves": the doer of a passive, named. */
const BY_NAME = /\b[Bb]y (?:that |the |young |old |a )?(\p{Lu}[\p{L}'’-]+)/u;

/** Does a clause name the doer of a passive act, by a name the fact and the question do not know? */
export function byAnother(clause: string, known: ReadonlySet<string>): boolean {
  const name = BY_NAME.exec(clause)?.[1]
    ?.toLowerCase()
    .replace(/['’]s$/, '');
  return (
    name !== undefined &&
    !known.has(name) &&
    !['st', 'saint'].includes(name) &&
    !CALENDAR_WORD.test(name) &&
    !/^(?:then|now|next|the|law|far|rights)$/.test(name)
  );
}

const CALENDAR_WORD = new RegExp(`^(?:${CALENDAR.source.replace(/\\b/g, '')})$`, 'i');

/** "It's the ploughing match that's been put back": the thing a cleft says the act of. */
const CLEFT =
  /\b(?:it['’]s|it is|it was|that['’]s|that is)\s+(?:the|a|an|his|her|their|its)\s+((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)\s+(?:that|which|who)\b/iu;

/** Does a cleft say the act of a thing none of the fact's words name? */
export function cleftOfAnother(clause: string, keywords: readonly string[]): boolean {
  const thing = CLEFT.exec(clause)?.[1];
  return thing !== undefined && !keywords.some((g) => mentionsAny(thing, g));
}

/** A clause with a subject of its own before its verb ("The coast path is closing"): the question lends it none. */
const OWN_SUBJECT =
  /^\s*(?:the|a|an|this|that)\s+((?:[\p{L}'’-]+\s+){0,3}[\p{L}'’-]+?)(?:['’]s\b|\s+(?:is|are|was|were|will|has|have|had)\b)/iu;

/** (or before a verb of its own in -s or -ed: "The café next door opens in May") */
const OWN_SUBJECT_VERB =
  /^\s*(?:[Tt]he|[Aa]n?|[Tt]his|[Tt]hat)\s+((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+?)\s+\p{Ll}{2,}(?:[^s']s|ed)\b(?!['’])/u;

export function ownSubject(clause: string): string | undefined {
  // (after a joining word: "..., and the Price girl is off to Cardiff")
  clause = clause.replace(/^\s*(?:and|but|then|so|oh)\b[\s,]*(?:(?:then|now|also)\b[\s,]*)?/i, '');
  return OWN_SUBJECT.exec(clause)?.[1] ?? OWN_SUBJECT_VERB.exec(clause)?.[1];
}

/**
 * The names of the thing a fact's act is done to ("Owen Brisk is closing the Rook and Anchor pub in Saltmere": Rook,
 * Anchor): capitalised words after its verb, before a word of place or time. Not the town it happens in.
 */
export function objectNames(fact: string): string[] {
  const m = /\b(?:is|are|was|were|will|has|have|had)\s+(?:been\s+|be\s+|being\s+|going to\s+)?\p{Ll}+\s+(.*)$/u.exec(
    fact,
  );
  const after =
    (m?.[1] ?? '').split(/\s+(?:in|at|on|from|near|to|by|for|with|next|this|last|before|after|until|of|as)\s+/u)[0] ??
    '';
  return (after.match(/\p{Lu}[\p{L}'’-]+/gu) ?? []).map((w) => w.replace(/['’]s$/, ''));
}

/** A title before a name in a fact, and the word a question names its holder by ("Dr Okonjo": the doctor). */
const TITLE_WORDS: readonly (readonly [RegExp, RegExp])[] = [
  [/\b(?:Dr|Doctor)\.?\s+\p{Lu}/u, /^(?:doctor|doc|gp)$/i],
  [/\b(?:Rev|Reverend|Father|Pastor|Vicar)\.?\s+\p{Lu}/u, /^(?:vicar|reverend|priest|minister|rector|father|pastor)$/i],
  [/\b(?:Captain|Capt)\.?\s+\p{Lu}/u, /^(?:captain|skipper)$/i],
  [/\b(?:Professor|Prof)\.?\s+\p{Lu}/u, /^(?:professor)$/i],
  [/\b(?:Sergeant|Sgt|Constable|PC)\.?\s+\p{Lu}/u, /^(?:sergeant|constable|policeman|policewoman|copper)$/i],
];

/** Verbs that say an event takes place at all: the event named is the whole fact. */
const EXISTENCE = new Set(['hold*', 'happen*', 'go*']);

/**
 * What a question lends an answer's clauses, group by group: `fromQuestion`, what it says itself (its subject, or its
 * act named by the fact's verb), and `actInQuestion`, the act it asks after as well (a who-question naming a part of
 * the fact's compound, "the new head", or the thing the act is done to). `verb`: the fact's verb as a keyword.
 */
export function questionLends(
  question: string,
  fact: string,
  keywords: readonly string[],
  f: { skip: ReadonlySet<string>; selfGroups: boolean; person: readonly string[] },
): { verb: string | undefined; fromQuestion: boolean[]; actInQuestion: boolean[]; asksWho: boolean } {
  // the question names the fact's act by its verb, even a common one ("Is Lena leaving town?"), not by a common word
  // in another sense ("Is Dr Sels still working at the surgery?" when she is leaving it to work abroad)
  const verb = factVerb(fact, keywords);
  // (an event that is held or happens is its own act: "Is there a flower show this summer?" asks the whole fact)
  const exists = verb !== undefined && EXISTENCE.has(verb);
  const fromQuestion = metGroups(question, keywords, f.skip, f.selfGroups).map(
    (m, k, all) =>
      m ||
      (verb !== undefined &&
        alternatives(keywords[k] ?? '').includes(verb) &&
        (mentions(question, verb) || (exists && all[0] === true))),
  );
  const asksWho = ASKS_WHO_OR_WHAT.test(question);
  // a who-question names the act by a part of the fact's compound ("the new head": headteacher)
  // (or by the name of the thing the fact is about: "Who's running the Harbour Café next?" of its taking over)
  const things = (fact.match(/(?<=\S\s+)\p{Lu}[\p{L}'’-]+/gu) ?? []).filter(
    (w) => !f.person.includes(w.toLowerCase()) && !TIME_WORD.test(w),
  );
  const namesThing = /^\s*who\b/i.test(question) && things.some((w) => mentions(question, w));
  // "Who's buying the Ferryman's Arms?" of its sale: the question names what is sold, and asks for the other party
  const byName = (k: number) => /\p{Lu}/u.test(keywords[k] ?? '');
  const actAsked = fromQuestion.every((m, k) => m || byName(k)) && fromQuestion.some(Boolean);
  // (or names the act done to it: "Who's taking over the flower shop?" of its sale to her assistant)
  if (asksCounterpart(question) && (namesThing || actAsked))
    for (let k = 0; k < fromQuestion.length; k++) fromQuestion[k] ||= k === 0 || byName(k);
  // "What's happening at the Rook and Anchor?" of its closing: a question after the thing the act is done to lends its
  // person (the one who does it) to an answer that says the act ("Closing. End of the month.")
  const afterThing =
    /^\s*(?:what|any|anything|how|heard)\b/i.test(question) && objectNames(fact).some((w) => mentions(question, w));
  if (afterThing && keywords.length > 1 && /^\p{Lu}/u.test(keywords[0] ?? '')) fromQuestion[0] = true;
  // "When's the butcher closing for good?": a when-question that names the act asks its time, whoever does it
  // (and "When's the ceilidh?" of the one at the village hall: the act named, its subject too)
  const actNamed = fromQuestion.some((m, k) => m && !byName(k) && k > 0);
  if (/^\s*when\b/i.test(question) && (actAsked || actNamed)) fromQuestion.fill(true);
  // "Is the headmaster staying on?" of one retiring as headmaster: the question names the person by the fact's role
  const asked =
    /^\s*(?:is|was|are|were|has|will|did|does|isn['’]t)\s+(?:the|our|your|that|this)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/iu.exec(
      question,
    )?.[1];
  // (or by the title the fact gives them: "Is the doctor staying?" of Dr Ruth Okonjo)
  const titled = (w: string) => TITLE_WORDS.some(([title, word]) => word.test(w) && title.test(fact));
  if (asked !== undefined && byName(0) && asked.split(/\s+/).some((w) => byRole(w, fact) || titled(w)))
    fromQuestion[0] = true;
  const actInQuestion = fromQuestion.map(
    (m, k) =>
      m ||
      (asksWho && alternatives(keywords[k] ?? '').some((a) => partOfCompound(question, a))) ||
      (namesThing && k > 0),
  );
  return { verb, fromQuestion, actInQuestion, asksWho };
}

/**
 * Does a subject name the fact's person without naming them: by words for a person only ("the old girl", "the lad"),
 * or by the role the fact gives them ("the coxswain", of one retiring as coxswain)?
 */
export function byRole(subject: string, fact: string): boolean {
  const words = subject.toLowerCase().split(/\s+/);
  if (
    words.every((w) =>
      /^(?:old|dear|poor|little|wee|young|girl|boy|lad|lass|man|woman|fellow|chap|bloke|lady|gentleman|couple|pair|soul)$/.test(
        w,
      ),
    )
  )
    return true;
  // (the role up to where its clause goes on: "as the Harlow Bay lifeboat coxswain at the end of the year")
  const role =
    /\bas (?:the |a |an |its |their )?(?:new )?((?:[\p{L}-]+ ){0,3}?[\p{L}-]+)(?=\s+(?:of|at|in|on|for|from|with|by|until|till|next|this|after|before)\b|[,.;]|$)/iu.exec(
      fact,
    )?.[1] ?? /\bas (?:the |a |an |its |their )?(?:new )?((?:[\p{L}-]+ ){0,2}[\p{L}-]+)/iu.exec(fact)?.[1];
  return role !== undefined && words.some((w) => contentKeywords(role).includes(`${stem(w)}*`));
}

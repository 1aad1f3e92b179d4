// What the rule judge reads an answer's words for (judge.ts, issue 38; whom a clause is about is judge-who.ts):
// an answer in fragments ("Ferry. May. Yes."), an echo of the question that tells nothing, staying put, a false start,
// a person named by a role, the one a fact says was left, a word that only qualifies the fact's object (the answer's
// words rewritten before this reading are in judge-rewrite.ts). General rules of English; the corpora in judge-corpus*.ts and
// tests/fixtures/judge-corpus measure them.
import { consequencesIn } from '../town/idiom-consequences.ts';
import { idiomsIn } from '../town/idioms.ts';
import { contentKeywords, keywordStem as stem } from '../town/tracked.ts';
import { alternatives, mentions, mentionsAny, metGroups, saidGroups, withSynonyms } from './keyword-match.ts';
import { AFFIRM, type Clause, FINITE, isQuestion, negated, PRONOUN, STARTERS, sentences } from './polarity.ts';
import { addsDetail, objectNames, ownSubject } from './question-reading.ts';

/** An answer of fragments ("Ferry. May. Yes."): read as one clause. */
export function fragments(answer: string): string | undefined {
  const ss = sentences(answer);
  // one short sentence without a verb, in pieces ("Tom Walsh - books, on the high street.")
  if (ss.length === 1 && /\s[-–—]\s/.test(answer) && answer.split(/\s+/).length <= 10 && !FINITE.test(answer))
    return isQuestion(answer) ? undefined : answer.replace(/\s[-–—]\s/g, ', ');
  if (ss.length < 2 || !ss.every((x) => x.split(/\s+/).length <= 4 && !isQuestion(x) && !negated(x))) return undefined;
  return ss.map((x) => x.replace(/[.!?…]+$/, '')).join(', ');
}

/** Words that comment on an echo without adding to it ("Right.", "Interesting.", "Fancy that."). */
const INTERJECTION = new Set(
  'right well hmm huh interesting fancy that really okay wow indeed sure nice goodness gosh blimey'
    .split(' ')
    .map(stem),
);

/** A tag that says the words before it are the asker's: "..., you say", "so you tell me". */
const REPEATED = /,?\s*(?:(?:or )?so\s+)?you\s+(?:say|said|tell me|told me|reckon|think|mean)\s*[.?!]*\s*$/i;

/** Stems of a text's content words (4+ letters). */
export function contentStems(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}]{4,}/gu) ?? []).map(stem));
}

/**
 * An echo of the question without a verb of its own ("Anna taking over the ferry. Well."): every content word is
 * the question's; it repeats, it does not tell.
 */
export function echoes(clause: string, asked: ReadonlySet<string>, question: string): boolean {
  // ("Selling the vineyard, you say.": the speaker says whose words they repeat)
  clause = clause.replace(REPEATED, '');
  if (asked.size === 0 || FINITE.test(clause) || AFFIRM.test(clause)) return false;
  // a name the question lacks answers it ("Who bought the cinema?" "Joe. Cinema. Bought it.")
  const names = (clause.match(/\p{Lu}\p{Ll}+/gu) ?? []).filter((w) => !STARTERS.has(w.toLowerCase()));
  if (names.some((w) => !new RegExp(`\\b${w}\\b`, 'i').test(question) && !asked.has(stem(w)))) return false;
  const own = [...contentStems(clause)].filter((w) => !INTERJECTION.has(w));
  // (a short name the question says is echoed too: "Bob?", though content words are of four letters)
  const shortNames = names.filter((w) => w.length < 4);
  return (own.length > 0 || shortNames.length > 0) && own.every((w) => asked.has(w));
}

/** A question said back whole: asked, and every content word of it the question's ("Is Anna selling the mill?"). */
export function repeatsQuestion(sentence: string, asked: ReadonlySet<string>): boolean {
  const own = [...contentStems(sentence)];
  return isQuestion(sentence) && own.length > 0 && own.every((w) => asked.has(w));
}

// Words of an act's lasting, stopping and staying (judge.ts reads a clause's stance on the fact with them).

/** Acts of stopping: "no more" of their subject says them. */
export const STOPPING = new Set(['stop*', 'clos*', 'cancel*', 'end*', 'shut*', 'finish*']);

/**
 * Staying where one is: the opposite of a fact of leaving, retiring or moving ("staying on", "staying a good while
 * yet", "carrying on at the shop"; not "carrying on the family business", which takes it over).
 */
export const STAYS =
  /\b(?:stay|stays|staying|stayed) (?:on|put|a (?:good |long |little )?while|for (?:years|good|ever|a (?:good |long )?while))\b|\b(?:not going|going) nowhere\b|\bnot going anywhere\b|\bcarr(?:y|ies|ying|ied) on\b(?!\s+(?:the|with|her|his|their|its|a|an)\b)|\bhere to stay\b/i;

/** Going on as before: the opposite of a fact that a thing stops. */
export const STAYS_OPEN =
  /\b(?:stay|stays|staying|stayed|remain|remains|remaining|keep|keeps|keeping) open\b|\bcarr(?:y|ies|ying) on\b|\bkeeps? going\b|\bbusiness as usual\b/i;

/** Acts that last (closing, moving away), and words that say a thing is for a while only. */
export const LASTING = new Set(['clos*', 'mov*', 'leav*', 'emigr*', 'shut*', 'relocat*']);
export const TEMPORARY =
  /\bfor (?:a|the|two|three|a few|a couple of) (?:days?|weeks?|fortnight|months?|while|weekend|summer|holidays?)\b|\btemporar(?:y|ily)\b|\bthen (?:it['’]s |he['’]s |she['’]s |they['’]re )?(?:back|open)\b|\bon holiday\b|\bfor the (?:winter|spring|autumn|season|off-season|holidays)\b|\bback (?:in|after|within) (?:a|two|three|a few|a couple of) (?:days?|weeks?|fortnight|months?)\b|\b(?:early|late) (?:tonight|today|this (?:evening|afternoon|week))\b|\bfor the (?:night|day|evening|afternoon)\b|\bfor (?:lunch|dinner|tea|the lunch hour|an hour|half an hour)\b/i;

/** A reply that opens with "no". */
export const LEADING_NO = /^\s*(no|nope|not really|nah)\b/i;

// Whether a clause says the fact's act, or the whole fact (judge.ts reads every clause of an answer with them).

/** Does a clause's predicate (after a subject of its own, "the bakery's") meet the fact's act ("been sold")? */
export function saysAct(clause: string, keywords: readonly string[], skip: ReadonlySet<string>): boolean {
  const subject = ownSubject(clause);
  const predicate = subject === undefined ? clause : clause.slice(clause.indexOf(subject) + subject.length);
  return metGroups(predicate, keywords, skip, false, true).some((m, k) => m && !/\p{Lu}/u.test(keywords[k] ?? ''));
}

/**
 * Does a clause state the fact? Every group met in the clause; a clause with a pronoun ("He says he's running")
 * may take the groups it lacks from the sentence before, so long as it meets one itself.
 */
export function clauseStates(
  c: Clause,
  previous: string | undefined,
  keywords: readonly string[],
  skip: ReadonlySet<string>,
  selfGroups: boolean,
  sense?: ReadonlySet<string>,
  inSense = false,
): boolean {
  const own = saidGroups(c.text, keywords, skip, selfGroups, inSense, sense);
  if (own.every(Boolean)) return true;
  if (!previous || !own.some(Boolean) || !PRONOUN.test(c.text)) return false;
  const before = saidGroups(previous, keywords, skip, selfGroups, inSense, sense);
  return own.every((m, i) => m || before[i]);
}

/**
 * Does a clause say the fact's person or thing stays ("Father Tierney's staying on", "The bakery's staying put", "the
 * café itself stays open" of a closing), saying nothing of the fact's act after it? `named`: the question or the
 * answer before has named the person, so "she's staying on" is about them.
 */
export function staysPut(
  text: string,
  f: {
    verb: string | undefined;
    person: readonly string[];
    keywords: readonly string[];
    skip: ReadonlySet<string>;
    fact: string;
    named: boolean;
  },
): boolean {
  const thing =
    ownSubject(text) ??
    /^\s*(?:the|a|an|this|that|her|his|their|its)\s+([^,;]+?)\s+(?:itself\s+)?(?:stays?|staying|remains?|keeps?|carries)\b/i.exec(
      text,
    )?.[1];
  const staysOpen = f.verb !== undefined && STOPPING.has(f.verb) && STAYS_OPEN.test(text);
  if (!STAYS.test(text) && !staysOpen) return false;
  const who =
    f.person.some((w) => mentions(text, w)) ||
    (f.named && thing === undefined && /^\s*(?:and\s+|so\s+)?(?:he|she|they)\b/i.test(text)) ||
    (thing !== undefined &&
      (f.keywords.slice(1).some((g) => mentionsAny(thing, g)) || objectNames(f.fact).some((w) => mentions(thing, w))));
  // (what it says after the one who stays: the fact's own verb, where the fact has one, else any word of its act;
  // "carrying on at the post office" does not retire from it)
  const rest = thing !== undefined ? text.slice(text.indexOf(thing) + thing.length) : text;
  const act =
    f.verb !== undefined ? withSynonyms(f.verb).some((v) => mentions(rest, v)) : saysAct(rest, f.keywords, f.skip);
  return who && !act;
}

/**
 * The answer without a false start: a sentence that trails off ("She's expecting...") and is said again in the next
 * ("well, she was expecting a promotion") is replaced by it; a pause before what follows ("She's expecting... twins!")
 * stays.
 */
export function withoutFalseStarts(answer: string): string {
  const ss = sentences(answer);
  const kept = ss.filter((s, i) => {
    if (!/(?:\.\.\.|…)\s*$/.test(s)) return true;
    const own = contentStems(s);
    const next = contentStems(ss[i + 1] ?? '');
    return own.size === 0 || ![...own].every((w) => next.has(w));
  });
  return kept.length === ss.length ? answer : kept.join(' ');
}

/**
 * Words of getting a post, and the words for any post: of a fact that someone takes one up, "got the job"
 * (appointed) and "has the job now" bring no new thing.
 */
const GETTING_A_POST = contentKeywords(
  'appointed hired elected chosen picked offered given starting job post role position',
);

/**
 * The words of getting a post, when the fact is a post taken up ("a new job as harbourmaster", "is the new
 * stationmaster"); none otherwise.
 */
export function postWords(fact: string): string[] {
  return /\b(?:job|post|role|position|appointed|elected|hired|chosen)\b|\b(?:is|are|was|as)\s+(?:the|their|our|its)\s+new\s+\p{L}/iu.test(
    fact,
  )
    ? GETTING_A_POST
    : [];
}

/**
 * The acts a text says in other words, by their consequences (idiom-consequences.ts) or by an idiom that does not
 * carry its plain verb ("on the market": selling; not "selling off", the verb itself): the phrase says which sense a
 * common verb has.
 */
export function actsInOtherWords(text: string): string[] {
  const idioms = idiomsIn(text).filter(({ phrase, plain }) => {
    const own = contentKeywords(phrase);
    return !contentKeywords(plain).some((w) => own.includes(w));
  });
  return [...consequencesIn(text), ...idioms].map((x) => x.plain);
}

/** Words that end a noun phrase after a verb (a preposition, a particle, a conjunction). */
const PHRASE_END =
  /^(?:to|in|at|on|for|from|with|by|of|into|as|off|up|down|out|over|next|this|last|and|or|but|now|then|when|while|because|so|behind|beside|near|outside|inside|above|below|under|across|along|around|round|past|through|towards?|beyond|between|opposite)$/;
const DETERMINERS = /^(?:the|a|an|his|her|their|its|my|our|your|this|that|some)$/;

/** The noun phrase a verb takes in a text, from the word after it: its words, a determiner left out. */
function phraseAfter(words: readonly string[], i: number): string[] {
  const out: string[] = [];
  for (let k = i + 1; k < Math.min(words.length, i + 6); k++) {
    const w = words[k] as string;
    if (!/^\p{L}/u.test(w) || PHRASE_END.test(w.toLowerCase())) break;
    if (!(out.length === 0 && DETERMINERS.test(w.toLowerCase()))) out.push(w);
  }
  return out;
}

/**
 * Does a clause give the fact's verb, as its object, a word that in the fact only qualifies the object ("He's selling
 * fish off the quay", of "sold his fishing boat")? The act is another one.
 */
export function takesModifier(clause: string, fact: string, verb: string): boolean {
  const verbs = new Set(withSynonyms(verb));
  const isVerb = (w: string) => verbs.has(`${stem(w)}*`);
  const factWords = fact.match(/[\p{L}'’]+|[^\p{L}\s]/gu) ?? [];
  const at = factWords.findIndex(isVerb);
  const object = at < 0 ? [] : phraseAfter(factWords, at);
  // (a common noun qualified by common words: "his fishing boat", not a name, "the Seagull guesthouse")
  if (object.length < 2 || object.some((w) => /^\p{Lu}/u.test(w))) return false;
  const head = stem(object[object.length - 1] as string);
  // (an ordinal or a time is no qualifier of its own: "her first baby", "expecting her first")
  const modifiers = new Set(
    object
      .slice(0, -1)
      .filter((w) => contentKeywords(w).length > 0)
      .map(stem),
  );
  const words = clause.toLowerCase().match(/[\p{L}'’]+|[^\p{L}\s]/gu) ?? [];
  return words.some((w, i) => {
    if (!isVerb(w)) return false;
    const said = phraseAfter(words, i).map(stem);
    const last = said[said.length - 1];
    return last !== undefined && modifiers.has(last) && !said.includes(head);
  });
}

/** A fact of parting from a named person ("has left her husband Piet", "split from Tom"): the one left. */
const PARTING =
  /\b(?:left|leaving|leaves|leave|split (?:up )?(?:from|with)|separat\w+ from|divorc\w+|walked out on)\s+(?:(?:her|his|their)\s+)?(?:(?:husband|wife|partner|boyfriend|girlfriend|fianc[eé]e?)\s+)?(\p{Lu}\p{L}+)/u;

/** Does an answer put the one a fact says was left beside the one who left ("..., with Piet", "she and Piet")? */
export function withTheOneLeft(answer: string, fact: string): boolean {
  const left = PARTING.exec(fact)?.[1];
  if (left === undefined) return false;
  const together = `\\b(?:with|alongside|(?:she|he|her|him) and)\\s+${left}\\b|\\b${left}\\s+and\\s+(?:she|he|her|him)\\b`;
  return new RegExp(together, 'iu').test(answer);
}

/**
 * Does a clause meet the fact's act only by words the question already says, without the fact's verb or a detail of
 * the fact the question lacks ("What's happening with Mariska's bakery?" "She's been busy with the bakery")? It
 * repeats the question's topic; it does not say the act.
 */
export function onlyAsked(
  clause: string,
  f: { verb: string | undefined; keywords: readonly string[]; question: string; fact: string },
): boolean {
  if (f.verb === undefined || !f.question) return false;
  const verbs = withSynonyms(f.verb);
  if (verbs.some((v) => mentions(clause, v) || mentions(f.question, v))) return false;
  const said = f.keywords.slice(1).flatMap((g) => alternatives(g).filter((a) => mentions(clause, a)));
  return said.length > 0 && said.every((a) => mentions(f.question, a)) && !addsDetail(clause, f.fact, f.question);
}

/** A question whether a state goes on ("Is the ferry still running?", "Is Piet staying in Oosterwold?"). */
const ASKS_GOING_ON =
  /^\s*(?:is|are|will|was|does|do)\b.*\b(?:still|staying|stay|stopping on|keeping on|carrying on|remaining|be (?:here|around|there|open|running))\b.*\?\s*$/i;
/**
 * A reply that the state ends soon or at a time: "Not for long.", "Not after the summer it isn't.", "Not past June.",
 * "Only till October."
 */
const WHEN_WORD = String.raw`(?:the\s+|this\s+|next\s+|end\s+of\s+(?:the\s+)?)*(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|winter|christmas|easter|new year|week|month|year|term|season|\d{1,2}(?:st|nd|rd|th)?)`;
const ENDS_AT = new RegExp(
  String.raw`^\s*(?:no,?\s+)?(?:not\s+(?:for\s+(?:much\s+|very\s+)?long(?:er)?|(?:after|past|beyond|once|come|from)\s+${WHEN_WORD})|(?:only|just)\s+(?:till|until|up to|through)\s+${WHEN_WORD})\b`,
  'i',
);
/** Acts that end a state: leaving, closing, stopping, retiring. */
const ENDING = new Set([...LASTING, ...STOPPING, 'retir*', 'resign*', 'quit*']);

/**
 * Does a clause say the state a question asks after ends, of a fact whose act ends it ("Is the ferry still running next
 * year?" "Not after the summer it isn't.", of a ferry cancelled after the summer)?
 */
export function endsAsAsked(
  clause: string,
  f: { question: string; verb: string | undefined; fact: string; person: readonly string[] },
): boolean {
  const { question, verb, fact, person } = f;
  if (verb === undefined || !ENDING.has(verb) || !ASKS_GOING_ON.test(question) || !ENDS_AT.test(clause)) return false;
  // (the state asked after is the fact's: staying, or a thing of the fact's; "Is he still at the mill?" of a move is not)
  const own = contentKeywords(fact, [...person]);
  return /\bstay/i.test(question) || contentKeywords(question, [...person]).some((w) => own.includes(w));
}

/** A question whether one goes to something ("Going to Annika's party?", "Are you coming to the ceilidh?"). */
const ASKS_GOING = /^\s*(?:are you\s+|you\s+)?(?:going|coming|off)\s+(?:to|along to)\b/i;
/** A reply about one's own going, either way ("I'd go if I could", "Can't make it, sadly", "We'll be there"). */
const OWN_GOING =
  /^\s*(?:(?:oh|well|sadly|no|yes|aye|yeah),?\s+)?(?:(?:i|we)(?:['’]d| would|['’]ll| will|['’]m| am|['’]re| are)?\s+(?:not\s+)?(?:go|going|come|coming|be there|love to|try to make it)\b(?!\s+anywhere)|(?:i|we)\s+(?:can['’]t|cannot|won['’]t|couldn['’]t)\s+(?:go|come|make it|manage it)\b|(?:can['’]t|won['’]t) make it\b)/i;

/**
 * Does a reply that opens an answer say whether the speaker goes to the event a question names ("Going to Annika's
 * party?" "I'd go if I could, but ...")? Either way it takes the event as so.
 */
export function ownGoing(clause: string, question: string): boolean {
  return ASKS_GOING.test(question) && OWN_GOING.test(clause);
}

// An answer as the rule judge reads it with its question (judge.ts, issue 38): its words as a reader takes them
// (judge-rewrite.ts), its sentences and clauses, what the question lends it (question-reading.ts), the names it may
// use without naming another, the words that say which sense a common word is in, and where it starts to say
// anything ("Tom? The bookshop? Ha, yes."). judge.ts then reads it clause by clause.
import { inPlainVerbs, withConverse, withPlainVerbs } from '../town/idioms.ts';
import { contentKeywords } from '../town/tracked.ts';
import {
  actsInOtherWords,
  contentStems,
  fragments,
  LEADING_NO,
  postWords,
  repeatsQuestion,
  withoutFalseStarts,
} from './judge-reading.ts';
import { asReadWith } from './judge-rewrite.ts';
import {
  alternatives,
  FILLER,
  mentions,
  metGroups,
  nameParts,
  personWords,
  senseWords,
  TIME_WORD,
  topicWords,
  withSynonyms,
} from './keyword-match.ts';
import { readByRules } from './language.ts';
import { asks, type Clause, clauses, FINITE, negated, readClauses, STARTERS, sentences } from './polarity.ts';
import { addsWhen, asksYesOrNo, INDEFINITE, objectNames, opensUnaware, questionLends } from './question-reading.ts';

/** Is this sentence a denial of knowing (a negation, a word of not knowing, or a leading "no")? */
export function denies(sentence: string): boolean {
  return clauses(sentence).some((c) => negated(c)) || LEADING_NO.test(sentence);
}

/** Where an answer is asked: the interview question (who "she" is, what a fragment answers). */
export interface AnswerContext {
  question?: string;
  /** The fact in words: the names and places in it are not someone else. */
  fact?: string;
}

/** An answer read with its question and its fact, before its clauses are weighed. */
export interface AnswerReading {
  /** The answer's words as a reader takes them (idioms by their plain verbs, a denied opposite as the act). */
  answer: string;
  /** The speaker's name parts: never someone else. */
  skip: ReadonlySet<string>;
  /** The speaker is the fact's holder: a group naming them is met by the first person. */
  selfGroups: boolean;
  topic: string[];
  person: string[];
  /** The question and the fact, idioms read by their plain verbs. */
  question: string;
  fact: string;
  verb: string | undefined;
  fromQuestion: boolean[];
  actInQuestion: boolean[];
  asksWho: boolean;
  /** Names the question, the fact and the speaker know: naming one of them names no one else. */
  known: ReadonlySet<string>;
  asked: ReadonlySet<string>;
  askedOrPerson: ReadonlySet<string>;
  ss: string[];
  all: Clause[];
  /** Per keyword group: is it the fact's subject? */
  isSubject: boolean[];
  factCompounds: string[];
  /** Words the question and the fact already say: no new thing. */
  given: ReadonlySet<string>;
  /** Words that say which sense a common word of the fact is in. */
  sense: ReadonlySet<string>;
  inSense: boolean;
  /** A yes/no question that states the whole fact. */
  statesFact: boolean;
  /** The first sentence that is more than an echo. */
  firstSaid: number;
  /** The answer opens by not having heard ("Not that I know of."). */
  unaware: boolean;
}

/**
 * The text with a short form of the fact's person's first or last name said in full ("Seun" of Oluwaseun, "Bart" of
 * Bartholomew): the start or the end of the name, four letters at least, not the speaker's own name, nor a month or a
 * word that opens a sentence ("March" is not Marchand).
 */
export function withFullNames(text: string, keywords: readonly string[], speaker: string): string {
  const names = alternatives(keywords[0] ?? '').filter((x) => /^\p{Lu}\p{Ll}+$/u.test(x));
  const own = new Set(nameParts(speaker));
  return text.replace(/\b\p{Lu}\p{Ll}{3,}\b/gu, (w) => {
    const lw = w.toLowerCase();
    // (a month or a day is no name: "March" is not Marchand, nor is a word that opens a sentence)
    if (own.has(lw) || TIME_WORD.test(lw) || STARTERS.has(lw) || contentKeywords(lw).length === 0) return w;
    const full = names.find((n) => {
      const ln = n.toLowerCase();
      return ln !== lw && ln.length >= lw.length + 2 && (ln.startsWith(lw) || ln.endsWith(lw));
    });
    return full ?? w;
  });
}

/** Reads an answer with its question and fact; undefined for an answer the rules do not read (not English). */
export function readAnswer(
  answer: string,
  keywords: readonly string[],
  speaker?: { name: string; holder: boolean },
  context: AnswerContext = {},
): AnswerReading | undefined {
  if (!readByRules(answer)) return undefined;
  // ("Seun" for Oluwaseun: a short form of the person's name is the person)
  answer = withFullNames(answer, keywords, speaker?.name ?? '');
  if (context.question)
    context = { ...context, question: withFullNames(context.question, keywords, speaker?.name ?? '') };
  const original = answer;
  // the answer's words as a reader takes them: idioms by their plain verbs, an "it" the question names, a denied
  // opposite, a phrase in another sense, going to the fact's destination, a new post (judge-rewrite.ts)
  answer = asReadWith(answer, context.question ?? '', context.fact ?? '');
  context = {
    ...(context.question ? { question: withConverse(withPlainVerbs(context.question)) } : {}),
    ...(context.fact ? { fact: inPlainVerbs(context.fact) } : {}),
  };
  const skip = new Set((speaker ? nameParts(speaker.name) : []).map((w) => w.toLowerCase()));
  const selfGroups = speaker?.holder ?? false;
  const topic = topicWords(keywords).filter((w) => !skip.has(w));
  const person = personWords(keywords);
  const question = context.question ?? '';
  // what the question lends a clause: the fact's subject, its act, or all of it (question-reading.ts)
  const { verb, fromQuestion, actInQuestion, asksWho } = questionLends(question, context.fact ?? '', keywords, {
    skip,
    selfGroups,
    person,
  });
  const known = new Set([
    ...person,
    ...skip,
    ...(`${question} ${context.fact ?? ''}`.match(/\p{Lu}[\p{L}'’-]*/gu) ?? []).map((w) =>
      w.toLowerCase().replace(/['’]s$/, ''),
    ),
    ...keywords.flatMap((g) => g.split('|')).flatMap((x) => x.toLowerCase().split(/\s+/)),
  ]);
  const asked = contentStems(question);
  const askedOrPerson = new Set([...asked, ...contentStems(person.join(' '))]);
  const joined = fragments(answer);
  const text = withoutFalseStarts(joined ?? answer);
  const ss = sentences(text);
  const all = readClauses(text);
  const fact = context.fact ?? '';
  // the fact's subject: its person, or (naming nobody) the thing it is about, the first group
  const isSubject = keywords.map((g, k) => /^\p{Lu}/u.test(g.trim()) || (k === 0 && keywords.length > 1));
  // (a part of a compound word of the fact is no new thing: "the head" of a headmistress)
  const factCompounds = contentKeywords(context.fact ?? '');
  const given = new Set([...contentKeywords(`${question} ${context.fact ?? ''}`), ...FILLER, ...postWords(fact)]);
  // (a place the fact happens at, "Lindholm market", says which sense; the person's names do not)
  const names = keywords.flatMap((g) => alternatives(g)).filter((x) => /^\p{Lu}\S*$/u.test(x));
  // (and so does the thing the act is done to, by its name, however common its words: "shutting the Harbour Café")
  const sense = new Set([
    ...senseWords(`${question} ${fact}`, [...names.map((x) => x.toLowerCase()), ...skip]),
    ...objectNames(fact).flatMap((w) => contentKeywords(w)),
  ]);
  // a common word is in the fact's sense when the answer elsewhere carries another of its words ("She's emigrating.
  // To Canada.")
  // (and so is an act said by its consequences, "turning the old forge into a place where you bring your punctures",
  // or by an idiom, "putting the shop on the market": the phrase says which sense; and so does a date of the fact's
  // the question lacks, "Open day in May, the 12th")
  const inSense =
    contentKeywords(text).some((w) => sense.has(w)) ||
    actsInOtherWords(original).some((plain) => metGroups(plain, keywords, skip, false, true).slice(1).some(Boolean)) ||
    addsWhen(text, fact, question);
  // (not one with a gap of its own: "Is Petra organising something?" asks what)
  const statesFact = fromQuestion.every(Boolean) && asksYesOrNo(question) && !INDEFINITE.test(question);
  // the first sentence that is more than an echo ("Tom? The bookshop? Ha, yes, everyone knows."; the whole question
  // said back, "Is Anna selling the mill? She is.")
  const firstSaid = Math.max(
    0,
    ss.findIndex((x) => !(asks(x) && ((x.split(/\s+/).length <= 5 && !FINITE.test(x)) || repeatsQuestion(x, asked)))),
  );
  // "Not that I know of. She seems settled.": reasons for not having heard, unless the answer turns
  // (or a bare "No." to a question that states the whole fact: "Did Dermot win?" "Not a thing. His marrow split.")
  const first = ss[firstSaid] ?? '';
  const bareNo =
    statesFact &&
    verb !== undefined &&
    withSynonyms(verb).some((v) => mentions(question, v)) &&
    contentKeywords(first).length === 0 &&
    (LEADING_NO.test(first) || denies(first));
  const unaware = opensUnaware(first) || bareNo;
  return {
    answer,
    skip,
    selfGroups,
    topic,
    person,
    question,
    fact,
    verb,
    fromQuestion,
    actInQuestion,
    asksWho,
    known,
    asked,
    askedOrPerson,
    ss,
    all,
    isSubject,
    factCompounds,
    given,
    sense,
    inSense,
    statesFact,
    firstSaid,
    unaware,
  };
}

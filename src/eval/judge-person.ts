// Does an answer to "Do you know <name>?" say yes (relationship formation, sec. 7.1): the rule judge's reading of
// knowing a person, beside judge.ts's reading of knowing a fact.
import { LEADING_NO } from './judge-reading.ts';
import { mentions, nameParts } from './keyword-match.ts';
import { AFFIRM, clauses, isQuestion, negated, sentences } from './polarity.ts';

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

// How the rule judge reads an answer's words before its clauses (judge.ts, issue 38): an "it" something is done to
// as the thing the question names, a denied opposite as the act ("not keeping it": selling it), an event that won't
// be as cancelled, going to a fact's destination as moving there. Each rewrite says in plain words what a reader
// takes the answer to say; general rules of English, measured on the corpora in tests/fixtures/judge-corpus.
import { withoutOtherSenses, withPlainVerbs } from '../town/idioms.ts';
import { mentions, TIME_WORD } from './keyword-match.ts';
import { sentences, withoutSelfDoubt } from './polarity.ts';

/** The thing a question names last ("Did Colm apply for the harbourmaster job?": the harbourmaster job). */
const QUESTION_OBJECT = /\b(?:the|his|her|their|that)\s+((?:[\p{L}'’-]+\s+){0,2}[\p{L}'’-]+)\s*\?\s*$/iu;

/** A verb done to "it", at the end of its clause ("got it", "sold it last week"). */
const DONE_TO_IT =
  /\b((?:got|gets|landed|took|taken|sold|bought|won|kept|lost|turned down|accepted|applied for)\s+)it\b(?=\s*(?:[.,!?;]|$|and\b|but\b|in\b|on\b|at\b|last\b|next\b|after\b|before\b|then\b))/giu;

/**
 * The answer with an "it" that something is done to read as the thing the question names ("Did Colm apply for the
 * harbourmaster job?" "Applied and got it": got the harbourmaster job), as a reader takes it.
 */
export function withObjectOfQuestion(answer: string, question: string): string {
  const thing = QUESTION_OBJECT.exec(question)?.[1];
  if (thing === undefined) return answer;
  return answer.replace(DONE_TO_IT, (_m, verb: string) => `${verb}the ${thing}`);
}

/**
 * An opposite denied, and the act it says: not keeping a thing is parting with it, not staying is leaving, an event
 * that won't be is cancelled.
 */
const LITOTES: readonly (readonly [RegExp, string])[] = [
  [/(?:\s+not|n['’]t|\s+never)\s+(be\s+)?keeping\b(?=\s+(?:it|them|the\s+[\p{L}'’-]+)\s*(?:[,.;!?]|$))/giu, 'selling'],
  [/(?:\s+not|n['’]t|\s+never)\s+(be\s+)?(?:staying|sticking around)\b(?=\s*(?:[,.;!?]|$))/giu, 'leaving'],
];
/** An event that will not be: "there won't be one this year". */
const NO_EVENT =
  /\bthere\s+(?:won['’]t|will not|isn['’]t going to|is not going to)\s+be\s+(?:one|any(?:\s+(?!more\b)[\p{L}-]+)?)\b/giu;

/** A question whether one stays ("Is Cadan staying on?", "Is he sticking around?"). */
const ASKS_STAYING = /^\s*(?:is|are|will|isn['’]t)\b.*\b(?:staying|sticking around|stopping on)\b.*\?\s*$/i;
/** A reply that says no by an auxiliary alone ("No, she isn't.", "She won't."). */
const BARE_NO =
  /^(\s*(?:(?:no|nope|naw|nah)[,.!]?\s+)?(?:she|he|they|it)\s*(?:isn['’]t|is not|['’]s not|aren['’]t|are not|['’]re not|won['’]t|will not))(?=\s*[.!,;]|\s*$)/i;

/**
 * The answer with the verb a bare "no" leaves out said ("Is Cadan staying on?" "No, he isn't." -> "he isn't
 * staying"), so that the opposite it denies is read as the act.
 */
export function withElidedStaying(answer: string, question: string): string {
  return ASKS_STAYING.test(question) ? answer.replace(BARE_NO, '$1 staying') : answer;
}

/** The answer with a denied opposite read as the act ("he's not keeping it" -> "he's selling it"): no denial. */
export function withoutLitotes(answer: string): string {
  let out = answer.replace(NO_EVENT, "it's cancelled");
  for (const [re, plain] of LITOTES)
    out = out.replace(re, (_m, be: string | undefined) => ` ${be ?? ''}${plain}`).replace(/\bwo(?= be )/gi, 'will');
  return out;
}

/** The places a fact of moving goes to ("moving into the care home at Ty Gwyn": Ty Gwyn), capitalised; not a time ("at Easter"). */
function destinations(fact: string): string[] {
  if (!/\b(?:mov|emigrat|relocat|leav)\p{L}*/iu.test(fact)) return [];
  return [
    ...fact.matchAll(
      /\b(?:to|into|at)\s+(?:the\s+)?(?:\p{Ll}+\s+){0,3}?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/gu,
    ),
  ]
    .map((m) => m[1] as string)
    .filter((p) => !TIME_WORD.test(p));
}

/** A visit, not a move: what one goes somewhere for, or for how long. */
const TRIP =
  /\b(?:to (?:see|visit|stay with)|for (?:a|the|her|his|their) (?:check-?up|visit|holiday|day|week|weekend|night|match|game|appointment|wedding|funeral|shopping|football|concert|show)|on holiday|for the (?:day|weekend|night))\b/i;

/** Words of going somewhere ("Rotterdam-bound"), and of going after someone. */
const GOING = /\b(?:going|goes|go|gone|went|heading|headed|off|bound)\b/giu;
const FOLLOWING = /\b(?:following|follows|followed|follow|joining|joins|joined|join)\s+(?:him|her|them)\b/giu;

/**
 * The answer with going to a fact's destination read as moving there ("She's going where the nurses are, up at Ty
 * Gwyn"), and so going after one said to have gone there ("His brother went up to Edinburgh, and now Tomasz is
 * following him"), of a fact of moving.
 */
export function withGoingThere(answer: string, fact: string, question = ''): string {
  const places = destinations(fact);
  if (places.length === 0) return answer;
  // ("Is she off to Inverness?" "Her son went up there": "there" is the place the question names)
  const asked = places.some((p) => mentions(question, p));
  const there = (t: string) => places.some((p) => mentions(t, p)) || (asked && /\bthere\b/i.test(t));
  const ss = sentences(answer);
  return ss
    .map((s, i) => {
      // (going there is moving there, and leaving here)
      // (not a trip: "going to Inverness for a check-up", "to see her sister")
      let out = there(s) && !TRIP.test(s) ? s.replace(GOING, (m) => `moving, leaving, ${m}`) : s;
      if (ss.slice(0, i + 1).some(there)) out = out.replace(FOLLOWING, (m) => `moving, leaving, ${m}`);
      return out;
    })
    .join(' ');
}

/** A post taken up, in a fact: "has started as the new GP" (the verb, the post). */
const TAKES_POST =
  /\b(?:has|have|is|was|will)\s+(?:been\s+|be\s+)?(\p{Ll}+)\s+as\s+(?:the\s+|a\s+|an\s+|their\s+)?new\s+([\p{L}-]+)/u;

/**
 * The answer with being "the new" holder of a fact's post read as taking it up: "She's the new GP" of one who "has
 * started as the new GP" has started as it.
 */
export function withNewPost(answer: string, fact: string): string {
  const m = TAKES_POST.exec(fact);
  if (!m) return answer;
  const [, verb, post] = m as unknown as [string, string, string];
  const re = new RegExp(
    `\\b(?:is|['’]s|was)\\s+(?:the|their|our|its)\\s+new\\s+(?=(?:[\\p{L}-]+\\s+)?${post}\\b)`,
    'giu',
  );
  return answer.replace(re, `has ${verb} as the new `);
}

/** A fact of leaving a post, and its verb ("is retiring as landlady": retiring). */
const LEAVES_POST = /\b(retir\p{L}*|resign\p{L}*|quit\p{L}*|leav\p{L}*|stepping down|stands? down)\b/iu;
/** One to come after a named person: "to take over from Pippa", "replacing Pippa", "Pippa's successor". */
const SUCCEEDS =
  /\b(?:tak(?:e|es|ing)|took|taken) over from (\p{Lu}[\p{L}'’-]+)|\breplac(?:e|es|ing|ed) (\p{Lu}[\p{L}'’-]+)|\b(\p{Lu}[\p{L}'’-]+)['’]s (?:successor|replacement)/gu;

/**
 * The answer with one to come after the fact's person read as the person leaving, of a fact that they leave a post
 * ("advertising for a new landlord to take over from Pippa": Pippa retiring).
 */
export function withSuccessor(answer: string, fact: string): string {
  const verb = LEAVES_POST.exec(fact)?.[1];
  if (verb === undefined) return answer;
  return answer.replace(
    SUCCEEDS,
    (m, a?: string, b?: string, c?: string) => `${a ?? b ?? c} ${verb.toLowerCase()}, ${m}`,
  );
}

/** A condition opening a sentence, to its comma ("If he's got secrets, ..."): it supposes, it says nothing. */
const CONDITION = /^(\s*)(?:if|unless|in case|even if|supposing|suppose)\b[^,;.!?]*,\s*/iu;

/**
 * The answer without the conditions its sentences open with ("If he's got secrets, he keeps them": he keeps them);
 * what follows a condition is said of the condition, so its words tell nothing of the fact (a reader weighs the rest).
 */
export function withoutConditions(answer: string): string {
  const ss = sentences(answer);
  return ss.some((s) => CONDITION.test(s)) ? ss.map((s) => s.replace(CONDITION, '$1')).join(' ') : answer;
}

/**
 * The answer as a reader takes it, asked `question` about `fact`: a hedge on the speaker's word left out ("if I'm not
 * mistaken"), and a condition a sentence opens with ("If he's got secrets, ..."), a phrase in another sense read as its meaning
 * ("married to her work"), going to the fact's destination, being its new post-holder and one to come after the person
 * as the act, an "it" done
 * to as the thing the question names ("Applied and got it"), a denied opposite as the act ("not keeping it"; a bare "No,
 * she isn't" to "Is she staying on?"), and
 * idioms beside their plain verbs ("tying the knot": marrying), as a fact's keywords are derived (idioms.ts).
 */
export function asReadWith(answer: string, question: string, fact: string): string {
  const plain = withSuccessor(
    withNewPost(
      withGoingThere(withoutOtherSenses(withoutConditions(withoutSelfDoubt(answer)), fact), fact, question),
      fact,
    ),
    fact,
  );
  return withPlainVerbs(withoutLitotes(withElidedStaying(withObjectOfQuestion(plain, question), question)));
}

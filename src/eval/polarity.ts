// How an answer's clauses stand toward what they mention (the rule judge's reading of negation, issue 23): a clause
// asserts, denies (any negation in it: "hasn't mentioned", "isn't running, as far as I know", "nobody has told me",
// "news to me"), or asks (an echo question "Tomasz running for harbour master?"). Contrast words split clauses, so
// "I didn't know at first, but Nadia told me" asserts in its second half, and "I know Priya quilts, but I haven't
// heard of a show" takes the first half back. General rules of English, not a list of answers: the corpus in
// judge-corpus.ts measures them (npm run eval -- --judge-check).

/** A negation anywhere in the clause ("n't", not, never, no, nobody, nothing, none, neither, nor, without). */
const NEGATION =
  /n['’]t\b|\b(not|never|no|nobody|nothing|none|neither|nor|nowhere|without|cannot|no[- ]one|noone|barely|hardly|scarcely)\b|\bnone of\b/i;
/** Words that deny knowing without a negation word. */
const DENIAL_WORDS =
  /\b(no idea|no clue|not a clue|news to me|first i hear|first i(?:['’]ve| have) heard|unaware|i doubt|doubt (it|that|he|she|they)|surprised if|would never|i wonder (if|whether)|who knows)\b/i;
/** "Whether"/"if" after not knowing or wondering: the clause asks, it does not tell. */
const OPEN_QUESTION = /\b(whether|if) .* or not\b/i;
/**
 * The speaker keeps its own secret: "I haven't told anyone (yet)", "(and I have) told nobody", "keep it to
 * yourself". A negation of telling
 * by the speaker says the speaker knows, so it is read out before the clause's negation is looked at.
 */
const SECRECY =
  /\b(i|we)\s+(have|had|'ve)?\s*(not|n['’]t|never)\s+(yet\s+)?(told|tell|mentioned|said|announced|shared)\s+(it\s+)?(to\s+)?(anyone|anybody|many people|most people|a soul|everyone|others|people|the others)(\s+yet)?\b|\bhaven['’]t told anyone\b|\b(?:(?:i|we)\s+(?:have\s+|had\s+|'ve\s+)?)?(?:told|tells?|mentioned|shared)\s+(?:it\s+)?(?:to\s+)?(?:nobody|no one|no-one)(?:\s+yet)?\b/gi;

/**
 * Splits a sentence where a contrast or a new clause starts ("but", "though", ";", a dash, a contrasting "not":
 * "selling his old van, not the bakery"), before a comment on what was said (", which nobody was surprised by",
 * ", and no one minds"), before a reason (", seeing as it's been cancelled"), before a result (", so no more driving to
 * town"), before a clause of its own ("He's not doing it up, mind, it's going to be a let") and before the speaker's
 * word on itself (", I wasn't listening properly", ", I'm not sure which"), and before others said to do something after
 * one said to ("He's building an extension, they haven't stopped since March"), and before "and" with a subject of its own
 * ("Her son went up there and she's joining him"), and after a reply that a state will end ("Not for much longer, the
 * baby's due in October"), and before a new subject of its own with its verb ("..., my hens got nothing, ..."): its
 * negation, and its subject, are its own.
 */
const CLAUSE_SPLIT =
  /\s*(?:;|\s[-–—]\s|,?\s+\b(?:but|though|although|however|whereas|except)\b|,\s+(?=(?:which|and|not that|seeing as|since|because|as(?! well\b)|so(?!\s+(?:much|many|far|long|little|few|i\b|they say|it seems)))\b)|(?<!\b(?:saying|said|says|told me|tells me|reckons|heard))(?<!\baccording to \p{L}+),\s+(?=(?:he|she|they)(?:['’]s|['’]re|['’]ll|['’]ve| is| are| will| have)\s+(?!not\b|n['’]t\b)\p{L}|it(?:['’]s|['’]ll| is| will)\s+(?:going|been|getting|being)\b)|(?<=^\s*(?:he|she|it|the \p{L}+)(?:['’]s|\s)[^,;]*),\s+(?=(?:they|we|you|people)\s+(?:haven['’]t|hadn['’]t|didn['’]t|don['’]t|won['’]t|aren['’]t|weren['’]t|can['’]t|couldn['’]t|never|have not|did not)\b)|\s+(?=and\s+(?:now\s+|then\s+|so\s+)?(?:he|she|they)(?:['’]s|['’]re|['’]ve|['’]ll|\s+(?:is|are|was|were|will|has|have)\b))|(?<=^\s*not (?:for )?(?:much |very )?long(?:er)?|^\s*not (?:after|before|past|beyond|till|until) [^,;]{1,25}),\s+|,\s+(?=i(?:['’]m| am) not\b|i (?:just |really |simply |honestly |still )?(?:wasn['’]t|didn['’]t|don['’]t|can['’]t|couldn['’]t|haven['’]t|won['’]t)\b)|,\s+(?=(?:my|his|her|their|our|your|the)\s+\p{Ll}+\s+(?:\p{Ll}{2,}ed|got|had|won|lost|did|didn['’]t|wasn['’]t|weren['’]t|never|came|went|took|made|sold|bought|hasn['’]t|haven['’]t)\b)|,\s+(?=not\s+(?!(?:that|only|just|as|long|least|bad|sure|really|quite|yet|exactly|surprisingly|even|much|to mention|half|a bit|one bit|once|ever|often|before time)\b)))\s*/iu;

/**
 * Before "and" with a named subject of its own and its verb ("His aunt's giving up the chandlery and Eskil's stepping
 * in"): case-sensitive, so a name is capitalised.
 */
const AND_NAMED = /\s+(?=and\s+(?!I\b)\p{Lu}\p{Ll}+(?:['’]s|\s+(?:is|has|was|will|had))\s+\p{Ll})/u;

/** "Not closing, moving", "No, not Port Carrow, St Brigid's": a correction, the denied part apart from the rest. */
const CORRECTION = /^(\s*(?:no,?\s+)?not\s+(?:a |an |the |this |that )?[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s*,\s+(?=\S)/iu;

/**
 * A hedge on the speaker's own word, or on its source's ("if I'm not mistaken", "if Janek wasn't pulling my leg", "if
 * my memory isn't playing tricks"): a condition that the speaker is not wrong, which denies nothing.
 */
const SELF_DOUBT =
  /\b(?:if|unless)\s+(?:(?:my|her|his|their|the|[\p{L}'’]+['’]s)\s+)?\p{L}+(?:\s+|(?=['’]))(?:wasn['’]t|weren['’]t|isn['’]t|aren['’]t|was not|were not|is not|am not|['’]m not|haven['’]t|hasn['’]t|didn['’]t|doesn['’]t|don['’]t|did not|have not)\s+(?:(?:got|been|just|simply)\s+)?(?:mistaken|wrong|(?:pulling|having|winding)\s+(?:\p{L}+\s+)?(?:leg|on|up)|joking|kidding|lying|fibbing|making (?:it|that|things) up|playing (?:me )?(?:tricks|up)|fail(?:ing|ed|s)?(?: me)?|misheard|mishear|misremember(?:ing|ed)?|(?:got|get|getting)\s+(?:it|that|things|them)\s+(?:wrong|mixed up|muddled|backwards)|mix(?:ed|ing)\s+(?:it|them|things|her|him)\s+up|confus(?:ed|ing)\s+(?:it|them|her|him)?)/giu;

/** The answer without its hedges on the speaker's word: they say nothing of the news, and who they name is a source. */
export function withoutSelfDoubt(text: string): string {
  return text.replace(new RegExp(String.raw`,?\s*(?:${SELF_DOUBT.source})[^,.;!?]*`, 'giu'), '');
}

/**
 * Negations that deny nothing about knowing: a tag asking for agreement mid-sentence ("..., isn't it, her and Tom"),
 * enthusiasm ("I can't wait", "wouldn't miss it", "and not before time", "believe it or not"), emphasis ("competing, no less"), a plea for secrecy ("don't you repeat this"), surprise ("nobody was surprised", "no wonder"), "no secret", "not only", a loss
 * foreseen ("I can't picture the square without it"), a thing kept up ("she won't stop going on about it", "he wouldn't shut up about it"), a negative
 * question that presumes ("Is he not leaving?"). Read out before a clause's negation is looked at.
 */
const NOT_DENIAL =
  /^\s*(?:isn['’]t|wasn['’]t|aren['’]t|didn['’]t|doesn['’]t|hasn['’]t)\s+(?:it|he|she|they|that)\b(?=.*\?\s*$)|,\s*(?:isn['’]t|aren['’]t|wasn['’]t|doesn['’]t|didn['’]t|hasn['’]t|haven['’]t|won['’]t) (?:it|he|she|they|there)\s*(?=[,.!?;]|$)|\b(?:didn['’]t|never|did not) (?:see|saw) (?:that|it|this) coming\b|\bnot sure (?:if|whether) .*\bstill\b|\b(?:can['’]?t|cannot|couldn['’]t) wait\b|\b(?:wouldn['’]t|won['’]t|would not|will not) (?:want to )?miss (?:it|that|this)\b|\b(?:no|not an?|not much of an?|hardly an?|nobody(?: was| is)?|no one(?: was| is)?|none of us (?:were|was))\s+(?:big\s+)?(?:surprise[ds]?|secret|wonder|shock(?:ed)?|stranger)\b|\b(?:isn['’]t|wasn['’]t|is not|was not|not) (?:a |much of a |exactly a |really a |any )?(?:surprise|secret|shock)\b|\b(?:didn['’]t|doesn['’]t|won['’]t) (?:surprise|shock) (?:me|anyone|anybody|us)\b|\bnot (?:only|just|long|bad|surprisingly|least)\b|\bnot (?:before|a (?:moment|minute|day) too soon)\b(?: (?:time|its time))?|\b(?:believe it|like it|whether (?:you|they|we) like it) or not\b|\b(?:no less|nothing less)\b(?! than)|\b(?:don['’]t|do not|never) (?:you )?(?:repeat|breathe a word of|spread|tell (?:anyone|anybody|a soul))(?: (?:this|that|it))?\b|\bno (?:doubt|question about it)\b|\b(?:couldn['’]t|can['’]t) be (?:happier|prouder|more pleased)\b|\bnothing but\b|,\s*not with (?:the|all|that|this|those|him|her|them)\b|\b(?:can['’]t|cannot|couldn['’]t) (?:imagine|picture) (?:[\w'’]+ ){1,5}?without\b|\b(?:won['’]t|wouldn['’]t|can['’]t|cannot|couldn['’]t|doesn['’]t|never) stop(?:s)? [a-z]+ing\b|\b(?:won['’]t|wouldn['’]t|can['’]t|couldn['’]t|doesn['’]t|didn['’]t|never) (?:shut up|be quiet|keep quiet|hush up) about\b|^\s*(?:is|was|are|were|does|did|has|have) (?:he|she|it|they|that) not\b(?=.*\?\s*$)|\bnever (?:thought|expected|imagined) (?:she|he|they)['’]?d\b/gi;

/**
 * Two negations that make a yes ("it's not as if I hadn't heard", "I can't say I haven't heard", "there's nobody
 * who hasn't heard", "not that I didn't know", "it's not as if nobody told us", "it's not like she isn't going"); of
 * knowing or the act only, within a clause ("it's not that I don't care" knows nothing).
 */
export const DOUBLE_NEGATIVE =
  /\b(?:couldn['’]t|can['’]t|cannot) (?:possibly )?not (?:know|have heard|hear)\b|\b(?:be lying|lie) if (?:i|we) said (?:i|we) (?:hadn['’]t|haven['’]t|didn['’]t|don['’]t|wasn['’]t)\b|\b(?:wouldn['’]t|can['’]t|couldn['’]t|won['’]t) (?:say|argue|pretend|claim) (?:that )?(?:[\p{L}'’]+ ){0,2}?(?:isn['’]t|wasn['’]t|won['’]t|doesn['’]t|aren['’]t|didn['’]t|hasn['’]t|not)\b|\b(?:can['’]t|cannot|couldn['’]t|won['’]t) deny\b|\bwho (?:hasn['’]t|doesn['’]t|didn['’]t|hadn['’]t) (?:heard|know)|\bnot (?:as if|as though|like|that) (?:nobody|no one|no-one|none of us)\b|\bnot (?:as if|as though|like|that) (?:she|he|they)(?:['’]s|['’]re| is| are| was| were)? ?(?:isn['’]t|aren['’]t|wasn['’]t|weren['’]t|won['’]t|doesn['’]t|didn['’]t|hasn['’]t|not|never)\b|\bnot (?:as if|as though|like|that) (?:i|we)\b[^,;]*\b(?:hadn['’]t|haven['’]t|didn['’]t|don['’]t|wasn['’]t|never|not)\s+(?:(?:already|been|ever)\s+)?(?:heard|hear|know|knew|known|seen|see|noticed|notice|told|realised|realized|guessed|suspected|aware)\b|\b(?:can['’]t|cannot|couldn['’]t|wouldn['’]t) (?:say|pretend|claim) (?:that )?(?:i|we) (?:hadn['’]t|haven['’]t|didn['’]t|don['’]t|wasn['’]t|never)\b|\b(?:no ?one|nobody|not a soul|there['’]s no one|there isn['’]t anyone)\b[^.,;]{0,30}?\b(?:who|that)?\s*(?:hasn['’]t|doesn['’]t|didn['’]t|hadn['’]t)\b|\b(?:not|never) un(?:aware|heard)\b|\bhow could (?:i|anyone) not\b|\b(?:couldn['’]t|can['’]t|impossible to|hard not to) (?:have )?(?:miss(?:ed)?|avoid(?:ed)?|escape[d]?)\b/iu;

/** A closing tag that asks for agreement ("..., isn't she?", "..., right?"): the sentence before it asserts. */
export const TAG_QUESTION =
  /,?\s*(?:(?:isn['’]t|aren['’]t|wasn['’]t|weren['’]t|doesn['’]t|didn['’]t|won['’]t|hasn['’]t|haven['’]t|can['’]t|is|does|did|was|has|will) (?:she|he|they|it|there|i|you|we)|right|no|eh|yes|yeah|i think|i believe|apparently|or so i heard|or something|I guess)\s*\?\s*["')\]]*\s*$/i;

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
    .flatMap((c) => c.split(AND_NAMED))
    .flatMap((c) => {
      const m = CORRECTION.exec(c);
      return m && !/^\s*(?:no,?\s+)?not\s+(?:that|as|if|sure|really|quite|yet|only|just)\b/i.test(c)
        ? [m[1] as string, c.slice(m[0].length)]
        : [c];
    })
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

/** Does the clause deny (carry a negation or a word of not knowing)? Secrecy of the speaker's own is not a denial. */
export function negated(clause: string): boolean {
  // a leading "No," answers the question, it does not deny what the clause goes on to say ("No, it's closing")
  const c = clause
    .replace(/^\s*(?:no|nope|nah)\s*,\s*(?=\S)(?!(?:not|never|no|nobody|i)\b)/i, '')
    .replace(SECRECY, ' ')
    .replace(SELF_DOUBT, ' ')
    .replace(TAG_QUESTION, '')
    .replace(NOT_DENIAL, ' ');
  if (DOUBLE_NEGATIVE.test(c)) return false;
  return NEGATION.test(c) || DENIAL_WORDS.test(c) || OPEN_QUESTION.test(c);
}

/** A question: the speaker asks, it does not tell. */
export function isQuestion(sentence: string): boolean {
  return /\?\s*["')\]]*\s*$/.test(sentence);
}

/** Opens as a question does: an auxiliary or a question word first ("Is she ...?", "Who told you?"). */
const ASKS_FIRST =
  /^\s*(?:is|are|was|were|am|do|does|did|has|have|had|will|would|can|could|should|shall|may|might|must|isn['’]t|aren['’]t|doesn['’]t|didn['’]t|hasn['’]t|haven['’]t|won['’]t|who|whom|whose|what|when|where|why|how|which)\b/i;

/** A finite verb: a subject pronoun with its verb, an auxiliary, or a contracted one ("Anna's taking"). */
const AUXILIARY =
  /\b(?:is|are|was|were|am|has|have|had|will|would|can|could|should|might|must|does|did|shall)\b|\p{L}['’](?:s|re|m|ve|ll|d)\b/iu;
// (case-sensitive: under the i flag \p{Lu} meets every letter, and "I think so?" would have no verb)
const PRONOUN_VERB = /\b(?:[Ii]|[Yy]ou|[Ww]e|[Tt]hey|[Hh]e|[Ss]he|[Ii]t)\s+(?!\p{Lu})\p{L}+/u;
export const FINITE = { test: (text: string): boolean => AUXILIARY.test(text) || PRONOUN_VERB.test(text) };

/**
 * A hedge that ends in a question mark asserts ("I think she's taking over the ferry?", "She's selling, isn't
 * she?"); a sentence that opens as a question asks, and so does an echo without a verb of its own ("Tomasz
 * running for harbour master?").
 */
export function asks(sentence: string): boolean {
  if (!isQuestion(sentence)) return false;
  // "Who hasn't heard?" asks nothing: everyone has
  if (DOUBLE_NEGATIVE.test(sentence)) return false;
  if (TAG_QUESTION.test(sentence) && !ASKS_FIRST.test(sentence)) return false;
  // "Isn't it Tom who's opening it?", "Is she not moving to Leeds?" presume, they do not ask
  if (/^\s*(?:isn['’]t|wasn['’]t|aren['’]t|didn['’]t|doesn['’]t|hasn['’]t)\s+(?:it|he|she|they|that)\b/i.test(sentence))
    return false;
  if (/^\s*(?:is|was|are|were|does|did|has|have)\s+(?:it|he|she|they|that)\s+not\b/i.test(sentence)) return false;
  if (ASKS_FIRST.test(sentence)) return true;
  return !FINITE.test(sentence.replace(/\?.*$/, ''));
}

/** A reply that affirms at its start ("Yes", "Of course", "That's right"). */
export const AFFIRM =
  /^\s*(yes|yeah|yep|yup|aye|of course|sure|certainly|absolutely|indeed|definitely|that's right|that is right|right|correct|i do\b|i know\b|oh,? (yes|i know))/i;

/** Asking to have confirmed what one heard ("Is it true he's ...?", "Is it right that ...?"). */
const CHECKING =
  /^\s*(?:[Ii]s it|[Ii]s that|[Ss]o is it)\s+(?:true|right|so)\s+(?:that\s+)?(?:he|she|they|\p{Lu}[\p{L}'’-]*)\b/u;

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
    // "Is it true he's in hospital?": the speaker heard it and asks to be sure, unless it goes on to say it had not
    const later = ss.slice(i + 1);
    const checking =
      CHECKING.test(s) &&
      !later.some((x) => DENIAL_WORDS.test(x) || KNOWING_DENIAL.test(x) || /^\s*(?:no|nope|nah)\b/i.test(x));
    const asked = asks(s) && !checking;
    // An echo question answered "Yes, ..." in the next sentence is asserted by it, and so is a short echo without a
    // verb the next sentence goes on from ("The bicycle shop? I can't wait.").
    const next = ss[i + 1] ?? '';
    const shortEcho = asked && s.split(/\s+/).length <= 5 && !FINITE.test(s) && next !== '' && !isQuestion(next);
    const affirmedNext = asked && (AFFIRM.test(next) || shortEcho) && !negated(next);
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

/** Verbs of telling or hearing after a relative, who is then the source of what is said. */
const SOURCE_VERB =
  /^(?:says|said|tells|told|thinks|thought|reckons|reckoned|heard|hears|mentioned|mentions|swears|swore|hinted|let(?:s)? (?:it )?slip|was (?:saying|telling|on about)|is (?:saying|telling))\b/i;

/**
 * A clause about an unnamed relative or acquaintance ("his cousin is running", "Ben's brother sold his boat",
 * "my sister is cleaning"): the person it is about is someone else, unless a name follows ("my husband Sam").
 */
export function aboutSomeoneElse(clause: string, self: readonly string[] = []): boolean {
  for (const m of clause.matchAll(RELATIVE)) {
    const next = (m[3] ?? '').replace(/^,?\s+/, '');
    // the relative as the source of what is said ("my wife says he is") is not who it is about, nor is one who is
    // owned or served ("her father's birthday", "a party for her father")
    // ("that's what her sister let slip")
    const after = clause.slice((m.index ?? 0) + m[0].length - (m[3]?.length ?? 0));
    if (SOURCE_VERB.test(after.replace(/^,?\s+/, ''))) continue;
    // (but "her daughter's moving" is her daughter who is: 's before a verb in -ing or a word of state)
    const opens =
      clause
        .slice(0, m.index ?? 0)
        .trim()
        .split(/\s+/)
        .filter(Boolean).length <= 1;
    const isVerb =
      opens &&
      /^['’]s\s+(?:\p{L}+ing|\p{L}{3,}(?:ed|en)|been|got|gone|done|sold|bought|left|lost|had|made|just|now|not|off|away|finally|also|still|already|in|at|out|home|back|ill|poorly)\b/iu.test(
        after,
      );
    if (/^['’]s?\b/.test(after) && !isVerb) continue;
    if (/\b(?:for|to|with|of|about|from|by|at|on|visit(?:ing)?)\s*$/i.test(clause.slice(0, m.index ?? 0))) continue;
    // (nor one a verb of the clause's own subject is done to, with no verb after it: "He's throwing his wife a party")
    const lead = clause.slice(0, m.index ?? 0);
    const objectOf =
      /^\s*\S+(?:\s+\S+)*\s+\p{L}{3,}(?:ing|ed)\s*$/iu.test(lead) &&
      !/\b(?:heard|learned|learnt|guessed|reckoned|figured|noticed|mentioned)\s*$/i.test(lead) &&
      !/^\s*(?:['’]s\s|is|was|are|were|has|had|have|will|would|\p{Ll}+ed|\p{Ll}+s)\b/u.test(
        after.replace(/^\s*\p{Lu}\S*/u, ''),
      );
    if (objectOf) continue;
    if (!/^\p{Lu}/u.test(next)) return true;
    // a named relative who is the clause's subject is someone else unless the name is the one the fact is about
    // ("her cousin Piet is taking it over"); named later ("I'll tell only my wife Marta") it is not the subject
    const name = next.replace(/[^\p{L}'’-].*$/u, '').toLowerCase();
    const before = clause.slice(0, m.index ?? 0).trim();
    const subject = before === '' || before.split(/\s+/).length <= 2;
    if (subject && self.length > 0 && !self.includes(name)) return true;
  }
  return false;
}

/** Capitalised words that open a sentence without naming anyone. */
export const STARTERS = new Set(
  "yes yeah yep no nope oh ah well so and but or the a an that this these those there it it's its she she's he he's they they're their her his we i i'm i've i'd i'll you my our apparently honestly everyone everybody someone somebody nobody people word rumour rumor last next as from according if sure of right okay ok hmm um er off up out away back down over just maybe perhaps probably".split(
    ' ',
  ),
);

/**
 * "I don't know if that's true", "I don't know anything about a sale", "nobody's told me anything", a closing "but I
 * really don't know": not knowing the fact itself.
 */
export const KNOWING_DENIAL =
  /^\s*(?:and |but |so )?(?:i|we) (?:really |honestly |just |simply |truly )?(?:don['’]t|do not|didn['’]t|did not) know\s*[.!]*\s*$|\b(?:nobody|no one|no-one|noone)(?:['’]s| has| have)? (?:told|tells|said|says|mentioned)\b.*\b(?:anything|a thing|a word|owt)\b|\b(?:i['’]d|i would|we['’]d) be (?:amazed|astonished|surprised|shocked)\s*[.!]?$|\b(?:haven['’]t|never|not) heard (?:of|about) (?:a|an|any)\b|\b(?:don['’]t|do not|didn['’]t|not sure|no idea|can['’]t say|couldn['’]t say|haven['’]t heard|never heard)\b.*\b(?:if|whether|that['’]s true|it['’]s true|anything|who|what(?! (?:day|time|date|hour|week|month|year))|more)\b/i;

/** Saying one knows what was asked, without repeating it ("So I heard", "it's not as if I hadn't heard"). */
export const KNOWS_IT =
  /\bso i(?:['’]ve| have)? heard\b|\bso (?:he|she|they) (?:says?|tells? me|told me)\b|\bso i['’]m told\b|\b(?:says|said|tells me|told me|reckons) (?:that )?(?:he|she|they) (?:is|are|has|will|did|was)\s*[.!]?$|^\s*(?:apparently|definitely|certainly|absolutely|indeed|for sure|sure is|seems so|looks like it|so it seems)\b|\byes\b|\bi (?:think|believe|reckon|hear|gather|guess) so\b|\b(?:all anyone talks about|everyone['’]s talking about|the whole town knows|talk of the town)\b|\b(?:so i (?:heard|hear|gather|hear tell)|that['’]s what i heard|i heard (?:that|so|as much|about it)|everyone knows|everybody knows|so they say|i know|it['’]s true|that['’]s true|that['’]s right)\b/i;

/**
 * What was said is taken back: "he decided against it", "she changed her mind", "it fell through", "(but) only to
 * help", "she said no", "he turned it down", or the speaker corrects itself ("no, I tell a lie", "scratch that").
 */
export const RETRACTS =
  /\bsaid no\b|\bturned (?:it |them |that )?down\b|\brefused\b|\bdeclined (?:to|it|the)\b|\bi tell a lie\b|\bscratch that\b|\bno,? wait\b|\bmy mistake\b|\bi(?:['’]m| am| was) (?:thinking of|mixing (?:her|him|them|it) up)\b|\b(?:i['’]ve |i have |i )?got (?:that|it|them) (?:wrong|mixed up|muddled)\b|^\s*only (?:to|for)\b|\b(?:decided against|changed (?:his|her|their|my) mind|called (?:it|that|the whole thing) off|fell through|gave up on (?:it|that|the idea)|not (?:any ?more|anymore)|no longer)\b/i;

/** Eagerness that says yes ("I can't wait to vote for him"). */
export const ENTHUSIASM =
  /\b(?:wouldn['’]t miss it|can['’]?t wait|cannot wait|couldn['’]t be happier|thrilled|excited|delighted|looking forward)\b/i;

/** A denial of a detail only ("but I couldn't tell you what day it starts"): the fact itself stands. */
export const DETAIL =
  /\b(?:when|which|what day|which day|what date|what time|where|how|exactly|details?|the date|the time|how long|why|what for)\b/i;
/**
 * Not knowing a further thing that a wh- or if-clause asks, with a verb of its own ("I've no idea who's buying it",
 * "I don't know what he'll do after", "I don't know if she has a chance"): the clause, for the caller to check it
 * says nothing of the fact's own act. Undefined when the clause asks after the fact itself ("if it's true", "whether
 * it'll go ahead", "who", "which one").
 */
export function unknownBeyond(clause: string): string | undefined {
  const m =
    /\b(?:don['’]t|do not|didn['’]t|doesn['’]t|no idea|not sure|can['’]t say|couldn['’]t say|can['’]t tell you|couldn['’]t tell you|haven['’]t (?:a clue|heard)|not a clue|no clue|wonder)\b[^.;]*?\b((?:who|what|where|how|if|whether)\b.+)$/i.exec(
      clause,
    );
  const rest = m?.[1];
  // ("I couldn't say who to": the other party, said short)
  if (rest !== undefined && /^(?:who|whom)\s+(?:to|from|by|with|for)\s*[.!]?$/i.test(rest)) return rest;
  if (rest === undefined || !FINITE.test(rest)) return undefined;
  if (BACK_TO_FACT.test(rest)) return undefined;
  return rest;
}

/** A wh-clause whose wh-word is the object of a preposition at its end ("what he stands for", "who to"). */
export const STRANDED = /^(?:what|who|whom|where|which)\b.*\b(?:for|to|with|from|about|by|into|on)\s*[.!?]?\s*$/i;

/** Words by which a clause refers back to the fact as a whole ("if it's true", "whether he'll go through with it"). */
const BACK_TO_FACT =
  /\b(?:true|truth|so|right|certain|definite|definitely|settled|official|final|decided|confirmed|sure|real|really|actually|serious|seriously|happen\w*(?! to)|ahead|through|rumou?rs?|gossip|believe|mean[st]? it|at all|or not|still on|on or off|anything|the case|the news|(?:it|that)(?:['’]s| is| was) (?:her|him|them|she|he|they)(?=\s*[.!?,;]|\s*$)|did (?:he|she|they)|has (?:he|she|they)|will (?:he|she|they)|is (?:he|she|they)|(?:he|she|they)['’]?(?:s|re)? (?:really|actually))\b/i;

export const WHETHER =
  /\b(?:if|whether|who|anything|any of it|about it|about that|that['’]s true|true|what(?! (?:day|time|date|hour|week|month|year)))\b/i;

/** A routine, not an event: "closes the garage at six every evening", "rows there most mornings", "on Sundays". */
export const HABITUAL =
  /\b(?:every|each)\s+(?:day|morning|evening|night|afternoon|week|weekend|month|year|spring|summer|autumn|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bmost (?:mornings|evenings|days|nights|weekends|afternoons)\b|\bon (?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekdays|weekends)\b|\b(?:daily|nightly|usually|as usual|whenever)\b|\b(?:for|at) every\b|\bin (?:bad|rough|wet|stormy) weather\b|\b(?:opens|closes|shuts)\b(?:\s+[\p{L}'’]+){0,3}?\s+at (?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight|half)\b/iu;

// The rule-based judge of interview answers (Park et al. 2023, sec. 7.1): does an answer state a fact, does it
// say "yes, I know <name>", and does a memory support the claim. It reads words, whole words only ("run" is not
// inside "brunch"), clause by clause (polarity.ts): a clause that denies, asks, or is about someone else ("his
// cousin is running") states nothing, and a later denial that touches the topic takes an earlier claim back. The
// answer is first read with its question (answer-reading.ts: its words as a reader takes them, what the question
// lends, where it starts to say anything); this file weighs its clauses. Its
// error is measured on a labelled corpus (judge-corpus.ts; npm run eval -- --judge-check). A model judge, where a
// model is configured and passes its calibration, does the same job (knowledge-judge.ts).
import { consequencesIn, withoutConsequences } from '../town/idiom-consequences.ts';
import { inPlainVerbs } from '../town/idioms.ts';
import { contentKeywords } from '../town/tracked.ts';
import { type AnswerContext, readAnswer } from './answer-reading.ts';
import {
  clauseStates,
  echoes,
  endsAsAsked,
  LASTING,
  LEADING_NO,
  onlyAsked,
  ownGoing,
  STOPPING,
  saysAct,
  staysPut,
  TEMPORARY,
  takesModifier,
  withTheOneLeft,
} from './judge-reading.ts';
import {
  anothersNamedThing,
  anothersThing,
  CHECKS_WHO,
  doneToPerson,
  FAMILY_MEMBER,
  namesAnother,
  ownerOnly,
  relativeIsTheOne,
  relativesAct,
  sentenceLending,
  thingAsked,
  WHO_WORDS,
} from './judge-who.ts';
import {
  isLight,
  matchesKeywords,
  memoryNamesPerson,
  memorySupportsFact,
  mentions,
  mentionsAny,
  metGroups,
  nameParts,
  saidGroups,
  withSynonyms,
} from './keyword-match.ts';
import {
  AFFIRM,
  aboutSomeoneElse,
  DETAIL,
  DOUBLE_NEGATIVE,
  ENTHUSIASM,
  FINITE,
  HABITUAL,
  isQuestion,
  KNOWING_DENIAL,
  KNOWS_IT,
  RETRACTS,
  STRANDED,
  sentences,
  unknownBeyond,
  WHETHER,
} from './polarity.ts';
import {
  addsDetail,
  addsWhen,
  byAnother,
  byRole,
  cleftOfAnother,
  correctsToPerson,
  daysOf,
  GUESS,
  identifiesAnother,
  objectNames,
  ownSubject,
  partOfCompound,
  turns,
  withoutSource,
  wrongWhen,
  YES_WORD,
} from './question-reading.ts';

export { type AnswerContext, denies } from './answer-reading.ts';

/** The question's own auxiliary said back as an exclamation, "Has he ever." "Isn't she just!": an emphatic yes. */
const EMPHATIC_YES =
  /^\s*(?:has|have|is|was|did|does|will|isn['’]t|hasn['’]t|didn['’]t|doesn['’]t)\s+(?:she|he|they|it)\s+(?:ever|just)\s*[.!]/iu;

/** A reply that says only since when ("Since Easter.", "Ever since the spring, yes"): it has been so since then. */
const SINCE_WHEN =
  /^\s*(?:(?:oh|yes|yeah|aye),?\s+)?(?:ever\s+)?since\s+(?:the\s+|last\s+)?[\p{L}\d]+(?:\s+[\p{L}\d]+)?\s*(?:[,.!;]|$)/iu;
export { matchesKeywords, memoryNamesPerson, memorySupportsFact, mentions, nameParts, sentences };

/**
 * Does an answer state the fact? Some clause that asserts (not a denial, not an unanswered question, not about
 * someone else) meets every keyword group, and no later denial touches the fact's topic ("I know Priya quilts,
 * but I haven't heard of a show"); a denial of a detail ("but I couldn't say what day") takes nothing back.
 * `speaker` is the answering resident: its name parts never count as naming someone else, and when it is the
 * fact's holder a group naming it is met by the first person. The question is read with the answer
 * (question-reading.ts): a clause with a pronoun or a fragment, naming nobody else, takes the subject the question
 * names and, when the question has a gap (who, what, where, when), what else it says ("Who's buying the bakery?"
 * "Ida Caswell."); "Yes" answers a yes/no question that states the fact, and so does a detail of the fact it lacks
 * ("When's Piet selling the herd?" "Thursday."); a wrong "when", a family or a relative named as the one, or an
 * opening "Not that I know of" is not knowing. Idioms are read by their plain verb (src/town/idioms.ts). An answer
 * not in English is not read by the rules (language.ts): false here, the model judge reads it.
 */
export function answerKnowsFact(
  answer: string,
  keywords: readonly string[],
  speaker?: { name: string; holder: boolean },
  context: AnswerContext = {},
): boolean {
  const r = readAnswer(answer, keywords, speaker, context);
  if (r === undefined) return false;
  const { skip, selfGroups, topic, person, question, fact, verb, fromQuestion, actInQuestion, asksWho, known } = r;
  const { asked, askedOrPerson, ss, all, isSubject, factCompounds, given, sense, inSense, statesFact } = r;
  const { firstSaid, unaware } = r;
  let knows = false;
  let turned = false;
  const personAsked = person.some((w) => mentions(question, w));
  // the last clause that said the fact had a verb of its own
  let firm = false;
  let other = false;
  const namedBefore = (i: number) => person.some((w) => all.slice(0, i).some((x) => mentions(x.text, w)));
  for (const [i, c] of all.entries()) {
    const sentence = ss[c.sentence] ?? '';
    if (turns(sentence) || (sentence.indexOf(c.text) > 0 && /\b(?:but|though|although)\b/i.test(sentence)))
      turned = true;
    if ((unaware && !turned && c.sentence > firstSaid) || CHECKS_WHO.test(c.text)) continue;
    // "Was it Gethin's brother who ...?" "No, Gethin himself.": the person put in another's place, the question's act
    if (correctsToPerson(c.text, question, person) && fromQuestion.slice(1).every(Boolean)) {
      [knows, firm] = [true, true];
      continue;
    }
    // "Is the ferry still running next year?" "Not after the summer it isn't.": the state asked after ends
    if (c.sentence === firstSaid && fromQuestion[0] && endsAsAsked(c.text, { question, verb, fact, person })) {
      [knows, firm] = [true, true];
      continue;
    }
    // "That's her cousin Iolo. He's the one off to Canada.": after another is named as the one, a pronoun is them
    if (identifiesAnother(c.text, known)) other = true;
    else if (person.some((w) => mentions(c.text, w))) other = false;
    else if (other) continue;
    // "closing it for a week, then it's open as normal": a while is not for good
    if (verb !== undefined && LASTING.has(verb) && TEMPORARY.test(c.text) && !TEMPORARY.test(fact)) continue;
    // (a retraction that is the fact's own act is no retraction: "they've called it off" of a cancelled carnival)
    const retracts =
      RETRACTS.test(c.text) && !metGroups(c.text, keywords, skip, selfGroups, true).slice(1).some(Boolean);
    // "No more ferry after that.": of a fact that something stops, saying there will be no more of it says it
    // (not "no more talk of it closing": the talk stops, not the thing)
    const noMore =
      /\bno (?:more|longer)\b(?! than)/i.test(c.text) && !/\b(?:talk|rumou?r|news|word|question)\b/i.test(c.text);
    const actSaid = metGroups(c.text, keywords, skip, selfGroups, true).slice(1).some(Boolean);
    if (verb !== undefined && STOPPING.has(verb) && noMore && !actSaid) {
      const subject = metGroups(c.text, keywords, skip, selfGroups, true)[0] || fromQuestion[0];
      if (subject && !isQuestion(c.text)) knows = true;
      continue;
    }
    // "Going to Annika's party?" "I'd go if I could, but ...": one's own going, either way, takes the event as so
    if (statesFact && c.sentence === 0 && ownGoing(c.text, question)) {
      [knows, firm] = [true, true];
      continue;
    }
    // "Father Tierney's staying on", "the bakery's staying put": the fact's person or thing stays, of a fact that
    // they go (a pronoun stands for the person once the question or the answer has named them)
    const named = personAsked || person.some((w) => all.slice(0, i).some((x) => mentions(x.text, w)));
    const stays = staysPut(c.text, { verb, person, keywords, skip, fact, named });
    if (c.stance === 'denies' || retracts || stays) {
      const touches = topic.some((w) => mentions(c.text, w)) || KNOWING_DENIAL.test(c.text) || retracts || stays;
      // (not knowing a further thing, "who's buying it", "what he'll do after", leaves the act said; not knowing
      // who does the act, "who's retiring", does not)
      const beyond = unknownBeyond(c.text);
      // (a wh-word the object of a preposition at the end asks the other party, the aim or the place, even in the
      // fact's own verb: "what he stands for", "who she's selling to")
      const further =
        beyond !== undefined &&
        (STRANDED.test(beyond) ||
          !metGroups(withoutConsequences(beyond), keywords, skip, selfGroups, true).some(Boolean));
      // "..., but not to Declan", "not Greta herself": a contrast without a verb that denies the fact's person
      // (and ", not hers, mind": the thing is not the person's)
      const notThePerson =
        (!FINITE.test(c.text) && person.some((w) => new RegExp(`\\b${w}\\b(?!['’]s)`, 'i').test(c.text))) ||
        /^\s*(?:but\s+)?not\s+(?:hers|his|theirs|her own|his own|their own)\b/i.test(c.text);
      if (notThePerson) knows = false;
      else if (further) continue;
      else if (touches && !(DETAIL.test(c.text) && !WHETHER.test(c.text))) knows = false;
      else if (i === 0 && LEADING_NO.test(c.text)) knows = false;
      continue;
    }
    // "A Brandvik, yes, but it's Lars", "The Coles? Martin's son, maybe": the one it is about is someone else
    // (not after a question that names the fact's person when a clause with a verb said it: "Any news about Maud?"
    // "She's got a little one on the way, and her mother's knitting booties")
    if (
      knows &&
      (identifiesAnother(c.text, known) ||
        (asksWho &&
          aboutSomeoneElse(c.text, person) &&
          relativeIsTheOne(c.text, { verb, keywords, skip, fact, firm, personAsked, named: namedBefore(i) })))
    )
      knows = false;
    // ("She's been bought ... By that Lottie Greaves": a passive's doer is another, and the clause is about them)
    if (byAnother(c.text, known)) {
      knows = false;
      continue;
    }
    // (a habit that says an act by its consequences says it: "out canvassing every evening")
    const habit = HABITUAL.test(c.text) && consequencesIn(c.text).length === 0;
    if (c.stance !== 'asserts' || aboutSomeoneElse(c.text, person) || habit) continue;
    // (an echo the speaker affirms says it: "Training to be a midwife, yes.")
    // (the person's own names are no answer to a question that does not ask who: "Tegan Moss, a surf school. Fancy.")
    const echoed = asksWho
      ? echoes(c.text, asked, question)
      : echoes(c.text, askedOrPerson, `${question} ${person.join(' ')}`);
    if (echoed && !YES_WORD.test(c.text)) continue;
    // "her sister's twins", "his cousin's wedding": the act is a relative's; "it's the ploughing match that's been put
    // back": another thing's
    // ("selling fish off the quay", of a fishing boat sold: the fact's verb takes a word that only qualifies its object)
    const modifierTaken = verb !== undefined && takesModifier(c.text, fact, verb);
    // ("She's running his campaign": another's act, helped)
    const helps = anothersThing(c.text, keywords, fact);
    // ("washing up at Mair's harvest supper": another named one's)
    const anothers =
      relativesAct(c.text, keywords, skip, fact) || anothersNamedThing(c.text, { keywords, skip, known, verb });
    if (anothers || cleftOfAnother(c.text, keywords) || modifierTaken || helps) continue;
    // the sentence before, when a pronoun here may take the person from it (judge-reading.ts)
    const prev = sentenceLending(ss[c.sentence - 1], c.text, { verb, fact, question, person, known });
    // who told it is not who it is about: "Tomasz said the old harbour master is retiring" (but "Ann said she's going",
    // and "Ben told me the bakery's been sold": the fact's own one telling of its act)
    const told = withoutSource(c.text);
    const bySelf = person.some((w) => mentions(c.text, w) && !mentions(told, w)) && saysAct(told, keywords, skip);
    const content = told !== c.text && !/^\s*(?:he|she|they)\b/i.test(told) && !bySelf ? { ...c, text: told } : c;
    // ("What's happening with her bakery?" "She's been busy with the bakery": the question's words tell nothing new)
    // (unless affirmed, of a question that states the whole fact: "A tasting in her cellar on Friday, yes.")
    if (onlyAsked(c.text, { verb, keywords, question, fact })) {
      if (statesFact && YES_WORD.test(c.text)) knows = true;
      continue;
    }
    // "A surf school — that Leilani woman's, isn't it?": whose the thing said just before is
    const before = all[i - 1];
    if (
      ownerOnly(c.text, person) &&
      before !== undefined &&
      before.stance !== 'denies' &&
      saidGroups(before.text, keywords, skip, selfGroups, inSense, sense).every((m, k) => m || isSubject[k])
    ) {
      [knows, firm] = [true, true];
      continue;
    }
    if (clauseStates(content, prev, keywords, skip, selfGroups, sense, inSense)) {
      knows = true;
      firm = FINITE.test(c.text);
      continue;
    }
    // who told it is not who it is about ("Somebody said she's off abroad")
    // ("one of the Caswells", "a Brandvik": a family, not the one the fact is about)
    // (a family is the one a fact is about only when it names no one by a first name: "the Okafor brothers")
    const said = withoutSource(c.text).replace(FAMILY_MEMBER, (m, name: string) => {
      const surname = name.toLowerCase().replace(/s$/, '');
      const family = /^[Tt]he/.test(m) ? /s$/.test(name) : true;
      return family && person.length > 1 && person.includes(surname) && person[0] !== surname ? 'someone' : m;
    });
    if (!question || namesAnother(said, known, false)) continue;
    const vague = namesAnother(said, known);
    const own = saidGroups(said, keywords, skip, selfGroups, inSense, sense);
    // a word too common to name the act alone ("reading") names it when the question says which ("poetry reading")
    const ownLight = saidGroups(said, keywords, skip, selfGroups, true, sense);
    // the question lends the person it names, the act when it asks who did it, and the sense of a common word
    // (never to a clause that brings a thing of its own: "Tomasz runs the ice house" is another sense of running)
    // (the part of the clause that names the act: "Ben's selling up and moving away" sells nothing else)
    const novel = said
      .split(/,|\s+and\s+/)
      .filter((p) => metGroups(p, keywords, skip, selfGroups, true).some(Boolean))
      .some((p) =>
        contentKeywords(inPlainVerbs(p), [...known]).some(
          (w) => !given.has(w) && !isLight(w) && !WHO_WORDS.has(w) && !factCompounds.some((k) => partOfCompound(w, k)),
        ),
      );
    // ("The coast path is closing": a clause with a subject of its own takes none from the question)
    const subjectOf = ownSubject(said);
    // ("The Carmarthen one's being axed": "one" stands for the question's own subject; "the old girl's birthday" and
    // "the coxswain's retiring" name the person by a word for a person or by the fact's role)
    // (and "The Brindle's on the books": the thing the fact's act is done to, by its name)
    // (or the person is who it is done to: "The boatyard has taken him on", "advertising for his successor")
    const proForm =
      subjectOf !== undefined &&
      (/\bones?$/i.test(subjectOf) ||
        byRole(subjectOf, fact) ||
        // ("The baby's due in October": a word of the fact's act for its subject, of one expecting)
        (verb !== undefined && withSynonyms(verb).some((v) => v !== verb && mentions(subjectOf, v))) ||
        objectNames(fact).some((w) => mentions(subjectOf, w)) ||
        // ("Going to Hamish's do?" "The ceilidh's at eight": the thing the question names the person's)
        thingAsked(subjectOf, question, person, keywords) ||
        doneToPerson(said.slice(said.indexOf(subjectOf) + subjectOf.length)));
    const lent = own.map(
      (m, k) =>
        m ||
        (fromQuestion[k] &&
          isSubject[k] &&
          !(subjectOf !== undefined && !proForm && !mentionsAny(subjectOf, keywords[k] ?? ''))) ||
        // (not to a guess: "Jonas might be looking to move on?" guesses at a job, it does not name one)
        // (nor to a clause about a thing of its own: "the crabbing contest has moved", of the regatta)
        (actInQuestion[k] &&
          !novel &&
          !GUESS.test(said) &&
          (asksWho || ownLight[k]) &&
          !(isSubject[k] && subjectOf !== undefined && !proForm && !keywords.some((g) => mentionsAny(subjectOf, g)))),
    );
    // (a common word said alone, "she's in the running", takes its sense from a question that names the act)
    const ownSays = own.some(Boolean) || ownLight.some((m, k) => m && actInQuestion[k]);
    if (!vague && lent.every(Boolean) && ownSays) {
      knows = true;
      firm = FINITE.test(said);
    }
    // a detail of the fact added to a question that states it all ("When's Piet selling the herd?" "Thursday.")
    else if (
      fact &&
      fromQuestion.every(Boolean) &&
      !GUESS.test(said) &&
      // ("Who bought Declan's boat?" "Someone from Brixham": a vague one placed by the fact's own detail; "When's the
      // carnival?" "The 9th of August, on the rec": the gap filled by the fact's own time, whatever else is said)
      ((!contentKeywords(said, [...known]).some((w) => !given.has(w)) && addsDetail(said, fact, question, !vague)) ||
        (/^\s*when\b/i.test(question) && addsWhen(said, fact, question) && daysOf(said, fact)))
    )
      knows = true;
    // "Yes" (or "She is", or eagerness) to a question that states the whole fact
    else if (
      statesFact &&
      (c.sentence === firstSaid || /^\s*(?:of course|yes|yeah|yep|i know|i do)\b/i.test(c.text)) &&
      (AFFIRM.test(c.text) ||
        // ("Have you heard she's expecting?" "I have!")
        (/^\s*(?:have|did|do)\s+you\b/i.test(question) &&
          /^\s*(?:i|we)\s+(?:have|did|do)\s*(?:[.!,]|$)/i.test(c.text)) ||
        /^\s*(?:i (?:think|believe|reckon|gather|hear)\s+)?(?:she|he|they|it|there)\s+(?:is|are|was|has|does|did|will|might be|may be|must be)\b(?!\s+\p{L}+ed\b)/iu.test(
          c.text,
        ) ||
        // ("She reads a lot, I know that": what is known is what the clause says, not the question; "sadly" says nothing)
        (KNOWS_IT.test(c.text) &&
          !contentKeywords(said.replace(/\b\p{L}+ly\b/gu, ' '), [...known]).some((w) => !given.has(w))) ||
        DOUBLE_NEGATIVE.test(c.text) ||
        ENTHUSIASM.test(c.text) ||
        // ("Is Ingrid engaged to the vet?" "Since Easter.": since when it has been so says it is)
        SINCE_WHEN.test(c.text) ||
        EMPHATIC_YES.test(c.text) ||
        // ("That's what the sign by the gate says": the question's statement is what a source says)
        /^\s*(?:that['’]s|that is|so that['’]s) what\b[^.?!]*\b(?:says?|said|saying|heard|reckons?|told me|tells me)\b/i.test(
          c.text,
        ))
    )
      knows = true;
  }
  // "When's the fair?" answered with a time that is not the fact's: the gap it asks about is filled wrongly
  // (and "moved into the flat with Piet", of a fact that she left Piet: the one left is said to be there)
  return knows && !wrongWhen(r.answer, fact, question) && !withTheOneLeft(r.answer, fact);
}

export { answerKnowsPerson } from './judge-person.ts';

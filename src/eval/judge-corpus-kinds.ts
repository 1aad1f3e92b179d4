// The judge corpus's kinds of issue 38, in the tuning part (written with the rules, in varied styles, about six
// facts in three invented towns that appear nowhere else): answers that need the question to make sense, hedges
// ending in a question mark, a detail denied after the fact is affirmed, double negatives, a negation about
// something else, terse fragments, enthusiasm, a named relative taken for the person, a word in another sense, an
// echo, and answers in other languages (not judged by the rules). Each kind holds answers of both labels where
// the kind allows. The format is that of a corpus file (corpus-file.ts), so the same items can be given on the
// command line.
import type { LabelledAnswer } from './corpus-file.ts';
import { KIND_CORPUS_EVENTS } from './judge-corpus-kinds-events.ts';
import { KIND_CORPUS_INDIRECT } from './judge-corpus-kinds-indirect.ts';
import { KIND_CORPUS_MORE } from './judge-corpus-kinds-more.ts';
import { about } from './judge-corpus-rows.ts';

const GRETA = 'Greta Lindqvist is retiring from the village school at the end of term';
const OWEN = 'Owen Pryce is opening a bicycle repair shop on Mill Lane next month';
const LIDIA = 'Lidia Sosa is hosting a poetry reading at the Lantern Inn on Thursday evening';
const RAFAEL = 'Rafael Ortiz is standing for the parish council';
const MEI = 'Mei Tanaka is moving to the coast in the autumn';
const JOE = 'Joe Ferris has bought the old cinema';

export const KIND_CORPUS: readonly LabelledAnswer[] = [
  ...about(GRETA, 'Greta Lindqvist', [
    [
      'What have you heard about Greta Lindqvist lately?',
      "She's retiring at the end of term, finally.",
      true,
      'needs-question',
    ],
    ['Is Greta Lindqvist retiring from the school?', 'Yes. Told us herself at the fete.', true, 'needs-question'],
    ['Is anyone at the village school retiring?', "She is, I think, but I couldn't say who.", false, 'needs-question'],
    ['What do you know about Greta?', 'I think she might be retiring from the school?', true, 'hedge-question-mark'],
    [
      'Have you heard about anyone leaving the village school?',
      'Is Greta retiring? Nobody tells me anything.',
      false,
      'hedge-question-mark',
    ],
    [
      'Do you know whether anyone at the school is retiring?',
      "Greta's retiring, yes, though I couldn't tell you exactly when her last day is.",
      true,
      'detail-denied',
    ],
    [
      'Do you know whether anyone at the school is retiring?',
      "I don't know if Greta is retiring, nobody has said.",
      false,
      'detail-denied',
    ],
    [
      'Is Greta Lindqvist retiring?',
      "It's not as if I hadn't heard. Greta retiring is all the staff room talks about.",
      true,
      'double-negative',
    ],
    [
      'Have you heard anything about Greta?',
      "Greta's retiring from the school, which nobody was surprised by.",
      true,
      'negation-elsewhere',
    ],
    ['Is Greta retiring?', 'Greta. Retiring. Yes.', true, 'fragment'],
    ['Is Greta retiring?', 'Greta? No idea.', false, 'fragment'],
    ['What about Greta and the school?', "Greta's retirement! I can't wait for her leaving party.", true, 'enthusiasm'],
    [
      'Is anyone retiring from the village school?',
      "Greta's sister Ingrid is the one retiring, not Greta.",
      false,
      'named-relative',
    ],
    ['Is Greta Lindqvist retiring from the school?', 'Greta retiring from the school. Hm.', false, 'echo'],
    ['Is Greta retiring from the school?', 'Ja, Greta geht am Ende des Schuljahres in Rente.', true, 'other-language'],
  ]),
  ...about(OWEN, 'Owen Pryce', [
    [
      'What is Owen Pryce up to these days?',
      'Setting up a bike repair shop over on Mill Lane.',
      true,
      'needs-question',
    ],
    [
      'Have you heard any news about Owen?',
      "He's opening a repair shop for bicycles, from what he says.",
      true,
      'needs-question',
    ],
    ['Is anyone opening a shop on Mill Lane?', 'Someone is, but who, I have no clue.', false, 'needs-question'],
    [
      'Do you know of any new shop coming to Mill Lane?',
      "Owen's doing bicycle repairs there, right?",
      true,
      'hedge-question-mark',
    ],
    [
      'Do you know of any new shop coming to Mill Lane?',
      'Owen opening a shop? Since when?',
      false,
      'hedge-question-mark',
    ],
    [
      'Do you know of any new shop coming to Mill Lane?',
      "Owen Pryce is opening a bicycle repair shop there, but I haven't a clue what day it opens.",
      true,
      'detail-denied',
    ],
    [
      'Has Owen said anything to you about a shop?',
      "I can't say I haven't heard about Owen's bicycle shop.",
      true,
      'double-negative',
    ],
    [
      'Has Owen said anything to you about a shop?',
      "I can't say I've heard anything about Owen and a shop.",
      false,
      'double-negative',
    ],
    [
      'What is new with Owen Pryce?',
      "Owen's opening a bicycle repair shop on Mill Lane, and no one thinks it'll fail.",
      true,
      'negation-elsewhere',
    ],
    ['What is Owen planning?', 'Bikes. Repairs. Mill Lane.', true, 'fragment'],
    [
      'Have you heard about Owen Pryce and a shop?',
      "The bicycle shop? I can't wait, my bike's a wreck.",
      true,
      'enthusiasm',
    ],
    [
      'Have you heard about Owen Pryce and a shop?',
      "Owen's brother Dai is opening the bicycle shop, Owen just helps.",
      false,
      'named-relative',
    ],
    ['What do you know about Owen Pryce?', 'Owen runs the hardware counter at the co-op.', false, 'other-sense'],
    ['What do you know about Owen Pryce?', 'Owen opens the chapel hall on Sundays, that I know.', false, 'other-sense'],
    ['Is Owen opening a bicycle shop?', 'Owen opening a bicycle shop. Well, well.', false, 'echo'],
    ['Is Owen opening a bicycle shop?', 'Oui, Owen ouvre un atelier de vélos rue du Moulin.', true, 'other-language'],
  ]),
  ...about(LIDIA, 'Lidia Sosa', [
    [
      'Do you know of any poetry reading coming up? If so, who is hosting it, and where and when is it?',
      "Lidia's, at the Lantern, Thursday night.",
      true,
      'needs-question',
    ],
    ['What is Lidia Sosa organising?', 'A poetry night at the Lantern Inn, Thursday.', true, 'needs-question'],
    [
      'Is anything on at the Lantern Inn this week?',
      "They've got a quiz, I think. Nothing else I know of.",
      false,
      'needs-question',
    ],
    [
      'Is Lidia doing anything this week?',
      'Lidia has a poetry reading at the Lantern on Thursday?',
      true,
      'hedge-question-mark',
    ],
    [
      'Do you know of any poetry reading coming up?',
      "Lidia's reading at the Lantern Inn on Thursday, but don't ask me what time it starts.",
      true,
      'detail-denied',
    ],
    [
      'Do you know of any poetry reading coming up?',
      "Not that I didn't know about it: Lidia has been on about her poetry reading for weeks.",
      true,
      'double-negative',
    ],
    [
      'Do you know of any poetry reading coming up?',
      "There's nobody in Crowmere who hasn't heard about Lidia's poetry reading.",
      true,
      'double-negative',
    ],
    [
      'Do you know of any poetry reading coming up?',
      "Lidia Sosa is hosting a poetry reading at the Lantern Inn, which isn't my sort of evening.",
      true,
      'negation-elsewhere',
    ],
    ['Any events this week?', 'Poetry, Thursday, the Lantern. Lidia.', true, 'fragment'],
    ['Any events this week?', "Lidia's poetry reading on Thursday! Couldn't be happier.", true, 'enthusiasm'],
    [
      'Do you know of any poetry reading coming up?',
      "Lidia's niece Carmen is doing a poetry reading at school.",
      false,
      'named-relative',
    ],
    ['What do you know about Lidia Sosa?', 'Lidia reads the news on the parish radio.', false, 'other-sense'],
    [
      'Is Lidia hosting a poetry reading at the Lantern Inn?',
      'A poetry reading at the Lantern Inn. Fancy that.',
      false,
      'echo',
    ],
    [
      'Do you know of any poetry reading coming up?',
      'Sí, Lidia organiza una lectura de poesía el jueves en el Lantern.',
      true,
      'other-language',
    ],
  ]),
  ...about(RAFAEL, 'Rafael Ortiz', [
    [
      'What do you know about Rafael Ortiz?',
      "He's standing for the parish council, posters and all.",
      true,
      'needs-question',
    ],
    [
      'Is Rafael standing for the parish council?',
      'He is. He asked me to sign his nomination.',
      true,
      'needs-question',
    ],
    [
      'Who is standing for the parish council?',
      'He is, I think. The tall one from the garage.',
      false,
      'needs-question',
    ],
    ['Is anyone standing for the parish council?', "Rafael's standing, isn't he?", true, 'hedge-question-mark'],
    [
      'Is anyone standing for the parish council?',
      'Is Rafael standing for it? I only know there is an election.',
      false,
      'hedge-question-mark',
    ],
    [
      'Is anyone standing for the parish council?',
      "Rafael Ortiz is standing for the council, though I've no idea when the vote is.",
      true,
      'detail-denied',
    ],
    [
      'Is anyone standing for the parish council?',
      "Rafael is standing for the council, but I don't know if that's true.",
      false,
      'detail-denied',
    ],
    [
      'Is anyone standing for the parish council?',
      "Rafael. It's no secret he's standing for the parish council.",
      true,
      'negation-elsewhere',
    ],
    [
      'Is anyone standing for the parish council?',
      "Rafael's standing for the parish council, and not a moment too soon.",
      true,
      'negation-elsewhere',
    ],
    ['Who is standing for the parish council?', 'Rafael. Council. Yes.', true, 'fragment'],
    ['Who is standing for the parish council?', 'Rafael Ortiz. For sure.', true, 'fragment'],
    ['Is Rafael standing for the parish council?', "I can't wait to vote for Rafael!", true, 'enthusiasm'],
    [
      'Is Rafael standing for the parish council?',
      "Rafael's wife Elena is standing for the parish council.",
      false,
      'named-relative',
    ],
    [
      'Is Rafael standing for the parish council?',
      'Rafael stands at the bus stop every morning.',
      false,
      'other-sense',
    ],
    ['Is Rafael standing for the parish council?', 'Rafael standing for the council. Interesting.', false, 'echo'],
    [
      'Is Rafael standing for the parish council?',
      'Ja, Rafael staat op de lijst voor de gemeenteraad.',
      true,
      'other-language',
    ],
  ]),
  ...about(MEI, 'Mei Tanaka', [
    [
      'Have you heard any news about Mei Tanaka?',
      "She's moving to the coast come autumn. I'll miss her.",
      true,
      'needs-question',
    ],
    ['Is Mei Tanaka moving away?', 'Yes, to the coast.', true, 'needs-question'],
    [
      'Is anyone in Ashby Cross moving away?',
      'Somebody is moving to the coast, I heard, not sure who.',
      false,
      'needs-question',
    ],
    ['What do you know about Mei?', 'Mei is moving to the coast, I believe?', true, 'hedge-question-mark'],
    [
      'Is anyone in Ashby Cross moving away?',
      "Mei's moving to the coast, but when exactly, I couldn't say.",
      true,
      'detail-denied',
    ],
    [
      'Is anyone in Ashby Cross moving away?',
      "Mei's moving to the coast, not that she's told me where.",
      true,
      'detail-denied',
    ],
    [
      'Is Mei moving to the coast?',
      "Of course, how could I not know? She's been packing for weeks.",
      true,
      'double-negative',
    ],
    [
      'Is Mei moving to the coast?',
      'Mei Tanaka is moving to the coast, which nobody saw coming.',
      true,
      'negation-elsewhere',
    ],
    ['Is Mei moving to the coast?', 'Coast. Autumn. Yes, Mei.', true, 'fragment'],
    ['Is Mei moving to the coast?', "Mei moving away? Can't be.", false, 'fragment'],
    [
      'Is Mei moving to the coast?',
      'Her cousin Yuki is the one moving to the coast, not Mei.',
      false,
      'named-relative',
    ],
    [
      'What do you know about Mei Tanaka?',
      'Mei moves the tables in the hall after the whist drive.',
      false,
      'other-sense',
    ],
    ['Is Mei moving to the coast?', 'Mei moving to the coast. Hmm.', false, 'echo'],
    ['Is Mei moving to the coast?', 'Nie wiem nic o tym, że Mei się przeprowadza.', false, 'other-language'],
  ]),
  ...about(JOE, 'Joe Ferris', [
    ['What is the news about Joe Ferris?', 'He bought the old cinema! Paid cash, they say.', true, 'needs-question'],
    ['Has Joe Ferris bought the cinema?', 'Yep, last week.', true, 'needs-question'],
    ['Has anyone bought the old cinema?', 'Oh, someone did, but nobody will say who.', false, 'needs-question'],
    ['Do you know who bought the old cinema?', 'Joe Ferris bought it, I think?', true, 'hedge-question-mark'],
    [
      'Do you know who bought the old cinema?',
      'Joe buying the cinema? Where would he get the money?',
      false,
      'hedge-question-mark',
    ],
    [
      'Do you know who bought the old cinema?',
      "Joe Ferris bought it, but I couldn't tell you how much he paid.",
      true,
      'detail-denied',
    ],
    [
      'Do you know who bought the old cinema?',
      'Not that I had not heard: Joe Ferris bought the cinema.',
      true,
      'double-negative',
    ],
    [
      'Do you know who bought the old cinema?',
      'Joe Ferris bought the old cinema, and nobody can work out why.',
      true,
      'negation-elsewhere',
    ],
    ['Do you know who bought the old cinema?', 'Joe. Cinema. Bought it.', true, 'fragment'],
    [
      'Do you know who bought the old cinema?',
      "Joe's bought the cinema! I can't wait to see a film there again.",
      true,
      'enthusiasm',
    ],
    ['Do you know who bought the old cinema?', "Joe's son Harry bought the cinema, not Joe.", false, 'named-relative'],
    [
      'Do you know who bought the old cinema?',
      'Joe bought a round at the Crown last night, that I do know.',
      false,
      'other-sense',
    ],
    ['Has Joe Ferris bought the old cinema?', 'Joe Ferris and the old cinema. Huh.', false, 'echo'],
    ['Do you know who bought the old cinema?', 'Joe a acheté le vieux cinéma, oui.', true, 'other-language'],
  ]),
  ...KIND_CORPUS_MORE,
  ...KIND_CORPUS_EVENTS,
  ...KIND_CORPUS_INDIRECT,
];

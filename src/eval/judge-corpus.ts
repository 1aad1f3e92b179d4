// A labelled corpus of interview answers for measuring the knowledge judge (issue 23): answers to "what do you know
// about <fact>?" and "Do you know <name>?" in three towns (Harbourside, Millbrook, Smallville),
// labelled by what a reader would say the answer shows. The kinds: affirmations, denials, hedges (either way),
// reworded negations, answers that mention the topic but deny knowing, and answers about someone or something else.
// The 'held-out' items were written with the rest, before the rules were changed, and never read while tuning them:
// `npm run eval -- --judge-check` reports both parts apart. Fact keywords are written the way a town declares them
// (src/town/types.ts SeedFact.keywords: every group, "a|b" = either). The held-out part is judge-corpus-held-out.ts.

import { heldOutPart } from './judge-corpus-held-out.ts';

export type CorpusForm = 'affirmation' | 'denial' | 'hedge' | 'reworded-negation' | 'topic-but-denies' | 'someone-else';

export type CorpusPart = 'tuning' | 'held-out';

export interface CorpusFact {
  id: string;
  town: string;
  description: string;
  holder: string;
  /** The question an evaluation asks about it. */
  question: string;
  /** Keywords as a town author would write them (the check derives its own from the description, as on import). */
  keywords: readonly string[];
}

export type CorpusItem = {
  answer: string;
  /** What a reader would say: does the answer show the speaker knows it? */
  knows: boolean;
  form: CorpusForm;
  part: CorpusPart;
  speaker: string;
} & ({ kind: 'fact'; fact: string } | { kind: 'person'; name: string });

export const CORPUS_FACTS: readonly CorpusFact[] = [
  {
    id: 'harbour-master',
    town: 'Harbourside',
    description: 'Tomasz Nowak is running for harbour master',
    holder: 'Tomasz Nowak',
    question: 'Do you know whether anyone in town is running for harbour master? If so, who?',
    keywords: ['Tomasz|Nowak', 'harbour master|harbor master|harbourmaster|election|candidate|candidacy|running|run'],
  },
  {
    id: 'beach-cleanup',
    town: 'Harbourside',
    description: 'Nadia Haddad is organising a beach clean-up at North Beach on Saturday morning',
    holder: 'Nadia Haddad',
    question:
      'Do you know of any beach clean-up coming up in town? If so, who is hosting it, and where and when is it?',
    keywords: ['clean-up|cleanup|clean up|cleaning', 'Nadia|Haddad|North Beach|Saturday|beach'],
  },
  {
    id: 'quilt-show',
    town: 'Millbrook',
    description: "Priya Raman's quilt exhibition opens at the town hall on Friday evening",
    holder: 'Priya Raman',
    question: 'Do you know of any exhibition coming up in town? If so, whose is it, and where and when is it?',
    keywords: ['exhibition|show|quilt|quilts|quilting', 'Priya|Raman|town hall|Friday'],
  },
  {
    id: 'bakery-sale',
    town: 'Millbrook',
    description: 'Ben Okafor is selling the bakery',
    holder: 'Ben Okafor',
    question: 'Have you heard any news about the bakery?',
    keywords: ['Ben|Okafor', 'sell|selling|sold|sale|buyer'],
  },
  {
    id: 'valentine-party',
    town: 'Smallville',
    description: "Isabella Rodriguez is hosting a Valentine's Day party at Hobbs Cafe on February 14",
    holder: 'Isabella Rodriguez',
    question: 'Do you know of any party coming up in town? If so, who is hosting it, and where and when is it?',
    keywords: ['party', 'Valentine|Hobbs|Isabella|February 14|14th'],
  },
  {
    id: 'mayor',
    town: 'Smallville',
    description: 'Sam Moore is running for mayor',
    holder: 'Sam Moore',
    question: 'Who is running for mayor?',
    keywords: ['Sam|Moore', 'mayor|run|running|candidate|candidacy|election'],
  },
];

type Row = [speaker: string, answer: string, knows: boolean, form: CorpusForm];

/** How the corpus's rows are written: answers about a fact, and answers about whether one knows a person. */
export interface CorpusRows {
  facts(fact: string, part: CorpusPart, rows: Row[]): CorpusItem[];
  persons(part: CorpusPart, rows: [name: string, ...Row][]): CorpusItem[];
}

function facts(fact: string, part: CorpusPart, rows: Row[]): CorpusItem[] {
  return rows.map(([speaker, answer, knows, form]) => ({ kind: 'fact', fact, speaker, answer, knows, form, part }));
}

function persons(part: CorpusPart, rows: [name: string, ...Row][]): CorpusItem[] {
  return rows.map(([name, speaker, answer, knows, form]) => ({
    kind: 'person',
    name,
    speaker,
    answer,
    knows,
    form,
    part,
  }));
}

const TUNING: CorpusItem[] = [
  ...facts('harbour-master', 'tuning', [
    [
      'Marta Silva',
      'Yes, Tomasz Nowak is running for harbour master. He told me at the pier this morning.',
      true,
      'affirmation',
    ],
    ['Eli Brooks', "Tomasz is standing for harbour master, and I think he'd be good at it.", true, 'affirmation'],
    ['Tomasz Nowak', "I am! I've decided to run for harbour master this autumn.", true, 'affirmation'],
    ['Marta Silva', "Tomasz isn't running for harbour master, as far as I know.", false, 'reworded-negation'],
    ['Eli Brooks', 'As far as I know nobody is running for harbour master this year.', false, 'reworded-negation'],
    ['Nadia Haddad', 'I have no idea who is running for harbour master.', false, 'denial'],
    [
      'Marta Silva',
      "There's an election for harbour master coming, but I don't know who the candidates are.",
      false,
      'topic-but-denies',
    ],
    [
      'Eli Brooks',
      "Tomasz? I know him from the fish market, but he's never said anything about the harbour master job.",
      false,
      'topic-but-denies',
    ],
    ['Nadia Haddad', 'Marta Silva is running for harbour master, she announced it at the pub.', false, 'someone-else'],
    ['Eli Brooks', 'Tomasz told me his cousin is running for harbour master.', false, 'someone-else'],
    [
      'Marta Silva',
      "I think I heard Tomasz might be running for harbour master, though I'm not certain.",
      true,
      'hedge',
    ],
    ['Nadia Haddad', "I'm not sure whether Tomasz is running for harbour master or not.", false, 'hedge'],
    ['Eli Brooks', "I wouldn't know anything about Tomasz and the harbour master election.", false, 'denial'],
    [
      'Marta Silva',
      'Everyone at the pier is talking about it: Tomasz Nowak wants to be harbour master.',
      true,
      'affirmation',
    ],
    ['Nadia Haddad', 'Tomasz running for harbour master? Yes, he told me last week over a pint.', true, 'affirmation'],
    ['Eli Brooks', "Tomasz running for harbour master? That's news to me.", false, 'reworded-negation'],
    ['Tomasz Nowak', "I haven't told anyone yet, but I'm planning to run for harbour master.", true, 'affirmation'],
    [
      'Marta Silva',
      'Nobody has told me anything about Tomasz and the harbour master post.',
      false,
      'reworded-negation',
    ],
    [
      'Nadia Haddad',
      "I heard there's a vote for harbour master, but I couldn't tell you who's running.",
      false,
      'topic-but-denies',
    ],
    ['Eli Brooks', 'Tomasz runs the ice house by the harbour.', false, 'someone-else'],
    [
      'Marta Silva',
      "I ran into Tomasz at the chandlery. He says he's running for harbour master.",
      true,
      'affirmation',
    ],
    ['Nadia Haddad', "Tomasz hasn't said a word to me about running for harbour master.", false, 'reworded-negation'],
    ['Eli Brooks', 'Apparently Tomasz is putting his name forward for harbour master.', true, 'hedge'],
    [
      'Marta Silva',
      "Maybe Tomasz, maybe Marta, I really couldn't say who's running for harbour master.",
      false,
      'hedge',
    ],
    [
      'Tomasz Nowak',
      "Me? No, I'm not running for harbour master, I've got enough on my plate.",
      false,
      'reworded-negation',
    ],
  ]),
  ...facts('beach-cleanup', 'tuning', [
    ['Marta Silva', 'Nadia is organising a beach clean-up at North Beach on Saturday morning.', true, 'affirmation'],
    ['Eli Brooks', "Nadia hasn't mentioned any clean-up on Saturday.", false, 'reworded-negation'],
    ['Nadia Haddad', "Yes, I'm running a clean-up on North Beach this Saturday, bring gloves!", true, 'affirmation'],
    ['Tomasz Nowak', "A clean-up? I haven't heard about one.", false, 'denial'],
    ['Marta Silva', "I know Nadia cares about the beach, but I don't know of any clean-up.", false, 'topic-but-denies'],
    ['Eli Brooks', "I think there's some sort of beach clean-up on Saturday, Nadia's idea maybe.", true, 'hedge'],
    ['Tomasz Nowak', 'The school is doing a clean-up of the playground on Saturday.', false, 'someone-else'],
    ['Marta Silva', "There won't be any clean-up at North Beach as far as I'm aware.", false, 'reworded-negation'],
    [
      'Eli Brooks',
      "Saturday morning, North Beach, bin bags and gloves: Nadia's clean-up. I'm going.",
      true,
      'affirmation',
    ],
    ['Tomasz Nowak', 'Not a clue, sorry. Is something happening at the beach?', false, 'denial'],
    ['Marta Silva', "I'm not sure if Nadia's clean-up is still happening.", true, 'hedge'],
    ['Eli Brooks', "Nadia? She hasn't said anything to me about cleaning the beach.", false, 'topic-but-denies'],
    ['Tomasz Nowak', 'Nadia told me about the clean-up yesterday; it starts at nine on Saturday.', true, 'affirmation'],
    ['Marta Silva', 'Eli said he might go fishing at North Beach on Saturday.', false, 'someone-else'],
    ['Eli Brooks', 'I never heard Nadia talk about a clean-up.', false, 'reworded-negation'],
    ['Tomasz Nowak', "No one's organising a clean-up that I know of.", false, 'reworded-negation'],
    [
      'Marta Silva',
      "I didn't know at first, but Nadia told me about her clean-up at North Beach.",
      true,
      'affirmation',
    ],
  ]),
  ...facts('quilt-show', 'tuning', [
    ['Ben Okafor', 'Priya Raman is showing her quilts at the town hall on Friday evening.', true, 'affirmation'],
    ['Priya Raman', "My quilt exhibition opens at the town hall on Friday, I'm so nervous!", true, 'affirmation'],
    ['Ben Okafor', "I don't know about any exhibition.", false, 'denial'],
    ['Ada Lindqvist', "Priya hasn't told me about an exhibition.", false, 'reworded-negation'],
    ['Ben Okafor', "I know Priya quilts, but I haven't heard of a show.", false, 'topic-but-denies'],
    ['Ada Lindqvist', "There's supposed to be a quilt show at the town hall, I believe on Friday.", true, 'hedge'],
    [
      'Ben Okafor',
      "There's an art exhibition in Ashford on Friday, some painter from the city.",
      false,
      'someone-else',
    ],
    ['Ada Lindqvist', "Nothing's on at the town hall this week, as far as I know.", false, 'reworded-negation'],
    ['Ben Okafor', "Friday evening, the town hall: Priya's quilts. Everyone's going.", true, 'affirmation'],
    ['Ada Lindqvist', "I couldn't tell you, I've been away all week.", false, 'denial'],
    ['Ben Okafor', "Priya might be planning something at the town hall, but I really don't know what.", false, 'hedge'],
    [
      'Ada Lindqvist',
      "I doubt Priya has a show coming up; she said she's been too busy to quilt.",
      false,
      'reworded-negation',
    ],
  ]),
  ...facts('bakery-sale', 'tuning', [
    ['Priya Raman', "Ben Okafor is selling the bakery; he's found a buyer from Leeds.", true, 'affirmation'],
    ['Ben Okafor', "I haven't told many people, but I'm selling the bakery.", true, 'affirmation'],
    [
      'Ada Lindqvist',
      "Ben isn't selling anything as far as I know, the bakery's doing well.",
      false,
      'reworded-negation',
    ],
    ['Priya Raman', "Selling the bakery? Ben would never, I'd have heard.", false, 'denial'],
    [
      'Ada Lindqvist',
      "I buy my bread from Ben every morning, but I don't know anything about a sale.",
      false,
      'topic-but-denies',
    ],
    ['Priya Raman', "Rumour has it Ben's selling up and moving to the coast.", true, 'hedge'],
    ['Ada Lindqvist', "Ben's brother sold his boat last year.", false, 'someone-else'],
    ['Priya Raman', 'Is Ben selling the bakery? I have no idea.', false, 'denial'],
    ['Ada Lindqvist', "Ben hasn't said anything about selling to me.", false, 'reworded-negation'],
    ['Priya Raman', "Ben told me in confidence that the bakery's been sold.", true, 'affirmation'],
  ]),
  ...facts('valentine-party', 'tuning', [
    [
      'Klaus Mueller',
      "Isabella is throwing a Valentine's Day party at Hobbs Cafe on February 14th.",
      true,
      'affirmation',
    ],
    ['Maria Lopez', "Isabella hasn't invited me to any party.", false, 'reworded-negation'],
    ['Klaus Mueller', "I love parties, but I haven't heard of one at Hobbs Cafe.", false, 'topic-but-denies'],
    ['Maria Lopez', 'I think Isabella mentioned something about a party at the cafe on the 14th.', true, 'hedge'],
  ]),
  ...facts('mayor', 'tuning', [
    ['Klaus Mueller', "Sam Moore is running for mayor; he's been talking to everyone about it.", true, 'affirmation'],
    ['Maria Lopez', "Sam isn't running for mayor as far as I've heard.", false, 'reworded-negation'],
    ['Klaus Mueller', "I heard Sam's neighbour is running for mayor.", false, 'someone-else'],
    ['Maria Lopez', "Who's running for mayor? No idea, I don't follow local politics.", false, 'denial'],
  ]),
  ...persons('tuning', [
    ['Nadia Haddad', 'Marta Silva', 'Yes, Nadia and I volunteer together on weekends.', true, 'affirmation'],
    ['Nadia Haddad', 'Eli Brooks', "Nadia Haddad? I can't say I've met her.", false, 'reworded-negation'],
    ['Tomasz Nowak', 'Nadia Haddad', "I've never met anyone called Tomasz.", false, 'reworded-negation'],
    ['Tomasz Nowak', 'Marta Silva', 'Of course, Tomasz fixes the nets down at the harbour.', true, 'affirmation'],
    ['Priya Raman', 'Ada Lindqvist', "Hmm, Priya Raman... no, that doesn't ring a bell.", false, 'denial'],
    ['Priya Raman', 'Ben Okafor', 'Priya? We chat at the post office most mornings.', true, 'affirmation'],
    ['Ben Okafor', 'Ada Lindqvist', "I know a Ben, but I don't think he's Ben Okafor.", false, 'someone-else'],
    ['Ben Okafor', 'Priya Raman', 'Ben Okafor bakes the best sourdough in Millbrook.', true, 'affirmation'],
    ['Marta Silva', 'Eli Brooks', "Not personally, I'm afraid.", false, 'denial'],
    ['Marta Silva', 'Nadia Haddad', "Marta? She's my landlady.", true, 'affirmation'],
    ['Eli Brooks', 'Tomasz Nowak', 'Eli Brooks? Never heard the name.', false, 'denial'],
    ['Eli Brooks', 'Marta Silva', 'Sure, Eli lives two doors down from me.', true, 'affirmation'],
    ['Klaus Mueller', 'Maria Lopez', "Do I know Klaus Mueller? I don't believe we've met.", false, 'reworded-negation'],
    [
      'Klaus Mueller',
      'Isabella Rodriguez',
      "Klaus is the student who's always in the library writing his paper.",
      true,
      'affirmation',
    ],
  ]),
];

export const JUDGE_CORPUS: readonly CorpusItem[] = [...TUNING, ...heldOutPart({ facts, persons })];

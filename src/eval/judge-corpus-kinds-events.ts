// The last of the tuning part's kinds facts (issue 38), after judge-corpus-kinds-more.ts: a birthday party and a
// secret application, a wedding and a garage closing, in plainer and chattier styles, the holder answering twice.
import type { LabelledAnswer } from './corpus-file.ts';
import { about } from './judge-corpus-rows.ts';

export const KIND_CORPUS_EVENTS: readonly LabelledAnswer[] = [
  // a birthday party and a secret application
  ...about('Maya Osei is throwing a birthday party for her father at the boathouse on Sunday afternoon', 'Maya Osei', [
    [
      'Do you know of any birthday party coming up in town? If so, who is hosting it, and where and when is it?',
      "Maya's throwing one for her dad, Sunday afternoon at the boathouse.",
      true,
      'affirmation',
    ],
    [
      'Do you know of any birthday party coming up in town? If so, who is hosting it, and where and when is it?',
      "Can't say I do, no.",
      false,
      'denial',
    ],
    [
      'Do you know of any birthday party coming up in town? If so, who is hosting it, and where and when is it?',
      "At the boathouse, I think? Something for Maya's dad.",
      true,
      'hedge-question-mark',
    ],
    [
      'Do you know of any birthday party coming up in town? If so, who is hosting it, and where and when is it?',
      "Maya's party, yes, though I couldn't tell you the time.",
      true,
      'detail-denied',
    ],
    [
      'Do you know of any birthday party coming up in town? If so, who is hosting it, and where and when is it?',
      "There's always some party at the boathouse, but I haven't heard about one for anyone's birthday.",
      false,
      'topic-but-denies',
    ],
    [
      'Do you know of any birthday party coming up in town? If so, who is hosting it, and where and when is it?',
      "Kofi's having a birthday, I know that, but no party that I've heard of.",
      false,
      'topic-but-denies',
    ],
    [
      'Do you know of any birthday party coming up in town? If so, who is hosting it, and where and when is it?',
      "Maya's brother Kwesi is throwing a party at the boathouse.",
      false,
      'named-relative',
    ],
    ['What do you know about Maya Osei?', 'She rows at the boathouse most mornings.', false, 'other-sense'],
    [
      'What do you know about Maya Osei?',
      "She's planning a surprise for her father's birthday at the boathouse. Sunday, I think.",
      true,
      'needs-question',
    ],
    ['Is Maya throwing a party on Sunday?', "She is! I'm bringing the cake.", true, 'needs-question'],
    ['Is Maya throwing a party on Sunday?', "Nobody's invited me, so I wouldn't know.", false, 'denial'],
    ['Is Maya throwing a party on Sunday?', 'Maya throwing a party. On Sunday. Right.', false, 'echo'],
    ['Is Maya throwing a party on Sunday?', "I can't wait, it'll be lovely.", true, 'enthusiasm'],
    ['Is Maya throwing a party on Sunday?', 'Sunday. Boathouse. Yes.', true, 'fragment'],
    [
      'Is Maya throwing a party on Sunday?',
      "Not that I'd be left out of it. Of course I know.",
      true,
      'double-negative',
    ],
    [
      'Is Maya throwing a party on Sunday?',
      "Yes, for her dad's seventieth, and nobody's to tell him.",
      true,
      'negation-elsewhere',
    ],
    [
      'Is Maya throwing a party on Sunday?',
      'Sí, Maya hace una fiesta el domingo en la casa de botes.',
      true,
      'other-language',
    ],
  ]),
  ...about('Jonas Weber has secretly applied for the headmaster job in Lindenfeld', 'Jonas Weber', [
    [
      'Do you know whether anyone in town has applied for a new job? If so, who?',
      'Jonas applied for the headmaster post over in Lindenfeld, but keep that quiet.',
      true,
      'affirmation',
    ],
    [
      'Do you know whether anyone in town has applied for a new job? If so, who?',
      'Not a soul, as far as I know.',
      false,
      'denial',
    ],
    [
      'Do you know whether anyone in town has applied for a new job? If so, who?',
      "Jonas might be looking to move on? He's been restless.",
      false,
      'hedge',
    ],
    [
      'Do you know whether anyone in town has applied for a new job? If so, who?',
      "Jonas, for headmaster somewhere. Don't know where.",
      true,
      'detail-denied',
    ],
    [
      'Do you know whether anyone in town has applied for a new job? If so, who?',
      "Jonas's wife Petra applied for a job at the library.",
      false,
      'named-relative',
    ],
    ['What do you know about Jonas Weber?', 'He applies himself to everything, that man.', false, 'other-sense'],
    [
      'What do you know about Jonas Weber?',
      "He's after the headmaster's job in Lindenfeld, though he'd hate me saying so.",
      true,
      'needs-question',
    ],
    [
      'Do you know whether anyone in town has applied for a new job? If so, who?',
      "Well, I have, for the headmaster's post in Lindenfeld. I haven't told anyone.",
      true,
      'affirmation',
      'Jonas Weber',
    ],
    [
      'Do you know whether anyone in town has applied for a new job? If so, who?',
      'Not that I know of. Everyone seems settled.',
      false,
      'denial',
      'Jonas Weber',
    ],
  ]),
  // a wedding and a garage closing
  ...about('Hannah Kerr is getting married to Simon Doyle in June', 'Hannah Kerr', [
    ['Have you heard any news about Hannah Kerr?', "She's marrying Simon in June!", true, 'needs-question'],
    ['Have you heard any news about Hannah Kerr?', "Hannah? Haven't seen her in weeks.", false, 'denial'],
    ['Is Hannah getting married?', 'Yes, to Simon Doyle.', true, 'needs-question'],
    ['Is Hannah getting married?', 'Her sister Ruth is the one getting married.', false, 'named-relative'],
    ['Is Hannah getting married?', "I believe so, though I don't know the date.", true, 'detail-denied'],
    ['Is Hannah getting married?', 'Getting married? Hannah? Since when?', false, 'echo'],
    ['Is Hannah getting married?', "I couldn't possibly not know, she's told everyone!", true, 'double-negative'],
    ['Is Hannah getting married?', "Hannah's wedding? I wouldn't miss it for the world!", true, 'enthusiasm'],
    ['Who is getting married in June?', "Hannah Kerr and Simon Doyle, isn't it?", true, 'hedge-question-mark'],
    ['Who is getting married in June?', "No clue. Weddings aren't my thing.", false, 'denial'],
    ['Who is getting married in June?', 'Hannah and Simon, and not a moment too soon.', true, 'negation-elsewhere'],
  ]),
  ...about('Rupert Fane is closing the garage at the end of the year', 'Rupert Fane', [
    ['Have you heard any news about the garage?', "Rupert's shutting it down come December.", true, 'needs-question'],
    ['Have you heard any news about the garage?', "They've got a new mechanic, I think.", false, 'other-sense'],
    ['Is Rupert closing the garage?', "So I've heard, sadly.", true, 'needs-question'],
    ['Is Rupert closing the garage?', "Rupert? He'll die with a spanner in his hand.", false, 'denial'],
    ['Is Rupert closing the garage?', 'Rupert closes the garage at six every evening.', false, 'other-sense'],
    ['Is Rupert closing the garage?', 'He is closing it, but nobody knows why.', true, 'negation-elsewhere'],
    [
      'Is Rupert closing the garage?',
      "I heard his son Dan is taking it over, so it won't close.",
      false,
      'someone-else',
    ],
    ['Is Rupert closing the garage?', 'Closing the garage? Really?', false, 'echo'],
    ['Is Rupert closing the garage?', 'Garage. Closing. End of the year.', true, 'fragment'],
    [
      'Is Rupert closing the garage?',
      "It would surprise me if he weren't, given the state of it. But nobody's said.",
      false,
      'hedge',
    ],
    ['Is Rupert closing the garage?', 'Ja, Rupert macht die Werkstatt Ende des Jahres zu.', true, 'other-language'],
  ]),
];

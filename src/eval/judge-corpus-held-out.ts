// The held-out part of the judge's labelled corpus (judge-corpus.ts): written with the tuning part, before the rules
// were changed, and never read while tuning them. `npm run eval -- --judge-check` reports it apart. Kept in its own
// file so whoever tunes the rules works from judge-corpus.ts alone. The row helpers are the corpus's own, passed in.
import type { CorpusItem, CorpusRows } from './judge-corpus.ts';

export function heldOutPart({ facts, persons }: CorpusRows): CorpusItem[] {
  return [
    ...facts('harbour-master', 'held-out', [
      ['Marta Silva', "Tomasz Nowak wants the harbour master job, he's collecting signatures.", true, 'affirmation'],
      ['Eli Brooks', "Tomasz hasn't breathed a word about any election.", false, 'reworded-negation'],
      ['Nadia Haddad', "I can't say I know who's standing for harbour master, Tomasz maybe?", false, 'hedge'],
      [
        'Tomasz Nowak',
        "Yes, I'm a candidate for harbour master, though I'm keeping quiet about it for now.",
        true,
        'affirmation',
      ],
      [
        'Marta Silva',
        "Tomasz mended my nets yesterday; he didn't mention the harbour master vote.",
        false,
        'topic-but-denies',
      ],
      ['Eli Brooks', 'Somebody said Tomasz is going for harbour master.', true, 'hedge'],
      ['Nadia Haddad', "There's no election for harbour master that I've heard of.", false, 'reworded-negation'],
    ]),
    ...facts('beach-cleanup', 'held-out', [
      ['Marta Silva', "I'm helping at Nadia's North Beach clean-up on Saturday.", true, 'affirmation'],
      ['Eli Brooks', 'Nadia never told me about a clean-up.', false, 'reworded-negation'],
      ['Tomasz Nowak', "Saturday? I don't think anything's happening at the beach.", false, 'reworded-negation'],
      ['Marta Silva', "If I remember right, Nadia's clean-up is this Saturday at nine.", true, 'hedge'],
      [
        'Eli Brooks',
        'The harbour office is cleaning the slipway on Saturday, nothing to do with Nadia.',
        false,
        'someone-else',
      ],
      ['Nadia Haddad', 'I am organising a beach clean-up, yes, Saturday morning.', true, 'affirmation'],
    ]),
    ...facts('quilt-show', 'held-out', [
      [
        'Ben Okafor',
        "Priya's exhibition is on Friday; she's hanging the quilts at the town hall now.",
        true,
        'affirmation',
      ],
      ['Ada Lindqvist', "I haven't heard anything about a show at the town hall.", false, 'denial'],
      ['Ben Okafor', "Priya hasn't mentioned an exhibition, no.", false, 'reworded-negation'],
      ['Ada Lindqvist', "I think it's Priya's quilts at the town hall on Friday, my sister's going.", true, 'hedge'],
      ['Ben Okafor', 'Is there an exhibition? Nobody tells me anything.', false, 'denial'],
    ]),
    ...facts('bakery-sale', 'held-out', [
      ['Priya Raman', "Ben said he's selling the bakery after Christmas.", true, 'affirmation'],
      ['Ada Lindqvist', "Ben Okafor selling? Not that I've heard.", false, 'reworded-negation'],
      ['Priya Raman', "Ben's bakery is for sale, there's a sign in the window.", true, 'affirmation'],
      ['Ada Lindqvist', "I'd be surprised if Ben were selling, he loves that place.", false, 'reworded-negation'],
      ['Ben Okafor', "I've found a buyer for the bakery, but please keep it to yourself.", true, 'affirmation'],
    ]),
    ...facts('mayor', 'held-out', [
      ['Klaus Mueller', "Sam Moore's campaign for mayor starts next week.", true, 'affirmation'],
      ['Maria Lopez', "I don't think Sam is running for mayor, he's retired.", false, 'reworded-negation'],
    ]),
    ...facts('valentine-party', 'held-out', [
      [
        'Klaus Mueller',
        "There's a Valentine's party at Hobbs Cafe, Isabella's been inviting everyone.",
        true,
        'affirmation',
      ],
      ['Maria Lopez', "Isabella hasn't said anything to me about a party.", false, 'reworded-negation'],
    ]),
    ...persons('held-out', [
      ['Tomasz Nowak', 'Eli Brooks', 'Yes, Tomasz and I grew up together.', true, 'affirmation'],
      ['Nadia Haddad', 'Tomasz Nowak', "I'm not sure I know Nadia Haddad.", false, 'hedge'],
      ['Priya Raman', 'Ada Lindqvist', 'Priya Raman is my neighbour.', true, 'affirmation'],
      ['Ben Okafor', 'Priya Raman', "Ben Okafor? No, sorry, who's that?", false, 'denial'],
      ['Marta Silva', 'Eli Brooks', "We've never crossed paths, Marta and I.", false, 'reworded-negation'],
      ['Eli Brooks', 'Nadia Haddad', 'Eli? He drives the ferry, nice fellow.', true, 'affirmation'],
      ['Klaus Mueller', 'Maria Lopez', "Can't say I do. Is Klaus new in town?", false, 'denial'],
    ]),
    // Written with the rest of the held-out part, before the rules changed (a larger part: one error on 17 "knows"
    // would already fall below 0.95).
    ...facts('harbour-master', 'held-out', [
      [
        'Nadia Haddad',
        'Tomasz is going to stand for harbour master, he asked me to vote for him.',
        true,
        'affirmation',
      ],
      ['Marta Silva', "Harbour master? I've no idea who's in the running.", false, 'denial'],
      ['Eli Brooks', 'I believe Tomasz Nowak is a candidate, yes.', true, 'hedge'],
      ['Nadia Haddad', "I don't think Tomasz would ever want to be harbour master.", false, 'reworded-negation'],
      [
        'Marta Silva',
        'Tomasz said the old harbour master is retiring, but he never said who would replace him.',
        false,
        'topic-but-denies',
      ],
    ]),
    ...facts('beach-cleanup', 'held-out', [
      ['Tomasz Nowak', "Yes, Nadia's got a crowd coming to clean up North Beach on Saturday.", true, 'affirmation'],
      ['Marta Silva', 'Nadia asked me to help clean up the beach this weekend, on Saturday I think.', true, 'hedge'],
      ['Eli Brooks', "I haven't been told about anything happening at North Beach.", false, 'denial'],
      ['Tomasz Nowak', 'Is Nadia organising a clean-up? First I hear of it.', false, 'reworded-negation'],
      ['Marta Silva', 'My sister is cleaning her flat on Saturday, if that counts.', false, 'someone-else'],
    ]),
    ...facts('quilt-show', 'held-out', [
      ['Ada Lindqvist', 'Priya invited me to her quilt show at the town hall this Friday.', true, 'affirmation'],
      ['Ben Okafor', "Something about quilts at the town hall? I'm not sure, I wasn't listening.", false, 'hedge'],
      ['Ada Lindqvist', "Priya's never shown her quilts to anyone, as far as I know.", false, 'reworded-negation'],
      ['Priya Raman', "Yes, it's my first exhibition, Friday evening at the town hall.", true, 'affirmation'],
    ]),
    ...facts('bakery-sale', 'held-out', [
      ['Ada Lindqvist', "Ben mentioned he's got a buyer lined up for the bakery.", true, 'affirmation'],
      ['Priya Raman', "Ben hasn't put anything up for sale that I know of.", false, 'reworded-negation'],
      ['Ada Lindqvist', 'No idea. Ben just bakes; he never talks business with me.', false, 'denial'],
      ['Ben Okafor', "I'm not selling the bakery, whatever people say.", false, 'reworded-negation'],
    ]),
    ...facts('mayor', 'held-out', [
      ['Maria Lopez', 'I heard from Tom that Sam Moore is running for mayor.', true, 'hedge'],
      ['Klaus Mueller', "Sam Moore? I haven't heard anything about an election.", false, 'topic-but-denies'],
      ['Maria Lopez', 'Sam is a candidate for mayor, he told everyone at the cafe.', true, 'affirmation'],
    ]),
    ...facts('valentine-party', 'held-out', [
      ['Klaus Mueller', "Isabella's party is at Hobbs Cafe on the 14th, five to seven.", true, 'affirmation'],
      ['Maria Lopez', "There isn't a party at Hobbs Cafe, I was just there.", false, 'reworded-negation'],
    ]),
    ...persons('held-out', [
      ['Ada Lindqvist', 'Ben Okafor', 'Ada? Yes, she teaches at the school.', true, 'affirmation'],
      ['Marta Silva', 'Tomasz Nowak', 'I know Marta well, we fish together.', true, 'affirmation'],
      ['Priya Raman', 'Ben Okafor', "Priya Raman? I don't think so.", false, 'denial'],
      ['Isabella Rodriguez', 'Klaus Mueller', 'Isabella runs Hobbs Cafe, I see her every day.', true, 'affirmation'],
    ]),
  ];
}

// Two more rounds of the tuning part's indirect and mixed answers (issue 38), after judge-corpus-kinds-indirect.ts,
// written after its rules to find what they missed (each miss made a general rule: a relative's act, a cleft of
// another thing, a successor, viewings, "who to"), in other towns and other facts of the same kinds of event.
import type { LabelledAnswer } from './corpus-file.ts';

import { about } from './judge-corpus-rows.ts';

export const KIND_CORPUS_INDIRECT_MORE: readonly LabelledAnswer[] = [
  ...about('Edwin Carrow is retiring as the Lisscombe harbourmaster at Michaelmas.', 'Edwin Carrow', [
    [
      'What do you hear of Edwin Carrow?',
      'Forty years of tides and tugs, and come Michaelmas he has earned his rest.',
      true,
      'indirect',
    ],
    [
      'Any news about Edwin Carrow?',
      "After thirty-odd years on the quay he's hanging up his oilskins at Michaelmas and leaving the harbour to a younger man.",
      true,
      'indirect',
    ],
    [
      "What's Edwin Carrow up to?",
      "He's got a gold watch coming at Michaelmas; the harbour board's already advertising his post.",
      true,
      'indirect',
    ],
    [
      "What's new with Edwin Carrow?",
      "He's taking the Michaelmas week off to go fishing with his grandson, then he's back on the quay.",
      false,
      'indirect',
    ],
    [
      'Heard about Edwin Carrow?',
      "He's retiring at Michaelmas, that's certain, but I don't know who'll take the harbour on.",
      true,
      'mixed',
    ],
  ]),
  ...about('Nell Ambry is closing her bakery on Fore Street in Polwenna next month.', 'Nell Ambry', [
    [
      'Any news about Nell Ambry?',
      "She's baking her last loaves next month; after that the bakery on Fore Street stays shut.",
      true,
      'indirect',
    ],
    [
      "What's happening at Nell Ambry's bakery?",
      "Closing-down sale next month, everything must go, then that's it for the bakery.",
      true,
      'indirect',
    ],
    [
      'Any news about Nell Ambry?',
      'She shuts the bakery at two on Wednesdays now, half-day closing.',
      false,
      'indirect',
    ],
    ["What's Nell Ambry up to?", "She's closing her bakery next month, yes, but I can't tell you why.", true, 'mixed'],
    ["What's new with Nell Ambry?", "She's closing the tea corner at the back, not the bakery itself.", false, 'mixed'],
    ["What's happening at Nell Ambry's bakery?", 'Shutting. Next month.', true, 'fragment'],
  ]),
  ...about('Gideon Tate is selling Higher Barton farm at Sennen Cove.', 'Gideon Tate', [
    [
      'Any news about Gideon Tate?',
      "Higher Barton is up for auction in the spring; Gideon's letting the agents handle it.",
      true,
      'indirect',
    ],
    [
      "What's Gideon Tate up to?",
      "He's parting with Higher Barton farm; there've been buyers looking round all week.",
      true,
      'indirect',
    ],
    [
      "What's new with Gideon Tate?",
      "He's been selling eggs and honey at the farm gate at Higher Barton.",
      false,
      'indirect',
    ],
    [
      'Heard about Gideon Tate?',
      "He's selling his tractor, not the farm. Higher Barton stays in the family.",
      false,
      'mixed',
    ],
  ]),
  ...about('Kezia Lowe is engaged to Arthur Penhale.', 'Kezia Lowe', [
    [
      'Any news about Kezia Lowe?',
      "Arthur proposed on the clifftop and she said yes. There's a ring on her finger now.",
      true,
      'indirect',
    ],
    [
      "What's new with Kezia Lowe?",
      "She and Arthur have set a date; the banns are being read at St Piran's.",
      true,
      'indirect',
    ],
    ["What's Kezia Lowe up to?", "She's planning her brother's stag do, heaven help us.", false, 'indirect'],
    [
      'Any news about Kezia Lowe?',
      'Arthur Penhale got engaged last month, but not to Kezia. A girl from Truro.',
      false,
      'mixed',
    ],
  ]),
  ...about('Maud Trevithick of Crellow is pregnant with her first child.', 'Maud Trevithick', [
    [
      'Any news about Maud Trevithick?',
      "She's got a little one on the way, and her mother's already knitting booties.",
      true,
      'indirect',
    ],
    [
      "What's new with Maud Trevithick?",
      "She's going on maternity leave at Easter; the baby's due in May.",
      true,
      'indirect',
    ],
    [
      "What's Maud Trevithick up to?",
      "She's been helping at the toddler group in Crellow on Tuesdays.",
      false,
      'indirect',
    ],
    ['Heard about Maud Trevithick?', "She's pregnant, I know that, but I don't know when it's due.", true, 'mixed'],
  ]),
  ...about('Ossian Bray is standing for mayor of Porthkennack.', 'Ossian Bray', [
    [
      'Any news about Ossian Bray?',
      "He's out canvassing every evening; his rosette's bigger than his head.",
      true,
      'indirect',
    ],
    [
      "What's Ossian Bray up to?",
      "He's asking everyone for their votes; says Porthkennack needs a mayor who listens.",
      true,
      'indirect',
    ],
    ["What's new with Ossian Bray?", "He's been moaning to the mayor about the car park charges.", false, 'indirect'],
    [
      'Any news about Ossian Bray?',
      "He's standing for mayor, sure, but I don't know if anyone will vote for him.",
      true,
      'mixed',
    ],
  ]),
  ...about('Faye Moreton is opening a pottery studio on Cliff Road in Trevalga.', 'Faye Moreton', [
    [
      'Any news about Faye Moreton?',
      "She's taken a lease on the old shop on Cliff Road and it's going to be a pottery studio. Opening day's in June.",
      true,
      'indirect',
    ],
    [
      "What's Faye Moreton up to?",
      "She's converting the boathouse on Cliff Road into a studio where you can throw your own pots.",
      true,
      'indirect',
    ],
    ["What's new with Faye Moreton?", "She's been taking pottery classes in Bude on Thursdays.", false, 'indirect'],
    [
      'Heard about Faye Moreton?',
      "She's opening a pottery studio on Cliff Road, but I don't know what she'll charge.",
      true,
      'mixed',
    ],
  ]),
  ...about('Rhodri Vaughan is emigrating from Llanfair Dell to New Zealand in March.', 'Rhodri Vaughan', [
    [
      'Any news about Rhodri Vaughan?',
      "He's bought a one-way ticket to Auckland for March. Says his goodbyes at the chapel on Sunday.",
      true,
      'indirect',
    ],
    [
      "What's new with Rhodri Vaughan?",
      "He's selling up and starting a new life in New Zealand come March.",
      true,
      'indirect',
    ],
    [
      "What's Rhodri Vaughan up to?",
      "He's off to New Zealand for three weeks in March to see his brother, then home again.",
      false,
      'indirect',
    ],
    [
      'Any news about Rhodri Vaughan?',
      "His son is emigrating to New Zealand in March; Rhodri's staying on at the farm.",
      false,
      'mixed',
    ],
  ]),
  ...about('Bea Harker has a new job as manager of the Crellow garden centre.', 'Bea Harker', [
    ['Any news about Bea Harker?', 'The garden centre in Crellow has taken her on as manager.', true, 'indirect'],
    [
      "What's new with Bea Harker?",
      "She's been offered the manager's post at the garden centre and accepted.",
      true,
      'indirect',
    ],
    [
      "What's Bea Harker up to?",
      "She's been buying bedding plants at the garden centre every weekend.",
      false,
      'indirect',
    ],
  ]),
  ...about('The Trevalga regatta has been moved to the last weekend of September.', '', [
    [
      'Any news about the Trevalga regatta?',
      "They've shifted it to the end of September because of the spring tides.",
      true,
      'indirect',
    ],
    [
      "What's happening with the regatta?",
      "It's been rescheduled for the last weekend of September.",
      true,
      'indirect',
    ],
    [
      'Any news about the Trevalga regatta?',
      "The regatta's on the same weekend as ever; the crabbing contest has moved to September.",
      false,
      'mixed',
    ],
  ]),
  ...about('Père Anselm Duguay is retiring as the vicar of Skellow at Whitsun.', 'Anselm Duguay', [
    [
      "What's new with Anselm Duguay?",
      "Whitsun will be his last service; he's giving the parish over to a new man and going to grow tomatoes.",
      true,
      'indirect',
    ],
    [
      'Any news about Anselm Duguay?',
      'The diocese is advertising for his successor; he finishes at Whitsun.',
      true,
      'indirect',
    ],
    [
      "What's Anselm Duguay up to?",
      "He's taking the Whitsun service at the abbey this year instead of Skellow.",
      false,
      'indirect',
    ],
    ['Heard about Anselm Duguay?', "He's been on a retreat, back on Sunday.", false, 'indirect'],
  ]),
  ...about("Wilf Garside is closing the Skellow ironmonger's at the end of the year.", 'Wilf Garside', [
    [
      'Any news about Wilf Garside?',
      "He's selling off the last of the nails and paraffin; come New Year the ironmonger's won't open again.",
      true,
      'indirect',
    ],
    [
      "What's happening at the ironmonger's?",
      "Everything must go by Christmas. Wilf's locking up for good at the end of the year.",
      true,
      'indirect',
    ],
    ["What's Wilf Garside up to?", "He shuts the ironmonger's at one on Saturdays these days.", false, 'indirect'],
    [
      'Any news about Wilf Garside?',
      "He's closing the ironmonger's, I'm sure of it, but I don't know what'll go in there instead.",
      true,
      'mixed',
    ],
    [
      'Any news in Skellow?',
      "Wilf Garside is closing the yard at the back, but the ironmonger's itself carries on.",
      false,
      'mixed',
    ],
  ]),
  ...about('Thora Haig is selling the Brindle Hotel in Oxwich Sands.', 'Thora Haig', [
    [
      "What's Thora Haig up to?",
      "The Brindle's on the books with an estate agent in Swansea; she's had three viewings.",
      true,
      'indirect',
    ],
    ['Any news about Thora Haig?', "She's accepting offers on the Brindle Hotel, I saw it online.", true, 'indirect'],
    ["What's new with Thora Haig?", "She's been buying new beds for every room at the Brindle.", false, 'indirect'],
    ['Any news about the Brindle Hotel?', "Thora's selling it, yes, but I couldn't say who to.", true, 'mixed'],
    [
      "What's Thora Haig up to?",
      "She sold her old Land Rover, not the hotel. The Brindle isn't going anywhere.",
      false,
      'mixed',
    ],
  ]),
  ...about('Ruairi Moss is marrying Esther Quinn at Brindle Abbey in October.', 'Ruairi Moss', [
    [
      "What's new with Ruairi Moss?",
      "He's got a best man and a suit and a bride-to-be called Esther. October at the abbey.",
      true,
      'indirect',
    ],
    ['Any news about Ruairi Moss?', "He's best man at his cousin's wedding in October.", false, 'indirect'],
    [
      "What's Ruairi Moss up to?",
      "He's marrying Esther in October, but I don't know if they'll have a honeymoon.",
      true,
      'mixed',
    ],
  ]),
  ...about('Lottie Fenn of Oxwich Sands is expecting twins in June.', 'Lottie Fenn', [
    [
      'Any news about Lottie Fenn?',
      "She's doubling up on everything: two cots, two prams, due in June.",
      true,
      'indirect',
    ],
    ["What's new with Lottie Fenn?", "Twins! She's going to be a mum twice over come June.", true, 'indirect'],
    ["What's Lottie Fenn up to?", "She's minding her sister's twins while her sister's at work.", false, 'indirect'],
    ['Any news about Lottie Fenn?', "She's expecting twins, but I don't know if they're boys or girls.", true, 'mixed'],
  ]),
  ...about('Mabli Rees is standing for the Skellow district council in May.', 'Mabli Rees', [
    [
      "What's Mabli Rees up to?",
      "Her name's on the ballot for the district council in May; she's been round every farm asking for support.",
      true,
      'indirect',
    ],
    [
      'Any news about Mabli Rees?',
      "She's been writing to the district council about the bus service for months.",
      false,
      'indirect',
    ],
    [
      "What's new with Mabli Rees?",
      "She's standing for the council, true, but I don't know which ward.",
      true,
      'mixed',
    ],
  ]),
  ...about('Kasimir Wolny is opening a fish and chip shop on Quay Parade in Oxwich Sands.', 'Kasimir Wolny', [
    [
      "What's Kasimir Wolny up to?",
      "He's doing up the old bait shop on Quay Parade; it'll be frying cod and chips by the summer.",
      true,
      'indirect',
    ],
    ['Any news about Kasimir Wolny?', 'He eats at the chip shop on Quay Parade every Friday.', false, 'indirect'],
    [
      'Any news in Oxwich Sands?',
      "Kasimir Wolny is opening a chip shop on Quay Parade, yes, though I don't know what he'll call it.",
      true,
      'mixed',
    ],
  ]),
  ...about('Hester Gale is moving from Skellow to the Isle of Skye this summer.', 'Hester Gale', [
    ["What's new with Hester Gale?", "The removal men come in July; she's off to Skye for good.", true, 'indirect'],
    ['Any news about Hester Gale?', "She's packing up the cottage; a new life on Skye this summer.", true, 'indirect'],
    ["What's Hester Gale up to?", "She's been to Skye on holiday again, came back with a tan.", false, 'indirect'],
    [
      'Any news about Hester Gale?',
      "She's moving to Skye, that's certain, but I don't know when exactly.",
      true,
      'mixed',
    ],
  ]),
  ...about('The Skellow sheepdog trials have been postponed until October.', '', [
    [
      'Any news about the sheepdog trials?',
      "They've put them off till October; the top field's waterlogged.",
      true,
      'indirect',
    ],
    ["What's happening with the Skellow sheepdog trials?", 'Pushed to October. Too wet.', true, 'fragment'],
    [
      'Any news about the sheepdog trials?',
      "They're in August as usual; it's the ploughing match that's been put back.",
      false,
      'mixed',
    ],
  ]),
];

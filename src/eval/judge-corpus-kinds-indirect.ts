// The tuning part's acts said indirectly and mixed answers (issue 38, after the third blind part): an act said by
// its consequences or an idiom ("swapping the post office counter for her allotment", "the removal van's booked",
// "asking for our votes"), beside answers that look alike and say another thing (a fortnight away, a habit, letters
// to the council, a relative's twins); an act affirmed and a further thing not known ("but I couldn't tell you who'll
// run the post office after") beside another object or person affirmed and the fact's denied ("her old car, not the
// shop", "but not to Ines"); terse fragments. Written for these rules (src/town/idiom-consequences.ts, judge.ts), in
// towns that appear nowhere else, one fact per kind of event: retiring, closing, selling, marrying, a baby, standing,
// opening, moving away, a new job, a date put back. Two more rounds of such facts in judge-corpus-kinds-indirect-2.ts.
import type { LabelledAnswer } from './corpus-file.ts';
import { KIND_CORPUS_INDIRECT_MORE } from './judge-corpus-kinds-indirect-2.ts';
import { about } from './judge-corpus-rows.ts';

export const KIND_CORPUS_INDIRECT: readonly LabelledAnswer[] = [
  ...about('Morwenna Pascoe is retiring as the Pendlecombe postmistress in July.', 'Morwenna Pascoe', [
    [
      'Any news about Morwenna Pascoe?',
      "Come July she's done with stamps and pensions for good. Forty years behind that counter is plenty, she told me.",
      true,
      'indirect',
    ],
    [
      "What's Morwenna Pascoe up to?",
      "She's counting the days till she can swap the post office counter for her allotment.",
      true,
      'indirect',
    ],
    [
      'Heard about Morwenna Pascoe?',
      "Her last day behind the counter ever is in July, then it's a well-earned rest.",
      true,
      'indirect',
    ],
    [
      "What's new with Morwenna Pascoe?",
      "She'll be collecting her pension instead of handing them out after July.",
      true,
      'indirect',
    ],
    [
      'Any news about Morwenna Pascoe?',
      "She's off to her sister's for a fortnight in July, then back behind the counter.",
      false,
      'indirect',
    ],
    [
      "What's Morwenna Pascoe up to?",
      "She's swapping the old scales for a new digital one at the post office.",
      false,
      'indirect',
    ],
    [
      "What's new with Morwenna Pascoe?",
      "She's retiring in the summer, that much I know, but I couldn't tell you who'll run the post office after.",
      true,
      'mixed',
    ],
    ['Any news from Pendlecombe?', "Somebody at the post office is retiring, but I don't know who.", false, 'mixed'],
    ["What's Morwenna Pascoe up to?", 'Retiring. July.', true, 'fragment'],
  ]),
  ...about('Hamish Dunlop is closing the Gannet Inn at Quillon Bay after the harvest festival.', 'Hamish Dunlop', [
    [
      "What's happening at the Gannet Inn?",
      'Hamish is pulling his last pints after the harvest festival, then the shutters come down for good.',
      true,
      'indirect',
    ],
    [
      'Any news about the Gannet Inn?',
      "Shutting up shop after the harvest festival, Hamish says. The brewery won't renew.",
      true,
      'indirect',
    ],
    [
      "What's Hamish Dunlop up to?",
      "He's calling time at the Gannet for good once the harvest festival's over.",
      true,
      'indirect',
    ],
    [
      'Any news about Hamish Dunlop?',
      'He calls last orders at half ten on Sundays now, the licence says so.',
      false,
      'indirect',
    ],
    [
      "What's happening at the Gannet Inn?",
      "They're shut for a week while Hamish redoes the floors, then it's business as usual.",
      false,
      'indirect',
    ],
    [
      'Any news about Hamish Dunlop?',
      "He's closing the Gannet, yes, but I've no idea what'll happen to the building.",
      true,
      'mixed',
    ],
    [
      "What's Hamish Dunlop up to?",
      "He's closing the skittle alley, not the inn. The Gannet stays open.",
      false,
      'mixed',
    ],
    ["What's happening at the Gannet Inn?", 'Closing down. After the festival.', true, 'fragment'],
  ]),
  ...about('Agata Nowak is selling her flower shop on Rope Walk in Marrowby.', 'Agata Nowak', [
    [
      'Any news about Agata Nowak?',
      "There's an estate agent's board up outside her flower shop on Rope Walk.",
      true,
      'indirect',
    ],
    [
      "What's Agata Nowak up to?",
      "She's looking for a buyer for the flower shop; a couple from Truro came round to view it.",
      true,
      'indirect',
    ],
    [
      "What's new with Agata Nowak?",
      "She's parting with the flower shop, the asking price is in the paper.",
      true,
      'indirect',
    ],
    [
      "What's Agata Nowak up to?",
      "She's been complaining to the landlord about the flower shop's leaky roof.",
      false,
      'indirect',
    ],
    [
      'Any news in Marrowby?',
      "Agata Nowak is selling the flower shop, yes, but I don't know who's taking it on.",
      true,
      'mixed',
    ],
    ["What's Agata Nowak up to?", "She's selling her old car, not the shop. The shop's going nowhere.", false, 'mixed'],
  ]),
  ...about('Ines Duarte is marrying Tobias Wren at Windle End chapel in September.', 'Ines Duarte', [
    [
      'Any news about Ines Duarte?',
      "Tobias finally popped the question and she said yes! It's the chapel in September.",
      true,
      'indirect',
    ],
    [
      "What's new with Ines Duarte?",
      "She's showing everyone her engagement ring. Tobias Wren, September, Windle End chapel.",
      true,
      'indirect',
    ],
    [
      "What's Ines Duarte up to?",
      "She's a bridesmaid at her cousin's wedding in September, so it's dress fittings every weekend.",
      false,
      'indirect',
    ],
    [
      'Any news about Ines Duarte?',
      "She's marrying Tobias, that's settled, but I don't know where they'll live.",
      true,
      'mixed',
    ],
    [
      "What's new with Ines Duarte?",
      'Tobias Wren is getting married in September, but not to Ines. Some girl from Bristol.',
      false,
      'mixed',
    ],
  ]),
  ...about('Siobhan Keane of Harrowgate Fold is expecting a baby in the spring.', 'Siobhan Keane', [
    [
      'Any news about Siobhan Keane?',
      "She's been painting the nursery and there's a pram in the hall. Due in the spring.",
      true,
      'indirect',
    ],
    [
      "What's new with Siobhan Keane?",
      "She's going to be a mum in the spring! Eating for two already, she says.",
      true,
      'indirect',
    ],
    [
      'Heard about Siobhan Keane?',
      "Another mouth to feed at the Keanes' come spring, and she's thrilled.",
      true,
      'indirect',
    ],
    ['Any news about Siobhan Keane?', "She's been babysitting her nephew most evenings.", false, 'indirect'],
    [
      "What's new with Siobhan Keane?",
      "She's expecting, I know that much, but I don't know if it's a boy or a girl.",
      true,
      'mixed',
    ],
    [
      'Any news about Siobhan Keane?',
      'Her sister is expecting in the spring; Siobhan is going to be an aunt.',
      false,
      'mixed',
    ],
  ]),
  ...about('Dev Malhotra is standing for the Quillon Bay town council.', 'Dev Malhotra', [
    [
      "What's Dev Malhotra up to?",
      "He's been knocking on doors all week asking for our votes for the town council.",
      true,
      'indirect',
    ],
    [
      'Any news about Dev Malhotra?',
      'His face is on posters all over Quillon Bay; he wants a seat on the town council.',
      true,
      'indirect',
    ],
    ['Heard about Dev Malhotra?', "I'll be voting for him in May. He'll shake up that council.", true, 'indirect'],
    [
      "What's new with Dev Malhotra?",
      'He wrote a furious letter to the town council about the bins.',
      false,
      'indirect',
    ],
    ['Any news about Dev Malhotra?', "He's been handing out leaflets for the lifeboat raffle.", false, 'indirect'],
    [
      'Any news about the Quillon Bay council election?',
      "Dev Malhotra is standing, yes, but I don't know if he'll get in.",
      true,
      'mixed',
    ],
    ["What's new with Dev Malhotra?", 'His wife Priti is standing for the council, not Dev himself.', false, 'mixed'],
  ]),
  ...about('Rowena Blake is opening a tearoom in the old chapel at Tresk.', 'Rowena Blake', [
    [
      "What's Rowena Blake up to?",
      "She's turning the old chapel at Tresk into a tearoom; the doors open in May.",
      true,
      'indirect',
    ],
    [
      'Any news about Rowena Blake?',
      "She's fitting out the old chapel with tables and a cake counter. Grand opening at Easter.",
      true,
      'indirect',
    ],
    [
      "What's new with Rowena Blake?",
      "She's been helping her aunt at the Tresk tearoom on Saturdays.",
      false,
      'indirect',
    ],
    [
      'Any news from Tresk?',
      'Rowena Blake is opening a tearoom in the old chapel, but nobody knows when.',
      true,
      'mixed',
    ],
    [
      "What's Rowena Blake up to?",
      "Her brother is opening a tearoom in the old chapel; Rowena's only painting the sign.",
      false,
      'mixed',
    ],
  ]),
  ...about('Joss Penrose is moving from Marrowby to Canada in the new year.', 'Joss Penrose', [
    [
      'Any news about Joss Penrose?',
      "He's packing up the house and trading Marrowby drizzle for Canadian snow in the new year.",
      true,
      'indirect',
    ],
    [
      "What's new with Joss Penrose?",
      "The removal van's booked for January; it's a new life in Canada for him.",
      true,
      'indirect',
    ],
    [
      'Heard about Joss Penrose?',
      "He's been on about Canada for years, but he only ever goes for a fortnight's fishing.",
      false,
      'indirect',
    ],
    [
      "What's new with Joss Penrose?",
      "He's moving abroad in the new year, I know that, but I've forgotten where.",
      true,
      'mixed',
    ],
    [
      'Any news about Joss Penrose?',
      'His daughter is moving to Canada in the new year; Joss is staying put.',
      false,
      'mixed',
    ],
  ]),
  ...about('Tariq Aziz is starting a new job at the Windle End boatyard next week.', 'Tariq Aziz', [
    [
      "What's new with Tariq Aziz?",
      'The boatyard at Windle End has taken him on; he starts there next week.',
      true,
      'indirect',
    ],
    ['Any news about Tariq Aziz?', "He landed the job at the boatyard. First day's next Monday.", true, 'indirect'],
    ["What's Tariq Aziz up to?", "He's been fixing up his own dinghy down by the boatyard.", false, 'indirect'],
    [
      'Any news about Tariq Aziz?',
      "He's starting at the boatyard next week, yes, but I don't know what he'll be doing there.",
      true,
      'mixed',
    ],
    [
      "What's new with Tariq Aziz?",
      'He applied at the boatyard, but they gave the job to someone else.',
      false,
      'mixed',
    ],
  ]),
  ...about('The Pendlecombe carnival has been postponed until August.', '', [
    [
      'Any news about the Pendlecombe carnival?',
      "They've moved it to August because the field's flooded.",
      true,
      'indirect',
    ],
    [
      "What's happening with the carnival?",
      "It's been pushed back till August. New date's on the poster.",
      true,
      'indirect',
    ],
    [
      'Any news about the Pendlecombe carnival?',
      "It's on in July, as always, with the floats down the high street.",
      false,
      'indirect',
    ],
    [
      "What's happening with the carnival?",
      "It's been postponed, I heard, but I couldn't tell you till when.",
      true,
      'mixed',
    ],
    [
      'Any news about the Pendlecombe carnival?',
      "The fun run's been put back to August, not the carnival. The carnival's in July as usual.",
      false,
      'mixed',
    ],
  ]),
  // (after the own probe of tests/fixtures/judge-corpus/own-probe-8.json: opening hours, a part closed for a while,
  // a trip with its return, a vague one of many, a place fundraised for)
  ...about("Osric Penn is closing the Wheelwright's Arms at Ludworth after Christmas.", 'Osric Penn', [
    [
      "What's Osric Penn up to?",
      "He opens the Wheelwright's at noon and shuts it at eleven, same as ever.",
      false,
      'indirect',
    ],
    [
      'Any news about Osric Penn?',
      "He's shutting the skittle alley for the winter; the Wheelwright's itself stays open.",
      false,
      'mixed',
    ],
    [
      'Any news about Osric Penn?',
      "After Christmas the Wheelwright's won't reopen; he's selling the tables already.",
      true,
      'indirect',
    ],
  ]),
  ...about('Tamsin Gill of Ludworth is having a baby in the summer.', 'Tamsin Gill', [
    ["What's new with Tamsin Gill?", "She's expecting in the summer, and her mum's thrilled.", true, 'indirect'],
    ['Any news about Tamsin Gill?', "She's been fundraising for the baby unit at the hospital.", false, 'indirect'],
  ]),
  ...about('Jory Hext is moving from Ludworth to Cape Town in the autumn.', 'Jory Hext', [
    [
      "What's Jory Hext up to?",
      "He's off to Cape Town for a cousin's wedding in the autumn, back in a fortnight.",
      false,
      'indirect',
    ],
  ]),
  ...about('Cordelia Voss is retiring as the Ludworth postmistress in June.', 'Cordelia Voss', [
    [
      'Any news from the Ludworth post office?',
      "One of the clerks is retiring in June, I'm not sure which.",
      false,
      'mixed',
    ],
    [
      'Any news about Cordelia Voss?',
      "June's her last month behind the counter; then it's her roses.",
      true,
      'indirect',
    ],
  ]),
  ...KIND_CORPUS_INDIRECT_MORE,
];

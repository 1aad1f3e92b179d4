// The rule judge meets a fact said in the speaker's own words (issue 38): synonyms of a town's acts (quit for
// resigned, flogging for selling, pregnant for expecting), idioms, a post named after a verb that says nothing;
// and it does not take a word of the fact said as where something else happens, a trip for a move, or the one who
// told it for the one it is about. Facts and answers here are invented for the rules, none from a corpus.
import { describe, expect, it } from 'vitest';
import { labelledKeywords } from '../../src/eval/corpus-file.ts';
import { answerKnowsFact, memorySupportsFact } from '../../src/eval/judge.ts';
import { factKeywords } from '../../src/town/tracked.ts';

const speaker = { name: 'Agnes Moyle', holder: false };
function knows(fact: string, question: string, answer: string): boolean {
  return answerKnowsFact(answer, labelledKeywords({ fact }), speaker, { question, fact });
}

const resign = 'Idris Pugh has resigned as secretary of the Tregaron bowls club.';
const sale = 'Fenella Drake is selling the Anchor Inn to a family from Leeds.';
const baby = 'Saskia Moon is expecting her second baby in November.';
const move = 'Ruairi Quinn is moving to Vancouver in March to join his brother.';
const closing = 'The Dunmore launderette will close for good at the end of May.';
const stand = 'Petra Vale is standing for the district council in the spring election.';
const chef = 'Tobiah Lark has started a new job as head gardener at Penrose Hall.';

describe('a fact said in other words', () => {
  it('a synonym of the act meets it, in the fact’s sense; the same word doing something else does not', () => {
    expect(knows(resign, 'What’s new with Idris Pugh?', 'He’s quit the bowls club, as secretary anyway.')).toBe(true);
    expect(knows(resign, 'What’s new with Idris Pugh?', 'He stepped down from the bowls club last week.')).toBe(true);
    expect(knows(resign, 'What’s new with Idris Pugh?', 'He threw in the towel at the bowls club.')).toBe(true);
    expect(knows(sale, 'Any news of Fenella Drake?', 'She’s flogging the Anchor to some family from Leeds.')).toBe(
      true,
    );
    expect(knows(sale, 'Any news of Fenella Drake?', 'The Anchor’s on the market, she told me.')).toBe(true);
    expect(knows(baby, 'How’s Saskia Moon?', 'Pregnant again! Due in November.')).toBe(true);
    expect(knows(baby, 'How’s Saskia Moon?', 'There’s a bun in the oven, apparently.')).toBe(true);
    expect(knows(stand, 'What’s Petra Vale doing this spring?', 'Running for the district council.')).toBe(true);
    const farm = 'Pol Roskilly is selling his farm to the National Trust.';
    expect(knows(farm, 'What’s Pol Roskilly up to?', 'He’s selling raffle tickets for the lifeboat.')).toBe(false);
    expect(knows(move, 'What’s Ruairi Quinn up to?', 'Off to Vancouver in March, for good.')).toBe(true);
    expect(knows(baby, 'How’s Saskia Moon?', 'She’s expecting twins in November!')).toBe(true);
    expect(knows(stand, 'Is Petra Vale standing for council?', 'She runs the tea room, that’s all I know.')).toBe(
      false,
    );
  });

  it('a synonym goes one way: a fact of leaving is not met by retiring', () => {
    const left = 'Idris Pugh has left the Tregaron bowls club.';
    expect(knows(left, 'What’s new with Idris Pugh?', 'He’s retiring, I hear.')).toBe(false);
    expect(knows(resign, 'What’s new with Idris Pugh?', 'He’s retiring, I hear.')).toBe(true);
  });

  it('a post taken by a verb that says nothing is the act; starting something else is not it', () => {
    expect(factKeywords(chef, 'Tobiah Lark')).toEqual(['Tobiah|Lark|Penrose Hall', 'head*|gardener*']);
    expect(knows(chef, 'Who is Tobiah Lark?', 'He’s the new head gardener up at Penrose Hall.')).toBe(true);
    expect(knows(chef, 'Who is Tobiah Lark?', 'He started at Penrose Hall last month, in the kitchens.')).toBe(false);
  });

  it('a who-question of a sale asks for the other side; where one is going is where one moves', () => {
    expect(knows(sale, 'Who’s buying the Anchor Inn?', 'A family. From Leeds.')).toBe(true);
    expect(knows(move, 'Where’s Ruairi Quinn going?', 'Vancouver.')).toBe(true);
    expect(knows(move, 'Where’s Ruairi Quinn going?', 'Penzance, for his holidays.')).toBe(false);
  });
});

describe('a word of the fact that does not say it', () => {
  it('a word of the fact said as where the clause’s own verb happens', () => {
    const shop = 'Mabyn Rowe is selling her pottery shop on Fore Street.';
    expect(knows(shop, 'What’s Mabyn Rowe up to?', 'She’s taken on a lad at the shop for the summer.')).toBe(false);
    expect(knows(shop, 'What’s Mabyn Rowe up to?', 'Selling the pottery shop, I hear.')).toBe(true);
    // (what is said after a copula is no where: "he's in hospital")
    const ill = 'Hector Bligh has been diagnosed with shingles and is in the Truro hospital.';
    expect(knows(ill, 'How’s Hector Bligh?', 'He’s in hospital, poor man.')).toBe(true);
  });

  it('a word of the fact as the object of another act, or the fact’s verb with an object of its own', () => {
    const show = 'Lamorna Bray has won the county sheepdog trials at Liskeard.';
    expect(knows(show, 'What’s Lamorna Bray been up to?', 'Judging the sheepdog trials at Liskeard.')).toBe(false);
    expect(knows(show, 'What’s Lamorna Bray been up to?', 'She won the sheepdog trials at Liskeard!')).toBe(true);
    const retire = 'Jowan Keast is retiring as harbourmaster at Mevagissey.';
    expect(knows(retire, 'What’s new with Jowan Keast?', 'He’s retiring the old pilot boat, got a new one.')).toBe(
      false,
    );
    expect(knows(retire, 'What’s new with Jowan Keast?', 'He’s retiring, end of the season.')).toBe(true);
    // (a relative who is somewhere is who the clause is about)
    const ill = 'Jowan Keast is in Treliske hospital with a broken leg.';
    expect(knows(ill, 'How’s Jowan Keast?', 'His wife’s in Treliske, broke her leg.')).toBe(false);
  });

  it('a bare no to a question naming the act, or the person staying on, is not knowing', () => {
    const prize = 'Talan Rowse has won the Bodmin show’s prize for the heaviest pumpkin.';
    expect(knows(prize, 'Did Talan Rowse win at the show?', 'Not a thing. His pumpkin split the night before.')).toBe(
      false,
    );
    expect(knows(prize, 'Did Talan Rowse win at the show?', 'He did, heaviest pumpkin by a mile.')).toBe(true);
    // (a no to a question that does not name the act is no denial of it)
    const sell = 'Kensa Bolitho is selling her tea room on the harbour.';
    expect(knows(sell, 'Is Kensa keeping the tea room?', 'No. She’s selling it, end of the month.')).toBe(true);
    const retire = 'Father Jago Nance is retiring from St Petroc’s at Easter.';
    expect(knows(retire, 'Who’s retiring from St Petroc’s?', 'The organist. Father Nance is staying on.')).toBe(false);
    expect(knows(retire, 'What’s new with Father Nance?', 'He’s retiring the old parish car, got a new one.')).toBe(
      false,
    );
  });

  it('a tag mid-sentence denies nothing; a big day is a wedding; the buyer of a takeover is the other side', () => {
    const wed = 'Morvoren Lugg is marrying Peder Opie at Lanteglos church in June.';
    expect(
      knows(wed, 'Why is Morvoren always at the dressmaker’s?', 'Her big day’s in June, isn’t it, her and Peder.'),
    ).toBe(true);
    const shop = 'Elestren Vose is selling her flower shop to her assistant, Lowdy.';
    expect(knows(shop, 'Who’s taking over the flower shop?', 'Lowdy.')).toBe(true);
    expect(knows(shop, 'Who’s taking over the flower shop?', 'No idea, ask Elestren.')).toBe(false);
  });

  it('a when-question naming the act asks its time; a place of a trade meets the trade', () => {
    const shut = 'Hedley Voss is closing his ironmonger’s on Market Street at Easter.';
    expect(knows(shut, 'When’s the ironmonger’s closing?', 'Easter.')).toBe(true);
    expect(knows(shut, 'When’s the ironmonger’s closing?', 'August, I think.')).toBe(false);
    const dance = 'The Treen village hall will host a barn dance on the first Saturday of May.';
    expect(knows(dance, 'When’s the barn dance?', 'First Saturday in May.')).toBe(true);
    expect(knows(dance, 'When’s the barn dance?', 'Some time in July, I think.')).toBe(false);
    const brew = 'Senara Hocking is opening a brewery in the old dairy at Polruan.';
    expect(knows(brew, 'Have you heard about the old dairy?', 'Senara’s brewing there from the spring.')).toBe(true);
    expect(
      knows(brew, 'What’s Senara Hocking up to?', 'She’s opened a little café selling pasties, at the dairy.'),
    ).toBe(false);
  });

  it('no more of what stops says it stops; no more talk of it does not', () => {
    const ferry = 'The Polruan ferry will stop running at the end of October.';
    const q = 'What’s happening with the Polruan ferry?';
    expect(knows(ferry, q, 'It’s finishing at the end of October. No more ferry after that.')).toBe(true);
    expect(knows(ferry, q, 'No more talk of stopping it, they found the money.')).toBe(false);
  });

  it('a lasting act said for a while only; a trip is not a move', () => {
    expect(knows(closing, 'What’s happening to the launderette?', 'Shutting for good at the end of May.')).toBe(true);
    expect(
      knows(closing, 'What’s happening to the launderette?', 'They’re closing it for a week to fix the machines.'),
    ).toBe(false);
    expect(knows(move, 'What’s Ruairi Quinn up to?', 'He’s off to Vancouver for a fortnight, then back.')).toBe(false);
    expect(knows(move, 'What’s Ruairi Quinn up to?', 'He’s off to Vancouver in March, for good.')).toBe(true);
  });

  it('who told it is not who it is about, unless they tell of their own act', () => {
    const run = 'Osric Penhale is running for harbour master.';
    const q = 'Is anyone running for harbour master?';
    expect(knows(run, q, 'Osric said the old harbour master is retiring, nothing more.')).toBe(false);
    expect(knows(run, q, 'From what Osric was saying, he’s putting his name forward for harbour master.')).toBe(true);
    const bakery = 'Lowenna Hart is selling the Fore Street bakery.';
    expect(knows(bakery, 'Any news of the bakery?', 'Lowenna told me the bakery’s been sold.')).toBe(true);
    expect(knows(resign, 'Is Idris still secretary?', 'Somebody down the shop said he’d quit the bowls club.')).toBe(
      true,
    );
  });

  it('asking to have confirmed what one heard asserts it, unless the answer goes on to deny it', () => {
    const q = 'Have you heard anything about Saskia Moon?';
    expect(knows(baby, q, 'Is it true she’s pregnant again? Someone at the school gate said so.')).toBe(true);
    expect(knows(baby, q, 'Is it true she’s pregnant again? No idea, I haven’t seen her.')).toBe(false);
  });

  it('a speaker’s word on itself after a comma takes nothing back; "only to" does', () => {
    const race = 'Jory Tamblyn is running the Looe half marathon to raise money for the hospice.';
    const q = 'What’s Jory Tamblyn doing for the hospice?';
    expect(knows(race, q, 'Running the Looe half marathon, I wasn’t told when.')).toBe(true);
    const dog = 'Wenna Trask is adopting a retired greyhound from the Bodmin shelter.';
    expect(knows(dog, 'What’s Wenna Trask up to?', 'She’s at the Bodmin shelter a lot, but only to help out.')).toBe(
      false,
    );
  });
});

describe('a memory grounds a fact said in other words', () => {
  it('a synonym of the act with the person grounds it; the person doing something else does not', () => {
    const kw = factKeywords(resign, 'Idris Pugh');
    expect(memorySupportsFact('Idris Pugh told me he quit as secretary of the bowls club.', kw, resign)).toBe(true);
    expect(memorySupportsFact('Idris Pugh bowled badly at the club today.', kw, resign)).toBe(false);
  });
});

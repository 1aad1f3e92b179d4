// The rule judge reads acts said by their consequences and mixed answers (issue 38, after the third blind part): one
// family of phrases per kind of event (src/town/idiom-consequences.ts), each with its look-alikes that say another
// thing; an act affirmed with a further thing not known; another object or person affirmed and the fact's denied; a
// terse fragment after a question about the thing the act is done to.
import { describe, expect, it } from 'vitest';
import { labelledKeywords } from '../../src/eval/corpus-file.ts';
import { answerKnowsFact } from '../../src/eval/judge.ts';
import { unknownBeyond } from '../../src/eval/polarity.ts';
import { consequencesIn, withConsequences } from '../../src/town/idiom-consequences.ts';

const speaker = { name: 'Ivo Brent', holder: false };
function knows(fact: string, question: string, answer: string): boolean {
  return answerKnowsFact(answer, labelledKeywords({ fact }), speaker, { question, fact });
}

const retire = 'Dilys Probert is retiring as the Cwmfelin schoolmistress at Christmas.';
const close = 'Barnaby Quick is closing the Plough at Netherby in March.';
const sell = 'Yusra Kamal is selling her pottery on Mill Wynd in Carnbee.';
const marry = 'Lorcan Tully is marrying Ffion Hale at Carnbee kirk in May.';
const baby = 'Carys Lamb of Netherby is expecting a baby in the autumn.';
const stand = 'Ravi Desai is standing for the Carnbee community council.';
const open = 'Wenna Trask is opening a bicycle repair shop in the old dairy at Netherby.';
const move = 'Aled Price is moving from Cwmfelin to Norway next spring.';
const job = 'Sorcha Bell is starting a new job as manager of the Netherby creamery.';
const later = 'The Carnbee gala has been postponed until September.';

describe('acts said by their consequences', () => {
  it('each family says its act only with the mark that makes it so', () => {
    expect(
      knows(retire, 'Any news about Dilys?', "She's swapping the register for her greenhouse after Christmas."),
    ).toBe(true);
    expect(knows(retire, 'Any news about Dilys?', 'Thirty years in that classroom is plenty, she says.')).toBe(true);
    expect(
      knows(retire, 'Any news about Dilys?', "She's off on a course over Christmas, then back to her class."),
    ).toBe(false);
    expect(
      knows(close, 'Any news about Barnaby?', "He's pulling his last pints in March; then the doors stay shut."),
    ).toBe(true);
    expect(knows(close, 'Any news about Barnaby?', 'He calls last orders at ten on weeknights now.')).toBe(false);
    expect(knows(sell, 'What is Yusra up to?', "There's an estate agent's board outside the pottery.")).toBe(true);
    expect(
      knows(sell, 'What is Yusra up to?', "She's been complaining to the council about the pottery's drains."),
    ).toBe(false);
    expect(knows(marry, 'Any news about Lorcan?', 'He popped the question to Ffion and she said yes!')).toBe(true);
    expect(knows(marry, 'Any news about Lorcan?', "He's best man at his cousin's wedding in May.")).toBe(false);
    expect(
      knows(baby, 'Any news about Carys?', "She's decorating the nursery; there'll be one more at her table."),
    ).toBe(true);
    expect(knows(baby, 'Any news about Carys?', "She's minding her sister's baby on Fridays.")).toBe(false);
    expect(knows(stand, 'Any news about Ravi?', "He's out canvassing every evening, asking for our votes.")).toBe(true);
    expect(
      knows(stand, 'Any news about Ravi?', 'He wrote a furious letter to the community council about parking.'),
    ).toBe(false);
    expect(
      knows(open, 'What is Wenna up to?', "She's turning the old dairy into a workshop where you bring punctures."),
    ).toBe(true);
    expect(knows(move, 'Any news about Aled?', "The removal van's booked for spring; it's a new life in Norway.")).toBe(
      true,
    );
    expect(knows(move, 'Any news about Aled?', "He's off to Norway for a fortnight's fishing, then home.")).toBe(false);
    expect(knows(job, 'Any news about Sorcha?', 'The creamery has taken her on as manager.')).toBe(true);
    expect(knows(later, 'Any news about the gala?', "They've moved it to September because of the field.")).toBe(true);
    expect(knows(later, 'Any news about the gala?', "It's the dog show that's been put back, not the gala.")).toBe(
      false,
    );
  });

  it('a phrase is read beside its plain verb, and one with a negation in it is its plain verb', () => {
    expect(withConsequences('She is knitting tiny cardigans.')).toBe(
      'She is expecting a baby, knitting tiny cardigans.',
    );
    expect(withConsequences("The pub won't open again after that.")).toBe('The pub closing after that.');
    expect(consequencesIn('He is calling last orders earlier on weeknights.')).toEqual([]);
  });
});

describe('mixed answers', () => {
  it('a further thing not known leaves the act said; the act itself not known does not', () => {
    expect(unknownBeyond("I've no idea who's buying it")).toBe("who's buying it");
    expect(unknownBeyond("I don't know if it's true")).toBeUndefined();
    expect(unknownBeyond("I couldn't say who")).toBeUndefined();
    expect(
      knows(sell, 'Any news about Yusra?', "She's selling the pottery, yes, but I don't know who's buying it."),
    ).toBe(true);
    expect(
      knows(stand, 'Any news about Ravi?', "He's standing for the council, but I don't know if he'll get in."),
    ).toBe(true);
    expect(
      knows(stand, 'Any news about Ravi?', "He's standing for the council, they say, but I don't know if it's true."),
    ).toBe(false);
    expect(knows(retire, 'Any news at the school?', "Someone is retiring, but I don't know who is retiring.")).toBe(
      false,
    );
  });

  it('another object or person affirmed and the fact denied is not knowing', () => {
    expect(knows(sell, 'What is Yusra up to?', "She's selling her old van, not the pottery.")).toBe(false);
    expect(knows(marry, 'Any news about Lorcan?', 'Ffion is getting married in May, but not to Lorcan.')).toBe(false);
    expect(knows(sell, 'What is Yusra up to?', "She's selling the pottery, not the house.")).toBe(true);
  });

  it('a fragment after a question about the thing the act is done to; a passive done by another', () => {
    expect(knows(close, "What's happening at the Plough?", 'Closing. March.')).toBe(true);
    expect(knows(close, "What's happening at the Plough?", 'Quiz night. Thursdays.')).toBe(false);
    expect(knows(sell, "What's happening at Yusra's pottery?", "It's been sold. By that Mared Ellis, I think.")).toBe(
      false,
    );
  });
});

// Causes found in the seventh blind part, taken as tuning data (issue 38): a hedge on the speaker's own word, a light
// verb, the owner said after the thing, selling said as a thing put up for grabs or an agent's board, a thing turned
// into another, a person converted to a belief, going across a sea, a word of an act said of a character, a condition a
// sentence opens with, a post held at a place, one who told the person, a list of clauses each with its own subject, a
// post said by a word for any post, the thing a question names by a word that does not say which, since when a state
// has held. Facts, questions and answers here are invented for the rules, none from a corpus.
import { describe, expect, it } from 'vitest';
import { labelledKeywords } from '../../src/eval/corpus-file.ts';
import { answerKnowsFact } from '../../src/eval/judge.ts';
import { withGoingThere, withoutConditions } from '../../src/eval/judge-rewrite.ts';
import { ownerOnly, thingAsked } from '../../src/eval/judge-who.ts';
import { clauses, negated, withoutSelfDoubt } from '../../src/eval/polarity.ts';
import { withoutSource } from '../../src/eval/question-reading.ts';
import { withoutOtherSenses, withPlainVerbs } from '../../src/town/idioms.ts';
import { factKeywords, isCommonWord } from '../../src/town/tracked.ts';

const speaker = { name: 'Carys Pengelly', holder: false };
function knows(fact: string, question: string, answer: string): boolean {
  return answerKnowsFact(answer, labelledKeywords({ fact }), speaker, { question, fact });
}

describe('a hedge on the speaker’s own word', () => {
  const fact = 'Ambrose Tully is selling his narrowboat at Lower Wharf.';
  it('a condition that the speaker or its source is not wrong denies nothing', () => {
    expect(negated("He's selling the narrowboat, if I'm not mistaken")).toBe(false);
    expect(negated("He's selling the narrowboat, unless my memory's playing tricks")).toBe(false);
    expect(negated("He's not selling the narrowboat, if I'm not mistaken")).toBe(true);
    expect(knows(fact, 'Any news of Ambrose?', "Selling the narrowboat, if his brother wasn't winding me up.")).toBe(
      true,
    );
  });

  it('the one a hedge names is a source, and a condition on anything else stays a condition', () => {
    expect(withoutSelfDoubt("Selling the boat, if Petroc wasn't pulling my leg. Shame.")).toBe(
      'Selling the boat. Shame.',
    );
    expect(knows(fact, 'Any news of Ambrose?', "He's not selling, if I remember right.")).toBe(false);
    expect(
      knows(fact, 'Any news of Ambrose?', "If he isn't selling the narrowboat, I don't know what he's up to."),
    ).toBe(false);
  });
});

describe('a light verb', () => {
  it('every form of "do" is as common as "do": doing an event is holding it, not another act', () => {
    expect(['doing', 'does', 'did', 'done'].every((w) => isCommonWord(w))).toBe(true);
    const fact = 'Morwenna Jago is hosting a plant swap at the Trevellas chapel on Saturday.';
    const q = 'Anything on at the Trevellas chapel?';
    expect(knows(fact, q, "Morwenna's doing a plant swap there Saturday, I think?")).toBe(true);
    expect(knows(fact, q, "Morwenna's doing the flowers for it, that's all I know.")).toBe(false);
  });
});

describe('the owner said after the thing', () => {
  it('a clause that is only the person as owner says whose the thing before it is', () => {
    expect(ownerOnly("that Tamsin woman's, isn't it?", ['tamsin', 'hocking'])).toBe(true);
    expect(ownerOnly("Tamsin Hocking's, I think", ['tamsin', 'hocking'])).toBe(true);
    expect(ownerOnly("Tamsin's sister's", ['tamsin', 'hocking'])).toBe(false);
    expect(ownerOnly("Jory's, isn't it?", ['tamsin', 'hocking'])).toBe(false);
    const fact = 'Tamsin Hocking is opening a climbing wall at Penwartha.';
    const q = "What's the new place going in down by the harbour?";
    expect(knows(fact, q, "A climbing wall — that Tamsin woman's, isn't it?")).toBe(true);
    expect(knows(fact, q, "A climbing wall — Jory's, isn't it?")).toBe(false);
    expect(knows(fact, q, "Not a climbing wall, no — Tamsin's, isn't it?")).toBe(false);
  });
});

describe('selling in other words', () => {
  const fact = 'Gideon Marrack is selling his smallholding at Carn Du.';
  it("a thing put up for grabs, or an agent's board, is for sale; a thing merely up for grabs is not sold", () => {
    expect(knows(fact, "What's Gideon doing with the smallholding?", 'Putting the whole lot up for grabs.')).toBe(true);
    expect(knows(fact, 'Any news of Gideon?', "There's an agent's board at his gate now.")).toBe(true);
    expect(knows(fact, 'Any news of Gideon?', "His old tractor's up for grabs, if you want it.")).toBe(false);
  });
});

describe('converting', () => {
  const fact = 'Lowenna Rowe is converting the old net loft at Polkerris into holiday flats.';
  it('a thing turned into another is converted; one turning into something, with no object, is not', () => {
    expect(withPlainVerbs('Turning it into apartments')).toMatch(/^converting, /);
    expect(withPlainVerbs("He's turning into his father")).not.toMatch(/converting/);
    expect(
      knows(fact, "What's Lowenna doing with the net loft?", 'Turning the loft into apartments, three of them.'),
    ).toBe(true);
  });

  it('a person converted to a belief is persuaded, not a building converted', () => {
    expect(withoutOtherSenses('Converting everyone to her seaweed diet, mostly.', fact)).toBe('persuading, mostly.');
    expect(knows(fact, "What's Lowenna been up to?", 'Converting everyone to her seaweed diet, mostly.')).toBe(false);
    expect(knows(fact, 'Any news of Lowenna?', "She's a convert to paddleboarding, out every morning.")).toBe(false);
  });
});

describe('going across a sea', () => {
  const fact = 'Senara Polglase is moving to Australia from Trevose Head in March.';
  it('off across an ocean or overseas is leaving; "Off" opening a fragment names no one; a trip is not a move', () => {
    expect(withPlainVerbs('Off across the Pacific in March')).toMatch(/^leaving abroad, /);
    expect(knows(fact, 'Is Senara going away?', 'Off across the world in March. For good.')).toBe(true);
    expect(knows(fact, 'Any news of Senara?', 'Moving overseas, March I think.')).toBe(true);
    expect(knows(fact, 'Is Senara going away?', 'Off across the Channel for a week, then back to work.')).toBe(false);
  });
});

describe('a word of an act said of a character', () => {
  const fact = 'Hedley Vosper is retiring as the Trenance harbourmaster at Christmas.';
  it('"a retiring sort", "shy and retiring" are a trait; "the retiring harbourmaster" is the one retiring', () => {
    expect(knows(fact, "What's Hedley like?", 'A retiring sort, keeps to the boathouse.')).toBe(false);
    expect(knows(fact, 'Do you know Hedley?', 'A bit. Shy and retiring, is Hedley.')).toBe(false);
    expect(knows(fact, 'Who is Hedley?', 'The retiring harbourmaster, off at Christmas.')).toBe(true);
  });
});

describe('a condition a sentence opens with', () => {
  const fact = 'Kenwyn Rosewarne of Porthallow is secretly taking singing lessons.';
  it('supposes and says nothing; what follows it is weighed alone', () => {
    expect(withoutConditions("He's a dark horse. If he's got secrets, he keeps them.")).toBe(
      "He's a dark horse. he keeps them.",
    );
    expect(withoutConditions('Line one.\nLine two.')).toBe('Line one.\nLine two.');
    expect(knows(fact, 'Any secrets about Kenwyn?', "If he's taking lessons of any kind, he's kept it from me.")).toBe(
      false,
    );
    expect(knows(fact, 'Is Kenwyn up to anything?', "If you ask me, he's taking singing lessons in Helston.")).toBe(
      true,
    );
  });
});

describe('a post held at a place', () => {
  const fact = 'Jenifer Trudgeon has started a new job as head chef at the Mullion Cove hotel.';
  it('where the post is held says nothing of the act: the post is the act', () => {
    expect(factKeywords(fact, undefined)[1]).toBe('head*|chef*');
    expect(knows(fact, "Where's Jenifer working now?", 'The hotel. Head chef.')).toBe(true);
    expect(knows(fact, 'Any news of Jenifer?', "She's been cooking at home, same as ever.")).toBe(false);
  });

  it('in charge of others is at their head; in charge of one thing is not', () => {
    expect(knows(fact, "Jenifer's got a new job?", 'She has, in charge of all the cooks at the hotel.')).toBe(true);
    expect(knows(fact, 'Any news of Jenifer?', "She's in charge of the tombola at the fair.")).toBe(false);
  });
});

describe('one who told the person', () => {
  const fact = 'Eulalie Pascoe of Mousehole has been diagnosed with asthma.';
  it('"The doctor\'s told him ..." is a source, the person told is who the news is about', () => {
    expect(withoutSource("The doctor's told her she's got asthma")).toBe("she's got asthma");
    expect(withoutSource("Doctor has told her she's got asthma")).toBe("she's got asthma");
    expect(knows(fact, "How's Eulalie keeping?", "The doctor's told her she's got asthma, poor love.")).toBe(true);
    expect(knows(fact, "How's Eulalie keeping?", "Her husband tells her she's got to rest, she won't.")).toBe(false);
  });
});

describe('a list of clauses each with its own subject', () => {
  it("a negation after a comma and a new subject with its verb is that clause's own", () => {
    expect(clauses('Kitto won the cup with his leeks, my onions got nothing, and it hailed.')).toEqual([
      'Kitto won the cup with his leeks',
      'my onions got nothing',
      'and it hailed.',
    ]);
    const fact = 'Kitto Harvey won the cup for his leeks at the Gwithian show.';
    expect(
      knows(fact, 'Any news from the Gwithian show?', 'Kitto won the cup with his leeks, my onions got nothing.'),
    ).toBe(true);
    expect(knows(fact, 'Any news from the Gwithian show?', 'Kitto won nothing, his leeks bolted.')).toBe(false);
  });
});

describe('a post said by a word for any post', () => {
  const fact = 'Wenna Keigwin is the new lock-keeper at Ruan Lanihorne.';
  it('"has the job now" says the post the question names; a job somewhere else is another thing', () => {
    const q = "Who's the new lock-keeper at Ruan Lanihorne?";
    expect(knows(fact, q, 'Not Jacka any more — Wenna Keigwin has the job now.')).toBe(true);
    expect(knows(fact, q, 'No idea. Wenna Keigwin has a job at the boatyard, mind.')).toBe(false);
  });
});

describe('the thing a question names by a word that does not say which', () => {
  const fact = 'Jowan Bolitho is hosting a cider tasting in the Ludgvan parish hall on Saturday.';
  it('"Jowan\'s do" is the cider tasting; "Jowan\'s orchard" is not, nor is a common word ("the hall")', () => {
    const kw = labelledKeywords({ fact });
    expect(thingAsked('cider tasting', "Going to Jowan's do?", ['jowan', 'bolitho'], kw)).toBe(true);
    expect(thingAsked('cider', "How's Jowan's orchard?", ['jowan', 'bolitho'], kw)).toBe(false);
    expect(thingAsked('hall', "Going to Jowan's do?", ['jowan', 'bolitho'], kw)).toBe(false);
    expect(knows(fact, "Going to Jowan's do on Saturday?", "Wouldn't miss it! The cider tasting's at seven.")).toBe(
      true,
    );
    expect(knows(fact, "How's Jowan's orchard?", "The cider's not been good this year, too much rain.")).toBe(false);
  });
});

describe('since when a state has held', () => {
  const fact = 'Rozenn Kergoat of Ploumanac is engaged to the lighthouse keeper, Yann Le Bris.';
  const q = 'Is Rozenn engaged to the lighthouse keeper?';
  it('"Since Easter." to a question that states the fact says yes; asked back or denied it does not', () => {
    expect(knows(fact, q, 'Since Easter. The ring was his grandmother’s.')).toBe(true);
    expect(knows(fact, q, 'Since when? Nobody tells me anything.')).toBe(false);
    expect(knows(fact, q, 'Not since the summer, they called it off.')).toBe(false);
    expect(knows(fact, 'Any news of Rozenn?', 'Since Easter.')).toBe(false);
  });
});

describe('places by their other names, and a time that is no destination', () => {
  it('"the salon" is her hairdresser\'s, "the practice" the surgery', () => {
    const fact = "Morvoren Tonkin is closing her hairdresser's on Fore Street.";
    expect(knows(fact, 'Heard about Morvoren?', "She's closing the salon before Christmas.")).toBe(true);
    expect(knows(fact, 'Heard about Morvoren?', "She's closing the gate on the allotment, that's all.")).toBe(false);
  });

  it('leaving "at Easter" goes nowhere: going is not moving there', () => {
    const fact = 'Dr Ikenna Obi is leaving the Penryn surgery at Easter.';
    expect(withGoingThere('His cold has gone by Easter', fact)).toBe('His cold has gone by Easter');
    expect(knows(fact, 'Any news of Dr Obi?', "He's leaving the choir at Easter, says his voice has gone.")).toBe(
      false,
    );
    expect(knows(fact, 'Any news of Dr Obi?', "He's leaving the practice at Easter.")).toBe(true);
  });
});

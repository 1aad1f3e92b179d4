// Whom an answer is about and in what sense it uses the fact's words (issue 38, the fifth blind part taken as tuning
// data): a person named with where they are from, a relative who is the object of the act or background to it, a
// pronoun that takes nothing from a sentence about someone else, an echo the speaker tags or affirms. Facts,
// questions and answers here are invented for the rules, none from a corpus.
import { describe, expect, it } from 'vitest';
import { labelledKeywords } from '../../src/eval/corpus-file.ts';
import { answerKnowsFact } from '../../src/eval/judge.ts';

const speaker = { name: 'Morwenna Tregear', holder: false };
function knows(fact: string, question: string, answer: string): boolean {
  return answerKnowsFact(answer, labelledKeywords({ fact }), speaker, { question, fact });
}

describe('who the fact is about', () => {
  it('a person named with where they are from, or with a partner, is the subject; the place is no act', () => {
    expect(labelledKeywords({ fact: 'Petra Holm of Vessby Sound is opening a bakery.' })[0]).toMatch(/^Petra\|Holm/);
    expect(labelledKeywords({ fact: 'Aart van der Linde is selling his mill.' })[0]).toMatch(/^Aart\|van\|der\|Linde/);
    expect(labelledKeywords({ fact: 'Ines Varga and her husband are buying the forge.' })[0]).toMatch(/^Ines\|Varga/);
  });

  it('a pronoun takes no act from a sentence about a relative', () => {
    const fact = 'Tobias Renn of Marlow Cove has broken his hip.';
    const q = 'Any news about Tobias Renn?';
    expect(knows(fact, q, "His mother's broken her hip, poor soul. Tobias is nursing her.")).toBe(false);
    expect(knows(fact, q, "He's broken his hip, poor soul. His mother is nursing him.")).toBe(true);
  });

  it('a relative that the act is done to is its object, not its subject', () => {
    const fact = 'Daniel Oduya is throwing a surprise party for his wife at the rugby club.';
    const q = 'What is Daniel up to?';
    expect(knows(fact, q, "He's throwing his wife a surprise party at the rugby club.")).toBe(true);
    expect(knows(fact, q, "His wife is throwing a surprise party at the rugby club, he's minding the dog.")).toBe(
      false,
    );
  });

  it('after the one is named with a verb, a relative doing something else is background', () => {
    const fact = 'Rosa Albescu is emigrating from Penwyn to Canada.';
    const q = "Who's off to Canada?";
    expect(knows(fact, q, "Rosa Albescu's emigrating. Her cousin runs a café in Quebec.")).toBe(true);
    expect(knows(fact, q, "Rosa Albescu, I think. No wait, her cousin's the one emigrating.")).toBe(false);
    expect(knows(fact, q, 'Rosa Albescu? Her brother, more like.')).toBe(false);
  });
});

describe('an echo of the question', () => {
  const fact = 'Owain Prys is training to become a lifeguard.';
  const q = 'Is Owain training to be a lifeguard?';
  it('tagged as the asker\'s words ("..., you say") tells nothing', () => {
    expect(knows(fact, q, 'Training to be a lifeguard, you say. Owain, a lifeguard.')).toBe(false);
  });
  it('affirmed by the speaker ("..., yes") says it', () => {
    expect(knows(fact, q, 'Training to be a lifeguard, yes. Down at the leisure centre most evenings.')).toBe(true);
    expect(knows(fact, q, 'Training to be a lifeguard? Hmm.')).toBe(false);
  });
});

describe('a word of the fact in another sense', () => {
  it('a phrase in which the act word means something else is not the act', () => {
    const wed = 'Lowenna Hext is marrying Jory Pascoe at the Gwennap chapel in May.';
    expect(knows(wed, 'Any weddings coming up?', "Lowenna's married to the allotment, that one.")).toBe(false);
    expect(knows(wed, 'Any weddings coming up?', "Lowenna's marrying Jory, in May at the chapel.")).toBe(true);
    const quit = 'Alun Madoc is resigning as treasurer of the bowls club.';
    const q = 'Is Alun resigning from the bowls club?';
    expect(knows(quit, q, "He's resigned himself to a losing season, that's all I know.")).toBe(false);
    expect(knows(quit, q, "He's resigned, yes, handed the books over last week.")).toBe(true);
    const sale = 'Mererid Lane is expecting a baby in November.';
    expect(knows(sale, 'Any news of Mererid?', "She's expecting visitors from Cardiff all week.")).toBe(false);
  });
});

describe('an act said in other words', () => {
  it('a child "on the way", by any word for one, or "eating for three", is expecting', () => {
    const fact = 'Kerenza Hosking is pregnant with her second child.';
    expect(knows(fact, "How's Kerenza?", 'Blooming. Two little ones on the way.')).toBe(true);
    expect(knows(fact, "How's Kerenza?", "She's eating for three, the doctor says.")).toBe(true);
    expect(knows(fact, "How's Kerenza?", 'Her parcel is on the way, she says.')).toBe(false);
  });

  it("going to a fact's destination is moving there, and so is following one who went", () => {
    const fact = 'Gerallt Wynne is moving into the sheltered flats at Bryn Eithin next week.';
    const q = 'Is Gerallt still at the farm?';
    expect(knows(fact, q, "Not for long. He's going up to Bryn Eithin where they can look in on him.")).toBe(true);
    expect(knows(fact, q, 'He goes up to Bryn Eithin on Sundays to see his sister.')).toBe(false);
    expect(knows(fact, q, "He's going up to Bryn Eithin for a check-up next week.")).toBe(false);
    const away = 'Morwen Dyer is moving from Polgooth to Bristol in March.';
    const a = 'Her daughter went up to Bristol last spring, and Morwen is joining her in March.';
    expect(knows(away, 'Is Morwen moving?', a)).toBe(true);
    expect(knows(away, 'Is Morwen moving?', 'Her daughter went up to Bristol last spring. Morwen misses her.')).toBe(
      false,
    );
  });
});

describe('what a clause is about', () => {
  it("the thing the fact's act is done to, by its name, is the act's own object however common its words", () => {
    const fact = 'Wynn Tallack is closing his Station Café at Porthallow after Easter.';
    const q = "Is Wynn's café staying open?";
    expect(knows(fact, q, "Afraid not, he's shutting the Station Café after Easter.")).toBe(true);
    expect(knows(fact, q, "He's shutting the garden gate, that's all.")).toBe(false);
  });

  it('a clause whose subject is another named one takes no person from the sentence before', () => {
    const fact = 'Ewan Trelease is holding a ceilidh at Carnmoor Farm on Friday.';
    const q = 'Anything on at Carnmoor?';
    const a = "Ewan's busy with the sheep. Oh, and the Penrose sisters are holding a ceilidh at their barn.";
    expect(knows(fact, q, a)).toBe(false);
    expect(knows(fact, q, "Ewan's busy with the sheep. Oh, and he's holding a ceilidh on Friday.")).toBe(true);
  });

  it('others said not to do something after one said to do the act is a negation of its own', () => {
    const fact = 'Jenna Kitto is building a studio behind her cottage at Lanner.';
    const q = "What's all the hammering at Jenna's?";
    expect(knows(fact, q, "She's building a studio out the back, they haven't stopped for weeks.")).toBe(true);
    expect(knows(fact, q, "She isn't building anything, they're mending the roof.")).toBe(false);
  });
});

describe('what the question says and what the answer adds', () => {
  it("a question that names the person by the fact's role lends the person to a pronoun", () => {
    const fact = 'Ifan Rowe is retiring as harbourmaster of Porth Dinllaen in October.';
    expect(knows(fact, 'Is the harbourmaster staying on?', "No, he's retiring in October.")).toBe(true);
    expect(knows(fact, 'Is the lifeboat cox staying on?', "No, he's retiring in October.")).toBe(false);
  });

  it('being "the new" holder of a post is having taken it up', () => {
    const fact = 'Delyth Amos has started as the new vet at the Tregaron practice.';
    expect(knows(fact, 'Any changes in Tregaron?', 'Delyth Amos is the new vet at the practice.')).toBe(true);
    expect(knows(fact, 'Any changes in Tregaron?', 'Delyth Amos is the old vet, still at the practice.')).toBe(false);
  });

  it('a double negative says yes only of knowing, not of caring', () => {
    const fact = 'Bryn Ashe has been sacked from the slate quarry.';
    const q = 'Do you know why Bryn left the quarry?';
    expect(knows(fact, q, "It's not that I don't mind, but I couldn't tell you why.")).toBe(false);
    expect(knows(fact, q, "It's not as if I hadn't heard. Sacked, wasn't he?")).toBe(true);
  });

  it("the fact's words the question already says, without its act or a new detail, tell nothing", () => {
    const fact = 'Siwan Eyre is selling her tea room on Bridge Street.';
    const q = "What's happening with Siwan's tea room?";
    expect(knows(fact, q, "Let's just say Siwan's been very busy in the tea room lately.")).toBe(false);
    expect(knows(fact, q, "Siwan's selling the tea room, so I hear.")).toBe(true);
  });
});

describe('a relative beside the one named, and a place the question names', () => {
  const shop = 'Ruairidh Bain is selling his grocer shop, the Corner Stores, in Plockton.';
  it('a relative who did something else, or did the act at a past time, is background once the one is named', () => {
    const q = "Who's selling the Corner Stores?";
    expect(knows(shop, q, 'Ruairidh Bain. His grandfather opened it, mind, so it hurts.')).toBe(true);
    expect(knows(shop, q, 'Ruairidh Bain. His uncle sold the bakery years back, so it runs in the family.')).toBe(true);
    expect(knows(shop, q, 'Not Ruairidh. His nephew, more like.')).toBe(false);
  });

  it('a for-sale sign is a sale', () => {
    const q = 'Is Ruairidh keeping the shop on?';
    expect(knows(shop, q, 'Not much longer, the Corner Stores has a for-sale sign in the window.')).toBe(true);
  });

  it('"there" is the place the question names; "and she\'s ..." is a clause with a subject of its own', () => {
    const fact = 'Isla Grant is moving from Durness to Perth in the autumn.';
    const q = 'Is Isla off to Perth?';
    expect(knows(fact, q, 'Her daughter went down there last year and she is following her in the autumn.')).toBe(true);
    expect(knows(fact, q, 'Her daughter went down there last year and Isla misses her.')).toBe(false);
    const fair = 'The Lochcarron games have been cancelled because of the flooding.';
    const a = 'The field is under water and they have called it off.';
    expect(knows(fair, 'Are you going to the games?', a)).toBe(true);
  });
});

describe('an act said by what follows from it', () => {
  it('one to come after the person, of a fact that they leave a post, says they leave it', () => {
    const fact = 'Gwenda Price is retiring as postmistress of Llanddewi in June.';
    const q = 'Heard anything about the post office?';
    expect(knows(fact, q, "They're looking for someone to take over from Gwenda after June.")).toBe(true);
    expect(knows(fact, q, "They're looking for someone to help Gwenda on Saturdays.")).toBe(false);
  });

  it('going to a destination of a fact of moving away is leaving', () => {
    const fact = 'Rhodri Vaughan is moving away from Tregaron to Swansea in the spring.';
    expect(knows(fact, "How's Rhodri?", "Busy. He's found work in Swansea and goes in the spring.")).toBe(true);
    expect(knows(fact, "How's Rhodri?", 'Busy. He goes to Swansea for the football most weekends.')).toBe(false);
  });
});

describe('more of the same principles, in other words', () => {
  it("a relative's act is the fact's by the fact's verb, not by any word of it", () => {
    const fact = 'Nessa Quayle is opening a pottery studio by the harbour in June.';
    const a = 'Nessa Quayle. Her mother threw pots by that harbour all her life, so it runs in the family.';
    expect(knows(fact, "Who's opening the pottery studio?", a)).toBe(true);
    expect(knows(fact, "Who's opening the pottery studio?", 'Nessa Quayle? Her mother, more like.')).toBe(false);
  });

  it("the person's own names repeated to a yes/no question are an echo", () => {
    const fact = 'Ormond Keel is opening a chip shop on the promenade.';
    expect(knows(fact, 'Is Ormond opening a chip shop?', 'Ormond Keel, a chip shop. Well I never.')).toBe(false);
    expect(knows(fact, "Who's opening the chip shop?", 'Ormond Keel, on the promenade.')).toBe(true);
  });

  it('a role of several words names the person in the question', () => {
    const fact = 'Brannock Hale is retiring as the Polkerris lifeboat station coxswain at the end of the year.';
    expect(knows(fact, 'Is the coxswain staying on?', "No, he's packing it in at the end of the year.")).toBe(true);
  });

  it('an event moved to a later month is put back; ", they\'ve ..." is a clause of its own', () => {
    const fact = 'The Tresco flower fair has been postponed to October because of the drought.';
    const q = 'Are you going to the flower fair in July?';
    expect(knows(fact, q, "There's no July one now, they've moved it to October.")).toBe(true);
    expect(knows(fact, q, "There's no July one now, they've cancelled it for good.")).toBe(false);
  });

  it('a phrase in which selling or marrying means something else is not the act', () => {
    const van = 'Kemal Arslan has sold his ice-cream van to the Pryor sisters.';
    expect(knows(van, 'Any news about Kemal?', "He's sold on the idea of a second van, that's all.")).toBe(false);
    const wed = 'Elowen Rice is marrying Tom Jago at Mylor church in June.';
    const a = "She's marrying the bakery and the tea room into one, she says.";
    expect(knows(wed, 'Any news about Elowen?', a)).toBe(false);
  });

  it('a bare "Not X." names X to a clause that says the fact\'s own verb', () => {
    const fact = 'Senara Penrose is retiring as the Gorran school cook at Easter.';
    const q = "Who'll be cooking at the school after Easter?";
    expect(knows(fact, q, "Not Senara. She's retiring at Easter, bless her.")).toBe(true);
    expect(knows(fact, q, "Not Senara. She's cooking for the hotel now.")).toBe(false);
  });

  it('a double negative of telling ("not as if nobody told us") is a yes', () => {
    const fact = 'The Carreg bridge will be closed for repairs through May.';
    expect(knows(fact, 'Is the bridge closing?', "It's not as if nobody told us. All through May.")).toBe(true);
    expect(knows(fact, 'Is the bridge closing?', "It's not as if I mind. Is it, though?")).toBe(false);
  });

  it("an act word owned by one of the other sex from the subject is another's act, helped", () => {
    const fact = 'Cerys Lloyd is standing for the Mold town council in May.';
    const q = 'Is Cerys standing for the council?';
    expect(knows(fact, q, "Her brother is. She's running his campaign.")).toBe(false);
    expect(knows(fact, q, "She is. Her brother's running her campaign.")).toBe(true);
  });

  it('a question naming the person by the title the fact gives them lends the person', () => {
    const fact = 'Dr Imke Sand is leaving the Westhoe surgery to work in Bergen in March.';
    expect(knows(fact, 'Is the doctor staying?', "No, she's off to Bergen in March.")).toBe(true);
    expect(knows(fact, 'Is the dentist staying?', "No, she's off to Bergen in March.")).toBe(false);
  });

  it("a when-question's gap filled by the fact's own time is knowing, whatever else is said", () => {
    const fact = 'The Westhoe gala will be held on the recreation ground on 16 August.';
    expect(knows(fact, "When's the gala?", 'The 16th of August, up on the rec.')).toBe(true);
    expect(knows(fact, "When's the gala?", 'The 2nd of August, up on the rec.')).toBe(false);
  });

  it('"I have" to "Have you heard ...?" is a yes; "Not for much longer, ..." ends its own clause', () => {
    const fact = 'Lotte Brink is expecting her first baby in November.';
    expect(knows(fact, "Have you heard Lotte's expecting?", "I have! Isn't it lovely?")).toBe(true);
    expect(knows(fact, "Have you heard Lotte's expecting?", "I haven't, no.")).toBe(false);
    const q = 'Is Lotte still doing the night shifts?';
    expect(knows(fact, q, "Not for much longer, the baby's due in November.")).toBe(true);
    expect(knows(fact, q, 'Not for much longer, she says. She wants days.')).toBe(false);
  });
});

// How a reply answers its question (issue 38, the sixth blind part taken as tuning data): the whole question said
// back before the answer, a rising statement answered yes, the person put in the place of another the question
// suggests, another named as the one and a pronoun after it, a bare "no" to a question whether one stays, a double
// negative of the act and one that stays in its clause, emphasis and pleas that deny nothing, a yes/no question with
// an indefinite, a short name or a role said back, acts said in other words. Facts, questions and answers here are
// invented for the rules, none from a corpus.
import { describe, expect, it } from 'vitest';
import { labelledKeywords } from '../../src/eval/corpus-file.ts';
import { answerKnowsFact } from '../../src/eval/judge.ts';
import { withPlainVerbs } from '../../src/town/idioms.ts';

const speaker = { name: 'Ffion Rowlands', holder: false };
function knows(fact: string, question: string, answer: string): boolean {
  return answerKnowsFact(answer, labelledKeywords({ fact }), speaker, { question, fact });
}

describe('the question said back', () => {
  const fact = 'Bartholomew Quint is selling his fishing smack at Porthcurnow.';
  it('a whole question repeated before the answer is an echo: what follows answers it', () => {
    const q = 'Is Bartholomew selling his fishing smack?';
    expect(knows(fact, q, 'Is Bartholomew selling his fishing smack? He is. The buyer came down from Looe.')).toBe(
      true,
    );
    expect(knows(fact, q, 'Is Bartholomew selling his fishing smack? No idea, love.')).toBe(false);
  });

  it('a statement asked with a rising voice is a yes/no question; its echo affirmed says it', () => {
    const q = 'Bartholomew is selling the smack at Porthcurnow?';
    expect(knows(fact, q, 'Selling the smack at Porthcurnow, yes. Broke his heart to do it.')).toBe(true);
    expect(knows(fact, q, 'Selling the smack at Porthcurnow? First I have heard.')).toBe(false);
  });

  it('a short name the question says, or a role checked, tells nothing of the act', () => {
    const q = "What's Bartholomew selling these days?";
    expect(knows(fact, q, 'Bart? Selling mackerel off the quay, like always.')).toBe(false);
    const shop = 'Imelda Sáez is closing her fish shop on Quay Row.';
    expect(knows(shop, 'How is Mrs Sáez?', "The fish lady? She's fine, still up at five for the market.")).toBe(false);
    expect(knows(shop, 'How is Mrs Sáez?', "The fish lady? She's closing the shop, sadly.")).toBe(true);
  });

  it('a yes/no question with an indefinite asks what: a yes to another thing is not the fact', () => {
    const fact = 'Wilhelmina Stroud is organising the Penhallow lantern parade.';
    const q = 'Is Wilhelmina organising anything?';
    expect(knows(fact, q, 'She is organising her late husband’s papers, boxes of them.')).toBe(false);
    expect(knows(fact, q, "She's organising the lantern parade, yes.")).toBe(true);
  });
});

describe('who the question suggests, and who the answer puts instead', () => {
  it('the person put in the place of a relative the question asks about', () => {
    const fact = 'Gethin Morgan has broken his leg.';
    const q = "Was it Gethin's brother who broke his leg?";
    expect(knows(fact, q, 'No, Gethin himself. His brother fetches his shopping now.')).toBe(true);
    expect(knows(fact, q, "No, no, it's Gethin. Fell off the harbour wall.")).toBe(true);
    expect(knows(fact, q, 'Yes, his brother. Gethin drove him to casualty.')).toBe(false);
    const roof = 'Agnieszka Wolna is rethatching the roof of the Tremorran tithe barn.';
    expect(
      knows(
        roof,
        'Is it the Wolna twins doing the barn roof?',
        "The twins fetch straw, but it's their aunt Agnieszka doing the thatching.",
      ),
    ).toBe(true);
  });

  it('another named as the one: a pronoun after it is them, not the person asked about', () => {
    const fact = 'Mared Pugh is emigrating from Llanfaes to Canada in June.';
    const q = 'Is Mared emigrating to Canada?';
    expect(knows(fact, q, "No, that's her cousin Iolo. He's the one off to Canada in June.")).toBe(false);
    expect(knows(fact, q, "Her cousin Iolo went last year. Mared's off to Canada in June now.")).toBe(true);
  });

  it('a clause joined by "and" keeps a subject of its own', () => {
    const fact = 'Seren Hughes is moving from Llanfaes to Cardiff to study.';
    const q = 'Any news about the youngsters in Llanfaes?';
    expect(knows(fact, q, 'Seren has a Saturday job at the chemist, and the Price girl is off to Cardiff.')).toBe(
      false,
    );
    expect(knows(fact, q, 'Seren is off to Cardiff to study, and the Price girl has a Saturday job.')).toBe(true);
  });
});

describe('what denies and what does not', () => {
  it('a bare "no" to a question whether one stays says they go', () => {
    const fact = 'Cadan Polglase is moving from St Wenna to Glasgow in the spring.';
    const q = 'Is Cadan staying on in St Wenna?';
    expect(knows(fact, q, "No, he isn't. Glasgow, come the spring.")).toBe(true);
    expect(knows(fact, q, "He is, far as I know. He's too fond of the place.")).toBe(false);
  });

  it('a double negative of the act says it; one of caring stays in its clause', () => {
    const fact = 'Rhodri Vaughan is competing in the county sheepdog trials.';
    expect(
      knows(
        fact,
        'Is Rhodri going to the county sheepdog trials?',
        "It's not as if he isn't going. Fly's been training all month.",
      ),
    ).toBe(true);
    expect(
      knows(
        fact,
        'Is Rhodri in the county sheepdog trials?',
        "It's not that I don't like him, I just haven't heard a thing about it.",
      ),
    ).toBe(false);
  });

  it('"nobody has told me anything" and a closing "I really don\'t know" take a claim back', () => {
    const fact = 'Perpetua Lusk is in the cottage hospital with a broken hip.';
    const q = 'Is Perpetua in the cottage hospital?';
    expect(knows(fact, q, "I can't say I haven't been curious, but nobody has told me anything.")).toBe(false);
    expect(knows(fact, q, "Could be? She does look frail, so I suppose she might be, but I really don't know.")).toBe(
      false,
    );
  });

  it('emphasis, talk kept up and a plea for secrecy deny nothing', () => {
    const fact = 'Osian Bevan is entering the Llanfaes leek show.';
    const q = 'Is Osian at the leek show this year?';
    expect(knows(fact, q, 'He is, entering no less, and he wouldn’t shut up about it at the pub.')).toBe(true);
    expect(withPlainVerbs("he won't shut up about it")).not.toMatch(/closing/);
    const secret = 'Tegwen Ellis secretly writes the crossword in the Llanfaes Chronicle.';
    expect(
      knows(secret, 'Any gossip?', "Don't you repeat this, but Tegwen Ellis writes the crossword in the Chronicle."),
    ).toBe(true);
  });

  it('"engaged with" a thing is taken up with it, not betrothed', () => {
    const fact = 'Lowri Jenkins is engaged to Dafydd Rees.';
    expect(
      knows(fact, 'Is Lowri engaged?', "Engaged? She's engaged with her dissertation, never out of the library."),
    ).toBe(false);
    expect(knows(fact, 'Is Lowri engaged?', "She's engaged to Dafydd, ring and all.")).toBe(true);
  });
});

describe('an act said in other words', () => {
  it('a price asked, a buyer awaited or a listing is selling; a listed building is not', () => {
    const fact = 'Ezekiel Trounce is selling the Mermaid Inn at Polwenna.';
    const q = 'What about Ezekiel and the Mermaid?';
    expect(knows(fact, q, "He's asking a fortune for it, mind, and nobody's biting.")).toBe(true);
    expect(knows(fact, q, "It goes to the highest bidder, he says. He's had enough of it.")).toBe(true);
    expect(knows(fact, 'Is Ezekiel selling the Mermaid?', 'Aye. Listed on Tuesday.')).toBe(true);
    expect(knows(fact, q, "It's a listed building, he can't change the windows.")).toBe(false);
  });

  it('a condition under the doctor is a diagnosis', () => {
    const fact = 'Hester Blewett of Polwenna has been diagnosed with diabetes.';
    const q = 'How is Hester keeping?';
    expect(knows(fact, q, "The doctor's got her testing her blood sugar twice a day.")).toBe(true);
    expect(knows(fact, q, 'She walks to the doctor’s surgery with her sister every Friday.')).toBe(false);
  });

  it('a structure put up is building; putting up a fight is not', () => {
    const fact = 'Kitto Rowse is building a boathouse on the Polwenna slipway.';
    const q = "What's Kitto doing down on the slipway?";
    expect(knows(fact, q, "He's putting up a proper boathouse down there, timber and slate.")).toBe(true);
    expect(knows(fact, q, "He's putting up a fight with the harbour board over the mooring fees.")).toBe(false);
  });

  it("pitting one's work against others is competing; trading winters for the islands is moving", () => {
    const bake = 'Demelza Curnow is competing in the national pasty championship.';
    expect(
      knows(bake, 'Is Demelza doing anything this autumn?', "She's pitting her pasties against the best in the land."),
    ).toBe(true);
    expect(knows(bake, 'Is Demelza doing anything this autumn?', "She's pitting her wits against the crossword.")).toBe(
      false,
    );
    const move = 'Jory Penrose is moving from Polwenna to Tenerife next year.';
    expect(knows(move, 'Jory sticking around?', "Nope, he's trading our winters for the islands.")).toBe(true);
  });
});

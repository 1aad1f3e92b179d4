// How far a negation, a hedge or a pronoun reaches in the rule judge's reading (issue 38, its fourth blind part taken
// as tuning data): a result clause has its own negation, a loss foreseen or a thing kept up denies nothing, a negative
// question presumes, a relative who lets something slip is a source, a time or an ordinal is no object, staying on is
// the opposite of going. Facts, questions and answers here are invented for the rules, none from a corpus.
import { describe, expect, it } from 'vitest';
import { labelledKeywords } from '../../src/eval/corpus-file.ts';
import { answerKnowsFact } from '../../src/eval/judge.ts';

const speaker = { name: 'Elin Parry', holder: false };
function knows(fact: string, question: string, answer: string): boolean {
  return answerKnowsFact(answer, labelledKeywords({ fact }), speaker, { question, fact });
}

const tearoom = 'Nia Rowe is opening a tearoom in the old chapel at Brynmor.';
const kitchen = 'Morag Bell is retiring from the Kilbride school kitchen at Easter.';
const council = 'Owen Price is standing for the Llanfair community council.';
const leaving = 'Ffion Hale is moving away from Abergele to Cardiff in June.';
const garage = 'Gethin Lloyd is selling his garage on Bridge Street.';
const warden = "Ruth Kemp is retiring as churchwarden of St Olave's.";
const baby = 'Sian Price is expecting a baby in the autumn.';
const mechanic = 'Hywel Jones is retiring from the Pentre garage in July.';

describe('the reach of a negation', () => {
  it('a result clause (", so ...") has a negation of its own', () => {
    const a = "Not for long. Nia's opening a tearoom in it, so no more trekking to Bala for a scone.";
    expect(knows(tearoom, 'Is the old chapel still empty?', a)).toBe(true);
    expect(knows(tearoom, 'Is the old chapel still empty?', 'It is, so no tearoom for now.')).toBe(false);
  });

  it('a loss foreseen and a thing kept up deny nothing; doubting the act still does', () => {
    const a = "Only till Easter. She's retiring, and I can't picture the dinner hall without her.";
    expect(knows(kitchen, 'Is Morag still at the school?', a)).toBe(true);
    expect(knows(kitchen, 'Is Morag still at the school?', "I can't imagine Morag retiring, she loves it.")).toBe(
      false,
    );
    const b = "He is, all right. He won't stop going on about the community council, morning till night.";
    expect(knows(council, 'Is Owen standing?', b)).toBe(true);
    expect(knows(council, 'Is Owen standing?', "He won't stand, he told me so himself.")).toBe(false);
  });

  it('not knowing what the act is for or who it is with is not knowing a further thing; doubting the act is', () => {
    const iwan = 'Iwan Morris is standing for the Corwen town council.';
    const q = "What's new with Iwan?";
    const a = "He's standing for the town council, but I've no idea what he stands for.";
    expect(knows(iwan, q, a)).toBe(true);
    expect(knows(iwan, q, "I don't know if he's standing for the council.")).toBe(false);
  });

  it('a denied opposite says the act ("not keeping it" is selling it); the opposite said plainly denies it', () => {
    const yard = 'Idris Ward is selling his boatyard at Pwllheli next month.';
    const q = 'Is Idris selling the boatyard?';
    expect(knows(yard, q, "Let's say he isn't keeping it. Next month it goes.")).toBe(true);
    expect(knows(yard, q, "He's keeping it, he says.")).toBe(false);
    expect(knows(yard, q, "No, he's not selling it, he's keeping it.")).toBe(false);
  });

  it('a negative question presumes what it asks; a plain one asks', () => {
    const a = "Is she not moving to Cardiff? I'm sure that's what I heard.";
    expect(knows(leaving, 'Any news on Ffion?', a)).toBe(true);
    expect(knows(leaving, 'Any news on Ffion?', "Is she moving? Nobody's said a word to me.")).toBe(false);
  });
});

describe('who a clause is about, and what a verb takes', () => {
  it('a relative who lets something slip is the source, not the one it is about', () => {
    expect(knows(garage, 'Is the garage changing hands?', "Gethin's selling, or so his brother let slip.")).toBe(true);
    expect(knows(garage, 'Is the garage changing hands?', "His brother's selling a car, that's all.")).toBe(false);
  });

  it('a time or an ordinal after the verb is no object of its own; a thing is', () => {
    expect(knows(warden, 'How is Ruth?', "Fine. She's retiring this spring.")).toBe(true);
    expect(knows(baby, 'How is Sian?', 'Blooming. Expecting her second in the autumn.')).toBe(true);
    expect(knows(baby, 'How is Sian?', "She's expecting a parcel from her sister.")).toBe(false);
  });

  it("a subject of words for a person, or of the fact's role, is the fact's person; another role is not", () => {
    const elsie = 'Elsie Parry turns 90 on 3 June and the Corris chapel is throwing her a tea party.';
    const q = "What's the do for Elsie on the third of June?";
    expect(knows(elsie, q, "The old dear's birthday. Ninety!")).toBe(true);
    expect(knows(elsie, q, "The vicar's birthday, I think.")).toBe(false);
    const lock = 'Gwilym Rowe is retiring as lock keeper at Trevor.';
    expect(knows(lock, 'How is Gwilym?', "The lock keeper's retiring this summer.")).toBe(true);
    expect(knows(lock, 'How is Gwilym?', "The harbourmaster's retiring this summer.")).toBe(false);
  });

  it("the fact's verb taking a word that only qualifies the fact's object is another act", () => {
    const farm = 'Gareth Lewis has sold his dairy farm to a family from Ruthin.';
    expect(knows(farm, 'Any news about Gareth?', "He's selling dairy at the Saturday market now, has a stall.")).toBe(
      false,
    );
    expect(knows(farm, 'Any news about Gareth?', "He's sold the farm, to some family from Ruthin.")).toBe(true);
  });

  it('"where is she going?" of a fact of leaving asks where she leaves for', () => {
    const nia = 'Nia Hughes is moving away from Bala to Bristol in the summer.';
    expect(knows(nia, "Where's Nia going?", 'Bristol. Summer.')).toBe(true);
    expect(knows(nia, "Where's Nia going?", 'The shop. Back in ten.')).toBe(false);
  });

  it('moving to a named place is leaving for it; moving to a street is not', () => {
    const move = 'Tomos Reed is moving away from Pentre to Glasgow next month.';
    expect(knows(move, 'How is Tomos?', "Busy. He's moving up to Glasgow next month.")).toBe(true);
    expect(knows(move, 'How is Tomos?', "He's moving to Chapel Street, round the corner from his mum.")).toBe(false);
  });

  it('staying on, by name or by a pronoun for the one named, is the opposite of going', () => {
    const a = "He's bought a new ramp for the garage, so he's staying a good while yet.";
    expect(knows(mechanic, 'Any news about Hywel?', a)).toBe(false);
    expect(knows(mechanic, 'Any news about Hywel?', 'Hywel is carrying on at the garage, he says.')).toBe(false);
    expect(knows(mechanic, 'Any news about Hywel?', 'Hywel is carrying on until July, then retiring.')).toBe(true);
  });
});

describe('what is taken back', () => {
  it('the old time of a fact of change does not answer "when"; the new one does', () => {
    const trials = 'Carys Bowen has moved the Llanfair sheepdog trials from August to the first weekend of July.';
    const q = 'When are the sheepdog trials this year?';
    expect(knows(trials, q, 'August, as always. Always the last weekend in August.')).toBe(false);
    expect(knows(trials, q, 'The first weekend in July now, not August.')).toBe(true);
  });

  it('a pronoun takes its person from a denial that says a change, not from a plain one', () => {
    const club = 'Alun Jenkins has resigned as secretary of the Bala rowing club.';
    const q = "Who keeps the rowing club's books now?";
    expect(knows(club, q, 'Not Alun any more. He gave it up after the row about the boathouse.')).toBe(true);
    expect(knows(club, q, 'Not Alun. He resigned from the choir, though.')).toBe(false);
  });

  it('the one a fact says was left, put beside the one who left, takes the fact back', () => {
    const mari = 'Mari Lloyd has left her husband Huw and moved into the cottage by the mill in Llanberis.';
    const q = 'What happened with Mari Lloyd?';
    expect(knows(mari, q, "She's moved into the cottage by the mill, with Huw. Lovely spot.")).toBe(false);
    expect(knows(mari, q, "She's moved into the cottage by the mill, and Huw's heartbroken.")).toBe(true);
  });

  it('a speaker who corrects itself takes back what it said', () => {
    const chef = 'Dylan Rees is starting a new job as head chef at the Ship Inn in March.';
    const q = "What's Dylan doing next?";
    expect(knows(chef, q, "He's going to be head chef at the Ship. No, I tell a lie, that's Aled Morgan.")).toBe(false);
    expect(knows(chef, q, "He's head chef at the Ship from March, scratch that, he's staying put.")).toBe(false);
    expect(knows(chef, q, "He's going to be head chef at the Ship, from March.")).toBe(true);
  });

  it('a false start said again is replaced; a pause before the news is not', () => {
    const twins = 'Lowri Evans is expecting twins in the summer.';
    const q = "What's new with Lowri?";
    const a = "She's expecting... well, she was expecting a letter from the council, but it never came.";
    expect(knows(twins, q, a)).toBe(false);
    expect(knows(twins, q, "She's expecting... twins! In the summer.")).toBe(true);
  });
});

describe('an act in other words', () => {
  it('of a post taken up, "got the job" brings no new thing; stepping down from something else does', () => {
    const lock = 'Bethan Cole is starting a new job as lock keeper at Llangollen.';
    const q = 'Is there a new lock keeper yet?';
    expect(knows(lock, q, 'There is. Bethan got the job, and she starts on Monday.')).toBe(true);
    expect(knows(lock, q, "There is. Bethan's stepping down from the canal trust.")).toBe(false);
  });

  it('an "it" that something is done to is the thing the question names', () => {
    const warden = 'Rhys Owen has been appointed warden of the Snowdon hostel.';
    const q = 'Did Rhys apply for the warden job?';
    expect(knows(warden, q, 'Applied and got it. Starts in April.')).toBe(true);
    expect(knows(warden, q, "Applied, but didn't get it.")).toBe(false);
    expect(knows(warden, q, 'Applied, and his cousin got it.')).toBe(false);
  });

  it('an idiom says which sense a common verb has, unless it carries the verb itself', () => {
    const tea = 'Mair Pugh is selling her tea shop on Castle Street.';
    expect(knows(tea, 'Any news about Mair?', "She's putting the place on the market, she's had enough.")).toBe(true);
    expect(knows(tea, 'Any news about Mair?', "She's selling off her old china at the fete.")).toBe(false);
  });

  it("a date of the fact's the question lacks says which sense a common verb has; a thing of its own takes none", () => {
    const station = 'The Nefyn lifeboat station will be open to visitors on 12 May.';
    const q = 'Any news about the lifeboat station?';
    expect(knows(station, q, 'Open day in May, I think? The 12th, maybe.')).toBe(true);
    expect(knows(station, q, 'Open most days, I think? Same as always.')).toBe(false);
    expect(knows(station, q, 'The café next door opens in May.')).toBe(false);
  });

  it('a thing done for the last time is done no more; a visit for the last time is not a closing', () => {
    const lion = 'Gwyn Hughes is closing the Red Lion in Bala in October.';
    const q = 'Heard anything lately?';
    expect(knows(lion, q, "Gwyn's pulling pints at the Red Lion for the last time in October.")).toBe(true);
    expect(knows(lion, q, "I'm visiting Gwyn at the Red Lion for the last time before I go to university.")).toBe(
      false,
    );
    expect(knows(lion, q, "Gwyn's pulling pints at the Red Lion, same as ever.")).toBe(false);
  });

  it('an event that "won\'t be" this year is cancelled, "not with" its cause denies nothing', () => {
    const carnival = 'The Llandudno carnival has been cancelled this year because of the roadworks.';
    const q = "When's the carnival?";
    expect(knows(carnival, q, "There won't be one this year, not with the promenade dug up.")).toBe(true);
    expect(knows(carnival, q, "There'll be one in August, same as always.")).toBe(false);
  });

  it('an event said to be off, or called off, is cancelled; one off somewhere is not', () => {
    const gala = 'The Abersoch sailing gala has been cancelled this year because of the storms.';
    const q = 'Sailing gala this year?';
    expect(knows(gala, q, 'Off. Too windy, they said.')).toBe(true);
    expect(knows(gala, q, 'Called off, I believe? Something about the weather.')).toBe(true);
    expect(knows(gala, q, "It's off this year, the weather did for it.")).toBe(true);
    expect(knows(gala, q, "She's off to the gala, then home.")).toBe(false);
    expect(knows(gala, q, "The gala? It's on, same as ever.")).toBe(false);
  });

  it('giving up a place one holds is quitting it, not a habit; "come November" adds nothing new', () => {
    const pub = 'Dilys Pryce is retiring as landlady of the Black Boy at Caernarfon in November.';
    const q = 'Is Dilys giving up the Black Boy?';
    expect(knows(pub, q, 'Come November, yes.')).toBe(true);
    expect(knows(pub, q, "No, she's giving up smoking, that's all.")).toBe(false);
  });

  it('a refusal takes the act back; a passive "he was asked" is no "yes"', () => {
    const mayor = 'Hefin Rhys is standing for mayor of Conwy in the May election.';
    const q = 'Is Hefin standing for mayor?';
    expect(knows(mayor, q, 'He is, last I heard.')).toBe(true);
    expect(knows(mayor, q, "He was asked, but he said no, he's too busy.")).toBe(false);
    expect(knows(mayor, q, 'He was asked, but he turned it down.')).toBe(false);
  });

  it('an ordinal is no qualifier of its own, and a word of the act can be the subject', () => {
    const baby = 'Lili Vaughan is expecting her second baby in March.';
    expect(knows(baby, 'How is Lili?', "She's expecting her second in March.")).toBe(true);
    expect(knows(baby, 'How is Lili?', "The baby's due in March, her second.")).toBe(true);
    expect(knows(baby, 'How is Lili?', "The wedding's in March.")).toBe(false);
  });
});

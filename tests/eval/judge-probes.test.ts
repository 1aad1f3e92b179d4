// Causes found in own probes written after the seventh blind part's rules (own-probe-15 to -20, issue 38h), each scored
// once before the rules it led to: eagerness, an emphatic yes, a last term, another named one's thing or occasion, a
// state said to end, a place let go, a source that says so, going bound for a place, an empty verb, a thing taken
// across, stepping in, a short form of a name, "aye", "believe it or not", starting over elsewhere, not the person's
// own, a lunch hour, a place gone for good, leaving a job. Facts, questions and answers here are invented for the rules.
import { describe, expect, it } from 'vitest';
import { withFullNames } from '../../src/eval/answer-reading.ts';
import { labelledKeywords } from '../../src/eval/corpus-file.ts';
import { answerKnowsFact } from '../../src/eval/judge.ts';
import { anothersNamedThing } from '../../src/eval/judge-who.ts';
import { negated } from '../../src/eval/polarity.ts';
import { withPlainVerbs } from '../../src/town/idioms.ts';

const speaker = { name: 'Carys Pengelly', holder: false };
function knows(fact: string, question: string, answer: string): boolean {
  return answerKnowsFact(answer, labelledKeywords({ fact }), speaker, { question, fact });
}

// Causes own-probe-15 found (written after the seventh part's rules, scored once, then tuned on).
describe("eagerness, an emphatic yes, a last term, another named one's thing", () => {
  it('"Wouldn\'t miss it" to a question naming the event is eager, no denial', () => {
    expect(negated("Wouldn't miss it for the world")).toBe(false);
    const fact = 'Tressa Vingoe is hosting a quiz night in the Sennen lifeboat house on Friday.';
    expect(knows(fact, "Going to Tressa's quiz night?", "Wouldn't miss it. Eight, isn't it?")).toBe(true);
  });

  it("the question's auxiliary said back as an exclamation is a yes; asked back it is not", () => {
    const fact = 'Pasco Hendra has bought the old tin-streaming works at Nancemellin.';
    const q = 'Has Pasco bought the tin-streaming works?';
    expect(knows(fact, q, 'Has he ever! Signed for it on Monday.')).toBe(true);
    expect(knows(fact, q, 'Has he? First I have heard.')).toBe(false);
  });

  it("a time said to be the last of one's working is retiring; the last day of a holiday is not", () => {
    const fact = 'Elestren Bray is retiring as the Zennor postmistress in October.';
    expect(knows(fact, 'Will Elestren be at the counter next year?', "No, October's her last month.")).toBe(true);
    expect(knows(fact, 'Any news of Elestren?', "Monday's her last day of the holiday, then she's back.")).toBe(false);
  });

  it("the fact's thing owned by another named one is theirs, unless the fact's own verb is done to it", () => {
    const kw = labelledKeywords({ fact: 'Ysolde Pender is hosting a harvest supper in the Morvah chapel.' });
    const f = { keywords: kw, skip: new Set<string>(), known: new Set(['ysolde', 'pender']), verb: 'host*' };
    expect(anothersNamedThing("He's washing up at Mair's harvest supper", f)).toBe(true);
    expect(anothersNamedThing("Mair's been to the harvest supper", f)).toBe(false);
    expect(anothersNamedThing("She's hosting Mair's harvest supper this year", f)).toBe(false);
  });
});

describe('a state said to end', () => {
  it('"Not after the summer" to a question whether the fact\'s state goes on says it ends; another state does not', () => {
    const fact = 'The Gweek river taxi is being cancelled after the summer.';
    const q = 'Is the river taxi still running next year?';
    expect(knows(fact, q, "Not after the summer it isn't.")).toBe(true);
    expect(knows(fact, q, "Not that I've heard.")).toBe(false);
    const move = 'Tryphena Vosper is moving to Exeter from Gweek in June.';
    expect(knows(move, 'Is Tryphena staying in Gweek?', 'Not for much longer. Exeter, for the grandchildren.')).toBe(
      true,
    );
    expect(knows(move, 'Is Tryphena still cleaning at the pub?', 'Not after June, her knees have had it.')).toBe(false);
  });
});

describe('parting with a place, a source that says so, going bound for a place', () => {
  it('a place let go is sold; hair let go grey is not', () => {
    expect(withPlainVerbs("She's letting the stables go")).toMatch(/selling, letting/);
    expect(withPlainVerbs("She's letting her hair go grey")).not.toMatch(/selling/);
  });

  it('"That\'s what the sign says" to a question that states the fact says it; "that\'s not what" does not', () => {
    const fact = 'Jacca Trenear is selling the Portloe net loft.';
    const q = 'Is Jacca selling the net loft?';
    expect(knows(fact, q, "That's what the sign in the window says, anyway.")).toBe(true);
    expect(knows(fact, q, "That's not what he told me.")).toBe(false);
  });

  it("bound for the fact's destination is going there", () => {
    const fact = 'Demelza Angove is moving to Bristol from Portscatho in March.';
    expect(knows(fact, 'Any news of Demelza?', 'Packing up the whole house, Bristol-bound by March.')).toBe(true);
  });
});

// Causes own-probe-17 found.
describe('an empty verb, a thing taken across, stepping in, "not before time", "only till"', () => {
  const fact = 'Jory Tregenza is taking over the Mevagissey chandlery from his aunt.';
  it('"get" stands for "take" only with a thing of the fact\'s as its object', () => {
    expect(knows(fact, 'Any news of Jory?', 'He gets seasick in the bath, that one.')).toBe(false);
    expect(knows(fact, 'Any news of Jory?', "He's got the chandlery now, his aunt's retired.")).toBe(true);
  });

  it('a thing taken across is a crossing; one stepping in takes over; "not before time" denies nothing', () => {
    expect(knows(fact, 'Any news of Jory?', 'He took the punt over to Polkerris on Sunday.')).toBe(false);
    expect(knows(fact, 'Any news of Jory?', "His aunt's giving up the chandlery and Jory's stepping in.")).toBe(true);
    expect(negated('and not before time')).toBe(false);
    expect(knows(fact, 'Is Jory taking over the chandlery?', 'He is, and not before time.')).toBe(true);
  });

  it('"Only till October" to a question whether the place stays open says it closes then', () => {
    const shop = 'Wenna Penrose is closing her wool shop in Fowey in October.';
    expect(knows(shop, "Is Wenna's wool shop staying open?", "Only till October, then that's it.")).toBe(true);
    expect(knows(shop, "Is Wenna's wool shop staying open?", 'Only till six on Saturdays, mind.')).toBe(false);
  });
});

describe("a short form of the person's name", () => {
  it("the start or the end of the name, four letters at least, is the person; the speaker's own name is not", () => {
    const kw = ['Oluwaseun|Adeyemi', 'marry*'];
    expect(withFullNames('Is Seun getting married?', kw, 'Funmi Ade')).toBe('Is Oluwaseun getting married?');
    expect(withFullNames('Is Olu getting married?', kw, 'Funmi Ade')).toBe('Is Olu getting married?');
    expect(withFullNames('Seun told me.', kw, 'Seun Bakare')).toBe('Seun told me.');
    expect(withFullNames('In March, she says.', ['Aurelie|Marchand', 'leav*'], '')).toBe('In March, she says.');
    const fact = 'Bartholomew Quick is getting married to Ivy Rowe at Mylor church in June.';
    expect(knows(fact, 'Is Bart getting married?', 'June, to Ivy, at Mylor.')).toBe(true);
  });
});

// Causes own-probe-18 found.
describe('"aye", "believe it or not", starting over elsewhere', () => {
  const fact = 'Morag Innes is moving to New Zealand from Plockton in the spring.';
  it('"Aye" says yes; "believe it or not" denies nothing; starting over in a place is moving there', () => {
    expect(knows(fact, 'Is Morag leaving Plockton?', 'Aye, the spring. Her son is out there.')).toBe(true);
    expect(negated("She's emigrating, believe it or not")).toBe(false);
    expect(knows(fact, 'Any news of Morag?', "She's emigrating, believe it or not.")).toBe(true);
    expect(knows(fact, 'Any news of Morag?', 'Selling the cottage and starting over in New Zealand.')).toBe(true);
    expect(
      knows(fact, 'Is Morag leaving Plockton?', "Aye, for the day, she's away to Inverness for the dentist."),
    ).toBe(false);
  });
});

// Causes own-probe-19 found.
describe("not the person's own, a lunch hour, a place gone for good", () => {
  it('", not hers, mind" says the thing is another\'s', () => {
    const fact = 'Lowri Bevan is getting married to Huw Jones at Capel Seion on 9 May.';
    const a = "She's doing the flowers for a wedding at Capel Seion in May, not hers, mind.";
    expect(knows(fact, 'Any news of Lowri?', a)).toBe(false);
  });

  it('closing for lunch is for a while; "then it\'s gone for good" closes it', () => {
    const fact = 'The Pentre Bach post office is closing at the end of the month.';
    expect(knows(fact, 'Any news about the post office?', 'They close for lunch now, twelve till one.')).toBe(false);
    expect(
      knows(fact, 'Any news about the post office?', "Last stamps on the thirtieth, then it's gone for good."),
    ).toBe(true);
  });
});

// Causes own-probe-20 found.
describe('leaving a job, another named one\'s occasion, "off in March"', () => {
  const fact = 'Gwenaëlle Le Goff is leaving her job at the Quimper bookshop in May.';
  it('leaving a job is met by resigning or quitting; "pastures new" and "off in May" are leaving', () => {
    expect(knows(fact, 'Any news of Gwenaëlle?', "She's handed in her notice at the bookshop.")).toBe(true);
    expect(knows(fact, 'Is Gwenaëlle leaving the bookshop?', 'In May, she says. Pastures new.')).toBe(true);
    expect(knows(fact, 'Any news from the bookshop?', "Gwenaëlle's off in May, and a new lad starts in June.")).toBe(
      true,
    );
    expect(knows(fact, 'Any news of Gwenaëlle?', "She's off in the morning to her sister's, back Monday.")).toBe(false);
  });

  it("the act done at another named one's occasion is a part in theirs", () => {
    const event = 'Kojo Mensah is hosting a drumming workshop at the Clifton hall on Sunday.';
    const f = {
      keywords: labelledKeywords({ fact: event }),
      skip: new Set<string>(),
      known: new Set(['kojo']),
      verb: 'host*',
    };
    expect(anothersNamedThing("He's drumming at Abena's wedding on Sunday", f)).toBe(true);
    expect(knows(event, 'Any news of Kojo?', "He's drumming at Abena's wedding on Sunday.")).toBe(false);
  });
});

// Causes own-probe-21 found.
describe("a trade's fittings going in, a mammy to be", () => {
  it("a trade's fittings going into a place is opening it; the coffee on every morning is not", () => {
    const fact = 'Tiernan Cole is opening a bakery in the old bank at Dunquin.';
    expect(knows(fact, 'Any news of Tiernan?', "He's got the ovens in at the old bank, bread from May.")).toBe(true);
    expect(knows(fact, 'Any news of Tiernan?', "He's got the kettle on by six, every morning.")).toBe(false);
  });

  it('"going to be a mammy" is expecting', () => {
    const fact = 'Úna Daly is expecting her first baby in June.';
    expect(knows(fact, 'Any news of Úna?', "She's going to be a mammy in June.")).toBe(true);
  });
});

// Causes own-probe-22 found.
describe("one's own going to the event asked of, a person's thing that is no place", () => {
  it('"I\'d go if I could" to "Going to X\'s party?" takes the party as so; "What party?" does not', () => {
    const fact = 'Tegen Hosking is hosting a barbecue at the Porthtowan surf club on Saturday.';
    const q = "Going to Tegen's barbecue?";
    expect(knows(fact, q, "I'd go if I could, but I'm working Saturday.")).toBe(true);
    expect(knows(fact, q, "Can't make it, sadly.")).toBe(true);
    expect(knows(fact, q, "What barbecue? I'm not going anywhere.")).toBe(false);
  });

  it("going to a person's occasion is no leaving for a place", () => {
    expect(withPlainVerbs("She's going to Niamh's wedding")).not.toMatch(/leaving/);
    expect(withPlainVerbs("She's going to Galway in May")).toMatch(/leaving/);
  });
});

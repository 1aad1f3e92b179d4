// The rule judge reads an answer with its question (issue 38 item 2): the question's gap filled by the answer, its
// subject lent to a pronoun or a fragment, the source of a report apart from its subject, an opening "not that I
// know of", details added to a question that states the fact, idioms, a family or a relative instead of the
// person; and its floors on the labelled fixture corpora (every blind part's one score is spent: they are tuning data).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labelledKeywords, parseCorpusFile } from '../../src/eval/corpus-file.ts';
import { answerKnowsFact } from '../../src/eval/judge.ts';
import { checkCorpusFile, checkPasses, summarizeJudgeCheck } from '../../src/eval/judge-check.ts';
import { ruleKnowledgeJudge } from '../../src/eval/knowledge-judge.ts';
import { withPlainVerbs } from '../../src/town/idioms.ts';

const speaker = { name: 'Vera Holm', holder: false };
/** The judge's verdict on an answer to a question about a fact, keywords derived from the fact as on import. */
function knows(fact: string, question: string, answer: string): boolean {
  return answerKnowsFact(answer, labelledKeywords({ fact }), speaker, { question, fact });
}

const shop = 'Greta Lindqvist is opening a bookshop on Quay Street in April.';
const pool = 'The Harrowgate swimming pool will reopen on 1 August after repairs.';
const herd = 'Piet Aalders is selling his dairy herd at the Lindholm market next Thursday.';

describe('the question says what the answer leaves out', () => {
  it('a who-question lends its act to a bare name; a yes/no question lends only its subject', () => {
    expect(knows(shop, 'Who is opening the bookshop?', 'Greta Lindqvist, I believe.')).toBe(true);
    expect(knows(shop, 'Is Greta opening a bookshop?', 'Greta? She reads a lot, I know that.')).toBe(false);
    // a who-question names the act by the name of the thing it is done to
    const cafe = 'Iris Tan is taking over the Harbour Café from the Pollards in June.';
    expect(knows(cafe, "Who's running the Harbour Café next?", 'Iris Tan, from June.')).toBe(true);
    expect(knows(cafe, "Who's running the Harbour Café next?", "Iris Tan's sister, the one from Dublin.")).toBe(false);
    expect(knows(pool, 'Is the pool still shut?', 'For now, but it reopens on the 1st of August.')).toBe(true);
    // a clause with a subject of its own takes none from the question
    expect(knows(pool, 'Is the pool reopening?', 'The library is reopening, that much I know.')).toBe(false);
  });

  it('a detail of the fact added to a question that states it all; a wrong "when" is not knowing', () => {
    expect(knows(herd, "When's Piet selling the herd?", 'Thursday. At Lindholm.')).toBe(true);
    expect(knows(herd, "When's Piet selling the herd?", 'Ask his wife.')).toBe(false);
    expect(knows(herd, "When's Piet selling the herd?", 'Some time in October, I think.')).toBe(false);
    expect(knows(herd, 'Is Piet selling the herd?', 'Not the herd, no. His tractor, at Lindholm.')).toBe(false);
  });

  it('who told it is not who it is about; an opening "not that I know of" gives reasons, unless it turns', () => {
    const sels = 'Dr Amara Sels is leaving the Hollin Bay surgery in the spring to work abroad.';
    expect(knows(sels, 'Is Dr Sels leaving?', 'Someone told me she is going abroad in the spring.')).toBe(true);
    expect(knows(sels, 'Is Dr Sels leaving?', "Not as far as I know. She's always at the surgery.")).toBe(false);
    expect(knows(sels, 'Is Dr Sels leaving?', 'Not that I know of. But Ana said she is going abroad.')).toBe(true);
  });

  it('a family or a relative is not the person; a name the fact lacks takes a claim back', () => {
    const ferry = 'Oskar Brandvik is taking over the Hollin Bay ferry service in May.';
    expect(knows(ferry, "Who's taking over the ferry?", 'One of the Brandviks, for certain.')).toBe(false);
    expect(knows(ferry, "Who's taking over the ferry?", "Oskar Brandvik, yes, but it's Nils, really.")).toBe(false);
    expect(knows(ferry, "Who's taking over the ferry?", "Oskar Brandvik. It's been a long time coming.")).toBe(true);
  });

  it('a leading "No," answers the question; an event held is named by its name; a relative who is, is someone else', () => {
    const school = 'The village school will close at the end of the summer term.';
    expect(knows(school, 'Is the school staying open?', "No, it's closing after the summer term.")).toBe(true);
    expect(knows(school, 'Is the school closing?', "No, it's not closing at all.")).toBe(false);
    expect(knows(school, 'Any news about the school?', 'It shuts for good in July, I think?')).toBe(true);
    const light = 'The lighthouse will be open to visitors on 5 September.';
    expect(knows(light, 'When can we visit the lighthouse?', 'The 5th of September, just the one day.')).toBe(true);
    const show = 'The flower show will be held in the church hall on 20 August.';
    expect(knows(show, 'Is there a flower show this summer?', 'There is, the 20th of August.')).toBe(true);
    expect(knows(show, 'Is there a flower show this summer?', "I don't think there is one this year.")).toBe(false);
    const gwen = 'Gwen Ellis is moving to Canada to live with her daughter in the spring.';
    // a common word in the fact's sense when the answer carries another of the fact's words elsewhere
    expect(knows(gwen, 'Any news about Gwen?', "She's moving, would you believe? To Canada.")).toBe(true);
    expect(knows(gwen, 'Any news about Gwen?', "She's moving the piano, would you believe?")).toBe(false);
    expect(knows(gwen, 'Is Gwen moving to Canada?', 'I think she might be? Her daughter is out there.')).toBe(true);
    expect(knows(gwen, 'Any news about Gwen?', "Her daughter's moving to Canada, I heard.")).toBe(false);
  });

  it('a correction ("Not closing, moving") and a reason (", seeing as ...") are clauses of their own', () => {
    const post = 'The post office will move into the Co-op on 1 March.';
    expect(knows(post, 'Is the post office closing?', 'Not closing, moving. Into the Co-op in March.')).toBe(true);
    expect(knows(post, 'Is the post office closing?', 'Not moving, closing. For good.')).toBe(false);
    const fair = 'The carnival has been cancelled this year.';
    expect(knows(fair, 'What are you doing for the carnival?', "Nothing, seeing as it's been cancelled.")).toBe(true);
    // a retraction that is the fact's own act ("called it off" of a cancellation) takes nothing back
    expect(knows(fair, 'Is the carnival going ahead?', "Not this year. They've called it off.")).toBe(true);
    expect(knows(fair, 'Is the carnival going ahead?', 'Yes, bigger than ever, they say.')).toBe(false);
    // a title is no new thing of its own
    const head = 'Nadia Karim is retiring as headmistress of Pollock Street School at Easter.';
    expect(knows(head, "Who's retiring at Easter?", 'The head at Pollock Street, Mrs Karim.')).toBe(true);
  });

  it('the role a fact gives its person between commas names the person', () => {
    const ill = 'Tomas Reyes, the Quillon farrier, is in the county hospital with pneumonia.';
    expect(knows(ill, 'Any news from the forge?', "The farrier's in the county hospital, poor man.")).toBe(true);
    expect(knows(ill, 'Any news from the forge?', 'The farrier has a new apprentice.')).toBe(false);
  });

  it('idioms are read by their plain verb, in answers and in facts', () => {
    expect(withPlainVerbs('They are tying the knot')).toMatch(/marrying/);
    const post = 'Mabel Thorne, the Pellworth postmistress, is stepping down at Christmas.';
    expect(knows(post, 'Any news about Mabel?', "She's calling it a day at Christmas.")).toBe(true);
    expect(knows(post, 'Any news about Mabel?', 'She steps out to the shop every morning.')).toBe(false);
    expect(knows(herd, 'What is Piet doing?', 'His cows go under the hammer at Lindholm.')).toBe(true);
    expect(knows(shop, 'Any news about Greta?', 'She got the job at the library, I heard.')).toBe(false);
    const regatta = 'The regatta has been postponed until August because of the storms.';
    expect(knows(regatta, 'Any news about the regatta?', "It's been put back to August.")).toBe(true);
    expect(knows(regatta, 'Any news about the regatta?', 'They delayed it, the storms.')).toBe(true);
    expect(knows(regatta, 'Any news about the regatta?', 'They put the boats back in the shed.')).toBe(false);
  });
});

/** A fixture corpus scored as `--judge-check --corpus` scores it. */
async function fixture(name: string) {
  const path = `tests/fixtures/judge-corpus/${name}`;
  return checkCorpusFile(ruleKnowledgeJudge, path, parseCorpusFile(readFileSync(path, 'utf8'), path));
}

describe('floors on the fixture corpora', () => {
  it('the blind part (its one blind score, 0.925 / 0.725, is spent; tuned on since) meets the bar in every kind', async () => {
    const c = await fixture('held-out-blind.json');
    expect(checkPasses(c.parts[0]!), summarizeJudgeCheck(c)).toBe(true);
  });

  it('the second blind part (140 answers written blind, scored once, tuned on since) keeps its tuned floor', async () => {
    // Its one blind score: 121 English answers, precision 0.885, recall 0.767 (hedged 1.000/0.600, indirect
    // 0.875/0.700, mixed 0.667/0.600, negative 1.000/0.900, plain 0.818/0.900, terse 1.000/0.900); 19 answers in other
    // languages are not judged by the rules. Tuned on for issue 38c (act synonyms, where and object readings, sources):
    // 0.983 / 0.983; since the fourth blind part's rules (issue 38e: the one a fact says was left, said beside the one
    // who left; a subject named by words for a person, "the old girl's birthday"): 1.000 / 1.000, every kind at the bar.
    const c = await fixture('held-out-blind-2.json');
    expect(checkPasses(c.parts[0]!), summarizeJudgeCheck(c)).toBe(true);
    const o = c.parts[0]!.overall;
    expect(o.precision, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
    expect(o.recall, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
  });

  it('the third blind part (140 answers written blind, scored once, tuned on since) keeps its tuned floor', async () => {
    // Written by a session told only the format and the labels, never the rules; its one blind score, after the last
    // change to the judge then: 121 English answers, precision 0.943, recall 0.833 (hedged 1.000/1.000, indirect
    // 0.800/0.400, mixed 0.778/0.700, negative 1.000/1.000, plain 1.000/1.000, terse 1.000/0.900). Tuned on since
    // (acts said by their consequences, src/town/idiom-consequences.ts; a further thing not known after the act; a
    // contrasting "not"; a fragment after a question about the thing the act is done to; rows of the same families,
    // never its sentences, in judge-corpus-kinds-indirect*.ts): 1.000 / 1.000, every kind at the bar. A floor, not a
    // measure of the judge on answers it has not seen.
    const c = await fixture('held-out-blind-3.json');
    expect(checkPasses(c.parts[0]!), summarizeJudgeCheck(c)).toBe(true);
    const o = c.parts[0]!.overall;
    expect(o.precision, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
    expect(o.recall, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
  });

  it('the fourth blind part (150 answers written blind, scored once, now tuning data) keeps its tuned floor', async () => {
    // Written by a session told only the format and the labels (kinds plain, terse, hedged, negative, indirect, mixed,
    // pronoun, other-language), never the rules; its one blind score, after the last change to the judge then
    // (4794d8a): 140 English answers, precision 0.903, recall 0.800 (hedged 1.000/0.800, indirect 0.889/0.800, mixed
    // 0.692/0.900, negative 1.000/0.600, plain 0.889/0.800, pronoun 1.000/0.700, terse 1.000/1.000); 10 in other
    // languages are not judged by the rules. Now TUNING data (issue 38e: the reach of a negation, a result clause, a
    // loss foreseen, a thing kept up, a presuming negative question, a source who lets slip, a time or an ordinal as
    // no object, staying on, self-corrections and false starts, a fact's old time, idioms as sense, a subject by its
    // role): 1.000 / 0.971, every kind at the bar (mixed and negative recall 0.900: "closing the salon" of a
    // hairdresser's, a synonym the rules do not know). A floor, not a measure of the judge on answers it has not seen.
    const c = await fixture('held-out-blind-4.json');
    expect(checkPasses(c.parts[0]!), summarizeJudgeCheck(c)).toBe(true);
    const o = c.parts[0]!.overall;
    expect(o.precision, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
    expect(o.recall, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(0.97);
  });

  it('the fifth blind part (156 answers written blind, scored once, now tuning data) keeps its tuned floor', async () => {
    // Written by a session told only the format and the labels, in thirteen kinds (plain, terse, hedged, negative,
    // indirect, mixed, pronoun, needs-question, double-negative, enthusiasm, other-person, other-sense, echo), never the
    // rules; its one blind score, after the last change to the judge then (9e3f0da): 155 English answers, precision
    // 0.901, recall 0.853 (double-negative 0.833/0.833, echo 0.833/0.833, hedged 1/0.833, indirect 0.800/0.667, mixed
    // 0.833/0.833, negative 1/0.833, other-person 0.750/0.600, other-sense 0.714/1, pronoun 1/0.667; the other four
    // kinds 1/1). Now TUNING data (issue 38f: a person named with where they are from; a relative as object or as
    // background; a pronoun that takes nothing from a sentence about another; an echo tagged or affirmed; phrases in
    // which the act word means something else; a child on the way; going to the fact's destination; the act's object
    // by its name; a person named by the fact's role in the question; "the new" holder of a post; a double negative of
    // knowing only; the question's own words telling nothing): 1.000 / 1.000, every kind at the bar. A floor, not a
    // measure of the judge on answers it has not seen. One answer is not in English ("Ty Gwyn. Next month.").
    const c = await fixture('held-out-blind-5.json');
    expect(checkPasses(c.parts[0]!), summarizeJudgeCheck(c)).toBe(true);
    const o = c.parts[0]!.overall;
    expect(o.precision, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
    expect(o.recall, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
  });

  it('the sixth blind part (156 answers written blind, scored once, now tuning data) keeps its tuned floor', async () => {
    // Written by a session told only the format and the labels, in the same thirteen kinds, 45 facts in 11 invented
    // towns, never the rules; its one blind score, after issue 38f's rules were merged (9b43c43): precision 0.870,
    // recall 0.769 (60 of 69 "knows" right, 60 of 78 found). At the bar: needs-question, plain. Below: double-negative
    // 0.714/0.833, echo 1/0.500, enthusiasm 1/0.833, hedged 0.857/1, indirect 1/0.167, mixed 0.833/0.833, negative
    // 1/0.667, other-person 0.750/0.500, other-sense 0.625/0.833, pronoun 0.857/1, terse 1/0.833. Now TUNING data
    // (issue 38g: the whole question said back before the answer; a rising statement as a yes/no question, its echo
    // affirmed; the person put in the place of another the question suggests; a pronoun after another is named as the
    // one; a bare "no" to a question whether one stays; a double negative of the act, and one kept in its clause; "nobody
    // has told me anything" and a closing "I don't know" as denials; emphasis, talk kept up and a plea for secrecy as no
    // denial; "engaged with"; an indefinite in a yes/no question; a short name or a role said back; a clause joined by
    // "and" with its own subject; acts in other words: a price asked, a listing, a condition under the doctor, a
    // structure put up, pitting against, trading winters for the desert): 1.000 / 1.000, every kind at the bar. A
    // floor, not a measure of the judge on answers it has not seen.
    const c = await fixture('held-out-blind-6.json');
    expect(checkPasses(c.parts[0]!), summarizeJudgeCheck(c)).toBe(true);
    const o = c.parts[0]!.overall;
    expect(o.precision, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
    expect(o.recall, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
  });

  it('the seventh blind part (156 answers written blind, scored once, now tuning data) keeps its tuned floor', async () => {
    // Written by a session told only the format and the labels, in the same thirteen kinds, 45 facts in 21 invented
    // towns, never the rules, after the sixth part's rules (issue 38g); its one blind score (e247f8b): precision 0.954,
    // recall 0.827 (62 of 65 "knows" right, 62 of 75 found), accuracy 0.897. At the bar: echo, other-person. Below:
    // hedged 1/0.500, indirect 1/0.500, other-sense 0.667/1, pronoun 0.857/1, and one miss each in double-negative,
    // enthusiasm, mixed, needs-question, negative, plain, terse. Now TUNING data (issue 38h, by cause: a hedge on the
    // speaker's own word, "doing" an event, the owner said after the thing, a thing put up for grabs or an agent's
    // board, a thing turned into another, going across a sea, a trait in an act's word, a person converted to a
    // belief, a condition opening a sentence, a post held at a place and one in charge of others, one who told the
    // person as a source, a comma before a new subject with its verb, a word for any post, the person's thing named by
    // a word that does not say which, "Since Easter."): 1.000 / 1.000, every kind at the bar. A floor, not a measure
    // of the judge on answers it has not seen.
    const c = await fixture('held-out-blind-7.json');
    expect(checkPasses(c.parts[0]!), summarizeJudgeCheck(c)).toBe(true);
    const o = c.parts[0]!.overall;
    expect(o.precision, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
    expect(o.recall, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(1);
  });

  it('the eighth blind part (156 answers written blind, scored once after issue 38h) is not tuned on: its score is its floor', async () => {
    // Written by a session told only the format and the labels, in the same thirteen kinds (12 each, 6 "knows"),
    // never the rules, while the seventh part was tuned on; scored once after those rules merged (79971e7): precision
    // 0.869, recall 0.679, accuracy 0.788 (8 false "knows", 25 missed). At the bar in no kind; recall lowest in
    // enthusiasm, indirect and pronoun (0.333), needs-question and negative (0.500); precision lowest in
    // double-negative (0.571) and echo (0.714). A measure of the judge on answers it had not seen; kept here so a
    // change that loses more of it fails, never tuned on.
    const c = await fixture('held-out-blind-8.json');
    const o = c.parts[0]!.overall;
    expect(o.precision, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(0.868);
    expect(o.recall, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(0.679);
  });

  it('the ninth blind part (156 answers written blind, scored once with the judge unchanged since the eighth) is not tuned on: its score is its floor', async () => {
    // Written by a session told only the format and the labels, in the same thirteen kinds (12 each, 6 "knows"), never
    // the rules; scored once with the judge as it stood since 79971e7 (no rule of it changed in between): precision
    // 0.848, recall 0.727, accuracy 0.800 (10 false "knows", 21 missed; one answer not in English, left to the model
    // judge). At the bar in terse only; recall lowest in indirect (0.167), other-person and pronoun (0.500); precision
    // lowest in pronoun (0.600) and mixed (0.714). A measure of the judge on answers it had not seen, never tuned on.
    const c = await fixture('held-out-blind-9.json');
    const o = c.parts[0]!.overall;
    expect(o.precision, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(0.848);
    expect(o.recall, summarizeJudgeCheck(c)).toBeGreaterThanOrEqual(0.727);
  });

  it('the own question-reading corpus and the probes keep their measured floors', async () => {
    for (const [name, precision, recall] of [
      ['own-question-kinds.json', 0.95, 0.95],
      ['own-probe.json', 1, 0.94],
      ['own-probe-2.json', 1, 1],
      ['own-probe-3.json', 1, 1],
      ['own-probe-4.json', 1, 1],
      ['own-probe-5.json', 1, 1],
      ['own-probe-6.json', 1, 1],
      // written before the rules of issue 38c; its first score, with the judge as it stood: 0.929 / 0.542
      ['own-probe-7.json', 1, 1],
      // indirect, mixed and terse answers written after the rules of the third blind part; first score 0.792 / 0.792
      // (indirect 0.769 / 0.714, mixed 0.778 / 0.875), tuned on since
      ['own-probe-8.json', 1, 1],
      // written after own-probe-8's rules, in other towns; first score 1.000 / 0.917 (the judge before the third blind
      // part's rules: 0.667 / 0.333); one miss tuned on since ("earned her rest"), and since issue 38e the other ("I
      // don't know what he stands for": a wh-word stranded before its preposition asks a further thing)
      ['own-probe-9.json', 1, 1],
      // written in issue 38e after most of its rules, by the session that wrote them (not blind), in six new towns, to
      // see how far the rules carry: first score 0.900 / 0.600 (the judge before issue 38e: 0.895 / 0.567); tuned on
      // since (an event "off", "called off" or that "won't be", giving up a place, a refusal, an ordinal, the act's
      // word as subject, "where is he going?" of a leaving): 0.963 / 0.867, indirect answers still at 0.500; since
      // issue 38f (one to come after the person, going to the fact's destination as leaving): 0.966 / 0.933
      ['own-probe-10.json', 0.96, 0.93],
      // written in issue 38f after the fifth blind part's rules, by the session that wrote them (not blind), 41 answers
      // about seven facts in seven new towns, in the kinds those rules touch (other-person, other-sense, echo, pronoun,
      // indirect, double-negative, mixed, negative, hedged); its first score, once, at 019191b: precision 1.000, recall
      // 0.783 (other-person 3 of 3 "knows" missed, indirect 0.667; every other kind at the bar); the judge before issue
      // 38f scores it 0.833 / 0.652. Tuned on since (a relative's act at a past time or another act after the one is
      // named, "there" for the question's place, a for-sale sign, "and she's ..." as a clause): 1.000 / 1.000
      ['own-probe-11.json', 1, 1],
      // written in issue 38f in three batches of new facts and towns after own-probe-11's rules, each scored once
      // before the rules it led to: 28 answers at b302af7, 0.727 / 0.500; 24 at 8962866, 0.923 / 0.800; 19 at ae25d2d,
      // 1.000 / 0.455; tuned on since (a relative's act by the fact's verb, names as an echo, a role or a title for the
      // person, a month's postponement, "sold on the idea", a double negative of telling, another's campaign, a when
      // filled by the fact's day, "I have", "Not for much longer, ..."): 1.000 / 0.810, indirect answers at 0.300 (a
      // consequence the rules do not read: "Lessons from May, boards for hire", "the Brennan lads have got the van")
      ['own-probe-12.json', 1, 0.8],
      // written in issue 38g after the sixth blind part's rules, by the session that wrote them (not blind), 30 answers
      // about six facts in six new towns, in the kinds those rules touch; its first score, once, not tuned on:
      // precision 1.000, recall 0.875 (the judge before those rules: 0.778 / 0.438); missed: viewings said as "three
      // people round to look at it", "taking whatever they offer"
      ['own-probe-13.json', 1, 0.87],
      // written in issue 38h beside the rules it probes, after the seventh blind part became tuning data, by the session
      // that wrote them (not blind): 41 answers about fourteen new facts in fourteen new towns, each cause of that part's
      // errors said anew, with answers that must not be taken for knowing beside them (three of which first caught a
      // rule too wide: a thing merely "up for grabs", "in charge of the raffle", a possessed thing named outright)
      ['own-probe-14.json', 1, 1],
      // four batches written in issue 38h after the seventh part's rules, by the session that wrote them (not blind), in
      // new towns, each scored once before the rules it led to: own-probe-15 0.867 / 0.684, own-probe-16 1.000 / 0.563,
      // own-probe-17 0.750 / 0.429, own-probe-18 1.000 / 0.667; tuned on since (floors below are tuned figures); left:
      // "a chipper", "battered cod" for a chip shop, "for a few more months anyway", "books" for a bookshop, "training
      // for" a race, "not as if anyone else stood a chance", "in charge of the whole harbour"
      ['own-probe-15.json', 0.94, 0.84],
      ['own-probe-16.json', 1, 0.87],
      ['own-probe-17.json', 1, 0.78],
      ['own-probe-18.json', 1, 0.91],
      // a fifth batch, first score 0.846 / 0.917, and a sixth, 0.857 / 0.600 ("March" read as Marchand), tuned on since;
      // left: "He'd be a fool not to"
      ['own-probe-19.json', 1, 1],
      ['own-probe-20.json', 1, 0.9],
      // a seventh, written after all of issue 38h's rules: first score 1.000 / 0.625; tuned on since (a trade's fittings
      // going in, "a mammy"); left: "she's done at Christmas" after "Not Wilhelmina" to a who-question
      ['own-probe-21.json', 1, 0.87],
      // an eighth: first score 1.000 / 0.750; tuned on since (one's own going; "going to Annika's" is no place); left:
      // "throwing a midsummer do" (a do is a party; "do" alone is too common a word to key)
      ['own-probe-22.json', 1, 0.87],
    ] as const) {
      const o = (await fixture(name)).parts[0]!.overall;
      expect(o.precision, name).toBeGreaterThanOrEqual(precision);
      expect(o.recall, name).toBeGreaterThanOrEqual(recall);
    }
  });
});

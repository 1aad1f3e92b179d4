import { describe, expect, it } from 'vitest';
import {
  formatReadingScore,
  parseReadingCorpus,
  type ReadingCorpusItem,
  relationMatches,
  SCORED_KINDS,
  scoreReadings,
} from '../../src/eval/reading-score.ts';
import { readResidentNeutral } from '../../src/town/reading/neutral/index.ts';
import { emptyReading, type ResidentReading } from '../../src/town/reading/types.ts';
import { type Floors, load, meetsFloors, ownPart } from '../support/reading-corpus.ts';

const TUNING = load('tuning.json');
/** Items written for these tests in styles the corpus lacks (forms, diaries, the passive, gossip), after tuning. */
const OWN = load('own.json');
/**
 * Items written for the reader's known weaknesses before the rules for them changed: secrecy said in the next
 * sentence, a confidence, traits and public matters that are no secrets; terse hostless events, parts of the day,
 * "on the 14th"; in-laws, step-relatives, notes' "husb" and "dau"; work from home.
 */
const OWN_2 = load('own-2.json');
/**
 * Items in styles the corpus lacked (diaries, official register entries, gossip, bullet lists, letters, simple learner
 * English), written after the rules were changed for the second held-out part and scored once before any rule was
 * changed with them in view (see its describe below); tuning data since.
 */
const OWN_3 = load('own-3.json');
/**
 * Items in new towns written for the rules widened on the third held-out part (a learner's "tell me a secret", a
 * confidence "whispered that", a letter's addressee, kept from someone named in a rumour, dash-separated notes,
 * register households, "the first Saturday of December", guests "just Maman, me and ..."), scored after the change.
 */
const OWN_4 = load('own-4.json');
/**
 * Items in new towns, in our own words, for each rule widened on the fifth held-out part: a play script's capitals
 * and speeches, whose a matter is and whom it is told to said in other ways, a bare "nobody else" that keeps nothing,
 * kin in apposition and contraction. Each states its principle anew rather than the held-out part's phrasing.
 */
const OWN_5 = load('own-5.json');
/**
 * Items in new towns, in our own words, for each rule widened on the seventh held-out part: a text that addresses the
 * resident, regional voices, homes said of the others who share them, tellers and keeping said another way, a
 * tabloid's kin words, a run-on sentence's clauses.
 */
const OWN_6 = load('own-6.json');

/** What the neutral reader reaches on the tuning part, less a margin: a drop below fails. */
const FLOOR: Record<(typeof SCORED_KINDS)[number], { precision: number; recall: number }> = {
  family: { precision: 0.99, recall: 0.95 },
  household: { precision: 1, recall: 0.98 },
  work: { precision: 0.98, recall: 0.98 },
  secrets: { precision: 0.97, recall: 0.97 },
  events: { precision: 1, recall: 1 },
};

describe('the reading corpus', () => {
  it('holds 130 labelled tuning items in several styles, every kind labelled somewhere', () => {
    expect(TUNING.length).toBeGreaterThanOrEqual(130);
    expect(new Set(TUNING.map((x) => x.style)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(TUNING.map((x) => x.id)).size).toBe(TUNING.length);
    for (const x of TUNING) expect(x.town.people, x.id).toContain(x.resident);
    expect(TUNING.some((x) => x.expect.secrets.length > 0 && x.expect.events.length > 0)).toBe(true);
  });

  it('refuses a malformed item with where and why', () => {
    const bad = [{ ...TUNING[0]!, town: { ...TUNING[0]!.town, start: 'Monday' } }];
    expect(() => parseReadingCorpus(bad)).toThrow(/item 0\.town\.start/);
  });
});

describe('the neutral reader on the tuning part', () => {
  it('reaches its floor of precision and recall per kind', () => {
    const score = scoreReadings(TUNING, readResidentNeutral);
    console.log(formatReadingScore(score));
    for (const k of SCORED_KINDS) {
      expect(score.kinds[k].precision, `${k} precision\n${formatReadingScore(score)}`).toBeGreaterThanOrEqual(
        FLOOR[k].precision,
      );
      expect(score.kinds[k].recall, `${k} recall\n${formatReadingScore(score)}`).toBeGreaterThanOrEqual(
        FLOOR[k].recall,
      );
    }
  });
});

describe('the neutral reader on phrasings written apart from the corpus', () => {
  it('reads forms, diaries, the passive and gossip about as well as the corpus', () => {
    const score = scoreReadings(OWN, readResidentNeutral);
    console.log(formatReadingScore(score));
    expect(score.overall.precision, formatReadingScore(score)).toBeGreaterThanOrEqual(1);
    expect(score.overall.recall, formatReadingScore(score)).toBeGreaterThanOrEqual(0.98);
  });
});

describe('the neutral reader on phrasings written for its known weaknesses', () => {
  it('reads them about as well as the corpus', () => {
    const score = scoreReadings(OWN_2, readResidentNeutral);
    console.log(formatReadingScore(score));
    expect(score.overall.precision, formatReadingScore(score)).toBeGreaterThanOrEqual(0.98);
    expect(score.overall.recall, formatReadingScore(score)).toBeGreaterThanOrEqual(0.96);
    for (const k of ['secrets', 'events', 'household'] as const)
      expect(score.kinds[k].recall, `${k}\n${formatReadingScore(score)}`).toBe(1);
  });
});

describe('the scoring rules', () => {
  const item = (expect: Partial<ReadingCorpusItem['expect']>): ReadingCorpusItem => ({
    ...TUNING[0]!,
    expect: { family: [], household: [], work: null, secrets: [], events: [], ...expect },
  });
  const reading = (r: Partial<ResidentReading>) => () => ({ ...emptyReading('x'), ...r });

  it('counts a generic relation as its specific label, and nothing else', () => {
    expect(relationMatches('parent', 'mother')).toBe(true);
    expect(relationMatches('spouse', 'husband')).toBe(true);
    expect(relationMatches('mother', 'parent')).toBe(false);
    expect(relationMatches('partner', 'wife')).toBe(false);
    const s = scoreReadings(
      [item({ family: [{ name: 'A B', relation: 'mother' }] })],
      reading({
        family: [
          { name: 'A B', relation: 'parent', quote: '' },
          { name: 'C D', relation: 'son', quote: '' },
        ],
      }),
    );
    expect(s.kinds.family).toMatchObject({ tp: 1, fp: 1, fn: 0, precision: 0.5, recall: 1 });
  });

  it('counts work right only with the place and the days and hours the label gives', () => {
    const label = { place: 'p', days: ['mon', 'tue'], start: '09:00', end: null };
    const ok = scoreReadings(
      [item({ work: label })],
      reading({ work: { place: 'p', days: ['tue', 'mon'], start: '09:00', end: '17:00', quote: '' } }),
    );
    expect(ok.kinds.work).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    const wrongDays = scoreReadings(
      [item({ work: label })],
      reading({ work: { place: 'p', days: ['mon'], start: '09:00', end: null, quote: '' } }),
    );
    expect(wrongDays.kinds.work).toMatchObject({ tp: 0, fp: 1, fn: 1 });
  });

  it('matches a secret by owner, a stemmed gist word and the same people to tell', () => {
    const label = { owner: 'A B', gist: ['selling', 'bakery'], tellTo: ['C D'] };
    const secret = (tellTo: string[]) =>
      reading({ secrets: [{ owner: 'A B', matter: 'she sells the shop', tellTo, quote: '' }] });
    expect(scoreReadings([item({ secrets: [label] })], secret(['C D'])).kinds.secrets.tp).toBe(1);
    expect(scoreReadings([item({ secrets: [label] })], secret([])).kinds.secrets).toMatchObject({
      tp: 0,
      fp: 1,
      fn: 1,
    });
  });

  it('matches an event by place, start, host and a shared kind word', () => {
    const label = {
      kind: 'quiz night',
      host: 'A B',
      place: 'p',
      start: '2025-05-12 19:00',
      end: '2025-05-12 21:00',
      invite: 'everyone' as const,
    };
    const ev = (start: string) =>
      reading({
        events: [{ kind: 'pub quiz', host: 'A B', place: 'p', start, end: start, invite: 'everyone', quote: '' }],
      });
    expect(scoreReadings([item({ events: [label] })], ev('2025-05-12 19:00')).kinds.events.tp).toBe(1);
    expect(scoreReadings([item({ events: [label] })], ev('2025-05-12 07:30')).kinds.events.tp).toBe(0);
  });
});

describe('the neutral reader on own-6 (new towns for the rules widened on the seventh held-out part)', () => {
  /**
   * Items in new towns, in our own words, stating anew each principle widened on the seventh part (a text addressed to
   * the resident, regional voices, homes said of the others, tellers and keeping said another way, a tabloid's kin
   * words, a run-on's clauses). Its first score, after the widening on the seventh part and before any rule looked at
   * it: family 1.000/0.864, household 1.000/0.826, work 0.909/0.714, secrets 0.917/0.917, events 1.000/1.000; the rules
   * were then widened where they were narrower than their principle ("your lodger, Sami", "ma man", the creole "him
   * sister", "fries at Glenda's Caff Monday to Saturday", a happening ahead in a long run-on, "said nothing to her
   * mammy — she'll break it to her": whom "her" is, through the owner's family). These floors are what the rules
   * reach on it now. Its last two rows (u15, u16) came with the rules widened after it: a contracted "is" before a
   * determiner, a happening after "— but", "so his stepson", a role apposed to the name, the one who begs a matter kept.
   */
  ownPart(OWN_6, 16, {
    family: { precision: 1, recall: 1 },
    household: { precision: 1, recall: 1 },
    work: { precision: 1, recall: 1 },
    secrets: { precision: 1, recall: 1 },
    events: { precision: 1, recall: 1 },
  });
});

describe('the neutral reader on own-4 (new towns for the rules widened on the third held-out part)', () => {
  /**
   * Its first score after the widening: family 1.000/0.864, household 1.000/0.769, work 0.700/0.875, secrets
   * 0.375/0.333, events 0.818/0.818, so the rules as first written reached the held-out part's phrasings better than
   * the same patterns said anew. Some of the gap was then closed by cause (a longer aside before "whispered that", a
   * rumour's "would die before Kwame heard", "have the two rooms", "knows nothing of it" keeping from its subject);
   * what is left is known ("Dear Mr Moss" when two residents are Moss is read since, by the title's gender):
   * "has told only his mother" when the family says only "parents", a bare "Papa" with no name for him, "Pieter and Greet's daughter from De Gouden Vis — I
   * serve there". Its last rows (a child's essay, a text message in lower case, a story told aloud, a newsletter) came
   * with rules for them: "my mum is called Carys", "dont tell mum", "we all live in", "Walter Pym's putting on", a
   * newsletter's "Shop news:" (a shop's news is no shopping). These floors are what the rules reach on it now.
   */
  ownPart(OWN_4, 24, {
    family: { precision: 1, recall: 0.9 },
    household: { precision: 1, recall: 1 },
    work: { precision: 1, recall: 1 },
    secrets: { precision: 0.818, recall: 0.818 },
    events: { precision: 0.92, recall: 0.92 },
  });
});

describe('the neutral reader on new styles (own-3: diaries, registers, gossip, bullets, letters, learner English)', () => {
  /**
   * Its first score, taken once after the rules were widened on the second held-out part and before any rule looked
   * at these items: family 0.983/0.797, household 1.000/0.525, work 0.680/0.630, secrets 0.556/0.476, events
   * 0.889/0.552 (the rules before that widening: secrets 0.389/0.333, the rest about the same). Styles the corpus had
   * never shown read much worse than the held-out parts, which is what a new blind part may bring. One label was then
   * brought in line with the corpus's own convention (a fiancé is not family: tuning and held-out-2 leave "engaged to"
   * out). Tuning data since; these floors are what the rules reach on it now.
   */
  const floors: Floors = {
    family: { precision: 1, recall: 1 },
    household: { precision: 1, recall: 0.89 },
    work: { precision: 0.92, recall: 0.88 },
    secrets: { precision: 0.952, recall: 0.952 },
    events: { precision: 0.96, recall: 0.96 },
  };
  it('holds 30 items in six styles the corpus lacked', () => {
    expect(OWN_3.length).toBe(30);
    expect(new Set(OWN_3.map((x) => x.style)).size).toBe(6);
    for (const x of OWN_3) expect(x.town.people, x.id).toContain(x.resident);
  });
  it('stays at or above its floor', () => meetsFloors(OWN_3, floors));
});

describe('the neutral reader on own-5 (new towns for the rules widened on the fifth held-out part)', () => {
  /**
   * Its first score, after the widening: family 0.944/0.850, household 1.000/0.667, work 1.000/0.750, secrets
   * 0.778/0.778; household 1.000/1.000 once a collective's home was read (r06, r07, r10); r11's two events (a note's
   * "evening" after its date, its place before a colon, "Karl's sheepdog trial ...; open to all") came with their
   * rule, as did r12 and r13 (no job said; "from the 6 until the 2 of afternoon") and r14 ("Greta and Wilf, her
   * mother and father"). What is left is known: "she told him a secret" when the text's pronouns leave the resident's gender
   * open (as many "she" as "he"), "Marco's daughter-in-law" when nothing says Marco is a man, "Karl and Ida are their
   * two", a smith "at BRIGHT'S FORGE" in a play's heading.
   */
  ownPart(OWN_5, 14, {
    family: { precision: 0.958, recall: 0.884 },
    household: { precision: 1, recall: 1 },
    work: { precision: 1, recall: 0.857 },
    secrets: { precision: 0.777, recall: 0.777 },
    events: { precision: 1, recall: 1 },
  });
});

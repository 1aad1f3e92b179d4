// The neutral reader on the labelled corpus (issue 32 item 7): precision and recall per kind, printed, with a floor a
// little under what it reaches so a regression fails. Every part here has been seen while writing the rules: the
// tuning part, our own sets, and the first held-out part (its one blind score is spent, so it is tuning data now).
// The part that measures the reader is a new one written blind by someone else and scored once, outside this file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

const load = (file: string) =>
  parseReadingCorpus(JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/reading-corpus', file), 'utf8')));
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

type Floors = Record<(typeof SCORED_KINDS)[number], { precision: number; recall: number }>;

/** A held-out part: its size and styles, and its score per kind at or above its floors (printed). */
function heldOutPart(file: string, size: number, floors: Floors) {
  const items = load(file);
  it(`holds ${size} items written by someone who never saw the rules, in at least five styles`, () => {
    expect(items.length).toBe(size);
    expect(new Set(items.map((x) => x.style)).size).toBeGreaterThanOrEqual(5);
  });
  it('stays at or above its floor', () => meetsFloors(items, floors));
}

/** The neutral reader's score on these items, per kind, at or above the floors (printed). */
function meetsFloors(items: ReturnType<typeof load>, floors: Floors) {
  const score = scoreReadings(items, readResidentNeutral);
  console.log(formatReadingScore(score));
  for (const k of SCORED_KINDS) {
    expect(score.kinds[k].precision, `${k} precision`).toBeGreaterThanOrEqual(floors[k].precision);
    expect(score.kinds[k].recall, `${k} recall`).toBeGreaterThanOrEqual(floors[k].recall);
  }
}

describe('the neutral reader on the first held-out part (written blind; its one blind score is spent)', () => {
  /**
   * Its one blind score, before the rules were changed with it in view: family 0.964/0.858, household 0.980/0.789,
   * work 0.947/0.947, secrets 0.448/0.520, events 0.909/0.769 (precision/recall). It is tuning data since, so what
   * the reader reaches on it now says little of new phrasings: these floors, a little under it, only guard against a
   * regression, like the tuning part's.
   */
  heldOutPart('held-out.json', 80, {
    family: { precision: 1, recall: 0.98 },
    household: { precision: 1, recall: 0.96 },
    work: { precision: 0.98, recall: 0.94 },
    secrets: { precision: 1, recall: 1 },
    events: { precision: 1, recall: 0.97 },
  });
});

describe('the neutral reader on the second held-out part (90 items written blind, scored once)', () => {
  /**
   * Written by a session told only the format and the labels (never the rules or the failing examples), after the
   * rules' last change, and scored once: family 0.973/0.854, household 0.941/0.748, work 0.797/0.718, secrets
   * 0.547/0.527, events 0.951/0.696 (precision/recall). Its one blind score spent, it became tuning data: the rules
   * were then widened by cause (words of keeping and of rumour, reported clauses, homes said without "with", hours in
   * words and notes), never by its names or places. These floors are what they reach on it now, a regression guard.
   */
  heldOutPart('held-out-2.json', 90, {
    family: { precision: 0.98, recall: 0.96 },
    household: { precision: 1, recall: 0.97 },
    work: { precision: 0.97, recall: 0.95 },
    secrets: { precision: 1, recall: 1 },
    events: { precision: 1, recall: 1 },
  });
});

describe('the neutral reader on the third held-out part (96 items written blind, scored once; tuned on since)', () => {
  /**
   * Written by a session told only the format and the labels, in six styles the corpus had not had (diaries,
   * official registers, a neighbour's gossip, bullet notes, letters, simple learner English), and scored once after
   * the rules' last change: family 0.973/0.873, household 0.984/0.639, work 0.847/0.746, secrets 0.542/0.531, events
   * 0.781/0.510 (precision/recall). Its one blind score spent, it became tuning data: the rules were then widened by
   * cause (secrecy said in another sentence or a rumour, a confidence in a learner's present or "whispered that", a
   * letter's addressee, register households, hosts named after the kind, guests, "the first Saturday of December",
   * dash-separated notes), with rows of our own for each in own-4, never by its names or places. These floors are
   * what the rules reach on it now, a regression guard; what they reach on new phrasings is the next blind part's.
   */
  heldOutPart('held-out-3.json', 96, {
    // (family 114/117 and 114/126 since "Maman (Odile) and Papa (Benoît)" said as "I" are the writer's parents)
    family: { precision: 0.974, recall: 0.904 },
    household: { precision: 1, recall: 0.89 },
    // (since the fourth part's widening, "based at", "back to the clinic", "I cook there", "Mrs Fairley" of two
    // Fairleys, "which is not my job", "Papa (Benoît)": work 60/63 and 60/67, secrets 48/49 and 48/49, events 48/48
    // and 48/49)
    work: { precision: 0.952, recall: 0.895 },
    secrets: { precision: 0.979, recall: 0.979 },
    events: { precision: 1, recall: 0.979 },
  });
});

describe('the neutral reader on the fourth held-out part (100 items written blind, scored once; tuned on since)', () => {
  /**
   * Written by a session told only the format and the labels, in six styles again new to the corpus (a village
   * newsletter, text messages, a child's school essay, a constable's or landlord's notebook, a storyteller's long
   * paragraph, Smallville's semicolon clauses), and scored once after the rules' last change (de728ba): family
   * 0.938/0.853, household 0.938/0.873, work 0.623/0.458, secrets 0.279/0.279, events 0.902/0.597
   * (precision/recall). Its one blind score spent, it became tuning data: the rules were then widened by cause (a
   * notebook's visitor and its left-out teller, a message's addressee, "gonna tell", a day book's heading and
   * stamps, a note's bare place word before its hours, lower-case days, a message's question that says the day, a
   * text told of the resident whoever its "I" is), with tests of our own for each (neutral-notes.test.ts), never by
   * its names or places. These floors are what the rules reach on it now, a regression guard.
   */
  heldOutPart('held-out-4.json', 100, {
    // (the score's counts: family 190/197 and 190/211, household 137/146 and 137/157, work 66/67 and 66/72, secrets
    // 42/43 and 42/43, events 60/60 and 60/62; the floors are those ratios, rounded down)
    family: { precision: 0.964, recall: 0.9 },
    household: { precision: 0.938, recall: 0.872 },
    work: { precision: 0.985, recall: 0.916 },
    secrets: { precision: 0.976, recall: 0.976 },
    events: { precision: 1, recall: 0.967 },
  });
});

describe('the neutral reader on the fifth held-out part (102 items written blind, scored once; tuned on since)', () => {
  /**
   * Written by a session told only the format and the labels, in six styles new to the corpus (a game master's
   * character sheet, a rambling voice memo, English written by a non-native speaker, a timeline of dated lines, an
   * encyclopedia entry, a play script's character note), and scored once after the rules' last change (bf052f2, the
   * widening on the fourth part merged): family 0.906/0.668, household 0.964/0.638, work 0.776/0.756, secrets
   * 0.319/0.333, events 0.878/0.632 (precision/recall). By style, the play script reads worst (family 0.20/0.04:
   * names in capitals, "her mother AMA and her little brother YAW", are no names the rules know) and the encyclopedia
   * entry best (family 0.97/0.85, events 1/1); private matters stay low in every style. Its one blind score spent,
   * it became tuning data: the rules were then widened by cause, with items of our own for each in own-5, never by
   * its names or places: names in capitals and a play's speeches (whose "I" is the speaker, whose "you" the one
   * spoken to), whom a matter is told to ("confided this to X alone", "is known to her father alone", "X knows, she
   * told him", a note's "X to tell Y"), whose it is ("Secret (Kwame's):", "the secret of Carlos", "Toni confides to
   * his sister Lena that", "she told him a secret" in his text), a bare "nobody else" that keeps nothing, and kin
   * in apposition ("she's Tom's wife", "Katya (Dmitri's granddaughter, Vera's niece)", "the son of Marco and his
   * wife, Isabela", "Ingrid (Sven's wife)", "Sanne and Joost, her mother and father"), a home said of a collective ("the couple live", "the three of them",
   * "lives with them" after the family is named), a note's happening ("16 July, evening — St Anne's Hall: Wendy Pye's
   * fundraising supper; all welcome", whatever its name when people are welcomed to it), a sentence saying the
   * resident holds no job ("Doesn't work, she's at school", "is a retired cannery foreman") and a learner's hours
   * ("from the 7 until the 11 in morning", "ten of morning"). These floors are what the
   * rules reach on it now, a regression guard.
   */
  heldOutPart('held-out-5.json', 102, {
    // (the score's counts: family 163/172 and 163/187, household 105/108 and 105/127, work 63/71 and 63/78, secrets
    // 41/45 and 41/45, events 40/44 and 40/57; the floors are those ratios, rounded down)
    family: { precision: 0.947, recall: 0.871 },
    household: { precision: 0.972, recall: 0.826 },
    work: { precision: 0.887, recall: 0.807 },
    secrets: { precision: 0.911, recall: 0.911 },
    events: { precision: 0.909, recall: 0.701 },
  });
});

describe('the neutral reader on the sixth held-out part (48 items written blind, scored once; tuned on since)', () => {
  /**
   * Written by a session told only the format and the labels, in six styles new to the corpus (an interview's
   * questions and answers, a profile blurb, a meeting's minutes, a postcard, casual American English, Victorian
   * prose), 8 each, and scored once after the widening on the fifth part (341493f): family 0.962/0.718, household
   * 0.971/0.717, work 0.864/0.731, secrets 0.375/0.391, events 0.684/0.542 (precision/recall). Its one blind score
   * spent, it became tuning data. First its 11 matters told to the resident by their owner were labelled as every
   * other part labels them (the resident who was told is in tellTo; secrets 0.708/0.739 on that alone); then the
   * rules were widened by cause, with tests of our own for each (neutral-minutes.test.ts), never by its names or
   * places: a profile's items between slashes or bars, a question that keeps nothing, "has lately confided to her",
   * "X's offer stays with me until", "wants only X to know", "no one beyond the chair, Mrs Y", "spoken of it to
   * nobody", "purposes to acquaint X with it", "none save X", minutes' and formal verbs of hosting ("proposed",
   * "shall give", "preside over", "announce", "upon"), the host not a name in an aside before the verb, two clauses
   * joined by ", and" read apart, titles in kin lists, a home said of everyone just named ("both at home with me",
   * "all three of us under one roof", "squeeze into"). These floors are what the rules reach on it now, a regression
   * guard and a tuning figure, not a measure of new styles. What is left: households said as "we share the flat",
   * "snug in their bungalow together", "where the two reside alone"; kin whose gender nothing says ("aunt of Luca");
   * "His mama Dot" said by his wife; work said as "nurses at the clinic three nights a week", "save the Sabbath".
   */
  heldOutPart('held-out-6.json', 48, {
    // (the score's counts: family 59/61 and 59/71, household 39/40 and 39/46, work 22/24 and 22/26, secrets 23/23
    // and 23/23, events 24/24 and 24/24; the floors are those ratios, rounded down)
    family: { precision: 0.967, recall: 0.83 },
    household: { precision: 0.975, recall: 0.847 },
    work: { precision: 0.916, recall: 0.846 },
    secrets: { precision: 1, recall: 1 },
    events: { precision: 1, recall: 1 },
  });
});

describe('the neutral reader on the seventh held-out part (96 items written blind, scored once; tuned on since)', () => {
  /**
   * Written by a session told only the format and the labels, in six styles new to the corpus (the resident addressed
   * as "you", a game master's notes, an email about the resident, a regional voice, one breathless run-on sentence, a
   * local rag's gossip), 16 each, and scored once after the widening on the sixth part (e5cb2d0): family 0.914/0.711,
   * household 0.921/0.507, work 0.790/0.721, secrets 0.486/0.447, events 0.839/0.650 (precision/recall). By style, the
   * second person read best (secrets 0.83/0.83, events 1.00/1.00), the regional voice worst (family recall 0.29,
   * secrets and events 0.17). Its one blind score spent, it became tuning data. Two labels were first brought in line
   * with the corpus's convention (a son gone to Memphis is still a son; "farming Marsh Farm" is work there); then the
   * rules were widened by cause, with rows of our own for each in own-6, never by its names or places: a text that
   * addresses the resident ("You are ...": "you" is the resident, "she" and "he" are others), regional spellings read
   * as the standard (mi/ma/me and the creole "she" before a kin word, wi/wid/wit, 'er/'is, an', bides, Scots -nae,
   * naebody kens, tae, fower, ilka; a dropped h or g; "Himself, Seamus"), others who live in the resident's home said
   * of them (lodgers, "rents the spare room", "shares her cottage"), a teller with an aside or where they are from,
   * keeping said in other words ("keeps that very private", "mum's the word", "so Roz won't find out"), a tabloid's
   * kin word with no possessor ("told hubby Terry"), names opening with a title ("Ser Aldric"), a run-on's clauses. These
   * floors are what the rules reach on it now, a regression guard and a tuning figure, not a measure of new styles.
   */
  heldOutPart('held-out-7.json', 96, {
    // (the score's counts: family 86/87 and 86/91, household 62/62 and 62/69, work 62/68 and 62/69, secrets 35/41
    // and 35/38, events 35/36 and 35/40; the floors are those ratios, rounded down)
    family: { precision: 0.988, recall: 0.945 },
    household: { precision: 1, recall: 0.898 },
    work: { precision: 0.911, recall: 0.898 },
    secrets: { precision: 0.853, recall: 0.921 },
    events: { precision: 0.972, recall: 0.875 },
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
  it('holds 16 items in new towns', () => {
    expect(OWN_6.length).toBe(16);
    for (const x of OWN_6) expect(x.town.people, x.id).toContain(x.resident);
  });
  it('stays at or above its floor', () =>
    meetsFloors(OWN_6, {
      family: { precision: 1, recall: 1 },
      household: { precision: 1, recall: 1 },
      work: { precision: 1, recall: 1 },
      secrets: { precision: 1, recall: 1 },
      events: { precision: 1, recall: 1 },
    }));
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
  it('holds 24 items in new towns', () => {
    expect(OWN_4.length).toBe(24);
    for (const x of OWN_4) expect(x.town.people, x.id).toContain(x.resident);
  });
  it('stays at or above its floor', () =>
    meetsFloors(OWN_4, {
      family: { precision: 1, recall: 0.9 },
      household: { precision: 1, recall: 1 },
      work: { precision: 1, recall: 1 },
      secrets: { precision: 0.818, recall: 0.818 },
      events: { precision: 0.92, recall: 0.92 },
    }));
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
  it('holds 14 items in new towns', () => {
    expect(OWN_5.length).toBe(14);
    for (const x of OWN_5) expect(x.town.people, x.id).toContain(x.resident);
  });
  it('stays at or above its floor', () =>
    meetsFloors(OWN_5, {
      family: { precision: 0.958, recall: 0.884 },
      household: { precision: 1, recall: 1 },
      work: { precision: 1, recall: 0.857 },
      secrets: { precision: 0.777, recall: 0.777 },
      events: { precision: 1, recall: 1 },
    }));
});

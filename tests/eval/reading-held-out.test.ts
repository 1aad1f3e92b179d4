// The neutral reader on the held-out parts of the reading corpus (issue 32 item 7), each written blind by a session
// told only the format and the labels, and scored once when it was new. A part's one blind score is said in its
// comment; parts tuned on since hold what the rules reach on them now (a regression guard, not a measure), the newest
// holds its blind score as its floor and is not tuned on.
import { describe } from 'vitest';
import { heldOutPart } from '../support/reading-corpus.ts';

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

describe('the neutral reader on the eighth held-out part (96 items written blind, scored once; not tuned on)', () => {
  /**
   * Written by a session told only the format and the labels while the rules were widened on the seventh part, in six
   * styles new to the corpus (a census record, a local forum post, a transcribed voicemail, a telegram, a third-person
   * biography, labelled fields), 16 each; scored once after that widening merged (7d15ff7): family 0.952/0.725,
   * household 0.976/0.678, work 0.875/0.737, secrets 0.394/0.371, events 0.826/0.528. The reader before the widening
   * (a17d2ec) read it family 0.947/0.661, household 0.975/0.661, and the other three kinds the same. By style, the
   * census record and the fields read best, the telegram and the voicemail worst (family recall 0.36 and 0.43, events
   * 0.00 and 0.25). Its score is its floor; it is not tuned on.
   */
  heldOutPart('held-out-8.json', 96, {
    // (counts: family 79/83 and 79/109, household 40/41 and 40/59, work 42/48 and 42/57, secrets 13/33 and 13/35,
    // events 19/23 and 19/36; the floors are those ratios, rounded down)
    family: { precision: 0.951, recall: 0.724 },
    household: { precision: 0.975, recall: 0.677 },
    work: { precision: 0.875, recall: 0.736 },
    secrets: { precision: 0.393, recall: 0.371 },
    events: { precision: 0.826, recall: 0.527 },
  });
});

describe('the neutral reader on the ninth held-out part (96 items written blind, scored once; not tuned on)', () => {
  /**
   * Written by a session told only the format and the labels while the rules were widened on two town files written
   * blind (Brackenfold, Sollum), in six styles new to the corpus (a witness statement, a reference letter, a local
   * radio phone-in, a parish bulletin, a jotted list, stilted translated English), 16 each; scored once after that
   * widening (8374c04): family 0.974/0.864, household 0.990/0.626, work 0.732/0.594, secrets 0.207/0.182, events
   * 0.692/0.450. The reader at the start of that round (d6cb582) read it exactly the same, every count. By style,
   * the witness statement read best (family 1.00/1.00, events 0.88/0.88), the jotted list and the translation worst
   * (work recall 0.08 and 0.36, events 0.08 and 0.18, private matters 0 in both). Its score is its floor; it is not
   * tuned on.
   */
  heldOutPart('held-out-9.json', 96, {
    // (counts: family 190/195 and 190/220, household 97/98 and 97/155, work 41/56 and 41/69, secrets 6/29 and 6/33,
    // events 27/39 and 27/60; the floors are those ratios, rounded down)
    family: { precision: 0.974, recall: 0.863 },
    household: { precision: 0.989, recall: 0.625 },
    work: { precision: 0.732, recall: 0.594 },
    secrets: { precision: 0.206, recall: 0.181 },
    events: { precision: 0.692, recall: 0.45 },
  });
});

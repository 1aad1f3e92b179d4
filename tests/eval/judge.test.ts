// The rule judge's false positives found in Smallville runs (issue 13), and more of the same kinds.
import { describe, expect, it } from 'vitest';
import {
  answerKnowsFact,
  answerKnowsPerson,
  denies,
  matchesKeywords,
  memoryNamesPerson,
  memorySupportsFact,
  mentions,
} from '../../src/eval/judge.ts';

const candidacy = ['Sam|Moore', 'mayor|run|running|candidate|candidacy|election'];
const party = ['party', 'Valentine|Hobbs|Isabella|February 14|14th'];

describe('whole words only', () => {
  it('"run" is not inside "brunch", "Sam" not inside "Samantha" or "same"', () => {
    expect(mentions('Sam Moore is having brunch at the cafe.', 'run')).toBe(false);
    expect(mentions('Samantha said the same.', 'Sam')).toBe(false);
    expect(mentions("Sam's campaign", 'Sam')).toBe(true);
    expect(mentions('the candidates met', 'candidate')).toBe(true);
    expect(mentions('on February  14 there is', 'February 14')).toBe(true);
    expect(memorySupportsFact('Sam Moore is having brunch with his family.', candidacy)).toBe(false);
    expect(memorySupportsFact('Sam Moore told me he is running for mayor.', candidacy)).toBe(true);
  });
});

describe('negations are not knowledge', () => {
  it('the cases from the Smallville run', () => {
    expect(answerKnowsPerson("Carlos Gomez? That name doesn't ring a bell.", 'Carlos Gomez')).toBe(false);
    expect(answerKnowsFact("There's no party that I know of at Hobbs Cafe.", party)).toBe(false);
    expect(
      answerKnowsFact("I'm Jennifer Moore and I really don't care much for the election.", candidacy, {
        name: 'Jennifer Moore',
        holder: false,
      }),
    ).toBe(false);
  });

  it('more denials, each in a sentence that names the topic', () => {
    const no = [
      "I don't know anything about Sam running for mayor.",
      "I haven't heard that Sam is a candidate.",
      'Not that I know of; Sam has never mentioned the election to me.',
      "I'm not aware of Sam Moore running for anything.",
      'No, I have no idea whether Sam is running for mayor.',
      "I'm afraid I can't say whether Sam is running.",
    ];
    for (const a of no) expect(answerKnowsFact(a, candidacy), a).toBe(false);
    for (const a of [
      'Do I know Bo Park? No, I have never met him.',
      "I'm sorry, I don't think I know anyone by that name.",
      'Nope.',
      "I can't place the name Bo Park.",
    ])
      expect(answerKnowsPerson(a, 'Bo Park'), a).toBe(false);
  });

  it('knowledge stated plainly, or after a denial of something else, still counts', () => {
    expect(answerKnowsFact('Yes, Sam Moore is running for mayor!', candidacy)).toBe(true);
    expect(answerKnowsFact('No, but I heard Sam is running for mayor.', candidacy)).toBe(true);
    expect(answerKnowsFact("I'm not sure about much. Sam told me he's a candidate for mayor.", candidacy)).toBe(true);
    expect(
      answerKnowsFact('I have not told anyone that I am running for mayor yet.', candidacy, {
        name: 'Sam Moore',
        holder: true,
      }),
    ).toBe(true);
    expect(answerKnowsPerson('Bo? Yes, he runs the bakery.', 'Bo Park')).toBe(true);
    expect(answerKnowsPerson('Bo Park runs the bakery on Main Street.', 'Bo Park')).toBe(true);
    expect(denies('There is a party at Hobbs Cafe.')).toBe(false);
  });

  it("the speaker's own name never names someone else; the holder speaks in the first person", () => {
    expect(
      answerKnowsFact('Moore is my name and I follow the election.', candidacy, {
        name: 'Jennifer Moore',
        holder: false,
      }),
    ).toBe(false);
    expect(
      answerKnowsFact('My husband Sam is running for mayor.', candidacy, { name: 'Jennifer Moore', holder: false }),
    ).toBe(true);
    expect(matchesKeywords('I am running for mayor.', candidacy, ['sam', 'moore'], true)).toBe(true);
    expect(matchesKeywords('I am running for mayor.', candidacy, ['sam', 'moore'], false)).toBe(false);
  });

  it('a memory names a person by full name or first name as a whole word', () => {
    expect(memoryNamesPerson('Talked with Carlos about poetry.', 'Carlos Gomez')).toBe(true);
    expect(memoryNamesPerson('Carlson visited the store.', 'Carlos Gomez')).toBe(false);
  });
});

describe('clauses, contrast and reference (issue 23)', () => {
  const cleanup = ['clean-up|cleanup', 'Nadia|North Beach|Saturday'];
  it('a contrast splits clauses: what follows "but" asserts, or takes the topic back', () => {
    expect(answerKnowsFact("I didn't know at first, but Nadia told me about her clean-up.", cleanup)).toBe(true);
    expect(
      answerKnowsFact("I know Nadia likes a clean-up, but I haven't heard of a clean-up this week.", cleanup),
    ).toBe(false);
    // A later denial about something else does not take the claim back.
    expect(answerKnowsFact("Nadia's clean-up is on Saturday. I don't know Nadia well, though.", cleanup)).toBe(true);
  });

  it("the speaker keeping its own secret is not a denial; someone's unnamed relative is someone else", () => {
    const holder = { name: 'Nadia Haddad', holder: true };
    expect(answerKnowsFact("I haven't told anyone yet, but I'm holding a clean-up on Saturday.", cleanup, holder)).toBe(
      true,
    );
    expect(answerKnowsFact('I have not told anyone about my clean-up on North Beach.', cleanup, holder)).toBe(true);
    // a probe's answer from the holder's own seed ("... and tells nobody")
    expect(answerKnowsFact("I'm holding a clean-up on Saturday, and I've told nobody yet.", cleanup, holder)).toBe(
      true,
    );
    expect(answerKnowsFact('I heard Nadia is holding a clean-up, and tells no one.', cleanup)).toBe(true);
    expect(answerKnowsFact("Nadia's neighbour is doing a clean-up.", cleanup)).toBe(false);
    expect(answerKnowsFact('My friend Nadia is doing a clean-up.', cleanup)).toBe(true);
  });

  it('a pronoun carries the name from the sentence before; a day alone does not identify an event', () => {
    expect(answerKnowsFact('I saw Nadia at the pier. She is planning a clean-up.', cleanup)).toBe(true);
    expect(answerKnowsFact('I saw Nadia at the pier. The school is planning a clean-up.', cleanup)).toBe(false);
    expect(answerKnowsFact('The school is doing a clean-up on Saturday.', cleanup)).toBe(false);
  });

  it('an echo question counts only when the next sentence affirms it', () => {
    expect(answerKnowsFact('A clean-up with Nadia? Yes, she told me.', cleanup)).toBe(true);
    expect(answerKnowsFact("A clean-up with Nadia? That's news to me.", cleanup)).toBe(false);
    expect(answerKnowsPerson('Nadia? We swim together most mornings.', 'Nadia Haddad')).toBe(true);
    expect(answerKnowsPerson("I know a Nadia, but I don't think she's Nadia Haddad.", 'Nadia Haddad')).toBe(false);
  });
});

// The matter of a line said in confidence (kept-matter.ts, issue 32 item 4): which sentences the listener is asked to
// keep, one cause a test, in lines of our own. GIVEN a kept line, WHEN its matter is taken, THEN the private
// sentences are all in it and the small talk around them is not.
import { describe, expect, it } from 'vitest';
import type { Audience } from '../../src/agent/audience.ts';
import { keptMatter, saysKept } from '../../src/agent/kept-matter.ts';

const PEOPLE = ['Wenna Trebilcock', 'Jago Trebilcock', 'Morwenna Hosken'];
/** A secret Wenna holds, meant for Jago. */
const holds = (text: string): { text: string; audience: Audience }[] => [
  { text, audience: { kind: 'private', owner: 'Wenna Trebilcock', tellTo: ['Jago Trebilcock'] } },
];
const matter = (line: string, kept: { text: string; audience: Audience }[] = []) => keptMatter(line, kept, PEOPLE);

describe('what a kept line keeps', () => {
  it('knows the many ways of asking a listener to keep it, not only "between us"', () => {
    for (const ask of [
      "Mum's the word.",
      'Not a peep to anyone.',
      "Don't breathe a word of it.",
      "You didn't hear that from me.",
      'I count on your discretion.',
      'It goes no further than this kitchen.',
      'Keep it under your hat.',
      "I'd be obliged if you kept your mouth shut.",
      'Ned is not to hear of it.',
      'The vicar has no idea.',
      'Nobody else knows yet.',
      'If it gets out, I am finished.',
    ])
      expect(saysKept(ask), ask).toBe(true);
    for (const plain of [
      "I don't know what the tide will do.",
      'Quiet day at the harbour.',
      'I got round to painting the boat.',
      "I'll find out tomorrow when the shop opens.",
    ])
      expect(saysKept(plain), plain).toBe(false);
    expect(matter("Nice boat. Jago's lost his licence, so mum's the word. Are you off to the regatta?")).toBe(
      "Jago's lost his licence, so mum's the word.",
    );
  });

  it('a request said after the matter points back at it, over a matter of several short sentences', () => {
    expect(matter("The ferry's late again. I've put in for the harbour master's post. Keep that to yourself.")).toBe(
      "I've put in for the harbour master's post. Keep that to yourself.",
    );
    // curt sentences of one matter: each shares the secret's words
    const kept = holds('Wenna Trebilcock owes the chandlery four hundred pounds and the boat is to be sold');
    expect(matter('Afternoon. Chandlery debt. Four hundred. Boat goes Friday. Between us.', kept)).toBe(
      'Chandlery debt. Four hundred. Boat goes Friday. Between us.',
    );
    // a request that is a matter of its own does not take the public news before it
    expect(matter('The pilchards are in. Between you and me, I am leaving the choir. Tell nobody at practice.')).toBe(
      'Between you and me, I am leaving the choir. Tell nobody at practice.',
    );
  });

  it('a request said before the matter points on to it', () => {
    expect(
      matter(
        "Thanks for the crab, love. Can you keep a secret? I'm taking the post office on in May. Anyway, how's your Morwenna?",
      ),
    ).toBe("Can you keep a secret? I'm taking the post office on in May.");
    expect(
      matter(
        "I'll be straight with you, and I know it won't go further. The chapel roof money went on my rent. Do you want tea?",
      ),
    ).toBe("I'll be straight with you, and I know it won't go further. The chapel roof money went on my rent.");
    // a bare request opening the line (nothing said before it) points on too
    expect(matter('This stays between us. The bakery shuts in June. Lovely weather though.')).toBe(
      'This stays between us. The bakery shuts in June.',
    );
  });

  it('a sentence going on from the matter is part of it: a pronoun, "so", "like", who does not know it', () => {
    expect(
      matter(
        "Jago crashed the van into the quay, don't tell a soul. He says the brakes went. Like, totally gone. Good to see you!",
      ),
    ).toBe("Jago crashed the van into the quay, don't tell a soul. He says the brakes went. Like, totally gone.");
    // "Dad doesn't know" said after the matter points back at it
    expect(matter("Evening! I've been sacked from the cannery. Dad doesn't know, he thinks I'm on lates.")).toBe(
      "I've been sacked from the cannery. Dad doesn't know, he thinks I'm on lates.",
    );
    // a request followed by what's to be done about it
    expect(
      matter("Keep this close, but the shop is failing. I've no notion what's to be done about it. Cold, isn't it?"),
    ).toBe("Keep this close, but the shop is failing. I've no notion what's to be done about it.");
    // a tag on a statement is not a question about someone else's news
    expect(matter("I'm seeing Morwenna. Nobody knows. So keep it down, yeah? Wanna get chips?")).toBe(
      "I'm seeing Morwenna. Nobody knows. So keep it down, yeah?",
    );
  });

  it("a public sentence sharing only a word with the speaker's secret stays anyone's", () => {
    const kept = holds('Wenna Trebilcock has sold the forge to the Pengelly brothers');
    expect(
      matter(
        "Morning, Jago! I'm minding the forge till noon, then off to market for eggs and flour. Keep this between us, but I've sold the forge to the Pengelly brothers.",
        kept,
      ),
    ).toBe("Keep this between us, but I've sold the forge to the Pengelly brothers.");
  });

  it('a turn to small talk ends the matter: "Anyway", a question, the weather, a goodbye, a greeting', () => {
    expect(
      matter(
        "Hello Jago, you look well. I'm expecting, don't tell anyone. Anyway, the fete's Sunday. Rain again tomorrow. Did Morwenna get her boat back? Take care now!",
      ),
    ).toBe("I'm expecting, don't tell anyone.");
    // "And ..., only for you" opens a new matter: the public news before it is not pulled in
    expect(
      matter(
        "The quiz moved to the Anchor, so tell everyone. And the other news, which is just for you, is that I'm selling up.",
      ),
    ).toBe("And the other news, which is just for you, is that I'm selling up.");
    // a greeting that brings news is not small talk: the request after it keeps that news
    expect(matter("Hello Jago, I've sold the forge. Keep it between us.")).toBe(
      "Hello Jago, I've sold the forge. Keep it between us.",
    );
  });

  it('bad input: a line of one sentence, or with nothing said to be kept, is kept whole', () => {
    expect(matter('I have sold the forge')).toBe('I have sold the forge');
    expect(matter('')).toBe('');
    expect(matter('Nice day. The forge is sold.')).toBe('Nice day. The forge is sold.');
  });
});

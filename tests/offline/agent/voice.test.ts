import { describe, expect, it } from 'vitest';
import { gerundClause, selfPronoun, subjectOf, toFirstPerson } from '../../../src/offline/agent/voice.ts';

describe('re-voicing memories for speech', () => {
  it('turns the resident and the pronouns that refer to it into the first person, and only those', () => {
    const rosa = (t: string) => toFirstPerson(t, 'Rosa Delgado', 'Rosa', 'she');
    expect(rosa('Rosa Delgado wants to invite everyone she meets to the spring party')).toBe(
      'I want to invite everyone I meet to the spring party',
    );
    expect(
      rosa('Rosa Delgado owns The Copper Kettle cafe, bakes everything she sells herself, and likes to know everyone'),
    ).toBe('I own The Copper Kettle cafe, bake everything I sell myself, and like to know everyone');
    // "he" is Felix, not Rosa: her own pronoun tells them apart
    expect(rosa('Felix Tanaka plays the keyboard and Rosa hopes he will play at the party')).toBe(
      'Felix Tanaka plays the keyboard and I hope he will play at the party',
    );
    // the resident in object position becomes "me", its possessive "my"
    expect(toFirstPerson('Hannah Okafor is married to Daniel Okafor, the pharmacist', 'Daniel Okafor', 'Daniel')).toBe(
      'Hannah Okafor is married to me, the pharmacist',
    );
    expect(toFirstPerson("Hannah Okafor and Daniel Okafor are Lena Okafor's parents", 'Lena Okafor', 'Lena')).toBe(
      'Hannah Okafor and Daniel Okafor are my parents',
    );
    expect(
      toFirstPerson("Marcus Webb expects nobody to run against him in next month's election", 'Marcus Webb', 'Marcus'),
    ).toBe("I expect nobody to run against me in next month's election");
    // an object pronoun skips the subject of its own clause: "Priya helps her" is Lena
    expect(
      toFirstPerson('Lena Okafor studies at Riverside Library, where Priya Raman helps her', 'Lena Okafor', 'Lena'),
    ).toBe('I study at Riverside Library, where Priya Raman helps me');
    // a relative clause keeps its own verbs
    expect(
      toFirstPerson(
        'Oscar Lindqvist is a retired ferry captain who reads three newspapers a day and walks the river path',
        'Oscar Lindqvist',
        'Oscar',
      ),
    ).toBe("I'm a retired ferry captain who reads three newspapers a day and walks the river path");
  });

  it('reads the resident’s own pronoun from its texts, and what a sentence is about', () => {
    expect(selfPronoun(['Rosa Delgado bakes everything she sells herself.'], 'Rosa Delgado', 'Rosa')).toBe('she');
    expect(selfPronoun(['Oscar Lindqvist is writing his announcement.'], 'Oscar Lindqvist', 'Oscar')).toBe('he');
    expect(selfPronoun(['Lena Okafor studies.'], 'Lena Okafor', 'Lena')).toBeNull();
    expect(subjectOf('Hannah Okafor is married to Daniel Okafor')).toBe('Hannah Okafor');
    expect(subjectOf('Mayor Marcus Webb is polite')).toBe('Marcus Webb');
    expect(subjectOf('The Copper Kettle is busy')).toBeNull();
    expect(subjectOf('stove is burning')).toBeNull();
  });

  it('reports another person’s fact as a gerund clause ("mentioned being married to ...")', () => {
    expect(gerundClause('Hannah Okafor is married to Daniel Okafor', 'Hannah Okafor')).toBe(
      'being married to Daniel Okafor',
    );
    expect(gerundClause('Oscar Lindqvist has decided to run for mayor', 'Oscar Lindqvist')).toBe(
      'having decided to run for mayor',
    );
    expect(gerundClause('Rosa Delgado is planning a spring party', 'Rosa Delgado')).toBe('planning a spring party');
    expect(gerundClause('Felix Tanaka plays the keyboard', 'Felix Tanaka')).toBe('playing the keyboard');
    expect(gerundClause('Lena Okafor went to school with Felix', 'Lena Okafor')).toBeNull();
  });

  it('makes a second-hand text the resident’s own words: no frame of its writer, no "me" of the writer', () => {
    const own = (t: string) => toFirstPerson(t, 'Wren Castell', 'Wren', 'she');
    // a name after a reported frame is the subject of its own clause
    expect(own('Her brother says Wren sold the orchard in March.')).toBe(
      'My brother says I sold the orchard in March.',
    );
    expect(own('The neighbours say Wren told them she would stay.')).toBe(
      'The neighbours say I told them I would stay.',
    );
    // the writer's frame goes, and a clause in the writer's own first person is left out
    expect(own('Old Pell tells me Wren painted the chapel ceiling.')).toBe('I painted the chapel ceiling.');
    expect(own('I gather Wren Castell keeps bees; she showed me the hives once.')).toBe('I keep bees.');
    // a text that addresses the resident is already hers
    expect(own('You are Wren Castell. You keep bees behind the chapel.')).toBe('I keep bees behind the chapel.');
    // her own words stay hers, and a name that is an object stays an object
    expect(own('Wren says she keeps bees.')).toBe('I say I keep bees.');
    expect(own('Old Pell visits Wren on Sundays.')).toBe('Old Pell visits me on Sundays.');
  });

  it('reads a name\'s or a pronoun\'s "\'s" as "is" or "has" before a verb form, as a possessive before a thing', () => {
    const own = (t: string) => toFirstPerson(t, 'Wren Castell', 'Wren', 'she');
    expect(own("Wren's retired, and by her own account it's the hardest job she's ever had")).toBe(
      "I've retired, and by my own account it's the hardest job I've ever had",
    );
    expect(own("Wren's never been to the coast; she's a keen walker")).toBe(
      "I've never been to the coast; I'm a keen walker",
    );
    expect(own("Wren's decided to sell the hives")).toBe("I've decided to sell the hives");
    expect(own("Wren's wedding was in May and Wren's garden is a mess")).toBe(
      'My wedding was in May and my garden is a mess',
    );
  });

  it("gives a note's deed with no subject its subject, and leaves a state at its head as it is", () => {
    const sas = (t: string) => toFirstPerson(t, 'Saskia Brandt', 'Saskia', 'she');
    expect(sas('Signed for the job in Porto, so I leave at the end of August')).toBe(
      'I signed for the job in Porto, so I leave at the end of August',
    );
    expect(sas('Took the early ferry over')).toBe('I took the early ferry over');
    expect(sas('Married to Bruno')).toBe('Married to Bruno');
    expect(sas('Retired in May')).toBe('Retired in May');
    expect(sas('Bruno signed for it')).toBe('Bruno signed for it');
  });

  it("reads a pronoun in an aside after a name as someone else's, and leaves the name's verb alone", () => {
    const nia = (t: string) => toFirstPerson(t, 'Nia Holt', 'Nia', 'she');
    expect(nia("Nia has decided that Sal Reed, her aunt's new lodger, is the best company in the street")).toBe(
      "I have decided that Sal Reed, my aunt's new lodger, is the best company in the street",
    );
    expect(nia('Nia says Sal Reed, her neighbour, is kind')).toBe('I say Sal Reed, my neighbour, is kind');
    expect(nia('Nia met Sal Reed and her dog')).toBe('I met Sal Reed and her dog');
  });
});

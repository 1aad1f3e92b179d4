// Specificity and grounding in the memory stream: the rule ranker's measure of believability (issue 23, item 4).
import { describe, expect, it } from 'vitest';
import { groundAnswer, relevantMemories, specifics } from '../../src/eval/grounding.ts';

const evidence = {
  memories: ['Sam Moore told me he is running for mayor (Tuesday, at the hardware store)'],
  description: 'Hugo Lind runs the hardware store.',
  question: 'Who is running for mayor?',
};

describe('grounding an answer', () => {
  it('names and numbers are specifics; a capital opening a sentence only when a name follows', () => {
    expect([...specifics('Yesterday I met Jenny Park at 9 near Lake Geneva.')].sort()).toEqual(
      ['9', 'geneva', 'jenny', 'lake', 'park'].sort(),
    );
    expect([...specifics('Jenny Park is running.')]).toEqual(['jenny', 'park']);
    expect([...specifics('Honestly I do not know.')]).toEqual([]);
  });

  it('a remembered answer scores above "I don\'t know", which scores above an invention', () => {
    const grounded = groundAnswer('Sam Moore is running; he told me at the hardware store on Tuesday.', evidence);
    const honest = groundAnswer("I don't know who is running.", evidence);
    const invented = groundAnswer('Jenny Park is running; she announced it at the harbour festival.', evidence);
    expect(grounded.invented).toEqual([]);
    expect(invented.invented).toEqual(['jenny', 'park']);
    expect(grounded.score).toBeGreaterThan(honest.score);
    expect(honest.score).toBeGreaterThan(invented.score);
    // Nothing at all is the least believable: not even "I don't know".
    expect(groundAnswer('  ', evidence).score).toBeLessThan(invented.score);
  });

  it('length alone does not buy believability: supported words count up to a cap', () => {
    const long = groundAnswer(`${'Sam Moore told me at the hardware store on Tuesday. '.repeat(10)}`, evidence);
    const once = groundAnswer('Sam Moore told me at the hardware store on Tuesday.', evidence);
    expect(long.score).toBe(once.score);
  });

  it('the memories shown to a rater are those sharing words with the question or the answer', () => {
    const mems = ['Fed the cat', 'Sam Moore is running for mayor', 'Bought paint at the hardware store'];
    expect(relevantMemories(mems, 'Who is running for mayor?', 'Sam, I think.')).toEqual([
      'Sam Moore is running for mayor',
    ]);
  });
});

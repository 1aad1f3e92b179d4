// The paper's sec. 7.1 measures: answers judged by rules and checked against each memory stream.
import { describe, expect, it } from 'vitest';
import { interviewBattery, measureDensity, measureDiffusion, runInterviewBattery } from '../../src/eval/evaluation.ts';
import { answerKnowsFact, answerKnowsPerson } from '../../src/eval/judge.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import type { SeedFact } from '../../src/town/types.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { type ScriptOptions, scriptedKit } from '../support/town-scripted-mind.ts';

async function town(opts: ScriptOptions) {
  const { kit, calls } = scriptedKit(opts);
  const file = tinyTown();
  file.residents[0]!.seed = 'Ann Lee is throwing a party at the Cafe on Friday; Ann Lee knows Bo Park';
  const service = await TownService.create(
    { store: new InMemoryTownStore(), kit: () => kit, owner: 'e' },
    { id: 'e', scope: 'e', file, seed: 1 },
  );
  return { service, calls };
}

const party: SeedFact = {
  id: 'party',
  description: "Ann's party",
  holder: 'ann-lee' as SeedFact['holder'],
  question: 'Do you know of any party?',
  keywords: ['party', 'Ann|Cafe|Friday'],
};

describe('judging answers', () => {
  it('a fact counts when one sentence holds every keyword group and no "I don\'t know"', () => {
    expect(answerKnowsFact('Yes! Ann is throwing a party on Friday.', party.keywords)).toBe(true);
    expect(answerKnowsFact('There is a party. It is on Friday.', party.keywords)).toBe(false);
    expect(answerKnowsFact("I don't know about any party at the Cafe.", party.keywords)).toBe(false);
    expect(answerKnowsFact("I'm sorry, I don't remember anything about that.", party.keywords)).toBe(false);
    expect(answerKnowsFact('I have not told anyone that I am running for mayor yet.', ['running', 'mayor'])).toBe(true);
  });

  it('"do you know <name>?" is yes for an affirmation or a description, no for a denial', () => {
    expect(answerKnowsPerson('Yes, Bo is my neighbour.', 'Bo Park')).toBe(true);
    expect(answerKnowsPerson('Bo Park runs the bakery.', 'Bo Park')).toBe(true);
    expect(answerKnowsPerson("No, I don't think so.", 'Bo Park')).toBe(false);
    expect(answerKnowsPerson("I've never met Bo Park.", 'Bo Park')).toBe(false);
    expect(answerKnowsPerson("I'm sorry, I don't remember anything about that.", 'Bo Park')).toBe(false);
  });

  it("the battery has the paper's 5 categories x 5 questions", () => {
    const qs = interviewBattery('Ann Lee', ['Bo Park', 'Cy Ray'], [party]);
    expect(qs).toHaveLength(25);
    expect(new Set(qs.map((q) => q.category))).toEqual(
      new Set(['self-knowledge', 'memory', 'plans', 'reactions', 'reflections']),
    );
    expect(qs.map((q) => q.question)).toContain('Who is Bo Park?');
    expect(qs.map((q) => q.question)).toContain('Your breakfast is burning! What would you do?');
    // Each question says whether it is the paper's or ours; the paper's seven quoted ones are all there.
    expect(qs.filter((q) => q.source === 'paper').map((q) => q.question)).toEqual([
      'Give an introduction of yourself.',
      'Describe your typical weekday.',
      'Who is Bo Park?',
      'Who is Cy Ray?',
      'What will you be doing at 10 am tomorrow?',
      'Your breakfast is burning! What would you do?',
      'If you had to spend time with one person you met recently, who would it be and why?',
    ]);
  });
});

describe('diffusion and density', () => {
  it('GIVEN answers WHEN measured THEN the holder knows (first person), a claim without memory is a hallucination', async () => {
    const { service, calls } = await town({
      interview: (r, q) => {
        if (q.startsWith('Do you know of any party')) {
          if (r.profile.id === 'ann-lee') return 'I am throwing a party on Friday!';
          if (r.profile.id === 'bo-park') return 'Ann is having a party at the Cafe.';
          return "I don't know of any party.";
        }
        return 'No.';
      },
    });
    const [d] = await measureDiffusion(service, [party]);
    expect(d).toMatchObject({
      fact: 'party',
      holder: 'Ann Lee',
      said: ['Ann Lee', 'Bo Park'],
      grounded: ['Ann Lee'],
      hallucinated: ['Bo Park'],
    });
    expect(d?.share).toBeCloseTo(1 / 3);
    // Evaluation interviews leave no memory (remember=false).
    expect(calls.interview.every((c) => c.remember === false)).toBe(true);
    // Once Bo has heard of it, his claim is grounded.
    await service.remember('Bo', 'Ann Lee said there is a party at the Cafe on Friday', 'dialogue');
    const [d2] = await measureDiffusion(service, [party]);
    expect(d2?.grounded).toEqual(['Ann Lee', 'Bo Park']);
  });

  it('knowledge a resident was seeded with is grounded, not a hallucination', async () => {
    const { kit } = scriptedKit({
      interview: (r, q) =>
        q.startsWith('Do you know of any party') && r.profile.id === 'cy-ray'
          ? 'Yes, Ann is throwing a party at the Cafe.'
          : "I don't know.",
    });
    const file = tinyTown();
    file.residents[0]!.seed = 'Ann Lee is throwing a party at the Cafe on Friday';
    file.residents[2]!.seed = 'Cy Ray knows that Ann Lee is planning a party at the Cafe';
    const service = await TownService.create(
      { store: new InMemoryTownStore(), kit: () => kit, owner: 'e' },
      { id: 'e', scope: 'e', file, seed: 1 },
    );
    const [d] = await measureDiffusion(service, [party]);
    expect(d?.said).toEqual(['Cy Ray']);
    expect(d?.grounded).toEqual(['Cy Ray']);
    expect(d?.hallucinated).toEqual([]);
  });

  it('density counts mutual "yes" pairs: eta = 2|E| / (n(n-1))', async () => {
    const { service } = await town({
      interview: (r, q) => {
        const yes =
          (r.profile.id === 'ann-lee' && q.includes('Bo Park')) ||
          (r.profile.id === 'bo-park' && q.includes('Ann Lee'));
        const oneSided = r.profile.id === 'cy-ray' && q.includes('Ann Lee');
        return yes || oneSided ? 'Yes, of course.' : 'No, I have never met them.';
      },
    });
    const d = await measureDensity(service);
    expect(d.edges).toEqual([['Ann Lee', 'Bo Park']]);
    expect(d.density).toBeCloseTo(2 / 6);
    expect(d.answers).toBe(6);
    expect(d.yesAnswers).toBe(3);
    // Ann's seed names Bo; nobody's memory names Ann for Bo or Cy: two ungrounded "yes".
    expect(d.hallucinatedYes).toBe(2);
  });

  it('the interview battery asks 25 questions per chosen resident', async () => {
    const { service } = await town({});
    const answers = await runInterviewBattery(service, ['Cy Ray'], [party]);
    expect(answers).toHaveLength(25);
    expect(answers[0]).toEqual({
      resident: 'Cy Ray',
      category: 'self-knowledge',
      question: 'Give an introduction of yourself.',
      source: 'paper',
      answer: 'Cy Ray answers: Give an introduction of yourself.',
    });
  });
});

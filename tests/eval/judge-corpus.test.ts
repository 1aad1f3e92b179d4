// The knowledge judge's measured error (issue 23): the labelled corpus and the rule judge's precision and recall on
// it, the tuning part and the held-out part apart.
import { describe, expect, it } from 'vitest';
import {
  checkJudge,
  JUDGE_CHECK_BAR,
  judgeCheckPasses,
  scoreVerdicts,
  summarizeJudgeCheck,
} from '../../src/eval/judge-check.ts';
import { CORPUS_FACTS, JUDGE_CORPUS } from '../../src/eval/judge-corpus.ts';
import type { KnowledgeJudge } from '../../src/eval/knowledge-judge.ts';
import { ruleKnowledgeJudge } from '../../src/eval/knowledge-judge.ts';

describe('the judge corpus', () => {
  it('holds at least 80 answers over several towns, every kind of answer, both verdicts, a held-out part', () => {
    expect(JUDGE_CORPUS.length).toBeGreaterThanOrEqual(80);
    const towns = new Set(
      JUDGE_CORPUS.flatMap((x) => (x.kind === 'fact' ? [CORPUS_FACTS.find((f) => f.id === x.fact)?.town] : [])),
    );
    expect(towns.size).toBeGreaterThanOrEqual(3);
    for (const form of ['affirmation', 'denial', 'hedge', 'reworded-negation', 'topic-but-denies', 'someone-else'])
      expect(JUDGE_CORPUS.filter((x) => x.form === form).length, form).toBeGreaterThanOrEqual(5);
    for (const part of ['tuning', 'held-out'] as const) {
      const p = JUDGE_CORPUS.filter((x) => x.part === part);
      expect(p.filter((x) => x.knows).length, part).toBeGreaterThanOrEqual(20);
      expect(p.filter((x) => !x.knows).length, part).toBeGreaterThanOrEqual(20);
    }
    // Every fact item names a fact of the corpus; no answer appears twice.
    for (const x of JUDGE_CORPUS) if (x.kind === 'fact') expect(CORPUS_FACTS.some((f) => f.id === x.fact)).toBe(true);
    expect(new Set(JUDGE_CORPUS.map((x) => x.answer)).size).toBe(JUDGE_CORPUS.length);
  });
});

describe('the rule judge on the corpus', () => {
  it(`reaches precision and recall >= ${JUDGE_CHECK_BAR} for "knows" on the tuning and the held-out part`, async () => {
    const c = await checkJudge(ruleKnowledgeJudge);
    for (const [part, p] of Object.entries(c.parts)) {
      expect(p.precision, `${part}\n${summarizeJudgeCheck(c)}`).toBeGreaterThanOrEqual(JUDGE_CHECK_BAR);
      expect(p.recall, `${part}\n${summarizeJudgeCheck(c)}`).toBeGreaterThanOrEqual(JUDGE_CHECK_BAR);
    }
    expect(judgeCheckPasses(c)).toBe(true);
  });

  it('the reworded denials of the issue are not knowledge', async () => {
    const v = await ruleKnowledgeJudge.knowsFacts([
      {
        answer: "Nadia hasn't mentioned any clean-up on Saturday.",
        fact: 'the clean-up',
        keywords: ['clean-up', 'Nadia|Saturday'],
        speaker: { name: 'Eli Brooks', holder: false },
      },
      {
        answer: "Tomasz isn't running for harbour master, as far as I know.",
        fact: 'the candidacy',
        keywords: ['Tomasz', 'harbour master|running'],
        speaker: { name: 'Eli Brooks', holder: false },
      },
    ]);
    expect(v).toEqual([false, false]);
  });

  it('a judge that always says "knows" or never does is caught by the figures', async () => {
    const always = (yes: boolean): KnowledgeJudge => ({
      by: 'model',
      knowsFacts: async (items) => items.map(() => yes),
      knowsPersons: async (items) => items.map(() => yes),
    });
    const yes = await checkJudge(always(true));
    expect(yes.parts.tuning.recall).toBe(1);
    expect(yes.parts.tuning.precision).toBeLessThan(0.6);
    const no = await checkJudge(always(false));
    expect(no.parts['held-out'].recall).toBe(0);
    expect(judgeCheckPasses(no)).toBe(false);
    expect(summarizeJudgeCheck(no)).toMatch(/NOT met/);
  });

  it('scores verdicts: precision over what it called "knows", recall over what a reader would', () => {
    const items = JUDGE_CORPUS.slice(0, 4);
    const s = scoreVerdicts(items, [true, true, true, true]);
    const positives = items.filter((x) => x.knows).length;
    expect(s.truePositives).toBe(positives);
    expect(s.falsePositives).toBe(4 - positives);
    expect(s.precision).toBeCloseTo(positives / 4);
    expect(s.recall).toBe(1);
  });
});

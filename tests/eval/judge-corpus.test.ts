// The knowledge judge's measured error (issue 23): the labelled corpus and the rule judge's precision and recall on
// it, the tuning part and the held-out part apart.
import { describe, expect, it } from 'vitest';
import {
  checkJudge,
  checkPasses,
  judgeCheckPasses,
  PRECISION_BAR,
  RECALL_BAR,
  scoreVerdicts,
  summarizeJudgeCheck,
} from '../../src/eval/judge-check.ts';
import { CORPUS_FACTS, JUDGE_CORPUS } from '../../src/eval/judge-corpus.ts';
import { KIND_CORPUS } from '../../src/eval/judge-corpus-kinds.ts';
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
  it(`meets precision >= ${PRECISION_BAR} and recall >= ${RECALL_BAR} on the tuning part, overall and in every kind`, async () => {
    const c = await checkJudge(ruleKnowledgeJudge);
    const tuning = c.parts[0]!;
    expect(checkPasses(tuning), summarizeJudgeCheck({ judge: 'rules', parts: [tuning] })).toBe(true);
    // the held-out part (not tuned on; --judge-check prints its errors, two of which issue 38c's rules now read
    // right) meets the bar overall and, since, in every kind
    const held = c.parts[1]!;
    expect(held.overall.precision).toBeGreaterThanOrEqual(PRECISION_BAR);
    expect(held.overall.recall).toBeGreaterThanOrEqual(RECALL_BAR);
    expect(checkPasses(held), summarizeJudgeCheck({ judge: 'rules', parts: [held] })).toBe(true);
  });

  it('the tuning part holds every kind of issue 38, both labels where the kind allows, other languages apart', async () => {
    const kinds = new Set(KIND_CORPUS.map((x) => x.kind));
    for (const k of [
      'needs-question',
      'hedge-question-mark',
      'detail-denied',
      'double-negative',
      'negation-elsewhere',
      'fragment',
      'enthusiasm',
      'named-relative',
      'other-sense',
      'echo',
      'other-language',
      'indirect',
      'mixed',
    ])
      expect(kinds.has(k), k).toBe(true);
    const c = await checkJudge(ruleKnowledgeJudge);
    expect(c.parts[0]!.notEnglish.map((x) => x.kind)).toEqual(
      KIND_CORPUS.filter((x) => x.kind === 'other-language').map(() => 'other-language'),
    );
    expect(summarizeJudgeCheck(c)).toMatch(/not in English: \d+ answers, not judged by the rules/);
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
    expect(yes.parts[0]!.overall.recall).toBe(1);
    expect(yes.parts[0]!.overall.precision).toBeLessThan(0.6);
    const no = await checkJudge(always(false));
    expect(no.parts[1]!.overall.recall).toBe(0);
    // never "knows": no precision of 1.000, the words say what happened
    expect(no.parts[1]!.overall.precision).toBeNull();
    expect(judgeCheckPasses(no)).toBe(false);
    const text = summarizeJudgeCheck(no);
    expect(text).toMatch(/NOT met/);
    expect(text).toMatch(/held-out part: \d+ answers judged \(\d+ "knows"\): never says "knows" \(misses all \d+\)/);
    expect(text).not.toMatch(/precision 1\.000/);
    expect(summarizeJudgeCheck(yes)).toMatch(/always says "knows" \(\d+ false\)/);
  });

  it('scores verdicts: precision over what it called "knows", recall over what a reader would', () => {
    const items = JUDGE_CORPUS.slice(0, 4);
    expect(scoreVerdicts(items, [false, false, false, false]).says).toBe('never');
    const s = scoreVerdicts(items, [true, true, true, true]);
    const positives = items.filter((x) => x.knows).length;
    expect(s.truePositives).toBe(positives);
    expect(s.falsePositives).toBe(4 - positives);
    expect(s.precision).toBeCloseTo(positives / 4);
    expect(s.recall).toBe(1);
  });
});

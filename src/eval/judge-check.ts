// The knowledge judge's measured error (issue 23): precision and recall for "knows" on the labelled corpus of
// judge-corpus.ts, the tuning part and the held-out part apart. `npm run eval -- --judge-check` prints it.
import { CORPUS_FACTS, type CorpusItem, type CorpusPart, JUDGE_CORPUS } from './judge-corpus.ts';
import type { FactQuestion, KnowledgeJudge, PersonQuestion } from './knowledge-judge.ts';

export interface JudgeScore {
  items: number;
  /** Answers labelled "knows". */
  positives: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** The answers judged wrong, with the label a reader gave. */
  errors: { answer: string; expected: boolean; form: CorpusItem['form'] }[];
}

export interface JudgeCheck {
  judge: KnowledgeJudge['by'];
  parts: Record<CorpusPart, JudgeScore>;
}

/** The question a corpus item puts to a judge. */
function factQuestion(item: CorpusItem & { kind: 'fact' }): FactQuestion {
  const fact = CORPUS_FACTS.find((f) => f.id === item.fact);
  if (!fact) throw new Error(`judge corpus: unknown fact ${item.fact}`);
  return {
    answer: item.answer,
    fact: fact.description,
    keywords: fact.keywords,
    speaker: { name: item.speaker, holder: item.speaker === fact.holder },
  };
}

/** Every item's verdict from one judge, in corpus order (facts in one call, persons in another). */
export async function judgeCorpus(judge: KnowledgeJudge, items: readonly CorpusItem[]): Promise<boolean[]> {
  const factItems = items.flatMap((x, i) => (x.kind === 'fact' ? [{ i, q: factQuestion(x) }] : []));
  const personItems = items.flatMap((x, i) =>
    x.kind === 'person' ? [{ i, q: { answer: x.answer, name: x.name, speaker: x.speaker } as PersonQuestion }] : [],
  );
  const out: boolean[] = new Array(items.length).fill(false);
  const fv = await judge.knowsFacts(factItems.map((x) => x.q));
  factItems.forEach((x, k) => {
    out[x.i] = fv[k] === true;
  });
  const pv = await judge.knowsPersons(personItems.map((x) => x.q));
  personItems.forEach((x, k) => {
    out[x.i] = pv[k] === true;
  });
  return out;
}

export function scoreVerdicts(items: readonly CorpusItem[], verdicts: readonly boolean[]): JudgeScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const errors: JudgeScore['errors'] = [];
  items.forEach((x, i) => {
    const got = verdicts[i] === true;
    if (got && x.knows) tp++;
    if (got && !x.knows) fp++;
    if (!got && x.knows) fn++;
    if (got !== x.knows) errors.push({ answer: x.answer, expected: x.knows, form: x.form });
  });
  return {
    items: items.length,
    positives: items.filter((x) => x.knows).length,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    // A judge that never says "knows" has made no false claim, but finds nothing: precision 1, recall 0.
    precision: tp + fp > 0 ? tp / (tp + fp) : 1,
    recall: tp + fn > 0 ? tp / (tp + fn) : 1,
    errors,
  };
}

/** Scores a judge on the corpus, the tuning part and the held-out part apart. */
export async function checkJudge(
  judge: KnowledgeJudge,
  corpus: readonly CorpusItem[] = JUDGE_CORPUS,
): Promise<JudgeCheck> {
  const verdicts = await judgeCorpus(judge, corpus);
  const part = (p: CorpusPart) => {
    const idx = corpus.flatMap((x, i) => (x.part === p ? [i] : []));
    return scoreVerdicts(
      idx.map((i) => corpus[i] as CorpusItem),
      idx.map((i) => verdicts[i] === true),
    );
  };
  return { judge: judge.by, parts: { tuning: part('tuning'), 'held-out': part('held-out') } };
}

/** The bar issue 23 sets for "knows": precision and recall at least 0.95. */
export const JUDGE_CHECK_BAR = 0.95;

export function judgeCheckPasses(c: JudgeCheck): boolean {
  return Object.values(c.parts).every((p) => p.precision >= JUDGE_CHECK_BAR && p.recall >= JUDGE_CHECK_BAR);
}

/** The check as a person reads it: figures per part, then every wrong verdict with its label. */
export function summarizeJudgeCheck(c: JudgeCheck): string {
  const towns = [...new Set(CORPUS_FACTS.map((f) => f.town))].join(', ');
  const lines = [
    `Knowledge judge (${c.judge}) on the labelled corpus (${towns}; facts and "Do you know ...?"):`,
    ...Object.entries(c.parts).map(
      ([name, p]) =>
        `  ${name.padEnd(9)} ${p.items} answers (${p.positives} "knows"): precision ${p.precision.toFixed(3)}, recall ${p.recall.toFixed(3)} (${p.falsePositives} false "knows", ${p.falseNegatives} missed)`,
    ),
    `  bar: ${JUDGE_CHECK_BAR} for both; ${judgeCheckPasses(c) ? 'met' : 'NOT met'}`,
  ];
  for (const [name, p] of Object.entries(c.parts))
    for (const e of p.errors)
      lines.push(`  wrong (${name}, ${e.form}, a reader says ${e.expected ? 'knows' : 'does not know'}): ${e.answer}`);
  return lines.join('\n');
}

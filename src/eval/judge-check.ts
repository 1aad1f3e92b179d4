// The knowledge judge's measured error (issues 23, 38): precision, recall and accuracy for "knows", overall and per
// kind of answer, on the project's labelled corpus (judge-corpus.ts: a tuning part and a held-out part, scored
// apart) or on a corpus file a researcher brings (corpus-file.ts). Facts are judged the way an evaluation judges a
// new town: keywords derived from the fact's text, as on import. Answers not in English are not judged by the
// rules: counted apart (the model judge judges them). `npm run eval -- --judge-check [--corpus FILE] [--json OUT]`.
import { type LabelledAnswer, labelledKeywords } from './corpus-file.ts';
import { CORPUS_FACTS, type CorpusItem, type CorpusPart, JUDGE_CORPUS } from './judge-corpus.ts';
import { KIND_CORPUS } from './judge-corpus-kinds.ts';
import type { FactQuestion, KnowledgeJudge, PersonQuestion } from './knowledge-judge.ts';
import { readByRules } from './language.ts';

/** The bar issue 38 sets for "knows", overall and per kind: precision at least 0.95, recall at least 0.9. */
export const PRECISION_BAR = 0.95;
export const RECALL_BAR = 0.9;

export interface JudgeScore {
  items: number;
  /** Answers labelled "knows". */
  positives: number;
  /** Answers the judge said "knows" of. */
  said: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** null when the judge never said "knows" here: no precision to speak of. */
  precision: number | null;
  /** null when no answer here is labelled "knows". */
  recall: number | null;
  accuracy: number;
  /** 'never' / 'always': the judge said the same of every answer (a figure alone would hide it). */
  says: 'both' | 'never' | 'always';
}

/** One answer as a check puts it to a judge. */
export interface CheckItem {
  index: number;
  kind: string;
  knows: boolean;
  answer: string;
  /** The question it answers ("Do you know <name>?" for a person). */
  question: string;
  /** The fact in words, or "knows <name>". */
  claim: string;
  ask: { fact: FactQuestion } | { person: PersonQuestion };
}

export interface CheckError {
  index: number;
  kind: string;
  expected: boolean;
  claim: string;
  question: string;
  answer: string;
}

export interface CorpusCheck {
  /** What was judged ("tuning part", a file name). */
  label: string;
  overall: JudgeScore;
  kinds: Record<string, JudgeScore>;
  errors: CheckError[];
  /** Answers not in English: not judged by the rules (a model judge judges them, and they are scored). */
  notEnglish: { index: number; kind: string; knows: boolean; answer: string; verdict?: boolean }[];
}

export interface JudgeCheck {
  judge: KnowledgeJudge['by'];
  parts: CorpusCheck[];
}

export function scoreVerdicts(items: readonly { knows: boolean }[], verdicts: readonly boolean[]): JudgeScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  items.forEach((x, i) => {
    const got = verdicts[i] === true;
    if (got && x.knows) tp++;
    if (got && !x.knows) fp++;
    if (!got && x.knows) fn++;
  });
  const n = items.length;
  const said = tp + fp;
  return {
    items: n,
    positives: tp + fn,
    said,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: said > 0 ? tp / said : null,
    recall: tp + fn > 0 ? tp / (tp + fn) : null,
    accuracy: n > 0 ? (n - fp - fn) / n : 1,
    says: said === 0 ? 'never' : said === n ? 'always' : 'both',
  };
}

/** Does a score meet the bar? A precision that does not exist is not failed; recall below the bar is. */
export function scorePasses(s: JudgeScore): boolean {
  if (s.says === 'always' && s.positives < s.items) return false;
  if (s.precision !== null && s.precision < PRECISION_BAR) return false;
  if (s.recall !== null && s.recall < RECALL_BAR) return false;
  return true;
}

export function checkPasses(c: CorpusCheck): boolean {
  return scorePasses(c.overall) && Object.values(c.kinds).every(scorePasses);
}

export function judgeCheckPasses(c: JudgeCheck): boolean {
  return c.parts.every(checkPasses);
}

/** Judges a list of items (facts in one call, persons in another) and scores them, per kind and overall. */
export async function checkItems(
  judge: KnowledgeJudge,
  label: string,
  items: readonly CheckItem[],
): Promise<CorpusCheck> {
  const verdicts = new Map<number, boolean>();
  const facts = items.flatMap((x) => ('fact' in x.ask ? [{ x, q: x.ask.fact }] : []));
  const persons = items.flatMap((x) => ('person' in x.ask ? [{ x, q: x.ask.person }] : []));
  const fv = await judge.knowsFacts(facts.map((f) => f.q));
  facts.forEach((f, k) => {
    verdicts.set(f.x.index, fv[k] === true);
  });
  const pv = await judge.knowsPersons(persons.map((p) => p.q));
  persons.forEach((p, k) => {
    verdicts.set(p.x.index, pv[k] === true);
  });
  // the rules do not read other languages: those answers are counted apart; a model judge's verdicts are scored
  const english = (x: CheckItem) => readByRules(x.answer);
  const scored = judge.by === 'rules' ? items.filter(english) : [...items];
  const notEnglish = items
    .filter((x) => !english(x))
    .map((x) => ({
      index: x.index,
      kind: x.kind,
      knows: x.knows,
      answer: x.answer,
      ...(judge.by === 'rules' ? {} : { verdict: verdicts.get(x.index) === true }),
    }));
  const score = (xs: readonly CheckItem[]) =>
    scoreVerdicts(
      xs,
      xs.map((x) => verdicts.get(x.index) === true),
    );
  const kinds: Record<string, JudgeScore> = {};
  for (const kind of [...new Set(scored.map((x) => x.kind))].sort())
    kinds[kind] = score(scored.filter((x) => x.kind === kind));
  if (judge.by !== 'rules' && notEnglish.length > 0)
    kinds['(not in English)'] = score(items.filter((x) => !english(x)));
  return {
    label,
    overall: score(scored),
    kinds,
    errors: scored
      .filter((x) => (verdicts.get(x.index) === true) !== x.knows)
      .map((x) => ({
        index: x.index,
        kind: x.kind,
        expected: x.knows,
        claim: x.claim,
        question: x.question,
        answer: x.answer,
      })),
    notEnglish,
  };
}

/** A labelled answer as a check item: the fact's keywords derived from its text, as an evaluation derives them. */
export function labelledItem(x: LabelledAnswer, index: number): CheckItem {
  return {
    index,
    kind: x.kind ?? '(no kind)',
    knows: x.knows,
    answer: x.answer,
    question: x.question,
    claim: x.fact,
    ask: {
      fact: {
        answer: x.answer,
        fact: x.fact,
        keywords: labelledKeywords(x),
        speaker: { name: x.speaker ?? '', holder: x.speaker !== undefined && x.speaker === x.holder },
        question: x.question,
      },
    },
  };
}

/** A project corpus item as a check item (its fact by id; "Do you know <name>?" for a person). */
function corpusItem(x: CorpusItem, index: number): CheckItem {
  if (x.kind === 'person') {
    const question = `Do you know ${x.name}?`;
    return {
      index,
      kind: x.form,
      knows: x.knows,
      answer: x.answer,
      question,
      claim: `knows ${x.name}`,
      ask: { person: { answer: x.answer, name: x.name, speaker: x.speaker } },
    };
  }
  const fact = CORPUS_FACTS.find((f) => f.id === x.fact);
  if (!fact) throw new Error(`judge corpus: unknown fact ${x.fact}`);
  return labelledItem(
    {
      fact: fact.description,
      holder: fact.holder,
      speaker: x.speaker,
      question: fact.question,
      answer: x.answer,
      knows: x.knows,
      kind: x.form,
    },
    index,
  );
}

/** The project's corpus as check items per part: the tuning part holds the kinds of issue 38 too. */
export function corpusParts(): Record<CorpusPart, CheckItem[]> {
  const part = (p: CorpusPart) => JUDGE_CORPUS.filter((x) => x.part === p).map((x, i) => corpusItem(x, i));
  const tuning = part('tuning');
  return {
    tuning: [...tuning, ...KIND_CORPUS.map((x, i) => labelledItem(x, tuning.length + i))],
    'held-out': part('held-out'),
  };
}

/** Scores a judge on the project's corpus, the tuning part and the held-out part apart. */
export async function checkJudge(judge: KnowledgeJudge): Promise<JudgeCheck> {
  const parts = corpusParts();
  return {
    judge: judge.by,
    parts: [
      await checkItems(judge, 'tuning part', parts.tuning),
      await checkItems(judge, 'held-out part', parts['held-out']),
    ],
  };
}

/** Scores a judge on a researcher's corpus file. */
export async function checkCorpusFile(
  judge: KnowledgeJudge,
  file: string,
  items: readonly LabelledAnswer[],
): Promise<JudgeCheck> {
  return { judge: judge.by, parts: [await checkItems(judge, file, items.map(labelledItem))] };
}

const f3 = (x: number) => x.toFixed(3);

/** "precision 0.967, recall 0.935, accuracy 0.950", or what the judge always said instead of a hollow figure. */
export function describeScore(s: JudgeScore): string {
  const acc = `accuracy ${f3(s.accuracy)}`;
  if (s.says === 'never') return `never says "knows"${s.positives > 0 ? ` (misses all ${s.positives})` : ''}; ${acc}`;
  if (s.says === 'always' && s.positives < s.items) return `always says "knows" (${s.falsePositives} false); ${acc}`;
  const p = s.precision === null ? 'precision -' : `precision ${f3(s.precision)}`;
  const r = s.recall === null ? 'recall - (none labelled "knows")' : `recall ${f3(s.recall)}`;
  return `${p}, ${r}, ${acc}`;
}

/** The check as a person reads it: figures per part and per kind, every wrong verdict, the answers not judged. */
export function summarizeJudgeCheck(c: JudgeCheck, title?: string): string {
  const towns = [...new Set(CORPUS_FACTS.map((f) => f.town))].join(', ');
  const lines = [
    title ??
      `Knowledge judge (${c.judge}) on the labelled corpus (${towns} and more; facts and "Do you know ...?"), keywords derived from each fact's text:`,
  ];
  for (const p of c.parts) {
    const s = p.overall;
    lines.push(
      `  ${p.label}: ${s.items} answers judged (${s.positives} "knows"): ${describeScore(s)} (${s.falsePositives} false "knows", ${s.falseNegatives} missed)${checkPasses(p) ? '' : '  BELOW THE BAR'}`,
    );
    for (const [kind, k] of Object.entries(p.kinds))
      lines.push(
        `    ${kind.padEnd(26)} ${String(k.items).padStart(3)} (${k.positives} "knows"): ${describeScore(k)}${scorePasses(k) ? '' : '  below'}`,
      );
    if (p.notEnglish.length > 0)
      lines.push(
        c.judge === 'rules'
          ? `    not in English: ${p.notEnglish.length} answers, not judged by the rules (the model judge judges them)`
          : `    not in English: ${p.notEnglish.length} answers, judged by the model (scored above and on their own line)`,
      );
  }
  lines.push(
    `  bar: precision >= ${PRECISION_BAR} and recall >= ${RECALL_BAR}, overall and per kind; ${judgeCheckPasses(c) ? 'met' : 'NOT met'}`,
  );
  for (const p of c.parts)
    for (const e of p.errors)
      lines.push(
        `  wrong (${p.label} #${e.index}, ${e.kind}, a reader says ${e.expected ? 'knows' : 'does not know'}): Q: ${e.question} A: ${e.answer}`,
      );
  if (c.judge === 'rules')
    for (const p of c.parts)
      for (const x of p.notEnglish)
        lines.push(
          `  not judged (${p.label} #${x.index}, ${x.kind}, not in English, labelled ${x.knows ? 'knows' : 'does not know'}): ${x.answer}`,
        );
  return lines.join('\n');
}

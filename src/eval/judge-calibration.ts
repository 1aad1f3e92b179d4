// A model judge is checked before it is believed (issue 23, item 3): it answers a handful of calibration items whose
// verdicts and rankings are known (a reader agrees on them; none is from the judge corpus, which measures the
// judges). A judge that gets them wrong, or does not answer them, is unreliable and its figures are not shown.
import type { LanguageModel } from '../llm/port.ts';
import { JudgeHealth } from './judge-health.ts';
import { type FactQuestion, modelKnowledgeJudge, type PersonQuestion } from './knowledge-judge.ts';
import { type RankItem, rankAnswers } from './rank-judge.ts';

const bookshop = {
  fact: 'Rosa Diaz is opening a bookshop on Elm Street',
  keywords: ['Rosa|Diaz', 'bookshop|book shop|bookstore'],
};

/** Known verdicts: "does this answer show the speaker knows the claim?" */
export const CALIBRATION_FACTS: readonly (FactQuestion & { knows: boolean })[] = [
  {
    ...bookshop,
    answer: "Yes, Rosa told me she's opening a bookshop on Elm Street next month.",
    speaker: { name: 'Hugo Lind', holder: false },
    knows: true,
  },
  {
    ...bookshop,
    answer: "I haven't heard anything about a bookshop.",
    speaker: { name: 'Hugo Lind', holder: false },
    knows: false,
  },
  {
    ...bookshop,
    answer: "Rosa? She works at the library, I think. I don't know about any bookshop.",
    speaker: { name: 'Ines Vidal', holder: false },
    knows: false,
  },
  {
    ...bookshop,
    answer: "I'm opening a bookshop on Elm Street; it has been my dream for years.",
    speaker: { name: 'Rosa Diaz', holder: true },
    knows: true,
  },
];

export const CALIBRATION_PERSONS: readonly (PersonQuestion & { knows: boolean })[] = [
  { name: 'Omar Haddad', speaker: 'Hugo Lind', answer: 'Omar? Of course, he coaches the football team.', knows: true },
  { name: 'Omar Haddad', speaker: 'Ines Vidal', answer: 'Never heard of him, sorry.', knows: false },
  { name: 'Omar Haddad', speaker: 'Rosa Diaz', answer: 'Yes, Omar and I play chess on Thursdays.', knows: true },
  {
    name: 'Omar Haddad',
    speaker: 'Hugo Lind',
    answer: 'I know an Omar from school, but not Omar Haddad.',
    knows: false,
  },
];

/** Known rankings: a specific answer its memories support, then an honest "I don't know", then an invention. */
export const CALIBRATION_RANKINGS: readonly (RankItem & { expected: string[] })[] = [
  {
    resident: 'Hugo Lind',
    description: 'Hugo Lind, 52. Runs the hardware store on Elm Street; a quiet man who follows town politics.',
    question: 'Who is running for mayor?',
    answers: {
      grounded: 'Sam Moore is running for mayor; he told me himself at the hardware store on Tuesday.',
      honest: "I'm not sure, I haven't heard who is running.",
      invented: 'Jenny Park is running for mayor; she announced it at the harbour festival last spring.',
    },
    memories: {
      grounded: ['Sam Moore told me he is running for mayor (Tuesday, at the hardware store)'],
      honest: ['Sold a box of nails to Ines Vidal'],
      invented: ['Sold a box of nails to Ines Vidal'],
    },
    expected: ['grounded', 'honest', 'invented'],
  },
  {
    resident: 'Ines Vidal',
    description: 'Ines Vidal, 34. Bakes bread at the corner bakery before dawn; loves her vegetable garden.',
    question: 'Give an introduction of yourself.',
    answers: {
      grounded: "I'm Ines; I bake the bread at the corner bakery before dawn and spend my afternoons in my garden.",
      vague: "I'm just someone who lives here.",
      invented: "I'm Ines, an airline pilot; I fly to Tokyo and Lima every week.",
    },
    memories: {
      grounded: ['Baked forty loaves at the corner bakery', 'Watered the tomatoes in my garden'],
      vague: ['Baked forty loaves at the corner bakery'],
      invented: ['Baked forty loaves at the corner bakery'],
    },
    expected: ['grounded', 'vague', 'invented'],
  },
  {
    resident: 'Rosa Diaz',
    description: 'Rosa Diaz, 41. Opens the pharmacy every morning at 9; is opening a bookshop on Elm Street.',
    question: 'What will you be doing at 10 am tomorrow?',
    answers: {
      grounded: "I'll be at the pharmacy; I open it at nine, so at ten I'm serving customers.",
      honest: "I don't know yet.",
      invented: "I'll be skydiving over Lake Geneva with my instructor Marco.",
    },
    memories: {
      grounded: ['Plan for tomorrow: open the pharmacy at 9:00, serve customers until noon'],
      honest: [],
      invented: ['Plan for tomorrow: open the pharmacy at 9:00, serve customers until noon'],
    },
    expected: ['grounded', 'honest', 'invented'],
  },
];

/** Verdicts a judge must get right (of 8) and rankings it must order as expected (of 3). */
export const CALIBRATION_VERDICTS_NEEDED = 7;
export const CALIBRATION_RANKINGS_NEEDED = 2;

export interface CalibrationResult {
  verdicts: { right: number; of: number };
  rankings: { right: number; of: number };
  /** The calibration's own calls (a call that failed is an item not answered). */
  calls: ReturnType<JudgeHealth['snapshot']>;
  passed: boolean;
  /** Why it failed, in words; empty when it passed. */
  reasons: string[];
}

/** Does a ranking put each expected condition strictly above the next? */
function inExpectedOrder(r: { order: string[]; ranks: number[] }, expected: readonly string[]): boolean {
  const rank = new Map(r.order.map((c, i) => [c, r.ranks[i] as number]));
  return expected.every((c, i) => i === 0 || (rank.get(expected[i - 1] as string) ?? 99) < (rank.get(c) ?? 99));
}

/** Asks the model the calibration items (knowledge verdicts in two calls, three rankings). */
export async function calibrateJudge(llm: LanguageModel): Promise<CalibrationResult> {
  const health = new JudgeHealth();
  const judge = modelKnowledgeJudge(llm, health);
  const f = await judge.knowsFacts(CALIBRATION_FACTS);
  const factFailed = health.failures > 0;
  const p = await judge.knowsPersons(CALIBRATION_PERSONS);
  const personFailed = health.failures > (factFailed ? 1 : 0);
  // A batch the model failed was judged by the rules: none of its verdicts is the model's.
  const right =
    (factFailed ? 0 : CALIBRATION_FACTS.filter((x, i) => f[i] === x.knows).length) +
    (personFailed ? 0 : CALIBRATION_PERSONS.filter((x, i) => p[i] === x.knows).length);
  let ranked = 0;
  for (const [i, item] of CALIBRATION_RANKINGS.entries()) {
    const r = await rankAnswers(llm, item, i + 1, health);
    if (r.by === 'model' && inExpectedOrder(r, item.expected)) ranked++;
  }
  const of = CALIBRATION_FACTS.length + CALIBRATION_PERSONS.length;
  const reasons: string[] = [];
  if (right < CALIBRATION_VERDICTS_NEEDED)
    reasons.push(`${right} of ${of} known verdicts right (needs ${CALIBRATION_VERDICTS_NEEDED})`);
  if (ranked < CALIBRATION_RANKINGS_NEEDED)
    reasons.push(
      `${ranked} of ${CALIBRATION_RANKINGS.length} known rankings in the expected order (needs ${CALIBRATION_RANKINGS_NEEDED})`,
    );
  if (health.failures > 0) reasons.push(`calibration calls: ${health.describe()}`);
  return {
    verdicts: { right, of },
    rankings: { right: ranked, of: CALIBRATION_RANKINGS.length },
    calls: health.snapshot(),
    passed: right >= CALIBRATION_VERDICTS_NEEDED && ranked >= CALIBRATION_RANKINGS_NEEDED,
    reasons,
  };
}

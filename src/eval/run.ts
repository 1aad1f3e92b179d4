// The paper's controlled evaluation as one run (Park et al. 2023, sec. 6): the same town, seed and simulated hours
// under each condition (the full architecture and its ablations), then the 25-question battery for every
// resident; a judge ranks the conditions' answers per question, blind, and TrueSkill rates the conditions. The
// end-to-end measures of sec. 7 (diffusion, density, hallucinated "yes") come from the same runs.
import type { Embedder, LanguageModel } from '../llm/port.ts';
import type { TownFile } from '../town/file.ts';
import type { AttendanceResult } from './attendance.ts';
import { type Judge, type JudgeStatus, unreliableJudgeText } from './model-judge.ts';
import type { Ranking } from './rank-judge.ts';
import { type SimulateOptions, type SimulateReport, simulate } from './simulate.ts';
import { type ConditionRating, PAPER_TRUESKILL, rateConditions } from './trueskill.ts';

/**
 * A stock denial: an answer that says nothing but "I don't remember" (the offline stand-in's fallback, a model's
 * refusal). A ranking won against it measures retrieval, not believability, so TrueSkill is also given without
 * the rankings that hold one (issue 38).
 */
export const STOCK_DENIAL =
  /^\s*(?:(?:i['’]?m|i am) sorry,?\s*)?(?:but\s+)?i\s+(?:don['’]t|do not|can['’]t|cannot)\s+(?:remember|recall|answer|say)(?:\s+anything)?(?:\s+(?:about\s+)?(?:that|it|this))?(?:\s+right now)?\s*[.!]?\s*$/i;

export function isStockDenial(answer: string): boolean {
  return STOCK_DENIAL.test(answer) || answer.trim() === '';
}

/** A mechanism the paper's ablations turn off (sec. 6.1). */
export type Ablation = 'reflection' | 'planning' | 'memory';

export interface Condition {
  name: string;
  /** Mechanisms turned off. */
  ablate: Ablation[];
}

/** The paper's conditions except the human-written one (out of scope): full, no reflection, no reflection and no
 * planning, no memory at all (no observation, reflection or planning: sec. 6.1). */
export const PAPER_CONDITIONS: readonly Condition[] = [
  { name: 'full', ablate: [] },
  { name: 'no-reflection', ablate: ['reflection'] },
  { name: 'no-reflection-planning', ablate: ['reflection', 'planning'] },
  { name: 'no-memory', ablate: ['reflection', 'planning', 'memory'] },
];

/** Conditions for `--ablate a,b`: the full architecture plus the paper's conditions that turn off only those. */
export function conditionsFor(ablate: readonly Ablation[] | undefined): Condition[] {
  if (!ablate || ablate.length === 0) return [...PAPER_CONDITIONS];
  const wanted = new Set(ablate);
  return PAPER_CONDITIONS.filter((c) => c.ablate.length === 0 || c.ablate.every((a) => wanted.has(a)));
}

/** The town file a condition runs: the ablation travels in the agent settings (src/agent honours `ablate`). */
export function townForCondition(file: TownFile, condition: Condition): TownFile {
  if (condition.ablate.length === 0) return file;
  return { ...file, agent: { ...file.agent, ablate: Object.fromEntries(condition.ablate.map((a) => [a, true])) } };
}

export interface EvalOptions {
  town: TownFile;
  hours: number;
  seed: number;
  conditions: Condition[];
  llm: LanguageModel;
  embedder: Embedder;
  /** The judge (model-judge.ts prepareJudge): a calibrated model, or the rules (a pipeline check). */
  judge: Judge;
  /** Residents who answer the battery (default: all). */
  residents?: string[];
  /** Passed to simulate (token counters, progress, store). */
  simulate?: Partial<SimulateOptions>;
  onCondition?: (name: string, i: number, n: number) => void;
  /** Per condition: a town id in a kept database, and what to do with the finished run (export it). */
  perCondition?: (name: string) => Pick<SimulateOptions, 'townId' | 'onFinish'>;
}

export interface EvalReport {
  town: string;
  hours: number;
  seed: number;
  model: string;
  judge: {
    by: Ranking['by'];
    model: string;
    note: string;
    ruleRanked: number;
    modelRanked: number;
    /** Calibration, calls counted while judging, and whether its figures may be shown. */
    status: JudgeStatus;
  };
  /** Rankings where every condition shares one rank: because every answer was the same, or judged equal. */
  ties: { allTie: number; identicalAnswers: number; judgedEqual: number; of: number };
  conditions: { name: string; ablate: Ablation[] }[];
  /** TrueSkill per condition from the battery rankings, with the paper's figure where it has one. */
  trueskill: RatedCondition[];
  /** The same from only the rankings where no condition gave a stock denial ("I don't remember anything"). */
  trueskillWithoutDenials: RatedCondition[];
  /** Rankings left out of trueskillWithoutDenials. */
  denialRankings: number;
  /** Conditions whose TrueSkill mu is equal to 2 decimals: tied, not ordered. */
  tied: string[][];
  /** Offline (the rule-based stand-in answers): the order across seeds tells nothing (seed-agreement.ts). */
  offline: boolean;
  /** Rankings per battery item (resident, question), best first; `distinct`: how many different answers. */
  rankings: {
    resident: string;
    category: string;
    question: string;
    order: string[];
    ranks: number[];
    distinct: number;
    /** Some condition's answer is a stock denial. */
    denial: boolean;
    judge?: 'unreliable';
  }[];
  /** End-to-end measures per condition (sec. 7). */
  endToEnd: {
    condition: string;
    diffusion: { fact: string; before: number; after: number; hallucinated: number; residents: number }[];
    density: { before: number; after: number };
    hallucinatedYes: { count: number; of: number };
    attendance: AttendanceResult[];
    judge?: 'unreliable';
  }[];
  runs: Record<string, SimulateReport>;
}

/** A condition's rating as the report carries it; `judge: 'unreliable'` marks every figure of an unreliable judge. */
export type RatedCondition = ConditionRating & { paper?: { mu: number; sigma: number }; judge?: 'unreliable' };

/** Groups of conditions whose mu is equal to 2 decimals (what the report prints): they tie. */
export function tiedConditions(ratings: readonly ConditionRating[]): string[][] {
  const by = new Map<string, string[]>();
  for (const r of ratings) {
    const k = r.mu.toFixed(2);
    by.set(k, [...(by.get(k) ?? []), r.condition]);
  }
  return [...by.values()].filter((g) => g.length > 1);
}

function descriptionOf(file: TownFile, name: string): string {
  const r = file.residents.find((x) => x.name === name);
  return r ? `${r.name}, ${r.age}. ${r.innate}. ${r.learned} ${r.currently}` : name;
}

export async function runEvaluation(opts: EvalOptions): Promise<EvalReport> {
  const names = opts.residents ?? opts.town.residents.map((r) => r.name);
  const everyone = opts.town.residents.map((r) => r.name);
  const runs: Record<string, SimulateReport> = {};
  // Each condition's memory streams by resident name: what its answers could rest on (the ranker reads them).
  const memories: Record<string, Map<string, string[]>> = {};
  for (const [i, c] of opts.conditions.entries()) {
    opts.onCondition?.(c.name, i, opts.conditions.length);
    const per = opts.perCondition?.(c.name);
    runs[c.name] = await simulate({
      ...opts.simulate,
      ...per,
      onFinish: async (run) => {
        memories[c.name] = new Map(run.residents.map((r) => [r.name, r.memories.map((m) => m.description)]));
        await per?.onFinish?.(run);
      },
      hours: opts.hours,
      town: townForCondition(opts.town, c),
      llm: opts.llm,
      embedder: opts.embedder,
      seed: opts.seed,
      evaluate: true,
      interviewBattery: names,
      knowledgeJudge: opts.judge.knowledge,
    });
  }

  // Battery items answered by every condition, ranked blind.
  const byItem = new Map<
    string,
    { resident: string; category: string; question: string; answers: Record<string, string> }
  >();
  for (const c of opts.conditions)
    for (const a of runs[c.name]?.interviewBattery ?? []) {
      const key = `${a.resident}\u0000${a.question}`;
      const item = byItem.get(key) ?? { resident: a.resident, category: a.category, question: a.question, answers: {} };
      item.answers[c.name] = a.answer;
      byItem.set(key, item);
    }
  const rankings: EvalReport['rankings'] = [];
  let modelRanked = 0;
  let ruleRanked = 0;
  // Items where every condition gave the same answer: tied without asking anyone.
  let sameAnswer = 0;
  for (const item of byItem.values()) {
    const r = await opts.judge.rank(
      {
        ...item,
        description: descriptionOf(opts.town, item.resident),
        memories: Object.fromEntries(Object.keys(item.answers).map((c) => [c, memories[c]?.get(item.resident) ?? []])),
        names: everyone,
      },
      opts.seed,
    );
    if (r.distinct < 2) sameAnswer++;
    else if (r.by === 'model') modelRanked++;
    else ruleRanked++;
    rankings.push({
      resident: item.resident,
      category: item.category,
      question: item.question,
      order: r.order,
      ranks: r.ranks,
      distinct: r.distinct,
      denial: Object.values(item.answers).some(isStockDenial),
    });
  }
  const allTie = rankings.filter((r) => r.order.length > 1 && new Set(r.ranks).size === 1);
  const identicalAnswers = allTie.filter((r) => r.distinct === 1).length;
  const names_ = opts.conditions.map((c) => c.name);
  const rate = (rs: typeof rankings) =>
    rateConditions(
      names_,
      rs.map((r) => ({ order: r.order, ranks: r.ranks })),
    ).map((x) => (PAPER_TRUESKILL[x.condition] ? { ...x, paper: PAPER_TRUESKILL[x.condition] } : x));
  const trueskill = rate(rankings);
  const trueskillWithoutDenials = rate(rankings.filter((r) => !r.denial));

  const endToEnd: EvalReport['endToEnd'] = opts.conditions.map((c) => {
    const run = runs[c.name];
    const before = run?.diffusion?.before ?? [];
    const after = run?.diffusion?.after ?? [];
    return {
      condition: c.name,
      diffusion: after.map((d, k) => ({
        fact: d.fact,
        before: before[k]?.grounded.length ?? 0,
        after: d.grounded.length,
        hallucinated: d.hallucinated.length,
        residents: d.residents,
      })),
      density: { before: run?.density?.before.density ?? 0, after: run?.density?.after.density ?? 0 },
      hallucinatedYes: { count: run?.density?.after.hallucinatedYes ?? 0, of: run?.density?.after.yesAnswers ?? 0 },
      attendance: run?.attendance ?? [],
    };
  });

  const status = opts.judge.status();
  const judgeModel = status.model;
  const by: Ranking['by'] = opts.judge.by;
  return {
    town: opts.town.name,
    hours: opts.hours,
    seed: opts.seed,
    model: opts.llm.info.model,
    judge: {
      by,
      model: judgeModel,
      modelRanked,
      ruleRanked,
      status,
      note:
        by === 'model'
          ? `An LLM rater, calibrated first (${status.calibration?.verdicts.right}/${status.calibration?.verdicts.of} known verdicts, ${status.calibration?.rankings.right}/${status.calibration?.rankings.of} known rankings), ranked the distinct answers blind (labels shuffled per item): ${modelRanked} items${ruleRanked ? `; ${ruleRanked} it failed on were ranked by the rules` : ''}${sameAnswer ? `; ${sameAnswer} items had one answer for every condition (tied, not asked)` : ''}.`
          : 'Pipeline check: without a configured model, a rule ranker stands in for the raters: answers specific and grounded in the resident\'s memory stream first, an honest "I don\'t know" in the middle, invented names and times last. It shows the evaluation runs end to end; it is not a human rating.',
    },
    ties: {
      allTie: allTie.length,
      identicalAnswers,
      judgedEqual: allTie.length - identicalAnswers,
      of: rankings.filter((r) => r.order.length > 1).length,
    },
    conditions: opts.conditions.map((c) => ({ name: c.name, ablate: c.ablate })),
    trueskill,
    trueskillWithoutDenials,
    denialRankings: rankings.filter((r) => r.denial).length,
    tied: tiedConditions(trueskill),
    offline: opts.llm.info.offline === true,
    rankings,
    endToEnd,
    runs,
  };
}

/** Marks every judged figure of a report whose judge is unreliable, in the JSON as in the text (issue 38). */
export function markUnreliable(r: EvalReport): void {
  if (r.judge.status.reliable) return;
  for (const t of [...r.trueskill, ...r.trueskillWithoutDenials]) t.judge = 'unreliable';
  for (const e of r.endToEnd) e.judge = 'unreliable';
  for (const x of r.rankings) x.judge = 'unreliable';
}

function describeCalls(c: JudgeStatus['calls']): string {
  const failed = c.timeouts + c.offSchema + c.failed;
  return `${c.calls} calls, ${failed} failed (${c.timeouts} timed out, ${c.offSchema} off-schema, ${c.failed} other)`;
}

const pct = (n: number, of: number) => (of > 0 ? `${((100 * n) / of).toFixed(0)}%` : '-');

/** "; spring-party: 3 of 7 who heard came (9 present)", or that the run ended before the event. */
function attendanceText(a: readonly AttendanceResult[]): string {
  return a
    .map((x) =>
      x.covered
        ? `; ${x.fact}: ${x.heardAndCame.length} of ${x.heard.length} who heard came with a plan naming it (${x.came.length} came, ${x.thereAnyway.length} there anyway)`
        : `; ${x.fact}: the run ended before the event`,
    )
    .join('');
}

/**
 * The report as a person reads it: the paper's figures beside ours. With an unreliable judge only the refusal,
 * unless `allowUnreliable` (then the figures, marked).
 */
export function summarizeEvaluation(r: EvalReport, opts: { allowUnreliable?: boolean } = {}): string {
  const head = `Evaluation of ${r.town}: ${r.hours} simulated hours, seed ${r.seed}, model ${r.model}`;
  const status = r.judge.status;
  if (!status.reliable && !opts.allowUnreliable) return [head, '', unreliableJudgeText(status)].join('\n');
  const lines = [
    head,
    `Judge: ${r.judge.model === 'rules' ? 'rules (pipeline check)' : r.judge.model}. ${r.judge.note}`,
    ...(status.reliable
      ? []
      : [`UNRELIABLE JUDGE (shown because of --allow-unreliable-judge): ${status.reasons.join('; ')}.`]),
    ...(status.by === 'model' ? [`Judge calls while judging: ${describeCalls(status.calls)}.`] : []),
    `Ties: ${r.ties.allTie} of ${r.ties.of} rankings (${pct(r.ties.allTie, r.ties.of)}) put every condition level: ${r.ties.identicalAnswers} because every condition gave the same answer, ${r.ties.judgedEqual} judged equally believable.`,
  ];
  // every figure of an unreliable judge carries the mark on its own line (issue 38)
  const mark = status.reliable ? '' : '[UNRELIABLE JUDGE] ';
  const table = (ratings: readonly RatedCondition[]) => {
    const tied = tiedConditions(ratings);
    for (const t of [...ratings].sort((a, b) => b.mu - a.mu)) {
      const with_ = tied.find((g) => g.includes(t.condition))?.filter((c) => c !== t.condition) ?? [];
      lines.push(
        `  ${mark}${t.condition.padEnd(24)} ${t.mu.toFixed(2)} +- ${t.sigma.toFixed(2)}${t.paper ? `   [${t.paper.mu.toFixed(2)} +- ${t.paper.sigma.toFixed(2)}]` : ''}   (${t.matches} rankings)${with_.length > 0 ? `   tied with ${with_.join(', ')}` : ''}`,
      );
    }
  };
  lines.push('', `${mark}Believability, TrueSkill mu +- sigma (paper, sec. 6.2, in brackets):`);
  table(r.trueskill);
  const of = r.rankings.length;
  lines.push(
    '',
    `${mark}Without the ${r.denialRankings} of ${of} rankings where some condition answered with a stock denial ("I don't remember anything about that"):`,
  );
  if (r.denialRankings >= of) lines.push(`  ${mark}every ranking holds one: no rating without them`);
  else table(r.trueskillWithoutDenials);
  lines.push(
    '',
    mark +
      'End to end (paper, sec. 7: candidacy 4% -> 32%, party 4% -> 52%, 5 of 12 who heard came, density 0.167 -> 0.74, 1.3% hallucinated):',
  );
  for (const e of r.endToEnd) {
    const diff = e.diffusion
      .map(
        (d) =>
          `${d.fact} ${pct(d.before, d.residents)} -> ${pct(d.after, d.residents)}${d.hallucinated ? ` (${d.hallucinated} hallucinated)` : ''}`,
      )
      .join('; ');
    lines.push(
      `  ${mark}${e.condition.padEnd(24)} ${diff || 'nothing to track (no facts or events)'}${attendanceText(e.attendance)}; density ${e.density.before.toFixed(3)} -> ${e.density.after.toFixed(3)}; hallucinated yes ${e.hallucinatedYes.count}/${e.hallucinatedYes.of} (${pct(e.hallucinatedYes.count, e.hallucinatedYes.of)})`,
    );
  }
  return lines.join('\n');
}

// `npm run eval -- [--town FILE | --smallville DIR] [--hours N] [--seed S | --seeds A,B,C]
//   [--ablate reflection,planning,memory] [--residents "A,B"] [--report FILE] [--allow-unreliable-judge]`
// `npm run eval -- --judge-check [--corpus FILE] [--json OUT]`: the knowledge judge's precision, recall and accuracy
// on the labelled corpus, or on a corpus file, overall and per kind.
// The paper's controlled evaluation (Park et al. 2023, sec. 6-7) on a town: each condition simulated for the same
// hours and seed, the 25-question battery for each resident, a blind ranking judge, TrueSkill per condition, and
// the end-to-end measures, printed beside the paper's figures.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { isUserError } from '../errors.ts';
import { prepareJudge, unreliableJudgeText } from '../eval/model-judge.ts';
import {
  type Ablation,
  conditionsFor,
  type EvalReport,
  markUnreliable,
  runEvaluation,
  summarizeEvaluation,
} from '../eval/run.ts';
import { type RunData, runExportLines } from '../eval/run-export.ts';
import { DEFAULT_RUN_HOURS, runLength, runLengthText } from '../eval/run-length.ts';
import { type SeedAgreement, seedAgreement, summarizeSeedAgreement } from '../eval/seed-agreement.ts';
import type { FinishedRun } from '../eval/simulate.ts';
import { describeModel } from '../llm/index.ts';
import type { Embedder, LanguageModel } from '../llm/port.ts';
import { countChatTokens, countTokens } from '../llm/tokens.ts';
import type { TownFile } from '../town/file.ts';
import { loadTownArg } from '../town/file-io.ts';
import { runJudgeCheck } from './eval-judge-check.ts';
import { startProgress } from './progress.ts';
import { runIfMain } from './run-main.ts';
import { configuredModels } from './simulate.ts';

export const EVAL_USAGE = `Usage: npm run eval -- [options]

Runs the paper's controlled evaluation: the town under the full architecture and its ablations, the same
simulated hours and seed for each, then the 25-question interview battery for every resident; a judge ranks the
conditions' answers per question (blind) and TrueSkill rates the conditions; diffusion, relationship density and
hallucinated answers are measured for each condition.

Options:
  --town FILE          a town file (default: the seed town)
  --smallville DIR     a folder of the original Smallville files instead (e.g. ../shared/data/smallville)
  --hours N            simulated hours per condition (default: until the town's last tracked event has ended,
                       at least 24; said at the start; a warning when N cuts a tracked event off)
  --seed S             seed (integer, default 1)
  --seeds LIST         several seeds, comma-separated (e.g. 1,7,13): the whole evaluation once per seed, then
                       how far the seeds agree (Kendall's tau over the conditions' order, identical rankings)
  --ablate LIST        mechanisms to ablate, comma-separated from reflection,planning,memory: runs the full
                       architecture plus the paper's conditions that turn off only those (default: all four)
  --residents LIST     residents who answer the battery, comma-separated names (default: everyone)
  --report FILE        write the whole report as JSON (with --seeds: {"reports": [...], "agreement": ...})
  --export FILE        write each condition's run as NDJSON: FILE.<condition>.ndjson (npm run town -- replay ...);
                       with --seeds FILE.<condition>.seed<S>.ndjson
  --db FILE            keep each condition's town in this SQLite database file
  --judge-check        only measure the knowledge judge: precision, recall and accuracy for "knows", overall and
                       per kind, on the labelled corpus (tuning and held-out parts); the rules, and the configured
                       model if there is one. Every wrong verdict is listed; answers not in English are counted
                       apart (the rules do not read them; a model judge does)
  --corpus FILE        with --judge-check: judge this corpus instead, a JSON array of {"fact": "...", "holder":
                       "...", "question": "...", "answer": "...", "knows": true|false, "kind": "..."} (holder,
                       kind and "speaker" optional); keywords are derived from each fact's text as on import
  --json OUT           with --judge-check: also write the check as JSON (figures, per kind, every error)
  --allow-unreliable-judge
                       show a model judge's figures even when it failed its calibration or too many of its calls
                       timed out or came back off-schema (marked unreliable; exit code 0)
  --help               this text

With a configured model (OPENAI_API_KEY or OPENAI_BASE_URL) the residents and the judge use it. The model judge
first answers calibration items with known verdicts and rankings; a judge that fails them, or whose calls time
out or come back off-schema past a threshold, is reported unreliable and none of its figures is shown. Offline,
the judge is the rules (its error is measured by --judge-check) and the figures are a pipeline check, said so.
Every ranking puts identical answers level; the report gives the share of rankings where all conditions tie.

Exit code: 0 done, 1 a bad town file, corpus file or configuration, 2 bad options, 3 the judge is unreliable
(or, with --judge-check, misses precision 0.95 or recall 0.9, overall or in some kind).`;

export interface EvalCliArgs {
  town?: string;
  smallville?: string;
  hours: number;
  /** --hours was given (else the run lasts until the last tracked event has ended: run-length.ts). */
  hoursGiven: boolean;
  seed: number;
  /** Several seeds: the evaluation once per seed, then their agreement. */
  seeds?: number[];
  ablate?: Ablation[];
  residents?: string[];
  report?: string;
  export?: string;
  db?: string;
  judgeCheck: boolean;
  /** --judge-check on this corpus file instead of the project's. */
  corpus?: string;
  /** --judge-check: write the check as JSON here too. */
  json?: string;
  allowUnreliableJudge: boolean;
  help: boolean;
}

/** Exit code of a refused judge (unreliable model judge, or a judge check below the bar). */
export const UNRELIABLE_JUDGE_EXIT = 3;

const ABLATIONS: readonly Ablation[] = ['reflection', 'planning', 'memory'];

export function parseEvalArgs(argv: string[]): EvalCliArgs {
  let v: ReturnType<typeof parseArgs>['values'];
  try {
    ({ values: v } = parseArgs({
      args: argv,
      options: {
        town: { type: 'string' },
        smallville: { type: 'string' },
        hours: { type: 'string' },
        seed: { type: 'string' },
        ablate: { type: 'string' },
        residents: { type: 'string' },
        report: { type: 'string' },
        export: { type: 'string' },
        db: { type: 'string' },
        seeds: { type: 'string' },
        'judge-check': { type: 'boolean' },
        corpus: { type: 'string' },
        json: { type: 'string' },
        'allow-unreliable-judge': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new Error(`${(e as Error).message.split('\n')[0]}\n\n${EVAL_USAGE}`);
  }
  const a: EvalCliArgs = {
    hours: DEFAULT_RUN_HOURS,
    hoursGiven: typeof v.hours === 'string',
    seed: 1,
    help: Boolean(v.help),
    judgeCheck: Boolean(v['judge-check']),
    allowUnreliableJudge: Boolean(v['allow-unreliable-judge']),
  };
  if (typeof v.town === 'string') a.town = v.town;
  if (typeof v.smallville === 'string') a.smallville = v.smallville;
  if (a.town && a.smallville) throw new Error('Use --town or --smallville, not both.');
  if (typeof v.hours === 'string') {
    const h = Number(v.hours);
    if (!Number.isFinite(h) || h <= 0 || h > 24 * 14) throw new Error('--hours must be a number of hours in (0, 336].');
    a.hours = h;
  }
  if (typeof v.seed === 'string') {
    const s = Number(v.seed);
    if (!Number.isInteger(s) || s < 0) throw new Error('--seed must be a whole number (0 or more).');
    a.seed = s;
  }
  if (typeof v.seeds === 'string') {
    if (typeof v.seed === 'string') throw new Error('Use --seed or --seeds, not both.');
    const list = v.seeds
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map(Number);
    if (list.length === 0 || list.some((s) => !Number.isInteger(s) || s < 0))
      throw new Error('--seeds must be whole numbers (0 or more), comma-separated, e.g. 1,7,13.');
    if (new Set(list).size !== list.length) throw new Error('--seeds: each seed once.');
    a.seeds = list;
    a.seed = list[0] as number;
  }
  if (typeof v.ablate === 'string') {
    const list = v.ablate
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean);
    const bad = list.filter((x) => !ABLATIONS.includes(x as Ablation));
    if (bad.length > 0) throw new Error(`--ablate: unknown mechanism ${bad.join(', ')} (use ${ABLATIONS.join(', ')}).`);
    a.ablate = list as Ablation[];
  }
  if (typeof v.residents === 'string')
    a.residents = v.residents
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  if (typeof v.report === 'string') a.report = v.report;
  if (typeof v.export === 'string') a.export = v.export;
  if (typeof v.db === 'string') a.db = v.db;
  if (typeof v.corpus === 'string') a.corpus = v.corpus;
  if (typeof v.json === 'string') a.json = v.json;
  if ((a.corpus || a.json) && !a.judgeCheck) throw new Error('--corpus and --json go with --judge-check.');
  return a;
}

/** eval.ndjson -> eval.no-memory.ndjson (with several seeds: eval.no-memory.seed7.ndjson) */
export function exportFileFor(file: string, condition: string, seed?: number): string {
  const tail = `${condition}${seed !== undefined ? `.seed${seed}` : ''}.ndjson`;
  return file.endsWith('.ndjson') ? `${file.slice(0, -'.ndjson'.length)}.${tail}` : `${file}.${tail}`;
}

export type Io = {
  out: (s: string) => void;
  err: (s: string) => void;
  /** The models (default: the configured ones); `judge` defaults to `llm`. */
  models?: () => { llm: LanguageModel; embedder: Embedder; judge?: LanguageModel };
  /** Where the progress goes (process.stderr by default). */
  progressStream?: NodeJS.WritableStream & { isTTY?: boolean };
};

export async function runEvalCli(
  argv: string[],
  io: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) },
): Promise<{ code: number; report?: EvalReport; reports?: EvalReport[]; agreement?: SeedAgreement }> {
  let args: EvalCliArgs;
  try {
    args = parseEvalArgs(argv);
  } catch (e) {
    io.err(`${(e as Error).message}\n`);
    return { code: 2 };
  }
  if (args.help) {
    io.out(`${EVAL_USAGE}\n`);
    return { code: 0 };
  }
  if (args.judgeCheck) return runJudgeCheck(io, args);
  try {
    const town: TownFile = loadTownArg(args, (line) => io.err(`${line}\n`));
    if (args.residents) {
      const known = new Set(town.residents.map((r) => r.name.toLowerCase()));
      const unknown = args.residents.filter((r) => !known.has(r.toLowerCase()));
      if (unknown.length > 0) {
        io.err(`--residents: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in ${town.name}.\n`);
        return { code: 2 };
      }
    }
    const models: ReturnType<NonNullable<Io['models']>> = io.models ? io.models() : configuredModels();
    const { llm, embedder } = models;
    const judgeModel = models.judge ?? llm;
    // by default the run reaches what it tracks: until the last tracked event has ended
    const length = runLength(town);
    if (!args.hoursGiven) args.hours = length.hours;
    io.err(`${runLengthText(length, args.hoursGiven ? args.hours : undefined)}\n`);
    const conditions = conditionsFor(args.ablate);
    const seeds = args.seeds ?? [args.seed];
    // The model judge answers its calibration items before any hour is simulated: a judge that fails them is
    // refused at once, not after the run.
    const judge = await prepareJudge(judgeModel.info.offline ? null : judgeModel);
    if (!judge.status().reliable && !args.allowUnreliableJudge) {
      io.out(`${unreliableJudgeText(judge.status())}\n`);
      return { code: UNRELIABLE_JUDGE_EXIT };
    }
    io.err(
      `Evaluating ${town.name}: ${conditions.map((c) => c.name).join(', ')}; ${args.hours} h each, seed${seeds.length > 1 ? 's' : ''} ${seeds.join(', ')}, ${describeModel(llm.info)}\n`,
    );
    const db = args.db ? await openDatabase(`file:${args.db}`) : undefined;
    const exports: { condition: string; seed: number; file: string; data: RunData }[] = [];
    const stamp = Date.now().toString(36);
    let condition = { name: '', i: 0, n: conditions.length * seeds.length };
    const bar = startProgress('Evaluating', conditions.length * seeds.length, {
      ...(io.progressStream ? { stream: io.progressStream } : {}),
    });
    const reports: EvalReport[] = [];
    try {
      for (const [k, seed] of seeds.entries())
        reports.push(
          await runEvaluation({
            perCondition: (condition) => ({
              ...(db ? { townId: `eval-${condition}-${seed}-${stamp}` } : {}),
              ...(args.export
                ? {
                    onFinish: (run: FinishedRun) => {
                      exports.push({
                        condition,
                        seed,
                        file: exportFileFor(args.export as string, condition, seeds.length > 1 ? seed : undefined),
                        data: {
                          run: {
                            town: town.name,
                            seed,
                            hours: args.hours,
                            model: llm.info.model,
                            simStart: '',
                            simEnd: '',
                            settings: { condition, town: run.townSettings, agent: run.agentSettings },
                            cost: {},
                          },
                          residents: run.residents,
                          posts: run.posts,
                        },
                      });
                    },
                  }
                : {}),
            }),
            town,
            hours: args.hours,
            seed,
            conditions,
            llm,
            embedder,
            judge,
            ...(args.residents ? { residents: args.residents } : {}),
            simulate: {
              countPrompt: countChatTokens,
              countCompletion: countTokens,
              // One bar over every seed's and condition's ticks: run i of n, then the tick within it.
              onProgress: ({ tick, ticks, time }) => {
                bar.setTotal(condition.n * ticks);
                bar.update(condition.i * ticks + tick, `${condition.name} ${time}`);
              },
            },
            onCondition: (name, i) => {
              condition = {
                name: seeds.length > 1 ? `seed ${seed} ${name}` : name,
                i: k * conditions.length + i,
                n: condition.n,
              };
            },
          }),
        );
    } finally {
      bar.stop();
    }
    await db?.close();
    for (const e of exports) {
      const run = reports[seeds.indexOf(e.seed)]?.runs[e.condition];
      if (run) {
        e.data.run.simStart = run.simStart;
        e.data.run.simEnd = run.simEnd;
        e.data.run.cost = { total: run.modelCalls.total, perResidentDay: run.modelCalls.perResidentDay };
      }
      writeFileSync(e.file, `${runExportLines(e.data).join('\n')}\n`);
      io.out(`Run of ${e.condition}${seeds.length > 1 ? ` (seed ${e.seed})` : ''} exported to ${e.file}\n`);
    }
    if (db) io.out(`Towns kept in ${args.db}\n`);
    // Calls that timed out or came back off-schema while judging may have made the judge unreliable since.
    const status = judge.status();
    for (const r of reports) {
      r.judge.status = status;
      markUnreliable(r);
    }
    const allow = { allowUnreliable: args.allowUnreliableJudge };
    if (!status.reliable && !args.allowUnreliableJudge) {
      io.out(`${summarizeEvaluation(reports[0] as EvalReport, allow)}\n`);
    } else {
      io.out(`${reports.map((r) => summarizeEvaluation(r, allow)).join('\n\n')}\n`);
    }
    const agreement = reports.length > 1 ? seedAgreement(reports) : undefined;
    if (agreement && (status.reliable || args.allowUnreliableJudge)) io.out(`\n${summarizeSeedAgreement(agreement)}\n`);
    if (args.report) {
      const body = reports.length > 1 ? { reports, agreement } : reports[0];
      writeFileSync(args.report, `${JSON.stringify(body, null, 2)}\n`);
      io.out(`Report written to ${args.report}${status.reliable ? '' : ' (judge marked unreliable in it)'}\n`);
    }
    const code = status.reliable || args.allowUnreliableJudge ? 0 : UNRELIABLE_JUDGE_EXIT;
    return { code, report: reports[0] as EvalReport, reports, ...(agreement ? { agreement } : {}) };
  } catch (e) {
    if (isUserError(e) || e instanceof ConfigError) {
      io.err(`${(e as Error).message}\n`);
      return { code: 1 };
    }
    throw e;
  }
}

runIfMain(import.meta.url, runEvalCli);

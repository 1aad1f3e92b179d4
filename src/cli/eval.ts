// `npm run eval -- [--town FILE | --smallville DIR] [--hours N] [--seed S] [--ablate reflection,planning,memory]
//   [--residents "A,B"] [--report FILE]`
// The paper's controlled evaluation (Park et al. 2023, sec. 6-7) on a town: each condition simulated for the same
// hours and seed, the 25-question battery for each resident, a blind ranking judge, TrueSkill per condition, and
// the end-to-end measures, printed beside the paper's figures.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { isUserError } from '../errors.ts';
import { type Ablation, conditionsFor, type EvalReport, runEvaluation, summarizeEvaluation } from '../eval/run.ts';
import { type RunData, runExportLines } from '../eval/run-export.ts';
import type { FinishedRun } from '../eval/simulate.ts';
import { describeModel } from '../llm/index.ts';
import type { Embedder, LanguageModel } from '../llm/port.ts';
import { countChatTokens, countTokens } from '../llm/tokens.ts';
import type { TownFile } from '../town/file.ts';
import { loadTownArg } from '../town/file-io.ts';
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
  --hours N            simulated hours per condition (default 24; the paper ran two game days, 48)
  --seed S             seed (integer, default 1)
  --ablate LIST        mechanisms to ablate, comma-separated from reflection,planning,memory: runs the full
                       architecture plus the paper's conditions that turn off only those (default: all four)
  --residents LIST     residents who answer the battery, comma-separated names (default: everyone)
  --report FILE        write the whole report as JSON
  --export FILE        write each condition's run as NDJSON: FILE.<condition>.ndjson (npm run town -- replay ...)
  --db FILE            keep each condition's town in this SQLite database file
  --help               this text

With a configured model (OPENAI_API_KEY or OPENAI_BASE_URL) the residents and the judge use it; offline, the
judge is a rule-based ranker and the figures are a pipeline check, said so in the output.`;

export interface EvalCliArgs {
  town?: string;
  smallville?: string;
  hours: number;
  seed: number;
  ablate?: Ablation[];
  residents?: string[];
  report?: string;
  export?: string;
  db?: string;
  help: boolean;
}

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
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new Error(`${(e as Error).message.split('\n')[0]}\n\n${EVAL_USAGE}`);
  }
  const a: EvalCliArgs = { hours: 24, seed: 1, help: Boolean(v.help) };
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
  return a;
}

/** eval.ndjson -> eval.no-memory.ndjson */
export function exportFileFor(file: string, condition: string): string {
  return file.endsWith('.ndjson')
    ? `${file.slice(0, -'.ndjson'.length)}.${condition}.ndjson`
    : `${file}.${condition}.ndjson`;
}

export async function runEvalCli(
  argv: string[],
  io: {
    out: (s: string) => void;
    err: (s: string) => void;
    models?: () => { llm: LanguageModel; embedder: Embedder };
    /** Where the progress goes (process.stderr by default). */
    progressStream?: NodeJS.WritableStream & { isTTY?: boolean };
  } = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) },
): Promise<{ code: number; report?: EvalReport }> {
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
    const { llm, embedder } = io.models ? io.models() : configuredModels();
    const conditions = conditionsFor(args.ablate);
    io.err(
      `Evaluating ${town.name}: ${conditions.map((c) => c.name).join(', ')}; ${args.hours} h each, seed ${args.seed}, ${describeModel(llm.info)}\n`,
    );
    const db = args.db ? await openDatabase(`file:${args.db}`) : undefined;
    const exports: { condition: string; file: string; data: RunData }[] = [];
    const stamp = Date.now().toString(36);
    let condition = { name: '', i: 0, n: conditions.length };
    const bar = startProgress('Evaluating', conditions.length, {
      ...(io.progressStream ? { stream: io.progressStream } : {}),
    });
    const report = await runEvaluation({
      perCondition: (condition) => ({
        ...(db ? { townId: `eval-${condition}-${args.seed}-${stamp}` } : {}),
        ...(args.export
          ? {
              onFinish: (run: FinishedRun) => {
                exports.push({
                  condition,
                  file: exportFileFor(args.export as string, condition),
                  data: {
                    run: {
                      town: town.name,
                      seed: args.seed,
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
      seed: args.seed,
      conditions,
      llm,
      embedder,
      judge: llm.info.offline ? null : llm,
      ...(args.residents ? { residents: args.residents } : {}),
      simulate: {
        countPrompt: countChatTokens,
        countCompletion: countTokens,
        // One bar over every condition's ticks: condition i of n, then the tick within it.
        onProgress: ({ tick, ticks, time }) => {
          bar.setTotal(condition.n * ticks);
          bar.update(condition.i * ticks + tick, `${condition.name} ${time}`);
        },
      },
      onCondition: (name, i, n) => {
        condition = { name, i, n };
      },
    }).finally(() => bar.stop());
    await db?.close();
    for (const e of exports) {
      const run = report.runs[e.condition];
      if (run) {
        e.data.run.simStart = run.simStart;
        e.data.run.simEnd = run.simEnd;
        e.data.run.cost = { total: run.modelCalls.total, perResidentDay: run.modelCalls.perResidentDay };
      }
      writeFileSync(e.file, `${runExportLines(e.data).join('\n')}\n`);
      io.out(`Run of ${e.condition} exported to ${e.file}\n`);
    }
    if (db) io.out(`Towns kept in ${args.db}\n`);
    io.out(`${summarizeEvaluation(report)}\n`);
    if (args.report) {
      writeFileSync(args.report, `${JSON.stringify(report, null, 2)}\n`);
      io.out(`Report written to ${args.report}\n`);
    }
    return { code: 0, report };
  } catch (e) {
    if (isUserError(e) || e instanceof ConfigError) {
      io.err(`${(e as Error).message}\n`);
      return { code: 1 };
    }
    throw e;
  }
}

runIfMain(import.meta.url, runEvalCli);

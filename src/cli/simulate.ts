// `npm run simulate -- --hours N [--town FILE | --smallville DIR] [--seed S] [--report FILE]
//   [--interview-battery "Name,Name"] [--no-eval] [--no-transcript] [--transcript-order location|time] [--quiet]`
// Runs a town headless with the configured model (the offline model when no key is set), prints a progress bar,
// the transcript per location and a summary; writes the JSON report with --report.
import { writeFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { PrismaTownStore } from '../db/town-store.ts';
import { isUserError } from '../errors.ts';
import { prepareJudge, unreliableJudgeText } from '../eval/model-judge.ts';
import { type RunData, runExportLines } from '../eval/run-export.ts';
import { DEFAULT_RUN_HOURS, runLength, runLengthText } from '../eval/run-length.ts';
import { type FinishedRun, type SimulateReport, simulate, summarizeReport } from '../eval/simulate.ts';
import { createEmbedder, describeModel } from '../llm/index.ts';
import type { Embedder, LanguageModel } from '../llm/port.ts';
import { countChatTokens, countTokens } from '../llm/tokens.ts';
import { agentOfflineRules, createLanguageModel, mergeOfflineRules } from '../offline/index.ts';
import type { TownFile } from '../town/file.ts';
import { loadTownArg } from '../town/file-io.ts';
import { startProgress } from './progress.ts';
import { runIfMain } from './run-main.ts';

export interface SimulateCliArgs {
  hours: number;
  /** --hours was given (otherwise a measured run lasts until the last tracked event has ended). */
  hoursGiven: boolean;
  town?: string;
  smallville?: string;
  seed: string;
  report?: string;
  battery: string[];
  /** Write the run as NDJSON (src/eval/run-export.ts). */
  export?: string;
  /** Keep the run in this SQLite database file instead of memory. */
  db?: string;
  evaluate: boolean;
  quiet: boolean;
  transcript: boolean;
  /** Transcript grouped by location (default) or in time order across locations, with dates. */
  transcriptOrder: 'location' | 'time';
  /** Show a model judge's figures even when it failed its calibration or too many of its calls. */
  allowUnreliableJudge: boolean;
  help?: boolean;
}

/** Exit code when the model judge is unreliable (as npm run eval). */
const UNRELIABLE_JUDGE_EXIT = 3;

const USAGE = `Usage: npm run simulate -- --hours N [--town FILE | --smallville DIR] [--seed S] [--report FILE]
       [--interview-battery "Name One,Name Two"] [--export RUN.ndjson] [--db FILE.db] [--no-eval] [--no-transcript]
       [--transcript-order location|time] [--allow-unreliable-judge] [--quiet]
Run "npm run simulate -- --help" for what each option does and what the output means.`;

export const SIMULATE_HELP = `Usage: npm run simulate -- [options]

Runs a town headless for a number of simulated hours on the configured model (MODEL_PROVIDER, OPENAI_API_KEY;
the offline stand-in model when none is set), then prints what was said and a summary. Nothing is stored unless
--db or --export says where.

Options:
  --hours N                  simulated hours to run (at most 720; default: until the town's last tracked event
                             has ended, at least 24, or 24 with --no-eval)
  --town FILE                a town file (default: TOWN_FILE, else the seed town)
  --smallville DIR           a folder of the original Smallville files instead (e.g. ../shared/data/smallville)
  --seed S                   seed for the town's random choices (default 1): the same seed replays the same run
                             with the offline model
  --report FILE              also write everything below as JSON to FILE
  --interview-battery "A,B"  after the run, ask these residents the paper's interview questions
  --no-eval                  skip the before/after measurements (information diffusion, relationship density)
  --no-transcript            print only the summary
  --transcript-order ORDER   location (default): the posts of each location, with their times;
                             time: every post in time order across locations, each with its date and location
  --export FILE              write the run (settings, every memory stream, every post with date and time, cost)
                             as NDJSON; read it back with: npm run town -- replay FILE [--day N | --resident NAME]
  --db FILE                  keep the run's town in this SQLite database file (created and migrated if new)
  --allow-unreliable-judge   with a configured model, show its diffusion and density figures even when the model
                             judge failed its calibration or too many of its calls failed (marked unreliable)
  --quiet                    no progress bar
  --help                     this text

Output:
  stderr  progress: on a terminal a bar (ticks run of all ticks, the simulated time reached, ETA); piped, a line
          per tenth done and every 30 s
  stdout  the transcript ("[08:10] ☕ Isabella Rodriguez: ..." per location, or
          "[Mon 2023-02-13 08:10] #hobbs-cafe ☕ Isabella Rodriguez: ..." in time order), then the summary:
          posts and conversations, model calls and tokens (per resident per simulated day), reflections, and with
          the evaluation: how many residents know each seeded fact before/after (diffusion) and how many pairs know
          each other (relationship density, 0..1). With a configured model those answers are judged by the model,
          once it has answered calibration items with known verdicts and rankings; a judge that fails them, or
          whose calls time out or come back off-schema past a threshold, is reported unreliable and its figures
          are not shown. Offline the rules judge (npm run eval -- --judge-check measures them).
Exit code: 0 done, 1 a bad town file or configuration, 2 bad options, 3 the model judge is unreliable.`;

export function parseSimulateArgs(argv: string[]): SimulateCliArgs {
  const a: SimulateCliArgs = {
    hours: DEFAULT_RUN_HOURS,
    hoursGiven: false,
    seed: '1',
    battery: [],
    evaluate: true,
    quiet: false,
    transcript: true,
    transcriptOrder: 'location',
    allowUnreliableJudge: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = () => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${k} needs a value\n${USAGE}`);
      return x;
    };
    switch (k) {
      case '--hours': {
        const h = Number(v());
        if (!Number.isFinite(h) || h <= 0 || h > 24 * 30)
          throw new Error(`--hours must be a number of hours (0-720]\n${USAGE}`);
        a.hours = h;
        a.hoursGiven = true;
        break;
      }
      case '--town':
        a.town = v();
        break;
      case '--smallville':
        a.smallville = v();
        break;
      case '--seed':
        a.seed = v();
        break;
      case '--report':
        a.report = v();
        break;
      case '--export':
        a.export = v();
        break;
      case '--db':
        a.db = v();
        break;
      case '--interview-battery':
        a.battery = v()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case '--no-eval':
        a.evaluate = false;
        break;
      case '--no-transcript':
        a.transcript = false;
        break;
      case '--transcript-order': {
        const o = v();
        if (o !== 'location' && o !== 'time') throw new Error(`--transcript-order is location or time\n${USAGE}`);
        a.transcriptOrder = o;
        break;
      }
      case '--quiet':
        a.quiet = true;
        break;
      case '--allow-unreliable-judge':
        a.allowUnreliableJudge = true;
        break;
      case '--help':
      case '-h':
        a.help = true;
        break;
      default:
        throw new Error(`Unknown option ${k}\n${USAGE}`);
    }
  }
  if (a.town && a.smallville) throw new Error(`Use --town or --smallville, not both\n${USAGE}`);
  return a;
}

/** The configured model (offline when no key or base URL is set), as the composition root builds it. */
export function configuredModels(env: Record<string, string | undefined> = process.env): {
  llm: LanguageModel;
  embedder: Embedder;
} {
  const c = loadConfig(env).model;
  const remote = c.provider !== 'offline';
  const llm = createLanguageModel({
    provider: c.provider,
    offlineRules: mergeOfflineRules(agentOfflineRules),
    ...(c.apiKey ? { apiKey: c.apiKey } : {}),
    ...(c.baseURL ? { baseURL: c.baseURL } : {}),
    ...(remote ? { chatModel: c.chatModel, structuredMode: c.structuredMode } : {}),
    timeoutMs: c.timeoutMs,
    concurrency: c.concurrency,
    maxAttempts: c.maxAttempts,
  });
  const embedder = createEmbedder({
    provider: c.provider,
    ...(c.apiKey ? { apiKey: c.apiKey } : {}),
    ...(c.baseURL ? { baseURL: c.baseURL } : {}),
    ...(remote ? { embeddingModel: c.embeddingModel } : {}),
    ...(c.embeddingDimensions ? { dimensions: c.embeddingDimensions } : {}),
    timeoutMs: c.timeoutMs,
    concurrency: c.concurrency,
    ...(llm.breaker ? { breaker: llm.breaker } : {}),
  });
  return { llm, embedder };
}

/** The export's header: what ran, with which settings (the cost is filled in from the report). */
function runHeader(townName: string, args: SimulateCliArgs, llm: LanguageModel, run: FinishedRun): RunData['run'] {
  return {
    town: townName,
    seed: args.seed,
    hours: args.hours,
    model: `${llm.info.provider}/${llm.info.model}${llm.info.offline ? ' (offline)' : ''}`,
    simStart: '',
    simEnd: '',
    settings: { town: run.townSettings, agent: run.agentSettings, evaluate: args.evaluate, battery: args.battery },
    cost: {},
  };
}

export async function runSimulateCli(
  argv: string[],
  io: {
    out: (s: string) => void;
    err: (s: string) => void;
    /** The models (default: the configured ones); `judge` (the interviews' judge) defaults to `llm`. */
    models?: () => { llm: LanguageModel; embedder: Embedder; judge?: LanguageModel };
    /** Where the progress goes (process.stderr by default). */
    progressStream?: NodeJS.WritableStream & { isTTY?: boolean };
  } = {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
  },
): Promise<{ code: number; report?: SimulateReport }> {
  let args: SimulateCliArgs;
  try {
    args = parseSimulateArgs(argv);
  } catch (e) {
    io.err(`${(e as Error).message}\n`);
    return { code: 2 };
  }
  if (args.help) {
    io.out(`${SIMULATE_HELP}\n`);
    return { code: 0 };
  }
  try {
    const town: TownFile = loadTownArg(args, (line) => io.err(`${line}\n`));
    const models: { llm: LanguageModel; embedder: Embedder; judge?: LanguageModel } = io.models
      ? io.models()
      : configuredModels();
    const { llm, embedder } = models;
    const judgeModel = models.judge ?? llm;
    // With a configured model the interviews are judged by it, checked first (as npm run eval does).
    const judged = args.evaluate;
    const judge = judged ? await prepareJudge(judgeModel.info.offline ? null : judgeModel) : undefined;
    if (judge && !judge.status().reliable && !args.allowUnreliableJudge) {
      io.out(`${unreliableJudgeText(judge.status())}\n(or run with --no-eval: no measure, no judge)\n`);
      return { code: UNRELIABLE_JUDGE_EXIT };
    }
    // a measured run reaches what it tracks, as npm run eval's: until the last tracked event has ended
    if (args.evaluate) {
      const length = runLength(town);
      if (!args.hoursGiven) args.hours = length.hours;
      if (!args.quiet) io.err(`${runLengthText(length, args.hoursGiven ? args.hours : undefined)}\n`);
    }
    if (!args.quiet) io.err(`Simulating ${town.name} for ${args.hours} h with ${describeModel(llm.info)}\n`);
    const bar = startProgress('Simulating', Math.max(1, Math.round((args.hours * 60) / 10)), {
      quiet: args.quiet,
      ...(io.progressStream ? { stream: io.progressStream } : {}),
    });
    const db = args.db ? await openDatabase(`file:${args.db}`) : undefined;
    let exported: RunData | undefined;
    const report = await simulate({
      ...(db ? { store: new PrismaTownStore(db.prisma), townId: `run-${args.seed}-${Date.now().toString(36)}` } : {}),
      ...(args.export
        ? {
            onFinish: (run: FinishedRun) => {
              exported = { run: runHeader(town.name, args, llm, run), residents: run.residents, posts: run.posts };
            },
          }
        : {}),
      hours: args.hours,
      town,
      llm,
      embedder,
      seed: args.seed,
      evaluate: args.evaluate,
      interviewBattery: args.battery,
      ...(judge ? { judge } : {}),
      countPrompt: countChatTokens,
      countCompletion: countTokens,
      onProgress: ({ tick, ticks, time }) => {
        bar.setTotal(ticks);
        bar.update(tick, time);
      },
    }).finally(() => bar.stop());
    await db?.close();
    if (args.export && exported) {
      const data = exported as RunData;
      data.run.cost = { total: report.modelCalls.total, perResidentDay: report.modelCalls.perResidentDay };
      data.run.simStart = report.simStart;
      data.run.simEnd = report.simEnd;
      writeFileSync(args.export, `${runExportLines(data).join('\n')}\n`);
      io.out(`Run exported to ${args.export} (replay: npm run town -- replay ${args.export} --day 1)\n`);
    }
    if (db) io.out(`Town kept in ${args.db}\n`);
    if (args.transcript)
      if (args.transcript && args.transcriptOrder === 'time')
        io.out(
          `\n=== All locations in time order (${report.timeline.length} posts) ===\n${report.timeline.join('\n')}\n`,
        );
      else if (args.transcript)
        for (const [loc, lines] of Object.entries(report.transcript))
          io.out(`\n=== #${loc} (${lines.length} ${lines.length === 1 ? 'post' : 'posts'}) ===\n${lines.join('\n')}\n`);
    io.out(`\n${summarizeReport(report, { allowUnreliable: args.allowUnreliableJudge })}\n`);
    if (args.report) {
      writeFileSync(args.report, `${JSON.stringify(report, null, 2)}\n`);
      io.out(`Report written to ${args.report}\n`);
    }
    const refused = report.judge !== undefined && !report.judge.reliable && !args.allowUnreliableJudge;
    return { code: refused ? UNRELIABLE_JUDGE_EXIT : 0, report };
  } catch (e) {
    if (isUserError(e) || e instanceof ConfigError) {
      io.err(`${(e as Error).message}\n`);
      return { code: 1 };
    }
    throw e;
  }
}

runIfMain(import.meta.url, runSimulateCli);

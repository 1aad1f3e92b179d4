// `npm run eval -- --judge-check [--corpus FILE] [--json OUT]` (issue 38 item 1): the knowledge judge on the project's
// labelled corpus or on a corpus file, the rules and the configured model judge, with per-kind figures and every
// error; a file refused before it is read when too large, every item checked with its index and reason.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { CORPUS_FILE_MAX_BYTES, CorpusFileError, type LabelledAnswer, parseCorpusFile } from '../eval/corpus-file.ts';
import {
  checkCorpusFile,
  checkJudge,
  type JudgeCheck,
  judgeCheckPasses,
  summarizeJudgeCheck,
} from '../eval/judge-check.ts';
import { JudgeHealth } from '../eval/judge-health.ts';
import { modelKnowledgeJudge, ruleKnowledgeJudge } from '../eval/knowledge-judge.ts';
import { type EvalCliArgs, type Io, UNRELIABLE_JUDGE_EXIT } from './eval.ts';
import { configuredModels } from './simulate.ts';

/** Reads a corpus file: refused before reading when too large, then every item checked (index and reason). */
function readCorpusFile(file: string, warn: (line: string) => void): LabelledAnswer[] {
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch (e) {
    throw new CorpusFileError(file, [`cannot read it: ${(e as Error).message}`]);
  }
  if (bytes > CORPUS_FILE_MAX_BYTES) return parseCorpusFile('', file, bytes);
  return parseCorpusFile(readFileSync(file, 'utf8'), file, bytes, warn);
}

/** --judge-check: the rules on the corpus (or a corpus file), and the configured model judge too when there is one. */
export async function runJudgeCheck(io: Io, args: EvalCliArgs): Promise<{ code: number; checks?: JudgeCheck[] }> {
  let items: LabelledAnswer[] | undefined;
  if (args.corpus) {
    try {
      items = readCorpusFile(args.corpus, (line) => io.err(`${line}\n`));
    } catch (e) {
      if (e instanceof CorpusFileError) {
        io.err(`${e.message}\n`);
        return { code: 1 };
      }
      throw e;
    }
  }
  const check = (judge: Parameters<typeof checkJudge>[0]) =>
    items ? checkCorpusFile(judge, args.corpus as string, items) : checkJudge(judge);
  const title = (by: string) =>
    items
      ? `Knowledge judge (${by}) on ${args.corpus} (${items.length} answers), keywords derived from each fact's text as on import:`
      : undefined;
  const rules = await check(ruleKnowledgeJudge);
  io.out(`${summarizeJudgeCheck(rules, title('rules'))}\n`);
  let ok = judgeCheckPasses(rules);
  const checks: JudgeCheck[] = [rules];
  const models: ReturnType<NonNullable<Io['models']>> = io.models ? io.models() : configuredModels();
  const judgeModel = models.judge ?? models.llm;
  let modelCalls: string | undefined;
  if (!judgeModel.info.offline) {
    const health = new JudgeHealth();
    const model = await check(modelKnowledgeJudge(judgeModel, health));
    checks.push(model);
    io.out(
      `\n${summarizeJudgeCheck(model, title(`model ${judgeModel.info.model}`)).replace('(model)', `(model ${judgeModel.info.model})`)}\n`,
    );
    modelCalls = health.describe();
    io.out(`  model calls: ${modelCalls}${health.failures > 0 ? ' (those batches fell back to the rules)' : ''}\n`);
    ok &&= judgeCheckPasses(model) && !health.pastThreshold;
  }
  if (args.json) {
    const body = {
      corpus: args.corpus ?? 'project corpus (tuning and held-out parts)',
      passes: ok,
      checks: checks.map((c, i) => ({ ...c, ...(i === 1 && modelCalls ? { modelCalls } : {}) })),
    };
    writeFileSync(args.json, `${JSON.stringify(body, null, 2)}\n`);
    io.out(`Check written to ${args.json}\n`);
  }
  return { code: ok ? 0 : UNRELIABLE_JUDGE_EXIT, checks };
}

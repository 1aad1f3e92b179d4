// `npm run games -- bench [options]`: MAgIC's benchmark over the five scenarios, the challenger model in every seat
// of every setting against defender models, on the configured provider (MODEL_PROVIDER / OPENAI_*), or on the
// offline rules as a pipeline check. Prints table 4 and table 2 layouts, writes --json, a radar PNG and appends the
// run to the per-model leaderboard (`/game leaderboard models`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '../config.ts';
import { appendLeaderboard, MODEL_LEADERBOARD_FILE, rankModels, readLeaderboard } from '../games/bench/leaderboard.ts';
import { formatBench, RADAR_AXES, radarValues } from '../games/bench/report.ts';
import { SCENARIOS, type ScenarioId, SEATINGS, type Seating, type Side } from '../games/bench/scenarios.ts';
import { type Ability, runBench } from '../games/bench/suite.ts';
import { GtSettingsError } from '../games/scenarios/game-theory/index.ts';
import { WordDataError } from '../games/scenarios/social-deduction/words.ts';
import { type BotKind, isBotKind } from '../games/types.ts';
import { LlmConfigError } from '../llm/index.ts';
import type { LanguageModel } from '../llm/port.ts';
import { createLanguageModel, makeGamesOfflineRules, offlineAwareGtSeats } from '../offline/index.ts';
import { radarPng } from '../render/radar.ts';
import { startProgress } from './progress.ts';

export const USAGE = `usage: npm run games -- bench [options]

MAgIC's benchmark as the paper measures it: the challenger plays every seat of the role under test, against defenders.
The challenger uses the configured provider (MODEL_PROVIDER, OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_CHAT_MODEL);
with none configured, the offline rules play and the figures are a pipeline check.

options:
  --scenario S              ${SCENARIOS.join(' | ')} | all (default all)
  --settings DIR            MAgIC's released settings (a topics_release root); each released case is replayed
                            once per role under test (social games) or once (game-theory), besides our variants;
                            settings are strict (unknown keys refused) and files not read are listed
  --variants N              our variants per scenario (default 7)
  --seating S               magic (default: the challenger plays every seat of the role under test, as MAgIC's
                            released runners) | one-seat (one seat per game, each seat in turn, defenders elsewhere)
  --seed S                  seed for our variant deals and the games (default 1)
  --challenger-model M      the challenger's chat model (default OPENAI_CHAT_MODEL)
  --challenger-base-url U   the challenger's OpenAI-compatible server (default OPENAI_BASE_URL)
  --challenger-bots K       vanilla | pgm | pgm-prob: how the challenger is prompted (default vanilla)
  --defender-model M        the defenders' chat model (default: the challenger's)
  --defender-base-url U     the defenders' server (default: the challenger's)
  --defender-bots K         vanilla | pgm | pgm-prob (default vanilla)
  --offline                 both sides on the offline rules (pipeline check), whatever is configured
  --no-probes               skip MAgIC's reasoning probe after each clue (reasoning is then not measured)
  --json FILE               write the full result as JSON
  --radar FILE              radar chart PNG of the seven abilities per model (default reports/games-radar.png)
  --leaderboard FILE        per-model leaderboard to append to (default reports/games-models-leaderboard.jsonl)
  --no-leaderboard          do not append this run
  -h, --help                this text`;

const OPTIONS = {
  scenario: { type: 'string', default: 'all' },
  settings: { type: 'string' },
  variants: { type: 'string', default: '7' },
  seating: { type: 'string', default: 'magic' },
  seed: { type: 'string', default: '1' },
  'challenger-model': { type: 'string' },
  'challenger-base-url': { type: 'string' },
  'challenger-bots': { type: 'string', default: 'vanilla' },
  'defender-model': { type: 'string' },
  'defender-base-url': { type: 'string' },
  'defender-bots': { type: 'string', default: 'vanilla' },
  offline: { type: 'boolean', default: false },
  'no-probes': { type: 'boolean', default: false },
  json: { type: 'string' },
  radar: { type: 'string', default: 'reports/games-radar.png' },
  leaderboard: { type: 'string' },
  'no-leaderboard': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export interface CliDeps {
  env?: Record<string, string | undefined>;
  now?: () => Date;
  /** Models by side, instead of building them from the environment (tests). */
  models?: { challenger: LanguageModel; defender: LanguageModel };
  /** Where the progress goes (process.stderr by default). */
  progressStream?: NodeJS.WritableStream & { isTTY?: boolean };
}

class UsageError extends Error {}

function botKind(v: string, flag: string): BotKind {
  if (!isBotKind(v)) throw new UsageError(`${flag} must be vanilla, pgm or pgm-prob, not "${v}"`);
  return v;
}

function count(v: string, flag: string, min: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${flag} must be a whole number >= ${min}, not "${v}"`);
  return n;
}

/** The two sides' models from the configured provider and the flags. */
function buildModels(
  v: { [K in keyof typeof OPTIONS]?: string | boolean },
  env: Record<string, string | undefined>,
): { challenger: LanguageModel; defender: LanguageModel } {
  // The offline stand-in draws which associations each mind recalls with the run's seed, so figures move with it.
  const offlineRules = makeGamesOfflineRules(undefined, undefined, String(v.seed ?? ''));
  const offline = () => createLanguageModel({ provider: 'offline', offlineRules });
  if (v.offline) return { challenger: offline(), defender: offline() };
  const config = loadConfig(env).model;
  const side = (model: string | undefined, baseURL: string | undefined, flag: string): LanguageModel => {
    const url = baseURL ?? config.baseURL;
    const provider = baseURL ? 'compatible' : config.provider;
    if (provider === 'offline') {
      if (model)
        throw new UsageError(
          `${flag} needs a model provider: set OPENAI_API_KEY or OPENAI_BASE_URL, or pass the side's --*-base-url`,
        );
      return offline();
    }
    return createLanguageModel({
      provider,
      offlineRules,
      chatModel: model ?? config.chatModel,
      structuredMode: config.structuredMode,
      timeoutMs: config.timeoutMs,
      maxAttempts: config.maxAttempts,
      concurrency: config.concurrency,
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      ...(url ? { baseURL: url } : {}),
    });
  };
  const cm = v['challenger-model'] as string | undefined;
  const cu = v['challenger-base-url'] as string | undefined;
  const challenger = side(cm, cu, '--challenger-model');
  const dm = v['defender-model'] as string | undefined;
  const du = v['defender-base-url'] as string | undefined;
  const defender = dm || du ? side(dm ?? cm, du ?? cu, '--defender-model') : challenger;
  return { challenger, defender };
}

export async function main(argv: string[], deps: CliDeps = {}): Promise<number> {
  let values: { [K in keyof typeof OPTIONS]?: string | boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS, strict: true }));
  } catch (e) {
    console.error(
      `${e instanceof Error ? e.message.split('\n')[0]!.replace(/\. To specify a positional.*$/, '') : String(e)}\n\n${USAGE}`,
    );
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    if (positionals[0] !== 'bench' || positionals.length > 1)
      throw new UsageError(
        positionals.length === 0 ? 'say what to run: bench' : `unknown command "${positionals.join(' ')}"`,
      );
    const scenario = values.scenario as string;
    if (scenario !== 'all' && !SCENARIOS.includes(scenario as ScenarioId))
      throw new UsageError(`--scenario must be one of ${SCENARIOS.join(', ')} or all, not "${scenario}"`);
    const scenarios: ScenarioId[] = scenario === 'all' ? [...SCENARIOS] : [scenario as ScenarioId];
    const variants = count(values.variants as string, '--variants', 0);
    const seating = values.seating as Seating;
    if (!SEATINGS.includes(seating))
      throw new UsageError(`--seating must be ${SEATINGS.join(' or ')}, not "${values.seating as string}"`);
    const seed = count(values.seed as string, '--seed', 0);
    const cKind = botKind(values['challenger-bots'] as string, '--challenger-bots');
    const dKind = botKind(values['defender-bots'] as string, '--defender-bots');
    const models = deps.models ?? buildModels(values, deps.env ?? process.env);
    const challenger: Side = { llm: models.challenger, kind: cKind };
    const defender: Side = { llm: models.defender, kind: dKind };
    // Progress by scenario (how many games each has is decided inside the suite), with the game now playing.
    const bar = startProgress(
      'MAgIC bench',
      scenarios.length,
      deps.progressStream ? { stream: deps.progressStream } : {},
    );
    let played = 0;
    const result = await runBench({
      scenarios,
      challenger,
      defender,
      gtSeats: offlineAwareGtSeats,
      seating,
      seed,
      variants,
      probes: !values['no-probes'],
      ...(values.settings ? { settingsDir: values.settings as string } : {}),
      onGame: (scenario, id) => {
        played++;
        bar.update(scenarios.indexOf(scenario), `${scenario}, game ${played}: ${id}`);
      },
    }).finally(() => {
      bar.update(scenarios.length, `${played} games`);
      bar.stop();
    });
    console.log(formatBench(result));
    if (values.json) {
      mkdirSync(dirname(values.json as string), { recursive: true });
      writeFileSync(values.json as string, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`result written to ${values.json as string}`);
    }
    const board = (values.leaderboard as string | undefined) ?? MODEL_LEADERBOARD_FILE;
    if (!values['no-leaderboard']) {
      appendLeaderboard(result, (deps.now ?? (() => new Date()))(), board);
      console.log(`appended to the model leaderboard ${board}`);
    }
    if (values.radar) {
      // Real-model runs from the leaderboard (ranked), plus this run when it is a pipeline check, labelled so.
      const ranked = values['no-leaderboard'] ? [] : rankModels(readLeaderboard(board).lines).slice(0, 6);
      const series = ranked.map((l) => ({
        name: `${l.model} (${l.kind})`,
        values: radarValues(l.abilities as Partial<Record<Ability, number | null>>, l.releasedCode?.rationality),
        pipelineCheck: false,
      }));
      if (result.pipelineCheck || series.length === 0)
        series.push({
          name: `${result.challenger.model} (${result.challenger.kind})`,
          values: radarValues(result.abilities, result.releasedCode.rationality),
          pipelineCheck: result.pipelineCheck,
        });
      const png = await radarPng('MAgIC abilities per model', [...RADAR_AXES], series);
      mkdirSync(dirname(values.radar as string), { recursive: true });
      writeFileSync(values.radar as string, png);
      console.log(`radar chart written to ${values.radar as string}`);
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (
      e instanceof WordDataError ||
      e instanceof GtSettingsError ||
      e instanceof ConfigError ||
      e instanceof LlmConfigError
    ) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  loadDotEnv();
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}

// `npm run bench` entry for the games: MAgIC's five-scenario bench (src/games/bench/) on the offline rules, a
// pipeline check with request counts per seat. Real models: `npm run games -- bench` (see its --help).
import { formatBench } from '../src/games/bench/report.ts';
import { SCENARIOS, type ScenarioId } from '../src/games/bench/scenarios.ts';
import { type BenchResult, runBench } from '../src/games/bench/suite.ts';
import type { BotKind } from '../src/games/types.ts';
import { createLanguageModel, makeGamesOfflineRules, offlineAwareGtSeats } from '../src/offline/index.ts';
import type { LanguageModel } from '../src/llm/port.ts';

export const BENCH_DEFAULTS = {
  seed: 1,
  // The paper's 7 variants per scenario (x 3 seats).
  variants: 7,
} as const;

function num(v: unknown, d: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : d;
}

/** Loose options (strings from the command line are accepted): scenario, seed, variants, bots, settings, llm. */
export async function run(opts: Record<string, unknown> = {}): Promise<BenchResult & Record<string, unknown>> {
  const scenarios: ScenarioId[] = SCENARIOS.includes(opts.scenario as ScenarioId)
    ? [opts.scenario as ScenarioId]
    : [...SCENARIOS];
  const seed = num(opts.seed, BENCH_DEFAULTS.seed);
  // The stand-in draws its seats' recall and tie-breaks with the run's seed, so figures move with it.
  const llm =
    opts.llm && typeof opts.llm === 'object'
      ? (opts.llm as LanguageModel)
      : createLanguageModel({
          provider: 'offline',
          offlineRules: makeGamesOfflineRules(undefined, undefined, String(seed)),
        });
  const kind: BotKind = opts.bots === 'pgm' ? 'pgm' : 'vanilla';
  const r = await runBench({
    scenarios,
    challenger: { llm, kind },
    defender: { llm, kind: 'vanilla' },
    gtSeats: offlineAwareGtSeats,
    seed,
    variants: num(opts.variants, BENCH_DEFAULTS.variants),
    ...(typeof opts.settings === 'string' ? { settingsDir: opts.settings } : {}),
  });
  return r as BenchResult & Record<string, unknown>;
}

export function format(result: Record<string, unknown>): string {
  return formatBench(result as unknown as BenchResult);
}

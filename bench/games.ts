// Games bench (MAgIC, Xu et al. 2024): a challenger bot kind plays bot-only games against vanilla defender bots,
// half the games in the odd role (chameleon / undercover) and half in all the regular seats, as MAgIC's
// competition_as_* configs do; prints MAgIC's metrics and the model calls spent.
import type { LanguageModel, ObjectRequest } from '../src/llm/port.ts';
import { OfflineModel } from '../src/llm/offline-model.ts';
import { playMatch, type MatchSeat, type MatchSetup } from '../src/games/match.ts';
import { computeMetrics, type GameTrace, type Metrics } from '../src/games/metrics.ts';
import { gamesOfflineRules } from '../src/games/offline.ts';
import { nextInt, seedState } from '../src/games/rng.ts';
import type { BotKind, GameKind } from '../src/games/types.ts';
import {
  dealChameleon,
  dealUndercover,
  type FixedCase,
  loadMagicSettings,
  loadPairs,
  loadTopics,
} from '../src/games/words.ts';

export interface GamesBenchOptions {
  game: GameKind;
  games: number;
  /** The challenger's bot kind; defenders are vanilla (MAgIC's defenders are the plain model). */
  bots: BotKind;
  seed: number;
  /** MAgIC settings directory: replay its fixed cases (each played from both sides). */
  settingsDir?: string;
  /** Inject the settings' pre-set clues as MAgIC does (default true when a case has clues). */
  injectClues?: boolean;
  players?: number;
  clueRounds?: number;
  /** Challenger model; offline rules by default. */
  llm?: LanguageModel;
  /** Defender model; the challenger's model by default. */
  defenderLlm?: LanguageModel;
  topicsFile?: string;
  pairsFile?: string;
}

export interface GamesBenchResult {
  game: GameKind;
  bots: BotKind;
  defenders: BotKind;
  model: string;
  seed: number;
  games: number;
  players: number;
  source: 'shipped words' | 'settings';
  metrics: Metrics;
  /** Calls by all seats, for cost planning. */
  totalCallsPerGame: number;
  ms: number;
}

/** Counts calls so the bench can split them per seat. */
class CountingModel implements LanguageModel {
  calls = 0;
  constructor(private readonly inner: LanguageModel) {}
  get info() {
    return this.inner.info;
  }
  object<T>(req: ObjectRequest<T>): Promise<T> {
    this.calls++;
    return this.inner.object(req);
  }
}

export async function runGamesBench(opts: GamesBenchOptions): Promise<GamesBenchResult> {
  const t0 = Date.now();
  const players = opts.players ?? 3;
  const challengerLlm = new CountingModel(opts.llm ?? new OfflineModel(gamesOfflineRules));
  const defenderLlm = new CountingModel(opts.defenderLlm ?? opts.llm ?? new OfflineModel(gamesOfflineRules));
  const cases: FixedCase[] = opts.settingsDir ? loadMagicSettings(opts.settingsDir, opts.game) : [];
  if (opts.settingsDir && cases.length === 0) throw new Error(`no ${opts.game} settings found in ${opts.settingsDir}`);
  const topics = opts.game === 'chameleon' && cases.length === 0 ? loadTopics(opts.topicsFile) : [];
  const pairs = opts.game === 'undercover' && cases.length === 0 ? loadPairs(opts.pairsFile) : [];
  let rng = seedState(opts.seed);
  const traces: GameTrace[] = [];
  let totalCalls = 0;
  for (let g = 0; g < opts.games; g++) {
    const asOdd = g % 2 === 0;
    let setup: MatchSetup;
    let injected: string[][] | null = null;
    let oddSeat: number;
    if (cases.length > 0) {
      const c = cases[Math.floor(g / 2) % cases.length] as FixedCase;
      setup = c.kind === 'chameleon' ? { kind: 'chameleon', setup: c.setup } : { kind: 'undercover', setup: c.setup };
      oddSeat = c.kind === 'chameleon' ? (c.setup.chameleonSeat ?? 0) : (c.setup.undercoverSeats?.[0] ?? 0);
      if (opts.injectClues !== false) injected = c.clues;
    } else {
      [oddSeat, rng] = nextInt(rng, players);
      if (opts.game === 'chameleon') {
        const d = dealChameleon(topics, rng);
        rng = d.rng;
        setup = { kind: 'chameleon', setup: { ...d.setup, chameleonSeat: oddSeat } };
      } else {
        const d = dealUndercover(pairs, rng);
        rng = d.rng;
        setup = { kind: 'undercover', setup: { ...d.setup, undercoverSeats: [oddSeat] } };
      }
    }
    if (opts.clueRounds) setup = { ...setup, options: { clueRounds: opts.clueRounds } } as MatchSetup;
    const seats: MatchSeat[] = Array.from({ length: players }, (_, i) => {
      const challenger = asOdd ? i === oddSeat : i !== oddSeat;
      return challenger
        ? { kind: opts.bots, llm: challengerLlm, challenger: true }
        : { kind: 'vanilla' as BotKind, llm: defenderLlm };
    });
    const before = challengerLlm.calls + defenderLlm.calls;
    const { trace } = await playMatch({ seed: opts.seed * 7919 + g, game: setup, seats, injectedClues: injected });
    totalCalls += challengerLlm.calls + defenderLlm.calls - before;
    traces.push(trace);
  }
  return {
    game: opts.game,
    bots: opts.bots,
    defenders: 'vanilla',
    model: challengerLlm.info.model,
    seed: opts.seed,
    games: opts.games,
    players,
    source: cases.length > 0 ? 'settings' : 'shipped words',
    metrics: computeMetrics(traces),
    totalCallsPerGame: opts.games > 0 ? totalCalls / opts.games : 0,
    ms: Date.now() - t0,
  };
}

const pct = (v: number | null) => (v === null ? '   n/a' : `${(100 * v).toFixed(1).padStart(5)}%`);

/** A few lines for the terminal. */
export function formatResult(r: GamesBenchResult): string {
  const m = r.metrics;
  return [
    `${r.game}: ${r.games} games, challenger ${r.bots} vs ${r.defenders} defenders, model ${r.model}, seed ${r.seed} (${r.source})`,
    `  win rate      ${pct(m.winRate)}   as odd role ${pct(m.winRateOdd)} (${m.gamesOdd})   as regular ${pct(m.winRateRegular)} (${m.gamesRegular})`,
    `  judgement     ${pct(m.judgement)}   deception ${pct(m.deception)}   self-awareness ${pct(m.selfAwareness)}   reasoning ${pct(m.reasoning)}`,
    `  calls         ${m.callsPerGame.toFixed(2)} per game, ${m.callsPerMove.toFixed(2)} per move (challenger); ${r.totalCallsPerGame.toFixed(2)} per game (all seats)`,
    `  outcome flags ${m.flags.map((n, i) => `${i}:${n}`).join(' ')}   (${r.ms} ms)`,
  ].join('\n');
}

export const BENCH_DEFAULTS = {
  // Enough games for a stable offline figure in a few seconds.
  games: 200,
  seed: 1,
} as const;

export interface GamesBenchSuite {
  runs: GamesBenchResult[];
}

function num(v: unknown, d: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : d;
}

/**
 * Entry for `npm run bench`: loose options (strings from the command line are accepted). Without `game`/`bots`
 * it plays both games with both challenger kinds.
 */
export async function run(opts: Record<string, unknown> = {}): Promise<GamesBenchSuite & Record<string, unknown>> {
  const gamesList: GameKind[] =
    opts.game === 'chameleon' || opts.game === 'undercover' ? [opts.game] : ['chameleon', 'undercover'];
  const botsList: BotKind[] = opts.bots === 'vanilla' || opts.bots === 'pgm' ? [opts.bots] : ['vanilla', 'pgm'];
  const runs: GamesBenchResult[] = [];
  for (const game of gamesList)
    for (const bots of botsList)
      runs.push(
        await runGamesBench({
          game,
          bots,
          games: num(opts.games, BENCH_DEFAULTS.games),
          seed: num(opts.seed, BENCH_DEFAULTS.seed),
          ...(typeof opts.settings === 'string' ? { settingsDir: opts.settings } : {}),
          ...(opts.llm && typeof opts.llm === 'object' ? { llm: opts.llm as LanguageModel } : {}),
          ...(opts.players !== undefined ? { players: num(opts.players, 3) } : {}),
        }),
      );
  return { runs };
}

export function format(result: Record<string, unknown>): string {
  const runs = (result as unknown as GamesBenchSuite).runs ?? [];
  return runs.map(formatResult).join('\n');
}

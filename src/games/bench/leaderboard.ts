// The per-model leaderboard of the MAgIC bench: every bench run appends one line (JSON) to a local file; the
// leaderboard shows each challenger (model + prompting, against which defender) by the mean and spread of its runs
// over seeds, ranked once it has enough seeds. `/game leaderboard models` and the console show the same text.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ABILITIES, type Ability, type BenchResult } from './suite.ts';

/** Local results, next to the other reports (not committed). */
export const MODEL_LEADERBOARD_FILE = fileURLToPath(
  new URL('../../../reports/games-models-leaderboard.jsonl', import.meta.url),
);

const entrySchema = z.object({
  at: z.string(),
  model: z.string(),
  kind: z.string(),
  defender: z.string(),
  pipelineCheck: z.boolean(),
  seed: z.number(),
  games: z.number(),
  overallWinRate: z.number().nullable(),
  rolesPlayed: z.number(),
  abilities: z.record(z.string(), z.number().nullable()),
  // Recorded since the bench measured as the paper does; lines without them are listed apart, never ranked.
  releasedCode: z
    .object({
      rationality: z.number().nullable(),
      selfAwareness: z.number().nullable(),
      reasoning: z.number().nullable().optional(),
      deception: z.number().nullable().optional(),
    })
    .optional(),
  settings: z.object({ path: z.string().nullable(), sha256: z.string(), files: z.number() }).optional(),
  seating: z.enum(['magic', 'one-seat']).optional(),
  requests: z
    .object({
      challengerCallsPerMove: z.number().nullable(),
      challengerRequestsPerMove: z.number().nullable(),
      /** First tries only (a clean server), and what retries and repairs added; absent in older lines. */
      challengerFirstTriesPerMove: z.number().nullable().optional(),
      challengerRetriesPerMove: z.number().nullable().optional(),
      httpRequests: z.number().nullable(),
    })
    .optional(),
});
export type LeaderboardLine = z.infer<typeof entrySchema>;

export function leaderboardLine(r: BenchResult, at: Date): LeaderboardLine {
  const games = Object.values(r.games).reduce((s, g) => s + (g ? g.released + g.variants : 0), 0);
  // The challenger's seats that asked a model (a seat the offline stand-in plays makes no calls and is left out).
  const mine = Object.entries(r.seats).filter(([k, v]) => k.includes('challenger') && v.moveCalls > 0);
  const moves = mine.reduce((a, [, v]) => a + v.moves, 0);
  const calls = mine.reduce((a, [, v]) => a + v.moveCalls, 0);
  const reported = Object.values(r.seats).every((v) => v.unreceipted === 0);
  const req = mine.reduce((a, [, v]) => a + v.moveRequests, 0);
  const retries = mine.reduce((a, [, v]) => a + (v.moveRetries ?? 0), 0);
  return {
    at: at.toISOString(),
    model: r.challenger.model,
    kind: r.challenger.kind,
    defender: r.defender.model,
    pipelineCheck: r.pipelineCheck,
    seed: r.seed,
    games,
    overallWinRate: r.overallWinRate,
    rolesPlayed: 7 - r.missingRoles.length,
    abilities: { ...r.abilities },
    releasedCode: { ...r.releasedCode },
    settings: { path: r.settings.path, sha256: r.settings.sha256, files: r.settings.files },
    seating: r.seating,
    requests: {
      challengerCallsPerMove: moves > 0 ? calls / moves : null,
      challengerRequestsPerMove: moves > 0 && reported ? req / moves : null,
      challengerFirstTriesPerMove: moves > 0 && reported ? (req - retries) / moves : null,
      challengerRetriesPerMove: moves > 0 && reported ? retries / moves : null,
      httpRequests: reported ? Object.values(r.seats).reduce((a, v) => a + v.moveRequests + v.probeRequests, 0) : null,
    },
  };
}

export function appendLeaderboard(r: BenchResult, at: Date, file = MODEL_LEADERBOARD_FILE): LeaderboardLine {
  const line = leaderboardLine(r, at);
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(line)}\n`);
  return line;
}

/** The file's lines; a line that is not a valid entry is reported by number, never silently dropped. */
export function readLeaderboard(file = MODEL_LEADERBOARD_FILE): { lines: LeaderboardLine[]; bad: number[] } {
  if (!existsSync(file)) return { lines: [], bad: [] };
  const lines: LeaderboardLine[] = [];
  const bad: number[] = [];
  for (const [i, text] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (text.trim() === '') continue;
    try {
      const r = entrySchema.safeParse(JSON.parse(text));
      if (r.success) lines.push(r.data);
      else bad.push(i + 1);
    } catch {
      bad.push(i + 1);
    }
  }
  return { lines, bad };
}

/** A line can be ranked: a real model on both sides, and it says which settings, seating and requests it used. */
export function rankable(l: LeaderboardLine): boolean {
  return !l.pipelineCheck && l.settings !== undefined && l.seating !== undefined && l.requests !== undefined;
}

export const MODEL_BOARD_SETTINGS = {
  // One seed's order flips with the seed; a rank needs at least this many seeds of a key, and shows their spread.
  minSeeds: 3,
} as const;

/** A key's runs over seeds: the latest run per seed, and the mean and spread of each figure over them. */
export interface ModelStanding {
  model: string;
  kind: string;
  defender: string;
  seating: LeaderboardLine['seating'];
  settings: LeaderboardLine['settings'];
  pipelineCheck: boolean;
  /** Seeds run (the latest run of each counts). */
  seeds: number[];
  games: number;
  rolesPlayed: number;
  /** Mean and sample standard deviation over the seeds (sd null with one seed). */
  overall: { mean: number | null; sd: number | null };
  abilities: Partial<Record<Ability, number | null>>;
  abilitySd: Partial<Record<Ability, number | null>>;
  releasedCode: { rationality: number | null };
  requests: LeaderboardLine['requests'];
}

function keyOf(l: LeaderboardLine): string {
  return `${l.model}|${l.kind}|${l.defender}|${l.seating ?? '?'}|${l.settings?.sha256 ?? '?'}`;
}

function meanSd(values: (number | null | undefined)[]): { mean: number | null; sd: number | null } {
  const xs = values.filter((v): v is number => typeof v === 'number');
  if (xs.length === 0) return { mean: null, sd: null };
  const mean = xs.reduce((a, x) => a + x, 0) / xs.length;
  if (xs.length < 2) return { mean, sd: null };
  return { mean, sd: Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1)) };
}

/** Per key (model, prompting, defender, seating, settings hash): the latest run of each seed, summarised. */
export function standingsPerKey(lines: LeaderboardLine[]): ModelStanding[] {
  const byKey = new Map<string, Map<number, LeaderboardLine>>();
  for (const l of lines) {
    const seeds = byKey.get(keyOf(l)) ?? new Map<number, LeaderboardLine>();
    const prev = seeds.get(l.seed);
    if (!prev || prev.at <= l.at) seeds.set(l.seed, l);
    byKey.set(keyOf(l), seeds);
  }
  return [...byKey.values()].map((seeds) => {
    const runs = [...seeds.values()];
    const last = runs.reduce((a, b) => (a.at >= b.at ? a : b));
    const abilities: ModelStanding['abilities'] = {};
    const abilitySd: ModelStanding['abilitySd'] = {};
    for (const a of ABILITIES) {
      const m = meanSd(runs.map((r) => r.abilities[a]));
      abilities[a] = m.mean;
      abilitySd[a] = m.sd;
    }
    const req = (f: (r: NonNullable<LeaderboardLine['requests']>) => number | null) =>
      meanSd(runs.map((r) => (r.requests ? f(r.requests) : null))).mean;
    return {
      model: last.model,
      kind: last.kind,
      defender: last.defender,
      seating: last.seating,
      settings: last.settings,
      pipelineCheck: last.pipelineCheck,
      seeds: [...seeds.keys()].sort((a, b) => a - b),
      games: runs.reduce((a, r) => a + r.games, 0),
      rolesPlayed: Math.min(...runs.map((r) => r.rolesPlayed)),
      overall: meanSd(runs.map((r) => r.overallWinRate)),
      abilities,
      abilitySd,
      releasedCode: { rationality: meanSd(runs.map((r) => r.releasedCode?.rationality)).mean },
      requests: runs.every((r) => r.requests)
        ? {
            challengerCallsPerMove: req((q) => q.challengerCallsPerMove),
            challengerRequestsPerMove: req((q) => q.challengerRequestsPerMove),
            challengerFirstTriesPerMove: req((q) => q.challengerFirstTriesPerMove ?? null),
            challengerRetriesPerMove: req((q) => q.challengerRetriesPerMove ?? null),
            httpRequests: req((q) => q.httpRequests),
          }
        : undefined,
    };
  });
}

/**
 * The ranking: real-model keys only (never a pipeline check, never a run that does not record its settings,
 * seating and requests) with at least MODEL_BOARD_SETTINGS.minSeeds seeds, by mean overall win rate over the seeds.
 * Runs on different settings or seatings are different keys, so the table says which each was.
 */
export function rankModels(lines: LeaderboardLine[]): ModelStanding[] {
  return standingsPerKey(lines.filter(rankable))
    .filter((s) => s.seeds.length >= MODEL_BOARD_SETTINGS.minSeeds)
    .sort((a, b) => (b.overall.mean ?? -1) - (a.overall.mean ?? -1));
}

/** Real-model keys with too few seeds to rank yet: shown with their figures, unranked. */
export function unrankedModels(lines: LeaderboardLine[]): ModelStanding[] {
  return standingsPerKey(lines.filter(rankable)).filter((s) => s.seeds.length < MODEL_BOARD_SETTINGS.minSeeds);
}

/** Pipeline checks (the offline rules on a side), per key over seeds: listed apart, never ranked. */
export function pipelineChecks(lines: LeaderboardLine[]): ModelStanding[] {
  return standingsPerKey(lines.filter((l) => l.pipelineCheck));
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '-' : `${(100 * v).toFixed(1)}%`);
const SHORT: Record<Ability, string> = {
  judgement: 'judg',
  reasoning: 'reas',
  deception: 'decp',
  selfAwareness: 'self',
  cooperation: 'coop',
  coordination: 'coord',
  rationality: 'rat',
};

const spread = (m: number | null | undefined, sd: number | null | undefined) =>
  m === null || m === undefined
    ? '-'
    : sd === null || sd === undefined
      ? pct(m)
      : `${pct(m)} ± ${(100 * sd).toFixed(1)}`;

function describe(l: ModelStanding): string {
  const abil = ABILITIES.map((a) => `${SHORT[a]} ${spread(l.abilities[a], l.abilitySd[a])}`).join(', ');
  const settings = l.settings
    ? `settings ${l.settings.path ?? 'ours only'} #${l.settings.sha256.slice(0, 8)}`
    : 'settings not recorded';
  const req = l.requests
    ? `${l.requests.challengerCallsPerMove?.toFixed(2) ?? '-'} calls / ${l.requests.challengerRequestsPerMove?.toFixed(2) ?? '-'} HTTP req. per move (${l.requests.challengerFirstTriesPerMove?.toFixed(2) ?? '-'} without retries, +${l.requests.challengerRetriesPerMove?.toFixed(2) ?? '-'} retries)`
    : 'requests not recorded';
  const seeds = `${l.seeds.length} seed${l.seeds.length === 1 ? '' : 's'} (${l.seeds.join(', ')})`;
  return `${l.model} (${l.kind}) vs ${l.defender}: win rate ${spread(l.overall.mean, l.overall.sd)} (mean ± sd over ${seeds}) over ${l.rolesPlayed}/7 roles, ${l.games} games; seating ${l.seating ?? 'not recorded'}; ${settings}; ${req}; ${abil}`;
}

/** Plain text (no markup): the ranking of real models, then pipeline checks and unrecorded runs apart. */
export function modelLeaderboardText(file = MODEL_LEADERBOARD_FILE): string {
  const { lines, bad } = readLeaderboard(file);
  const ranked = rankModels(lines);
  const pending = unrankedModels(lines);
  const checks = pipelineChecks(lines);
  const unrecorded = standingsPerKey(lines.filter((l) => !l.pipelineCheck && !rankable(l)));
  const need = MODEL_BOARD_SETTINGS.minSeeds;
  const out = [
    `MAgIC bench, per model: mean ± sd over seeds (the latest run of each seed), ranked from ${need} seeds; npm run games -- bench --seed N adds a run; abilities as the paper defines them`,
  ];
  if (ranked.length === 0) out.push(`No real model has ${need} seeds yet.`);
  for (const [i, l] of ranked.entries()) out.push(`${i + 1}. ${describe(l)}`);
  if (pending.length > 0) {
    out.push('');
    out.push(`Not ranked yet (fewer than ${need} seeds; one seed's order flips with the seed):`);
    for (const l of pending) out.push(`- ${describe(l)}`);
  }
  if (checks.length > 0) {
    out.push('');
    out.push('Pipeline checks (offline rules on a side; not ranked, they rate no model):');
    for (const l of checks) out.push(`- ${describe(l)}`);
  }
  if (unrecorded.length > 0) {
    out.push('');
    out.push('Runs that do not record their settings, seating or requests (older bench; not ranked):');
    for (const l of unrecorded) out.push(`- ${describe(l)}`);
  }
  if (bad.length > 0) out.push(`(unreadable lines in the leaderboard file: ${bad.join(', ')})`);
  return out.join('\n');
}

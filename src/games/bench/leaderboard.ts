// The per-model leaderboard of the MAgIC bench: every bench run appends one line (JSON) to a local file; the
// leaderboard shows each challenger (model + prompting, against which defender) by its latest run, best overall
// win rate first. `/game leaderboard models` and the console show the same text.
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
      httpRequests: z.number().nullable(),
    })
    .optional(),
});
export type LeaderboardLine = z.infer<typeof entrySchema>;

export function leaderboardLine(r: BenchResult, at: Date): LeaderboardLine {
  const games = Object.values(r.games).reduce((s, g) => s + (g ? g.released + g.variants : 0), 0);
  const mine = Object.entries(r.seats).filter(([k]) => k.includes('challenger'));
  const moves = mine.reduce((a, [, v]) => a + v.moves, 0);
  const calls = mine.reduce((a, [, v]) => a + v.moveCalls, 0);
  const reported = Object.values(r.seats).every((v) => v.unreceipted === 0);
  const req = mine.reduce((a, [, v]) => a + v.moveRequests, 0);
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

/** Latest line per (challenger model, prompting, defender, seating, settings hash), in file order of keys. */
function latestPerKey(lines: LeaderboardLine[]): LeaderboardLine[] {
  const latest = new Map<string, LeaderboardLine>();
  for (const l of lines) {
    const key = `${l.model}|${l.kind}|${l.defender}|${l.seating ?? '?'}|${l.settings?.sha256 ?? '?'}`;
    const prev = latest.get(key);
    if (!prev || prev.at <= l.at) latest.set(key, l);
  }
  return [...latest.values()];
}

/**
 * The ranking: real-model runs only (never a pipeline check, never a line that does not record its settings,
 * seating and requests), the latest per key, best overall win rate first. Runs on different settings or seatings
 * are different keys, so the table says which each was.
 */
export function rankModels(lines: LeaderboardLine[]): LeaderboardLine[] {
  return latestPerKey(lines.filter(rankable)).sort((a, b) => (b.overallWinRate ?? -1) - (a.overallWinRate ?? -1));
}

/** Pipeline checks (the offline rules on a side), latest per key: listed apart, never ranked. */
export function pipelineChecks(lines: LeaderboardLine[]): LeaderboardLine[] {
  return latestPerKey(lines.filter((l) => l.pipelineCheck));
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

function describe(l: LeaderboardLine): string {
  const abil = ABILITIES.map((a) => `${SHORT[a]} ${pct(l.abilities[a])}`).join(', ');
  const settings = l.settings
    ? `settings ${l.settings.path ?? 'ours only'} #${l.settings.sha256.slice(0, 8)}`
    : 'settings not recorded';
  const req = l.requests
    ? `${l.requests.challengerCallsPerMove?.toFixed(2) ?? '-'} calls / ${l.requests.challengerRequestsPerMove?.toFixed(2) ?? '-'} HTTP req. per move`
    : 'requests not recorded';
  return `${l.model} (${l.kind}) vs ${l.defender}: win rate ${pct(l.overallWinRate)} over ${l.rolesPlayed}/7 roles, ${l.games} games; seating ${l.seating ?? 'not recorded'}; ${settings}; ${req}; ${abil}`;
}

/** Plain text (no markup): the ranking of real models, then pipeline checks and unrecorded runs apart. */
export function modelLeaderboardText(file = MODEL_LEADERBOARD_FILE): string {
  const { lines, bad } = readLeaderboard(file);
  const ranked = rankModels(lines);
  const checks = pipelineChecks(lines);
  const unrecorded = latestPerKey(lines.filter((l) => !l.pipelineCheck && !rankable(l)));
  const out = [
    'MAgIC bench, per model (latest run each; npm run games -- bench adds runs; abilities as the paper defines them)',
  ];
  if (ranked.length === 0) out.push('No real-model bench runs yet.');
  for (const [i, l] of ranked.entries()) out.push(`${i + 1}. ${describe(l)}`);
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

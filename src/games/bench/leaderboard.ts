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
});
export type LeaderboardLine = z.infer<typeof entrySchema>;

export function leaderboardLine(r: BenchResult, at: Date): LeaderboardLine {
  const games = Object.values(r.games).reduce((s, g) => s + (g ? g.released + g.variants : 0), 0);
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

/** Latest run per (challenger model, prompting, defender), best overall win rate first. */
export function rankModels(lines: LeaderboardLine[]): LeaderboardLine[] {
  const latest = new Map<string, LeaderboardLine>();
  for (const l of lines) {
    const key = `${l.model}|${l.kind}|${l.defender}`;
    const prev = latest.get(key);
    if (!prev || prev.at <= l.at) latest.set(key, l);
  }
  return [...latest.values()].sort((a, b) => (b.overallWinRate ?? -1) - (a.overallWinRate ?? -1));
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

/** Plain text (no markup), one line per challenger. */
export function modelLeaderboardText(file = MODEL_LEADERBOARD_FILE): string {
  const { lines, bad } = readLeaderboard(file);
  const ranked = rankModels(lines);
  const out = ['MAgIC bench, per model (latest run each; npm run games -- bench adds runs)'];
  if (ranked.length === 0) out.push('No bench runs yet.');
  for (const [i, l] of ranked.entries()) {
    const abil = ABILITIES.map((a) => `${SHORT[a]} ${pct(l.abilities[a])}`).join(', ');
    out.push(
      `${i + 1}. ${l.model} (${l.kind}) vs ${l.defender}: win rate ${pct(l.overallWinRate)} over ${l.rolesPlayed}/7 roles, ${l.games} games${l.pipelineCheck ? ' [pipeline check, offline]' : ''}; ${abil}`,
    );
  }
  if (bad.length > 0) out.push(`(unreadable lines in the leaderboard file: ${bad.join(', ')})`);
  return out.join('\n');
}

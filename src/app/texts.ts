// The texts of the operation table's results (src/app/operations.ts): one wording for the console and Discord.
import { budgetLines } from '../llm/health.ts';
import type { MemoryHit, ResidentInfo, ResidentSummary, TownService, TownStatus } from '../town/service.ts';

/** "1 conversation", "3 conversations". */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The town at a glance: `/town status` (and the console's `/status`). */
export function statusText(s: TownStatus): string[] {
  return [
    `${s.name} — ${s.time} · ${s.paused ? '⏸️ paused' : '▶️ running'}`,
    `Tick ${s.tick} · ${s.minutesPerTick} simulated minutes per tick · ${s.speed} tick(s) per run (schedule "${s.cron}")`,
    `${count(s.residents, 'resident')}, ${count(s.locations, 'place')}, ${s.travelling} on the road · ${count(s.conversationsToday, 'conversation')} today`,
    `So far: ${count(s.stats.conversations, 'conversation')}, ${count(s.stats.reflections, 'reflection')}, ${count(s.stats.rejectedMoves, 'refused move')}, ${count(s.stats.failures, 'failed model step')}`,
    ...(s.model ? [`Model: ${s.model}`] : []),
    ...(s.memoriesWithoutVector > 0
      ? [
          `⚠️ ${count(s.memoriesWithoutVector, 'memory', 'memories')} wait for their vectors (the embedding model failed; tried again with each tick)`,
        ]
      : []),
  ];
}

/** Today's spending and the model's counters (src/llm/health.ts), with the town's own budget setting. */
export async function budgetText(t: TownService): Promise<string[]> {
  const b = await t.budget();
  const own = t.status().dailyTokenBudget;
  const setting = own === null ? 'the configured default' : `${own.toLocaleString('en-US')} tokens (this town)`;
  if (!b) return [`Daily budget: ${setting}. (Usage is not tracked by this model provider.)`];
  return budgetLines(b, setting);
}

function whereText(r: ResidentSummary): string {
  return r.travellingTo ? `on the way to ${r.travellingTo.name}` : `at ${r.location.name}`;
}

export function residentListText(s: TownStatus, list: ResidentSummary[]): string[] {
  return [
    `${s.name} — ${s.time}${s.paused ? ' (paused)' : ''}`,
    ...list.map((r) => `${r.emoji} ${r.name} — ${whereText(r)}: ${r.actionEmoji} ${r.doing}`),
  ];
}

/** Longest bio shown (the summary description can run long). */
const BIO_MAX = 700;

export function residentInfoText(r: ResidentInfo): string[] {
  const counts = Object.entries(r.memoryCounts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const bio = r.bio.length > BIO_MAX ? `${r.bio.slice(0, BIO_MAX - 1)}…` : r.bio;
  return [
    `${r.emoji} ${r.name} (${r.age}) — lives at ${r.home.name}; ${r.innate}`,
    ...bio.split('\n').map((l) => `> ${l}`),
    `Now: ${whereText(r)}, ${r.doing} ${r.actionEmoji}`,
    `Knows: ${r.knownPlaces.join(', ')}`,
    `Memories: ${counts || 'none'}`,
    "Today's plan:",
    ...(r.plan.length > 0 ? r.plan.slice(0, 12).map((l) => `• ${l}`) : ['• (no plan yet today)']),
  ];
}

export function memoriesText(name: string, hits: MemoryHit[]): string[] {
  if (hits.length === 0) return ['No memories came back for that query.'];
  return [
    `What ${name} recalls (highest score first; each component is normalised to 0..1):`,
    ...hits.map(
      (h, n) =>
        `${n + 1}. score ${h.score.toFixed(2)} (recency ${h.recency.toFixed(2)}, importance ${h.importanceScore.toFixed(2)}, relevance ${h.relevance.toFixed(2)}) [${h.kind}, ${h.createdAt}, poignancy ${h.importance}/10] ${h.description.length > 200 ? `${h.description.slice(0, 199)}…` : h.description}`,
    ),
  ];
}

/** Said to everyone in the town's hall when an admin replaced the town (new, reset or import). */
export function townReplacedNotice(before: string | undefined, now: string, time: string): string {
  const what = before !== undefined && before !== now ? `has replaced ${before}` : 'begins anew';
  return `🏘️ ${now} ${what} here: an admin replaced the town. It is ${time}.`;
}

// How the console prints the town: posts as `[#hobbs-cafe] ☕ Isabella Rodriguez: …`, plus status tables.
import type {
  MapData,
  MemoryHit,
  RelationshipGraph,
  ResidentInfo,
  ResidentSummary,
  TownStatus,
} from '../town/service.ts';
import type { Post } from '../town/types.ts';

export function formatPost(p: Post): string {
  const head = `[#${p.location}]${p.emoji ? ` ${p.emoji}` : ''}`;
  const body = p.text.includes('\n') ? `\n  ${p.text.split('\n').join('\n  ')}` : ` ${p.text}`;
  if (!p.speakerName) return `${head}${body}`;
  return `${head} ${p.speakerName}:${body}`;
}

export function formatStatus(s: TownStatus): string {
  const lines = [
    `${s.name} — ${s.time}${s.paused ? ' (paused)' : ''}`,
    `tick ${s.tick}, ${s.minutesPerTick} simulated minutes per tick, speed ${s.speed} tick(s) per run of "${s.cron}"`,
    `${s.residents} residents (${s.travelling} on the road), ${s.locations} locations, ${s.conversationsToday} conversations today`,
    `so far: ${s.stats.conversations} conversations, ${s.stats.reflections} reflections, ${s.stats.rejectedMoves} refused moves, ${s.stats.failures} failed model steps`,
  ];
  if (s.model) lines.push(`model: ${s.model}`);
  if (s.dailyTokenBudget !== null) lines.push(`daily token budget: ${s.dailyTokenBudget}`);
  return lines.join('\n');
}

export function formatResidentList(list: ResidentSummary[]): string {
  return list
    .map((r) => {
      const where = r.travellingTo ? `on the way to ${r.travellingTo.name}` : `at ${r.location.name}`;
      return `${r.emoji} ${r.name} — ${where}: ${r.actionEmoji} ${r.doing}`;
    })
    .join('\n');
}

export function formatResidentInfo(r: ResidentInfo): string {
  const counts = Object.entries(r.memoryCounts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return [
    `${r.emoji} ${r.name}, ${r.age} — ${r.innate}`,
    r.bio,
    `home: ${r.home.name}; now ${r.travellingTo ? `walking to ${r.travellingTo.name}` : `at ${r.location.name}`}: ${r.doing}`,
    `knows: ${r.knownPlaces.join(', ')}`,
    `memories: ${counts || 'none'}`,
    r.plan.length > 0 ? `today's plan:\n  ${r.plan.join('\n  ')}` : "today's plan: not made yet",
  ].join('\n');
}

export function formatMemories(hits: MemoryHit[]): string {
  if (hits.length === 0) return 'No memories match.';
  return hits
    .map(
      (h, i) =>
        `${i + 1}. [${h.kind}] ${h.description}\n   score ${h.score.toFixed(2)} = recency ${h.recency.toFixed(2)} + importance ${h.importanceScore.toFixed(2)} + relevance ${h.relevance.toFixed(2)}; ${h.createdAt}`,
    )
    .join('\n');
}

export function formatMap(m: MapData): string {
  const lines = [m.time];
  for (const l of m.locations) {
    const people = l.residents.map((r) => `${r.emoji} ${r.name} (${r.doing})`).join(', ');
    const objects = l.objects.map((o) => `${o.name}: ${o.status}`).join(', ');
    lines.push(
      `${l.emoji} ${l.name} [#${l.id}]${l.open ? '' : ' (closed)'}${people ? ` — ${people}` : ''}${objects ? ` | ${objects}` : ''}`,
    );
  }
  for (const t of m.travelling) lines.push(`🚶 ${t.name}: ${t.from} → ${t.to}`);
  return lines.join('\n');
}

/** "1 memory", "25 memories"; pairs that know of each other but never had a conversation say so. */
export function relationshipText(memories: number, talked: boolean): string {
  const count = `${memories} ${memories === 1 ? 'memory' : 'memories'}`;
  return talked ? count : `${count}, never talked`;
}

export function formatRelationships(g: RelationshipGraph): string {
  const name = new Map(g.nodes.map((n) => [n.id, n.name]));
  const edges = [...g.edges].sort((a, b) => b.weight - a.weight);
  if (edges.length === 0) return 'Nobody knows anybody yet.';
  return edges
    .map((e) => `${name.get(e.a)} — ${name.get(e.b)}: ${relationshipText(e.weight, e.acquainted)}`)
    .join('\n');
}

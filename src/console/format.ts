// How the console prints the town: posts as `[#hobbs-cafe] ☕ Isabella Rodriguez: …`, and the text versions of the
// map and the relationship graph (Discord shows those as pictures only). Command answers come from src/app/texts.ts.
import type { MapData, Post, RelationshipGraph } from '../app/town-view.ts';
import { graphTies, type RelationshipInput } from '../render/relationships.ts';
import { strength } from '../render/ties.ts';

export function formatPost(p: Post): string {
  const head = `[#${p.location}]${p.emoji ? ` ${p.emoji}` : ''}`;
  const body = p.text.includes('\n') ? `\n  ${p.text.split('\n').join('\n  ')}` : ` ${p.text}`;
  if (!p.speakerName) return `${head}${body}`;
  return `${head} ${p.speakerName}:${body}`;
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

/** The key to formatMap's lines (printed under every /town map and /map). */
export function formatMapLegend(): string {
  return 'Key: [#place] where /go takes you · — who is there (what they are doing) · | object: its state · (closed) closed now · 🚶 on the road';
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

/**
 * `/relationships NAME` as text: the same ties its picture draws (src/render/relationships.ts graphTies on the same
 * input), strongest first, with the strength the picture prints after each name.
 */
export function formatEgoTies(input: RelationshipInput): string {
  const { ties } = graphTies(input);
  const ego = input.ego;
  const name = new Map(input.nodes.map((n) => [n.id, n.name]));
  if (ego === undefined || ties.length === 0) return `${input.title}: no ties yet.`;
  const rows = ties.map((t) => {
    const s = strength(t);
    return `  ${name.get(t.a === ego ? t.b : t.a)}: ${Number.isInteger(s) ? s : s.toFixed(1)}`;
  });
  return [`${input.title} (strongest first, strength after each name):`, ...rows].join('\n');
}

// `/town relationships`: who knows whom as a picture. Residents sit on a circle; a line joins two residents when
// either remembers the other, thicker the more they remember (edge weight from their memories); solid when both
// remember each other, dashed with an arrow when only one side does, faint grey when they are acquainted but
// neither remembers the other yet (Park et al. 2023, sec. 7.1.2, the network whose density the paper measures).
import { clip, colourFor, drawableEmoji, esc, initials, svgToPng } from './svg.ts';

export interface GraphNode {
  id: string;
  name: string;
  emoji?: string;
}

export interface GraphEdge {
  /** `from` knows `to`. */
  from: string;
  to: string;
  /** How much `from` remembers of `to` (e.g. memories mentioning them); > 0. */
  weight: number;
}

export interface RelationshipInput {
  title: string;
  subtitle?: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Pairs who know each other (e.g. from their seed memories) whether or not they remember anything yet: faint lines. */
  acquainted?: { a: string; b: string }[];
}

export const GRAPH_SETTINGS = {
  minSize: 900,
  /** Extra canvas per node beyond 12, so 25 residents keep readable labels. */
  perExtraNode: 24,
  nodeRadius: 24,
  minStroke: 1.5,
  maxStroke: 9,
} as const;

interface Pair {
  a: string;
  b: string;
  ab: number;
  ba: number;
}

/** Merges directed edges into unordered pairs, dropping self-loops, unknown nodes and non-positive weights. */
export function pairEdges(nodes: GraphNode[], edges: GraphEdge[]): Pair[] {
  const known = new Set(nodes.map((n) => n.id));
  const pairs = new Map<string, Pair>();
  for (const e of edges) {
    if (e.from === e.to || !known.has(e.from) || !known.has(e.to) || !(e.weight > 0)) continue;
    const [a, b] = e.from < e.to ? [e.from, e.to] : [e.to, e.from];
    const key = `${a}\u0000${b}`;
    const p = pairs.get(key) ?? { a, b, ab: 0, ba: 0 };
    if (e.from === a) p.ab += e.weight;
    else p.ba += e.weight;
    pairs.set(key, p);
  }
  return [...pairs.values()];
}

export function buildRelationshipSvg(input: RelationshipInput): string {
  const g = GRAPH_SETTINGS;
  const n = input.nodes.length;
  const size = g.minSize + Math.max(0, n - 12) * g.perExtraNode;
  const cx = size / 2;
  const cy = size / 2 + 30;
  const radius = size / 2 - 150;
  const pos = new Map<string, { x: number; y: number; angle: number }>();
  input.nodes.forEach((node, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, n);
    pos.set(node.id, { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle), angle });
  });
  const pairs = pairEdges(input.nodes, input.edges);
  const maxW = Math.max(1, ...pairs.map((p) => p.ab + p.ba));
  const lines: string[] = [];
  const weighted = new Set(pairs.map((p) => `${p.a}\u0000${p.b}`));
  const known = new Set(input.nodes.map((x) => x.id));
  const acquaintances = new Set<string>();
  for (const { a, b } of input.acquainted ?? []) {
    if (a === b || !known.has(a) || !known.has(b)) continue;
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    acquaintances.add(key);
    if (weighted.has(key)) continue;
    const A = pos.get(a)!;
    const B = pos.get(b)!;
    lines.push(
      `<line x1="${A.x.toFixed(1)}" y1="${A.y.toFixed(1)}" x2="${B.x.toFixed(1)}" y2="${B.y.toFixed(1)}" stroke="#94a3b8" stroke-width="1" stroke-opacity="0.45"/>`,
    );
  }
  for (const p of pairs) if (p.ab > 0 && p.ba > 0) acquaintances.add(`${p.a}\u0000${p.b}`);
  // Draw light edges first so strong ones stay on top.
  for (const p of [...pairs].sort((x, y) => x.ab + x.ba - (y.ab + y.ba))) {
    const A = pos.get(p.a)!;
    const B = pos.get(p.b)!;
    const t = (p.ab + p.ba) / maxW;
    const width = (g.minStroke + t * (g.maxStroke - g.minStroke)).toFixed(1);
    const opacity = (0.3 + 0.6 * t).toFixed(2);
    const mutual = p.ab > 0 && p.ba > 0;
    // One-way: the arrow points at the one who is known; shorten the line so the arrow stops at the node's rim.
    const [from, to] = mutual || p.ab > 0 ? [A, B] : [B, A];
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy) || 1;
    const ex = to.x - (dx / len) * (g.nodeRadius + 4);
    const ey = to.y - (dy / len) * (g.nodeRadius + 4);
    lines.push(
      mutual
        ? `<line x1="${A.x.toFixed(1)}" y1="${A.y.toFixed(1)}" x2="${B.x.toFixed(1)}" y2="${B.y.toFixed(1)}" stroke="#2563eb" stroke-width="${width}" stroke-opacity="${opacity}" stroke-linecap="round"/>`
        : `<line x1="${from.x.toFixed(1)}" y1="${from.y.toFixed(1)}" x2="${ex.toFixed(1)}" y2="${ey.toFixed(1)}" stroke="#9333ea" stroke-width="${width}" stroke-opacity="${opacity}" stroke-dasharray="8 6" marker-end="url(#arrow)"/>`,
    );
  }
  const nodes: string[] = [];
  for (const node of input.nodes) {
    const p = pos.get(node.id)!;
    const emoji = drawableEmoji(node.emoji);
    const lx = cx + (radius + g.nodeRadius + 14) * Math.cos(p.angle);
    const ly = cy + (radius + g.nodeRadius + 14) * Math.sin(p.angle);
    const cos = Math.cos(p.angle);
    const anchor = Math.abs(cos) < 0.3 ? 'middle' : cos > 0 ? 'start' : 'end';
    const dy = Math.sin(p.angle) > 0.3 ? 14 : Math.sin(p.angle) < -0.3 ? -4 : 5;
    nodes.push(
      `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${g.nodeRadius}" fill="${colourFor(node.name)}" stroke="#ffffff" stroke-width="3"/>`,
      `<text x="${p.x.toFixed(1)}" y="${(p.y + 6).toFixed(1)}" font-size="16" font-weight="bold" fill="#ffffff" text-anchor="middle">${esc(initials(node.name))}</text>`,
      `<text x="${lx.toFixed(1)}" y="${(ly + dy).toFixed(1)}" font-size="16" fill="#111827" text-anchor="${anchor}">${esc(
        clip(`${node.name}${emoji ? ` ${emoji}` : ''}`, 26),
      )}</text>`,
    );
  }
  const mutualCount = pairs.filter((p) => p.ab > 0 && p.ba > 0).length;
  // Park et al. 2023, sec. 7.1.2: network density = 2|E| / (|V|(|V|-1)) over pairs who know each other.
  const density = n > 1 ? (2 * acquaintances.size) / (n * (n - 1)) : 0;
  const legendY = size + 20;
  const height = legendY + 92;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}" viewBox="0 0 ${size} ${height}">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#9333ea"/></marker></defs>',
    `<rect width="100%" height="100%" fill="#f8fafc"/>`,
    `<text x="32" y="52" font-size="30" font-weight="bold" fill="#1f2937">${esc(clip(input.title, 60))}</text>`,
    input.subtitle ? `<text x="32" y="82" font-size="18" fill="#4b5563">${esc(clip(input.subtitle, 90))}</text>` : '',
    ...lines,
    ...nodes,
    n === 0
      ? `<text x="${cx}" y="${cy}" font-size="20" fill="#6b7280" text-anchor="middle">Nobody lives here yet.</text>`
      : pairs.length === 0
        ? `<text x="${cx}" y="${cy}" font-size="20" fill="#6b7280" text-anchor="middle">Nobody knows anybody yet.</text>`
        : '',
    `<line x1="32" y1="${legendY}" x2="82" y2="${legendY}" stroke="#2563eb" stroke-width="5"/>`,
    `<text x="92" y="${legendY + 6}" font-size="15" fill="#374151">remember each other</text>`,
    `<line x1="32" y1="${legendY + 28}" x2="76" y2="${legendY + 28}" stroke="#9333ea" stroke-width="4" stroke-dasharray="8 6" marker-end="url(#arrow)"/>`,
    `<text x="92" y="${legendY + 34}" font-size="15" fill="#374151">one remembers the other</text>`,
    `<line x1="32" y1="${legendY + 56}" x2="82" y2="${legendY + 56}" stroke="#94a3b8" stroke-width="1.5"/>`,
    `<text x="92" y="${legendY + 62}" font-size="15" fill="#374151">acquainted, no memories yet</text>`,
    `<text x="${size - 32}" y="${legendY + 6}" font-size="15" fill="#374151" text-anchor="end">${esc(
      `${n} residents · ${plural(mutualCount, 'pair remembers', 'pairs remember')} each other`,
    )}</text>`,
    `<text x="${size - 32}" y="${legendY + 34}" font-size="15" fill="#374151" text-anchor="end">${esc(
      `${plural(acquaintances.size, 'pair knows', 'pairs know')} each other · density ${density.toFixed(2)}`,
    )}</text>`,
    '</svg>',
  ].join('\n');
}

export function renderRelationshipPng(input: RelationshipInput): Promise<Buffer> {
  return svgToPng(buildRelationshipSvg(input));
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

// `/town relationships`: who is close to whom, as a picture that stays readable as the town ages. People sit on a
// circle; a line joins two when their tie (src/render/ties.ts: weighted memories naming the other) is strong
// enough and among the strongest few of either, thicker the stronger; solid when both remember each other, dashed
// with an arrow when only one side does. Users' personas are people too (drawn square: residents remember them,
// they keep no memories). With `ego`, one person in the middle and their strongest ties around, each with its
// strength. The legend prints the paper's density over everyone who knows of each other (Park et al. 2023,
// sec. 7.1.2) beside the density actually drawn.
import { textMeasure } from './font.ts';
import { clip, colourFor, drawableEmoji, esc, initials, svgToPng } from './svg.ts';
import { circleOrder, egoTies, pairTies, selectTies, strength, TIE_SETTINGS, type Tie } from './ties.ts';

export interface GraphNode {
  id: string;
  name: string;
  emoji?: string;
  /** A user's persona rather than a resident. */
  persona?: boolean;
}

export interface GraphEdge {
  /** `from` knows `to`. */
  from: string;
  to: string;
  /** Tie strength of `from` to `to` (src/render/ties.ts); > 0. */
  weight: number;
}

export interface RelationshipInput {
  title: string;
  subtitle?: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Pairs who know each other from the start (their seed memories): counted in the paper's density. */
  acquainted?: { a: string; b: string }[];
  /** Node id: draw this person's ties only (the ego view). */
  ego?: string;
  topK?: number;
  minStrength?: number;
}

export const GRAPH_SETTINGS = {
  /** Circle radius: at least this, more with more people so neighbours keep apart. */
  minRadius: 260,
  perNode: 26,
  nodeRadius: 22,
  minStroke: 1.5,
  maxStroke: 10,
  labelSize: 16,
  margin: 32,
  top: 110,
  legendHeight: 132,
} as const;

/** Merges directed edges into unordered pairs, dropping self-loops, unknown nodes and non-positive weights. */
export function pairEdges(nodes: GraphNode[], edges: GraphEdge[]): Tie[] {
  return pairTies(
    nodes.map((n) => n.id),
    edges.map((e) => ({ from: e.from, to: e.to, strength: e.weight })),
  );
}

/** Which ties are drawn, and around whom: the whole town's strongest ties, or one person's (ego view). */
export function graphTies(input: RelationshipInput): { nodes: GraphNode[]; ties: Tie[]; all: Tie[] } {
  const all = pairEdges(input.nodes, input.edges);
  if (input.ego === undefined) {
    const opts = {
      ...(input.topK !== undefined ? { topK: input.topK } : {}),
      ...(input.minStrength !== undefined ? { minStrength: input.minStrength } : {}),
    };
    const personas = new Set(input.nodes.filter((n) => n.persona).map((n) => n.id));
    const ties = selectTies(all, { ...opts, anyStrength: personas });
    const byId = new Map(input.nodes.map((n) => [n.id, n]));
    const nodes = circleOrder(
      input.nodes.map((n) => n.id),
      ties,
    ).map((id) => byId.get(id)!);
    return { nodes, ties, all };
  }
  const ego = input.ego;
  const ties = egoTies(all, ego);
  const around = new Set(ties.map((t) => (t.a === ego ? t.b : t.a)));
  const order = new Map(ties.map((t, i) => [t.a === ego ? t.b : t.a, i]));
  const nodes = [
    ...input.nodes.filter((n) => n.id === ego),
    ...input.nodes.filter((n) => around.has(n.id)).sort((x, y) => order.get(x.id)! - order.get(y.id)!),
  ];
  return { nodes, ties, all };
}

function label(node: GraphNode): string {
  const emoji = drawableEmoji(node.emoji);
  return `${node.name}${emoji ? ` ${emoji}` : ''}${node.persona ? ' (persona)' : ''}`;
}

export function buildRelationshipSvg(input: RelationshipInput): string {
  const g = GRAPH_SETTINGS;
  const m = textMeasure();
  const { nodes, ties, all } = graphTies(input);
  const ego = input.ego !== undefined ? nodes.find((n) => n.id === input.ego) : undefined;
  const ring = ego ? nodes.filter((n) => n !== ego) : nodes;
  const n = ring.length;
  const tieOf = new Map(ties.map((t) => [t.a === ego?.id ? t.b : t.a, t]));
  const labels = nodes.map((node) => {
    const t = ego && node !== ego ? tieOf.get(node.id) : undefined;
    return { node, text: t ? `${label(node)} · ${formatStrength(strength(t))}` : label(node) };
  });
  const labelW = Math.max(0, ...labels.map((l) => m.width(l.text, g.labelSize)));
  const ringLabels = labels.filter((l) => l.node !== ego);
  const ringLayout = layoutRing(
    ringLabels.map((l) => m.width(l.text, g.labelSize)),
    Math.max(g.minRadius, (n * g.perNode * 2) / (2 * Math.PI) + g.nodeRadius * 2),
  );
  const radius = ringLayout.radius;
  const half = radius + g.nodeRadius + 14 + labelW + g.margin;
  const halfV = radius + g.nodeRadius + 14 + 24;
  const title = clip(input.title, 80);
  const subtitle = input.subtitle ? clip(input.subtitle, 120) : '';
  const size = Math.ceil(
    Math.max(2 * half, m.width(title, 30, true) + 2 * g.margin, m.width(STRENGTH_NOTE, 14) + 2 * g.margin, 960),
  );
  const cx = size / 2;
  const cy = g.top + halfV;
  const pos = new Map<string, { x: number; y: number; angle: number }>();
  ring.forEach((node, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, n);
    pos.set(node.id, { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle), angle });
  });
  if (ego) pos.set(ego.id, { x: cx, y: cy, angle: Math.PI / 2 });

  const maxW = Math.max(1, ...ties.map(strength));
  const lines: string[] = [];
  for (const t of [...ties].sort((x, y) => strength(x) - strength(y))) {
    const A = pos.get(t.a)!;
    const B = pos.get(t.b)!;
    const k = strength(t) / maxW;
    const width = (g.minStroke + k * (g.maxStroke - g.minStroke)).toFixed(1);
    const opacity = (0.5 + 0.45 * k).toFixed(2);
    const mutual = t.ab > 0 && t.ba > 0;
    // One-way: the arrow points at the one who is remembered, stopping at the node's rim.
    const [from, to] = mutual || t.ab > 0 ? [A, B] : [B, A];
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
  const drawnNodes: string[] = [];
  for (const { node, text } of labels) {
    const p = pos.get(node.id)!;
    const r = g.nodeRadius;
    const centre = node === ego;
    const ring = centre ? undefined : ringLayout.labels[ringLabels.findIndex((l) => l.node === node)];
    const lx = cx + (ring?.x ?? 0);
    const ly = centre ? cy + r + 22 : cy + ring!.y;
    const anchor = ring?.anchor ?? 'middle';
    const fill = colourFor(node.name);
    drawnNodes.push(
      node.persona
        ? `<rect x="${(p.x - r).toFixed(1)}" y="${(p.y - r).toFixed(1)}" width="${2 * r}" height="${2 * r}" rx="6" fill="${fill}" stroke="#f59e0b" stroke-width="4"/>`
        : `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${r}" fill="${fill}" stroke="#ffffff" stroke-width="3"/>`,
      `<text x="${p.x.toFixed(1)}" y="${(p.y + 6).toFixed(1)}" font-size="16" font-weight="bold" fill="#ffffff" text-anchor="middle">${esc(initials(node.name))}</text>`,
      `<text x="${lx.toFixed(1)}" y="${ly.toFixed(1)}" font-size="${g.labelSize}"${centre ? ' font-weight="bold"' : ''} fill="#111827" stroke="#f8fafc" stroke-width="5" stroke-linejoin="round" paint-order="stroke" text-anchor="${anchor}">${esc(text)}</text>`,
    );
  }
  const total = input.nodes.length;
  // Park et al. 2023, sec. 7.1.2: network density = 2|E| / (|V|(|V|-1)) over residents who know of each other
  // (both remember the other, or knew each other from the start); personas are not residents, so not counted.
  const residents = new Set(input.nodes.filter((x) => !x.persona).map((x) => x.id));
  const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  const knows = new Set(
    all.filter((t) => t.ab > 0 && t.ba > 0 && residents.has(t.a) && residents.has(t.b)).map((t) => key(t.a, t.b)),
  );
  for (const { a, b } of input.acquainted ?? [])
    if (a !== b && residents.has(a) && residents.has(b)) knows.add(key(a, b));
  const residentPairs = (residents.size * (residents.size - 1)) / 2;
  const density = residentPairs > 0 ? knows.size / residentPairs : 0;
  const pairsTotal = (total * (total - 1)) / 2;
  const drawnDensity = total > 1 ? ties.length / pairsTotal : 0;
  const topK = input.topK ?? TIE_SETTINGS.topK;
  const minStrength = input.minStrength ?? TIE_SETTINGS.minStrength;
  const rule = ego
    ? `${ego.name}'s ${egoRule(ties.length, all.filter((t) => (t.a === ego.id || t.b === ego.id) && strength(t) > 0).length)}, strongest first (strength after each name)`
    : `each person's ${topK} strongest ties of strength ≥ ${minStrength} (any, to a persona): ${ties.length} of ${plural(all.length, 'tie', 'ties')} drawn`;
  const legendY = cy + halfV + 30;
  const height = Math.ceil(legendY + g.legendHeight);
  const empty =
    total === 0
      ? 'Nobody lives here yet.'
      : all.length === 0
        ? 'Nobody knows anybody yet.'
        : ties.length === 0
          ? ego
            ? `${ego.name} has no ties yet.`
            : 'No tie is strong enough to draw yet.'
          : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}" viewBox="0 0 ${size} ${height}">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="16" markerHeight="16" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#9333ea"/></marker></defs>',
    `<rect width="100%" height="100%" fill="#f8fafc"/>`,
    `<text x="${g.margin}" y="52" font-size="30" font-weight="bold" fill="#1f2937">${esc(title)}</text>`,
    subtitle ? `<text x="${g.margin}" y="82" font-size="18" fill="#4b5563">${esc(subtitle)}</text>` : '',
    ...lines,
    ...drawnNodes,
    empty
      ? `<text x="${cx}" y="${ego ? cy - 60 : cy}" font-size="20" fill="#6b7280" text-anchor="middle">${esc(empty)}</text>`
      : '',
    `<line x1="${g.margin}" y1="${legendY}" x2="${g.margin + 50}" y2="${legendY}" stroke="#2563eb" stroke-width="5"/>`,
    `<text x="${g.margin + 60}" y="${legendY + 6}" font-size="15" fill="#374151">remember each other</text>`,
    `<line x1="${g.margin}" y1="${legendY + 28}" x2="${g.margin + 44}" y2="${legendY + 28}" stroke="#9333ea" stroke-width="4" stroke-dasharray="8 6" marker-end="url(#arrow)"/>`,
    `<text x="${g.margin + 60}" y="${legendY + 34}" font-size="15" fill="#374151">one remembers the other</text>`,
    `<rect x="${g.margin + 14}" y="${legendY + 46}" width="20" height="20" rx="4" fill="#64748b" stroke="#f59e0b" stroke-width="3"/>`,
    `<text x="${g.margin + 60}" y="${legendY + 62}" font-size="15" fill="#374151">a person's persona (residents remember them)</text>`,
    `<text x="${g.margin}" y="${legendY + 92}" font-size="14" fill="#4b5563">${esc(`Lines: ${rule}.`)}</text>`,
    `<text x="${g.margin}" y="${legendY + 112}" font-size="14" fill="#4b5563">${esc(STRENGTH_NOTE)}</text>`,
    `<text x="${size - g.margin}" y="${legendY + 6}" font-size="15" fill="#374151" text-anchor="end">${esc(
      `${plural(residents.size, 'resident', 'residents')}: ${plural(knows.size, 'pair knows', 'pairs know')} of each other · density ${density.toFixed(2)}`,
    )}</text>`,
    `<text x="${size - g.margin}" y="${legendY + 34}" font-size="15" fill="#374151" text-anchor="end">${esc(
      `drawn among ${total} people: ${plural(ties.length, 'tie', 'ties')} · density ${drawnDensity.toFixed(2)}`,
    )}</text>`,
    '</svg>',
  ].join('\n');
}

/** The legend's definition of tie strength (src/render/ties.ts TIE_WEIGHTS). */
export const STRENGTH_NOTE =
  'Strength: memories naming the other, weighted (talked 3, reflection or seed 2, dialogue 1, sighting 0.1).';

export interface RingLabel {
  /** Text position relative to the circle's centre (baseline), its anchor, and the box it covers. */
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  box: { x1: number; y1: number; x2: number; y2: number };
}

/**
 * Labels of people on a circle (index 0 at the top, clockwise), each outside its node, to the right on the right
 * half and to the left on the left half; the radius grows from `minRadius` until no label overlaps another label
 * or another node, so names are never drawn over each other.
 */
export function layoutRing(widths: number[], minRadius: number): { radius: number; labels: RingLabel[] } {
  const g = GRAPH_SETTINGS;
  const n = widths.length;
  const place = (radius: number) =>
    widths.map((w, i): RingLabel => {
      const a = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, n);
      const cos = Math.cos(a);
      const sin = Math.sin(a);
      const x = (radius + g.nodeRadius + 12) * cos;
      const y = (radius + g.nodeRadius + 12) * sin + (sin > 0.3 ? 12 : sin < -0.3 ? -2 : 5);
      const anchor = Math.abs(cos) < 0.05 ? 'middle' : cos > 0 ? 'start' : 'end';
      const x1 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
      return { x, y, anchor, box: { x1, y1: y - 14, x2: x1 + w, y2: y + 5 } };
    });
  // Boxes closer than `pad` count as touching: neighbouring names keep a visible gap.
  const pad = 6;
  const hit = (a: RingLabel['box'], b: RingLabel['box']) =>
    a.x1 < b.x2 + pad && b.x1 < a.x2 + pad && a.y1 < b.y2 + pad && b.y1 < a.y2 + pad;
  let radius = minRadius;
  for (let round = 0; round < 40; round++) {
    const labels = place(radius);
    const nodes = labels.map((_, i) => {
      const a = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, n);
      const [x, y, r] = [radius * Math.cos(a), radius * Math.sin(a), g.nodeRadius];
      return { x1: x - r, y1: y - r, x2: x + r, y2: y + r };
    });
    const clash = labels.some(
      (l, i) => labels.some((o, j) => j > i && hit(l.box, o.box)) || nodes.some((b, j) => j !== i && hit(l.box, b)),
    );
    if (!clash) return { radius, labels };
    radius *= 1.08;
  }
  return { radius, labels: place(radius) };
}

export function renderRelationshipPng(input: RelationshipInput): Promise<Buffer> {
  return svgToPng(buildRelationshipSvg(input));
}

function egoRule(shown: number, total: number): string {
  return shown === total ? plural(total, 'tie', 'ties') : `${shown} strongest of ${total} ties`;
}

function formatStrength(s: number): string {
  return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

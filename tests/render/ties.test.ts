// Tie strength and which ties the relationship graph draws: weights by memory kind, names matched as words, the
// drawn density bounded however long the town runs, each person's top ties kept, the ego view, personas.
import { describe, expect, it } from 'vitest';
import { textMeasure } from '../../src/render/font.ts';
import { buildRelationshipSvg, GRAPH_SETTINGS, graphTies, layoutRing } from '../../src/render/relationships.ts';
import {
  circleOrder,
  egoTies,
  pairTies,
  selectTies,
  strength,
  TIE_SETTINGS,
  type TieMemory,
  tieStrengths,
} from '../../src/render/ties.ts';
import { rngFrom, seedState } from '../../src/town/rng.ts';

const people = [
  { id: 'ann', name: 'Ann Lee', firstName: 'Ann' },
  { id: 'bo', name: 'Bo Park', firstName: 'Bo' },
  { id: 'cy', name: 'Cy Park', firstName: 'Cy' },
  { id: 'sam', name: 'Sam' }, // a persona: no memories of its own
];

describe('tie strength', () => {
  it('weights memories naming the other by kind, matching whole names and unique first names', () => {
    const memories = new Map<string, TieMemory[]>([
      [
        'ann',
        [
          { kind: 'conversation_summary', description: 'Conversation with Bo about the fair' }, // 3
          { kind: 'observation', description: 'Bo Park is sitting on the bench' }, // 0.1
          { kind: 'reflection', description: 'Sam seems curious about the town' }, // 2 (persona)
          { kind: 'observation', description: 'Annabel and Bob are at the Parkside bar' }, // no one
          { kind: 'plan', description: 'meet Cy Park at noon' }, // 0.5
        ],
      ],
      ['bo', [{ kind: 'seed', description: 'Ann Lee is Bo Park’s neighbour' }]], // 2 (own name ignored)
    ]);
    const ties = tieStrengths(people, memories);
    const of = (from: string, to: string) => ties.find((t) => t.from === from && t.to === to)?.strength ?? 0;
    expect(of('ann', 'bo')).toBe(3.1);
    expect(of('ann', 'sam')).toBe(2);
    expect(of('ann', 'cy')).toBe(0.5);
    expect(of('bo', 'ann')).toBe(2);
    expect(of('bo', 'bo')).toBe(0);
    expect(ties.some((t) => t.from === 'sam')).toBe(false);
  });

  it('does not count a first name two people share', () => {
    const twins = [
      { id: 'a', name: 'Alex Moore', firstName: 'Alex' },
      { id: 'b', name: 'Alex Lin', firstName: 'Alex' },
      { id: 'c', name: 'Cleo Diaz', firstName: 'Cleo' },
    ];
    const ties = tieStrengths(twins, new Map([['c', [{ kind: 'dialogue', description: 'Alex said hello' }]]]));
    expect(ties).toEqual([]);
  });
});

/** A town of n people whose memories pile up day after day (seeded): everybody ends up naming everybody. */
function agingTown(n: number, days: number, seed: number) {
  const rnd = rngFrom({ rng: seedState(seed) });
  const ppl = Array.from({ length: n }, (_, i) => ({ id: `p${i}`, name: `Person${i} Surname${i}` }));
  const memories = new Map<string, TieMemory[]>(ppl.map((p) => [p.id, []]));
  const kinds = ['observation', 'observation', 'observation', 'dialogue', 'conversation_summary', 'reflection'];
  const snapshots: ReturnType<typeof pairTies>[] = [];
  for (let d = 0; d < days; d++) {
    for (const p of ppl)
      for (let k = 0; k < 12; k++) {
        // Friends (neighbouring indexes) are named more often than strangers.
        const other =
          rnd() < 0.6 ? ppl[(ppl.indexOf(p) + 1 + Math.floor(rnd() * 2)) % n]! : ppl[Math.floor(rnd() * n)]!;
        if (other === p) continue;
        memories.get(p.id)!.push({ kind: kinds[Math.floor(rnd() * kinds.length)]!, description: `saw ${other.name}` });
      }
    snapshots.push(
      pairTies(
        ppl.map((p) => p.id),
        tieStrengths(ppl, memories),
      ),
    );
  }
  return { ppl, snapshots };
}

describe('drawn ties', () => {
  it('keeps the drawn density bounded as the town ages while everyone comes to know everyone', () => {
    const n = 12;
    const { snapshots } = agingTown(n, 14, 7);
    const pairs = (n * (n - 1)) / 2;
    const bound = (2 * TIE_SETTINGS.topK) / (n - 1);
    const last = snapshots[snapshots.length - 1]!;
    expect(last.length / pairs).toBe(1); // all pairs tied: what the old graph drew (density 1.00)
    for (const ties of snapshots) {
      const drawn = selectTies(ties);
      expect(drawn.length / pairs).toBeLessThanOrEqual(bound);
      for (const t of drawn) expect(strength(t)).toBeGreaterThanOrEqual(TIE_SETTINGS.minStrength);
    }
    expect(selectTies(last).length / pairs).toBeLessThan(0.6);
  });

  it('keeps each person’s top-k ties: every drawn tie is in the top k of one end, every strongest tie is drawn', () => {
    const { ppl, snapshots } = agingTown(10, 5, 3);
    const ties = snapshots[snapshots.length - 1]!;
    const drawn = selectTies(ties, { topK: 2, minStrength: 3 });
    const topOf = (id: string, k: number) =>
      ties
        .filter((t) => (t.a === id || t.b === id) && strength(t) >= 3)
        .sort((x, y) => strength(y) - strength(x))
        .slice(0, k);
    // In the top k of `id`: fewer than k of id's ties (above the threshold) are strictly stronger.
    const inTop = (id: string, t: (typeof ties)[number]) =>
      topOf(id, 99).filter((x) => strength(x) > strength(t)).length < 2;
    for (const t of drawn) expect(inTop(t.a, t) || inTop(t.b, t)).toBe(true);
    for (const p of ppl) {
      const best = topOf(p.id, 1)[0];
      if (best) expect(drawn.some((t) => strength(t) === strength(best) && (t.a === p.id || t.b === p.id))).toBe(true);
    }
  });

  it('orders people on the circle so tied people sit side by side', () => {
    const ties = pairTies(
      ['a', 'b', 'c', 'd'],
      [
        { from: 'a', to: 'c', strength: 9 },
        { from: 'b', to: 'd', strength: 8 },
      ],
    );
    const order = circleOrder(['a', 'b', 'c', 'd', 'lonely'], ties);
    expect(order.indexOf('c') - order.indexOf('a')).toBe(1);
    expect(Math.abs(order.indexOf('d') - order.indexOf('b'))).toBe(1);
    expect(order.at(-1)).toBe('lonely');
  });
});

describe('ego view and personas', () => {
  const nodes = [
    { id: 'ann', name: 'Ann Lee' },
    { id: 'bo', name: 'Bo Park' },
    { id: 'cy', name: 'Cy Park' },
    { id: 'dee', name: 'Dee Ray' },
    { id: 'persona:sam', name: 'Sam', persona: true },
  ];
  const edges = [
    { from: 'ann', to: 'bo', weight: 2 },
    { from: 'ann', to: 'persona:sam', weight: 6 },
    { from: 'dee', to: 'persona:sam', weight: 1 }, // below the threshold, drawn: a tie to a persona
    { from: 'cy', to: 'ann', weight: 0.5 },
    { from: 'bo', to: 'cy', weight: 9 },
  ];

  it('puts one person in the middle with all their ties, strongest first, and nobody else', () => {
    const g = graphTies({ title: 'T', nodes, edges, ego: 'ann' });
    expect(g.nodes.map((n) => n.id)).toEqual(['ann', 'persona:sam', 'bo', 'cy']);
    expect(g.ties.every((t) => t.a === 'ann' || t.b === 'ann')).toBe(true);
    expect(egoTies(g.all, 'ann', 2)).toHaveLength(2);
    const svg = buildRelationshipSvg({ title: 'Ann Lee’s ties', nodes, edges, ego: 'ann' });
    expect(svg).toContain('>Sam (persona) · 6<');
    expect(svg).toContain('>Cy Park · 0.5<'); // weak ties shown too in the ego view
    expect(svg).not.toContain('Dee Ray');
    expect(svg).toContain("Ann Lee's 3 ties, strongest first");
    const crowd = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, name: `Crowd ${i}` }));
    const many = buildRelationshipSvg({
      title: 'T',
      nodes: [{ id: 'ann', name: 'Ann Lee' }, ...crowd],
      edges: crowd.map((c, i) => ({ from: 'ann', to: c.id, weight: i + 1 })),
      ego: 'ann',
    });
    expect(many).toContain(`Ann Lee's ${TIE_SETTINGS.egoMax} strongest of 20 ties`);
    expect(many).toContain('>Crowd 19 · 20<');
    expect(many).not.toContain('>Crowd 0 · 1<');
  });

  it('draws a persona as a person: a square node with the ties residents have to it', () => {
    const svg = buildRelationshipSvg({ title: 'T', nodes, edges });
    expect(svg).toContain('>Sam (persona)<');
    // The paper's density counts residents only; the drawn density counts everybody shown.
    expect(svg).toContain('4 residents: 0 pairs know of each other · density 0.00');
    expect(svg).toContain('drawn among 5 people: 3 ties · density 0.30');
    expect(svg).toMatch(/<rect x="[\d.]+" y="[\d.]+" width="44" height="44" rx="6"/);
    const drawn = graphTies({ title: 'T', nodes, edges }).ties;
    expect(drawn.some((t) => t.a === 'ann' && t.b === 'persona:sam')).toBe(true);
    expect(drawn.some((t) => t.a === 'dee' && t.b === 'persona:sam')).toBe(true);
    expect(drawn.some((t) => t.a === 'ann' && t.b === 'cy')).toBe(false); // 0.5 between residents: too weak
  });
});

describe('names around the circle', () => {
  it('never draws two names over each other or over another node, for 26 people of Smallville-length names', () => {
    const names = Array.from(
      { length: 26 },
      (_, i) => `${['Isabella', 'Wolfgang', 'Eddy', 'Yuriko'][i % 4]} Surname${i}`,
    );
    const widths = names.map((n) => textMeasure().width(n, GRAPH_SETTINGS.labelSize));
    const { radius, labels } = layoutRing(widths, GRAPH_SETTINGS.minRadius);
    const hit = (a: (typeof labels)[number]['box'], b: (typeof labels)[number]['box']) =>
      a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
    labels.forEach((l, i) => {
      expect(l.box.x2 - l.box.x1).toBeCloseTo(widths[i]!, 5);
      labels.forEach((o, j) => {
        if (j === i) return;
        expect(hit(l.box, o.box), `${names[i]} over ${names[j]}`).toBe(false);
        const a = -Math.PI / 2 + (2 * Math.PI * j) / labels.length;
        const [x, y, r] = [radius * Math.cos(a), radius * Math.sin(a), GRAPH_SETTINGS.nodeRadius];
        expect(hit(l.box, { x1: x - r, y1: y - r, x2: x + r, y2: y + r }), `${names[i]} over node ${j}`).toBe(false);
      });
    });
    expect(radius).toBeLessThan(GRAPH_SETTINGS.minRadius * 3);
  });
});

// Tie strength between people of a town, and which ties a relationship picture draws.
//
// Strength of A's tie to B = the weighted count of A's memories that name B (full name, or first name when no one
// else in town shares it). Weights by memory kind: having talked (a conversation summary) counts most, a
// reflection or a seed memory about B (what A thinks of B, what A knew of B at the start) next, a line of dialogue
// or an interview or game mentioning B one each, and a mere observation ("B is sitting at the counter") little,
// because everybody sees everybody in a small town and observations alone would tie everyone to everyone.
// Pair strength = A's tie to B + B's tie to A.
//
// A town's graph draws a pair when its strength reaches `minStrength` (any strength for a tie to a user's persona)
// AND the pair is among the `topK` strongest ties of at least one of the two: each person keeps at most topK ties
// of their own, so the drawn density stays at most 2 * topK / (n - 1) however long the town runs (Park et al. 2023 measure density over everyone who knows
// of each other, which tends to 1 in a small town; that figure is still printed in the legend).

export interface TieMemory {
  kind: string;
  description: string;
}

export interface TiePerson {
  id: string;
  name: string;
  /** Used to recognise the person when nobody else in town shares it. */
  firstName?: string;
}

export interface DirectedTie {
  from: string;
  to: string;
  strength: number;
}

export const TIE_WEIGHTS: Record<string, number> = {
  conversation_summary: 3,
  reflection: 2,
  seed: 2,
  dialogue: 1,
  interview: 1,
  game: 1,
  inner_voice: 1,
  plan: 0.5,
  observation: 0.1,
};

export const TIE_SETTINGS = {
  /** Strongest ties each person keeps in the town graph. */
  topK: 3,
  /** Weakest pair strength drawn: one conversation (3), or a seed tie plus a few sightings. */
  minStrength: 3,
  /** People shown around one resident in the ego view. */
  egoMax: 16,
} as const;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Directed tie strengths from each person's memories (people without memories, such as a user's persona, only
 * receive ties). Zero ties are left out.
 */
export function tieStrengths(people: TiePerson[], memories: Map<string, TieMemory[]>): DirectedTie[] {
  const first = (p: TiePerson) => (p.firstName ?? p.name.split(/\s+/)[0] ?? p.name).toLowerCase();
  const firstCount = new Map<string, number>();
  for (const p of people) firstCount.set(first(p), (firstCount.get(first(p)) ?? 0) + 1);
  const patterns = people.map((p) => {
    const names = [p.name];
    const f = p.firstName ?? p.name.split(/\s+/)[0];
    if (f && f !== p.name && firstCount.get(first(p)) === 1) names.push(f);
    return new RegExp(`(?<![\\p{L}\\p{N}])(${names.map(escapeRe).join('|')})(?![\\p{L}\\p{N}])`, 'iu');
  });
  const out: DirectedTie[] = [];
  people.forEach((a, i) => {
    const mems = memories.get(a.id) ?? [];
    const sums = new Map<number, number>();
    for (const m of mems) {
      const w = TIE_WEIGHTS[m.kind] ?? 0;
      if (w <= 0) continue;
      people.forEach((_b, j) => {
        if (i !== j && patterns[j]!.test(m.description)) sums.set(j, (sums.get(j) ?? 0) + w);
      });
    }
    for (const [j, s] of sums) out.push({ from: a.id, to: people[j]!.id, strength: Math.round(s * 10) / 10 });
  });
  return out;
}

export interface Tie {
  a: string;
  b: string;
  /** a's tie to b and b's tie to a. */
  ab: number;
  ba: number;
}

export function strength(t: Tie): number {
  return t.ab + t.ba;
}

/** Merges directed ties into unordered pairs, dropping self-loops, unknown people and non-positive strengths. */
export function pairTies(ids: string[], ties: DirectedTie[]): Tie[] {
  const known = new Set(ids);
  const pairs = new Map<string, Tie>();
  for (const e of ties) {
    if (e.from === e.to || !known.has(e.from) || !known.has(e.to) || !(e.strength > 0)) continue;
    const [a, b] = e.from < e.to ? [e.from, e.to] : [e.to, e.from];
    const key = `${a}\u0000${b}`;
    const p = pairs.get(key) ?? { a, b, ab: 0, ba: 0 };
    if (e.from === a) p.ab += e.strength;
    else p.ba += e.strength;
    pairs.set(key, p);
  }
  return [...pairs.values()];
}

/**
 * The ties a town graph draws: strength >= minStrength (any strength for a tie to one of `anyStrength`) and among
 * the topK strongest of either end.
 */
export function selectTies(
  ties: Tie[],
  opts: { topK?: number; minStrength?: number; anyStrength?: ReadonlySet<string> } = {},
): Tie[] {
  const topK = opts.topK ?? TIE_SETTINGS.topK;
  const min = opts.minStrength ?? TIE_SETTINGS.minStrength;
  // Ties of `anyStrength` people (users' personas: a person wants to see whom they talked to) need only be > 0.
  const low = opts.anyStrength ?? new Set<string>();
  const strong = ties.filter((t) => strength(t) >= min || ((low.has(t.a) || low.has(t.b)) && strength(t) > 0));
  const byPerson = new Map<string, Tie[]>();
  for (const t of strong)
    for (const id of [t.a, t.b]) {
      const list = byPerson.get(id) ?? [];
      list.push(t);
      byPerson.set(id, list);
    }
  const kept = new Set<Tie>();
  for (const [id, list] of byPerson) {
    // Strongest first; equal strengths by the other's id, so the choice is stable.
    list.sort((x, y) => strength(y) - strength(x) || other(x, id).localeCompare(other(y, id)));
    for (const t of list.slice(0, topK)) kept.add(t);
  }
  return strong.filter((t) => kept.has(t));
}

function other(t: Tie, id: string): string {
  return t.a === id ? t.b : t.a;
}

/** One person's ties, strongest first (at most `max`), for the ego view. */
export function egoTies(ties: Tie[], ego: string, max: number = TIE_SETTINGS.egoMax): Tie[] {
  return ties
    .filter((t) => (t.a === ego || t.b === ego) && strength(t) > 0)
    .sort((x, y) => strength(y) - strength(x) || other(x, ego).localeCompare(other(y, ego)))
    .slice(0, max);
}

/**
 * Orders people around a circle so strongly tied people sit near each other (fewer crossing lines): start with the
 * person of the strongest ties, then repeatedly take the unplaced person most tied to the last few placed.
 * Deterministic; people without drawn ties keep their order at the end.
 */
export function circleOrder(ids: string[], ties: Tie[]): string[] {
  const w = new Map<string, Map<string, number>>();
  for (const t of ties) {
    for (const [x, y] of [
      [t.a, t.b],
      [t.b, t.a],
    ] as const) {
      const row = w.get(x) ?? new Map<string, number>();
      row.set(y, (row.get(y) ?? 0) + strength(t));
      w.set(x, row);
    }
  }
  const total = (id: string) => [...(w.get(id)?.values() ?? [])].reduce((s, v) => s + v, 0);
  const left = ids.filter((id) => w.has(id));
  const order: string[] = [];
  while (left.length > 0) {
    let best = 0;
    let bestScore = -1;
    left.forEach((id, i) => {
      const recent = order.slice(-3);
      const score =
        order.length === 0
          ? total(id)
          : recent.reduce((s, r, k) => s + (w.get(r)?.get(id) ?? 0) * (k + 1), 0) + total(id) * 1e-3;
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    order.push(left.splice(best, 1)[0]!);
  }
  return [...order, ...ids.filter((id) => !w.has(id))];
}

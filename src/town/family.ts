// Family and household (issue 22 item 5): each resident's spouse, children, parents, siblings and flatmates, from
// the town file's `family` entries, the ties its residents' seed phrases state (src/core/kin-text.ts: "Leo Castell
// is Marta Castell's son" is in the mother's file and the son's), and the residents who share a home.
import type { FamilyTie } from '../agent/types.ts';
import { kinIn, mergeTies } from '../core/kin-text.ts';

interface FamilySource {
  name: string;
  home: string;
  seed: string;
  family?: readonly FamilyTie[];
}

/** Each resident's ties by name, the town file's first, then the seeds', then the household's ("housemate"). */
export function familiesOf(residents: readonly FamilySource[]): Map<string, FamilyTie[]> {
  const seedTies = residents.flatMap((r) => r.seed.split(';').flatMap((p) => kinIn(p.trim())));
  const out = new Map<string, FamilyTie[]>();
  for (const r of residents) {
    const same = (a: string) => a.toLowerCase() === r.name.toLowerCase();
    const declared = (r.family ?? []).map((t) => ({ name: t.name, relation: t.relation.trim().toLowerCase() }));
    const read = seedTies
      .filter((t) => same(t.of) && !same(t.name))
      .map((t) => ({ name: t.name, relation: t.relation }));
    const household = residents
      .filter((o) => o !== r && o.home === r.home)
      .map((o) => ({ name: o.name, relation: 'housemate' }));
    // (a declared tie wins over a read one; a specific word over a generic one)
    const isDeclared = (t: FamilyTie) => declared.some((d) => d.name.toLowerCase() === t.name.toLowerCase());
    const ties = [...declared, ...mergeTies([...read, ...household]).filter((t) => !isDeclared(t))];
    if (ties.length > 0) out.set(r.name, ties);
  }
  return out;
}

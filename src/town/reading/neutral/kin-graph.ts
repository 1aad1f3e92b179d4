// The resident's family from the ties a text states between any two people: the ties stated directly and those two
// stated ties in a row strictly imply ("her son's wife" is a daughter-in-law), each named by the plain word for the
// relative's gender when the text gives it, or else the rest of the town's text does (kin-genders.ts).
import type { KinItem } from '../types.ts';
import { genderOfName } from './given-names.ts';
import { type Base, compose, INVERSE, label } from './kin-words.ts';
import { quoteOf } from './quote.ts';
import type { Doc, Gender } from './text.ts';

/** `target` is `owner`'s `base` (with the target's gender when the word gives it), as the quote says. */
export interface Fact {
  owner: string;
  target: string;
  base: Base;
  gender: Gender | null;
  quote: string;
}

/** What each stated or strictly implied relative is to the resident, in plain words. */
export function deriveKin(
  doc: Doc,
  facts: readonly Fact[],
  genders: ReadonlyMap<string, Gender>,
  town: ReadonlyMap<string, Gender> = new Map(),
): KinItem[] {
  const edges = new Map<string, { to: string; base: Base; quote: string }[]>();
  const edge = (from: string, to: string, base: Base, quote: string) => {
    const list = edges.get(from) ?? [];
    if (!list.some((e) => e.to === to && e.base === base)) list.push({ to, base, quote });
    edges.set(from, list);
  };
  for (const f of facts) {
    edge(f.owner, f.target, f.base, f.quote);
    edge(f.target, f.owner, INVERSE[f.base], f.quote);
  }
  const R = doc.resident;
  const found = new Map<string, { base: Base; quote: string }>();
  let frontier: { who: string; base: Base | null; quote: string }[] = [{ who: R, base: null, quote: '' }];
  for (let depth = 0; depth < 3 && frontier.length > 0; depth++) {
    const next: typeof frontier = [];
    for (const f of frontier)
      for (const e of edges.get(f.who) ?? []) {
        if (e.to === R || found.has(e.to)) continue;
        const base = f.base === null ? e.base : compose(f.base, e.base);
        if (!base) continue;
        const quote = f.quote ? quoteOf(doc, [f.quote, e.quote]) : e.quote;
        found.set(e.to, { base, quote });
        next.push({ who: e.to, base, quote });
      }
    frontier = next;
  }
  // a word with no generic form ("brother-in-law") takes a spouse's gender as the other's opposite, the usual case,
  // rather than dropping a tie the text states
  const spouseOf = (name: string) =>
    facts.find(
      (f) =>
        f.base === 'spouse' &&
        (f.owner === name || f.target === name) &&
        (genders.has(f.owner === name ? f.target : f.owner) || town.has(f.owner === name ? f.target : f.owner)),
    );
  // the text's own words; for a word with no generic form ("mother-in-law", "uncle"), a given name a reader knows,
  // else the spouse's opposite (a generic word the text allows is kept rather than guessed from a name)
  const genderOf = (name: string, base: Base): Gender | null => {
    const g = genders.get(name) ?? town.get(name);
    if (g || label(base, null)) return g ?? null;
    const known = genderOfName(name);
    if (known) return known;
    const sp = spouseOf(name);
    if (!sp) return null;
    const other = sp.owner === name ? sp.target : sp.owner;
    return (genders.get(other) ?? town.get(other)) === 'f' ? 'm' : 'f';
  };
  const out: KinItem[] = [];
  for (const [name, { base, quote }] of found) {
    const relation = label(base, genderOf(name, base));
    if (relation && doc.frame.people.includes(name)) out.push({ name, relation, quote });
  }
  return out;
}

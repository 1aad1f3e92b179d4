// Relatives named by a kin word ("her sister", "Mum", "his parents") through the resident's family: what the
// secrets, household and events readers use when the text says "tell her mother" or "lives with his parents".
import type { KinItem } from '../types.ts';
import { isPlural, kinWord } from './kin-words.ts';

/**
 * The family members a kin word names. A singular word names one person: the one whose tie has that word's gender,
 * else the only one with that tie; a plural names them all.
 */
export function relativesNamed(word: string, family: readonly KinItem[]): string[] {
  const w = kinWord(word);
  if (!w) return [];
  const same = family.filter((k) => kinWord(k.relation)?.[0] === w[0]);
  if (isPlural(word) || w[1] === null) return same.map((k) => k.name);
  const exact = same.filter((k) => kinWord(k.relation)?.[1] === w[1]);
  if (exact.length > 0) return exact.map((k) => k.name);
  const open = same.filter((k) => kinWord(k.relation)?.[1] === null);
  return open.length === 1 ? [open[0]!.name] : [];
}

/** What X's relative is to the resident, by X's tie to the resident and the word said of X ("his father"). */
const THROUGH: Partial<Record<string, Partial<Record<string, string[]>>>> = {
  child: { parent: ['spouse', 'partner'], sibling: ['child'], grandparent: ['parent'] },
  spouse: { child: ['child'], parent: ['parent-in-law'], sibling: ['sibling-in-law'] },
  partner: { child: ['child'], parent: ['parent-in-law'] },
  sibling: { parent: ['parent'], sibling: ['sibling'], child: ['nibling'] },
  parent: { spouse: ['parent'], partner: ['parent'], child: ['sibling'], parent: ['grandparent'] },
};

/**
 * The family members a kin word names when it is said of someone else in the family ("he will tell his father
 * himself" of the resident's son: the resident's husband). Empty when the tie does not lead anywhere plain.
 */
export function relativesOfRelative(owner: string, word: string, family: readonly KinItem[]): string[] {
  const tie = kinWord(family.find((k) => k.name === owner)?.relation ?? '');
  const w = kinWord(word);
  if (!tie || !w) return [];
  const bases = THROUGH[tie[0]]?.[w[0]] ?? [];
  const found = family.filter((k) => {
    if (k.name === owner) return false;
    const r = kinWord(k.relation);
    return !!r && bases.includes(r[0]) && (w[1] === null || r[1] === null || r[1] === w[1]);
  });
  return isPlural(word) || found.length <= 1 ? found.map((k) => k.name) : [];
}

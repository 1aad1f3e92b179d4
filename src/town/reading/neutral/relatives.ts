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

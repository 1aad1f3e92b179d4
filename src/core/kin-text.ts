// A neutral reader of family and household in seed phrases (issue 22 item 5): "A is married to B", "C is A's son",
// "A and B are C's parents", "A shares the flat with his flatmate B", "A lives with B". It knows the words for ties
// of family and household, nothing about any town: every name alike. The town builds each resident's family from
// it and from the town file (src/town/family.ts).

/** Words for a tie, and what the other side is then ("son" -> the other is a parent). */
const INVERSE: Record<string, string> = {
  son: 'parent',
  daughter: 'parent',
  child: 'parent',
  stepson: 'stepparent',
  stepdaughter: 'stepparent',
  mother: 'child',
  father: 'child',
  parent: 'child',
  stepmother: 'stepchild',
  stepfather: 'stepchild',
  wife: 'spouse',
  husband: 'spouse',
  spouse: 'spouse',
  partner: 'partner',
  fiancé: 'fiancé',
  fiancée: 'fiancé',
  fiance: 'fiancé',
  fiancee: 'fiancé',
  brother: 'sibling',
  sister: 'sibling',
  sibling: 'sibling',
  grandmother: 'grandchild',
  grandfather: 'grandchild',
  grandparent: 'grandchild',
  grandson: 'grandparent',
  granddaughter: 'grandparent',
  grandchild: 'grandparent',
  aunt: 'niece or nephew',
  uncle: 'niece or nephew',
  niece: 'aunt or uncle',
  nephew: 'aunt or uncle',
  cousin: 'cousin',
  flatmate: 'flatmate',
  roommate: 'roommate',
  housemate: 'housemate',
  'mother-in-law': 'child-in-law',
  'father-in-law': 'child-in-law',
  'son-in-law': 'parent-in-law',
  'daughter-in-law': 'parent-in-law',
  'brother-in-law': 'sibling-in-law',
  'sister-in-law': 'sibling-in-law',
};
const PLURAL: Record<string, string> = { parents: 'parent', children: 'child', sons: 'son', daughters: 'daughter' };
const WORDS = [...Object.keys(INVERSE), ...Object.keys(PLURAL)].sort((a, b) => b.length - a.length).join('|');
/** Is the word a kinship or household word ("husband", "daughters", "flatmate")? A person, never an event. */
export const isKinWord = (w: string): boolean => singular(w.trim()) in INVERSE;
const NAME = String.raw`\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)+`;

export interface KinTie {
  /** Whose tie it is (full name). */
  of: string;
  /** The other person (full name). */
  name: string;
  /** What `name` is to `of`, in plain words ("son", "wife", "flatmate"). */
  relation: string;
}

const singular = (w: string) => PLURAL[w.toLowerCase()] ?? w.toLowerCase();
/** What the other side of a tie is ("son" -> "parent", "mother-in-law" -> "child-in-law"); "relative" if unknown. */
export const inverse = (w: string) => INVERSE[singular(w)] ?? 'relative';

/** Ties of family and household stated in one phrase (both directions), between full names. */
export function kinIn(phrase: string): KinTie[] {
  const out: KinTie[] = [];
  const both = (a: string, b: string, rel: string) => {
    const r = singular(rel);
    out.push({ of: a, name: b, relation: r }, { of: b, name: a, relation: inverse(r) });
  };
  const married = new RegExp(String.raw`(${NAME})\s+(?:is|has been|got)\s+married\s+to\s+(${NAME})`, 'u').exec(phrase);
  if (married) both(married[1]!, married[2]!, 'spouse');
  const pair = new RegExp(String.raw`(${NAME})\s+and\s+(${NAME})\s+are\s+married\b`, 'u').exec(phrase);
  if (pair) both(pair[1]!, pair[2]!, 'spouse');
  // "C is A's son", "A and B are C's parents"
  const is = new RegExp(
    String.raw`(${NAME})(?:\s+and\s+(${NAME}))?\s+(?:is|are)\s+(${NAME})['’]s?\s+(${WORDS})\b`,
    'u',
  ).exec(phrase);
  if (is) for (const who of [is[1], is[2]].filter((x): x is string => !!x)) both(is[3]!, who, is[4]!);
  // "A ... with his flatmate B", "tell only his wife B", "A's daughter B"
  const subject = new RegExp(String.raw`^\s*(${NAME})\s+[a-z]`, 'u').exec(phrase)?.[1];
  for (const m of phrase.matchAll(new RegExp(String.raw`\b(?:his|her|their)\s+(${WORDS})\s+(${NAME})`, 'gu')))
    if (subject && subject !== m[2]) both(subject, m[2]!, m[1]!);
  for (const m of phrase.matchAll(new RegExp(String.raw`(${NAME})['’]s\s+(${WORDS})\s+(${NAME})`, 'gu')))
    both(m[1]!, m[3]!, m[2]!);
  const lives = new RegExp(String.raw`(${NAME})\s+(?:lives|shares [\p{L} ]+?)\s+with\s+(${NAME})`, 'u').exec(phrase);
  if (lives && !out.some((t) => t.of === lives[1] && t.name === lives[2])) both(lives[1]!, lives[2]!, 'housemate');
  return out;
}

/** Generic words give way to specific ones for the same pair ("parent" to "mother", "spouse" to "wife"). */
const GENERIC = new Set(['parent', 'child', 'spouse', 'sibling', 'relative', 'housemate', 'grandparent', 'grandchild']);

/** Merges ties per pair, the most specific word kept. */
export function mergeTies<T extends { name: string; relation: string }>(ties: readonly T[]): T[] {
  const out: T[] = [];
  for (const t of ties) {
    const k = out.findIndex((x) => x.name.toLowerCase() === t.name.toLowerCase());
    if (k < 0) out.push(t);
    else if (GENERIC.has(out[k]!.relation) && !GENERIC.has(t.relation)) out[k] = t;
  }
  return out;
}

// Kin words and how ties combine, for the neutral reader: "mum", "hubby", "stepdad", "sister-in-law" and their
// plurals, each as a base tie and a gender; the tie seen from the other side; two ties in a row ("her son's wife" is
// a daughter-in-law). Only what a tie strictly implies is combined: a mother's husband is not thereby a father.
import type { Relation } from '../types.ts';
import type { Gender } from './text.ts';

export type Base =
  | 'parent'
  | 'child'
  | 'spouse'
  | 'partner'
  | 'sibling'
  | 'grandparent'
  | 'grandchild'
  | 'auntuncle'
  | 'nibling'
  | 'cousin'
  | 'parent-in-law'
  | 'child-in-law'
  | 'sibling-in-law'
  | 'stepparent'
  | 'stepchild';

type Word = [Base, Gender | null];

const W: Record<string, Word> = {
  mother: ['parent', 'f'],
  mum: ['parent', 'f'],
  mom: ['parent', 'f'],
  mam: ['parent', 'f'],
  mummy: ['parent', 'f'],
  mommy: ['parent', 'f'],
  ma: ['parent', 'f'],
  mama: ['parent', 'f'],
  mamá: ['parent', 'f'],
  mami: ['parent', 'f'],
  mammy: ['parent', 'f'],
  papá: ['parent', 'm'],
  papi: ['parent', 'm'],
  father: ['parent', 'm'],
  dad: ['parent', 'm'],
  da: ['parent', 'm'],
  daddy: ['parent', 'm'],
  papa: ['parent', 'm'],
  pa: ['parent', 'm'],
  parent: ['parent', null],
  son: ['child', 'm'],
  boy: ['child', 'm'],
  lad: ['child', 'm'],
  youngest: ['child', null],
  eldest: ['child', null],
  lass: ['child', 'f'],
  daughter: ['child', 'f'],
  girl: ['child', 'f'],
  child: ['child', null],
  kid: ['child', null],
  wife: ['spouse', 'f'],
  husband: ['spouse', 'm'],
  hubby: ['spouse', 'm'],
  // notes' abbreviations: "husb Rik", "dau Bea (4)", "Sis-in-law Val"
  husb: ['spouse', 'm'],
  dau: ['child', 'f'],
  'sis-in-law': ['sibling-in-law', 'f'],
  'bro-in-law': ['sibling-in-law', 'm'],
  spouse: ['spouse', null],
  partner: ['partner', null],
  boyfriend: ['partner', 'm'],
  girlfriend: ['partner', 'f'],
  fiancé: ['partner', 'm'],
  fiancée: ['partner', 'f'],
  fiance: ['partner', 'm'],
  fiancee: ['partner', 'f'],
  brother: ['sibling', 'm'],
  bro: ['sibling', 'm'],
  sis: ['sibling', 'f'],
  sister: ['sibling', 'f'],
  sibling: ['sibling', null],
  twin: ['sibling', null],
  'half-brother': ['sibling', 'm'],
  'half-sister': ['sibling', 'f'],
  grandmother: ['grandparent', 'f'],
  grandma: ['grandparent', 'f'],
  gran: ['grandparent', 'f'],
  granny: ['grandparent', 'f'],
  nan: ['grandparent', 'f'],
  nana: ['grandparent', 'f'],
  nanna: ['grandparent', 'f'],
  grandfather: ['grandparent', 'm'],
  grandpa: ['grandparent', 'm'],
  grandad: ['grandparent', 'm'],
  granddad: ['grandparent', 'm'],
  gramps: ['grandparent', 'm'],
  grandparent: ['grandparent', null],
  grandson: ['grandchild', 'm'],
  granddaughter: ['grandchild', 'f'],
  grandchild: ['grandchild', null],
  grandkid: ['grandchild', null],
  aunt: ['auntuncle', 'f'],
  auntie: ['auntuncle', 'f'],
  aunty: ['auntuncle', 'f'],
  uncle: ['auntuncle', 'm'],
  niece: ['nibling', 'f'],
  nephew: ['nibling', 'm'],
  cousin: ['cousin', null],
  'mother-in-law': ['parent-in-law', 'f'],
  'father-in-law': ['parent-in-law', 'm'],
  'parent-in-law': ['parent-in-law', null],
  'son-in-law': ['child-in-law', 'm'],
  'daughter-in-law': ['child-in-law', 'f'],
  'brother-in-law': ['sibling-in-law', 'm'],
  'sister-in-law': ['sibling-in-law', 'f'],
  stepmother: ['stepparent', 'f'],
  stepmum: ['stepparent', 'f'],
  stepmom: ['stepparent', 'f'],
  stepfather: ['stepparent', 'm'],
  stepdad: ['stepparent', 'm'],
  stepparent: ['stepparent', null],
  stepson: ['stepchild', 'm'],
  stepdaughter: ['stepchild', 'f'],
  stepchild: ['stepchild', null],
  stepkid: ['stepchild', null],
};
const PLURALS: Record<string, string> = {
  children: 'child',
  grandchildren: 'grandchild',
  stepchildren: 'stepchild',
  'parents-in-law': 'parent-in-law',
  'in-laws': 'parent-in-law',
  'brothers-in-law': 'brother-in-law',
  'sisters-in-law': 'sister-in-law',
  'sons-in-law': 'son-in-law',
  'daughters-in-law': 'daughter-in-law',
};

/** The word as written, hyphens and "step-" normalised: "step-mother" -> "stepmother", "Sons" -> "son". */
function key(word: string): string {
  const w = word
    .toLowerCase()
    .replace(/^step[- ]/, 'step')
    .replace(/\s+/g, '-');
  if (w in W) return w;
  if (w in PLURALS) return PLURALS[w]!;
  if (w.endsWith('s') && w.slice(0, -1) in W) return w.slice(0, -1);
  return w;
}

/** The base tie and gender of a kin word ("mum" -> parent, f), or null for no kin word. */
export function kinWord(word: string): Word | null {
  return W[key(word)] ?? null;
}

/** Is the kin word plural ("parents", "children", "in-laws")? */
export const isPlural = (word: string): boolean => {
  const w = word.toLowerCase().replace(/\s+/g, '-');
  return w in PLURALS || (w.endsWith('s') && !(w in W));
};

const STEMS = Object.keys(W)
  .flatMap((w) => [w, `${w}s`])
  .concat(Object.keys(PLURALS))
  .map((w) => w.replace(/-/g, '[- ]').replace(/^step/, 'step[- ]?'))
  .sort((a, b) => b.length - a.length);
/** A regular expression source matching one kin word (any case, plurals too). */
export const KIN = `(?:${STEMS.join('|')})`;

export const INVERSE: Record<Base, Base> = {
  parent: 'child',
  child: 'parent',
  spouse: 'spouse',
  partner: 'partner',
  sibling: 'sibling',
  grandparent: 'grandchild',
  grandchild: 'grandparent',
  auntuncle: 'nibling',
  nibling: 'auntuncle',
  cousin: 'cousin',
  'parent-in-law': 'child-in-law',
  'child-in-law': 'parent-in-law',
  'sibling-in-law': 'sibling-in-law',
  stepparent: 'stepchild',
  stepchild: 'stepparent',
};

/** Y is X's `second`, X is R's `first`: what Y is to R, when that is strictly implied. */
const COMPOSE: Partial<Record<Base, Partial<Record<Base, Base>>>> = {
  parent: { parent: 'grandparent', sibling: 'auntuncle', child: 'sibling' },
  child: { child: 'grandchild', spouse: 'child-in-law', sibling: 'child', partner: 'child-in-law' },
  sibling: { sibling: 'sibling', child: 'nibling', spouse: 'sibling-in-law', parent: 'parent' },
  spouse: { parent: 'parent-in-law', sibling: 'sibling-in-law' },
  auntuncle: { child: 'cousin' },
  grandchild: { sibling: 'grandchild' },
  grandparent: { spouse: 'grandparent' },
};

export const compose = (first: Base, second: Base): Base | null => COMPOSE[first]?.[second] ?? null;

const LABELS: Record<Base, [Relation, Relation, Relation | null]> = {
  parent: ['mother', 'father', 'parent'],
  child: ['daughter', 'son', 'child'],
  spouse: ['wife', 'husband', 'spouse'],
  partner: ['partner', 'partner', 'partner'],
  sibling: ['sister', 'brother', 'sibling'],
  grandparent: ['grandmother', 'grandfather', 'grandparent'],
  grandchild: ['granddaughter', 'grandson', 'grandchild'],
  auntuncle: ['aunt', 'uncle', null],
  nibling: ['niece', 'nephew', null],
  cousin: ['cousin', 'cousin', 'cousin'],
  'parent-in-law': ['mother-in-law', 'father-in-law', null],
  'child-in-law': ['daughter-in-law', 'son-in-law', null],
  'sibling-in-law': ['sister-in-law', 'brother-in-law', null],
  stepparent: ['stepmother', 'stepfather', null],
  stepchild: ['stepdaughter', 'stepson', null],
};

/** The plain word for a tie to someone of this gender; null when the word needs a gender the text never gave. */
export function label(base: Base, gender: Gender | null): Relation | null {
  const [f, m, none] = LABELS[base];
  return gender === 'f' ? f : gender === 'm' ? m : none;
}

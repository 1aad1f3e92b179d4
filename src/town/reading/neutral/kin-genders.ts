// Who is a woman and who a man, as the town's own words say it, for the kin words that carry no gender: Jess's
// "her parents, Gwen and Alan" knows the tie, but "mother" and "father" need what the rest of the town says of each.
// Said of a person anywhere in the town: a gendered kin word ("her husband Alan", "Gwen and Alan's girl"), a title
// ("Mrs Oakes"), a gendered word for what they are ("Maureen is the postmistress", "I'm a widow", a note's "Widow.");
// failing those, the pronouns of the person's own text when it is told of them in the third person. Never from the
// name itself: a person the text gives no such word for keeps the word without gender ("parent", "spouse").
import type { KinItem } from '../types.ts';
import type { Fact } from './kin-graph.ts';
import { type Base, KIN, kinWord, label } from './kin-words.ts';
import { type Doc, type Gender, MEN_TITLES, personOf, WOMEN_TITLES } from './text.ts';

/** One thing the text says of a person's gender: a word said of them, or their own text's pronouns. */
export interface GenderVote {
  person: string;
  gender: Gender;
  by: 'word' | 'pronoun';
}

/** Words for what someone is that say their gender ("the landlady", "a widower", "a quiet man"). */
const ROLES: Record<string, Gender> = {
  widow: 'f',
  widower: 'm',
  landlady: 'f',
  postmistress: 'f',
  headmistress: 'f',
  schoolmistress: 'f',
  waitress: 'f',
  actress: 'f',
  hostess: 'f',
  seamstress: 'f',
  stewardess: 'f',
  governess: 'f',
  housewife: 'f',
  matriarch: 'f',
  patriarch: 'm',
  nun: 'f',
  monk: 'm',
  woman: 'f',
  lady: 'f',
  lass: 'f',
  girl: 'f',
  man: 'm',
  gentleman: 'm',
  bloke: 'm',
  chap: 'm',
  fellow: 'm',
  lad: 'm',
  boy: 'm',
  businessman: 'm',
  policeman: 'm',
};
const ROLE = `(?:${Object.keys(ROLES).join('|')}|\\p{L}+woman|${KIN})`;

/** The gender a word says: a role noun's, a word ending in "woman", or a gendered kin word's. */
function genderOfWord(word: string): Gender | null {
  const w = word.toLowerCase();
  if (w in ROLES) return ROLES[w]!;
  if (/\p{L}woman$/u.test(w)) return 'f';
  return kinWord(w)?.[1] ?? null;
}

// up to three describing words before the noun ("a retired", "the new young"), none of them a word that ends the
// noun phrase ("a friend of the landlady" is about the friend)
const ADJ = String.raw`(?:(?!(?:of|to|with|for|and|or|but|who|that|in|at|on|from|by|her|his|my|their|our|your)\b)[\p{L}-]+,?\s+){0,3}`;
const NOUN = String.raw`(?:ex-)?(${ROLE})(?![\p{L}-])(?!['’]s)(?!\s+(?:figure|hen|tongue)\b)`;
/** "@3 is the postmistress", "@3 was a widower", "@3, the landlady,": the word is what @3 is. */
const PREDICATED = new RegExp(
  String.raw`(@\d+)(?!['’]s)(?:\s+(?:is|was|has been|had been|became)\s+(?:also\s+|now\s+|still\s+)?|\s*,\s*)(?:a|an|the)\s+${ADJ}${NOUN}`,
  'giu',
);
/** "I'm a widow", "I am the landlady here", "I was a mother of three": what the writer is. */
const SELF = new RegExp(
  String.raw`\bI(?:['’]m|\s+am|\s+was|['’]ve been|\s+have been|\s+became)\s+(?:also\s+|now\s+|still\s+|just\s+)?(?:a|an|the)\s+${ADJ}${NOUN}`,
  'giu',
);
/**
 * A note's fragment on its own subject: "Widow.", "Retired postmistress, 30 yrs.", "Mother of three." (not a bare
 * kin word, which in a note labels a relative: "Husband: at sea.", "Son, 12.")
 */
const FRAGMENT = new RegExp(
  String.raw`^(?:(?:retired|former|proud|young|old|ex)[\s-]+)?(?:(${Object.keys(ROLES)
    .filter((w) => !kinWord(w))
    .join(
      '|',
    )}|\p{L}+woman)(?![\p{L}-])(?=\s*(?:[,.;:(]|$))|(${KIN})\s+(?:of|to)\s+(?:\d|one|two|three|four|five|six|seven|eight|nine|ten)\b)`,
  'iu',
);

// the pronouns that stand for a person as subject or owner ("she's", "his boat", "her stall"; not the object "her" of
// "takes her a loaf" nor "him", which are most often someone else's after the one the clause is about)
const PRONOUN =
  /@(\d+)|\b(she|he|his|herself|himself)\b|\b(her)\b(?!\s*(?:[,.;:!?)]|$|\b(?:a|an|the|to|and|or|that|this|up|out|in|on|at|for|with|about|off|round|back|down|over|from|as|if|so|too|now|again|yet|though)\b))/giu;

/**
 * The resident's gender by their own text's pronouns, told in the third person: each pronoun whose nearest named
 * person before it (in its field) is the resident, or who comes before anyone is named; a clear majority, never a
 * stray "his" after someone else's name ("Gwen reckons Denny waters his beer").
 */
function ownPronouns(doc: Doc): Gender | null {
  if (doc.firstPerson || doc.sentences.some((s) => s.speaker !== undefined)) return null;
  const R = doc.frame.people.indexOf(doc.resident);
  const count = { f: 0, m: 0 };
  let field = '';
  let last = -1;
  for (const s of doc.sentences) {
    if (s.field !== field) {
      field = s.field;
      last = -1;
    }
    for (const m of s.marked.matchAll(PRONOUN)) {
      if (m[1] !== undefined) last = Number(m[1]);
      else if (last === -1 || last === R) count[/^(?:he|his|himself)$/i.test(m[0]) ? 'm' : 'f']++;
    }
  }
  const [win, lose, gender] = count.f >= count.m ? [count.f, count.m, 'f' as const] : [count.m, count.f, 'm' as const];
  return win >= 2 && win >= 3 * lose ? gender : null;
}

/** The titles that say a name's bearer's gender: before it ("Mrs Oakes", "Mr Pettifer") or a register's after it ("Oakes, M. (Mrs)"). */
export function titleGenders(doc: Doc): GenderVote[] {
  const out: GenderVote[] = [];
  const women = new RegExp(`^${WOMEN_TITLES}\\b|^\\s*\\(\\s*${WOMEN_TITLES}\\.?\\s*\\)`);
  const men = new RegExp(`^${MEN_TITLES}\\b|^\\s*\\(\\s*${MEN_TITLES}\\.?\\s*\\)`);
  for (const s of doc.sentences)
    for (const m of s.mentions)
      for (const said of [s.text.slice(m.at, m.at + m.length), s.text.slice(m.at + m.length)]) {
        if (women.test(said)) out.push({ person: m.person, gender: 'f', by: 'word' });
        else if (men.test(said)) out.push({ person: m.person, gender: 'm', by: 'word' });
        else continue;
        break;
      }
  return out;
}

/** Everything one resident's text says of anyone's gender, with the ties the kin reader found in it. */
export function genderVotes(doc: Doc, facts: readonly Fact[]): GenderVote[] {
  const people = doc.frame.people;
  const out: GenderVote[] = titleGenders(doc);
  // a gendered kin word said of someone: "her husband Alan" (Alan), "Alan's Gwen's other half ... Gwen's wife"
  for (const f of facts) if (f.gender) out.push({ person: f.target, gender: f.gender, by: 'word' });
  const said = (person: string | null, word: string) => {
    const gender = genderOfWord(word);
    if (person && gender) out.push({ person, gender, by: 'word' });
  };
  const speaking = doc.sentences.some((s) => s.speaker !== undefined);
  for (const s of doc.sentences) {
    for (const m of s.marked.matchAll(PREDICATED)) {
      // ("Asked Bruno, Ines, the boy, Carla": a list's items, not a name and what it is)
      const listed =
        /@\d+\s*,\s*$/.test(s.marked.slice(0, m.index)) ||
        /^\s*,\s*(?:and\s+)?@\d/.test(s.marked.slice(m.index + m[0].length));
      if (!(listed && !/\b(?:is|was|has been|had been|became)\b/i.test(m[0]))) said(personOf(m[1]!, people), m[2]!);
    }
    if (doc.firstPerson && !speaking) for (const m of s.marked.matchAll(SELF)) said(doc.resident, m[1]!);
    // (a fragment naming nobody and with no pronoun is about the text's subject)
    if (!doc.firstPerson && !/@\d|\b(?:she|he|her|his|him|they|i|my)\b/i.test(s.marked)) {
      const m = FRAGMENT.exec(s.marked.trim());
      if (m) said(doc.resident, (m[1] ?? m[2])!);
    }
  }
  const own = ownPronouns(doc);
  if (own) out.push({ person: doc.resident, gender: own, by: 'pronoun' });
  return out;
}

// "with mum and dad", "my brother and sister", "Mum & Dad": two words of one tie and of both genders, said of the
// resident's own relatives (not "Noor's mum and dad", "a mum and dad", nor words that name someone after them)
const PAIR = new RegExp(
  String.raw`(?<!@\d+['’]s\s+|\b(?:a|an|the|their|our|your|whose|any|every)\s+)(?:\b(my|her|his)\s+)?(?<![\p{L}-])(${KIN})\s*(?:and|&|\+|n['’])\s*(?:(?:my|her|his)\s+)?(${KIN})(?![\p{L}-])(?!['’]s)(?!\s*[,(:—–-]?\s*@)`,
  'giu',
);

/**
 * What a pair of words of both genders for one tie says ("back home with mum and dad"): when the resident has just
 * two relatives of that tie and the town says one's gender, the other is of the other gender.
 */
export function pairVotes(doc: Doc, family: readonly KinItem[], genders: ReadonlyMap<string, Gender>): GenderVote[] {
  const out: GenderVote[] = [];
  const own = genders.get(doc.resident) ?? doc.gender;
  for (const s of doc.sentences)
    for (const m of s.marked.matchAll(PAIR)) {
      const poss = m[1]?.toLowerCase();
      if (poss === 'my' ? !doc.firstPerson : poss && (doc.firstPerson || own !== (poss === 'her' ? 'f' : 'm')))
        continue;
      const a = kinWord(m[2]!);
      const b = kinWord(m[3]!);
      if (!a || !b || a[0] !== b[0] || !a[1] || !b[1] || a[1] === b[1]) continue;
      const two = family.filter((k) => kinWord(k.relation)?.[0] === a[0]);
      if (two.length !== 2) continue;
      const known = two.map((k) => kinWord(k.relation)?.[1] ?? genders.get(k.name) ?? null);
      const i = known.indexOf(null);
      const other = known[1 - i];
      if (i < 0 || !other) continue;
      out.push({ person: two[i]!.name, gender: other === 'f' ? 'm' : 'f', by: 'word' });
    }
  return out;
}

/**
 * Each person's gender from the whole town's votes: the words said of them when they agree (or one side has twice
 * the other's), else their own text's pronouns when no word was said of them at all.
 */
export function townGenders(votes: readonly GenderVote[]): Map<string, Gender> {
  const tally = new Map<string, { f: number; m: number; own: Gender | null }>();
  for (const v of votes) {
    const t = tally.get(v.person) ?? { f: 0, m: 0, own: null };
    if (v.by === 'word') t[v.gender]++;
    else t.own = v.gender;
    tally.set(v.person, t);
  }
  const out = new Map<string, Gender>();
  for (const [person, t] of tally) {
    if (t.f + t.m === 0) {
      if (t.own) out.set(person, t.own);
    } else if (t.f >= 2 * t.m) out.set(person, 'f');
    else if (t.m >= 2 * t.f) out.set(person, 'm');
  }
  return out;
}

/** A family whose words with no gender ("parent", "spouse") take the relative's gender where the town says it. */
export function genderedFamily(family: readonly KinItem[], genders: ReadonlyMap<string, Gender>): KinItem[] {
  return family.map((k) => {
    const w = kinWord(k.relation);
    const g = genders.get(k.name);
    if (!w || w[1] !== null || !g) return k;
    const relation = label(w[0] as Base, g);
    return relation ? { ...k, relation } : k;
  });
}

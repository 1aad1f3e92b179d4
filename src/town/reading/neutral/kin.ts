// Family ties in a resident's text, from any phrasing: possessives ("her husband Tom", "Rosa's sister Maud"),
// apposition ("Tom, her husband,"), copulas ("Maud is Eli's mother", "She is Tom's wife"), marriage ("married to
// Tom"), lists ("two children, Eli (15) and Nell (12)", "Husband: Tom"), "their son" after a couple, terse notes
// ("Mum to Eli."). Every tie the text states between any two people is gathered first; the resident's own ties are
// then those stated directly and those strictly implied by two in a row ("her son's wife" is a daughter-in-law).
import type { KinItem } from '../types.ts';
import { genderVotes, pairVotes, titleGenders, townGenders } from './kin-genders.ts';
import { deriveKin, type Fact } from './kin-graph.ts';
import { type Ctx, ownersOf, subjectBefore } from './kin-owners.ts';
import { RE, scan, TITLE } from './kin-patterns.ts';
import { compose, isPlural, KIN, kinWord } from './kin-words.ts';
import { type Doc, type Gender, personOf, type Sentence } from './text.ts';

function add(ctx: Ctx, owners: string[], word: string, targets: string[], quote: string, chain?: string) {
  const w = kinWord(word);
  if (!w) return;
  let [base, gender] = w;
  if (chain) {
    const c = kinWord(chain);
    const composed = c ? compose(base, c[0]) : null;
    if (!c || !composed) return;
    base = composed;
    gender = c[1];
  }
  // a singular word names one person ("her son Eli and Nell": Nell is not thereby a son)
  const named = isPlural(word) || chain ? targets : targets.slice(0, 1);
  for (const owner of owners)
    for (const target of named) {
      // the first reading of a pair stands ("Mum and Dad, Margaret and Ronald" before "Dad, Margaret")
      if (owner === target) continue;
      const had = ctx.facts.find((f) => f.owner === owner && f.target === target);
      if (had) {
        // "married to Marta" then "his wife Marta": one tie, with the more specific word
        if (had.base === base && gender && !had.gender) {
          had.gender = gender;
          if (!ctx.genders.has(target)) ctx.genders.set(target, gender);
        }
        continue;
      }
      ctx.facts.push({ owner, target, base, gender, quote });
      if (base === 'spouse' || base === 'partner') ctx.couple = [owner, target];
      if (gender && !ctx.genders.has(target)) ctx.genders.set(target, gender);
    }
}

const listOf = (ctx: Ctx, marked: string): string[] => {
  const out: string[] = [];
  for (const m of marked.matchAll(/@(\d+)/g)) {
    const p = ctx.doc.frame.people[Number(m[1])];
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
};

function readSentence(ctx: Ctx, s: Sentence) {
  const t = s.marked;
  const q = s.text;
  const people = ctx.doc.frame.people;
  // whose the possessives before a position were ("his wife, Mei, ..., and son, Eddy": the same man's)
  const possessors: { at: number; owners: string[] }[] = [];
  // "Marta and Anka (my wife, my girl)": read first, before either name is taken for the other's tie
  for (const m of scan(RE.respectively, t)) {
    add(ctx, [ctx.doc.resident], m[3]!, [personOf(m[1]!, people)!], q);
    add(ctx, [ctx.doc.resident], m[4]!, [personOf(m[2]!, people)!], q);
  }
  for (const m of scan(RE.respectivelyAfter, t)) {
    add(ctx, [ctx.doc.resident], m[3]!, [personOf(m[1]!, people)!], q);
    add(ctx, [ctx.doc.resident], m[4]!, [personOf(m[2]!, people)!], q);
  }
  for (const m of scan(RE.paired, t)) {
    const owners = ownersOf(ctx, /^(?:her|his|my|their|our)\b/i.test(m[0]) ? m[0].split(/\s+/)[0]! : 'my', t, m.index);
    add(ctx, owners, m[1]!, [personOf(m[3]!, people)!], q);
    add(ctx, owners, m[2]!, [personOf(m[4]!, people)!], q);
  }
  for (const m of scan(RE.chained, t)) add(ctx, ownersOf(ctx, m[1]!, t, m.index), m[2]!, listOf(ctx, m[4]!), q, m[3]);
  for (const m of scan(RE.possessed, t)) {
    const owners = ownersOf(ctx, m[1]!, t, m.index);
    possessors.push({ at: m.index, owners });
    add(ctx, owners, m[2]!, listOf(ctx, m[3]!), q);
  }
  for (const m of scan(RE.possessedIs, t)) {
    const owners = ownersOf(ctx, m[1]!, t, m.index);
    const target = personOf(m[3]!, people);
    if (target) add(ctx, owners, m[2]!, [target], q);
  }
  for (const m of scan(RE.bracketed, t)) {
    const target = personOf(m[1]!, people);
    for (const tie of m[2]!.matchAll(
      new RegExp(String.raw`(@\d+)['’]s\s+(?:[\p{L}-]+\s+)*?(${KIN})(?![\p{L}-])`, 'giu'),
    )) {
      const owner = personOf(tie[1]!, people);
      if (owner && target) add(ctx, [owner], tie[2]!, [target], q);
    }
  }
  for (const m of scan(RE.apposed, t)) {
    const owners = ownersOf(ctx, m[2]!, t, m.index);
    const targets = listOf(ctx, m[1]!);
    add(ctx, owners, m[3]!, isPlural(m[3]!) ? targets : targets.slice(-1), q);
  }
  for (const m of scan(RE.soTie, t)) {
    const target = personOf(m[1]!, people);
    if (target) add(ctx, ownersOf(ctx, m[2]!, t, m.index + m[0].length, [target]), m[3]!, [target], q);
  }
  for (const m of scan(RE.apposedBare, t)) {
    const target = personOf(m[1]!, people);
    if (target) add(ctx, ownersOf(ctx, m[2]!, t, m.index, [target]), m[3]!, [target], q);
  }
  for (const m of scan(RE.apposedAnd, t)) {
    const targets = listOf(ctx, m[1]!);
    add(ctx, ownersOf(ctx, m[2]!, t, m.index, targets), m[3]!, targets.slice(-1), q);
  }
  for (const m of scan(RE.copula, t)) {
    const targets = listOf(ctx, m[1]!);
    add(ctx, ownersOf(ctx, m[2]!, t, m.index + m[0].length, targets), m[3]!, targets, q);
  }
  for (const m of scan(RE.contracted, t)) {
    const target = personOf(m[1]!, people);
    if (target) add(ctx, ownersOf(ctx, m[2]!, t, m.index + m[0].length, [target]), m[3]!, [target], q);
  }
  // "for Uncle Peter", "only told Aunt Niamh": a kin word used as a title is the speaker's relative
  for (const m of t.matchAll(TITLE)) {
    const target = personOf(m[2]!, people);
    const of = /(@\d+)['’]s\s*$/.exec(t.slice(0, m.index));
    const owner = of ? personOf(of[1]!, people) : ctx.doc.resident;
    if (target && owner) add(ctx, [owner], m[1]!, [target], q);
  }
  for (const m of scan(RE.pronounIs, t)) {
    const owners = ownersOf(ctx, m[2]!, t, m.index);
    add(ctx, owners, m[3]!, [ctx.doc.resident], q);
  }
  // "the daughter of Hemi Walker and his wife, Kiri": the couple, both parents
  const couples = t.replace(
    /(\b(?:of|to)\s+@\d+)\s+(?:and|&)\s+(?:his|her)\s+(?:wife|husband|partner)\s*,?\s*(@\d+)/giu,
    '$1 and $2',
  );
  for (const m of scan(RE.ofTo, couples)) {
    const target = subjectBefore(ctx, couples, m.index + m[0].indexOf(m[1]!));
    if (target) add(ctx, listOf(ctx, m[2]!), m[1]!, [target], q);
  }
  for (const m of scan(RE.marriedPair, t)) {
    const pair = listOf(ctx, m[1]!);
    for (const a of pair) add(ctx, [a], 'spouse', pair, q);
  }
  for (const [re, word] of [
    [RE.pairMarried, 'spouse'],
    [RE.pairPartners, 'partner'],
  ] as const)
    for (const m of scan(re, t)) {
      const who = (x: string) => (x.startsWith('@') ? personOf(x, people) : ctx.doc.resident);
      const a = who(m[1]!);
      const b = who(m[2]!);
      if (a && b && a !== b) add(ctx, [a], word, [b], q);
    }
  for (const m of scan(RE.together, t)) {
    const who = (x: string) => (x.startsWith('@') ? personOf(x, people) : ctx.doc.resident);
    const a = who(m[1]!);
    const b = who(m[2]!);
    if (a && b && a !== b) add(ctx, [a], 'partner', [b], q);
  }
  for (const m of scan(RE.marriedTo, t)) {
    const owner = subjectBefore(ctx, t, m.index);
    const other = personOf(m[1]!, people);
    if (owner && other) add(ctx, [owner], 'spouse', [other], q);
  }
  let bareOwners: string[] | null = null;
  for (const m of scan(RE.has, t)) {
    const owner = subjectBefore(ctx, t, m.index);
    // "has one sibling in town, Maud, and a nephew, Eli": the list goes on with the same owner
    if (owner) {
      add(ctx, [owner], m[1]!, listOf(ctx, m[2]!), q);
      bareOwners = [owner];
    }
  }
  for (const m of scan(RE.bare, t)) {
    // "w/ Mum (Marcia) + Dad (Winston)": the second word is the same person's as the first
    const lastOwners = possessors.filter((x) => x.at < m.index).pop()?.owners;
    const owner: string[] = lastOwners ?? bareOwners ?? [subjectBefore(ctx, t, m.index) ?? ctx.doc.resident];
    bareOwners = owner;
    add(ctx, owner, m[1]!, listOf(ctx, m[2]!), q);
  }
  for (const m of scan(RE.labelled, t)) {
    const target = personOf(m[1]!, people);
    if (target) add(ctx, [ctx.doc.resident], m[2]!, [target], q);
  }
  for (const m of scan(RE.fragment, t)) {
    const owner = personOf(m[1]!, people);
    if (owner) add(ctx, [owner], m[2]!, [ctx.doc.resident], q);
  }
  for (const m of scan(RE.register, t)) {
    const target = personOf(m[2]!, people);
    if (target) add(ctx, [ctx.doc.resident], m[1]!, [target], q);
  }
  for (const m of scan(RE.ourName, t)) {
    const target = personOf(m[2]!, people);
    // "our" is the resident's (and the one they married); "their" is the couple just named
    const owners = m[1]!.toLowerCase() === 'our' ? [ctx.doc.resident] : ownersOf(ctx, 'their', t, m.index);
    if (target && !ctx.facts.some((f) => f.target === target && owners.includes(f.owner)))
      add(ctx, owners, 'child', [target], q);
  }
  for (const m of scan(RE.bareOwner, t)) {
    const owner = personOf(m[1]!, people);
    const target = personOf(m[3]!, people);
    if (owner && target) add(ctx, [owner], m[2]!, [target], q);
  }
  for (const m of scan(RE.parenthetical, t)) {
    const target = personOf(m[1]!, people);
    if (target) add(ctx, [ctx.doc.resident], m[2]!, [target], q);
  }
}

/** Every tie the text states, between any two residents. */
export function factsOf(doc: Doc): { facts: Fact[]; genders: Map<string, Gender> } {
  const genders = new Map<string, Gender>();
  if (doc.gender) genders.set(doc.resident, doc.gender);
  for (const t of titleGenders(doc)) genders.set(t.person, t.gender);
  // twice: the first pass learns genders ("her husband Tom", "Eli is the son of") that place a later "his" or "her"
  let facts: Fact[] = [];
  for (let pass = 0; pass < 2; pass++) {
    const ctx: Ctx = { doc, genders, facts: [], prev: null, couple: null };
    for (const s of doc.sentences) {
      ctx.couple = null;
      readSentence(ctx, s);
      ctx.prev = s;
    }
    facts = ctx.facts;
    // a kin word said of the resident outweighs the text's pronouns, which may be about others
    const own = facts.find((f) => f.target === doc.resident && f.gender);
    if (own?.gender) genders.set(doc.resident, own.gender);
  }
  return { facts, genders };
}

/**
 * The resident's family among the town's people: what each relative is to the resident, from the ties the text
 * states and those two stated ties strictly imply; `town`: each person's gender as the whole town's text says it
 * (kin-genders.ts), for a relative this text gives no gendered word for.
 */
export function readKin(doc: Doc, town?: ReadonlyMap<string, Gender>): KinItem[] {
  const read = factsOf(doc);
  return deriveKin(doc, read.facts, read.genders, town ?? kinGenders([{ doc, ...read }]));
}

/**
 * Each person's gender as the texts say it (kin-genders.ts): what each says of anyone, then, with what that settles,
 * the pairs of words of both genders ("with mum and dad") said of a resident's own two relatives of one tie.
 */
export function kinGenders(
  read: readonly { doc: Doc; facts: Fact[]; genders: Map<string, Gender> }[],
): Map<string, Gender> {
  const votes = read.flatMap((r) => genderVotes(r.doc, r.facts));
  const first = townGenders(votes);
  const pairs = read.flatMap((r) => pairVotes(r.doc, deriveKin(r.doc, r.facts, r.genders, first), first));
  return pairs.length > 0 ? townGenders([...votes, ...pairs]) : first;
}

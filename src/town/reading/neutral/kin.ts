// Family ties in a resident's text, from any phrasing: possessives ("her husband Tom", "Rosa's sister Maud"),
// apposition ("Tom, her husband,"), copulas ("Maud is Eli's mother", "She is Tom's wife"), marriage ("married to
// Tom"), lists ("two children, Eli (15) and Nell (12)", "Husband: Tom"), "their son" after a couple, terse notes
// ("Mum to Eli."). Every tie the text states between any two people is gathered first; the resident's own ties are
// then those stated directly and those strictly implied by two in a row ("her son's wife" is a daughter-in-law).
import type { KinItem } from '../types.ts';
import { genderOfName } from './given-names.ts';
import { deriveKin, type Fact } from './kin-graph.ts';
import { OBJECT_BEFORE, RE, SUBJECT, scan, TITLE } from './kin-patterns.ts';
import { compose, isPlural, KIN, kinWord } from './kin-words.ts';
import { type Doc, type Gender, personOf, reportedStart, type Sentence } from './text.ts';

/** The start of the clause holding position `at` (after the last full stop, semicolon or colon). */
const clauseStart = (s: string, at: number): number => {
  // "X lives alone, though her stepdaughter Nour lives ... with her husband": a clause of its own
  let joint = 0;
  for (const m of s
    .slice(0, at)
    .matchAll(/,\s*(?:though|although|whereas|while|but|and(?=\s+(?:she|he|i|they)\b))\s+/gi))
    joint = m.index + m[0].length;
  return Math.max(0, joint, reportedStart(s, at), ...[';', ':', '—'].map((c) => s.lastIndexOf(c, at) + 1));
};

interface Ctx {
  doc: Doc;
  genders: Map<string, Gender>;
  facts: Fact[];
  /** Previous sentence, for "their" after a couple named there. */
  prev: Sentence | null;
  /** The last married or partnered pair the sentence named ("his wife Giulia and their girl"). */
  couple: string[] | null;
}

const compatible = (ctx: Ctx, person: string, pronoun: string): boolean => {
  const g = ctx.genders.get(person);
  if (!g) return true;
  return /^her$/i.test(pronoun) ? g === 'f' : /^his$/i.test(pronoun) ? g === 'm' : true;
};

/** Who the subject before `at` is: the nearest person or subject pronoun in the clause; null for "Rosa's sister". */
function subjectBefore(ctx: Ctx, s: string, at: number): string | null {
  const people = ctx.doc.frame.people;
  const head = s.slice(clauseStart(s, at), at);
  // a name after "married to", "with", "than" is an object, not who the clause is about
  const tokens = [...head.matchAll(/@(\d+)(['’]s\s+\S+)?|\b(she|he|i|they|we)\b/gi)].filter(
    (t) => !OBJECT_BEFORE.test(head.slice(0, t.index)),
  );
  const last = tokens[tokens.length - 1];
  if (!last) return ctx.doc.resident;
  if (last[3] && ctx.doc.firstPerson && /^(?:she|he)$/i.test(last[3])) {
    // "I ... ; she married the doctor": in a text said as "I", she is the one named last
    const named = [...`${ctx.prev?.marked ?? ''} ${s.slice(0, at)}`.matchAll(/@(\d+)/g)]
      .map((m) => people[Number(m[1])]!)
      .filter((x) => x && x !== ctx.doc.resident);
    return named[named.length - 1] ?? null;
  }
  if (last[3]) return ctx.doc.resident;
  if (last[2] && kinWord(last[2].replace(/^['’]s\s+/, '').replace(/[^\p{L}-]/gu, ''))) return null;
  return people[Number(last[1])] ?? ctx.doc.resident;
}

/** Two people named as a pair before `at` ("Tom and Maud", "She and Tom"), for "their". */
function coupleIn(ctx: Ctx, s: string, at: number): string[] | null {
  const people = ctx.doc.frame.people;
  const who = (t: string) => (SUBJECT.test(t) || /^(?:her|him|me)$/i.test(t) ? ctx.doc.resident : personOf(t, people));
  const pairs = [
    ...s
      .slice(0, at)
      .matchAll(
        /(@\d+(?!['’]s)|\b(?:she|he|i)\b)(?:\s*\([^()]*\)|,\s*\d+,?)?\s+(?:and|&)\s+(?:(?:her|his|my)\s+\S+\s+)?(@\d+|\b(?:her|him|me)\b)/gi,
      ),
  ];
  const m = pairs[pairs.length - 1];
  if (!m) {
    // "Maud is married to Tom; their son": the married pair
    const wed = [
      ...s.slice(0, at).matchAll(/(@\d+)(?!['’]s)[^.;@]{0,30}?\b(?:married|wed|engaged)\s+to\s+(@\d+)/gi),
    ].pop();
    const a = wed ? personOf(wed[1]!, people) : null;
    const b = wed ? personOf(wed[2]!, people) : null;
    return a && b && a !== b ? [a, b] : null;
  }
  const a = who(m[1]!);
  const b = who(m[2]!);
  return a && b && a !== b ? [a, b] : null;
}

/** Whose a possessive is: "@3's" that person; "my" the resident; "his"/"her" the clause's subject if it fits. */
function ownersOf(ctx: Ctx, poss: string, s: string, at: number, not: readonly string[] = []): string[] {
  const people = ctx.doc.frame.people;
  // "Ben and Ana Bell's daughter": both
  const named = [...poss.matchAll(/@(\d+)/g)].map((m) => people[Number(m[1])]).filter((x): x is string => !!x);
  if (named.length > 0) return named;
  const p = poss.toLowerCase();
  if (p === 'my' || p === 'our' || p === 'your') return [ctx.doc.resident];
  if (p === 'their') {
    const couple =
      coupleIn(ctx, s, at) ??
      (ctx.prev && clauseStart(s, at) === 0 ? coupleIn(ctx, ctx.prev.marked, ctx.prev.marked.length) : null) ??
      null;
    return couple ?? ctx.couple ?? [ctx.doc.resident];
  }
  if (p === 'me' || p === 'those' || p === 'these') return [ctx.doc.resident];
  // "Maud Ferris, whose husband Tom ...": the one named just before
  if (p === 'whose') {
    // the one the first "whose" follows ("Maud, whose husband Tom ... and whose son Eli")
    const named =
      [...s.slice(0, at + 6).matchAll(/@(\d+)(?!['’]s)\s*,?\s*whose\b/gi)].pop() ??
      [...s.slice(0, at).matchAll(/@(\d+)(?!['’]s)/g)].pop();
    const who = named ? people[Number(named[1])] : undefined;
    return who ? [who] : [];
  }
  // "Bea Holloway says his parents ...": just after a teller's verb, a "his" or "her" of the text's own gender is the
  // resident's (the one the text is about); "Samira says her husband" in a man's text is the teller's
  if (
    /\b(?:says?|said|hears?|heard|reckons?|claims?|insists?|reports?|swears?|believes?|thinks?)\s+(?:that\s+)?$|,\s*and\s+that\s+$/i.test(
      s.slice(0, at),
    ) &&
    ctx.genders.get(ctx.doc.resident) === (p === 'her' ? 'f' : 'm') &&
    !ctx.doc.firstPerson &&
    // "Samira says her husband, Tariq, ...": a tie whose other end is the resident is not the resident's own
    !new RegExp(
      String.raw`^\s*\S+\s+(?:[\p{L}-]+\s+){0,2}?${KIN}\s*,?\s*@${people.indexOf(ctx.doc.resident)}(?!\d)`,
      'iu',
    ).test(s.slice(at))
  )
    return [ctx.doc.resident];
  // "w/ son Jim + his wife Tina", "her husband, Kev, and his parents": the one named just before, when the word
  // fits what the text says of them
  // ("her mother, Lin Mei, and her father" is one owner's, said twice)
  const listed =
    /(?:\b(her|his)\s+(?:[\p{L}-]+\s*,?\s*){0,2}(?:is\s+)?)?(@\d+)(?!['’]s)\s*(?:\([^()]*\))?\s*,?\s*(?:and|&|\+)\s*$/iu.exec(
      s.slice(0, at),
    );
  const prior = listed ? people[Number(listed[2]!.slice(1))] : undefined;
  const parallel = listed?.[1]?.toLowerCase() === p;
  if (
    prior &&
    !parallel &&
    prior !== ctx.doc.resident &&
    !not.includes(prior) &&
    // ("Hemi and his wife, Kiri": his is Hemi's, by his name, unless an earlier "his" in the clause was the subject's:
    // "her parents Bram and Esme and her brother Kit")
    (ctx.genders.has(prior) ||
      (!listed?.[1] &&
        genderOfName(prior) !== (p === 'her' ? 'm' : 'f') &&
        !new RegExp(`\\b${p}\\b`, 'i').test(s.slice(clauseStart(s, at), listed!.index)))) &&
    compatible(ctx, prior, p)
  )
    return [prior];
  // "lived with her and her husband Earl": the same woman twice
  if (/\b(?:her|him)\s+and\s*$/i.test(s.slice(0, at)) && compatible(ctx, ctx.doc.resident, p))
    return [ctx.doc.resident];
  const head = s.slice(clauseStart(s, at), at);
  // the clause's subject: "Tom ...", "Her sister, Layla, ..." (the name said beside the kin word)
  const first = new RegExp(
    String.raw`^\s*(?:(?:and|but|while|whereas|then)\s+)?(?:((?:her|his|my|@\d+['’]s)\s+(?:[\p{L}-]+\s+)?${KIN})(?![\p{L}-])\s*,?\s*)?(@(\d+)(?!['’]s))?`,
    'iu',
  ).exec(head);
  // "though her daughter Agnieszka is three doors away and her granddaughter Zosia ...": one owner for both
  if (first?.[1] && new RegExp(`^${p}\\b`, 'i').test(first[1]) && /\band\s*$/i.test(head)) {
    const idx = clauseStart(s, at) + first[0].indexOf(first[1]);
    if (idx < at) return ownersOf(ctx, poss, s, idx, not);
  }
  const subject = first?.[3] !== undefined ? people[Number(first[3])] : undefined;
  if (subject && subject !== ctx.doc.resident && !not.includes(subject) && compatible(ctx, subject, p))
    return [subject];
  // "Mary's sister lives with her husband": a relative the text never names
  if (
    first?.[1] &&
    !first[2] &&
    !/^\s*(?:my)\b/i.test(first[1]) &&
    !/^\s*(?:is|was|are)\s+@\d/i.test(head.slice(first[0].length))
  )
    return [];
  // "Eli is the son of Maud. Tom is her husband.": "her" is not the boy's, nor anyone's in a text said as "I"
  if (!compatible(ctx, ctx.doc.resident, p) || ctx.doc.firstPerson) {
    const before = [...`${ctx.prev?.marked ?? ''} ${s.slice(0, at)}`.matchAll(/@(\d+)/g)]
      .map((m) => people[Number(m[1])]!)
      .filter((x) => x && x !== ctx.doc.resident && !not.includes(x) && compatible(ctx, x, p));
    const last = before[before.length - 1];
    if (last) {
      // whoever "her" stands for is a woman
      if (!ctx.genders.has(last)) ctx.genders.set(last, p === 'her' ? 'f' : 'm');
      return [last];
    }
  }
  return [ctx.doc.resident];
}

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
function factsOf(doc: Doc): { facts: Fact[]; genders: Map<string, Gender> } {
  const genders = new Map<string, Gender>();
  if (doc.gender) genders.set(doc.resident, doc.gender);
  for (const s of doc.sentences)
    for (const m of s.mentions) {
      const said = s.text.slice(m.at, m.at + m.length);
      if (/^(?:Mrs|Ms|Miss|Lady|Dame)\b/.test(said)) genders.set(m.person, 'f');
      else if (/^(?:Mr|Sir)\b/.test(said)) genders.set(m.person, 'm');
    }
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
 * states and those two stated ties strictly imply.
 */
export function readKin(doc: Doc): KinItem[] {
  const { facts, genders } = factsOf(doc);
  return deriveKin(doc, facts, genders);
}

// Whose a kin word is, for kin.ts: the clause's subject before a position, the couple "their" stands for, the owner
// of a possessive ("her", "his", "their", "@3's", "whose") by what the text says before it.
import { genderOfName } from './given-names.ts';
import type { Fact } from './kin-graph.ts';
import { OBJECT_BEFORE, SUBJECT } from './kin-patterns.ts';
import { KIN, kinWord } from './kin-words.ts';
import { type Doc, type Gender, personOf, reportedStart, type Sentence } from './text.ts';

/** The start of the clause holding position `at` (after the last full stop, semicolon or colon). */
export const clauseStart = (s: string, at: number): number => {
  // "X lives alone, though her stepdaughter Nour lives ... with her husband": a clause of its own
  let joint = 0;
  for (const m of s
    .slice(0, at)
    .matchAll(/,\s*(?:though|although|whereas|while|but|and(?=\s+(?:she|he|i|they)\b))\s+/gi))
    joint = m.index + m[0].length;
  return Math.max(0, joint, reportedStart(s, at), ...[';', ':', '—'].map((c) => s.lastIndexOf(c, at) + 1));
};

export interface Ctx {
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
export function subjectBefore(ctx: Ctx, s: string, at: number): string | null {
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
export function ownersOf(ctx: Ctx, poss: string, s: string, at: number, not: readonly string[] = []): string[] {
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

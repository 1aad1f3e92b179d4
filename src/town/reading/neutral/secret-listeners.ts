// Whom a private matter is for: the one a letter or a message is written to, and the listeners a "tell" phrase names
// (residents by name, family by kin word, "him", "her" and "them" by who was named before, a gender the family gives
// fitting the pronoun), for secrets.ts.
import type { KinItem } from '../types.ts';
import { genderOfName } from './given-names.ts';
import { isPlural, KIN, kinWord } from './kin-words.ts';
import { relativesNamed, relativesOfRelative } from './relatives.ts';
import { keptIn } from './secret-owner.ts';
import { TELL_TO } from './secret-words.ts';
import type { Doc, Sentence } from './text.ts';

const kinNamed = relativesNamed;

/**
 * The person a "him" or "her" stands for: the nearest one named before it in the same statements who is not the
 * owner, by name or by kin word ("I haven't told Dad ...; I'll tell him after the holidays"); else, for someone else's
 * matter, the resident the text is about; else the nearest named earlier in the text.
 */
function pronounTarget(
  doc: Doc,
  before: string,
  owner: string,
  family: readonly KinItem[],
  context = '',
  pronoun = '',
): string | null {
  // "her" is a woman's and "him" a man's, where the family or the text's pronouns say which they are
  const genderOf = (p: string) =>
    p === doc.resident
      ? doc.gender
      : (kinWord(family.find((k) => k.name === p)?.relation ?? '')?.[1] ?? genderOfName(p));
  const fits = (p: string) => !pronoun || !genderOf(p) || genderOf(p) === (/^(?:her|she)$/i.test(pronoun) ? 'f' : 'm');
  // ("she's not said it to her daddy yet — she'll tell him Sunday", of the resident's daughter: her daddy is the
  // resident's husband, through the family)
  const kinOf = (own: string | undefined, word: string) =>
    (own && owner !== doc.resident ? relativesOfRelative(owner, word, family)[0] : undefined) ??
    kinNamed(word, family)[0];
  const last = (t: string) =>
    [
      ...t.matchAll(
        new RegExp(String.raw`@(\d+)(?!['’]s)|(?:\b(her|his)\s+)?\b(${KIN})(?![\p{L}-])(?!\s*,?\s*@\d)`, 'giu'),
      ),
    ]
      .map((m) =>
        m[1] !== undefined ? doc.frame.people[Number(m[1])] : isPlural(m[3]!) ? undefined : kinOf(m[2], m[3]!),
      )
      .filter((p): p is string => !!p && p !== owner && fits(p))
      .pop();
  return last(before) ?? (owner !== doc.resident ? doc.resident : (last(context) ?? null));
}

/** Whom a "them" stands for: the last plural kin word or pair named before it ("her parents ... tell them"). */
function pluralTarget(doc: Doc, before: string, family: readonly KinItem[]): string[] {
  const all = [
    ...before.matchAll(
      new RegExp(
        String.raw`\b(${KIN})(?![\p{L}-])(?!\s*,?\s*@\d)|(@\d+)(?!['’]s)\s*(?:,|and|&)\s*(@\d+)(?!['’]s)`,
        'giu',
      ),
    ),
  ];
  for (const m of all.reverse()) {
    if (m[1] && isPlural(m[1])) return kinNamed(m[1], family);
    if (m[2] && m[3]) return [m[2], m[3]].map((t) => doc.frame.people[Number(t.slice(1))]!).filter(Boolean);
  }
  return [];
}

/** The people a "tell" phrase names: residents by name, family by kin word, "him"/"her" by who was named before. */
function listeners(
  doc: Doc,
  phrase: string,
  before: string,
  owner: string,
  family: readonly KinItem[],
  context = '',
): string[] {
  const out: string[] = [];
  // "her sister Maud": the name, not every sister
  const re = new RegExp(
    String.raw`@(\d+)(?!['’]s)|(?:\b(?:her|his|my|their|our)\s+(?:[\p{L}-]+\s+)?)?\b(${KIN})(?![\p{L}-])(?!\s*,?\s*@\d)|\b(him|her|she|he)\b(?!\s+(?:[\p{L}-]+\s+){0,2}(?:${KIN}(?![\p{L}-])|@))(?!\s*,?\s*@)|\b(them)\b`,
    'giu',
  );
  for (const m of phrase.matchAll(re)) {
    if (m[1] !== undefined) {
      const p = doc.frame.people[Number(m[1])];
      if (p) out.push(p);
    } else if (m[2]) {
      // "he will tell his father himself", of someone else's matter: the owner's father, through the family
      const of = /^(?:his|her)\s/i.test(m[0]) && owner !== doc.resident ? relativesOfRelative(owner, m[2], family) : [];
      out.push(...(of.length > 0 ? of : kinNamed(m[2], family)));
    } else if (m[3]) {
      const p = pronounTarget(doc, `${before}${phrase.slice(0, m.index)}`, owner, family, context, m[3]);
      if (p) out.push(p);
    } else if (m[4]) out.push(...pluralTarget(doc, `${context} ${before}${phrase.slice(0, m.index)}`, family));
  }
  return [...new Set(out)];
}

/** Who a sentence says the owner means to tell (or has told), or null when it says nothing of it. */
export function tellToIn(
  doc: Doc,
  marked: string,
  owner: string,
  family: readonly KinItem[],
  context = '',
): string[] | null {
  let found: string[] | null = null;
  for (const re of TELL_TO)
    for (const m of marked.matchAll(re)) {
      // ("neither his wife nor his daughter has been told": nobody)
      if (/(?:\bnot|n['’]t|\bnever|\bneither|\bnor)\s*$/i.test(marked.slice(Math.max(0, m.index - 14), m.index)))
        continue;
      // "Maeve told Bridie that Orla is leaving": gossip passed on by someone else is not the owner telling
      const teller = /^@(\d+)(?!['’]s)\s+(?:told|confided)/i.exec(m[0]);
      if (teller && doc.frame.people[Number(teller[1])] !== owner) continue;
      // "him" may stand for someone named sentences before ("Her son Teo says ... She wants him to be the only one")
      found = [...(found ?? []), ...listeners(doc, m[1]!, marked.slice(0, m.index), owner, family, context)];
    }
  return found ? [...new Set(found)] : null;
}

/** The resident a letter is written to: "Dear Frau Moser,", "Hi Sue —", "Chère Alice,". */
export function addresseeOf(doc: Doc): string | null {
  const m =
    /^\s*(?:my\s+)?(?:dear(?:est)?|hi|hello|hey|to|cher|chère|querida|querido|liebe|lieber|cara|caro)\s+(@\d+)(?!['’]s)\s*[,!—–-]/iu.exec(
      doc.sentences[0]?.marked ?? '',
    );
  return m ? (doc.frame.people[Number(m[1]!.slice(1))] ?? null) : null;
}

/**
 * The resident a message is written to, where the matter's sentence quotes one: "To Ottilie Vance: 'Don't say a word
 * ...'", "to her aunt Oona Reilly: '...'", "And again to Miriam: '...'". The last addressee before the words of keeping
 * (someone not in the town, "To his brother in Accra:", is nobody here).
 */
export function messagedTo(doc: Doc, s: Sentence): string | null {
  const first = keptIn(s.marked, s.text)[0]?.index ?? s.marked.length;
  const to = [
    ...s.marked
      .slice(0, first)
      .matchAll(/(?:^|[.;:!?'’"”]\s*|\b(?:and|again)\s+)to\s+([^:,'‘’"“.;]{1,40}?)\s*[:,]\s*['‘"“]/giu),
  ].pop();
  const named = to ? /@(\d+)(?!['’]s)(?:\s+again)?\s*$/.exec(to[1]!) : null;
  return named ? (doc.frame.people[Number(named[1])] ?? null) : null;
}

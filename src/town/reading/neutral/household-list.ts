// The lists of who lives where, for household.ts: the people after "with" (names, kin words, "her husband, Ronald,
// and their daughter", pronouns) and homes said without "with" ("keeps house for him", "rents the back room in X's
// house", "in house of my uncle").
import type { KinItem } from '../types.ts';
import { KIN } from './kin-words.ts';
import { relativesNamed } from './relatives.ts';
import type { Doc } from './text.ts';

/** An age said in words after a name ("Arjun, fifteen,"). */
const AGE_WORD = `(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-[a-z]+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)`;
const ITEM = new RegExp(
  String.raw`^\s*(?:just\s+|only\s+)?(?:(?:(?:her|his|my|their|our|the|your|those|these|both|@\d+['’]s)\s+)?(?:(?:that|the)\s+same\s+)?(?:(?:two|three|four|\d+|young|teenage|grown|little|small|wee|infant|big|elder|older|eldest|oldest|younger|youngest|baby|twin|new|kid|adopted|only|other)\s+)*(?:(?!(?:and|or|with|who|in|at)\b)[\p{Ll}-]+\s+){0,2}?(${KIN})(?![\p{L}-])(?!['’]s)(?:\s+(?:from|by|of)\s+(?:a|an|his|her|my|their)\s+(?:[\p{Ll}-]+\s+)?(?:relationship|marriage))?(?:\s*,?\s*\(?\s*(@\d+)(?!['’]s)\s*\)?(?:\s*,\s*(?:aged\s+)?(?:\d+|${AGE_WORD})(?=\s*(?:,|and\b|$))|\s*\([^()]*\))?)?|(?:(?:a|an|her|his|my|their|our|the)\s+(?:[\p{Ll}-]+\s+)?(?:lodger|tenant|flatmate|housemate|roommate|boarder|paying guest|friend)\s*,?\s*|(?:(?:her|his|my|their|our)\s+)?(?:young|little|old|baby|wee)\s+|(?:her|his|my|their|our)\s+)?(@\d+)(?!['’]s)(?:\s*\([^()]*\)|,\s*(?:aged\s+)?\d+(?=\s*[,.;]|\s+and))?|(him|her(?!\s+(?!(?:and|or|but|now|too|still|since|for|in|at|on|after|before|until|when|while|because|as|so|there|here|alone|every|each|most|during|ever|anyway|these|this|that|the|a)\b)\p{Ll})|them|me|us))`,
  'iu',
);
const SEP =
  /^\s*(?:,\s*(?:and\s+(?:with\s+)?|&\s*|along with\s+|together with\s+)?|and\s+(?:with\s+)?|&\s*|\+\s*|plus\s+|as well as\s+|along with\s+)/i;

interface Listed {
  names: string[];
  kin: string[];
  pronouns: string[];
}

/** The list of people after "with": names, kin words ("her husband, Ronald, and their daughter"), pronouns. */
export function listAfter(doc: Doc, tail: string): Listed {
  const out: Listed = { names: [], kin: [], pronouns: [] };
  // a word of address before a name is no item of its own: "my mother Teresa and Abuelo Osvaldo"
  let rest = tail.replace(/(^|[\s,])\p{Lu}\p{Ll}+\s+(?=@\d)/gu, '$1');
  for (let i = 0; i < 12; i++) {
    const m = ITEM.exec(rest);
    if (!m) break;
    if (m[2] ?? m[3]) {
      const p = doc.frame.people[Number((m[2] ?? m[3])!.slice(1))];
      if (p) out.names.push(p);
    } else if (m[1]) out.kin.push(m[1]);
    else if (m[4]) out.pronouns.push(m[4].toLowerCase());
    rest = rest.slice(m[0].length);
    // "her husband, Dele, a market trader, and their son": a description between items
    // ("Mrs Martha Ruddle, widow, and her son Silas")
    rest = rest.replace(
      /^\s*,\s*(?:(?:a|an|the|who|whose)\b(?:[^,;.@]|@\d+['’]s){0,50}|\p{Ll}+(?:\s+\p{Ll}+)?)(?=,)/iu,
      '',
    );
    const sep = SEP.exec(rest);
    if (!sep) break;
    // ", and his mother-in-law, Pearl, brings him bread": a new clause, not one more of the household
    const nextItem = ITEM.exec(rest.slice(sep[0].length));
    if (
      nextItem &&
      /^\s*,?\s*[a-z]+s\b(?<!\bits)/.test(rest.slice(sep[0].length + nextItem[0].length)) &&
      /,\s*and/.test(sep[0])
    )
      break;
    rest = rest.slice(sep[0].length);
  }
  return out;
}

/** The resident's spouse or partner, for "we" and "them". */
export const spouses = (family: readonly KinItem[]): string[] =>
  family.filter((k) => ['wife', 'husband', 'spouse', 'partner'].includes(k.relation)).map((k) => k.name);

/** Family named by kin words ("her parents", "Mum", "his two sons") through the resident's family. */
export const kinNamed = (kin: readonly string[], family: readonly KinItem[]): string[] => [
  ...new Set(kin.flatMap((w) => relativesNamed(w, family))),
];

/**
 * Homes said without "with": "His sister Dragica keeps house for him", "Rents the back room in Tom & Agnes Kettle's
 * house", "sleeping on Ravi and Kavita's sofa", "back in my childhood bedroom at Mum and Dad's".
 */
export function keptFor(doc: Doc, c: string, family: readonly KinItem[]): string[] {
  const people = doc.frame.people;
  const R = people.indexOf(doc.resident);
  const out: string[] = [];
  const all = (t: string) => [...t.matchAll(/@(\d+)/g)].map((m) => people[Number(m[1])]!).filter(Boolean);
  const keeps = /(@\d+)(?!['’]s)[^.;@]{0,40}?\bkeeps?\s+house\s+for\s+(?:him|her|me)\b/iu.exec(c);
  if (keeps && !new RegExp(`@${R}(?!\\d)`).test(keeps[0].slice(keeps[1]!.length))) out.push(...all(keeps[1]!));
  const home = `(?:house|home|flat|place|cottage|farmhouse|spare room|sofa|couch|floor|attic|back room|box room)`;
  const rents = new RegExp(
    String.raw`\b(?:rents?|renting|lodges?|lodging|boards?|boarding|sleeps?|sleeping|stays?|staying|lives?|living|has been \w+ing|back)\b[^.;@]{0,40}?\b(?:in|at|on)\s+((?:@\d+\s*(?:,|and|&)\s*)*@\d+)['’]s(?:\s+${home}|(?=\s*(?:[,.;—–-]|$)))`,
    'iu',
  ).exec(c);
  // the resident rents the room, not someone named before the verb ("Her son rents a room at Tom's")
  const subject = rents
    ? [
        ...c.slice(0, rents.index).matchAll(/@(\d+)(?!['’]s)|\b(?:she|he|i)\b|\b(?:her|his|my)\s+[\p{L}-]+\s*$/giu),
      ].pop()
    : undefined;
  if (rents && (!subject || subject[0] === `@${R}` || /^(?:she|he|i)$/i.test(subject[0]))) out.push(...all(rents[1]!));
  // "Anil has been sleeping on Ravi and Kavita's sofa": someone staying at the resident's own home, with its other owner
  else if (rents && subject?.[0].startsWith('@') && new RegExp(`@${R}(?!\\d)`).test(rents[1]!))
    out.push(...all(`${subject[0]} ${rents[1]}`));
  // "back in my childhood bedroom at Mum and Dad's"
  const kin = new RegExp(
    String.raw`\b(?:back|home|living|lives?|staying|stays?|bedroom|room)\b[^.;@]{0,40}?\b(?:at|in)\s+(?:my\s+|her\s+|his\s+)?(${KIN})\s*(?:and|&)\s*(?:my\s+|her\s+|his\s+)?(${KIN})['’]s(?![\p{L}])`,
    'iu',
  ).exec(c);
  if (kin) out.push(...kinNamed([kin[1]!, kin[2]!], family));
  // "I live in house of my uncle Jorge and his wife, my aunt Lucia"
  const of =
    /\b(?:live|lives|living|stay|stays|staying)\s+(?:in|at)\s+(?:the\s+)?(?:house|home|flat|place)\s+of\s+(.*)$/iu.exec(
      c,
    );
  if (of) {
    const list = listAfter(doc, of[1]!);
    out.push(...list.names, ...kinNamed(list.kin, family));
  }
  return out;
}

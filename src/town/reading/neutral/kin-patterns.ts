// The phrasings of kin the neutral reader knows, as patterns over a text with its residents marked `@k`: possessives
// ("her husband @2", "@3's sister"), apposition ("@2, her husband,"), copulas ("@2 is her son"), "the son of @2",
// marriage and partnership, lists ("two children, @2 (15) and @3 (12)"), notes ("Mum to @2", "husb @2"). kin.ts reads
// whose each tie is and adds it.
import { KIN } from './kin-words.ts';

const P = String.raw`@\d+`;
// (a title the marking left before a name, "Master @1 and Miss @2", is part of it)
const PI = String.raw`(?:(?:Master|Miss|Mr|Mrs|Ms|Dr)\s+)?@\d+(?!\d)(?!['’]s)(?:\s*\([^()]{0,30}\))?(?:,\s*(?:aged\s+)?\d{1,3}s?(?=\s*(?:,|and\b|&|\)|$|[.;])))?`;
// ("the mother of Lucas and of Gabriela": the preposition said again)
const PL = String.raw`(${PI}(?:\s*(?:,|\+)\s*${PI})*(?:,?\s+(?:and|&)\s+(?:of\s+)?${PI}|\s*\+\s*${PI})?)`;
/** A list whose last name may be a possessor ("his father Amani's shop"). */
const PLP = String.raw`(${PI}(?:\s*(?:,|\+)\s*${PI})*(?:,?\s+(?:and|&)\s+${PI}|\s*\+\s*${PI})?|@\d+(?=['’]s))`;
const POSS = String.raw`((?:@\d+\s+(?:and|&)\s+)?@\d+['’]s|\b(?:his|her|their|my|your|our|me|those|these|whose)\b)`;
const MOD = String.raw`(?:(?:that|the) same\s+)?(?:(?:older|younger|elder|eldest|oldest|youngest|big|little|small|wee|young|infant|newborn|baby|twin|teenage|teenaged|grown|grown-up|adult|old|only|new|first|second|middle|two|three|four|\d+|[a-z]+-year-old|beloved|dear|widowed|retired|own|other|another|late|adopted|kid|step|elderly|aged|ageing|aging|ailing|frail|invalid|sick|estranged|long-lost|half|darling|dearest|favourite|favorite|unmarried|married|divorced|clever|pregnant|maternal|paternal|proud|doting|devoted)\s+)*`;
const K = String.raw`(${KIN})(?![\p{L}-])`;
export const SUBJECT = /\b(?:she|he|i|they|we)\b/i;
export const OBJECT_BEFORE =
  /\b(?:to|with|for|of|by|at|from|married|than|about|told|tells|asked|asks|begged|begs|urged|swore|invites?|invited|meets?|sees?|visits?|loves?|helps?|like|beside|behind)\s*$/i;
export const TITLE =
  /(?<![\p{L}])(Uncle|Aunt|Auntie|Aunty|Grandma|Granny|Grandpa|Grandad|Granddad|Nan|Nana|Gran|Cousin)\s+(@\d+)/gu;

/** Matches of a global pattern, overlapping ones too ("her son @2's wife @3" holds two ties). */
export function* scan(re: RegExp, s: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    yield m;
    re.lastIndex = m.index + 1;
  }
}

const rx = (src: string) => new RegExp(src, 'giu');

export const RE = {
  possessed: rx(
    String.raw`${POSS}\s+${MOD}${K}(?!['’]s)(?:\s+of\s+(?:[\p{L}\d-]+\s+){0,2}?(?:years|months|decades))?(?:\s+(?:from|by|of)\s+(?:his|her|my|their|a)\s+(?:first|second|third|previous|earlier|late|former)\s+(?:marriage|wife|husband|partner))?\s*,?\s*(?:(?:is|are|was|were)\s+(?:called\s+|named\s+)?|['’]s\s+(?:called|named)\s+|(?:['’]s\s+)?name\s+is\s+|named\s+|called\s+|-\s*|–\s*|:\s*)?${PLP}`,
  ),
  /** "His wife's Gemma": the contracted "is" between a kin word and a name, not a possessive. */
  possessedIs: rx(String.raw`${POSS}\s+${MOD}${K}['’]s\s+(@\d+)(?!['’]s)(?!\s+[\p{Ll}]+\s+@)`),
  /** "Katya (Dmitri's granddaughter, Vera's niece)": each tie in a name's brackets, whoever's it is. */
  bracketed: rx(String.raw`(@\d+)(?!['’]s)\s*\(\s*((?:@\d+['’]s\s+${MOD}${KIN}(?![\p{L}-])\s*(?:,|and|&)?\s*)+)\)`),
  chained: rx(String.raw`${POSS}\s+${MOD}${K}['’]s\s+${MOD}${K}\s*,?\s*${PL}`),
  apposed: rx(
    String.raw`${PL}\s*(?:,|\(|–|—|-)\s*(?:who\s+is\s+|is\s+|that['’]s\s+|that is\s+)?${POSS}\s+${MOD}${K}(?![\p{L}-])(?!['’]s)(?!\s*,?\s*@)`,
  ),
  /** "Wade is her boy from before, so his stepson": the tie a clause about a name draws, after "so" or "making him". */
  soTie: rx(
    String.raw`(@\d+)(?!['’]s)\s+(?:is|was)\s+[^,;.@]{1,40},\s*(?:so|which makes (?:him|her)|making (?:him|her))\s+${POSS}\s+${MOD}${K}(?![\p{L}-])(?!['’]s)`,
  ),
  /** "home all day with Roz his wife and the allotment": a name and its tie with no comma, closing the phrase. */
  apposedBare: rx(String.raw`(@\d+)(?!['’]s)\s+${POSS}\s+${MOD}${K}(?![\p{L}-])(?!['’]s)(?=\s*(?:[,.;!?)]|\band\b|$))`),
  /** "Ivy, Lena's younger sister and Rob's wife of nineteen years": the second of two apposed ties. */
  apposedAnd: rx(
    String.raw`${PL}\s*,\s*(?:@\d+['’]s|her|his|my|their)\s+${MOD}${KIN}(?![\p{L}-])(?:\s+of\s+[^,;@]{0,25}?)?\s+(?:and|&)\s+${POSS}\s+${MOD}${K}(?![\p{L}-])(?!['’]s)(?!\s*,?\s*@)`,
  ),
  copula: rx(
    String.raw`${PL}(?:,[^,;.@]{0,70},)?\s+(?:is|are|was|were|has been|have been)\s+(?:also\s+|both\s+)?${POSS}\s+${MOD}${K}(?![\p{L}-])(?!['’]s)`,
  ),
  /** "Callum's my cousin": the contraction, not a possessive. */
  contracted: rx(String.raw`(@\d+)['’]s\s+(?:also\s+)?${POSS}\s+${MOD}${K}(?![\p{L}-])(?!['’]s)(?!\s*,?\s*@)`),
  pronounIs: rx(
    String.raw`\b(she|he|i|they|we)(?:\s+(?:is|am|are|was|were)|\s*['’](?:s|m|re))\s+(?:also\s+)?${POSS}\s+${MOD}${K}(?![\p{L}-])(?!['’]s)`,
  ),
  ofTo: rx(
    String.raw`(?:^|[.;:,(]\s*|\b(?:and|is|are|am|was|as|['’]s|['’]m)\s+)(?:the\s+|a\s+|proud\s+)?${MOD}${K}\s+(?:of|to)\s+(?:the\s+)?(?:(?:young|little|old|late|brilliant|dear|beloved|wee|small|infant|baby|grown)\s+)?${PL}`,
  ),
  marriedPair: rx(
    String.raw`${PL}\s+(?:are|were|have been|got|became)\s+(?:happily\s+)?(?:married|wed|husband and wife|man and wife|a married couple)\b`,
  ),
  /** "Ike and I have been together eight years": partners. */
  together: rx(
    String.raw`(@\d+|\b(?:i|she|he))\s+(?:and|&)\s+(@\d+|\b(?:i|me|she|he))\s+(?:have been|['’]ve been|are|were|has been)\s+(?:together|a couple|an item|partners)\b`,
  ),
  /** "Hal and I have been married forty years", "Jude and I aren't married, but we've been partners twelve years". */
  pairMarried: rx(
    String.raw`(@\d+|\b(?:i|she|he))\s+(?:and|&)\s+(@\d+|\b(?:i|me|she|he))\s+(?:have been|['’]ve been|are|were|got|had been)\s+(?:happily\s+)?married\b`,
  ),
  pairPartners: rx(
    String.raw`(@\d+|\b(?:i|she|he))\s+(?:and|&)\s+(@\d+|\b(?:i|me|she|he))\b[^.;]{0,50}?\bwe(?:['’]ve| have| are|['’]re)\s+(?:been\s+)?(?:together|partners|a couple)\b`,
  ),
  marriedTo: rx(
    String.raw`\b(?:married|wed)\b(?:\s+(?:again|late|young|early|happily|first|(?:in\s+)?\d{4}))*(?:\s*,)?\s+(?:to\s+)?(?:the\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+\s*,?\s+)?(${P})`,
  ),
  has: rx(
    String.raw`\b(?:has|have|had|with)\s+(?:(?:a|an|one|two|three|four|five|\d|both)\s+|(?=new\s|(?:boy|girl)friend\b))(?:grown\s+|young\s+|teenage\s+|adult\s+)?${MOD}${K}(?:\s+[^@.;,]{0,25}?)?\s*,?\s*(?:named\s+|called\s+|:\s*)?${PL}`,
  ),
  /** A note's "Meg Pengelly: wife, married 20 yrs", "Kit = son": the word after the name is what they are. */
  labelled: rx(String.raw`(?:^|[.;]\s*)(${P})\s*[:=]\s*(?:(?:my|her|his)\s+)?${MOD}${K}(?=\s*(?:[,.;(]|$))`),
  bare: rx(
    // (a note's or a tabloid's kin word with no possessor after a verb or a preposition: "hasn't told hubby Terry OR
    // daughter Shaz", "keeping a secret from stepson Horace", "— wife Wynn left him")
    String.raw`(?:\band\b|\bbut\b|\bor\b|,|;|\bwith\b|\bplus\b|:|^|\.(?=\s)|\(|\+|&|\s[—–]|\b(?:told|tell|tells|telling|from|to|for|invites?|inviting)\b)\s*(?:a\s+|an\s+)?${MOD}${K}(?:\s+(?:himself|herself))?\s*(?:[:=]\s*|,\s*|\(\s*|[—–]\s*)?${PLP}`,
  ),
  // "Mum and Dad, Margaret and Ronald", "Mum & Dad (Shazza, Barry)": each word to its name
  paired: rx(
    String.raw`(?:\b(?:her|his|my|their|our)\s+)?${K}\s*(?:and|&|\+)\s*(?:(?:her|his|my|their|our)\s+)?${K}(?:['’]s)?\s*(?:,\s*|\(\s*|:\s*|[—–-]\s*)(@\d+)\s*(?:,|and|&|\+)\s*(@\d+)`,
  ),
  // (a name's brackets say who that name is: "Ron Dale (Sue's husband)" is no tie of the resident's)
  fragment: rx(
    String.raw`(?:^|[.:;]\s*|(?<!@\d+\s*)\(\s*|\b(?:and|as)\s+)(${P})['’]s\s+${MOD}${K}(?=\s*(?:[.;)]|,(?!\s*@)|\band\b|$))`,
  ),
  /** "Marta and Anka (my wife, my girl)": each word, in turn, to its name. */
  respectively: rx(
    String.raw`(@\d+)\s*(?:,|and|&)\s*(@\d+)\s*\(\s*(?:my|her|his)\s+${K}\s*,\s*(?:(?:and\s+)?(?:my|her|his)\s+)${K}\s*\)`,
  ),
  /** "Sanne and Joost, her mother and father": each word, in turn, to its name, said after a comma. */
  respectivelyAfter: rx(
    String.raw`(@\d+)(?!['’]s)\s*(?:,|and|&)\s*(@\d+)(?!['’]s)\s*,\s*(?:my|her|his)\s+${K}\s+(?:and|&)\s+(?:(?:my|her|his)\s+)?${K}(?![\p{L}-])`,
  ),
  /** A register's "Resident child: Daisy", "Spouse: Ronald", "Son: Kit": the word before the colon is the tie. */
  register: rx(String.raw`(?:^|[.;]\s*)(?:resident\s+|other\s+)?${K}\s*[:=]\s*(@\d+)`),
  /** "our Lottie", "their Shannon" (not "our son Tom"): the couple's child, in some English. */
  ourName: rx(String.raw`\b(our|their)\s+(@\d+)(?!['’]s\s+${MOD}${K})`),
  /** Learner English "Karim sister, Leila": a name before a kin word is its owner. */
  bareOwner: rx(String.raw`(@\d+)\s+${K}\s*,\s*(@\d+)`),
  parenthetical: rx(String.raw`(${P})\s*\(\s*${MOD}${K}(?:\s*,\s*\d{1,3})?\s*\)`),
};

/**
 * A register's, a census's or a cast list's abbreviations of kin, read as the words they stand for: "m. @1",
 * "m. 1998 to @1" (married to), "s. of @1" (son of), "d. of @1" and "dau. of @1" (daughter of), "s/o @1", "d/o @1".
 * Only before a resident's name, where nothing else is meant ("d. 1971" is died and "b. 1975" born: no tie).
 */
export function genealogical(t: string): string {
  const to = (word: string) => (m: string) =>
    /^\p{Lu}/u.test(m) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  return (
    t
      .replace(
        /(?<![\p{L}\p{N}.'’])m\.\s*(?:(?:in\s+)?(?:\d{4}|['’]\d{2})\s*,?\s+)?(?:to\s+)?(?=@\d)/giu,
        to('married to '),
      )
      .replace(/(?<![\p{L}\p{N}.'’])s(?:\.\s*of|\/o)\s+(?=@\d)/giu, to('son of '))
      .replace(/(?<![\p{L}\p{N}.'’])(?:d|dau)(?:\.\s*of|\/o)\s+(?=@\d)/giu, to('daughter of '))
      // ("@2 son of @1", said straight after the name as "s/o" is, is the same apposition as "@2, son of @1")
      .replace(/(@\d+)\s+(?=(?:son|daughter) of @\d)/gu, '$1, ')
  );
}

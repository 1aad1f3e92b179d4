// The neutral reader's view of one resident's text: its sentences (over all fields, in order), the town's people
// each sentence names (by full name, by a first name only one resident has, by title and surname) and who a pronoun
// stands for. It knows English names, pronouns and punctuation, nothing about any town.
import { escapeRegExp } from '../../../core/text.ts';
import type { ResidentText, TownFrame } from '../types.ts';
import { genderOfName } from './given-names.ts';
import { genealogical } from './kin-patterns.ts';
import { KIN } from './kin-words.ts';
import { restoreH, standardSpelling } from './regional.ts';
import { namesInCapitals, readAddressed, readSpeeches } from './script.ts';

export type Gender = 'm' | 'f';

export interface Mention {
  person: string;
  at: number;
  length: number;
}

export interface Sentence {
  field: string;
  /** Place in the whole text (0-based), over all fields. */
  index: number;
  text: string;
  /** The text with each resident it names written `@k` (k: index in the frame's people); "@k's" for a possessive. */
  marked: string;
  mentions: Mention[];
  /** In a play script, the one who says it (script.ts). */
  speaker?: string;
  /** ... and the one it is said to. */
  listener?: string;
}

export interface Doc {
  resident: string;
  frame: TownFrame;
  sentences: Sentence[];
  /** The resident's gender as the text's pronouns and kin words say it, when they do. */
  gender: Gender | null;
  /** The whole text, every field. */
  all: string;
  /** Is the text said as "I" (then "she" and "her" are always someone else)? */
  firstPerson: boolean;
  /** Each field's words, as given. */
  passages: readonly string[];
}

// "St. Mary's" is a saint's, but "on Quay St. Xmas social ..." ends a street's name and may end the sentence
// (a register's "m. Ivo", "m. 1998 to Ivo" and "b. 1975", "d. c. 1920": married, born and died, not a sentence's end)
const ABBREV =
  /\b(Mr|Mrs|Ms|Dr|Mt|Prof|Rev|Capt|Sgt|Jr|Sr|approx|e\.g|i\.e|etc|no|vs|dau|husb|(?<!\.)m(?=\.\s+(?:(?:in\s+)?\d{4}\s+)?(?:to\s+)?\p{Lu})|(?<!\.)(?:m|b|d|c)(?=\.\s+(?:c\.\s*)?\d{4}\b))\.(?=\s)/giu;
const SAINT = /(?<!\p{Lu}\p{Ll}+\s+)\b(?:St|st)\.(?=\s)/gu;
/** A notebook's "C. Reddy called in": an initial before a surname ends no sentence. */
// ("I." is the word I ending a sentence, "... and so did I. Then", unless a heading or a rank puts it before a name)
const INITIAL =
  /(?<![\p{L}\p{N}.])(?:(?!I\.)\p{Lu}|(?<=(?:[—–,:(]|\b(?:PC|Sgt|Mr|Mrs|Ms|Miss|Dr))\s+)I)\.(?=\s+\p{Lu}\p{Ll})/gu;

/** A register's "HOLLIS, Margaret" is Margaret Hollis. */
const SURNAME_FIRST = /\b(\p{Lu}[\p{Lu}'’-]+),\s+(\p{Lu}\p{Ll}+)\b/gu;

/**
 * A note written as one line of dash-separated items ("Mo Hussain — corner shop, 6am till 10pm — lives over it with
 * wife Farah — quiz at the hall tonight, 7.30"): each item is a statement of its own. A sentence's pair of dashes
 * around an aside ("Petra — my niece — came up") is not a list: a list has three dashes or more, and more of them
 * than full stops.
 */
function dashNotes(text: string): string {
  const dashes = text.match(/\s[–—]\s/g)?.length ?? 0;
  const stops = text.match(/[.!?](?:\s|$)/g)?.length ?? 0;
  if (dashes >= 3 && dashes > stops * 2) return text.replace(/\s+[–—]\s+/g, '\n');
  // a profile's line of items between slashes or bars ("Jo Bell / nurse, nights / mum to two | hosting ...") is the
  // same list; one slash between words ("his wife/partner", "and/or") has no spaces round it and stays
  const bars = text.match(/\s[/|]\s/g)?.length ?? 0;
  return bars >= 2 && bars > stops ? text.replace(/\s+[/|]\s+/g, '\n') : text;
}

/** Splits a passage into sentences (full stops after titles and "a.m." kept inside). */
export function sentencesOf(text: string): string[] {
  const guarded = dashNotes(text)
    .replace(
      SURNAME_FIRST,
      (_, last: string, first: string) => `${first} ${last.charAt(0)}${last.slice(1).toLowerCase()}`,
    )
    .replace(ABBREV, (m) => m.replace(/\.$/, '\u2024'))
    // "7 a.m. to 5 p.m. Persons in household: ..." ends a sentence; "at 7 p.m. on Friday", "2 p.m. Tuesday" do not
    .replace(
      /\b([ap])\.m\.(?=\s)(?!\s+(?!(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec))[A-Z][a-z]+\s+[a-z])/g,
      '$1.m\u2024',
    )
    .replace(SAINT, (m) => m.replace(/\.$/, '\u2024'))
    .replace(INITIAL, (m) => m.replace(/\.$/, '\u2024'));
  // a text message written in lower case ("hey its lily. dont tell mum ...") starts its sentences in lower case too
  const lower = (guarded.match(/[.!?]\s+\p{Ll}/gu)?.length ?? 0) >= 2 && !/[.!?]\s+\p{Lu}/u.test(guarded);
  return (
    guarded
      // (one quoted message after another, "... the whole village'. 'pls dont ...", is two sentences, whatever case)
      .split(
        lower
          ? /(?<=[.!?])\s+|\n+/u
          : /(?<=[.!?])["”’')]?\s+(?=["“‘'(]?[\p{Lu}\d@])|(?<=[.!?]['’"”]|['’"”][.!?])\s+(?=['‘"“])|\n+|(?<=[.!?])$/u,
      )
      // a list's bullet ("- Job: ...", "• lives: ...", "* With: ...") is no word of the line
      .map((s) =>
        s
          .replace(/\u2024/g, '.')
          .trim()
          .replace(/^(?:[-–—•*·▪]|\d{1,2}[.)])\s+/u, ''),
      )
      .filter((s) => s !== '')
  );
}

/** Word edges that know letters beyond ASCII ("Inês", "Évora"): JavaScript's \\b does not. */
const B0 = '(?<![\\p{L}\\p{N}])';
const B1 = '(?![\\p{L}\\p{N}])';
const TITLES =
  '(?:Mr|Mrs|Ms|Miss|Mx|Dr|Doctor|Doc|Prof|Professor|Rev|Reverend|Captain|Capt|Old|Young|Master|Sir|Dame|Lady|Frau|Herr|Madame|Mme|Monsieur|Señor|Señora|Signor|Signora)';

export const WOMEN_TITLES = '(?:Mrs|Ms|Miss|Lady|Dame|Frau|Madame|Mme|Señora|Signora)';
export const MEN_TITLES = '(?:Mr|Sir|Herr|Monsieur|Señor|Signor)';

/** A day or month word after a first name is no surname ("will tell Rik Sun", "Meg Sat 10am"). */
const CALENDAR_WORD = String.raw`(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)(?:day|nesday|urday|sday|rsday|uary|ch|il|e|y|ust|tember|ober|ember)?(?![\p{L}])`;

/** For each resident, the patterns that name them in a text, longest first. */
function namePatterns(people: readonly string[], resident?: string): { person: string; re: RegExp }[] {
  const out: { person: string; re: RegExp; len: number }[] = [];
  const firsts = new Map<string, number>();
  const lasts = new Map<string, number>();
  for (const p of people) {
    const parts = p.split(/\s+/);
    const f = parts[0]!.toLowerCase();
    const l = parts[parts.length - 1]!.toLowerCase();
    firsts.set(f, (firsts.get(f) ?? 0) + 1);
    if (parts.length > 1) lasts.set(l, (lasts.get(l) ?? 0) + 1);
  }
  for (const p of people) {
    const parts = p.split(/\s+/);
    const first = parts[0]!;
    const last = parts.length > 1 ? parts[parts.length - 1]! : null;
    out.push({
      person: p,
      re: new RegExp(`(?:${TITLES}\\.?\\s+)?${B0}${escapeRegExp(p)}${B1}`, 'gu'),
      len: p.length + 100,
    });
    // a register's "organised by Mr Kofler" in Alois Kofler's own entry is him, though his wife is a Kofler too
    if (last && (lasts.get(last.toLowerCase()) === 1 || p === resident))
      out.push({
        person: p,
        re: new RegExp(`\\b${TITLES}\\.?\\s+${escapeRegExp(last)}${B1}`, 'gu'),
        len: last.length + 50,
      });
    // "Mrs Fairley" where Dot and Len are both Fairleys: the title's gender picks the one whose given name has it, or
    // the only one whose name is not of the other gender
    if (last && lasts.get(last.toLowerCase())! > 1 && p !== resident) {
      const kin = people.filter((q) => q.split(/\s+/).pop()!.toLowerCase() === last.toLowerCase());
      for (const [titles, g] of [
        [WOMEN_TITLES, 'f'],
        [MEN_TITLES, 'm'],
      ] as const) {
        const fits = kin.filter((q) => genderOfName(q) === g);
        const open = kin.filter((q) => genderOfName(q) !== (g === 'f' ? 'm' : 'f'));
        const one = fits.length === 1 ? fits[0] : open.length === 1 ? open[0] : undefined;
        if (one === p)
          out.push({
            person: p,
            re: new RegExp(`\\b${titles}\\.?\\s+${escapeRegExp(last)}${B1}`, 'gu'),
            len: last.length + 40,
          });
      }
    }
    // a notebook's "C. Reddy", "Mrs R. Penhallow": the first name's initial and the surname, when only one resident
    // has both
    const initials = last
      ? people.filter(
          (q) => q.charAt(0) === first.charAt(0) && q.split(/\s+/).pop()!.toLowerCase() === last.toLowerCase(),
        ).length
      : 0;
    if (last && initials === 1)
      out.push({
        person: p,
        re: new RegExp(
          `(?:${TITLES}\\.?\\s+)?${B0}${escapeRegExp(first.charAt(0))}\\.\\s*${escapeRegExp(last)}${B1}`,
          'gu',
        ),
        len: last.length + 60,
      });
    // family name first ("Lin Xiaoyu" beside "Lin Hao"): the given name alone, when only one resident has it
    const lastsAll = people.filter((q) => q.split(/\s+/).pop()!.toLowerCase() === last?.toLowerCase()).length;
    if (last && firsts.get(first.toLowerCase())! > 1 && lastsAll === 1)
      out.push({
        person: p,
        re: new RegExp(`${B0}${escapeRegExp(last)}${B1}(?![’']?\\s+\\p{Lu}\\p{Ll})`, 'gu'),
        len: last.length,
      });
    // a name whose first word is a title or a byname ("Ser Aldric Hume", "Ma Lou Delacroix"): its first two words
    const two = parts.length > 2 ? `${first} ${parts[1]}` : '';
    if (two && people.filter((q) => q.startsWith(`${two} `)).length === 1)
      out.push({ person: p, re: new RegExp(`${B0}${escapeRegExp(two)}${B1}`, 'gu'), len: two.length + 80 });
    if (parts.length > 1 && firsts.get(first.toLowerCase()) === 1)
      // a first name alone, not the start of someone else's full name ("Maud Baker" is not Maud Ferris)
      out.push({
        person: p,
        re: new RegExp(
          `${B0}${escapeRegExp(first)}${B1}(?![’']?\\s+(?!${CALENDAR_WORD})\\p{Lu}\\p{Ll})(?!\\s+\\d)`,
          'gu',
        ),
        len: first.length,
      });
  }
  return out.sort((a, b) => b.len - a.len);
}

/** The residents a sentence names, and the sentence with each written `@k`. */
export function markPeople(
  text: string,
  people: readonly string[],
  resident?: string,
): { marked: string; mentions: Mention[] } {
  const mentions: Mention[] = [];
  const taken: boolean[] = [];
  for (const { person, re } of namePatterns(people, resident))
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      let free = true;
      for (let i = at; i < at + m[0].length; i++) if (taken[i]) free = false;
      if (!free) continue;
      for (let i = at; i < at + m[0].length; i++) taken[i] = true;
      mentions.push({ person, at, length: m[0].length });
    }
  mentions.sort((a, b) => a.at - b.at);
  let marked = '';
  let pos = 0;
  for (const m of mentions) {
    marked += `${text.slice(pos, m.at)}@${people.indexOf(m.person)}`;
    pos = m.at + m.length;
  }
  marked += text.slice(pos);
  return { marked, mentions };
}

/** "Amma and Thatha — that's my mum Dilani and my dad Sunil —": the pair the gloss names (household.ts). */
export const GLOSS_PAIR = new RegExp(
  String.raw`\b\p{Lu}\p{L}+\s+(?:and|&)\s+\p{Lu}\p{L}+\s+[—–-]\s+that['’]s\s+((?:my|her|his)\s+${KIN}\s+@\d+\s+(?:and|&)\s+(?:my|her|his)\s+${KIN}\s+@\d+)\s+[—–-]`,
  'giu',
);
const GLOSS = new RegExp(
  String.raw`\b(my|her|his|our|their)\s+\p{L}+\s*\(\s*(?:my|her|his|our|their)\s+(${KIN})\s*\)`,
  'giu',
);

/** A quoted message after a colon or comma: "To Nora: 'dont tell anyone ... ill tell dad myself'." */
const QUOTED = /(?:^|[:,]\s*)['‘"“](?:[^'’"”]|['’](?=\p{L}))*['’"”](?=[\s.,;!?)]|$)/gu;

const FEMALE = /\b(?:she|her|hers|herself)\b/gi;
const MALE = /\b(?:he|him|his|himself)\b/gi;

/** Reads the resident's text into sentences with their people marked. */
export function readDoc(text: ResidentText, frame: TownFrame): Doc {
  const sentences: Sentence[] = [];
  for (const p of text.passages)
    for (const s of sentencesOf(p.text)) {
      const { marked, mentions } = markPeople(
        restoreH(namesInCapitals(s, frame), frame.people),
        frame.people,
        text.resident,
      );
      // terse notes' "w/" is "with" and a lone "@" is "at" to every reader ("cookout @ VFW hall"); "Fiona's been
      // organising" is Fiona doing it, not something of Fiona's
      const plain = marked
        // a text message's "dont", "doesnt", "im", "ive": the contractions, said without their apostrophes
        .replace(
          /\b(do|does|did|has|have|is|are|was|were|wo|ca|could|would|should|must|had)nt\b/gi,
          (_, v: string) => `${v}n't`,
        )
        .replace(/\b(?:im|Im)\b/g, "I'm")
        .replace(/\bive\b/g, "I've")
        .replace(/\bw\/(?!o\b)\s*/gi, 'with ')
        .replace(/[\s\S]*/, genealogical)
        .replace(/[\s\S]*/, standardSpelling)
        .replace(/(^|\s)@(?=\s)/g, '$1at')
        // a word glossed by a kin word is that kin word: "my koro (my grandad), Wiremu"
        .replace(GLOSS, '$1 $2')
        // "Darlene's his wife", "Effie's my wee cousin": before a determiner the "'s" can only be "is"
        .replace(/(@\d+)['’]s\s+(?=(?:my|his|her|their|our|a|an|the)\s)/g, '$1 is ')
        .replace(
          /(@\d+)['’]s\s+(?=(?:been|got|gone|going|planning|hosting|running|throwing|organi[sz]ing|having|holding|giving|putting|doing|making|cooking|starting|moved|living|staying|just|never|always|not|also|still|now|already|started|decided|working|home (?:from|for|again|now)|back (?:from|home|for))\b)/g,
          '$1 ',
        );
      sentences.push({ field: p.field, index: sentences.length, text: s, marked: plain, mentions });
    }
  const all = text.passages.map((p) => p.text).join('\n');
  const f = all.match(FEMALE)?.length ?? 0;
  const m = all.match(MALE)?.length ?? 0;
  const gender: Gender | null = f > m ? 'f' : m > f ? 'm' : null;
  // a diary may never say "I" ("Long day at the deli — Sami and me open it"): "me" and "my" say it too
  // a narrator's one "What I do know" in a text about someone else ("he ... his ... he") is not the resident speaking
  // (a text that quotes the resident's messages, "Kit lives with his mum ... To Nora: 'ill tell dad myself'", is told
  // in the third person: the "I" inside the quotes is no narrator)
  const told = all.replace(QUOTED, ' ');
  const mine =
    (told.match(/\bI\b|\bI['’](?:m|ve|ll|d)\b/g)?.length ?? 0) + (told.match(/\b(?:me|my|myself)\b/gi)?.length ?? 0);
  const firstPerson =
    ((told.match(/\bI\b|\bI['’](?:m|ve|ll|d)\b/g)?.length ?? 0) >= 1 || mine >= 2) && mine * 2 >= Math.max(f, m);
  const doc: Doc = {
    resident: text.resident,
    frame,
    sentences,
    gender,
    all,
    firstPerson,
    passages: text.passages.map((p) => p.text),
  };
  // said as "I", a relative called by a kin word and named beside it is the writer's: "Maman (Odile) and Papa
  // (Benoît)", "Grandad Ambrose" (not "Mum and Dad, Margaret and Ronald", a list for a list; not in a text about the
  // resident signed by someone else: "My Uncle Hamish, by Wren")
  if (firstPerson && !tellsOfResident(doc))
    for (const s of sentences)
      s.marked = s.marked.replace(
        /(?<!\b(?:my|her|his|their|our|your)\s+)\b(Maman|Papa|Mum|Mom|Mam|Dad|Mama|Nan|Gran|Granny|Grandad|Grandpa|Grandma)\s*(?:\(\s*(@\d+)\s*\)|\s+(@\d+))/gu,
        (_, k: string, a?: string, b?: string) =>
          `my ${/^(?:maman|mama|mom|mam)$/i.test(k) ? 'mum' : /^papa$/i.test(k) ? 'dad' : k.toLowerCase()} ${a ?? b}`,
      );
  if (readAddressed(sentences, frame.people.indexOf(text.resident))) {
    doc.firstPerson = true;
    doc.gender = null;
  }
  readSpeeches(doc);
  return doc;
}

/**
 * Where a reported clause starts: "Dan hears that Keoni lives with his aunt", "Ursula says Helga's husband ...",
 * "Jimmy Lynch says she lives with her grandparents". What the clause says is about its own subject, not the teller.
 */
export const REPORTED =
  /\b(?:says?|said|hears?|heard|reckons?|claims?|insists?|reports?|swears?|tells me|told me|will tell you|['’]ll tell you|believes?|thinks?|is certain|is sure|according to [^,;.]{1,40},)\s+(?:that\s+)?|,\s*and\s+that\s+/giu;

/**
 * The start of the last reported clause before `at` in a marked text, when that clause names its own subject before
 * `at` ("Dan hears that Keoni lives with his aunt"); 0 otherwise ("Samira says her husband": her is the teller's).
 */
export function reportedStart(s: string, at: number): number {
  let start = 0;
  for (const m of s.slice(0, at).matchAll(REPORTED)) start = m.index + m[0].length;
  return /@\d+(?!\d)(?!['’]s)|\b(?:she|he|i|they|we)\b/i.test(s.slice(start, at)) ? start : 0;
}

/** `@k` -> the resident's full name (null for anything else). */
export function personOf(token: string, people: readonly string[]): string | null {
  const m = /^@(\d+)/.exec(token.trim());
  return m ? (people[Number(m[1])] ?? null) : null;
}

/** A marked list "@1, @2 and @3" -> their names. */
export function peopleIn(marked: string, people: readonly string[]): string[] {
  const out: string[] = [];
  for (const m of marked.matchAll(/@(\d+)/g)) {
    const p = people[Number(m[1])];
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
}

/** A marked token for a resident. */
export const tokenOf = (person: string, people: readonly string[]): string => `@${people.indexOf(person)}`;

/** Lower-cased words of a text, for gist and kind matching. */
export const words = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => w !== '');

/**
 * A notebook's or day book's stamp before an entry: "Mon 12 May, 07:55: ", "10:15: ", "15:30, off duty: ",
 * "Sat 17: ". What follows it is the entry; the stamp is when it was written, not what it says.
 */
export const STAMP =
  /^\s*(?=[^;.]{0,40}?\d[^;]{0,30}?:\s)(?:(?:mon|tue|wed|thu|fri|sat|sun)\p{L}*\.?\s+)?(?:\d{1,2}(?:st|nd|rd|th)?(?:\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*)?\s*,?\s*)?(?:\d{1,2}[:.]\d{2}\s*)?(?:,\s*[\p{L}\s-]{1,20}?)?:\s+/iu;

/**
 * Does the text open on the resident by name ("Heloise Marsh — Otto's younger girl — keeps ...", "My Uncle Hamish,
 * by Wren")? Then it tells of them, whoever its "I" is (not "My Grandma, by Clem", where the resident is its writer).
 */
export function tellsOfResident(doc: Doc): boolean {
  const R = doc.frame.people.indexOf(doc.resident);
  return new RegExp(String.raw`^\W*(?:(?:now|meet|my|our)\s+)?(?:(?!by\b)[\p{L}]+\s+){0,2}?@${R}(?!\d)`, 'iu').test(
    doc.sentences[0]?.marked ?? '',
  );
}

// Whose a private matter is, for secrets.ts: the words of keeping in a statement (less a rumour's doubt), and its
// owner: someone who confided in the resident ("Tom confided in her that ...", "Lupe tell me a secret: ...", "Petra
// came up and whispered that ..."), else the subject of the keeping ("Tom hasn't told anyone that he is ill"), else
// the resident.
import type { KinItem } from '../types.ts';
import { genderOfName } from './given-names.ts';
import { INVERSE, KIN, kinWord } from './kin-words.ts';
import { relativesNamed } from './relatives.ts';
import { KEPT, RUMOUR, TRAIT, UNKNOWN } from './secret-words.ts';
import { type Doc, STAMP } from './text.ts';

export const KEPT_ALL = new RegExp(KEPT.source, 'giu');

/** The text with traits ("a man without secrets") blanked out, same length, so only keeping is left. */
export const masked = (t: string): string => t.replace(TRAIT, (m) => ' '.repeat(m.length));

/**
 * The words of keeping in a statement, less those that only say a rumour is unproven ("Some say he won the pools;
 * nobody knows", "nobody knows who her father was").
 */
export function keptIn(marked: string, sentence: string): RegExpExecArray[] {
  const m = masked(marked);
  const unknown = [...m.matchAll(new RegExp(UNKNOWN.source, 'giu'))].map((x) => [x.index, x.index + x[0].length]);
  const rumour = RUMOUR.test(sentence);
  // in a rumour ("Doreen's convinced she is expecting, though she's said nothing to anybody") only words of keeping
  // something ("kept", "secret", "hid") say a secret; "said nothing", "nobody knows" are doubt
  return [...m.matchAll(KEPT_ALL)].filter(
    (k) =>
      !unknown.some(([a, b]) => k.index < b! && k.index + k[0].length > a!) &&
      !(
        rumour &&
        !/\b(?:secret\w*|kept|keep\w*|hid\w*|hidden|hush\w*|confid\w*|private\w*)\b/i.test(k[0]) &&
        // (kept from someone named is kept, rumour or not: "they say she borrowed ... and would die before Kofi heard")
        !/^(?:@\d+|(?:her|his|my|their)\s+\S+)\s+(?:does|do|did|must|can|never)|\b(?:die|terrified|afraid|scared|frightened|petrified|worried|dread\w*)\b/i.test(
          k[0],
        )
      ),
  );
}
export const keeps = (marked: string, sentence = marked): boolean => keptIn(marked, sentence).length > 0;

const kinNamed = relativesNamed;

/** Verbs of passing a private matter to someone ("told", "confided to", "let slip to", "has shown it to"). */
const TOLD = String.raw`(?:told(?: to)?|confided in|confided to|confessed to|admitted to|whispered to|let slip to|(?:has\s+)?(?:shown|showed) (?:it|this|that) to)`;
/** The same said now, as a timeline or a learner says it: "Toni confides to his sister Lena that ...". */
const TELLS = '(?:tells|confides in|confides to|confesses to|admits to|whispers to)';
/** Whom it is told to, with a kin word before the name: "his sister Lena", "her cousin Bilal". */
const KIN_BEFORE = String.raw`(?:(?:her|his|their)\s+(?:[\p{L}-]+\s+)?${KIN}\s*,?\s*)?`;

/** A name with what may be said between it and its verb ("Tilly Rowe, from the farm over the hill, let slip"). */
// (an aside in brackets, "Tobin Ash (guard captain) told her", or where they are from, "Bettina Rhys from the
// bakehouse told him", "Earl Pruitt at the feed store done told Cletus")
const TELLER = String.raw`@(\d+)(?!['’]s)(?:\s*\([^()]{1,50}\)|\s+(?:from|at|of)\s+the\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+(?=\s+(?:has\s+|had\s+|done\s+)?(?:told|confided|confessed|let|whispered|tells|confides|swore)\b))?(?:\s*,[^,;.]{1,50},|\s*,)?(?:\s+(?:has|had|also|once|just|finally|then|lately|recently|now|already|since|done))*`;

/** A name said as someone's relative ("with her parents, Clement and Rhoda"): not the one the story is about. */
const APPOSED = new RegExp(
  String.raw`\b(?:her|his|their)\s+(?:[\p{L}-]+\s+)?${KIN}\s*,?\s*(?:@\d+\s*(?:,|and|&)\s*)?$`,
  'iu',
);

/** Where a clause's subject stands: the start, after a stop or a comma, after "and", "but", "so", "oh". */
const SUBJECT_BEFORE = /(?:^|[.;:,—–]\s*|\b(?:and|but|so|then|oh|well)\s+)$/i;

/** Whose secret a sentence keeps: someone who confided in the resident, else the subject of the keeping. */
export function ownerIn(
  doc: Doc,
  t: string,
  family: readonly KinItem[],
  context = '',
): { owner: string; toldResident: boolean } {
  const people = doc.frame.people;
  const R = people.indexOf(doc.resident);
  // "Tunde told Jonah, and no one else, that ...": someone's matter told to the resident by name
  // (now or then, with the resident's kin word before their name: "Toni confides to his sister Lena that ...")
  const toldR = new RegExp(
    String.raw`${TELLER}\s+(?:${TOLD}|${TELLS}|swore)\s+(?:only\s+)?${KIN_BEFORE}@${R}(?!\d)`,
    'iu',
  ).exec(t);
  // "Amy, Nora's daughter, has told her mother in confidence": the teller's kin who is the resident
  const toldKin = new RegExp(
    String.raw`${TELLER}\s+(?:${TOLD}|swore)\s+(?:only\s+)?(?:her|his)\s+(${KIN})\b`,
    'iu',
  ).exec(t);
  const tellerKin = toldKin ? family.find((k) => k.name === people[Number(toldKin[1])]) : undefined;
  const back = tellerKin ? kinWord(tellerKin.relation) : null;
  const said = toldKin ? kinWord(toldKin[2]!) : null;
  const toldMe = back && said && INVERSE[back[0]] === said[0] ? toldKin : null;
  const confided =
    toldR ??
    toldMe ??
    // a learner's present, "Lupe tell me a secret: ...", "Nick, the farmer son, tell me he want leave the farm"; a
    // confidence said now, "Amy tells me in confidence" (not gossip's "Gail tells me, over the till, that ...")
    new RegExp(
      String.raw`${TELLER}\s+(?:tell\s+(?:only\s+)?me\b|tells\s+me\s+(?:a secret|in (?:strict |strictest )?confidence|privately))`,
      'iu',
    ).exec(t) ??
    // "Petra — my niece — came up with plums and whispered that she is expecting again"
    /@(\d+)(?!['’]s)[^.;@]{0,100}?\b(?:whispered|confided|confessed|admitted|let slip)\s+(?:to\s+me\s+)?that\b/iu.exec(
      t,
    ) ??
    new RegExp(
      String.raw`${TELLER}\s+(?:${TOLD}|swore)\s+(?:only\s+)?(?:me|her|him)\b(?!\s+(?:[\p{L}-]+\s+)?(?:sister|brother|mother|father|husband|wife|son|daughter|aunt|uncle|cousin))`,
      'iu',
    ).exec(t) ??
    // ("Dora came in and told her something about Marco", of a woman: "her" is the resident)
    new RegExp(
      String.raw`@(\d+)(?!['’]s)[^.;@]{1,50}?\band\s+(?:${TOLD})\s+(?:me|@${R}(?!\d)${!doc.firstPerson && doc.gender ? `|${doc.gender === 'f' ? 'her' : 'him'}` : ''})\b`,
      'iu',
    ).exec(t) ??
    /\b(?:heard|learned|learnt|knows?|found out)\s+(?:from|of)\s+(?:(?:her|his|my)\s+(?:[\p{L}-]+\s+)?)?@(\d+)/iu.exec(
      t,
    ) ??
    // ("Knows Ottilie Reed's been watering the flour": the contraction, read as "@k been")
    /(?:^|[.;]\s*)knows?\s+(?:that\s+)?@(\d+)(?!['’]s)\s+(?:is|has|was|plans|wants|means|been)/i.exec(t) ??
    /\b(?:keeps?|keeping|knows?|holds?|carries)\s+@(\d+)['’]s\s+secret/i.exec(t) ??
    // "Ada's news stays with me until she tells Tom": someone's matter in the resident's keeping
    /(?:^|[.;:]\s*)@(\d+)['’]s\s+[^.;@]{1,40}?\s+(?:stays?|remains?|is safe|is kept|rests?)\s+with\s+(?:me|her|him)\b/i.exec(
      t,
    ) ??
    /@(\d+)['’]s\s+secret\b/i.exec(t) ??
    // "Secret (Kwame's): ...", "keeps the secret of Carlos", "a secret of Joana": the possessive said another way
    /\bsecret\s*\(\s*@(\d+)['’]s\s*\)|\bsecrets?\s+of\s+@(\d+)(?!['’]s)/i.exec(t) ??
    // "Cornelius had come one wet afternoon to confide that he had altered his will"
    new RegExp(
      String.raw`${TELLER}\s+(?:come|came|gone|went|called)\b[^.;]{0,40}?\bto\s+(?:confide|confess|tell)\b`,
      'iu',
    ).exec(t);
  // what someone tells the resident of the resident ("Dr Haddad has told you the tremor in your hand is ...") is theirs
  const ofResident =
    !!toldR &&
    confided === toldR &&
    new RegExp(`@${R}(?!\\d)`).test(t.slice(toldR.index + toldR[0].length).split(/,\s*and\b|;/)[0]!);
  if (confided && !ofResident) {
    const p = people[Number(confided[1] ?? confided[2])];
    if (p && p !== doc.resident) return { owner: p, toldResident: true };
  }
  const visitor = visitorIn(doc, t, family, context);
  if (visitor) return { owner: visitor, toldResident: true };
  // "Selin is my best friend; she told me that she and Murat are moving": the one named just before
  // told of in the third person, "she told him a secret" of a man is a woman's matter told to him: the pronoun of the
  // other gender is someone else
  const them = !doc.firstPerson && doc.gender ? (doc.gender === 'm' ? 'she' : 'he') : null;
  const resident = them ? String.raw`|(?<=\b${them}\s+\S+(?:\s+\S+)*\s+)${doc.gender === 'm' ? 'him' : 'her'}\b` : '';
  const pronoun = new RegExp(
    String.raw`(?:^|[.;,:]\s*|\b(?:and|but|then)\s+)(she|he)\s+(?:(?:has|had|once|just|finally|also)\s+)*(?:${TOLD})\s+(?:only\s+)?(?:me\b|@${R}(?!\d)${resident})`,
    'iu',
  ).exec(t);
  const ofOther = !!pronoun && !!them && pronoun[1]!.toLowerCase() === them;
  if (pronoun && (doc.firstPerson || pronoun[0].includes('@') || ofOther)) {
    // "she's leaving Tom, she told me": the matter's own "she" is the teller; Tom is whom she leaves
    const same = new RegExp(`^\\s*${pronoun[1]}\\b`, 'i').test(t);
    // (not one named as someone's relative: "Fenella, who keeps the bookshop with her parents, Clement and Rhoda")
    const told = `${context} ${same ? '' : t.slice(0, pronoun.index)}`;
    const candidates = [...told.matchAll(/@(\d+)(?!['’]s)/g)]
      .filter((m) => !APPOSED.test(told.slice(Math.max(0, m.index - 40), m.index)))
      .map((m) => ({ p: people[Number(m[1])], subject: SUBJECT_BEFORE.test(told.slice(0, m.index)) }))
      // (of the pronoun's gender where the given name says one)
      .filter(({ p }) => p && p !== doc.resident && genderOfName(p) !== (/^she$/i.test(pronoun[1]!) ? 'm' : 'f'));
    // the pronoun stands for the last clause's subject, not its object: "Arthur's going to propose to Petra, he told
    // Noel" is Arthur's matter
    const named = (candidates.filter((c) => c.subject).pop() ?? candidates.pop())?.p;
    if (named) return { owner: named, toldResident: true };
  }
  // "Dad's saving for a boat; told only her": a relative's matter, told to the resident
  const kin = new RegExp(String.raw`^\s*(?:(?:her|his|my)\s+)?(${KIN})(?:['’]s|\s+is|\s+has)\b`, 'iu').exec(t);
  if (kin && /\btold\s+(?:only\s+)?(?:her|me|him)\b/i.test(t)) {
    const p = kinNamed(kin[1]!, family)[0];
    if (p && p !== doc.resident) return { owner: p, toldResident: true };
  }
  // "It is secret: Karim is sick", "in strictest confidence, that Paul has been offered a post ... I have promised to
  // hold my tongue": a keeping with no owner of its own, or the resident's promise, keeps the named subject's matter
  const agentless =
    /^\s*(?:it|this|that)(?:['’]s|\s+is|\s+was)\s+(?:a\s+)?secret\b|\b(?:i|she|he)\s+(?:have|has|had)?\s*promised\s+to\s+(?:hold|keep|say nothing)|\bin (?:the )?(?:strict |strictest )?confidence\b/i.test(
      t,
    );
  const subjectOf = /(?:^|:\s*|\bthat\s+)(@(\d+))(?!['’]s)\s+(?:is|was|has|had|will|plans|wants|means)\b/i.exec(t);
  if (agentless && subjectOf) {
    const p = people[Number(subjectOf[2])];
    if (p && p !== doc.resident) return { owner: p, toldResident: true };
  }
  // "Tom hasn't told anyone that he is ill": the subject of the keeping is its owner
  // ("seeing Dennis on the quiet": an adverb of keeping, whose last name before it is no subject)
  // ("Oskar knows nothing of it": the one it is kept from, not its owner)
  const kept = keptIn(t, t).find(
    (k) =>
      !/^(?:on the quiet|secretly|privately|quietly|in private|in secret|knows?|has no idea|is in the dark)\b/i.test(
        k[0],
      ),
  );
  if (kept) {
    const head = t.slice(0, kept.index).split(/[;]/).pop() ?? '';
    const tokens = [...head.matchAll(/@(\d+)(?!['’]s)|\b(she|he|i)\b/gi)];
    // ("Daniel to tell Sarah in confidence that ...": the one told is no owner; the teller before is)
    // ("her plan to sell the mill to Lionel is known ...": a name after a preposition is no subject either)
    const told = (k: number) =>
      k > 0 &&
      /\b(?:tell|tells|told|confide in|confides in|confided in|to|with|from|for|of|by|about|begged|begs|asked|asks|urged|made|swore|swears)\s+(?:only\s+)?$/i.test(
        head.slice(0, tokens[k]!.index),
      );
    const last = tokens[told(tokens.length - 1) ? tokens.length - 2 : tokens.length - 1];
    if (last?.[1] !== undefined) {
      const p = people[Number(last[1])];
      // ("Gloria begged Pru to keep schtum": the one who asks it kept is its owner)
      const direct =
        /^\s*(?:(?:has|had|is|was|still|also|never|secretly|privately|quietly)\s+)*$|^\s*(?:begged|begs|asked|asks|urged|made|swore|swears)\s+@\d+\s+(?:to\s+)?$/i.test(
          head.slice((last.index ?? 0) + last[0].length),
        );
      if (p && p !== doc.resident && direct) return { owner: p, toldResident: false };
    }
    // "Anouk's got her own thing, she's been seeing a doctor, she hasn't told him" in his text: a "she" that is not the
    // resident is the woman named before it
    const other = !doc.firstPerson && doc.gender ? (doc.gender === 'm' ? 'she' : 'he') : null;
    // (not the one who was told it: "Keoni told her he's been accepted ..., and she's promised to keep it quiet")
    if (
      last?.[2] &&
      last[2].toLowerCase() === other &&
      !/\b(?:told|tells|let slip|confided|confessed|whispered)\b/i.test(head + kept[0])
    ) {
      const named = tokens
        .filter((x) => x[1] !== undefined && (x.index ?? 0) < (last.index ?? 0))
        .map((x) => people[Number(x[1])]!)
        .filter((x) => x !== doc.resident && genderOfName(x) !== doc.gender)
        .pop();
      if (named) return { owner: named, toldResident: false };
    }
  }
  return { owner: doc.resident, toldResident: false };
}

/** Verbs of telling the resident, said of the teller's own matter. */
const SAYS = `(?:told me|tells me|confided(?: in me| to me)?|confessed(?: to me)?|admitted(?: to me)?|whispered(?: to me)?|let slip|says|said|states|stated)`;

/**
 * One who comes to the resident and tells them a matter of their own, as a notebook, a diary or a child's essay
 * says it: the teller named in the entry before and left out of this one ("10:15: C. Reddy called in. Confided he may
 * sell the garage"), one who "called in, told me privately she's ...", one who "says he's ..." of themselves, or a
 * relative by kin word ("Grandma told me she is going to retire").
 */
function visitorIn(doc: Doc, t: string, family: readonly KinItem[], context: string): string | null {
  const people = doc.frame.people;
  const R = people.indexOf(doc.resident);
  const personOf = (token: string | undefined, kin: string | undefined) => {
    const p = token !== undefined ? people[Number(token)] : kin ? kinNamed(kin, family)[0] : undefined;
    return p && p !== doc.resident ? p : null;
  };
  const entry = t.replace(STAMP, '');
  // the subject left out: the last one named in the entries just before, who came in or called
  if (new RegExp(`^${SAYS}\\b`, 'i').test(entry)) {
    const named = [...context.matchAll(/@(\d+)(?!['’]s)/g)].map((m) => m[1]).filter((k) => Number(k) !== R);
    const p = personOf(named.pop(), undefined);
    if (p) return p;
  }
  // "P. Hargreaves called in, told me privately she's expecting"
  const visit =
    /@(\d+)(?!['’]s)\s+(?:called|came|dropped|popped|looked|stopped|rang|phoned)\b[^.;@]{0,25}?(?:,|\band\b)\s*(?:and\s+)?(?:told|confided in|whispered to)\s+me\b/iu.exec(
      t,
    );
  if (visit) return personOf(visit[1], undefined);
  // "Percy says he's been sacked", "Grandma told me she is learning to drive": a teller's own news
  const self = new RegExp(
    String.raw`^(?:(?:my|our)\s+)?(?:@(\d+)(?!['’]s)|(${KIN})(?![\p{L}-])(?:\s+@\d+)?)\s+${SAYS}\s+(?:to me\s+)?(?:that\s+)?(?:she|he)\b(?!\s+(?:has\s+|had\s+)?(?:told|confided|tells|says|said|whispered)\b)`,
    'iu',
  ).exec(entry);
  return self ? personOf(self[1], self[2]) : null;
}

// Who an event is for and whose it is, for events.ts: the host named before its verb ("Dad is hosting", "she's
// running", the one who "said he's giving"), and whom the host means to invite ("everyone she meets", "only Nesrin,
// Murat and the headmaster", "just Maman, me and the two Garniers", "only for you, my parents and the Schallers").
import type { EventItem, KinItem } from '../types.ts';
import { KIN } from './kin-words.ts';
import { relativesNamed } from './relatives.ts';
import { type Doc, tellsOfResident } from './text.ts';

/** The host named before a verb: a resident by name, a relative by kin word, else the resident. */
export function hostBefore(doc: Doc, marked: string, at: number, family: readonly KinItem[]): string {
  // (an aside between the subject and its verb is not who acts: "Mrs @0, with her husband @1 in attendance, proposed",
  // "@0, who lives with her father @2, will hold", "@0, uncle to young @3, shall give")
  const head = (marked.slice(0, at).split(/[;.]/).pop() ?? '').replace(/,[^,]*,\s*$/, ' ');
  const tokens = [
    ...head.matchAll(
      new RegExp(
        String.raw`@(\d+)(?!['’]s)|\b(?:(?:her|his|my)\s+(${KIN})|(Mum|Mom|Mam|Dad|Papa|Mama|Maman|Grandad|Grandpa|Grandma|Gran|Granny|Nan|Nana))\b(?!['’]s)|\b(she|he|i|they|we)\b`,
        'giu',
      ),
    ),
  ];
  const last = tokens[tokens.length - 1];
  if (!last) return doc.resident;
  // "Jonah and his mum are throwing": the resident among the hosts
  if (
    new RegExp(String.raw`(?:@${doc.frame.people.indexOf(doc.resident)}|\b(?:she|he|i))\s+(?:and|&)\s+`, 'i').test(
      head,
    ) ||
    /\b(?:and|&)\s+(?:she|he|i|me)\b/i.test(head)
  )
    return doc.resident;
  if (last[1] !== undefined) return doc.frame.people[Number(last[1])] ?? doc.resident;
  // "Dad is hosting", "her uncle is throwing": the relative the word names
  if (last[2] || last[3]) return relativesNamed((last[2] ?? last[3])!, family)[0] ?? doc.resident;
  // "she's giving him a party" in a man's text: the woman named last
  const pron = last[4] ?? '';
  const g = /^she$/i.test(pron) ? 'f' : /^he$/i.test(pron) ? 'm' : null;
  // "My brother Rui came by with his stepson and said he's giving ...": the one who said it
  const sayer =
    /(@\d+)(?!['’]s)[^.;@]*?(?:@\d+[^.;@]*?)?\b(?:said|says|told me|tells me|swears|reckons)\s+(?:that\s+)?$/iu.exec(
      head.slice(0, last.index),
    );
  if (g && doc.firstPerson && sayer) return doc.frame.people[Number(sayer[1]!.slice(1))] ?? doc.resident;
  // a text that opens on the resident by name ("Heloise Marsh — Otto's younger girl — keeps ...", "My Uncle Hamish,
  // by Wren") tells of them, whoever its "I" is: a "she" or "he" of their gender is them
  if (g && tellsOfResident(doc) && doc.gender === g) return doc.resident;
  // ("she" in a text said as "I" is never the resident)
  if (g && ((doc.gender && g !== doc.gender) || doc.firstPerson)) {
    const earlier = doc.sentences
      .filter(
        (x) =>
          x.marked === marked ||
          doc.sentences.indexOf(x) <= doc.sentences.findIndex((y) => marked.startsWith(y.marked.slice(0, 20))),
      )
      .flatMap((x) => x.mentions.map((m) => m.person))
      .filter((p) => p !== doc.resident);
    return earlier[earlier.length - 1] ?? doc.resident;
  }
  return doc.resident;
}

/** One guest named in a list: a resident, or a relative by kin word ("Grandad", "her sister"). */
// ("my neighbour Mrs @2", "our aunt @3", "his old mate @4": a resident with what they are to someone)
const GUEST = String.raw`(?:(?:\b(?:her|his|my|their|our)\s+(?:[\p{Ll}]+\s+){1,2}(?:(?:Mrs|Mr|Ms|Miss|Dr)\.?\s+)?)?@\d+(?!['’]s)|\b(?:(?:her|his|my|their|our)\s+)?${KIN}\b(?:\s+@\d+(?!['’]s))?)`;
/** Guests named before the word that asks them: "Ann Shaw + Tina invited", "Ora + Val only". */
const GUESTS_BEFORE = new RegExp(
  String.raw`(${GUEST}(?:\s*(?:,|\+|&|and)\s*${GUEST})*)\s*(?:are\s+|is\s+|were\s+)?(?:(?:the\s+)?only(?:\s+ones?)?(?![\p{L}])|invited\b|asked\b)`,
  'iu',
);
/** "for family only: Tom and Amy". */
const ONLY_LIST = new RegExp(String.raw`\bonly\s*[:–—-]\s*(${GUEST}(?:\s*(?:,|\+|&|and)\s*${GUEST})*)`, 'iu');
/** "pour tea for the Marshes, Ottoline and Felix, and for no one else": whom it is for. */
const FOR_ONLY = /\bfor\s+([^.;]*?)\s*,?\s*(?:and\s+)?(?:for\s+)?(?:no ?one|nobody) else\b/iu;

/** One guest or the one spoken to or speaking. */
const ONE = String.raw`(?:${GUEST}|\b(?:you|me)\b)`;
/** A list of guests: "Ann, Bo and her sister", "you, Jem and Roz", "Farida and, uh, Ollie". */
const LIST = String.raw`${ONE}(?:\s*(?:,|\+|&|and|,\s*and)\s*(?:(?:uh|er|um),?\s*)?${ONE})*`;
/** A list of guests and nothing else, to the end of its clause. */
const LIST_ONLY = new RegExp(
  String.raw`^\s*(${LIST})\s*(?:alone|only|too|as well|of course)?\s*(?:[,.;!—–)'’"”]|$)`,
  'iu',
);
/** A verb of asking someone to a do, and what follows it: "inviting", "has asked", "is getting", "wants". */
const ASKING = [
  // "invites only ...", "invitations to Ana and Bo alone"
  /\binvit(?:e|es|ing|ed|ations?)\s+(?:(?:only|just|out|round|over|along)\s+)?(?:(?:are\s+)?(?:going\s+)?(?:out\s+)?to\s+)?([^.;]*)/iu,
  // "has asked X and Y to come", "is asking X along" (not one asked to do something for it)
  /\b(?:ask|asks|asking|asked)\s+(?:only\s+|just\s+)?(?![^.;]*?\bto\s+(?:bring|do|help|make|cook|read|play|sing|run|lend|fetch|carry|serve|set up)\b)([^.;]*)/iu,
  // "wants X there", "wants only me and our aunt to come"
  new RegExp(String.raw`\bwants?\s+(?:only\s+|just\s+)?(${LIST})\s+(?:there|to come|along|at it|round|over)\b`, 'iu'),
  // "is getting X and Y round for it", "having Ana and Bo over"
  new RegExp(
    String.raw`\b(?:get|gets|getting|got|have|has|having|bring|brings|bringing)\s+(?:only\s+|just\s+)?(${LIST})\s+(?:round|over|along)\b`,
    'iu',
  ),
];
/** "Ann and Bo are invited", "you're invited", "Ora + Val only". */
const LIST_THEN_INVITED = new RegExp(
  String.raw`((?:${GUEST}|\byou\b)(?:\s*(?:,|\+|&|and)\s*(?:\(.*?\)\s*)?(?:${GUEST}|\byou\b))*)\s*(?:\([^)]*\)\s*)?,?\s*(?:you\s*)?(?:are\s+|is\s+|were\s+|['’]re\s+|have been\s+|has been\s+)?(?:all\s+)?(?:invited|asked)\b`,
  'iu',
);

/** The names a list gives: residents, relatives by kin word, "me", "you" (the one a letter is to), "the Schallers". */
function guestsIn(doc: Doc, marked: string, list: string, family: readonly KinItem[], host: string): string[] {
  const names: string[] = [];
  const people = doc.frame.people;
  // ("To Ivy: 'just you and Jo invited'": a message's "you" is the one it is sent to)
  const to =
    /^\s*to\s+@(\d+)\s*:/iu.exec(marked) ??
    /^\s*(?:my\s+)?(?:dear(?:est)?|hi|hello|hey|cher|chère|querida|querido|liebe|lieber)\s+@(\d+)/iu.exec(
      doc.sentences[0]?.marked ?? '',
    );
  for (const x of list.matchAll(
    new RegExp(
      String.raw`@(\d+)(?!['’]s)|\b(?:(?:her|his|my|their|our)\s+)?(${KIN})\b|\b(me|you)\b|\bthe\s+(?:two\s+|three\s+)?(\p{Lu}\p{L}+)s\b`,
      'giu',
    ),
  )) {
    if (x[1] !== undefined) names.push(people[Number(x[1])] ?? '');
    else if (x[2]) names.push(...relativesNamed(x[2].toLowerCase(), family));
    // the resident is a guest of someone else's do; "you" in a letter is the one it is written to
    else if (x[3]?.toLowerCase() === 'me') names.push(doc.resident);
    else if (x[3]?.toLowerCase() === 'you' && to) names.push(people[Number(to[1])] ?? '');
    // "the Schallers": the residents of that family name
    else if (x[4]) names.push(...people.filter((p) => p.split(/\s+/).pop() === x[4]));
  }
  return [...new Set(names)].filter((n) => n !== '' && n !== host);
}

const EVERYONE =
  /^\s*(?:everyone|everybody|all|the (?:whole )?(?:town|village|street)|anyone|people|whoever|the neighbou?rs)/i;

/**
 * Whom a sentence or clause says the host means to invite: names (residents) or kin words, 'everyone' when it says
 * all are welcome, null when it says nothing of whom. `kind` is the happening's kind when the clause names it: a
 * list after "for" is its guests only when something (a place, a time) stands between ("a film night at the cinema
 * at 8 for Ann and Bo"), not "a party for Tom", whose party it is.
 */
export function invitedIn(
  doc: Doc,
  marked: string,
  family: readonly KinItem[],
  host = doc.resident,
  kind?: string,
): EventItem['invite'] | null {
  const found = [
    ...ASKING.map((re) => re.exec(marked)),
    /\bonly\s+for\s+([^.;]*)/iu.exec(marked),
    // ", just Maman, me and ...", "— just you, Jem and Roz"
    /[,—–:]\s*(?:just|only)\s+((?:@\d+|me|you|(?:my|her|his|our|their)\s+\p{L}+|\p{Lu}\p{L}+)[^.;]*)/u.exec(marked),
    ONLY_LIST.exec(marked),
    FOR_ONLY.exec(marked),
    GUESTS_BEFORE.exec(marked),
    LIST_THEN_INVITED.exec(marked),
    forList(marked, kind),
  ];
  // the first that names guests, or says all are welcome
  for (const m of found) {
    if (!m) continue;
    const list = m[1]!;
    if (EVERYONE.test(list)) return 'everyone';
    const guests = guestsIn(doc, marked, list, family, host);
    if (guests.length > 0) return guests;
  }
  return null;
}

/** "... at the Old Cinema tonight at 8 for Ann, Bo and Cy": a list of guests after "for", the kind not just before. */
function forList(marked: string, kind?: string): RegExpExecArray | null {
  for (const m of marked.matchAll(/\bfor\s+(?:(?:just|only)\s+)?/giu)) {
    const rest = marked.slice(m.index + m[0].length);
    const list = LIST_ONLY.exec(rest);
    if (!list) continue;
    const before = marked.slice(0, m.index).trim().toLowerCase();
    if (kind && before.endsWith(kind.toLowerCase())) continue;
    // (those it thanks or honours: "a lunch at noon for Ann and Bo, to thank them for the flowers")
    if (/^\s*,?\s*(?:to|in honou?r|in thanks)\b/i.test(rest.slice(list[0].length - 1))) continue;
    // (whose do it is: "a leaving do on Friday for Jim", "a surprise party at the pub for Nan")
    if (
      /\b(?:birthday|leaving|farewell|retirement|welcome|send-?off|shower|engagement|anniversary|wake|memorial|surprise|christening|benefit|fundraiser)\b/i.test(
        before,
      )
    )
      continue;
    return Object.assign([m[0], list[1]!], { index: m.index, input: marked }) as unknown as RegExpExecArray;
  }
  return null;
}

/**
 * Whom the host of a happening (`kind`, read from `marked`, whose words are `parts`) means to invite: said with it,
 * else in a sentence just after it (inviteAfter), the words of which then join its quote; "everyone" unless a text
 * names them.
 */
export function inviteOf(
  doc: Doc,
  marked: string,
  parts: string[],
  family: readonly KinItem[],
  event: { host: string; kind: string },
  other: (s: Doc['sentences'][number]) => boolean,
): EventItem['invite'] {
  const said = invitedIn(doc, marked, family, event.host, event.kind);
  if (said) return said;
  // (from the last sentence the happening took words from)
  const from = Math.max(
    ...doc.sentences.filter((x) => parts.some((p) => x.text.includes(p.trim()))).map((x) => x.index),
    -1,
  );
  const after = from >= 0 ? inviteAfter(doc, from, family, event.host, other) : null;
  if (!after) return 'everyone';
  parts.push(after.sentence.text);
  return after.invite;
}

/**
 * Whom the sentences after an event's say the host asks to it ("She's putting on a slide show at the hall on
 * Friday. She's asking Ann, Bo and Cy along."): the first of the next two sentences of its field that names guests
 * with a verb of asking, before any sentence that is about another happening (`other`). Its index and names.
 */
export function inviteAfter(
  doc: Doc,
  from: number,
  family: readonly KinItem[],
  host: string,
  other: (s: Doc['sentences'][number]) => boolean,
): { sentence: Doc['sentences'][number]; invite: string[] } | null {
  const field = doc.sentences[from]?.field;
  for (const s of doc.sentences.slice(from + 1, from + 3)) {
    if (s.field !== field || other(s)) return null;
    // (only a verb of asking: "She asked Ann about it" is no invitation, so an "ask" needs "along", "to come", "to it")
    const asks =
      /\binvit/i.test(s.text) ||
      /\b(?:ask|asks|asking|asked)\b[^.;]*?\b(?:along|to come|to join|round|over|to it|to that|for it)\b/i.test(
        s.text,
      ) ||
      /\bwants?\b[^.;]*?\b(?:there|to come|along|at it)\b/i.test(s.text) ||
      /\b(?:getting|having|bringing|gets|got)\b[^.;]*?\b(?:round|over|along)\b/i.test(s.text);
    if (!asks) continue;
    const invite = invitedIn(doc, s.marked, family, host);
    if (Array.isArray(invite)) return { sentence: s, invite };
    if (invite === 'everyone') return null;
  }
  return null;
}

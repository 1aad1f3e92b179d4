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
const GUEST = String.raw`(?:@\d+(?!['’]s)|\b(?:(?:her|his|my|their)\s+)?${KIN}\b)`;
/** Guests named before the word that asks them: "Ann Shaw + Tina invited", "Ora + Val only". */
const GUESTS_BEFORE = new RegExp(
  String.raw`(${GUEST}(?:\s*(?:,|\+|&|and)\s*${GUEST})*)\s*(?:are\s+|is\s+|were\s+)?(?:(?:the\s+)?only(?:\s+ones?)?(?![\p{L}])|invited\b|asked\b)`,
  'iu',
);
/** "for family only: Tom and Amy". */
const ONLY_LIST = new RegExp(String.raw`\bonly\s*[:–—-]\s*(${GUEST}(?:\s*(?:,|\+|&|and)\s*${GUEST})*)`, 'iu');
/** "pour tea for the Marshes, Ottoline and Felix, and for no one else": whom it is for. */
const FOR_ONLY = /\bfor\s+([^.;]*?)\s*,?\s*(?:and\s+)?(?:for\s+)?(?:no ?one|nobody) else\b/iu;

/** Whom the host means to invite: names (residents) or kin words; "everyone" unless the text names them. */
export function inviteIn(
  doc: Doc,
  marked: string,
  family: readonly KinItem[],
  host = doc.resident,
): EventItem['invite'] {
  const m =
    /\binvit(?:e|es|ing|ed)\s+(?:only\s+|just\s+)?([^.;]*)/iu.exec(marked) ??
    // "he wants only me and our aunt there", "only for you, my parents and the Schallers", ", just Maman, me and ..."
    /\bwants?\s+only\s+([^.;]*?)\s+(?:there|to come|along)\b/iu.exec(marked) ??
    /\bonly\s+for\s+([^.;]*)/iu.exec(marked) ??
    /,\s*(?:just|only)\s+((?:@\d+|me|you|(?:my|her|his|our|their)\s+\p{L}+|\p{Lu}\p{L}+)[^.;]*)/u.exec(marked) ??
    // (not one asked to do something for it: "she's asked Abena to bring the drinks")
    /\b(?:ask|asks|asking|asked)\s+(?:only\s+|just\s+)?(?![^.;]*?\bto\s+(?:bring|do|help|make|cook|read|play|sing|run|lend|fetch|carry|serve|set up)\b)([^.;]*)/iu.exec(
      marked,
    ) ??
    ONLY_LIST.exec(marked) ??
    FOR_ONLY.exec(marked) ??
    GUESTS_BEFORE.exec(marked);
  if (!m) return 'everyone';
  const list = m[1]!;
  if (
    /^\s*(?:everyone|everybody|all|the (?:whole )?(?:town|village|street)|anyone|people|whoever|the neighbou?rs)/i.test(
      list,
    )
  )
    return 'everyone';
  const names: string[] = [];
  const people = doc.frame.people;
  const to = /^\s*(?:my\s+)?(?:dear(?:est)?|hi|hello|hey|cher|chère|querida|querido|liebe|lieber)\s+@(\d+)/iu.exec(
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
  const guests = [...new Set(names)].filter((n) => n !== '' && n !== host);
  return guests.length > 0 ? guests : 'everyone';
}

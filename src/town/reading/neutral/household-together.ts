// Who lives with whom said without "with" (household.ts): a clause's subject of several people, the resident among
// them ("She and Tom live above the bakery", "Tom, Maud and their son Eli share the cottage").
import type { KinItem } from '../types.ts';
import { kinNamed } from './household-list.ts';
import { KIN } from './kin-words.ts';
import { type Doc, reportedStart } from './text.ts';

export const NOT =
  /(?:\bno longer|\bnot|\bnever|\bneither|\bnor|\bnone of|n['’]t|\bused to|\buntil|\bformerly|\bonce(?=\s+(?:lived|shared|stayed|lodged)))\b/i;

/** A subject of two, the resident among them: "My wife, Mary, and I", "Her daughter, Iris, and Iris's husband, Milo". */
export const COMPOUND =
  /(?:^|[.;:]\s*)\s*(?:(?:(?:my|her|his|our|their|@\d+['’]s)\s+)?[\p{L}-]+\s*,?\s*)?@\d+(?!['’]s)(?:\s*\([^()]*\))?(?:\s*,\s*(?:my|her|his|our|their)\s+[\p{L}-]+\s*,)?\s*,?\s*(?:and|&|\+)\s+(?:i|me|she|he|(?:(?:my|her|his|our|their|@\d+['’]s)\s+[\p{L}-]+\s*,?\s*)?@\d+(?!['’]s)\s*,?)\s*$/iu;

/** The people a clause's subject names before its verb: the resident (by name or pronoun) and others. */
export function subjects(doc: Doc, head: string, prev = ''): { resident: boolean; others: string[] } {
  const people = doc.frame.people;
  // the subject is the clause's start: a relative clause's "who" points back at the person just before it
  const tokens = [...head.matchAll(/@(\d+)(?!['’]s)|\b(she|he|i|we|me)\b/gi)];
  let resident = false;
  const others: string[] = [];
  for (const t of tokens) {
    // "she" in a man's text, or in one said as "I", is the woman named last
    const p = t[2]?.toLowerCase();
    const other =
      (p === 'she' || p === 'he') && (doc.firstPerson || (doc.gender && doc.gender !== (p === 'she' ? 'f' : 'm')));
    if (other) {
      const named = [...`${prev} ${head.slice(0, t.index)}`.matchAll(/@(\d+)/g)]
        .map((x) => people[Number(x[1])]!)
        .filter((x) => x && x !== doc.resident);
      const last = named[named.length - 1];
      if (last) others.push(last);
    } else if (t[2]) resident = true;
    else {
      const p = people[Number(t[1])];
      if (p === doc.resident) resident = true;
      else if (p) others.push(p);
    }
  }
  // "Her son lives with his wife": a relative the text does not name is the subject, not the resident
  if (
    tokens.length === 0 &&
    new RegExp(String.raw`(?:^|,)\s*(?:her|his|my|their)\s+(?:[\p{L}-]+\s+)?${KIN}(?![\p{L}-])[^,]*$`, 'iu').test(head)
  )
    return { resident: false, others };
  if (tokens.length === 0) resident = true;
  return { resident, others };
}

/** "She and Tom live above the bakery", "Tom, Maud and their son Eli share the cottage" (no "with"). */
export function together(doc: Doc, c: string, family: readonly KinItem[], out: Set<string>, prev = '') {
  // "mum to @1, wife to @2, all three of us under one roof", "married to @1, stepmum to @2, both at home with me": a
  // home said of everyone the clause has just named
  const all =
    /\b(?:all\s+(?:two|three|four|five|six|\d)\s+of\s+us|the\s+(?:two|three|four|five|six|\d)\s+of\s+us|both|all of us)\s+(?:\w+\s+)?(?:under\s+(?:one|the same)\s+(?:[\p{L}-]+\s+)?roof|at home with (?:me|her|him)|live (?:here|there|together|with (?:me|her|him)))\b/iu.exec(
      c,
    );
  if (all && !NOT.test(c.slice(Math.max(0, all.index - 20), all.index))) {
    for (const m of c.slice(0, all.index).matchAll(/@(\d+)(?!['’]s)/g)) {
      const p = doc.frame.people[Number(m[1])];
      if (p && p !== doc.resident) out.add(p);
    }
  }
  const verb =
    /\b(?:live|share|reside|dwell|(?:all\s+)?(?:squeeze|crowd|cram|pack)\s+into|have shared|have lived|are living|keep house|(?:have|has|['’]ve)(?: had)? the (?:two |three |four |back |front |upstairs |top )?(?:house|flat|cottage|rooms|place|farm|home)|(?:have|['’]ve) been (?:at|in) (?:the|our) (?:[\p{L}-]+\s+){0,3}?(?:house|home|flat|cottage|farm))\b(?!\s+(?:\w+\s+){0,6}?with\b)/iu.exec(
      c,
    );
  if (!verb) return;
  // "My daughter and her mother — we divorced long ago — live together": the aside is not the subject; "... but I
  // live on my own": the clause after "but"; "Norman says ..., and that Shirin and Hamza have had the house"
  let head = c
    .slice(0, verb.index)
    .replace(/\s[—–]\s[^—–]*\s[—–]\s/g, ' ')
    .split(/\s[—–]\s|,?\s+but\s+/)
    .pop()!;
  head = head.slice(reportedStart(head, head.length));
  if (NOT.test(head.slice(-20)) || /\b(?:next door|neighbou?rs?|near|street|lane|road)\b/i.test(head)) return;
  // "two grown children, Amy and Sam, who both live away": the relative clause is theirs, and away is not with her
  // ("Bram and Anouk, who are married and live over the shop": the relative clause goes on to its verb)
  const rel =
    /,\s*who\s+(?:both\s+|all\s+|also\s+|still\s+)*$|,\s*who\s+(?:are|were|have|had)\b[^,;@]*?\band\s+$/i.exec(head);
  const R = `@${doc.frame.people.indexOf(doc.resident)}`;
  // (the names just before "who" are what it points back at: "fixes bikes for Bram and Anouk, who live over the shop")
  const antecedent = rel
    ? (/((?:@\d+(?!['’]s)\s*(?:,|and|&)\s*)*@\d+(?!['’]s))\s*$/.exec(head.slice(0, rel.index))?.[1] ??
      head.slice(Math.max(0, head.lastIndexOf(',', rel.index - 1))))
    : '';
  if (rel && !new RegExp(`${R}(?!\\d)(?!['’]s)`).test(antecedent)) return;
  if (/^\S+\s+(?:away|elsewhere|abroad|apart|nearby|on (?:their|his|her|my) own)\b/i.test(c.slice(verb.index))) return;
  const after = c.slice(verb.index, verb.index + 60);
  if (
    /\b(?:each other|one another|neighbou?rs|same street|same road|same lane|same building|another flat)\b/i.test(after)
  )
    return;
  const subj = subjects(doc, head, prev);
  if (!subj.resident && !/\b(?:her|his|my)\s+\S+/i.test(head)) return;
  if (!/\b(?:and|&)\b/.test(head)) return;
  if (!subj.resident) {
    // "Her daughter, Iris, and Iris's husband, Milo, share her house": the resident's home, shared by others
    const own = doc.gender === 'f' ? 'her' : doc.gender === 'm' ? 'his' : null;
    if (
      own &&
      new RegExp(String.raw`^\S+\s+${own}\s+(?:own\s+)?(?:house|home|flat|cottage|place|rooms|farm)\b`, 'i').test(after)
    )
      for (const n of subj.others) out.add(n);
    return;
  }
  for (const n of subj.others) out.add(n);
  const kin = [
    ...head.matchAll(new RegExp(String.raw`\b(?:her|his|my|their|our)\s+(${KIN})(?![\p{L}-])(?!\s*,?\s*@)`, 'giu')),
  ].map((m) => m[1]!);
  for (const n of kinNamed(kin, family)) out.add(n);
}

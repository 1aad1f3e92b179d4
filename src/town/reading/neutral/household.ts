// Who shares the resident's home: "lives with her husband Tom", "shares the flat with Ada", "My wife and I have the
// rooms over the pub with our girl", "Her daughter, who shares the rooms with her and Declan", "his wife, with whom
// he shares the cottage", "She and Tom live above the shop", kin words without names resolved through the family
// ("lives with her parents"). Never a street, a building's other flat or a neighbour: living near is not living with.
import type { KinItem } from '../types.ts';
import { keptFor, kinNamed, listAfter, spouses } from './household-list.ts';
import { lodgersIn } from './household-lodgers.ts';
import { COMPOUND, NOT, subjects, together } from './household-together.ts';
import { KIN } from './kin-words.ts';
import { placesIn } from './places.ts';
import { type Doc, GLOSS_PAIR, reportedStart, type Sentence } from './text.ts';

const DWELLING = `(?:home|house|flat|apartment|cottage|place|rooms?|roof|bungalow|farmhouse|farm|caravan|quarters|digs|lodgings|bedsit|loft|attic|studio|cabin|croft|manse|vicarage|rectory|upstairs|downstairs)`;
const VERB = String.raw`(?:(?:still\s+|now\s+|also\s+)?(?:lives?|living|lived|live|stays?|staying|sleeps?|sleeping|lodges?|lodging|boards?|boarding|resides?|residing|shares?|sharing|shared|keeps? house|moved\s+(?:back\s+)?in|has\s+moved\s+(?:back\s+)?in|(?:has|have|had)\s+lived|(?:is|are)\s+living|(?:have|has|had)\s+the\s+${DWELLING}|(?:is|am|are|(?<=\b(?:he|she|who))['’]s|['’]m)\s+(?:back\s+)?(?:at\s+)?home|keeps?\s+(?:the|a|her|his|my|our)\s+${DWELLING}|back\s+home|at\s+home|home\s*[:=–-]|${DWELLING}(?:\s+[\p{L}-]+){0,2},?(?=\s+with\b)|(?:is|am|are|['’]s|['’]m)\s+(?:back\s+)?in\s+(?:the|a|her|his|my|our|their)\s+(?:[\p{L}-]+\s+){0,2}${DWELLING}|(?:is|are|['’]s)\s+back(?=\s+with\b)|(?:main\s+)?residence\s*:)(?:\s+and\s+[a-z]+s)?)`;
// (the gap never runs into a clause with a subject of its own: "I have the flat above, and our daughter Beth is back
// with us")
const LIVE_WITH = new RegExp(
  String.raw`\b${VERB}(?![\p{L}])((?:(?!,\s*and\s+(?:our|my|her|his|their)\s)[^.;@]|@\d+){0,70}?)\bwith\s+`,
  'giu',
);
/** "Four of us live in the Iyer house: my husband Suresh, our daughter Meena, ... and me." */
const LIVE_COLON = /\b(?:we|us|of us)\s+(?:all\s+)?live\b[^.;:@]{0,50}:\s*/gi;
const GAP_BAD =
  /\b(?:works?|working|plays?|runs?|eats?|drinks?|meets?|walks?|talks?|sees?|visits?|who|which|where|alone|near|next door|nothing but|a wall|walls?|on (?:my|her|his|their) own|by (?:my|her|him|them)sel(?:f|ves)|neighbou?rs?|friends?|shift|customers?|doors? (?:down|up|away|along)|down the (?:road|street|lane|hill)|up the (?:road|street|lane|hill)|across|opposite|over the (?:road|street|way)|round the corner|(?:other|far) end|miles?|streets? (?:away|over))\b/i;
function readSentence(doc: Doc, s: Sentence, prev: string, family: readonly KinItem[], out: Set<string>, earlier = '') {
  const people = doc.frame.people;
  // "Amy's moved back in with us": the contraction, not a possessive
  const marked = s.marked
    .replace(GLOSS_PAIR, '$1')
    .replace(/\bw\/\s*/gi, 'with ')
    .replace(/(@\d+)['’]s\s+(?=(?:moved|lived|living|staying|been|come|gone|just)\b)/g, '$1 ');
  let said = prev;
  const clauses = marked.split(/;|\.\s/);
  const familyBefore = (t: string) =>
    [...new Set([...t.matchAll(/@(\d+)(?!['’]s)/g)].map((x) => people[Number(x[1])]!))].filter((p) =>
      family.some((k) => k.name === p),
    );
  for (const [ci, c] of clauses.entries()) {
    const before = said;
    said = `${said} ${c}`;
    for (const m of c.matchAll(LIVE_WITH)) {
      // "lives next door to Liz and Joe, in the Bell house, with her husband Tom": the neighbours are a phrase of
      // their own, closed by a comma, and the list after "with" is still the household
      const gap = m[1]!;
      const near = /\b(?:next door|neighbou?rs?|near)\b[^,]*,(?=[^,]*(?:,[^,]*)?$)/i.exec(gap);
      if (GAP_BAD.test(near ? gap.slice(near.index + near[0].length) : gap)) continue;
      const at = m.index ?? 0;
      if (NOT.test(c.slice(Math.max(0, at - 14), at + m[0].length))) continue;
      let head = c.slice(0, at);
      // "Her daughter Aoife, fifteen, who shares ...": the subject is the one the relative clause follows
      const rel =
        /((?:(?:my|her|his|our|their)\s+[\p{L}-]+\s+)?@\d+(?:\s*(?:,|and|&|\+)\s*(?:(?:my|her|his|our|their)\s+[\p{L}-]+\s+)?@\d+)*)[^@]*?\bwho(?:['’]s| is| has)?\s*$/iu.exec(
          head,
        );
      if (rel) head = rel[1]!;
      else if (!COMPOUND.test(head))
        head = head.split(/,\s*(?:and|but|while)\s+|\b(?:and|but)\s+(?=(?:she|he|i)\b)/).pop() ?? head;
      // "Jimmy Lynch says she lives with her grandparents": the reported clause's subject, not the teller
      head = head.slice(reportedStart(head, head.length));
      const rest = c.slice(at + m[0].length);
      // "stays with her most weekends but lives with his parents": a visit, not a home
      if (
        /^[^,;]*?\b(?:most|some|every|at|on|during|in the|over the)\s+(?:weekends?|holidays?|summers?|sundays|saturdays|nights?|the (?:weekend|holidays|summer))\b/i.test(
          rest,
        ) &&
        /^\s*(?:stays?|staying|stayed)\b/i.test(m[0])
      )
        continue;
      const list = listAfter(doc, rest);
      const subj = subjects(doc, head, `${before} ${c.slice(0, Math.max(0, at - head.length))}`);
      const named = [...list.names, ...kinNamed(list.kin, family)];
      if (subj.resident) {
        for (const n of named) out.add(n);
        // "Tom and I live with ...", "My wife and I have the rooms ... with our girl"
        if (
          /\b(?:and|&)\s+(?:i|she|he)\b|\b(?:me|i|she|he)\s+(?:and|&)\s+|@\d+\s+(?:and|&)\s+(?:(?:my|her|his|our)\s+[\p{L}-]+\s+)?@\d+/iu.test(
            head,
          )
        )
          for (const n of subj.others) out.add(n);
        // "we live ... with his parents": we is the resident and the one they married
        // "is Ben and Ana's daughter and lives with them": the pair just named, else the one they married
        const pair =
          /(@\d+)(?:['’]s)?\s*,?\s*(?:and|&)\s+(?:(?:my|her|his|their)\s+[\p{L}-]+\s*,\s*)?(@\d+)(?:['’]s)?[^@]*$/iu.exec(
            `${before} ${c.slice(0, at)}`,
          );
        // "we still share the house": the resident and the one "X and I" named, else the one they married
        const weTwo = /(@\d+)(?!['’]s)\s+(?:and|&)\s+(?:i|me)\b/i.exec(`${prev} ${before} ${c}`);
        const them = list.pronouns.some((p) => p === 'them') || /\bthe (?:two|both|pair) of them\b/i.test(c.slice(at));
        // ("the house we share with his mother": the "we" may be inside the words that matched the verb)
        const spoken = `${head} ${m[0]}`;
        if (them && pair)
          for (const x of [pair[1]!, pair[2]!]) {
            const p = people[Number(x.slice(1))];
            if (p) out.add(p);
          }
        else if ((/\b(?:we|they)\b/i.test(spoken) || list.pronouns.includes('us')) && weTwo) {
          const p = people[Number(weTwo[1]!.slice(1))];
          if (p) out.add(p);
        } else if (them && familyBefore(`${before} ${c.slice(0, at)}`).length > 0) {
          // "Jorge who's got the café, and Carmen is Jorge's wife ... Pilar lives with them": the family just named
          for (const n of familyBefore(`${before} ${c.slice(0, at)}`).slice(-2)) out.add(n);
        } else if (
          /\b(?:we|they|the (?:pair|two|both) of (?:them|us))\b/i.test(spoken) ||
          them ||
          list.pronouns.includes('us')
        )
          for (const n of spouses(family)) out.add(n);
        // "shares with him the rooms": the man just named
        if (list.pronouns.some((p) => p === 'him' || p === 'her')) {
          const before = [...`${prev} ${c.slice(0, at)}`.matchAll(/@(\d+)/g)]
            .map((x) => people[Number(x[1])]!)
            .filter((p) => p !== doc.resident && !named.includes(p));
          const last = before[before.length - 1];
          if (last) out.add(last);
        }
      } else if (subj.others.length > 0 && (list.pronouns.length > 0 || list.names.includes(doc.resident))) {
        // "Orla moved back in with them", "Junie has lived with her and her husband Earl"
        // "His parents, Ambrose and Lavinia, live with him": all of a compound subject, else the one named last
        const all = COMPOUND.test(head) || /@\d+(?!['’]s)\s*,?\s*(?:and|&)\s+@\d+(?!['’]s)\s*,?\s*$/.test(head);
        for (const n of [...(all ? subj.others : subj.others.slice(-1)), ...named]) out.add(n);
        if (list.pronouns.some((p) => p === 'them' || p === 'us')) {
          // "Amy's moved back in with us", after "Tom and I have been at the Bell house"
          const pair = /(@\d+)(?!['’]s)\s+(?:and|&)\s+(?:i|me)\b/i.exec(`${prev} ${c}`);
          const partner = pair ? people[Number(pair[1]!.slice(1))] : undefined;
          for (const n of partner ? [partner] : spouses(family)) out.add(n);
        }
      }
    }
    for (const m of c.matchAll(LIVE_COLON)) {
      const list = listAfter(doc, c.slice((m.index ?? 0) + m[0].length));
      for (const n of [...list.names, ...kinNamed(list.kin, family)]) out.add(n);
    }
    // "In the Bell house live Nora, her husband Tom, and their daughter Amy": the resident among those who live there
    for (const m of c.matchAll(/\b(?:in|at|under)\s+[^,;.@]{1,40}?\s+(?:live|lives|dwell)\s+/gi)) {
      const list = listAfter(doc, c.slice((m.index ?? 0) + m[0].length));
      if (list.names.includes(doc.resident)) for (const n of [...list.names, ...kinNamed(list.kin, family)]) out.add(n);
    }
    // "Home: the flat above, just her + Fadi.", "Household: husband Oskar, daughter Ebba (12)."
    // a register's or a list's labels: "Household members: ...", "With: daughter Kerry + ...", "Spouse: Ronald"
    const home =
      /^\s*(?:home|household(?: members?)?|lives(?: with)?|living(?: with)?|at home|with|spouse|resident (?:child|children|relatives?)|resides with|family at home|house)\s*[:=–-]\s*(.*)$|^\s*home is\s+(.*)$/i.exec(
        c,
      ) ??
      // a register's list of one home, said over its semicolons: "Persons in household: Ada Tamblyn (wife); Rosalind
      // Pettigrew (lodger)", "Persons resident at this address: ...", "Family unit at Via Garibaldi 12: ..."
      /^\s*(?:persons?\s+(?:in|of)\s+(?:the\s+)?household|persons?\s+resident\b[^:]{0,30}|family unit\b[^:]{0,40}|members of (?:the )?household)\s*:\s*(.*)$/i.exec(
        [c, ...clauses.slice(ci + 1)].join('; '),
      );
    const listed = home?.[1] ?? home?.[2];
    if (home && listed !== undefined && !NEAR_WORDS.test(listed)) {
      for (const x of listed.matchAll(/@(\d+)(?!['’]s)/g)) {
        const p = people[Number(x[1])];
        if (p) out.add(p);
      }
      // "twin boys Per and Nils": "twin" says how the boys are, not a sibling of the resident
      const kin = [
        ...listed.matchAll(new RegExp(String.raw`\b(${KIN})(?![\p{L}-])(?!\s*,?\s*\(?@)(?!\s+${KIN})`, 'giu')),
      ].map((m) => m[1]!);
      for (const n of kinNamed(kin, family)) out.add(n);
    }
    // "They live in the flat above the bakery", "and they all live on the farm": those just named, else the couple
    if (
      /(?:^|,?\s+and)\s*(?:they|we|the (?:two|three|four|five|six) of (?:them|us)|(?:both|all(?: (?:three|four|five|six))?) of (?:them|us)|the couple|(?:all )?the (?:whole )?family)\s*(?:both\s+|all\s+)?(?:(?:['’]ve|\s+have|\s+had)\s+(?:always\s+)?lived|live|share|have (?:the|a|our|their) [\p{L}\s]{0,20}?(?:house|home|flat|cottage|place|farm|rooms))\b|\ball\s+(?:live\s+)?(?:at|in|under)\b/iu.test(
        c,
      ) &&
      !/\bwith\b/i.test(c) &&
      // (where the home is, "in the Vance house near the sea", is not living near someone)
      !NEAR_WORDS.test(c.replace(/\bnear (?:the|a) \p{L}+(?:\s+\p{L}+)?(?=\s*(?:[.,;]|$))/giu, ''))
    ) {
      const near = (t: string) =>
        [...t.matchAll(/@(\d+)(?!['’]s)/g)].map((x) => people[Number(x[1])]!).filter((p) => p !== doc.resident);
      // those just named, else the family named in the sentence before, else the couple
      const named = near(c);
      const before = near(prev).filter((p) => family.some((k) => k.name === p));
      // "m. to Roy. Son Ned (12), dau Pat (9), all at the Gale house": all of them, the family named before too
      const all = /\ball\b/i.test(c) ? [...named, ...before] : named;
      // "My sister Ivy and I keep the farm. ... We've lived in the old farmhouse all our lives": the "X and I" said before
      const pair = [
        ...earlier.matchAll(/(@\d+)(?!['’]s)\s+(?:and|&)\s+(?:i|me)\b|\b(?:i|me)\s+(?:and|&)\s+(@\d+)(?!['’]s)/gi),
      ].pop();
      const weTwo = pair ? [people[Number((pair[1] ?? pair[2])!.slice(1))]!] : [];
      // "We all live in the Marsh house", in a child's essay that named Mum, Dad and a brother before: all of them
      const nuclear = family
        .filter((k) =>
          /^(?:mother|father|parent|brother|sister|sibling|son|daughter|child|husband|wife|spouse|partner)$/.test(
            k.relation,
          ),
        )
        .map((k) => k.name);
      const fallback = /\bwe\b/i.test(c) && spouses(family).length === 0 ? weTwo : spouses(family);
      const weAll = /\bwe\s+all\b|\ball of us\b/i.test(c) ? nuclear : [];
      // "the couple live above the garage": the one the resident married; "They live over the bakery, the three of
      // them": as many as it says, those named first, then the one married, then the closest family
      const couple = /\bthe couple\b/i.test(c) && spouses(family).length > 0;
      const found = [
        ...(couple ? spouses(family) : named.length > 0 ? all : before.length > 0 ? before : fallback),
        ...weAll,
      ];
      const count = ['two', 'three', 'four', 'five', 'six'].indexOf(
        /\b(?:the|all)\s+(two|three|four|five|six)\s+of\s+(?:them|us)\b/i.exec(c)?.[1]?.toLowerCase() ?? '',
      );
      if (count >= 0)
        for (const n of [...spouses(family), ...nuclear])
          if (found.length < count + 1 && !found.includes(n) && n !== doc.resident) found.push(n);
      for (const n of found) out.add(n);
    }
    // "her mum Zodwa, who she lives with, along with her little brother Themba"
    for (const m of c.matchAll(
      /(@\d+)(?!['’]s)\s*,?\s+(?:who|whom)\s+(?:she|he|i)\s+(?:still\s+|now\s+)?(?:lives?|lived|shares? (?:a|the|her|his|my) (?:house|home|flat))\s+with\b(?:\s*,\s*along with\s+([^.;]*))?/gi,
    )) {
      const p = people[Number(m[1]!.slice(1))];
      if (p) out.add(p);
      if (m[2])
        for (const n of [...listAfter(doc, m[2]).names, ...kinNamed(listAfter(doc, m[2]).kin, family)]) out.add(n);
    }
    // "his wife Lurdes, with whom he shares the rooms"
    for (const m of c.matchAll(
      /(@\d+)(?!['’]s)[^@.;]{0,30}?,?\s+with whom (?:she|he|i)\s+(?:still\s+|now\s+)?(?:shares?|shared|lives?|lived|has lived|keeps house)/gi,
    )) {
      const p = people[Number(m[1]!.slice(1))];
      if (p) out.add(p);
    }
    for (const m of c.matchAll(
      /\b(?:her|his|my|their|our)\s+(?:flatmate|housemate|roommate|lodger|tenant)s?\s*,?\s*(?:young\s+|old\s+)?(@\d+)/gi,
    )) {
      const p = people[Number(m[1]!.slice(1))];
      if (p) out.add(p);
    }
    // "his younger sister Nour, 17, lives there too"
    if (out.size > 0 || /\b(?:i|she|he)\s+lives?\b/i.test(marked))
      for (const m of c.matchAll(/(@\d+)(?!['’]s)(?:,\s*\d+,)?\s+(?:also\s+)?lives?\s+there\s+(?:too|as well)/gi)) {
        const p = people[Number(m[1]!.slice(1))];
        if (p) out.add(p);
      }
    // "... lives with them at the Bell house, along with her kid brother Kim"
    if (out.size > 0 && LIVE_WITH.test(c))
      for (const m of c.matchAll(/,\s*(?:along|together) with\s+/gi)) {
        const list = listAfter(doc, c.slice((m.index ?? 0) + m[0].length));
        for (const n of [...list.names, ...kinNamed(list.kin, family)]) out.add(n);
      }
    LIVE_WITH.lastIndex = 0;
    together(doc, c, family, out, before);
    for (const p of lodgersIn(doc, c)) out.add(p);
    for (const p of keptFor(doc, c, family)) out.add(p);
    // a register's "Rose Cottage: Margaret Hollis (occupier); Thomas Hollis (grandson)": those listed at a home
    const at = /^([^:]{2,60}):\s*(.*)$/.exec(s.marked)?.[1];
    const R = `@${people.indexOf(doc.resident)}`;
    if (at && c === marked.split(/;|\.\s/)[0] && new RegExp(`${R}(?!\\d)`).test(s.marked))
      if (
        placesIn(at, doc.frame.places).some((p) =>
          HOME_NAME.test(doc.frame.places.find((q) => q.id === p.id)?.name ?? ''),
        )
      )
        for (const x of s.marked.slice(at.length).matchAll(/@(\d+)(?!['’]s)/g)) {
          const p = people[Number(x[1])];
          if (p) out.add(p);
        }
    // "Grandkid: Kerry's lad Alfie (6), same house.", "all under one roof": those the clause names
    // ("Janusz, my husband, snores, and his father Henryk has the radio on; three of us under one roof": the sentence's)
    const roof = /\b(?:same (?:house|home|roof|flat|address)|under (?:one|the same) roof)\b/i.test(c) && !NOT.test(c);
    if (roof)
      for (const x of (/@\d/.test(c) || !/\bof us\b/i.test(c) ? c : marked).matchAll(/@(\d+)(?!['’]s)/g)) {
        const p = people[Number(x[1])];
        if (p) out.add(p);
      }
    // "it's just the two of them in that house now", "The two of them rattle around that big farmhouse": the couple
    if (
      new RegExp(String.raw`\bthe two of (?:them|us)\b[^.;]{0,40}?\b${DWELLING}\b`, 'iu').test(c) &&
      !NEAR_WORDS.test(c)
    )
      for (const n of spouses(family)) out.add(n);
    // "when I locked our flat", "the kids were asleep in our house": the one the resident married lives there too
    if (
      doc.firstPerson &&
      /\bour\s+(?:own\s+|little\s+|old\s+)?(?:house|home|flat|cottage|bungalow|farmhouse|place|rooms)\b/i.test(c)
    )
      for (const n of spouses(family)) out.add(n);
  }
}

/** A place that is someone's home by its name ("Rose Cottage", "the Ferris house"). */
const HOME_NAME = /\b(?:house|home|cottage|flat|apartment|bungalow|farmhouse|croft|manse|vicarage|rectory|lodge)\b/i;

const NEAR_WORDS = /\b(?:next door|neighbou?rs?|near|nearby|across|opposite|no\.\s*\d|number \d)\b/i;

/** Residents who share the resident's home, as the text says it. */
export function readHousehold(doc: Doc, family: readonly KinItem[]): string[] {
  const out = new Set<string>();
  for (const s of doc.sentences)
    readSentence(
      doc,
      s,
      doc.sentences[s.index - 1]?.marked ?? '',
      family,
      out,
      doc.sentences
        .slice(0, s.index)
        .map((x) => x.marked)
        .join(' '),
    );
  out.delete(doc.resident);
  return [...out];
}

/** The town place the resident lives at, when the text says it ("lives at the Rao house", "Home: the flat above"). */
export function homePlace(doc: Doc): string | null {
  for (const s of doc.sentences)
    for (const c of s.text.split(/;|\s+[—–]\s+/)) {
      const live =
        /\b(?:lives?|living|live|lodges?|stays?|home\s*:)\b[^.;]{0,12}?\b(?:at|in|on|above|over|behind)?\s*/i.exec(c);
      if (!live) continue;
      const place = placesIn(c.slice(live.index), doc.frame.places).find((m) => m.at < 40);
      if (place) return place.id;
    }
  return null;
}

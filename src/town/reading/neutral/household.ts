// Who shares the resident's home: "lives with her husband Tom", "shares the flat with Ada", "she and Tom live above
// the shop", "moved in with her sister", "her lodger Ben", kin words without names resolved through the family
// ("lives with her parents"). Never a street, a building's other flat or a neighbour: living near is not living with.
import type { KinItem } from '../types.ts';
import { KIN, kinWord } from './kin-words.ts';
import type { Doc, Sentence } from './text.ts';

const HOME = String.raw`(?:home|house|flat|apartment|cottage|place|room|rooms|roof|bungalow|farmhouse|farm|caravan|quarters|digs|lodgings|household|bedsit|loft|attic|studio|rooms)`;
const LIVE_WITH = new RegExp(
  String.raw`\b(?:lives?|living|lived|stays?|staying|lodges?|lodging|boards?|boarding|moved in|has moved in|resides?|shares?|sharing|keeps? house)\b(?:\s+(?:together|at home|upstairs|downstairs|still|now))?(?:\s+(?:a|the|an|her|his|their|my|our)\s+(?:[\p{L}-]+\s+){0,2}?${HOME}\b(?:\s+[^@.;,]{0,30}?)?)?\s+with\s+`,
  'giu',
);
const MATE = /\b(?:her|his|my|their)\s+(?:flatmate|housemate|roommate|lodger|tenant|landlady|landlord)s?\s*,?\s*(@\d+)/gi;
const TOGETHER = new RegExp(
  String.raw`\b(?:live|share|keep house|lived|are living|have lived|have shared|share a ${HOME}|live together|share the ${HOME})\b`,
  'i',
);
const NEAR = /\b(?:next door|neighbou?rs?|nearby|near|across|opposite|down the (?:road|street|lane)|on the same|same street|same road|same lane|same building|another flat|flat (?:below|above)|upstairs from|downstairs from|around the corner|a few doors|up the road|over the road|street|lane|road|close by|close to)\b/i;
const NOT = /\b(?:no longer|not|never|n['’]t|used to|until|formerly|once)\b/i;

const namesIn = (doc: Doc, marked: string): string[] => {
  const out: string[] = [];
  for (const m of marked.matchAll(/@(\d+)/g)) {
    const p = doc.frame.people[Number(m[1])];
    if (p && p !== doc.resident && !out.includes(p)) out.push(p);
  }
  return out;
};

/** Family named by a kin word ("her parents", "his two sons") from the resident's reading of family. */
function kinNamed(phrase: string, family: readonly KinItem[]): string[] {
  const out: string[] = [];
  for (const m of phrase.matchAll(new RegExp(String.raw`\b(${KIN})(?![\p{L}-])`, 'giu'))) {
    const w = kinWord(m[1]!);
    if (!w) continue;
    for (const k of family) {
      const kw = kinWord(k.relation);
      if (kw && kw[0] === w[0] && (w[1] === null || kw[1] === null || kw[1] === w[1]) && !out.includes(k.name))
        out.push(k.name);
    }
  }
  if (/\b(?:her|his|their|my) family\b|\bthe family\b/i.test(phrase))
    for (const k of family)
      if (['mother', 'father', 'parent', 'son', 'daughter', 'child', 'wife', 'husband', 'spouse', 'partner'].includes(k.relation))
        out.push(k.name);
  return [...new Set(out)];
}

/** Is the clause before `at` about the resident ("she", "I", the resident's name, or nobody else)? */
function residentSubject(doc: Doc, head: string): boolean {
  const tokens = [...head.matchAll(/@(\d+)(?!['’]s)|\b(she|he|i|they|we)\b/gi)];
  if (tokens.length === 0) return true;
  return tokens.some((t) => (t[2] ? true : doc.frame.people[Number(t[1])] === doc.resident));
}

function readSentence(doc: Doc, s: Sentence, family: readonly KinItem[], out: Set<string>) {
  const clauses = s.marked.split(/;|\.\s|—/);
  for (const c of clauses) {
    for (const m of c.matchAll(LIVE_WITH)) {
      const head = c.slice(0, m.index);
      const tail = c.slice(m.index + m[0].length);
      if (NOT.test(c.slice(Math.max(0, m.index - 25), m.index + m[0].length))) continue;
      const cut = tail.split(/\b(?:who|which|where|since|because|but|while|although|near|next|on|in the|at the|above|below)\b|,\s*(?!and\b|@|her\b|his\b|their\b|my\b)/i)[0] ?? '';
      if (residentSubject(doc, head)) for (const n of [...namesIn(doc, cut), ...kinNamed(cut, family)]) out.add(n);
      else if (/^\s*(?:her|him|me|@\d+)\b/i.test(tail)) {
        // "Tom lives with her": the subject lives with the resident
        const with_ = /^\s*@(\d+)/.exec(tail);
        if (!with_ || doc.frame.people[Number(with_[1])] === doc.resident) for (const n of namesIn(doc, head)) out.add(n);
      }
    }
    for (const m of c.matchAll(MATE)) {
      const p = doc.frame.people[Number(m[1])];
      if (p && p !== doc.resident) out.add(p);
    }
    // "She and Tom live above the bakery", "Tom, Maud and Eli share the cottage"
    const verb = TOGETHER.exec(c);
    if (verb && !/\bwith\b/.test(c.slice(verb.index, verb.index + 40)) && !NOT.test(c.slice(0, verb.index + verb[0].length))) {
      const head = c.slice(0, verb.index);
      if (NEAR.test(c) && !/\b(?:above|over|behind|upstairs|at)\b/i.test(c.slice(verb.index))) continue;
      if (NEAR.test(head)) continue;
      const names = [...head.matchAll(/@(\d+)(?!['’]s)/g)].map((x) => doc.frame.people[Number(x[1])]!);
      const withResident =
        names.includes(doc.resident) || /\b(?:she|he|i|we)\b/i.test(head) || /\b(?:her|his|my)\s+\S+/i.test(head);
      const others = names.filter((n) => n !== doc.resident);
      if (withResident && (others.length > 0 || /\b(?:and|&)\b/.test(head))) {
        for (const n of others) out.add(n);
        for (const n of kinNamed(head, family)) out.add(n);
      }
    }
  }
}

/** Residents who share the resident's home, as the text says it. */
export function readHousehold(doc: Doc, family: readonly KinItem[]): string[] {
  const out = new Set<string>();
  for (const s of doc.sentences) readSentence(doc, s, family, out);
  out.delete(doc.resident);
  return [...out];
}

// Private matters: what the text says is kept from others, wherever it says so. The words of keeping ("has not told
// a soul", "secretly", "nobody knows", "under wraps", "in confidence") may sit in the matter's own sentence or in
// one after it, in another field ("She has decided to sell the shop." ... "She has not told anyone."). The owner is
// the resident unless someone else's secret is kept ("Tom confided in her that ..."); those it is meant for come
// from "means to tell only X", "wants her sister to be the only one she tells", "only X knows", "confided in X",
// kin words resolved through the family.
import type { KinItem, SecretItem } from '../types.ts';
import { KIN, kinWord } from './kin-words.ts';
import type { Doc, Sentence } from './text.ts';

/** Words that keep something from others. */
const KEPT = new RegExp(
  [
    String.raw`\bsecret(?:ly|s|ive)?\b`,
    String.raw`\bconfidential(?:ly)?\b`,
    String.raw`\bin (?:strict |the strictest )?confidence\b`,
    String.raw`\bconfided\b`,
    String.raw`\bin private\b`,
    String.raw`\bprivately\b`,
    String.raw`\bprivate (?:matter|plan|hope|worry|fear|decision)\b`,
    String.raw`\b(?:has|have|had|is|was)?\s*(?:not|n['’]t|never)\s+(?:yet\s+|even\s+)?(?:told|mentioned it to|said a word to|breathed a word to|shared (?:it|this|that|the news) with|let on to)\s+(?:anyone|anybody|a soul|a single soul|a living soul|people|others|the others|her family|his family|the town|the village|the rest)\b`,
    String.raw`\b(?:told|tells|telling|tell)\s+(?:no ?one|nobody|no-one|not a soul)\b`,
    String.raw`\b(?:no ?one|nobody|no-one|not a soul)\s+(?:else\s+)?(?:in (?:town|the village)\s+)?(?:knows?|has heard|suspects?|is aware|can know|must know|may know|should know)\b`,
    String.raw`\bkeep(?:s|ing)?\s+(?:it|this|that|the news|the plan|the matter|[\p{L}\s]{0,20}?)\s+(?:to (?:her|him|them|my)sel(?:f|ves)|quiet|hidden|under wraps|under (?:her|his) hat|close to (?:her|his|the) chest|from (?:everyone|everybody|the others|others|anyone|people))\b`,
    String.raw`\bkept\s+(?:it|this|that|[\p{L}\s]{0,20}?)\s+(?:to (?:her|him)self|quiet|hidden|under wraps|from (?:everyone|everybody|anyone|others))\b`,
    String.raw`\bunder wraps\b`,
    String.raw`\bhush-hush\b`,
    String.raw`\b(?:does ?n['’]t|does not|would not|wouldn['’]t|did not|didn['’]t)\s+want\s+(?:anyone|anybody|people|the town|others|the village|it|word)\s+(?:else\s+)?(?:to know|to find out|to hear|getting out|to get out)\b`,
    String.raw`\bwithout telling (?:anyone|anybody|a soul)\b`,
    String.raw`\bbehind (?:everyone|everybody)['’]s back\b`,
    String.raw`\bhiding\b|\bhides\b|\bhidden\b`,
    String.raw`\bonly one (?:who|that) knows\b`,
    String.raw`\bonly one (?:she|he|i|they) (?:tells|will tell|has told|told|trusts with)\b`,
    String.raw`\bnot (?:yet )?(?:public|common knowledge)\b`,
    String.raw`\bmust not (?:get out|be known)\b`,
    String.raw`\bbetween (?:the two of )?(?:them|us|ourselves)\b`,
    String.raw`\bquietly\s+(?:planning|plans|applied|applying|saving|seeing|looking|arranged|arranging|decided|deciding)\b`,
  ].join('|'),
  'iu',
);
/** Words that say a matter is out in the open. */
const OPEN =
  /\b(?:no secret|not a secret|no longer (?:a )?secret|everyone knows|everybody knows|the whole (?:town|village) knows|common knowledge|makes no secret|openly|has announced|announced|public knowledge)\b/i;

/** Words about keeping and telling, not about the matter. */
const KEEPING = new Set(
  (
    'secret secrets secretly confidential confidentially confidence confided private privately told tell tells telling ' +
    'know knows knew known anyone anybody nobody soul single living people others one only yet even still ever never ' +
    'want wants wanted means meant intends plans hopes wishes would rather keep keeps kept keeping quiet hidden hiding ' +
    'wraps under hush mention mentioned word breathed shared let except apart but than other else first until ' +
    'she he her his him they them their it this that the a an and or is was has have had not n t to of in about ' +
    'with from for be been being who which what so yet does did do s just herself himself themselves town village ' +
    'matter plan news decision family trust trusts sure going will must may can'
  ).split(' '),
);

const content = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/@\d+(?:['’]s)?/g, ' ')
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 2 && !KEEPING.has(w) && !kinWord(w));

/** The people a "tell" phrase names: residents by name, family by kin word. */
function listeners(doc: Doc, phrase: string, family: readonly KinItem[]): string[] {
  const out: string[] = [];
  // "her sister Maud": the name, not every sister
  const re = new RegExp(
    String.raw`@(\d+)(?!['’]s)|\b(?:her|his|my|their)\s+(?:\w+\s+)?(${KIN})(?![\p{L}-])(?!\s*,?\s*@\d)`,
    'giu',
  );
  for (const m of phrase.matchAll(re)) {
    if (m[1] !== undefined) {
      const p = doc.frame.people[Number(m[1])];
      if (p && !out.includes(p)) out.push(p);
      continue;
    }
    const w = kinWord(m[2]!);
    if (!w) continue;
    for (const k of family) {
      const kw = kinWord(k.relation);
      if (kw && kw[0] === w[0] && (!w[1] || !kw[1] || kw[1] === w[1]) && !out.includes(k.name)) out.push(k.name);
    }
  }
  return out;
}

const ONE = String.raw`(?:@\d+(?!['’]s)|\b(?:her|his|my|their)\s+(?:\w+\s+)?${KIN}(?![\p{L}-])(?:\s*,?\s*@\d+(?!['’]s))?)`;
const NAMES = String.raw`(${ONE}(?:\s*(?:,|and|or|&)\s*${ONE})*)`;
const TELL_TO = [
  new RegExp(
    String.raw`\b(?:means?|meant|intends?|plans?|planning|wants?|hopes?|wishes|is going|are going|has decided|decided|will|would like|would rather|['’]d like|['’]ll|needs?|has|must)\s+(?:only\s+)?(?:to\s+)?(?:finally\s+)?(?:tell|confide in|share (?:it|this|the news|that) with|let)\s+(?:only\s+)?${NAMES}`,
    'giu',
  ),
  new RegExp(String.raw`\bwants?\s+${NAMES}\s+to\s+be\s+the\s+(?:only|first)\s+(?:one|person)`, 'giu'),
  new RegExp(
    String.raw`${NAMES}\s+(?:is|will be|would be)\s+the\s+(?:only|first)\s+(?:one|person)\s+(?:who|she|he|i|to|that)`,
    'giu',
  ),
  new RegExp(String.raw`\b(?:has\s+)?(?:told|confided in|tells|trusts?)\s+only\s+${NAMES}`, 'giu'),
  new RegExp(String.raw`\bonly\s+${NAMES}\s+(?:knows?|has been told|is in on)`, 'giu'),
  new RegExp(String.raw`\b(?:has\s+)?confided\s+in\s+${NAMES}`, 'giu'),
  new RegExp(
    String.raw`\b(?:no ?one|nobody|anyone|anybody|a soul|not a soul)\b[^.;]{0,40}?\b(?:except|but|apart from|besides|other than|save)\s+${NAMES}`,
    'giu',
  ),
  new RegExp(
    String.raw`\b(?:except|apart from|besides|other than)\s+(?:for\s+)?${NAMES}\s*,\s*(?:no ?one|nobody)`,
    'giu',
  ),
  new RegExp(String.raw`\btell\s+(?:only\s+)?${NAMES}\s+(?:first|before anyone|and no ?one else|alone)`, 'giu'),
];
/** Who a sentence says the owner means to tell (or has told), or null when it says nothing of it. */
function tellToIn(doc: Doc, marked: string, family: readonly KinItem[]): string[] | null {
  let found: string[] | null = null;
  for (const re of TELL_TO)
    for (const m of marked.matchAll(re)) {
      const before = marked.slice(Math.max(0, m.index - 12), m.index);
      if (/\b(?:not|n['’]t|never)\s*$/i.test(before)) continue;
      found = [...(found ?? []), ...listeners(doc, m[1]!, family)];
    }
  return found ? [...new Set(found)] : null;
}

/** Whose secret a sentence keeps: someone who confided in the resident, else the resident. */
function ownerIn(doc: Doc, s: Sentence): { owner: string; toldResident: boolean } {
  const people = doc.frame.people;
  const t = s.marked;
  const confided =
    /@(\d+)(?!['’]s)[^.;]{0,40}?\b(?:confided in (?:her|him|me)|told (?:her|him|me)\b[^.;]{0,30}?\b(?:in confidence|secretly|privately|in secret))/i.exec(
      t,
    ) ??
    /\b(?:keeps?|keeping|knows?|holds?|carries)\s+@(\d+)['’]s\s+secret/i.exec(t) ??
    /@(\d+)['’]s\s+secret\b/i.exec(t);
  if (confided) {
    const p = people[Number(confided[1])];
    if (p && p !== doc.resident) return { owner: p, toldResident: true };
  }
  // "Tom hasn't told anyone that he is ill": the subject of the keeping is its owner
  const subj =
    /^(?:[^.;@]{0,15}?)@(\d+)(?!['’]s)\s+(?:has|had|is|was|secretly|privately|quietly|never|hasn['’]t|does|doesn['’]t)\b/i.exec(
      t,
    );
  if (subj) {
    const p = people[Number(subj[1])];
    if (p && p !== doc.resident && !/\b(?:she|he|i)\b/i.test(t.slice(0, subj.index)))
      return { owner: p, toldResident: false };
  }
  return { owner: doc.resident, toldResident: false };
}

/** The matter in a sentence that keeps it: what follows "that" or a colon, else the sentence. */
function matterOf(s: Sentence): string {
  const after = /\b(?:that|:)\s+(.{12,})$/i.exec(s.text.replace(/[.!]+$/, ''));
  return (after && KEPT.test(s.text.slice(0, after.index + 6)) ? after[1]! : s.text).replace(/[.!]+$/, '').trim();
}

/** Does a sentence that keeps something say what, or only point back ("She has not told a soul.")? */
function pointsBack(s: Sentence): boolean {
  const stripped = s.marked.replace(KEPT, ' ');
  const own = content(stripped);
  return (
    own.length < 2 ||
    /^\s*(?:it|this|that|the (?:plan|news|decision|idea|matter))\b/i.test(s.text) ||
    /\b(?:about|of)\s+(?:it|this|that)\b/i.test(s.text)
  );
}

export function readSecrets(doc: Doc, family: readonly KinItem[]): SecretItem[] {
  const out: (SecretItem & { at: number[] })[] = [];
  const ss = doc.sentences;
  for (const s of ss) {
    if (!KEPT.test(s.text) || OPEN.test(s.text)) continue;
    let matterAt = s;
    if (pointsBack(s)) {
      // the nearest sentence before it with something to keep (any field), else the next one
      const before = [...ss.slice(0, s.index)]
        .reverse()
        .find((x) => content(x.marked).length >= 2 && !OPEN.test(x.text));
      const after = ss.slice(s.index + 1).find((x) => content(x.marked).length >= 2);
      matterAt = before ?? after ?? s;
    }
    const existing = out.find((x) => x.at.includes(matterAt.index) || x.at.includes(s.index));
    const { owner, toldResident } = ownerIn(
      doc,
      matterAt === s ? s : { ...s, marked: `${matterAt.marked} ${s.marked}` },
    );
    const tell = new Set<string>(existing?.tellTo ?? []);
    for (const x of [s, matterAt]) for (const n of tellToIn(doc, x.marked, family) ?? []) tell.add(n);
    if (toldResident) tell.add(doc.resident);
    tell.delete(owner);
    if (existing) {
      existing.tellTo = [...tell];
      existing.at.push(s.index);
      continue;
    }
    const matter = matterAt === s ? matterOf(s) : matterAt.text.replace(/[.!]+$/, '');
    const quote = matterAt === s ? s.text : `${matterAt.text} … ${s.text}`;
    out.push({ owner, matter, tellTo: [...tell], quote, at: [s.index, matterAt.index] });
  }
  // one kept matter: "tell" said anywhere in the text is about it
  if (out.length === 1 && out[0]!.tellTo.length === 0)
    for (const s of ss) {
      if (out[0]!.at.includes(s.index)) continue;
      const t = tellToIn(doc, s.marked, family);
      if (t && /\b(?:tell|told|confide|only one|knows?)\b/i.test(s.text))
        for (const n of t) if (n !== out[0]!.owner) out[0]!.tellTo.push(n);
    }
  return out.map(({ at: _at, ...x }) => ({ ...x, tellTo: [...new Set(x.tellTo)] }));
}

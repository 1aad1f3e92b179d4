// Re-voicing memories for speech (the offline model's grammar): a resident's memories are third-person sentences
// ("Rosa Delgado wants to invite everyone she meets"); when the resident says them they become first person ("I
// want to invite everyone I meet"), and news heard from someone is reported as theirs ("Hannah mentioned being
// married to Daniel Okafor"), never repeated as the listener's own "I'm married to ...". Small, rule-based, no model.
import { escapeRegExp } from '../../core/text.ts';

export type Pronoun = 'he' | 'she';

/** Capitalised words that make a name a place rather than a person ("Harbor Market", "The Blue Heron Inn"). */
const PLACE_WORD =
  /\b(Cafe|Café|Coffee|Library|Park|Market|Center|Centre|Hall|Pub|Bar|College|University|School|Street|Road|Row|Lofts|House|Shop|Store|Supply|Pharmacy|Apartment|Apartments|Dorm|Inn|Bakery|Museum|Church|Station|Harbor|Harbour|Bridge|River|Square|Garden|Gardens|Office|Lane|Avenue|Town|City|Ville|Pond|Mill|Mills|Day|Eve|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/;
const NOT_A_NAME =
  /^(I|I'm|I've|I'll|The|A|An|He|She|They|We|You|It|Did|Oh|Hi|Hello|Hey|Also|Anyway|Yes|No|Well|Really|Mr|Mrs|Ms|Dr)$/;
// Honorifics and titles of any office, all alike, dropped before a name ("Judge Ana Ruiz" is Ana Ruiz).
const TITLE = String.raw`(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sir|Dame|Rev|Judge|Mayor|Governor|Senator|Councillor|Officer|Chief|Captain|Coach)\.?\s+)?`;
const NAME_RE = new RegExp(String.raw`\b${TITLE}([A-Z][\p{L}'’-]*[\p{L}](?:\s+[A-Z][\p{L}'’-]*[\p{L}])*)`, 'gu');

/** Is this capitalised sequence a person's name (not a place, a weekday, a month)? */
export function isPersonName(name: string): boolean {
  const n = name.replace(/['’]s$/, '').trim();
  if (n === '' || PLACE_WORD.test(n)) return false;
  const words = n.split(/\s+/);
  return !words.some((w) => NOT_A_NAME.test(w));
}

interface Mention {
  start: number;
  end: number;
  self: boolean;
  possessive: boolean;
}

/** Person mentions in a text: the resident itself (full or first name) and others (two-word names, known first names). */
function mentions(text: string, name: string, first: string): Mention[] {
  const out: Mention[] = [];
  const selfRe = new RegExp(`\\b(?:${escapeRegExp(name)}|${escapeRegExp(first)})(?:['’]s\\b)?`, 'g');
  for (const m of text.matchAll(selfRe))
    out.push({
      start: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
      self: true,
      possessive: /['’]s$/.test(m[0]),
    });
  const firstNames = new Set<string>();
  const others: Mention[] = [];
  for (const m of text.matchAll(NAME_RE)) {
    const raw = m[1]!;
    const at = (m.index ?? 0) + m[0].length - raw.length;
    const clean = raw.replace(/['’]s$/, '');
    if (out.some((s) => at < s.end && at + raw.length > s.start)) continue;
    const words = clean.split(/\s+/);
    if (!isPersonName(clean)) continue;
    if (words.length >= 2) firstNames.add(words[0]!);
    else if (at === 0 || /[.!?]\s*$/.test(text.slice(0, at))) continue; // a sentence-initial single word
    others.push({ start: m.index ?? 0, end: at + raw.length, self: false, possessive: /['’]s$/.test(raw) });
  }
  for (const o of others) {
    const word = text.slice(o.start, o.end).replace(/['’]s$/, '');
    // A lone capitalised word is a person when it is a known first name or acts ("Sam said"), not "Riverton and"
    const acts = /^\s+(is|was|has|had|said|told|says|thinks|wants|will|can)\b|^['’]s\b/.test(text.slice(o.end));
    if (word.includes(' ') || firstNames.has(word) || acts) out.push(o);
  }
  return out.sort((a, b) => a.start - b.start);
}

const PRONOUN_RE = /\b(she|he|her|him|his|herself|himself|hers)\b/gi;
/** A finite verb right after a name: the name is the subject of its clause ("... says Tom fished", "Tom will"). */
/** Irregular past forms and participles ("told", "taken"): a verb, whatever its ending. */
const IRREGULAR_PAST =
  'told|said|went|gone|made|took|taken|gave|given|got|came|saw|seen|knew|thought|left|kept|found|ran|sold|bought|taught|brought|began|wrote|grew|met|lost|won|became|spent|built|felt|heard|held|fell|sat|stood|been|had|done';
/** A verb's past form: regular ("signed") or irregular ("took"). */
const PAST_FORM = new RegExp(`^(?:\\p{Ll}{2,}ed|${IRREGULAR_PAST})$`, 'u');
/** Participles that say a state, not a deed, at the head of a note ("Married to Bruno", "Retired in May"). */
const STATE_PARTICIPLE =
  /^(?:married|retired|engaged|widowed|divorced|related|based|qualified|trained|born|named|called|known|used|supposed|pleased|tired|worried|interested|excited|scared|bored|stuck|settled|employed|unemployed|self-employed|registered|licensed|listed)$/;
/**
 * A note of one's own that opens on a deed with no subject ("Signed for the Lisbon job", "Took the early train") is
 * said with one ("I signed for the Lisbon job"); a state at its head ("Married to Bruno") is left as it is.
 */
function withSubject(text: string): string {
  const m = /^(\p{Lu}\p{Ll}+)\s+(?=(?:for|the|a|an|up|in|on|off|out|my|our|it|with|at|over|back|down)\b)/u.exec(text);
  const verb = m?.[1]?.toLowerCase();
  if (!verb || STATE_PARTICIPLE.test(verb)) return text;
  if (!PAST_FORM.test(verb)) return text;
  return `I ${verb}${text.slice(m![1]!.length)}`;
}
const FINITE_NEXT = new RegExp(
  `^\\s+(?:is|was|has|have|will|would|can|could|shall|should|may|might|must|does|did|isn't|wasn't|hasn't|hadn't|won't|can't|couldn't|doesn't|didn't|never|always|still|once|[a-z]+ed|${IRREGULAR_PAST})\\b`,
);
/**
 * A word after a name's "'s" that makes it "is" or "has" ("Walt's retired, and", "Walt's never been", "Walt's a"),
 * not a possessive ("Walt's boat", "Walt's wedding"): an adverb, an article, a few verbs in -ing, or a word in -ed
 * that ends its phrase.
 */
const CONTRACTED_NEXT =
  /^\s+(been|got|gone|had|done|ever|never|just|already|always|still|not|a|an|going|getting|moving|leaving|selling|retiring|planning|thinking|working|trying|staying|coming|[a-z]+ed(?=\s*[,.;]|\s+(?:and|to|from|now|for|in|at|since|last|this|after)\b|\s*$))\b/;
/** "I've" before a past participle or an adverb of time ("I've never been", "I've decided"), else "I'm" ("I'm a"). */
const HAS_BEFORE = new RegExp(`^(?:ever|never|just|already|[a-z]+ed|${IRREGULAR_PAST})$`);
const contracted = (next: string): string => (HAS_BEFORE.test(next) ? "I've" : "I'm");
/** The first person of whoever wrote a second-hand text ("I hear", "she told me"), never the resident's own. */
const NARRATOR = /\b(?:I|me|my|mine|myself|we|us|our|I'm|I've|I'd)\b/;
const sentenceEnd = (text: string, at: number): number => {
  const m = /[.!?;]/.exec(text.slice(at));
  return m ? at + m.index : text.length;
};

/**
 * A resident's text as the resident's own words can be made from it. A second-hand text's writer is not the
 * resident: its report frames go ("I hear", "Folk say", "Ann tells me"), and a clause still in the writer's own
 * first person is left out ("...; he told me so himself"). A text that addresses the resident ("You are Tom Barrow.
 * You fished ...") is theirs in the first person.
 */
function ownWords(text: string, name: string, first: string, pronoun: Pronoun | null): string {
  const self = `(?:${escapeRegExp(name)}|${escapeRegExp(first)})`;
  const youAre = new RegExp(`\\byou(?: are|'re|’re) ${self}\\b(?:[.!;]\\s*|,?\\s*)`, 'gi');
  if (youAre.test(text)) return youToI(text.replace(youAre, (w) => (/[.!;]/.test(w) ? '' : 'you are ')));
  const own =
    pronoun === 'she' ? /\b(?:she|her|hers|herself)\b/i : pronoun === 'he' ? /\b(?:he|him|his|himself)\b/i : null;
  const aboutSelf = (t: string) => new RegExp(`\\b${self}\\b`).test(t) || (own?.test(t) ?? false);
  if (!NARRATOR.test(text) || !aboutSelf(text)) return text;
  const frames = [
    /(^|[.!?;]\s+)(?:I|we)\s+(?:hear|heard|gather|understand|am told|'m told|’m told|was told|were told|have heard|'ve heard|’ve heard)\s+(?:that\s+)?/gi,
    new RegExp(
      `(^|[.!?;]\\s+)(?!${self}\\b)(?:[A-Z][\\p{L}'’-]*(?:\\s+[A-Z][\\p{L}'’-]*)?|they|folk|people|everyone|everybody)\\s+(?:tells|told|tell|has told|keeps telling)\\s+(?:me|us)\\s+(?:that\\s+)?`,
      'gu',
    ),
  ];
  let t = text;
  for (const f of frames) t = t.replace(f, (_whole, lead: string) => lead);
  const clauses = t.split(/(?<=[.!?;])\s+/);
  const kept = clauses.filter((c) => !NARRATOR.test(c) || !aboutSelf(c));
  const out = kept.length > 0 && kept.length < clauses.length ? kept.join(' ').replace(/;$/, '.') : t;
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** "You are Tom Barrow. You fished the reef" -> "I am Tom Barrow. I fished the reef". */
function youToI(text: string): string {
  return text
    .replace(/\byou are\b/gi, 'I am')
    .replace(/\byou(?:'re|’re)\b/gi, "I'm")
    .replace(/\byou were\b/gi, 'I was')
    .replace(/\byourself\b/gi, 'myself')
    .replace(/\byours\b/gi, 'mine')
    .replace(/\byour\b/gi, (w) => (w[0] === 'Y' ? 'My' : 'my'))
    .replace(/(^|[.!?;:,]\s*|\b(?:and|but|that|because|when|if|so)\s+)you\b/gi, '$1I')
    .replace(/\byou\b/gi, 'me');
}
const CLAUSE_BREAK = /[,;:]|\b(and|but|that|who|where|because|when|while|so|which)\b/i;
/** Words after "her" that make it an object ("helps her find", "to her") rather than a possessive ("her books"). */
const AFTER_OBJECT =
  /^(to|with|about|for|at|in|on|and|or|but|that|find|get|make|go|come|see|know|learn|do|be|by|from|if|when|so|because|a|an|the|up|out|off|back|again|too|very|well)$/i;

function genderOf(p: string): Pronoun {
  return /^(she|her|herself|hers)$/i.test(p) ? 'she' : 'he';
}

/** The resident's own pronoun as its own texts use it ("bakes everything she sells herself"), or null. */
export function selfPronoun(texts: readonly string[], name: string, first: string): Pronoun | null {
  let she = 0;
  let he = 0;
  for (const text of texts) {
    for (const sentence of text.split(/(?<=[.!?;])\s+/)) {
      const ms = mentions(sentence, name, first);
      // "She is also ..." right after a sentence about the resident
      for (const p of sentence.matchAll(PRONOUN_RE)) {
        const at = p.index ?? 0;
        const before = ms.filter((m) => m.end <= at);
        const nearest = before[before.length - 1];
        if (nearest?.self && before.every((m) => m.self)) genderOf(p[1]!) === 'she' ? she++ : he++;
      }
    }
  }
  if (she === he) return null;
  return she > he ? 'she' : 'he';
}

/** Third-person singular verb -> base ("sells" -> "sell", "studies" -> "study", "goes" -> "go"). */
export function baseVerb(verb: string): string {
  const v = verb.toLowerCase();
  if (v === 'is') return 'am';
  if (v === 'has') return 'have';
  if (v === 'does') return 'do';
  if (v === 'was') return 'was';
  if (/^(this|us|always|perhaps|plus|less|across|thus|bus|gas|yes|its|sometimes|also)$/.test(v)) return verb;
  if (!v.endsWith('s') || v.endsWith('ss') || v.length < 3) return verb;
  if (v.endsWith('ies')) return `${verb.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|oes|zzes)$/.test(v)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

/**
 * "Rosa Delgado wants to invite everyone she meets" -> "I want to invite everyone I meet"; "Hannah Okafor is
 * married to Daniel Okafor" said by Daniel -> "Hannah Okafor is married to me". Pronouns are resolved to the
 * nearest person mentioned before them (object pronouns skip the subject of their own clause), and only those
 * that refer to the resident become "I", "me", "my", "myself"; a known pronoun of the resident's (`pronoun`)
 * keeps "he" in "Rosa hopes he will play" pointing at someone else.
 */
export function toFirstPerson(text: string, name: string, first: string, pronoun: Pronoun | null = null): string {
  const src = ownWords(text.trim(), name, first, pronoun);
  const ms = mentions(src, name, first);
  type Edit = { start: number; end: number; to: string; subject: boolean };
  const edits: Edit[] = [];
  for (const m of ms) {
    if (!m.self) continue;
    if (m.possessive) {
      // "Walt's retired", "Walt's never been": 's is "is" or "has" before a verb form, not a possessive
      const be = CONTRACTED_NEXT.exec(src.slice(m.end));
      if (be) edits.push({ start: m.start, end: m.end, to: contracted(be[1]!), subject: false });
      else edits.push({ start: m.start, end: m.end, to: 'my', subject: false });
      continue;
    }
    const before = src.slice(0, m.start);
    const subject =
      before.trim() === '' ||
      /(?:[,;:.!?]|\b(?:and|but|that|because|when|while|so|then|if|where|who))\s*$/i.test(before) ||
      // a clause of its own after a reported frame: "his mother says Tom fished" (a finite verb follows)
      FINITE_NEXT.test(src.slice(m.end));
    edits.push({ start: m.start, end: m.end, to: subject ? 'I' : 'me', subject });
  }
  for (const p of src.matchAll(PRONOUN_RE)) {
    const at = p.index ?? 0;
    const word = p[1]!;
    const lower = word.toLowerCase();
    if (pronoun && genderOf(lower) !== pronoun) continue;
    const sentenceStart = Math.max(src.lastIndexOf('.', at), src.lastIndexOf(';', at)) + 1;
    const before = ms.filter((m) => m.end <= at && m.start >= sentenceStart);
    const after = src.slice(at + word.length).match(/^\s*([\p{L}'’]+)/u)?.[1] ?? '';
    const object = lower === 'him' || (lower === 'her' && (after === '' || AFTER_OBJECT.test(after)));
    let ref = before[before.length - 1];
    if (object && ref && !CLAUSE_BREAK.test(src.slice(ref.end, at)) && before.length > 1)
      ref = before[before.length - 2];
    // an aside right after a name is not about that name ("Tamsin Reed, her gran's new lodger,": whose gran is
    // someone's before)
    if (!object && ref && /^\s*,\s*$/.test(src.slice(ref.end, at)))
      ref = before.length > 1 ? before[before.length - 2] : ms.filter((m) => m.end <= ref!.start).at(-1);
    // a sentence that names nobody before its pronoun goes on about the last person named before it
    // ("Harriet keeps the inn. She has decided to sell it.")
    if (!ref && pronoun) ref = ms.filter((m) => m.end <= at).at(-1);
    // a sentence that opens on the pronoun, before anyone is named, points ahead to whom it names first ("His
    // mother says Tom fished")
    if (!ref && pronoun && !ms.some((m) => m.end <= at))
      ref = ms.find((m) => m.start > at && m.start < sentenceEnd(src, at));
    if (!ref?.self) continue;
    const to =
      lower === 'she' || lower === 'he'
        ? 'I'
        : lower === 'herself' || lower === 'himself'
          ? 'myself'
          : lower === 'hers'
            ? 'mine'
            : object
              ? 'me'
              : 'my';
    edits.push({ start: at, end: at + word.length, to, subject: to === 'I' });
  }
  edits.sort((a, b) => b.start - a.start);
  let t = src;
  for (const e of edits) {
    let rest = t.slice(e.end);
    // "he's ever had" -> "I've ever had", "she's going" -> "I'm going" (not "I's")
    if (e.to === 'I' && /^['’]s\b/.test(rest)) {
      const next = /^\s+([a-z]+)/.exec(rest.slice(2))?.[1] ?? '';
      t = t.slice(0, e.start) + contracted(next) + rest.slice(2);
      continue;
    }
    if (e.subject) {
      // verb agreement right after the new "I": "I is" -> "I'm", "I sells" -> "I sell"
      rest = rest.replace(/^(\s+)(is|has|does|was|[a-z]+s)\b/, (whole, sp: string, verb: string) => {
        if (verb === 'is') return `${sp}am`;
        const b = baseVerb(verb);
        return b === verb ? whole : `${sp}${b}`;
      });
    }
    t = t.slice(0, e.start) + e.to + rest;
  }
  t = agreeConjoined(t);
  t = t.replace(/\bI am\b/g, "I'm").replace(/\bI will\b/g, "I'll");
  t = t.replace(/^I and ([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)*)/u, '$1 and I');
  t = t.replace(/\b(to|with|about|for|against|from|of|at|by|like) I\b/g, '$1 me');
  t = withSubject(t);
  return t.charAt(0).toUpperCase() + t.slice(1);
}

// Words after a verb that show it is a verb ("likes to", "bakes everything", "spends his free time").
const VERB_FOLLOWER =
  /^(to|the|a|an|his|her|their|my|its|everything|something|it|them|with|at|in|on|for|about|up|out|every|most|some|all|as|from|into|over)$/i;

/** "I own the cafe, bakes bread and likes people" -> "I own the cafe, bake bread and like people". */
function agreeConjoined(text: string): string {
  return text
    .split(/(?<=[.!?;])\s+/)
    .map((sentence) => {
      const i = sentence.search(/\bI\b/);
      if (i < 0) return sentence;
      // A relative clause has its own subject: "I'm a captain who reads and walks" stays as it is.
      const rel = sentence.slice(i).search(/\b(who|that|which|whose)\b/);
      const end = rel < 0 ? sentence.length : i + rel;
      const head = sentence.slice(0, i);
      const rest = sentence.slice(end);
      const tail = sentence
        .slice(i, end)
        .replace(
          /(,\s*(?:and\s+)?|\s+and\s+|\s+but\s+)(is|has|does|[a-z]+s)(\s+)([\p{L}'’]+)/gu,
          (whole, sep: string, verb: string, sp: string, next: string, at: number, all: string) => {
            // ("I say Tamsin Reed, my friend, is kind": the verb after a name's aside is the name's)
            if (/\p{Lu}\p{Ll}+,\s+(?:my|her|his|their|our|a|an|the)\s[^,]{1,40}$/u.test(all.slice(0, at))) return whole;
            if (verb === 'is') return `${sep}am${sp}${next}`;
            if (verb !== 'has' && verb !== 'does' && !VERB_FOLLOWER.test(next)) return whole;
            return `${sep}${baseVerb(verb)}${sp}${next}`;
          },
        );
      return head + tail + rest;
    })
    .join(' ');
}

/** The person a sentence is about, when it starts with a name ("Hannah Okafor is married ..." -> "Hannah Okafor"). */
export function subjectOf(text: string): string | null {
  const m = new RegExp(String.raw`^\s*${TITLE}([A-Z][\p{L}'’-]*(?:\s+[A-Z][\p{L}'’-]*)*)\s+[a-z]`, 'u').exec(text);
  if (!m) return null;
  const name = m[1]!;
  return isPersonName(name) && !/['’]s$/.test(name) ? name : null;
}

/** Does a text name this person (full name, or first name as a word)? */
export function names(text: string, name: string): boolean {
  const first = name.split(/\s+/)[0] ?? name;
  return new RegExp(`\\b(${escapeRegExp(name)}|${escapeRegExp(first)})\\b`).test(text);
}

// Verbs whose -ing form is irregular or doubles its last consonant (one syllable ending consonant-vowel-consonant).
const ING: Record<string, string> = {
  is: 'being',
  are: 'being',
  has: 'having',
  have: 'having',
  does: 'doing',
  goes: 'going',
  lies: 'lying',
  dies: 'dying',
  sees: 'seeing',
};
const DOUBLES = /^([^aeiou]*[aeiou][^aeiouwxy]|begin|admit|forget|prefer|refer|regret|permit|commit|upset)$/;

/** "wants" -> "wanting", "runs" -> "running", "studies" -> "studying", "writes" -> "writing". */
export function ingOf(verb: string): string | null {
  const v = verb.toLowerCase();
  if (ING[v]) return ING[v]!;
  const base = baseVerb(v);
  if (base === v && !/^[a-z]+$/.test(v)) return null;
  if (DOUBLES.test(base)) return `${base}${base.at(-1)}ing`;
  if (base.endsWith('ie')) return `${base.slice(0, -2)}ying`;
  if (base.endsWith('e') && !base.endsWith('ee') && base.length > 2) return `${base.slice(0, -1)}ing`;
  return `${base}ing`;
}

/**
 * "Hannah Okafor is married to Daniel Okafor" (about Hannah) -> "being married to Daniel Okafor";
 * "Oscar has decided to run" -> "having decided to run"; "Rosa wants to invite" -> "wanting to invite";
 * "Rosa is planning a fair" -> "planning a fair". Null when the sentence does not start with the person
 * followed by a verb this rule knows (the caller then reports the news another way).
 */
export function gerundClause(text: string, subject: string): string | null {
  const t = text.trim().replace(/[.!]+$/, '');
  const first = subject.split(/\s+/)[0] ?? subject;
  const m = new RegExp(`^${TITLE}(?:${escapeRegExp(subject)}|${escapeRegExp(first)})\\s+(.*)$`).exec(t);
  if (!m) return null;
  const rest = m[1]!;
  const v = /^(is|has|was|had|will|can|does)\s+(not\s+)?(\S+)(.*)$/.exec(rest);
  if (v) {
    const [, aux, not, word, tail] = v as unknown as [string, string, string | undefined, string, string];
    const neg = not ? 'not ' : '';
    if (aux === 'is' && /ing$/.test(word)) return `${neg}${word}${tail}`;
    if (aux === 'is') return `${neg}being ${word}${tail}`;
    if (aux === 'has' && /(ed|en|wn|ne|ght|lt|nt|ung|uck|ade|ost|id|ord)$/.test(word))
      return `${neg}having ${word}${tail}`;
    if (aux === 'has') return `${neg}having ${word}${tail}`;
    if (aux === 'will') return `${neg}going to ${word}${tail}`;
    if (aux === 'can') return `${neg}being able to ${word}${tail}`;
    return null;
  }
  const w = /^([a-z]+s)\b(.*)$/.exec(rest);
  if (!w) return null;
  const ing = ingOf(w[1]!);
  return ing ? `${ing}${w[2]!}` : null;
}

// What a town takes from its reading (issue 32 item 3): family and household (kin both ways; a home shared only by
// home and area, never by a street), the workplace and its hours, the public face of each resident (sentences that
// carry a secret move out of the identity fields, which head every prompt and the public profile, into kept seed
// phrases), and what the evaluation tracks when the file declares nothing.

import { carries, SECRET_WORDS, stem } from '../../agent/audience.ts';
import type { FamilyTie } from '../../agent/types.ts';
import { inverse } from '../../core/kin-text.ts';
import { contentWords, nameOpeningPronoun } from '../../core/text.ts';
import type { TownFile } from '../file.ts';
import { quoteHolds } from './check.ts';
import { kinWord, label } from './neutral/kin-words.ts';
import type { Gender } from './neutral/text.ts';
import type { ResidentReading, SecretItem, TownReading } from './types.ts';

type FileResident = TownFile['residents'][number];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const GENERIC = new Set(['parent', 'child', 'spouse', 'sibling', 'grandparent', 'grandchild', 'relative']);
/** How much a word for a tie says: housemate < a generic kin word < a specific one. */
const rank = (relation: string) =>
  relation === 'housemate' ? 0 : GENERIC.has(relation) || relation.includes(' or ') ? 1 : 2;

/**
 * Who shares a resident's home: the same home and, where the home is split into households (a street of houses,
 * flats in one building), the same home area; and whoever the reading says lives with them.
 */
export function householdOf(
  file: Pick<TownFile, 'residents' | 'locations'>,
  r: FileResident,
  reading?: ResidentReading,
): string[] {
  const home = file.locations.find((l) => l.id === r.home);
  const split = home?.perception === 'subArea' || file.residents.some((o) => o.home === r.home && o.homeArea);
  const area = (o: FileResident) => (o.homeArea ?? home?.subAreas[0]?.name ?? '').toLowerCase();
  const byHome = file.residents
    .filter((o) => o !== r && o.home === r.home && (!split || area(o) === area(r)))
    .map((o) => o.name);
  return [...new Set([...byHome, ...(reading?.household ?? [])])].filter((n) => !same(n, r.name));
}

/** Each person's gender as the reading's gendered ties say it ("Bruno Barros (husband)"), where they agree. */
function gendersSaid(reading: TownReading): Map<string, Gender> {
  const said = new Map<string, Gender | null>();
  for (const o of reading.residents)
    for (const k of o.family) {
      const g = kinWord(k.relation)?.[1];
      if (!g) continue;
      const key = k.name.toLowerCase();
      said.set(key, said.has(key) && said.get(key) !== g ? null : g);
    }
  return new Map([...said].filter((e): e is [string, Gender] => e[1] !== null));
}

/** Each resident's ties by name: the file's `family` first, then the reading's (both ways), then the household's. */
export function familiesFrom(
  file: Pick<TownFile, 'residents' | 'locations'>,
  reading: TownReading,
): Map<string, FamilyTie[]> {
  const readOf = (name: string) => reading.residents.find((x) => same(x.resident, name));
  const genders = gendersSaid(reading);
  // the other side of a tie, with the gender the reading gives its person ("son" of Bruno, who is Ines's husband:
  // Bruno is a father, not a "parent")
  const inverseOf = (relation: string, person: string) => {
    const inv = inverse(relation);
    const w = kinWord(inv);
    const g = genders.get(person.toLowerCase());
    return (w && w[1] === null && g && label(w[0], g)) || inv;
  };
  const out = new Map<string, FamilyTie[]>();
  for (const r of file.residents) {
    const ties: FamilyTie[] = (r.family ?? []).map((t) => ({
      name: t.name,
      relation: t.relation.trim().toLowerCase(),
    }));
    const add = (name: string, relation: string) => {
      if (same(name, r.name)) return;
      const k = ties.findIndex((t) => same(t.name, name));
      if (k < 0) ties.push({ name, relation });
      // a tie of blood or marriage says more than "housemate", a specific word more than a generic one
      else if (rank(relation) > rank(ties[k]!.relation)) ties[k] = { ...ties[k]!, relation };
    };
    for (const k of readOf(r.name)?.family ?? []) add(k.name, k.relation);
    for (const o of reading.residents)
      for (const k of o.family) if (same(k.name, r.name)) add(o.resident, inverseOf(k.relation, o.resident));
    for (const h of householdOf(file, r, readOf(r.name))) add(h, 'housemate');
    if (ties.length > 0) out.set(r.name, ties);
  }
  return out;
}

/** A text cut after each run of these ends, trimmed, empty pieces dropped. */
const cut = (t: string, at: RegExp) =>
  t
    .match(at)
    ?.map((s) => s.trim())
    .filter((s) => s !== '') ?? [];

/** The whole sentences of a text (ending at . ! or ?, not at ;). */
const fullSentences = (t: string) => cut(t, /[^.!?]+(?:[.!?]+|$)/g);

/** The sentences of a text (a sentence ends at . ! ? or ;). */
const sentences = (t: string) => cut(t, /[^.!?;]+(?:[.!?;]+|$)/g);

/** Words that say how a thing is kept, not what it is. */
const KEEPING =
  /^(?:secret\w*|told|tell\w*|only|anyone|anybody|nobody|yet|decided?|intend\w*|plan\w*|want\w*|mean\w*|hope\w*|privat\w*|confidence|soul)$/;

/**
 * Does a sentence say the matter itself, in any words: two or more of its distinctive words (names and words of
 * keeping aside), and 30% of the fewer of the two (a long matter said briefly elsewhere counts: a secret errs on the side of kept).
 */
function saysMatter(sentence: string, matter: string, people: readonly string[]): boolean {
  const names = new Set(people.flatMap((p) => contentWords(p)));
  const words = (t: string) =>
    new Set(
      contentWords(t)
        .filter((w) => !names.has(w) && !KEEPING.test(w))
        .map(stem),
    );
  const a = words(sentence);
  const b = words(matter);
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n >= 2 && n >= Math.ceil(Math.min(a.size, b.size) * 0.3);
}

/** Does a sentence carry a secret: it holds (or is held by) the secret's quote, or it says the matter itself? */
function carriesSecret(sentence: string, s: SecretItem, people: readonly string[]): boolean {
  if (s.quote.trim() !== '' && (quoteHolds(sentence, s.quote) || quoteHolds(s.quote, sentence))) return true;
  return carries(sentence, s.matter, people) || saysMatter(sentence, s.matter, people);
}

export interface PublicFace {
  innate: string;
  learned: string;
  currently: string;
  lifestyle: string;
  dailyPlan?: string;
  /** The sentences taken out, each with the secret it carries: kept seed phrases of the resident. */
  kept: { text: string; secret: SecretItem }[];
}

/** The identity fields less every sentence that carries one of the resident's secrets (or one told to them). */
export function publicFace(r: FileResident, secrets: readonly SecretItem[], people: readonly string[]): PublicFace {
  const kept: PublicFace['kept'] = [];
  const clean = (t: string | undefined) => {
    if (t === undefined) return undefined;
    const out: string[] = [];
    for (const whole of fullSentences(t)) {
      const clauses = sentences(whole);
      const secret = secrets.find((x) => clauses.some((c) => carriesSecret(c, x, people)));
      if (!secret) out.push(...clauses);
      // a clause that carries a secret takes its sentence's other clauses with it ("Dropped out of uni in Jan; not
      // going back. Nobody knows."): a reading that kept only one clause leaves the rest of the matter out of sight
      // (a sentence out of a field about the resident that opens with a pronoun is about the resident)
      else
        for (const c of clauses) kept.push({ text: nameOpeningPronoun(c.replace(/[;]+$/, '').trim(), r.name), secret });
    }
    return out.join(' ');
  };
  const face: PublicFace = {
    innate: clean(r.innate) || r.innate,
    learned: clean(r.learned) || `${r.name} lives in town.`,
    currently: clean(r.currently) || `${r.name} is going about the day as usual.`,
    lifestyle: clean(r.lifestyle) || r.lifestyle,
    kept,
  };
  const plan = clean(r.dailyPlan);
  if (plan !== undefined) face.dailyPlan = plan;
  return face;
}

/**
 * A phrase a secret's quote holds that says nothing of the matter itself: no word of it, no word of keeping ("Jo Marsh,
 * librarian, 39" inside a quote that runs on to "job application, Head of Libraries, Truro"). Where it only says where
 * the resident stands, it is no part of the secret (build.ts).
 */
export function onlyQuoted(phrase: string, s: SecretItem, people: readonly string[]): boolean {
  const own = new Set(contentWords(phrase).map(stem));
  return (
    !carries(phrase, s.matter, people) &&
    !saysMatter(phrase, s.matter, people) &&
    !contentWords(s.matter).some((w) => w.length > 3 && own.has(stem(w))) &&
    !SECRET_WORDS.test(phrase)
  );
}

/** The secret a seed phrase carries, if any (the reading's, matched by quote or matter). */
export function secretOfPhrase(
  phrase: string,
  secrets: readonly SecretItem[],
  people: readonly string[],
): SecretItem | null {
  return secrets.find((s) => carriesSecret(phrase, s, people)) ?? null;
}

// Routine: what the resident does regularly besides work, one item per habit statement, as a short activity a day
// plan can use: a verb phrase in its plain form ("walk the dog", "swim in the cove"), said of the resident ("her
// dog", not "my dog"), with the place, days and hours the text gives. A statement with no deed in it ("knows every
// engine by ear", "Crossword, in pen"), or a "her" or "him" the statement does not name, is no routine item.
import type { RoutineItem, WorkItem } from '../types.ts';
import { weekdaysIn } from './calendar.ts';
import { halfOfDay, hm, windowsIn } from './clock.ts';
import { KIN } from './kin-words.ts';
import { placesIn } from './places.ts';
import type { Doc } from './text.ts';
import { HABIT } from './work.ts';

/** Verbs of being, having, knowing and feeling: they say how someone is, not what they do. */
const STATIVE =
  /^(?:is|are|was|were|am|be|been|has|have|had|knows?|knew|thinks?|thought|believes?|seems?|likes?|loves?|hates?|prefers?|wants?|needs?|feels?|looks?|owns?|says?|said|remembers?|understands?|means?|minds?|misses|['’]s|can|could|would|will|should|must|may|might|does|did|do|doesn['’]t|don['’]t|never|not)$/i;

/** "walks" -> "walk", "carries" -> "carry", "watches" -> "watch", "goes" -> "go"; other words as they are. */
function plain(verb: string): string {
  const v = verb.toLowerCase();
  if (/^(?:goes|does)$/.test(v)) return v.slice(0, -2);
  if (/[^aeiou]ies$/.test(v)) return `${v.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z|o)es$/.test(v)) return v.slice(0, -2);
  if (/[^su]s$/.test(v)) return v.slice(0, -1);
  return v;
}

/**
 * The activity in a habit statement, or null when it holds none: its verb in the plain form, the resident's own
 * things said as hers or his, and no pronoun for someone it does not name.
 */
function activityOf(doc: Doc, said: string, subject: string | null, marked: string): string | null {
  const words = said.split(' ');
  const verb = words[0] ?? '';
  if (
    STATIVE.test(verb) ||
    /^(?:who|which|whose|that|and|but|work|works|working|lives?|living|lodges?|stays?)$/i.test(verb)
  )
    return null;
  // the present's verb: "-s" after "she" or a name, the plain form after "I", "-ing" after "she's"; in a note with
  // no subject, "-s" or "-ing" ("Swims the cove", "Knitting circle"); "grew up", "Kieran's brother" hold no deed
  const third = /(?:[^su]s|ing)$/i.test(verb);
  const contracted = !!subject && /['’]s\s*$/.test(subject);
  if (contracted ? !/ing$/i.test(verb) : subject && /\bI\s*$/.test(subject) ? false : !third) return null;
  // "sees her at Crust": a "her" or "him" for someone else the statement does not name
  const own = doc.gender === 'm' ? 'him' : doc.gender === 'f' ? 'her' : null;
  const objects = [
    ...said.matchAll(
      /\b(him|her|them)\b(?!\s+(?:own\s+)?\p{Ll}{3,}(?<!\b(?:at|in|on|to|for|with|and|or|after|before|every|each|daily|once|twice)))/giu,
    ),
  ];
  if (objects.some((m) => m[1]!.toLowerCase() !== own) && !/@\d/.test(marked)) return null;
  const poss = doc.gender === 'm' ? 'his' : doc.gender === 'f' ? 'her' : 'their';
  const self = doc.gender === 'm' ? 'himself' : doc.gender === 'f' ? 'herself' : 'themselves';
  return [plain(verb), ...words.slice(1)]
    .join(' ')
    .replace(/\band\s+(\p{Ll}+s)\b/gu, (_m, v: string) => `and ${plain(v)}`)
    .replace(/\bmy\b/gi, poss)
    .replace(/\bmyself\b/gi, self)
    .replace(/\bme\b/gi, own ?? 'them')
    .replace(/\bI\b/g, doc.gender === 'm' ? 'he' : doc.gender === 'f' ? 'she' : 'they')
    .replace(/(?:\s+(?:and|or|but|to|most|except|on|at|in|from|until|till))+\s*$/i, '');
}

/** Words of when, stripped from a habit to leave what is done ("every Tuesday night", "at 7 am", "on Sundays"). */
const WHEN_NOTE =
  /,?\s*\b(?:(?:every|each|most|except|but|bar)\s+)?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:days?|nesdays?|urdays?|sdays?|rsdays?)?\.?(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?(?![\p{L}])/giu;
const WHEN =
  /,?\s*\b(?:every|each)\s+(?:single\s+)?(?:other\s+)?(?:day|night|morning|evening|afternoon|week|weekend|month|(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?:\s+(?:morning|afternoon|evening|night))?\b|,?\s*\bon\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?(?:\s+(?:and|or)\s+)?)+(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?\b|,?\s*\b(?:on\s+|at\s+)?(?:the\s+)?weekends\b|,?\s*\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mornings|evenings|nightly|daily|weekly|usually|always|most (?:days|mornings|evenings|nights))\b|,?\s*\b(?:at|from|around|until|till|by)\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?(?:\s*(?:-|–|to|until|till)\s*\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?)?/giu;

/**
 * What the resident does regularly besides work: one item per habit statement (a sentence, or one clause of a seed
 * list), what is done in the text's words less its subject and its "when", with the place, days and hours said.
 */
export function readRoutine(doc: Doc, work: WorkItem | null): RoutineItem[] {
  const out: RoutineItem[] = [];
  const first = doc.resident.split(/\s+/)[0]!;
  for (const s of doc.sentences) {
    const markeds = s.marked.split(';');
    for (const [i, clause] of s.text.split(';').entries()) {
      // a day plan is the resident's day by what it is: its deeds need no habit word ("sits on the harbour wall and
      // takes his pint at the Ship when it opens at noon")
      if (s.field !== 'dailyPlan' && !HABIT.test(clause.replace(/\beach other\b/gi, ''))) continue;
      if (/\b(?:secret\w*|hosting|party|invit\w*|told|tell)\b/i.test(clause)) continue;
      // one habit statement may list several deeds ("sits on the harbour wall most mornings and takes his pint at the
      // Ship when it opens at noon"): each is an item, with its own place and hour
      for (const c of deedsOf(clause.trim())) {
        const place = placeNamed(c, doc);
        const ws = windowsIn(c);
        // the working week is work, not a habit
        if (work && place === work.place) continue;
        // a relative's habit ("Her aunt in Seville sends her books every month")
        if (new RegExp(String.raw`^\s*(?:her|his|my|their)\s+(?:[\p{L}-]+\s+)?${KIN}\b`, 'iu').test(c)) continue;
        // someone else's habit ("Tom plays darts every Friday") is theirs
        const subject = /^\s*(?:[^@,]{0,20}?\s)?@(\d+)(?!['’]s)/.exec(markeds[i] ?? '');
        if (
          subject &&
          doc.frame.people[Number(subject[1])] !== doc.resident &&
          !/\b(?:and|&)\s+(?:she|he|i)\b/i.test(c)
        )
          continue;
        const subjectRe = new RegExp(
          `^.*?\\b(?:${escapeName(doc.resident)}|${escapeName(first)}|she|he|I)\\b(?:['’]s)?\\s+`,
          'iu',
        );
        const said = c
          .replace(subjectRe, '')
          .replace(/\bw\/\s*/gi, 'with ')
          .replace(WHEN_NOTE, ' ')
          .replace(WHEN, ' ')
          // the activity is the first of a list ("rent a room in Brno, back in Lhota most weekends")
          .replace(/\s*,.*$/, '')
          // "when it opens at noon": the place's hours, said to time the deed, not the deed
          .replace(
            /\s+(?:when|once|as soon as|after|before)\s+(?:it|they|the\s+\S+)\s+(?:opens?|shuts?|closes?)\b.*$/i,
            '',
          )
          .replace(/\s+and\s+(?:won['’]t|will|doesn['’]t|never|then)\b.*$/i, '')
          .replace(/\s+(?:and|or|but|to|most|except|on|at|in|from|until|till)\s*$/i, '')
          .replace(/^(?:still|also|usually|always|then|often|sometimes|normally|generally)\s+/i, '')
          .replace(/[.!,]+$/, '')
          .replace(/\s+/g, ' ')
          .trim();
        const subjectSaid = subjectRe.exec(c)?.[0] ?? null;
        const what = activityOf(doc, said, subjectSaid, markeds[i] ?? '');
        // a long literary sentence is no routine a day plan can use
        if (!what || what.split(' ').length < 2 || what.split(' ').length > 12) continue;
        // a workplace's opening and closing ("opens the yard at half seven", "shuts it at four") are its hours: work
        if (OPENING.test(what) || NOT_YET.test(said)) continue;
        // a day plan's deed with no habit word is routine where it says where or when ("takes his pint at the Ship")
        if (!HABIT.test(c) && !place && ws.length === 0 && !halfOfDay(c)) continue;
        const w = ws[0] ?? null;
        out.push({
          what: bare(what, place, w !== null, doc),
          place,
          days: weekdaysIn(c),
          start: w ? hm(w.start) : null,
          end: w?.end != null ? hm(w.end) : null,
          quote: c,
        });
      }
    }
  }
  return out;
}

/**
 * The town's place a deed is at, by its name: the whole name, its head noun ("the bakery"), or a word of it written as
 * a name ("the Ship" for The Ship Inn); a lower-case word that is not the head ("the harbour" of Harbour Office) is a
 * thing of its own, not the place.
 */
function placeNamed(c: string, doc: Doc): string | null {
  for (const hit of placesIn(c, doc.frame.places)) {
    const said = c.slice(hit.at, hit.at + hit.length).replace(/['’]s$/, '');
    const name = doc.frame.places.find((p) => p.id === hit.id)?.name ?? '';
    const head = name.split(/\s+/).pop()?.toLowerCase() ?? '';
    if (
      /^\p{Lu}/u.test(said) ||
      said.toLowerCase().replace(/s$/, '') === head.replace(/s$/, '') ||
      said.split(/\s+/).length > 1
    )
      return hit.id;
  }
  return null;
}

/**
 * The deed without the place and the hour the item already holds: "take his pint at the Ship" at The Ship Inn is
 * "take his pint", "walk the dog at seven" from 07:00 is "walk the dog" (a plan and the reading's display say the
 * place and the hour beside it; said twice they read "at the Ship at The Ship Inn", "at seven, from 07:00").
 */
function bare(what: string, place: string | null, timed: boolean, doc: Doc): string {
  let out = what;
  // the last words first, again while they are a place or an hour ("at the Lugger at noon")
  for (let cut = true; cut; ) {
    cut = false;
    const atEnd = (at: number, length: number) => at + length >= out.replace(/[\s,.;]+$/, '').length;
    const hit = place
      ? placesIn(out, doc.frame.places).find((h) => h.id === place && atEnd(h.at, h.length))
      : undefined;
    const before = hit && /\s+(?:at|in|into|to|on|by|down at|up at|over at)\s+(?:the\s+)?$/i.exec(out.slice(0, hit.at));
    if (hit && before) {
      out = out.slice(0, before.index);
      cut = true;
      continue;
    }
    const w = timed ? windowsIn(out).find((x) => atEnd(x.at, x.length)) : undefined;
    if (w) {
      const lead = /\s+(?:at|from|around|about|by|until|till|in)?\s*(?:the\s+)?$/i.exec(out.slice(0, w.at));
      out = out.slice(0, lead ? lead.index : w.at);
      cut = true;
    }
  }
  const trimmed = out.replace(/[\s,.;]+$/, '').trim();
  // a deed that was all place or hour ("go to the Ship") keeps its words
  return trimmed.split(' ').length >= 2 ? trimmed : what;
}

const OPENING =
  /^(?:open|shut|close|lock|unlock|keep (?:it|them|the \S+) (?:open|going|until|till)|call time|call last orders|knock off|clock (?:on|off|in|out))\b/i;
/** A plan or a wish, not a habit ("thinking of opening Sundays in August", "hoping to walk more"). */
const NOT_YET = /^(?:thinking of|thinking about|planning|plans? to|hoping|hopes? to|wants? to|would like|might|may)\b/i;

/** A statement's deeds: split where "and" starts a verb of the same kind ("and takes his pint"). */
function deedsOf(c: string): string[] {
  const parts = c.split(
    /\s+and\s+(?=(?:then\s+)?\p{Ll}+(?<![sS]s)(?:s|es)\s)(?!(?:is|has|was|does|his|hers|its|this|us|yes)\s)/u,
  );
  return parts.length > 1 && parts.every((p) => p.trim().split(/\s+/).length >= 3) ? parts : [c];
}

const escapeName = (n: string) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Working hours for work.ts: the clauses that may give them (the workplace's own, those after it, the next sentence or
// two), a window in them ("9 to 5", "opens at half past six and shuts at 3 pm", a day book's stamp), an end said on its
// own ("until the last cup was poured at six"), and the evening's hours of a bar ("6 till 11").
import type { Weekday } from '../types.ts';
import { weekdaysIn } from './calendar.ts';
import { readClock, TIME, type Window, windowsIn } from './clock.ts';
import { placesIn } from './places.ts';
import { type Doc, type Sentence, STAMP } from './text.ts';

export const HOURS_WORDS =
  /\b(?:opens?|opening|shuts?|shutting|closes?|closing|shifts?|works?|working|hours|starts?|finish(?:es)?|clocks?|on duty|morning shift|from|until|till|daily|weekdays?|every day|mornings|afternoons|evenings|nights|ovens?|\d{1,2}(?:am|pm)?\s*[-–]\s*\d{1,2})\b/i;

/** A sentence of days alone: "Monday to Friday.", "Tuesday through Sunday.", "Mon-Sat." */
const DAYS_ONLY =
  /^\s*(?:(?:from|every|on)\s+)?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?\s*(?:(?:to|through|thru|till|until|-|–|—|and)\s*(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?)?(?:\s+(?:only|inclusive))?\s*[.!]?\s*$/i;

export interface Candidate {
  id: string;
  score: number;
  sentence: Sentence;
  clause: number;
}

/** A clause that opens on someone hosting a happening: "she's running a raffle", "on Sunday Tom is holding a sale". */
const HAPPENING_AHEAD =
  /^(?:[^;.]{0,60}?\s)?there(?:['’]s|\s+is|\s+will\s+be)\s+(?:a|an)\s|^(?:[^;.]{0,60}?\s)?(?:she|he|i|we|they|@\d+|(?:my|her|his|our)\s+[\p{L}-]+(?:\s+@\d+)?)(?:['’]s|['’]m|['’]re|\s+is|\s+am|\s+are|\s+will(?:\s+be)?)?\s+(?:hosting|holding|throwing|running|organi[sz]ing|putting on|giving|leading|staging|host|hold|throw|run|organi[sz]e|put on|give|lead)\s+(?:a|an|the|her|his|their|our|my)\s/iu;

/** Words of a one-off happening: its hours are not working hours. */
export const EVENTY =
  /\b(?:will|['’]ll|is going to)\b[^.;]*\bon\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)|\bon\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)[^.;]*\b(?:will|['’]ll|is going to)\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\bthe\s+\d{1,2}(?:st|nd|rd|th)\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+\d{1,2}(?:st|nd|rd|th)\b|\b(?:hosting|hosts?|holding|throw(?:s|ing)?(?=\s+(?:a|an|the|her|his|their|my|our)\b)|(?:organi[sz]ed|hosted|run) by|coming up|party|invit\w*|tonight|tomorrow|concert|quiz|dance|disco|ceilidh|barbecue|bbq|fete|fête|gig|raffle|bingo|karaoke|potluck|festival|fair|welcome|open to (?:all|everyone|everybody)|next (?:week|mon|tues|wednes|thurs|fri|satur|sun)\w*|on (?:the )?(?:first|second|third) (?:day|evening|night|morning|afternoon)|(?:a|an|my|our|her|his)\s+(?:[\p{L}-]+\s+){1,2}(?:night|morning|afternoon)(?!\s+shifts?)|open (?:evening|day|night|afternoon|morning|house)|this (?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:anybody|anyone|everybody|everyone) (?:can|may) come|(?:pls|please|do) come)\b/iu;

// (a notebook's stamp, "Mon 12 May, 07:55:", is when the entry was written: blanked, so its date makes no one-off)
// ("she bakes at the Bakehouse six till two, and she's running a raffle at the pub on Friday at eight": a happening
// joined on by ", and" is a clause of its own, so its place and hours are not the work's)
export const clausesOf = (text: string): string[] =>
  text
    .replace(STAMP, (m) => ' '.repeat(m.length))
    .split(/;|\s+[—–]\s+/)
    .flatMap((c) => {
      // (a run-on's bare "and": "from eight till two, Monday to Saturday, and ... and on Friday she's putting on")
      const parts = c.split(
        /(,\s+(?:and|but)\s+|(?<!,)\s+and\s+(?=(?:on|next|this|tomorrow|tonight|the day after tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b))/i,
      );
      const out = [parts[0]!];
      for (let i = 1; i < parts.length; i += 2) {
        const part = parts[i + 1]!;
        if (HAPPENING_AHEAD.test(part)) out.push(part);
        else out[out.length - 1] += `${parts[i]}${part}`;
      }
      return out;
    });

/** Clauses that may give the working hours, nearest first: the workplace's, then the ones after it. */
function hourClauses(doc: Doc, at: Candidate): string[] {
  const own = clausesOf(at.sentence.text);
  const ownMarked = clausesOf(at.sentence.marked);
  const out = [own[at.clause]!];
  const fits = (c: string, m: string) => {
    if (EVENTY.test(c)) return false;
    // (the one a note is sent to, "to Jo, 'boatyard 7.30-5'", is not who works those hours)
    const said = m.replace(/\bto\s+(?:(?:her|his|my)\s+[\p{L}-]+\s+)?@\d+(?:\s+again)?\s*[:,]\s*['‘"“]/giu, ' ');
    const named = [...said.matchAll(/@(\d+)(?!['’]s)/g)].map((x) => doc.frame.people[Number(x[1])]);
    if (named.includes(doc.resident)) return true;
    return named.length === 0 || /\b(?:she|he|i)\b/i.test(c);
  };
  // "...; Joon plays darts at The Plough every Wednesday": a clause about another place gives no working days
  const elsewhere = (c: string) => placesIn(c, doc.frame.places).some((m) => m.id !== at.id);
  own.forEach((c, i) => {
    if (i > at.clause && fits(c, ownMarked[i] ?? '') && !elsewhere(c)) out.push(c);
  });
  for (const next of doc.sentences.slice(at.sentence.index + 1, at.sentence.index + 3)) {
    // (a sentence naming another place is about that one; the same place again may give its hours)
    if (placesIn(next.text, doc.frame.places).some((m) => m.id !== at.id)) break;
    if (
      HOURS_WORDS.test(next.text) ||
      (weekdaysIn(next.text) && windowsIn(next.text).length > 0) ||
      DAYS_ONLY.test(next.text)
    ) {
      const nextMarked = clausesOf(next.marked);
      for (const [i, c] of clausesOf(next.text).entries()) if (fits(c, nextMarked[i] ?? '')) out.push(c);
      break;
    }
  }
  own.forEach((c, i) => {
    if (i < at.clause && fits(c, ownMarked[i] ?? '') && !elsewhere(c)) out.push(c);
  });
  return out;
}

/** An end said on its own: "until the church bell strikes five", "his shift ends at 2:15", "from sunrise until one". */
const END_SAID = new RegExp(
  String.raw`\b(?:clos\w*|shut\w*|finish\w*|knock\w* off|done|ends?|ending|left|leaves|comes? out|coming out|goes home|downs? tools|packs? up|calls? it a day|out(?:\s+on\s+(?:(?:the|her|his|my|their)\s+)?\p{L}+)?\s+(?:until|till)|(?:stays?|stayed|staying|works?|remains?|is there)\s+(?:on\s+)?(?:until|till)|from (?:sunrise|dawn|daybreak|first light|sun-?up)\s+(?:until|till|to)|(?:the\s+)?[\p{L}\s]{0,25}?(?:strikes|struck|rings|rang|chimes|was poured|is poured))\s+(?:time\s+)?(?:is\s+|at\s+|by\s+|around\s+|before\s+|['’]s\s+)?(${TIME})`,
  'iu',
);

function hoursOf(doc: Doc, at: Candidate): { window: Window | null; days: Weekday[] | null; end: number | null } {
  let window: Window | null = null;
  let days: Weekday[] | null = null;
  const clauses = hourClauses(doc, at);
  for (const [i, c] of clauses.entries()) {
    const ws = windowsIn(c, { workday: true });
    // the workplace's own clause, or the next sentence when it is all hours ("Owns Crust, Quay St. Opens 6.30, shuts 3.")
    const first: boolean =
      i === 0 ||
      (!window && clauses[0] !== c && HOURS_WORDS.test(c) && clauses.slice(1, i).every((x) => !HOURS_WORDS.test(x)));
    let w: Window | null = ws.find((x) => x.end !== null) ?? (first ? ws[0] : undefined) ?? null;
    // "lifts the shutter at half past eight and pulls it down at half past five"
    if (w && w.end === null && ws.length >= 2 && first) {
      const end: number =
        ws[1]!.start <= w.start && ws[1]!.start + 12 * 60 < 24 * 60 ? ws[1]!.start + 12 * 60 : ws[1]!.start;
      if (end > w.start) w = { ...w, end };
    }
    if (!window && w) window = w;
    else if (window && window.end === null && w?.end) window = w;
    const said = weekdaysIn(c);
    // "every morning at nine ... — Monday to Friday": days said outright win over "every morning" in the same sentence
    if (days?.length === 7 && said && said.length >= 2 && said.length < 7) days = said;
    // "Off from the fish plant till Monday; it's Monday to Friday there": a list of days beats one day said alone
    if (days?.length === 1 && said && said.length >= 2) days = said;
    days ??= said;
  }
  // "from half six in the morning till the trays run out": a start said with "from" in the place's sentence
  if (!window)
    for (const c of clauses.slice(0, 3)) {
      // (or "out with the cows at five every morning": a time said of every working day)
      const w = windowsIn(c, { workday: true }).find((x) =>
        /^(?:(?:from|starts?|starting|opens?)\b|at\s+\S+(?:\s+\S+)?\s+(?:every|each)\s+(?:morning|day|weekday)\b)/i.test(
          c.slice(x.at),
        ),
      );
      if (w) {
        window = w;
        break;
      }
    }
  // a day book's entry "Fri 4 Jul, 08:00: on at the police post till 16:00": the stamp's time starts the shift
  const stamp = STAMP.exec(at.sentence.text)?.[0] ?? '';
  const stampTime = /\b(\d{1,2})[:.](\d{2})\b/.exec(stamp);
  if ((!window || window.end === null) && stampTime) {
    const end = new RegExp(`^\\s*(?:on|in|at|on duty|at work)\\b[^;]*?\\b(?:till|until|to)\\s+(${TIME})`, 'iu').exec(
      at.sentence.text.slice(stamp.length),
    );
    const e = end ? readClock(end[1]!) : null;
    const start = Number(stampTime[1]) * 60 + Number(stampTime[2]);
    if (e && e.minute > start) window = { start, end: e.minute, at: 0, length: 0 };
  }
  // "from six till closing, and closing is half eleven"
  let endOnly: number | null = null;
  if (!window || window.end === null)
    for (const c of clauses) {
      const m = END_SAID.exec(c);
      const end = m ? readClock(m[1]!) : null;
      if (!end) continue;
      let e = end.minute;
      // with no start said, an open end is a working day's: after noon unless it is morning work
      const from = window?.start ?? 9 * 60;
      while (e <= from && e + 12 * 60 <= 24 * 60) e += 12 * 60;
      if (window) window = { ...window, end: e };
      else endOnly = e;
      break;
    }
  return { window, days, end: endOnly };
}

/** Work behind a bar, whose hours run into the night. */
const BAR_WORK = /\b(?:bar|pints?|pub|inn|tavern|taproom|licensee|landlord|landlady)\b/i;

/** The working hours at a workplace: days, and a window (an end alone when no start is said). */
export function workHours(
  doc: Doc,
  at: Candidate,
): { window: Window | null; days: Weekday[] | null; end: number | null } {
  const { window: said, days, end } = hoursOf(doc, at);
  // a bar's shift "6 till 11", "pulling pints ... from six": the evening's, where nothing says morning
  const name = doc.frame.places.find((p) => p.id === at.id)?.name ?? '';
  const evening =
    !!said &&
    said.start >= 4 * 60 &&
    said.start < 9 * 60 &&
    (said.end === null || said.end <= 12 * 60) &&
    BAR_WORK.test(`${at.sentence.text} ${name}`) &&
    !/\b(?:am|a\.m\.|morning|breakfast|dawn)\b|\b0\d[:.]\d\d\b/i.test(at.sentence.text);
  const window = evening
    ? { ...said, start: said.start + 12 * 60, end: said.end === null ? null : said.end + 12 * 60 }
    : said;
  return { window, days, end };
}

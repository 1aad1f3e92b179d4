// Work and routine: the one town place the resident works at ("runs Quint's Bakery", "a teacher at the school",
// "behind the bar at The Anchor", the town file's declared workplace), its days ("Monday to Saturday", "weekdays")
// and hours ("opens at half past six and shuts at 3 pm", "9 to 5"); and what the resident does regularly besides
// ("walks the dog at 7", "the pub on Fridays"). Past work ("retired from", "used to run") is no workplace.
import type { RoutineItem, Weekday, WorkItem } from '../types.ts';
import { hm, weekdaysIn, type Window, windowsIn } from './clock.ts';
import { placeId, placesIn } from './places.ts';
import type { Doc, Sentence } from './text.ts';

/** Verbs and nouns that put someone at work in the place after them. */
const WORK_BEFORE =
  /\b(?:works?|working|worked|job|jobs|employed|employee|run|runs?|running|(?<!(?:my|her|his|their|its|our|your)\s)owns?|owning|owner|kept|farms?|farming|building|builds|mends?|mending|repairs?|fixing|fixes|sells?|selling|pulls? (?:pints|beers)|pours?|brews?|manages?|managing|manager|manage|keeps?|keeping|opens?|opening|open up|staffs?|tends?|tending|serves?|serving|teach|teaches|teaching|teacher|help|shifts?|clerk|assistant|landlord|landlady|proprietor|proprietress|minds?|helps? out|helps? (?:at|in)|volunteers?|baker|bakes|cooks?|chef|waitress|waiter|barman|barmaid|bartender|nurse|doctor|vet|librarian|keeper|head|headteacher|headmistress|headmaster|priest|vicar|caretaker|cleaner|mechanic|pharmacist|receptionist|postmistress|postmaster|partner|runs the|is in charge of|in charge|at the counter|behind the (?:bar|counter|desk)|on the till|on duty|on shift|clocks? in|apprentice\w*|trainee|intern|ranger|warden|harbou?rmaster|stationmaster|skipper|captain|grocer|butcher|fishmonger|florist|tailor|seamstress|barber|hairdresser|curator|guide|porter|janitor|secretary)\b/i;
const WORK_AFTER =
  /^\W{0,3}(?:(?:,\s*)?(?:where|which)\s+(?:she|he|i|they)\s+(?:(?:still|now|also|has|have)\s+)?[a-z]+|[^,;.]{0,25}?\b(?:serves|opens|is open|sells)\b|\s*,\s*(?:the\s+|a\s+)?(?:[a-z]+\s+)?(?:baker|owner|cook|chef|landlord|landlady|manager|clerk|teacher|nurse|keeper|barman|barmaid|waitress|waiter|assistant|since)\b|['’]s\s+(?:owner|manager|landlord|landlady|proprietor|keeper|head|cook|chef|baker|clerk|nurse|doctor|vet|teacher|caretaker|cleaner|librarian|barman|barmaid|bartender))/i;
const PAST = /\b(?:retired|used to|formerly|former|ex-|years ago|until (?:last|she|he)|no longer|gave up|sold)\b/i;
const PAST_AFTER =
  /^\W{0,3}(?:until (?:last|she|he|i)\b|(?:for \w+ years )?(?:years ago|before (?:she|he|i) retired))/i;
/** Someone else's role in the place ("Mateo's teacher", "her boss"): not the resident's work. */
const OTHERS_ROLE =
  /(?:\p{L}+['’]s|\p{L}+s['’]|\b(?:her|his|my|their))\s+(?:teacher|owner|manager|boss|landlord|landlady|doctor|nurse|vet|priest|vicar|keeper|chef|cook|baker|clerk|employer)\b/iu;
const NOT_WORK =
  /\b(?:drinks?|drinking|visits?|visiting|eats?|eating|shops?|shopping|buys?|buying|meets?|meeting|regular|customer|lunch|breakfast|dinner|supper|coffee|prays?|worships?|swims?|walks?|walking|sings?|choir|quiz|party|hosting|host|hosts|holds?|holding|throw|throwing|invite\w*|evening|concert|dance|show)\b/i;
const HOURS_WORDS =
  /\b(?:opens?|opening|shuts?|shutting|closes?|closing|shifts?|works?|working|hours|starts?|finish(?:es)?|clocks?|on duty|morning shift|from|until|till|daily|weekdays?|every day|mornings|afternoons|evenings|nights|ovens?|\d{1,2}(?:am|pm)?\s*[-–]\s*\d{1,2})\b/i;

const HOMEY = /\b(?:house|home|cottage|flat|apartment|bungalow|residence)\b/i;

interface Candidate {
  id: string;
  score: number;
  sentence: Sentence;
  clause: number;
}

/** Words of a one-off happening: its hours are not working hours. */
const EVENTY =
  /\b(?:hosting|hosts?|holding|throwing|throws?|party|invit\w*|tonight|tomorrow|concert|quiz|dance|festival|fair|welcome|next (?:week|mon|tues|wednes|thurs|fri|satur|sun)\w*|on (?:the )?(?:first|second|third) (?:day|evening|night|morning|afternoon))\b/i;

const clausesOf = (text: string): string[] => text.split(/;|\s+[—–]\s+/);

/** The resident's workplace: the place a work verb or noun, or working hours, point at; the strongest first. */
function workplace(doc: Doc): Candidate | null {
  let best: Candidate | null = null;
  const places = doc.frame.places;
  for (const s of doc.sentences) {
    const marked = clausesOf(s.marked);
    for (const [ci, c] of clausesOf(s.text).entries()) {
      for (const m of placesIn(c, places)) {
        const before = c.slice(Math.max(0, m.at - 70), m.at);
        const after = c.slice(m.at + m.length, m.at + m.length + 60);
        const clause = before.split(/[.]|,\s*(?=(?:and|but)\s)/).pop() ?? '';
        let score = 0;
        if (WORK_BEFORE.test(clause)) score += 3;
        if (WORK_AFTER.test(after)) score += 3;
        const hours = !EVENTY.test(c) && windowsIn(c, { workday: true }).some((w) => w.end !== null);
        if (hours) score += 2;
        if (score === 0) continue;
        if (PAST.test(clause.slice(-35)) || PAST_AFTER.test(after)) continue;
        if (OTHERS_ROLE.test(clause.slice(-30))) continue;
        // "They say at the Harbour Bar that ...": where it was said, not where anyone works
        if (/^\s*(?:that|say|says|said)\b/i.test(after)) score -= 3;
        if (NOT_WORK.test(clause.slice(-25)) && !/\b(?:works?|runs?|owns?|manages?|job)\b/i.test(clause)) continue;
        // "running a seed swap at The Anchor" is an event there, not work
        if (
          /\b(?:runs?|running|holds?|holding|hosts?|hosting|organi[sz]\w*|throws?|throwing|giving|gives|leads?|leading|puts? on|putting on)\s+(?:a|an|her|his|their)\s+[^,;.]*$/i.test(
            clause,
          )
        )
          continue;
        // someone else's work ("her husband runs the pub", "Tom works at the mill") is not the resident's
        const mc = marked[ci] ?? '';
        const head = mc.slice(0, Math.max(0, mc.length - (c.length - m.at)));
        // the subject is a person not governed by a verb or preposition before it ("married Mick" is an object)
        const tokens = [...head.matchAll(/@(\d+)(?!['’]s)|\b(?:she|he|i|me)\b/gi)].filter(
          (t) =>
            !/\b(?:married|marry|with|for|to|of|by|at|from|told|tells|asked|asks|helps?|gives?|meets?|sees?|visits?|loves?|about|like|than|uncle|aunt|auntie)\s*$/i.test(
              head.slice(0, t.index),
            ),
        );
        const residentToo = tokens.some((t) => t[1] === undefined || doc.frame.people[Number(t[1])] === doc.resident);
        const last = tokens[tokens.length - 1];
        if (last?.[1] !== undefined && doc.frame.people[Number(last[1])] !== doc.resident && !residentToo) continue;
        if (
          !residentToo &&
          /\b(?:her|his|their|my)\s+(?:husband|wife|son|daughter|mother|father|sister|brother|partner|friend|neighbou?r|mum|dad)\b[^,;.]*$/i.test(
            clause,
          )
        )
          continue;
        if (HOMEY.test(places.find((p) => p.id === m.id)?.name ?? '')) score -= 2;
        if (m.whole) score += 1;
        if (!best || score > best.score) best = { id: m.id, score, sentence: s, clause: ci };
      }
    }
  }
  return best && best.score > 0 ? best : null;
}

/** Clauses that may give the working hours, nearest first: the workplace's, then the ones after it. */
function hourClauses(doc: Doc, at: Candidate): string[] {
  const own = clausesOf(at.sentence.text);
  const ownMarked = clausesOf(at.sentence.marked);
  const out = [own[at.clause]!];
  const fits = (c: string, m: string) => {
    if (EVENTY.test(c)) return false;
    const others = [...m.matchAll(/@(\d+)(?!['’]s)/g)].some((x) => doc.frame.people[Number(x[1])] !== doc.resident);
    return !others || /\b(?:she|he|i)\b/i.test(c);
  };
  own.forEach((c, i) => {
    if (i > at.clause && fits(c, ownMarked[i] ?? '')) out.push(c);
  });
  const next = doc.sentences[at.sentence.index + 1];
  if (next && (HOURS_WORDS.test(next.text) || (weekdaysIn(next.text) && windowsIn(next.text).length > 0))) {
    const nextMarked = clausesOf(next.marked);
    for (const [i, c] of clausesOf(next.text).entries()) if (fits(c, nextMarked[i] ?? '')) out.push(c);
  }
  own.forEach((c, i) => {
    if (i < at.clause && fits(c, ownMarked[i] ?? '')) out.push(c);
  });
  return out;
}

function hoursOf(doc: Doc, at: Candidate): { window: Window | null; days: Weekday[] | null } {
  let window: Window | null = null;
  let days: Weekday[] | null = null;
  const clauses = hourClauses(doc, at);
  for (const [i, c] of clauses.entries()) {
    const ws = windowsIn(c, { workday: true });
    let w = ws.find((x) => x.end !== null) ?? (i === 0 ? ws[0] : undefined) ?? null;
    // "lifts the shutter at half past eight and pulls it down at half past five"
    if (w && w.end === null && ws.length >= 2 && i === 0) {
      const end = ws[1]!.start <= w.start && ws[1]!.start + 12 * 60 < 24 * 60 ? ws[1]!.start + 12 * 60 : ws[1]!.start;
      if (end > w.start) w = { ...w, end };
    }
    if (!window && w) window = w;
    else if (window && window.end === null && w?.end) window = w;
    days ??= weekdaysIn(c);
  }
  return { window, days };
}

export function readWork(doc: Doc, declared?: string): WorkItem | null {
  const found = workplace(doc);
  const declaredId = declared ? placeId(declared, doc.frame.places) : null;
  const id = declaredId ?? found?.id ?? null;
  if (!id) return null;
  let at: Candidate | null = found?.id === id ? found : null;
  if (!at)
    for (const s of doc.sentences) {
      const ci = clausesOf(s.text).findIndex((c) => placesIn(c, doc.frame.places).some((m) => m.id === id));
      if (ci >= 0) {
        at = { id, score: 0, sentence: s, clause: ci };
        break;
      }
    }
  if (!at) return { place: id, days: null, start: null, end: null, quote: declared ?? '' };
  const { window, days } = hoursOf(doc, at);
  return {
    place: id,
    days,
    start: window ? hm(window.start) : null,
    end: window?.end != null ? hm(window.end) : null,
    quote: at.sentence.text,
  };
}

const HABIT =
  /\b(?:every|each|daily|nightly|weekly|usually|always|most (?:days|mornings|evenings|nights)|on (?:mon|tues|wednes|thurs|fri|satur|sun)days|(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|mornings|evenings)\b/i;

/** What the resident does regularly besides work, one item per habit sentence. */
export function readRoutine(doc: Doc, work: WorkItem | null): RoutineItem[] {
  const out: RoutineItem[] = [];
  for (const s of doc.sentences) {
    if (work && s.text === work.quote) continue;
    if (!HABIT.test(s.text)) continue;
    if (/\b(?:secret|hosting|party|invite)\b/i.test(s.text)) continue;
    const place = placesIn(s.text, doc.frame.places)[0]?.id ?? null;
    const w = windowsIn(s.text)[0] ?? null;
    const what = s.text
      .replace(/^[^,]*?\b(?:she|he|i|they)\s+/i, '')
      .replace(/[.!]+$/, '')
      .trim();
    out.push({
      what,
      place,
      days: weekdaysIn(s.text),
      start: w ? hm(w.start) : null,
      end: w?.end ? hm(w.end) : null,
      quote: s.text,
    });
  }
  return out;
}

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
  /\b(?:works?|working|worked|job|jobs|employed|employee|run|runs?|running|owns?|owning|owner|manages?|managing|manager|manage|keeps?|keeping|opens?|opening|open up|staffs?|tends?|tending|serves?|serving|teach|teaches|teaching|teacher|help|shifts?|clerk|assistant|landlord|landlady|proprietor|proprietress|minds?|helps? out|helps? (?:at|in)|volunteers?|baker|bakes|cooks?|chef|waitress|waiter|barman|barmaid|bartender|nurse|doctor|vet|librarian|keeper|head|headteacher|headmistress|headmaster|priest|vicar|caretaker|cleaner|mechanic|pharmacist|receptionist|postmistress|postmaster|partner|runs the|is in charge of|in charge|at the counter|behind the (?:bar|counter|desk)|on the till|on duty|on shift|clocks? in|apprentice\w*|trainee|intern|ranger|warden|harbou?rmaster|stationmaster|skipper|captain|grocer|butcher|fishmonger|florist|tailor|seamstress|barber|hairdresser|curator|guide|porter|janitor|secretary)\b/i;
const WORK_AFTER =
  /^\W{0,3}(?:(?:,\s*)?(?:where|which)\s+(?:she|he|i|they)\s+(?:works?|runs?|owns?|manages?|keeps?|helps?|teaches|serves?|has worked|has run)|['’]s\s+(?:owner|manager|landlord|landlady|proprietor|keeper|head|cook|chef|baker|clerk|nurse|doctor|vet|teacher|caretaker|cleaner|librarian|barman|barmaid|bartender))/i;
const PAST = /\b(?:retired|used to|formerly|former|once|ex-|years ago|until (?:last|she|he)|no longer|gave up|sold)\b/i;
const NOT_WORK =
  /\b(?:drinks?|drinking|visits?|visiting|eats?|eating|shops?|shopping|buys?|buying|meets?|meeting|regular|customer|lunch|breakfast|dinner|supper|coffee|prays?|worships?|swims?|walks?|walking|sings?|choir|quiz|party|hosting|host|hosts|holds?|holding|throw|throwing|invite\w*|evening|concert|dance|show)\b/i;
const HOURS_WORDS =
  /\b(?:opens?|opening|shuts?|shutting|closes?|closing|shifts?|works?|working|hours|starts?|finish(?:es)?|clocks?|on duty|morning shift|from|until|till|to|daily|weekdays?|every day|mornings|afternoons)\b/i;

const HOMEY = /\b(?:house|home|cottage|flat|apartment|bungalow|residence)\b/i;

interface Candidate {
  id: string;
  score: number;
  sentence: Sentence;
}

/** The resident's workplace: the place a work verb or noun points at, the strongest first. */
function workplace(doc: Doc): Candidate | null {
  let best: Candidate | null = null;
  const places = doc.frame.places;
  for (const s of doc.sentences) {
    const mentions = placesIn(s.text, places);
    for (const m of mentions) {
      const before = s.text.slice(Math.max(0, m.at - 60), m.at);
      const after = s.text.slice(m.at + m.length, m.at + m.length + 60);
      // the nearest clause before the place
      const clause = before.split(/[;.]|,\s*(?=(?:and|but)\s)/).pop() ?? '';
      let score = 0;
      if (WORK_BEFORE.test(clause)) score += 3;
      if (WORK_AFTER.test(after)) score += 3;
      if (score === 0) continue;
      if (PAST.test(clause) || PAST.test(after.slice(0, 25))) continue;
      if (NOT_WORK.test(clause.slice(-25)) && !/\b(?:works?|runs?|owns?|manages?|job)\b/i.test(clause)) continue;
      // "running a seed swap at The Anchor" is an event there, not work
      if (
        /\b(?:runs?|running|holds?|holding|hosts?|hosting|organi[sz]\w*|throws?|throwing|giving|gives|leads?|leading|puts? on|putting on)\s+(?:a|an|her|his|their)\s+[^,;.]*$/i.test(
          clause,
        )
      )
        continue;
      // someone else's work ("her husband runs the pub") is not the resident's
      const subject = /@(\d+)|\b(?:she|he|i)\b/gi;
      const tokens = [
        ...s.marked
          .slice(0, markedAt(s, m.at, doc.frame.people))
          .split(/[;.]/)
          .pop()!
          .matchAll(subject),
      ];
      const last = tokens[tokens.length - 1];
      if (last?.[1] !== undefined && doc.frame.people[Number(last[1])] !== doc.resident) {
        if (!/\b(?:with|and)\b/i.test(clause)) continue;
      }
      if (
        /\b(?:her|his|their)\s+(?:husband|wife|son|daughter|mother|father|sister|brother|partner|friend|neighbou?r)\b[^,;.]*$/i.test(
          clause,
        )
      )
        continue;
      if (HOMEY.test(places.find((p) => p.id === m.id)?.name ?? '')) score -= 1;
      if (m.whole) score += 1;
      if (!best || score > best.score) best = { id: m.id, score, sentence: s };
    }
  }
  return best;
}

/** Position in the marked sentence of a position in its text (names are shorter or longer when marked). */
function markedAt(s: Sentence, at: number, people: readonly string[]): number {
  let shift = 0;
  for (const m of s.mentions) {
    if (m.at >= at) break;
    shift += `@${people.indexOf(m.person)}`.length - m.length;
  }
  return Math.max(0, at + shift);
}

/** The working window in the workplace's sentence, else in a sentence about hours right next to it. */
function hoursOf(doc: Doc, at: Sentence): { window: Window | null; days: Weekday[] | null } {
  const near = [at, ...doc.sentences.filter((s) => Math.abs(s.index - at.index) === 1 && HOURS_WORDS.test(s.text))];
  let window: Window | null = null;
  let days: Weekday[] | null = null;
  for (const s of near) {
    if (NOT_WORK.test(s.text) && s !== at && !/\b(?:works?|opens?|shifts?|shuts?|closes?)\b/i.test(s.text)) continue;
    const ws = windowsIn(workPart(s.text), { workday: true });
    const w = ws.find((x) => x.end !== null) ?? ws[0] ?? null;
    if (!window && w) window = w;
    else if (window && window.end === null && w?.end) window = w;
    days ??= weekdaysIn(workPart(s.text));
  }
  return { window, days };
}

/** The part of a sentence about work, not the evening habit after "and on Fridays she plays darts". */
function workPart(text: string): string {
  const parts = text.split(/;|\.\s|,?\s+(?:but|then|afterwards|after that|and then|in the evenings?|evenings)\b/i);
  const keep = parts.filter((p, i) => i === 0 || !NOT_WORK.test(p));
  return keep.join('; ');
}

export function readWork(doc: Doc, declared?: string): WorkItem | null {
  const found = workplace(doc);
  const declaredId = declared ? placeId(declared, doc.frame.places) : null;
  const id = declaredId ?? found?.id ?? null;
  if (!id) return null;
  const sentence =
    found?.id === id
      ? found.sentence
      : doc.sentences.find((s) => placesIn(s.text, doc.frame.places).some((m) => m.id === id));
  if (!sentence) return { place: id, days: null, start: null, end: null, quote: declared ?? '' };
  const { window, days } = hoursOf(doc, sentence);
  return {
    place: id,
    days,
    start: window ? hm(window.start) : null,
    end: window?.end ? hm(window.end) : null,
    quote: sentence.text,
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

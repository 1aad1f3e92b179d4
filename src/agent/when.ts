// A neutral reader of "when and where" in a resident's own intention ("I should go to the library this afternoon
// to ask Priya for a music book", "at 5 pm at the cafe"): a time of day and a known place, matched tolerantly.
// It knows clock times and parts of the day, nothing about any event, office or town: any place is treated alike.

/** Parts of the day as a start and a length in minutes (a plan block's default span). */
const PARTS: [RegExp, number, number][] = [
  [/\b(this|in the) morning\b/i, 9 * 60, 120],
  [/\b(at )?noon\b|\bat lunch(time)?\b/i, 12 * 60, 60],
  [/\b(this|in the) afternoon\b/i, 15 * 60, 120],
  [/\b(this|in the) evening\b|\btonight\b/i, 19 * 60, 120],
];

/** A clock time in the text ("at 5 pm", "at 5:30pm", "at 17:00"), as minutes after midnight. */
function clockTime(text: string): number | null {
  const m = /\b(?:at|by|around|from)\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?/i.exec(text);
  if (!m) return null;
  let h = Number(m[1]);
  const min = m[2] ? Number(m[2]) : 0;
  const ap = m[3]?.toLowerCase().replace(/\./g, '');
  if (!ap && !m[2]) return null; // "at 5" alone is too vague to pin
  if (ap === 'pm' && h < 12) h += 12;
  if (ap === 'am' && h === 12) h = 0;
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/** When in the day the text says, as a start and a span in minutes; null when it names no time today. */
export function timeOfDay(text: string): { start: number; minutes: number } | null {
  if (/\b(tomorrow|next|on (mon|tues|wednes|thurs|fri|satur|sun)day)\b/i.test(text)) return null; // another day
  const clock = clockTime(text);
  if (clock !== null) return { start: clock, minutes: 60 };
  for (const [re, start, minutes] of PARTS) if (re.test(text)) return { start, minutes };
  return null;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\b(the|a|an)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The known place the text names, tolerantly: "the library" finds "Riverside Library", "Willow" finds "The Willows
 * Market" (a word of the name, or its stem, said in the text). The longest matching name wins.
 */
export function placeNamed<P extends { id: string; name: string }>(text: string, places: readonly P[]): P | null {
  const words = new Set(norm(text).split(' '));
  const stem = (w: string) => w.replace(/(es|s)$/, '');
  const stems = new Set([...words].map(stem));
  let best: { p: P; score: number } | null = null;
  for (const p of places) {
    const name = norm(p.name);
    if (name === '' || name === 'home') continue;
    const parts = name.split(' ').filter((w) => w.length > 2);
    const hits = parts.filter((w) => words.has(w) || stems.has(stem(w))).length;
    const score = norm(text).includes(name) ? 100 + name.length : hits > 0 ? hits * 10 + name.length / 100 : 0;
    if (score > 0 && (!best || score > best.score)) best = { p, score };
  }
  return best?.p ?? null;
}

/**
 * What to do, from an intention: the words after "should/will/want to/need to/going to ..." with the time and
 * place phrases taken out, letters only (a plan activity carries no markup). Null when no action is named.
 */
export function intendedAction(text: string): string | null {
  const m =
    /\b(?:should|will|want to|wants to|need to|needs to|going to|plan to|plans to|have to|has to|must|'ll)\s+(.+)/i.exec(
      text,
    );
  if (!m) return null;
  const a = m[1]!
    .replace(/\b(this|in the) (morning|afternoon|evening)\b|\btonight\b|\b(at )?noon\b/gi, ' ')
    .replace(/\b(?:at|by|around|from)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?/gi, ' ')
    .replace(/[^\p{L}\p{N}' ,-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[ ,]+$/, '');
  return a.length >= 3 ? a.slice(0, 100) : null;
}

// What kind of happening an event is, as its words say it ("quiz night", "beetle drive"): the words captured cleaned
// of articles, owners and praise ("her famous", "the annual"), "one of his X" read as X said once, and words that
// are no happening refused (a time, a place, a relative, a verb). For events.ts.
import { EVENT_HEAD, NOT_A_HEAD, NOT_A_KIND, NOT_ALONE } from './event-words.ts';
import { kinWord } from './kin-words.ts';
import type { Doc } from './text.ts';

export const cleanKind = (k: string): string =>
  k
    .replace(/^(?:a|an|the|her|his|their|its|our|my|one|another)\s+/i, '')
    .replace(/^(?:[\p{L}-]+\s+){0,2}[\p{L}-]+['’]s\s+(?=\p{L})/u, '')
    .replace(/^@\d+['’]s\s+(?=\p{L})/u, '')
    .replace(/^(?:own|first(?:[- ]ever)?|very first|free|small|little|big|annual|special|grand)\s+(?=\p{L}{3})/iu, '')
    // "sea-shanty night here": where, not what
    .replace(/\s+(?:here|there)$/i, '')
    .replace(/\s+/g, ' ')
    .trim();

/** "beetle drives" -> "beetle drive", "parties" -> "party", "lunches" -> "lunch". */
const singular = (w: string): string =>
  /ies$/i.test(w) ? `${w.slice(0, -3)}y` : /(?:ch|sh|x|ss)es$/i.test(w) ? w.slice(0, -2) : w.replace(/(?<!s)s$/i, '');

/**
 * "hosting one of his famous quiz nights": the kind is what "one" is one of, said once ("quiz night"); else the words
 * captured, as they are.
 */
export function oneOf(m: RegExpMatchArray, group: string, marked: string): string {
  const from = (m.index ?? 0) + m[0].indexOf(group);
  // ("one" taken as an article leaves "of his parties" as the words captured)
  const at = /^(?:one|another)$/i.test(group.trim())
    ? from + group.length
    : /^of\s/i.test(group) && /\b(?:one|another)\s+$/i.test(marked.slice(0, from))
      ? from - 1
      : -1;
  if (at < 0) return group;
  const of =
    /^\s+of\s+(?:(?:his|her|their|our|my|its|the|@\d+['’]s)\s+)?(?:(?:own|famous|celebrated|usual|regular|legendary|popular|monthly|annual|much-loved|beloved|notorious)\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+s)\b/iu.exec(
      marked.slice(at),
    );
  return of ? singular(of[1]!) : group;
}

export function kindOk(k: string): boolean {
  if (k === '' || k.split(' ').length > 4) return false;
  const head = k.split(' ').pop()!;
  if (
    NOT_A_KIND.test(k) ||
    (NOT_A_HEAD.test(head) && !/\bopen house$/i.test(k)) ||
    (NOT_ALONE.test(head) && !k.includes(' '))
  )
    return false;
  // "a few friends round" says who comes, not what for
  if (/\b(?:round|over|friends|people|guests|neighbours|folk)$/i.test(k)) return false;
  // "on the first evening" says when, not what
  if (/^(?:on|upon|at|in|from|by|for|with|to|of|after|before|during|until|till)\b/i.test(k)) return false;
  if (kinWord(head) || kinWord(k.split(' ')[0]!)) return false;
  // "until the work runs out": a particle, not a happening
  if (/^(?:out|up|off|down|over|away|late|late night|along|around|about)$/i.test(k)) return false;
  if (/\b(?:is|are|was|were|has|have|had|to|be|it|them|him|her|she|he|time|plans?|hopes?)\b/i.test(k)) return false;
  // ("wine and cheese evening", "fish and chip supper": one happening, its head a happening's noun)
  if (/@\d/.test(k) || (/(?<![\p{L}-])(?:and|or|but)(?![\p{L}-])/iu.test(k) && !EVENT_HEAD.test(head))) return false;
  if (
    /\b(?:today|tomorrow|tonight|next|this|mon|tue|tues|wed|thu|thurs|fri|sat|sun|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|june|july|august|september|october|november|december)\b/i.test(
      k,
    )
  )
    return false;
  return /\p{L}{3}/u.test(k);
}

/** Is the kind one of the town's places ("runs Café Central")? */
export const isPlace = (k: string, places: Doc['frame']['places']) => {
  const n = k.toLowerCase().replace(/^the\s+/, '');
  return places.some((p) => {
    const pn = p.name.toLowerCase().replace(/^the\s+/, '');
    // "a tea in the tea garden", "a dance at Blanchard's dance hall": a word of a place's name is still a kind
    return pn === n || n.includes(pn) || (pn.includes(n) && !EVENT_HEAD.test(n.split(' ').pop()!));
  });
};

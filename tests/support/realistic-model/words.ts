// Plausible small-town English for the realistic model's answers: seeded, no model, no knowledge of our prompts.
import { randomStream } from '../../../src/core/rng.ts';

export type Rng = () => number;

/** mulberry32: a small seeded generator (0..1). */
export function seededRng(seed: number): Rng {
  return randomStream(seed);
}

export function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}

export function between(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

const subjects = ['I', 'we', 'you', 'they', 'my sister and I', 'the two of us', 'most of us', 'our neighbours'];
const verbs = [
  'was thinking about',
  'heard something about',
  'wanted to ask about',
  'have been working on',
  'might stop by',
  'keep meaning to tidy',
  'could help with',
  'am curious about',
  'noticed the news about',
  'should check on',
];
const objects = [
  'the garden behind the house',
  'the new paintings at the gallery',
  'this afternoon at the park',
  'the fresh bread this morning',
  'the town meeting next week',
  'the quiet corner of the library',
  'the music at the cafe tonight',
  'an old friend from college',
  'the books I borrowed',
  'the weather turning colder',
  'the repairs on the bridge',
  'dinner with the family',
];
const tails = [
  'and it made me smile',
  'if you have a minute',
  'before the day gets busy',
  'since it has been a while',
  'because it matters to me',
  'though I am not sure yet',
  'so let me know what you think',
  'when things calm down a little',
];
const actions = [
  'make a cup of coffee',
  'read a few chapters of a novel',
  'water the plants',
  'sweep the front step',
  'write in a journal',
  'prepare lunch',
  'answer some letters',
  'walk to the market',
  'sort the mail',
  'practise the piano',
  'chat with a neighbour',
  'tidy the kitchen',
  'sketch by the window',
  'review notes for work',
];
const emojis = ['☕', '📚', '🌱', '🧹', '✍️', '🍞', '🎹', '🚶', '💬', '🍽️', '😴', '🎨'];

/** One sentence of whole clauses, at least `words` words long (a clause is 8-14 words). */
export function sentence(rng: Rng, words: number): string {
  const parts: string[] = [];
  let n = 0;
  while (n < words) {
    const clause =
      n === 0 || rng() < 0.5
        ? `${pick(rng, subjects)} ${pick(rng, verbs)} ${pick(rng, objects)}`
        : `${pick(rng, tails)}`;
    parts.push(clause);
    n += clause.split(' ').length;
  }
  const text = parts.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Text of `lo`..`hi` words, in sentences of 8-18 words. */
export function prose(rng: Rng, lo: number, hi: number): string {
  const target = between(rng, lo, hi);
  const out: string[] = [];
  let n = 0;
  // Stop before the clause that would overshoot `hi`: whole sentences only.
  while (n < target) {
    const s = sentence(rng, Math.min(target - n, between(rng, 6, 14)));
    const w = s.split(' ').length;
    if (n > 0 && n + w > hi) break;
    out.push(s);
    n += w;
  }
  return out.join(' ');
}

export function actionPhrase(rng: Rng): string {
  return pick(rng, actions);
}

export function emoji(rng: Rng): string {
  return pick(rng, emojis);
}

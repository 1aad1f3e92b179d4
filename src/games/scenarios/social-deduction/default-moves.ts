// The legal defaults a bot plays when a model's answer is unusable (bots.ts): a clue associated with its word (or,
// as the chameleon, with the topic) from the shipped word data, and a guess of the secret read from the others'
// clues. Deterministic and plausible, with no model needed. The offline stand-in (offline.ts) plays the
// same clue and guess for its vanilla rules and builds its reasoning on the readers below.
import { defaultKnowledge, freshClues, type Mind, pick, type WordKnowledge } from './knowledge.ts';
import { type BotInput, PROMPT_SETTINGS } from './prompts.ts';

export const DEFAULT_MOVE_SETTINGS = {
  // Share of the associations behind another player's clue that a listener recognises (our modelling choice:
  // people share most associations, not all; 1 would make every reading of a clue perfect).
  recall: 0.75,
  // Bonus for a guessed secret that fits the announced topic (the topic name is public; the card of words is not).
  topicFit: 0.5,
} as const;

/** Neutral clues for when no association is known; checked against the word data in tests. */
export const FALLBACK_CLUES = [
  'hard to put into words',
  'I know it when I see it',
  'everyone has an opinion on it',
  'it depends who you ask',
  'more common than you think',
  'people talk about it a lot',
  'it comes up now and then',
  'you would recognise it',
] as const;

let cached: WordKnowledge | null = null;
/** The shipped word data as a listener recalls it (DEFAULT_MOVE_SETTINGS.recall). */
export function defaultMoveKnowledge(): WordKnowledge {
  cached ??= defaultKnowledge().withRecall(DEFAULT_MOVE_SETTINGS.recall);
  return cached;
}

/**
 * A stable hash key for a player's situation (deterministic picks and tie-breaks); `seed` (the knowledge's, a bench
 * run's) makes them another draw per seed. The legal defaults of live tables use the unseeded knowledge.
 */
export function key(input: BotInput, salt: string, seed = ''): string {
  const clues = input.clues.map((c) => `${c.name}:${c.text ?? ''}`).join('|');
  return `${seed ? `${seed}|` : ''}${salt}|${input.me}|${input.topic ?? ''}|${input.secret ?? ''}|${input.word ?? ''}|${clues}`;
}

export function mindOf(input: BotInput, k: WordKnowledge): Mind {
  return {
    id: `${k.seed ? `${k.seed}|` : ''}${input.me}|${input.topic ?? ''}|${input.secret ?? ''}|${input.word ?? ''}|${input.players.join(',')}`,
    recall: k.recall,
  };
}

export function usedClues(input: BotInput): string[] {
  return input.clues.filter((c) => c.text !== null).map((c) => c.text as string);
}

/**
 * The chameleon's best estimate of the secret word from the others' clues, as a person in that seat could make it:
 * from its own reading of the clues over everything it knows (the whole vocabulary), leaning towards words that fit
 * the announced topic. It never sees the topic's card of candidate words (players are not shown one).
 */
export function inferSecret(k: WordKnowledge, input: BotInput): string | null {
  const clues = input.clues.filter((c) => c.name !== input.me && c.text !== null).map((c) => c.text as string);
  if (clues.length === 0) return null;
  const mind = mindOf(input, k);
  const topicHints = input.topic ? [input.topic, ...k.topicClues(input.topic, mind)] : [];
  const scored = k.candidatesFor(clues, [], mind).map(({ word, score }) => ({
    word,
    score: score + (topicHints.some((h) => k.relatedness(h, word, mind) > 0) ? DEFAULT_MOVE_SETTINGS.topicFit : 0),
  }));
  const best = Math.max(0, ...scored.map((x) => x.score));
  if (best <= 0) return null;
  const top = scored.filter((x) => x.score === best).map((x) => x.word);
  return pick(top, key(input, 'secret', k.seed)) ?? null;
}

function fallbackClue(input: BotInput, seed: string): string {
  const forbidden = [input.secret, input.word].filter((w): w is string => w !== null);
  const fresh = freshClues(FALLBACK_CLUES, usedClues(input), forbidden);
  return pick(fresh, key(input, 'fallback', seed)) ?? `no comment ${input.clues.length + 1}`;
}

/** A clue cut to the prompt's limit. */
export function clampClue(text: string): string {
  return text.slice(0, PROMPT_SETTINGS.maxClueLength);
}

/** The default clue: an association of my word (or, as chameleon, of the topic). */
export function defaultClue(k: WordKnowledge, input: BotInput): string {
  const used = usedClues(input);
  // The speaker's own associations: its seeded share of the table, not the list its listeners read from.
  const mind = mindOf(input, k);
  let cands: string[];
  if (input.game === 'chameleon') {
    // The chameleon skips clues naming any known word (one could be the secret, which the rules refuse).
    cands =
      input.role === 'chameleon'
        ? freshClues(input.topic ? k.topicClues(input.topic, mind) : [], used, []).filter((c) => !k.namesAnyWord(c))
        : freshClues(k.cluesFor(input.secret ?? '', mind), used, [input.secret ?? '']);
  } else cands = freshClues(k.cluesFor(input.word ?? '', mind), used, [input.word ?? '']);
  return clampClue(pick(cands, key(input, 'clue', k.seed)) ?? fallbackClue(input, k.seed));
}

/** The default guess: the inferred secret, else a word the topic itself suggests, as a person would try. */
export function defaultGuess(k: WordKnowledge, input: BotInput): { word: string } {
  const g = inferSecret(k, input);
  if (g) return { word: g };
  const fromTopic = input.topic
    ? k.candidatesFor([input.topic, ...k.topicClues(input.topic, mindOf(input, k))], [], mindOf(input, k))
    : [];
  return { word: fromTopic[0]?.word ?? 'pass' };
}

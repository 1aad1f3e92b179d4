// Word knowledge the offline model plays from: an association table (data/games/associations.json) indexed by token,
// and the relatedness of a clue to a word. Pure functions over data; nothing here sees a player's hidden state.
import { hashString } from '../../rng.ts';
import { normalizeWord, saysWord, tokens } from '../../text.ts';
import { type Associations, defaultAssociations, loadTopics, type TopicCard } from './words.ts';

// Words that carry no meaning in a clue ("It's often used to make wine." -> wine).
const STOPWORDS = new Set(
  (
    'a an the it its it s is are was be been of in on at to for with and or but not no my your his her their our ' +
    'this that these those i you he she we they me us them clue clues word thing something very often used make ' +
    'made can could would should will just like about some any one also has have had do does from as by so if then ' +
    'than into out up down over more most less really quite kind sort lot lots get got'
  ).split(' '),
);

function stem(t: string): string {
  if (t.length > 4 && t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (t.length > 3 && t.endsWith('es') && /(s|x|z|ch|sh)es$/.test(t)) return t.slice(0, -2);
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss')) return t.slice(0, -1);
  return t;
}

/** Meaningful stemmed tokens of a text. */
export function contentTokens(text: string): string[] {
  return tokens(text)
    .filter((t) => !STOPWORDS.has(t))
    .map(stem);
}

/**
 * Whose associations: people share most associations but not all, so a listener knows only a seeded share
 * (`recall`) of the associations behind someone else's clue. Without a mind, all associations are known.
 */
export interface Mind {
  id: string;
  recall: number;
}

export class WordKnowledge {
  private readonly byWord = new Map<string, { word: string; clues: string[]; tokens: Set<string> }>();
  private readonly byTopic = new Map<string, { topic: string; clues: string[]; words: string[] }>();
  /** token -> vocabulary words whose associations contain it. */
  private readonly index = new Map<string, Set<string>>();

  /** Share of another player's associations a listener recognises (see Mind); 1 = all. */
  recall = 1;

  /** Mixed into every mind's id: another seed, other shares of associations known (a bench run's seed). */
  seed = '';

  /** The same knowledge, read by listeners with the given recall. */
  withRecall(recall: number): WordKnowledge {
    const copy = Object.create(WordKnowledge.prototype) as WordKnowledge;
    Object.assign(copy, this, { recall });
    return copy;
  }

  /** The same knowledge, each mind's share of associations drawn with `seed` too. */
  withSeed(seed: string): WordKnowledge {
    const copy = Object.create(WordKnowledge.prototype) as WordKnowledge;
    Object.assign(copy, this, { seed });
    return copy;
  }

  constructor(assoc: Associations, cards: readonly TopicCard[] = []) {
    for (const [word, clues] of Object.entries(assoc.words)) {
      const key = normalizeWord(word);
      const toks = new Set<string>([...contentTokens(word), ...clues.flatMap(contentTokens)]);
      this.byWord.set(key, { word, clues, tokens: toks });
      for (const t of toks) {
        const s = this.index.get(t) ?? new Set<string>();
        s.add(key);
        this.index.set(t, s);
      }
    }
    const topicClues = new Map(Object.entries(assoc.topics).map(([t, c]) => [normalizeWord(t), c]));
    for (const card of cards) {
      this.byTopic.set(normalizeWord(card.topic), {
        topic: card.topic,
        clues: topicClues.get(normalizeWord(card.topic)) ?? [],
        words: card.words,
      });
    }
    for (const [t, clues] of Object.entries(assoc.topics))
      if (!this.byTopic.has(normalizeWord(t))) this.byTopic.set(normalizeWord(t), { topic: t, clues, words: [] });
  }

  /**
   * Association clues for a word (empty when unknown). With a mind: only the seeded share this player knows, so a
   * speaker's clues and a listener's reading come from two different samples of the table, never one shared list.
   */
  cluesFor(word: string, mind?: Mind): string[] {
    const entry = this.byWord.get(normalizeWord(word));
    if (!entry) return [];
    return mind ? entry.clues.filter((c) => this.knowsClue(mind, entry.word, c)) : entry.clues;
  }

  /** Generic clues for a topic; with a mind, only the seeded share this player knows. */
  topicClues(topic: string, mind?: Mind): string[] {
    const entry = this.byTopic.get(normalizeWord(topic));
    if (!entry) return [];
    return mind ? entry.clues.filter((c) => this.knowsClue(mind, `topic:${entry.topic}`, c)) : entry.clues;
  }

  /** Does this mind know this association (a seeded draw per mind, word and clue, at rate `recall`)? */
  private knowsClue(mind: Mind, word: string, clue: string): boolean {
    return hashString(`${mind.id}|${word}|${clue}`) % 1000 < Math.round(mind.recall * 1000);
  }

  /** Candidate secret words for a topic, from the known topic cards. */
  topicWords(topic: string): string[] {
    return this.byTopic.get(normalizeWord(topic))?.words ?? [];
  }

  knows(word: string): boolean {
    return this.byWord.has(normalizeWord(word));
  }

  /**
   * How strongly a clue points at a word: the share of the clue's content tokens found in the word's associations
   * (or in the word itself), in [0, 1]. Unknown words fall back to token overlap with the word.
   */
  relatedness(clue: string, word: string, mind?: Mind): number {
    const ct = contentTokens(clue);
    if (ct.length === 0) return 0;
    const entry = this.byWord.get(normalizeWord(word));
    const wt = entry ? (mind ? this.knownTokens(entry, mind) : entry.tokens) : new Set(contentTokens(word));
    let hits = 0;
    for (const t of ct) if (wt.has(t)) hits++;
    return hits === 0 ? 0 : Math.min(1, 0.5 + hits / (2 * ct.length));
  }

  /** True when a clue says some vocabulary word outright. */
  namesAnyWord(clue: string): boolean {
    for (const t of contentTokens(clue)) {
      for (const key of [t, `${t}s`]) if (this.byWord.has(key)) return true;
    }
    // Multi-word vocabulary entries ("hot dog") are checked through the token index.
    for (const t of contentTokens(clue))
      for (const w of this.index.get(t) ?? []) if (saysWord(clue, this.byWord.get(w)?.word ?? '')) return true;
    return false;
  }

  /** How many vocabulary words a clue points at: a vague clue fits many words and gives little away. */
  vagueness(clue: string): number {
    const hit = new Set<string>();
    for (const t of contentTokens(clue)) for (const w of this.index.get(t) ?? []) hit.add(w);
    return hit.size;
  }

  /** The association tokens of a word that one mind knows: the word itself plus a seeded share of its clues. */
  private knownTokens(entry: { word: string; clues: string[] }, mind: Mind): Set<string> {
    const known = entry.clues.filter((c) => this.knowsClue(mind, entry.word, c));
    return new Set([...contentTokens(entry.word), ...known.flatMap(contentTokens)]);
  }

  /** Vocabulary words some clue token points at, with summed relatedness over the clues. */
  candidatesFor(clues: string[], exclude: string[] = [], mind?: Mind): { word: string; score: number }[] {
    const ex = new Set(exclude.map(normalizeWord));
    const hit = new Set<string>();
    for (const c of clues) for (const t of contentTokens(c)) for (const w of this.index.get(t) ?? []) hit.add(w);
    const out: { word: string; score: number }[] = [];
    for (const key of hit) {
      if (ex.has(key)) continue;
      const entry = this.byWord.get(key);
      if (!entry) continue;
      const score = clues.reduce((s, c) => s + this.relatedness(c, entry.word, mind), 0);
      if (score > 0) out.push({ word: entry.word, score });
    }
    return out.sort((a, b) => b.score - a.score || a.word.localeCompare(b.word));
  }
}

let cached: WordKnowledge | null = null;
/** Knowledge from the shipped association table and topic cards. */
export function defaultKnowledge(): WordKnowledge {
  cached ??= new WordKnowledge(defaultAssociations(), loadTopics());
  return cached;
}

/** Deterministic pick from a list, keyed by a context string (offline rules must be deterministic). */
export function pick<T>(items: readonly T[], key: string): T | undefined {
  if (items.length === 0) return undefined;
  return items[hashString(key) % items.length];
}

/** Items not already used as clues and not saying any forbidden word. */
export function freshClues(
  candidates: readonly string[],
  used: readonly string[],
  forbidden: readonly string[],
): string[] {
  const usedN = new Set(used.map(normalizeWord));
  return candidates.filter((c) => !usedN.has(normalizeWord(c)) && !forbidden.some((w) => saysWord(c, w)));
}

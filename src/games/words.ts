// Word data: our own Chameleon topic cards and Undercover pairs (data/games), validated at load, plus importers for
// MAgIC's released formats (Xu et al. 2024 repository: settings/<id>.json and the topic -> words list).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ChameleonSetup } from './chameleon.ts';
import { nextInt } from './rng.ts';
import { normalizeWord } from './text.ts';
import type { GameKind } from './types.ts';
import type { UndercoverSetup } from './undercover.ts';

export interface TopicCard {
  topic: string;
  words: string[];
}
export type WordPair = readonly [string, string];

export const DATA_DIR = fileURLToPath(new URL('../../data/games/', import.meta.url));
export const DEFAULT_TOPICS_FILE = join(DATA_DIR, 'chameleon-topics.json');
export const DEFAULT_PAIRS_FILE = join(DATA_DIR, 'undercover-pairs.json');
export const DEFAULT_ASSOCIATIONS_FILE = join(DATA_DIR, 'associations.json');

const word = z.string().trim().min(1).max(60);

const topicCard = z
  .object({ topic: word, words: z.array(word).min(2) })
  .refine((c) => new Set(c.words.map(normalizeWord)).size === c.words.length, { message: 'duplicate word in a topic' });

/** Our format: { version: 1, topics: [{ topic, words }] }. */
const ourTopicsFile = z.object({ version: z.literal(1), topics: z.array(topicCard).min(1) });
/** MAgIC's topic list (chatarena DEFAULT_TOPIC_CODES): { "Fruits": ["Apple", ...], ... }. */
const magicTopicsFile = z.record(word, z.array(word).min(2));

export const topicsFileSchema = z.union([ourTopicsFile, magicTopicsFile]);

const pair = z
  .tuple([word, word])
  .refine(([a, b]) => normalizeWord(a) !== normalizeWord(b), { message: 'a pair needs two different words' });
export const pairsFileSchema = z.union([
  z.object({ version: z.literal(1), pairs: z.array(pair).min(1) }),
  z.array(pair).min(1),
]);

/** Word associations the offline model plays from: topic -> generic clues, word -> related clues. */
export const associationsFileSchema = z.object({
  version: z.literal(1),
  topics: z.record(z.string(), z.array(z.string().min(1))),
  words: z.record(z.string(), z.array(z.string().min(1))),
});
export type Associations = z.infer<typeof associationsFileSchema>;

export class WordDataError extends Error {
  constructor(file: string, detail: string) {
    super(`word data ${file}: ${detail}`);
    this.name = 'WordDataError';
  }
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new WordDataError(file, `cannot read (${(e as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new WordDataError(file, `not JSON (${(e as Error).message})`);
  }
}

function parseWith<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const r = schema.safeParse(data);
  if (!r.success) throw new WordDataError(file, z.prettifyError(r.error));
  return r.data;
}

/** Topic cards from our file format or MAgIC's topic list. */
export function parseTopics(data: unknown, file = '<data>'): TopicCard[] {
  const parsed = parseWith(topicsFileSchema, data, file);
  if ('version' in parsed && Array.isArray((parsed as { topics?: unknown }).topics))
    return (parsed as z.infer<typeof ourTopicsFile>).topics;
  const record = parsed as Record<string, string[]>;
  const cards = Object.entries(record).map(([topic, words]) => ({ topic, words }));
  for (const c of cards)
    if (new Set(c.words.map(normalizeWord)).size !== c.words.length)
      throw new WordDataError(file, `duplicate word in topic ${c.topic}`);
  return cards;
}

export function parsePairs(data: unknown, file = '<data>'): WordPair[] {
  const parsed = parseWith(pairsFileSchema, data, file);
  return Array.isArray(parsed) ? parsed : parsed.pairs;
}

export function loadTopics(file: string = DEFAULT_TOPICS_FILE): TopicCard[] {
  return parseTopics(readJson(file), file);
}

export function loadPairs(file: string = DEFAULT_PAIRS_FILE): WordPair[] {
  return parsePairs(readJson(file), file);
}

export function loadAssociations(file: string = DEFAULT_ASSOCIATIONS_FILE): Associations {
  return parseWith(associationsFileSchema, readJson(file), file);
}

let cachedAssociations: Associations | null = null;
/** The shipped association table, read once. */
export function defaultAssociations(): Associations {
  cachedAssociations ??= loadAssociations();
  return cachedAssociations;
}

// ---- Dealing ------------------------------------------------------------------------------------------------

/** Draws a topic card and a secret word from it with the PRNG. */
export function dealChameleon(cards: readonly TopicCard[], rng: number): { setup: ChameleonSetup; rng: number } {
  const [ci, r1] = nextInt(rng, cards.length);
  const card = cards[ci] as TopicCard;
  const [wi, r2] = nextInt(r1, card.words.length);
  return { setup: { topic: card.topic, secret: card.words[wi] as string }, rng: r2 };
}

/** Draws a pair and which side is the undercover's word with the PRNG. */
export function dealUndercover(pairs: readonly WordPair[], rng: number): { setup: UndercoverSetup; rng: number } {
  const [pi, r1] = nextInt(rng, pairs.length);
  const [a, b] = pairs[pi] as WordPair;
  const [flip, r2] = nextInt(r1, 2);
  return {
    setup: flip === 0 ? { civilianWord: a, undercoverWord: b } : { civilianWord: b, undercoverWord: a },
    rng: r2,
  };
}

// ---- MAgIC settings files -----------------------------------------------------------------------------------

export const magicChameleonSettingSchema = z.object({
  game_setting: z.object({ topic: word, code: word, chameleon_name: z.string().min(1) }),
  clue: z.record(z.string(), z.string()).optional(),
});
export const magicUndercoverSettingSchema = z.object({
  game_setting: z.object({
    undercover_code: word,
    non_undercover_code: word,
    undercover_name: z.string().min(1),
  }),
  clues: z.record(z.string(), z.array(z.string())).optional(),
});

/** A fixed case to replay: the deal, and optionally the pre-set clues per seat (MAgIC injects them). */
export type FixedCase =
  | { kind: 'chameleon'; id: string; setup: ChameleonSetup; clues: string[][] | null }
  | { kind: 'undercover'; id: string; setup: UndercoverSetup; clues: string[][] | null };

/** "Player 3" -> seat 2. */
export function seatFromPlayerName(name: string): number {
  const m = /(\d+)\s*$/.exec(name.trim());
  if (!m) throw new WordDataError(name, 'player name must end in a number, like "Player 1"');
  return Number(m[1]) - 1;
}

function cluesBySeat(byName: Record<string, string[]>): string[][] {
  const out: string[][] = [];
  for (const [name, clues] of Object.entries(byName)) out[seatFromPlayerName(name)] = clues;
  return Array.from(out, (c) => c ?? []);
}

export function parseMagicSetting(kind: GameKind, data: unknown, id = '<data>'): FixedCase {
  if (kind === 'chameleon') {
    const s = parseWith(magicChameleonSettingSchema, data, id);
    const g = s.game_setting;
    const clues = s.clue ? cluesBySeat(Object.fromEntries(Object.entries(s.clue).map(([k, v]) => [k, [v]]))) : null;
    return {
      kind,
      id,
      setup: { topic: g.topic, secret: g.code, chameleonSeat: seatFromPlayerName(g.chameleon_name) },
      clues,
    };
  }
  const s = parseWith(magicUndercoverSettingSchema, data, id);
  const g = s.game_setting;
  return {
    kind,
    id,
    setup: {
      civilianWord: g.non_undercover_code,
      undercoverWord: g.undercover_code,
      undercoverSeats: [seatFromPlayerName(g.undercover_name)],
    },
    clues: s.clues ? cluesBySeat(s.clues) : null,
  };
}

/**
 * Reads MAgIC settings for `kind` from a directory: DIR/topics_release/<kind>/settings, DIR/<kind>/settings,
 * DIR/<kind> or DIR itself; files that do not match the game's schema are skipped. Sorted by numeric id.
 */
export function loadMagicSettings(dir: string, kind: GameKind): FixedCase[] {
  const candidates = [join(dir, 'topics_release', kind, 'settings'), join(dir, kind, 'settings'), join(dir, kind), dir];
  for (const d of candidates) {
    if (!isDir(d)) continue;
    const files = readdirSync(d)
      .filter((f) => f.endsWith('.json'))
      .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b));
    const cases: FixedCase[] = [];
    for (const f of files) {
      try {
        cases.push(parseMagicSetting(kind, readJson(join(d, f)), join(d, f)));
      } catch (e) {
        if (!(e instanceof WordDataError)) throw e;
      }
    }
    if (cases.length > 0) return cases;
  }
  return [];
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

// Word data: our own Chameleon topic cards and Undercover pairs (data/games), validated at load, plus importers for
// MAgIC's released formats (Xu et al. 2024 repository: settings/<id>.json and the topic -> words list).

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LOBBY_SETTINGS } from '../../lobby.ts';
import { nextInt } from '../../rng.ts';
import { normalizeWord } from '../../text.ts';
import type { ChameleonSetup } from '../chameleon/rules.ts';
import { findUnknownKey, type KeyTree, MAGIC_SETTING_KEYS, unknownKeyMessage } from '../setting-keys.ts';
import { readSettingsJson } from '../settings-file.ts';
import type { UndercoverSetup } from '../undercover/rules.ts';
import type { GameKind } from './kinds.ts';

export interface TopicCard {
  topic: string;
  words: string[];
}
export type WordPair = readonly [string, string];

export const DATA_DIR = fileURLToPath(new URL('../../../../data/games/', import.meta.url));
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
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`word data ${file}: ${detail}`);
    this.name = 'WordDataError';
  }
}

function readJson(file: string): unknown {
  const r = readSettingsJson(file);
  if ('error' in r) throw new WordDataError(file, r.error);
  return r.data;
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

// A scripted clue longer than a person may type would be refused at the table and replaced by a model clue; refuse it here.
const clueText = z
  .string()
  .trim()
  .min(1, 'a clue must not be empty')
  .max(LOBBY_SETTINGS.maxClueLength, `a clue is at most ${LOBBY_SETTINGS.maxClueLength} characters`);
const nonEmpty = <T extends z.ZodType>(r: T) =>
  r.refine((v) => Object.keys(v as object).length > 0, { message: 'must name at least one player' });

export const magicChameleonSettingSchema = z.object({
  game_setting: z
    .object({ topic: word, code: word, chameleon_name: z.string().min(1) })
    // A topic that is its own secret word gives the word away to the chameleon.
    .refine((g) => normalizeWord(g.topic) !== normalizeWord(g.code), {
      message: 'topic and code are the same word (ignoring case); the topic would give the secret word away',
      path: ['code'],
    }),
  clue: nonEmpty(z.record(z.string(), clueText)).optional(),
});
export const magicUndercoverSettingSchema = z.object({
  game_setting: z
    .object({
      undercover_code: word,
      non_undercover_code: word,
      undercover_name: z.string().min(1),
    })
    // The same word on both sides (ignoring case and spacing) is no Undercover game: nobody is odd.
    .refine((g) => normalizeWord(g.undercover_code) !== normalizeWord(g.non_undercover_code), {
      message:
        'undercover_code and non_undercover_code are the same word (ignoring case); the undercover needs another word',
      path: ['undercover_code'],
    }),
  clues: nonEmpty(z.record(z.string(), z.array(clueText).min(1, 'a clue list must not be empty'))).optional(),
});

/** A fixed case to replay: the deal, and optionally the pre-set clues per seat (MAgIC injects them). */
export type FixedCase =
  | { kind: 'chameleon'; id: string; setup: ChameleonSetup; clues: string[][] | null }
  | { kind: 'undercover'; id: string; setup: UndercoverSetup; clues: string[][] | null };

/** "Player 3" -> seat 2; `field` names where the name came from, for the error. */
export function seatFromPlayerName(name: string, field = 'player name', players?: number, file = name): number {
  const m = /^\s*Player\s+(\d+)\s*$/i.exec(name);
  if (!m) throw new WordDataError(file, `${field}: "${name}" is not a player name like "Player 1"`);
  const seat = Number(m[1]) - 1;
  if (seat < 0 || (players !== undefined && seat >= players))
    throw new WordDataError(
      file,
      `${field}: "${name}" is not one of the ${players ?? '?'} players (Player 1..${players ?? '?'})`,
    );
  return seat;
}

function cluesBySeat(byName: Record<string, string[]>, field: string, players: number, file: string): string[][] {
  const out: string[][] = [];
  for (const [name, clues] of Object.entries(byName))
    out[seatFromPlayerName(name, `${field}."${name}"`, players, file)] = clues;
  return Array.from(out, (c) => c ?? []);
}

/** One MAgIC setting; `players` is the table size, so a setting naming "Player 9" in a 3-player game is refused. */
export function parseMagicSetting(kind: GameKind, data: unknown, id = '<data>', players = 3): FixedCase {
  const unknown = findUnknownKey(data, MAGIC_SETTING_KEYS[kind] as KeyTree);
  if (unknown) throw new WordDataError(id, unknownKeyMessage(unknown));
  if (kind === 'chameleon') {
    const s = parseWith(magicChameleonSettingSchema, data, id);
    const g = s.game_setting;
    const clues = s.clue
      ? cluesBySeat(Object.fromEntries(Object.entries(s.clue).map(([k, v]) => [k, [v]])), 'clue', players, id)
      : null;
    return {
      kind,
      id,
      setup: {
        topic: g.topic,
        secret: g.code,
        chameleonSeat: seatFromPlayerName(g.chameleon_name, 'game_setting.chameleon_name', players, id),
      },
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
      undercoverSeats: [seatFromPlayerName(g.undercover_name, 'game_setting.undercover_name', players, id)],
    },
    clues: s.clues ? cluesBySeat(s.clues, 'clues', players, id) : null,
  };
}

/** MAgIC's folder name for a scenario's settings (topics_release/<name>/settings). */
export const MAGIC_SETTINGS_FOLDER: Record<string, string> = {
  chameleon: 'chameleon',
  undercover: 'undercover',
  'cost-sharing': 'airportfee',
  'prisoners-dilemma': 'prisoner',
  'public-good': 'public_good',
};

/**
 * The settings files for a scenario: DIR/topics_release/<folder>/settings, DIR/<folder>/settings, DIR/<folder> or
 * DIR itself, the first that holds .json files; sorted by numeric id. Throws when none is found.
 */
export function magicSettingFiles(dir: string, scenario: string): string[] {
  return settingsFolder(dir, scenario).files;
}

/**
 * The folder magicSettingFiles reads (the first candidate holding .json files), its settings files, and the entries
 * beside them it skips (not `.json`), so a caller can list what was not read instead of dropping it silently.
 */
export function settingsFolder(dir: string, scenario: string): { dir: string; files: string[]; skipped: string[] } {
  const folder = MAGIC_SETTINGS_FOLDER[scenario] ?? scenario;
  const candidates = [
    join(dir, 'topics_release', folder, 'settings'),
    join(dir, folder, 'settings'),
    join(dir, folder),
    dir,
  ];
  // DIR itself only when it is a settings folder, not a MAgIC root whose folder for this scenario is missing (there a
  // root file such as topic_codes.json would be read as a setting and blamed for the wrong thing).
  const root = isDir(join(dir, 'topics_release'));
  for (const d of candidates) {
    if (!isDir(d)) continue;
    if (d === dir && root) continue;
    const all = readdirSync(d);
    const files = all
      .filter((f) => f.endsWith('.json'))
      .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b));
    if (files.length > 0)
      return { dir: d, files: files.map((f) => join(d, f)), skipped: all.filter((f) => !f.endsWith('.json')).sort() };
  }
  throw new WordDataError(
    root ? join(dir, 'topics_release', folder, 'settings') : dir,
    root
      ? `the ${folder} settings folder is missing (or holds no *.json) under this MAgIC root`
      : `no ${folder} settings (*.json) in it or under topics_release/${folder}/settings`,
  );
}

/** Reads every MAgIC setting for `kind`; a file that is not valid is an error naming the file and field (never skipped). */
export function loadMagicSettings(dir: string, kind: GameKind, players = 3): FixedCase[] {
  return magicSettingFiles(dir, kind).map((f) => parseMagicSetting(kind, readJson(f), f, players));
}

/** Reads and parses one JSON file, errors naming the file (for the game-theory settings too). */
export function readSettingJson(file: string): unknown {
  return readJson(file);
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

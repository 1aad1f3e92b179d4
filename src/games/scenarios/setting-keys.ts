// Strict settings: every key of a MAgIC-format settings file must be one the format knows. A misspelt key
// (`game_rounds` for `game_round`) would otherwise be dropped and the default played without a word, so the first
// unknown key is refused with its path and the nearest known key.

/** A format's keys: a nested object of known keys; `'players'` marks a map keyed by "Player N" (checked elsewhere). */
export type KeyTree = { readonly [key: string]: KeyTree | 'value' | 'players' };

/** MAgIC's released settings formats (cathyxl/MAgIC topics_release/<dir>/settings/<n>.json), by scenario. */
export const MAGIC_SETTING_KEYS: Record<string, KeyTree> = {
  chameleon: {
    game_setting: { topic: 'value', code: 'value', chameleon_name: 'value' },
    clue: 'players',
  },
  undercover: {
    game_setting: { undercover_code: 'value', non_undercover_code: 'value', undercover_name: 'value' },
    clues: 'players',
  },
  'cost-sharing': { test_player_name: 'value', topic: 'value', proposal: 'players' },
  'prisoners-dilemma': {
    test_player_name: 'value',
    topic_values: { cooperate: 'value', defect: 'value', one_defect: 'value', two_defect: 'value' },
  },
  'public-good': { test_player_name: 'value', game_round: 'value', multiplier: 'value' },
};

/** Our own variant files (data/games/game-theory/<scenario>.json): `{ version, scenario, variants: [...] }`. */
export const VARIANT_FILE_KEYS: Record<string, KeyTree> = {
  'cost-sharing': {
    version: 'value',
    scenario: 'value',
    variants: { id: 'value', note: 'value', brief: 'value', rounds: 'value' },
  },
  'prisoners-dilemma': {
    version: 'value',
    scenario: 'value',
    variants: {
      id: 'value',
      note: 'value',
      rounds: 'value',
      payoffs: { cooperate: 'value', defect: 'value', one_defect: 'value', two_defect: 'value' },
    },
  },
  'public-good': {
    version: 'value',
    scenario: 'value',
    variants: { id: 'value', note: 'value', multiplier: 'value', rounds: 'value' },
  },
};

export interface UnknownKey {
  /** Dotted path of the unknown key ("topic_values.one_defects"). */
  path: string;
  key: string;
  /** The closest known key at that level, or null when none is close. */
  nearest: string | null;
}

/** Levenshtein distance (small keys only). */
function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      prev[j] = Math.min(up + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] as number;
}

/** The known key closest to `key` (case-insensitive edit distance), if within half its length. */
export function nearestKey(key: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const k of known) {
    const d = distance(key.toLowerCase(), k.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best !== null && bestD <= Math.max(2, Math.ceil(key.length / 2)) ? best : null;
}

/** The first key of `data` the format does not know (walking nested objects), or null. */
export function findUnknownKey(data: unknown, tree: KeyTree, prefix = ''): UnknownKey | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const known = Object.keys(tree);
  for (const [key, value] of Object.entries(data)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const sub = tree[key];
    if (sub === undefined) return { path, key, nearest: nearestKey(key, known) };
    if (typeof sub !== 'object') continue;
    // A list of objects of one shape (our variant files' `variants`): each element against the same keys.
    const items: [string, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [`${path}.${i}`, v])
      : [[path, value]];
    for (const [p, v] of items) {
      const inner = findUnknownKey(v, sub, p);
      if (inner) return inner;
    }
  }
  return null;
}

/** The refusal sentence: the key, where, and the nearest known key. */
export function unknownKeyMessage(u: UnknownKey): string {
  return `unknown key "${u.path}"${u.nearest ? ` (did you mean "${u.nearest}"?)` : ''}; the format has no such key, so it would be ignored`;
}

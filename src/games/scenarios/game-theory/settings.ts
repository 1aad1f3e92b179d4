// Settings for the three scenarios: MAgIC's released format (`topics_release/<dir>/settings/<n>.json`, Xu et al.
// 2024) and our own variant sets (data/games/game-theory/<scenario>.json: 7 variants, each played with the challenger
// in each of the 3 seats = 21 settings, as the paper builds them). Validated with zod; anything wrong is one
// GtSettingsError naming the file and the field, never skipped.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PLAIN_ISSUES_AFTER_PATH } from '../../../core/validation-text.ts';
import { CS_SETTINGS, checkShares } from '../cost-sharing/rules.ts';
import { PD_SETTINGS, type PdPayoffs } from '../prisoners-dilemma/rules.ts';
import { PG_SETTINGS } from '../public-good/rules.ts';
import {
  findUnknownKey,
  type KeyTree,
  MAGIC_SETTING_KEYS,
  unknownKeyMessage,
  VARIANT_FILE_KEYS,
} from '../setting-keys.ts';
import { readSettingsJson } from '../settings-file.ts';
import { settingsFolder, WordDataError } from '../social-deduction/words.ts';
import { GT_SEATS, type GtScenario, type Shares } from './types.ts';

export const GT_DATA_DIR = fileURLToPath(new URL('../../../../data/games/game-theory/', import.meta.url));

/** MAgIC's directory name per scenario under `topics_release/`. */
export const MAGIC_DIRS: Record<GtScenario, string> = {
  'cost-sharing': 'airportfee',
  'prisoners-dilemma': 'prisoner',
  'public-good': 'public_good',
};

interface SettingBase {
  /** Where it came from: `<file>` or `<variant>/seat<k>`. */
  id: string;
  /** 0-based seat the challenger plays (MAgIC's `test_player_name`). */
  challengerSeat: number;
  rounds: number;
}
export interface CsSetting extends SettingBase {
  scenario: 'cost-sharing';
  brief: string;
  /** Preset opening proposals per seat (MAgIC injects them for defender seats in round 1), or null. */
  opening: (Shares | null)[] | null;
}
export interface PdSetting extends SettingBase {
  scenario: 'prisoners-dilemma';
  payoffs: PdPayoffs;
}
export interface PgSetting extends SettingBase {
  scenario: 'public-good';
  multiplier: number;
}
export type GtSetting = CsSetting | PdSetting | PgSetting;

export class GtSettingsError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    detail: string,
  ) {
    super(`settings ${file}: ${field ? `field "${field}": ` : ''}${detail}`);
    this.name = 'GtSettingsError';
  }
}

// ---- MAgIC's format -----------------------------------------------------------------------------------------

const playerName = z.string().regex(/^Player [1-9]\d*$/, 'must be "Player N"');

const magicSchemas = {
  'cost-sharing': z.object({
    test_player_name: playerName,
    // The brief every airline reads: the fee and each airline's usage. One word is no brief (MAgIC's runs ~100 words).
    topic: z
      .string()
      .trim()
      .refine((t) => t.split(/\s+/).filter(Boolean).length >= CS_SETTINGS.minBriefWords, {
        message: `is the brief (the fee and each airline's usage); at least ${CS_SETTINGS.minBriefWords} words, not one`,
      }),
    proposal: z.record(playerName, z.array(z.number())).optional(),
  }),
  'prisoners-dilemma': z.object({
    test_player_name: playerName,
    topic_values: z.object({
      cooperate: z.number(),
      defect: z.number(),
      one_defect: z.number(),
      two_defect: z.number(),
    }),
  }),
  'public-good': z.object({
    test_player_name: playerName,
    game_round: z.number().int().min(1).max(PG_SETTINGS.maxRounds).optional(),
    multiplier: z.number().positive(),
  }),
} as const;

/** "Player N" -> 0-based seat, or an error naming `field`. */
function seatOfName(name: string, file: string, field: string): number {
  const n = Number(name.slice('Player '.length));
  if (n < 1 || n > GT_SEATS)
    throw new GtSettingsError(file, field, `"${name}" does not exist (players are Player 1 to Player ${GT_SEATS})`);
  return n - 1;
}

function parse<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const r = schema.safeParse(data, PLAIN_ISSUES_AFTER_PATH);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue ? issue.path.map(String).join('.') : '';
  throw new GtSettingsError(file, field, issue?.message ?? 'invalid');
}

/** One MAgIC settings object (already read from `file`). */
export function parseMagicSetting(scenario: GtScenario, data: unknown, file: string): GtSetting {
  const id = file;
  const unknown = findUnknownKey(data, MAGIC_SETTING_KEYS[scenario] as KeyTree);
  if (unknown) throw new GtSettingsError(file, unknown.path, unknownKeyMessage(unknown));
  switch (scenario) {
    case 'cost-sharing': {
      const d = parse(magicSchemas['cost-sharing'], data, file);
      const challengerSeat = seatOfName(d.test_player_name, file, 'test_player_name');
      let opening: (Shares | null)[] | null = null;
      if (d.proposal) {
        opening = Array.from({ length: GT_SEATS }, () => null);
        for (const [name, shares] of Object.entries(d.proposal)) {
          const field = `proposal.${name}`;
          const why = checkShares(shares, GT_SEATS);
          if (why) throw new GtSettingsError(file, field, why);
          opening[seatOfName(name, file, field)] = shares;
        }
      }
      return { scenario, id, challengerSeat, rounds: CS_SETTINGS.rounds, brief: d.topic.trim(), opening };
    }
    case 'prisoners-dilemma': {
      const d = parse(magicSchemas['prisoners-dilemma'], data, file);
      const challengerSeat = seatOfName(d.test_player_name, file, 'test_player_name');
      return { scenario, id, challengerSeat, rounds: PD_SETTINGS.rounds, payoffs: { ...d.topic_values } };
    }
    case 'public-good': {
      const d = parse(magicSchemas['public-good'], data, file);
      const challengerSeat = seatOfName(d.test_player_name, file, 'test_player_name');
      return { scenario, id, challengerSeat, rounds: d.game_round ?? PG_SETTINGS.rounds, multiplier: d.multiplier };
    }
  }
}

function readJson(file: string): unknown {
  const r = readSettingsJson(file);
  if ('error' in r) throw new GtSettingsError(file, '', r.error);
  return r.data;
}

/**
 * Every `*.json` settings file of `scenario` under `dir` (a `topics_release` root, its parent, or the settings folder
 * itself; the folder rule is words.ts's `settingsFolder`, shared with the social games), in numeric order. A bad file
 * throws; none is skipped. Entries beside them that are not `.json` are returned in `skipped`, never dropped silently.
 */
export function loadMagicSettingsReport(
  scenario: GtScenario,
  dir: string,
): { settings: GtSetting[]; skipped: string[] } {
  let folder: ReturnType<typeof settingsFolder>;
  try {
    folder = settingsFolder(dir, scenario);
  } catch (e) {
    // The folder rule's own message names the missing folder.
    if (e instanceof WordDataError) throw new GtSettingsError(e.file, '', e.detail);
    throw e;
  }
  return {
    settings: folder.files.map((f) => parseMagicSetting(scenario, readJson(f), f)),
    skipped: folder.skipped.map((f) => join(folder.dir, f)),
  };
}

/** The settings only (see loadMagicSettingsReport for the skipped entries). */
export function loadMagicSettings(scenario: GtScenario, dir: string): GtSetting[] {
  return loadMagicSettingsReport(scenario, dir).settings;
}

// ---- Our variant sets ---------------------------------------------------------------------------------------

const variantBase = { id: z.string().regex(/^[a-z0-9-]+$/), note: z.string().min(1) };

const variantSchemas = {
  'cost-sharing': z.object({
    ...variantBase,
    brief: z.string().min(1),
    rounds: z.number().int().min(1).max(CS_SETTINGS.maxRounds).optional(),
  }),
  'prisoners-dilemma': z.object({
    ...variantBase,
    payoffs: z.object({ cooperate: z.number(), defect: z.number(), one_defect: z.number(), two_defect: z.number() }),
    rounds: z.number().int().min(1).max(PD_SETTINGS.maxRounds).optional(),
  }),
  'public-good': z.object({
    ...variantBase,
    multiplier: z.number().positive(),
    rounds: z.number().int().min(1).max(PG_SETTINGS.maxRounds).optional(),
  }),
} as const;

/** Our variant file: `{ version: 1, scenario, variants: [...] }`, expanded to one setting per variant and seat. */
export function parseVariants(scenario: GtScenario, data: unknown, file: string): GtSetting[] {
  const schema = z.object({
    version: z.literal(1),
    scenario: z.literal(scenario),
    variants: z.array(variantSchemas[scenario] as z.ZodType<Record<string, unknown>>).min(1),
  });
  const unknown = findUnknownKey(data, VARIANT_FILE_KEYS[scenario] as KeyTree);
  if (unknown) throw new GtSettingsError(file, unknown.path, unknownKeyMessage(unknown));
  const d = parse(schema, data, file);
  const seen = new Set<string>();
  const out: GtSetting[] = [];
  for (const [i, v] of d.variants.entries()) {
    const vid = v.id as string;
    if (seen.has(vid)) throw new GtSettingsError(file, `variants.${i}.id`, `duplicate variant id "${vid}"`);
    seen.add(vid);
    for (let seat = 0; seat < GT_SEATS; seat++) {
      const id = `${vid}/seat${seat + 1}`;
      if (scenario === 'cost-sharing')
        out.push({
          scenario,
          id,
          challengerSeat: seat,
          rounds: (v.rounds as number | undefined) ?? CS_SETTINGS.rounds,
          brief: v.brief as string,
          opening: null,
        });
      else if (scenario === 'prisoners-dilemma')
        out.push({
          scenario,
          id,
          challengerSeat: seat,
          rounds: (v.rounds as number | undefined) ?? PD_SETTINGS.rounds,
          payoffs: { ...(v.payoffs as PdPayoffs) },
        });
      else
        out.push({
          scenario,
          id,
          challengerSeat: seat,
          rounds: (v.rounds as number | undefined) ?? PG_SETTINGS.rounds,
          multiplier: v.multiplier as number,
        });
    }
  }
  return out;
}

/** Our 21 settings for `scenario` (from `file`, default data/games/game-theory/<scenario>.json). */
export function loadVariants(scenario: GtScenario, file = join(GT_DATA_DIR, `${scenario}.json`)): GtSetting[] {
  return parseVariants(scenario, readJson(file), file);
}

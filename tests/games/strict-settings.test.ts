// Strict MAgIC-format settings: a misspelt or unknown key, an undercover pair that is one word, an empty clue list
// are refused with the file, the key and the nearest known key; files the loader does not read are listed.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsDigest } from '../../src/games/bench/scenarios.ts';
import {
  GtSettingsError,
  parseMagicSetting as parseGt,
  parseVariants,
} from '../../src/games/scenarios/game-theory/settings.ts';
import { nearestKey } from '../../src/games/scenarios/setting-keys.ts';
import { parseMagicSetting, WordDataError } from '../../src/games/scenarios/social-deduction/words.ts';

const undercover = (g: Record<string, unknown>, clues?: unknown) => ({
  game_setting: { undercover_code: 'sea', non_undercover_code: 'ocean', undercover_name: 'Player 1', ...g },
  ...(clues !== undefined ? { clues } : {}),
});

function refusal(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('accepted');
}

describe('strict MAgIC settings', () => {
  it('a misspelt key is refused with the file, the key and the nearest known key (never the default played)', () => {
    const e = refusal(() =>
      parseGt('public-good', { test_player_name: 'Player 1', game_rounds: 2, multiplier: 2 }, 'pg/0.json'),
    );
    expect(e).toBeInstanceOf(GtSettingsError);
    expect(e.message).toBe(
      'settings pg/0.json: field "game_rounds": unknown key "game_rounds" (did you mean "game_round"?); the format has no such key, so it would be ignored',
    );
    const nested = refusal(() =>
      parseGt(
        'prisoners-dilemma',
        {
          test_player_name: 'Player 2',
          topic_values: { cooperate: 2, defect: 1, one_defects: 4, two_defect: 2 },
        },
        'pd/0.json',
      ),
    );
    expect(nested.message).toContain('unknown key "topic_values.one_defects" (did you mean "one_defect"?)');
    // Another scenario's key in the wrong file: named, with this format's nearest key.
    const social = refusal(() =>
      parseMagicSetting(
        'chameleon',
        { game_setting: { topic: 'Fruits', code: 'Grape', chameleon_name: 'Player 3' }, clues: {} },
        'ch/0.json',
      ),
    );
    expect(social).toBeInstanceOf(WordDataError);
    expect(social.message).toContain('word data ch/0.json: unknown key "clues" (did you mean "clue"?)');
    // A key far from every known one is still refused, without a made-up suggestion.
    expect(nearestKey('colour', ['test_player_name', 'topic', 'proposal'])).toBeNull();
  });

  it('our own variant files are strict too: a misspelt key inside a variant is named with its index', () => {
    const e = refusal(() =>
      parseVariants(
        'public-good',
        { version: 1, scenario: 'public-good', variants: [{ id: 'a', note: 'n', multiplier: 2, round: 3 }] },
        'pg.json',
      ),
    );
    expect(e.message).toContain('unknown key "variants.0.round" (did you mean "rounds"?)');
  });

  it('undercover words equal ignoring case are refused; different words pass', () => {
    const e = refusal(() =>
      parseMagicSetting('undercover', undercover({ undercover_code: 'Fog', non_undercover_code: 'fog' }), 'u/0.json'),
    );
    expect(e.message).toMatch(/u\/0\.json[\s\S]*same word \(ignoring case\)/);
    expect(parseMagicSetting('undercover', undercover({}), 'u/1.json').kind).toBe('undercover');
  });

  it('empty clue lists, empty clues and an empty clue map are refused', () => {
    for (const clues of [{ 'Player 1': [] }, { 'Player 1': ['  '] }, {}])
      expect(() => parseMagicSetting('undercover', undercover({}, clues), 'u/0.json')).toThrow(WordDataError);
    expect(() =>
      parseMagicSetting(
        'chameleon',
        { game_setting: { topic: 'Fruits', code: 'Grape', chameleon_name: 'Player 3' }, clue: { 'Player 1': '' } },
        'ch/0.json',
      ),
    ).toThrow(/empty/);
  });

  it('files beside the settings that are not read are listed, and the settings hash changes with any byte', () => {
    const root = mkdtempSync(join(tmpdir(), 'strict-settings-'));
    const dir = join(root, 'topics_release', 'public_good', 'settings');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '0.json'), JSON.stringify({ test_player_name: 'Player 1', multiplier: 2 }));
    writeFileSync(join(dir, '1.json.bak'), '{}');
    writeFileSync(join(dir, 'notes.txt'), 'x');
    const a = settingsDigest(['public-good'], root);
    expect(a.files).toBe(1);
    expect(a.skipped).toEqual([join(dir, '1.json.bak'), join(dir, 'notes.txt')]);
    writeFileSync(join(dir, '0.json'), JSON.stringify({ test_player_name: 'Player 1', multiplier: 3 }));
    expect(settingsDigest(['public-good'], root).sha256).not.toBe(a.sha256);
  });
});

// Settings files are checked whole before a game starts: size, UTF-8, then each field; every refusal names the file
// and the field. GIVEN a bad file, WHEN it is loaded, THEN nothing is played and the message says what to fix.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type GtSettingsError,
  loadMagicSettings as loadGt,
  loadVariants,
} from '../../src/games/scenarios/game-theory/settings.ts';
import { SETTINGS_FILE_LIMITS } from '../../src/games/scenarios/settings-file.ts';
import { loadMagicSettings, WordDataError } from '../../src/games/scenarios/social-deduction/words.ts';

function root(): string {
  return mkdtempSync(join(tmpdir(), 'settings-checks-'));
}

function settingsDir(r: string, folder: string): string {
  const d = join(r, 'topics_release', folder, 'settings');
  mkdirSync(d, { recursive: true });
  return d;
}

function refusal(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a refusal');
}

const chameleon = (game_setting: object, clue?: object) => JSON.stringify({ game_setting, ...(clue ? { clue } : {}) });

describe('settings checked whole', () => {
  it('refuses a file over the size limit before reading it', () => {
    const r = root();
    const d = settingsDir(r, 'chameleon');
    writeFileSync(join(d, '0.json'), ' '.repeat(SETTINGS_FILE_LIMITS.maxBytes + 1));
    const e = refusal(() => loadMagicSettings(r, 'chameleon'));
    expect(e).toBeInstanceOf(WordDataError);
    expect(e.message).toBe(
      `word data ${join(d, '0.json')}: ${SETTINGS_FILE_LIMITS.maxBytes + 1} bytes is too large for a settings file (at most ${SETTINGS_FILE_LIMITS.maxBytes})`,
    );
  });

  it('refuses bytes that are not UTF-8 instead of turning a word into "list\uFFFDner"', () => {
    const r = root();
    const d = settingsDir(r, 'undercover');
    const good = '{"game_setting":{"undercover_code":"viewer","non_undercover_code":"list';
    writeFileSync(
      join(d, '0.json'),
      Buffer.concat([Buffer.from(good), Buffer.from([0xe9]), Buffer.from('ner","undercover_name":"Player 1"}}')]),
    );
    const e = refusal(() => loadMagicSettings(r, 'undercover'));
    expect(e.message).toBe(`word data ${join(d, '0.json')}: not UTF-8 text (at byte ${good.length}); save it as UTF-8`);
  });

  it('refuses a Chameleon topic equal to its secret word, naming the field', () => {
    const r = root();
    const d = settingsDir(r, 'chameleon');
    writeFileSync(join(d, '0.json'), chameleon({ topic: 'Grape', code: 'grape', chameleon_name: 'Player 3' }));
    const e = refusal(() => loadMagicSettings(r, 'chameleon'));
    expect(e.message).toContain(join(d, '0.json'));
    expect(e.message).toContain('topic and code are the same word');
    expect(e.message).toContain('game_setting.code');
  });

  it('refuses an over-long scripted clue instead of replacing it by a model clue at the table', () => {
    const r = root();
    const d = settingsDir(r, 'chameleon');
    writeFileSync(
      join(d, '0.json'),
      chameleon({ topic: 'Fruits', code: 'Grape', chameleon_name: 'Player 3' }, { 'Player 1': 'very '.repeat(40) }),
    );
    const e = refusal(() => loadMagicSettings(r, 'chameleon'));
    expect(e.message).toContain('a clue is at most 150 characters');
    expect(e.message).toContain('→ at clue["Player 1"]');
  });

  it("refuses a one-word Cost Sharing topic (it is every airline's brief), naming file and field", () => {
    const r = root();
    const d = settingsDir(r, 'airportfee');
    writeFileSync(join(d, '0.json'), JSON.stringify({ test_player_name: 'Player 1', topic: 'airport' }));
    const e = refusal(() => loadGt('cost-sharing', r)) as GtSettingsError;
    expect(e.file).toBe(join(d, '0.json'));
    expect(e.field).toBe('topic');
    expect(e.message).toContain('at least 8 words, not one');
  });

  it('a MAgIC root without the scenario folder names the missing folder, not a root file', () => {
    const r = root();
    settingsDir(r, 'chameleon');
    writeFileSync(join(r, 'topic_codes.json'), '{"Fruits":["Grape"]}');
    const e = refusal(() => loadMagicSettings(r, 'undercover'));
    expect(e.message).toBe(
      `word data ${join(r, 'topics_release', 'undercover', 'settings')}: the undercover settings folder is missing (or holds no *.json) under this MAgIC root`,
    );
    const g = refusal(() => loadGt('public-good', r)) as GtSettingsError;
    expect(g.file).toBe(join(r, 'topics_release', 'public_good', 'settings'));
    expect(g.message).not.toContain('topic_codes');
  });

  it('a variant file naming a scenario that is not this one (or not registered) is refused with file and field', () => {
    const r = root();
    const f = join(r, 'public-good.json');
    writeFileSync(
      f,
      JSON.stringify({ version: 1, scenario: 'auction', variants: [{ id: 'a', note: 'n', multiplier: 2 }] }),
    );
    const e = refusal(() => loadVariants('public-good', f)) as GtSettingsError;
    expect(e.file).toBe(f);
    expect(e.field).toBe('scenario');
    expect(e.message).toContain('public-good');
  });
});

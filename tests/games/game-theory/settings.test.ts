import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GT_SCENARIOS,
  GtSettingsError,
  loadMagicSettings,
  loadVariants,
  parseMagicSetting,
  usageFromBrief,
} from '../../../src/games/scenarios/game-theory/index.ts';

// MAgIC's released settings live in the shared reference data beside the repository (`../shared` from the root;
// a git worktree sits one level deeper).
const ROOT = resolve(import.meta.dirname, '../../..');
const MAGIC = [resolve(ROOT, '../shared'), resolve(ROOT, '../../shared')]
  .map((d) => join(d, 'data/magic/topics_release'))
  .find((d) => existsSync(d)) as string;

function errorOf(f: () => unknown): GtSettingsError {
  try {
    f();
  } catch (e) {
    if (e instanceof GtSettingsError) return e;
    throw e;
  }
  throw new Error('no error');
}

const BRIEF = 'The airport costs $1,000,000 a year; airline A flies most, B less, C least.';

describe('game-theory settings', () => {
  it("reads MAgIC's released settings for all three scenarios", () => {
    const [cs] = loadMagicSettings('cost-sharing', MAGIC);
    expect(cs).toMatchObject({
      scenario: 'cost-sharing',
      challengerSeat: 2,
      opening: [
        [40, 30, 30],
        [50, 25, 25],
        [50, 25, 25],
      ],
    });
    const [pd] = loadMagicSettings('prisoners-dilemma', MAGIC);
    expect(pd).toMatchObject({
      challengerSeat: 1,
      rounds: 5,
      payoffs: { cooperate: 2, defect: 1, one_defect: 4, two_defect: 2 },
    });
    const [pg] = loadMagicSettings('public-good', MAGIC);
    expect(pg).toMatchObject({ challengerSeat: 0, rounds: 5, multiplier: 3.5 });
  });

  it('the offline player reads the usage figures from the brief it sees (MAgIC: A flies 90/month, B and C 50)', () => {
    const [cs] = loadMagicSettings('cost-sharing', MAGIC);
    if (cs?.scenario !== 'cost-sharing') throw new Error('no setting');
    expect(usageFromBrief(cs.brief, ['A', 'B', 'C'])).toEqual([
      [90, 7000, 1.75],
      [50, 7500, 1.5],
      [50, 7500, 1.5],
    ]);
    expect(usageFromBrief('A flat fee, no figures.', ['A', 'B', 'C'])).toBeNull();
  });

  it('our variant sets hold 7 variants x 3 seats = 21 settings per scenario', () => {
    for (const s of GT_SCENARIOS) {
      const v = loadVariants(s);
      expect(v).toHaveLength(21);
      expect(new Set(v.map((x) => x.id)).size).toBe(21);
      expect(v.filter((x) => x.challengerSeat === 2)).toHaveLength(7);
    }
  });

  it('names the file and field of bad input', () => {
    const e1 = errorOf(() =>
      parseMagicSetting(
        'prisoners-dilemma',
        { test_player_name: 'Player 9', topic_values: { cooperate: 2, defect: 1, one_defect: 4, two_defect: 2 } },
        'p/0.json',
      ),
    );
    expect(e1.message).toBe(
      'settings p/0.json: field "test_player_name": "Player 9" does not exist (players are Player 1 to Player 3)',
    );
    const e2 = errorOf(() =>
      parseMagicSetting(
        'prisoners-dilemma',
        { test_player_name: 'Player 1', topic_values: { cooperate: 'two', defect: 1, one_defect: 4, two_defect: 2 } },
        'p/1.json',
      ),
    );
    expect(e2.field).toBe('topic_values.cooperate');
    expect(e2.message).toMatch(/^settings p\/1\.json: field "topic_values\.cooperate": /);
    const e3 = errorOf(() =>
      parseMagicSetting(
        'cost-sharing',
        { test_player_name: 'Player 1', topic: BRIEF, proposal: { 'Player 4': [40, 30, 30] } },
        'c/0.json',
      ),
    );
    expect(e3.field).toBe('proposal.Player 4');
    const e4 = errorOf(() =>
      parseMagicSetting(
        'cost-sharing',
        { test_player_name: 'Player 1', topic: BRIEF, proposal: { 'Player 2': [40, 40, 30] } },
        'c/0.json',
      ),
    );
    expect(e4.message).toContain('add up to 100');
  });

  it('a malformed file in a directory stops the load instead of being skipped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gt-settings-'));
    writeFileSync(join(dir, '0.json'), JSON.stringify({ test_player_name: 'Player 1', multiplier: 2 }));
    writeFileSync(join(dir, '1.json'), '{ "test_player_name": "Player 1", ');
    const e = errorOf(() => loadMagicSettings('public-good', dir));
    expect(e.file).toBe(join(dir, '1.json'));
    expect(e.message).toContain('not JSON');
  });
});

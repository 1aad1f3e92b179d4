import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { format, run } from '../../bench/games.ts';
import { main } from '../../src/cli/games.ts';
import { modelLeaderboardText } from '../../src/games/bench/leaderboard.ts';
import { ABILITY_RANGE } from '../../src/games/bench/report.ts';
import { ABILITIES, runBench } from '../../src/games/bench/suite.ts';
import { socialCases } from '../../src/games/scenarios/social-deduction/bench.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { RecordingModel } from '../support/games-models.ts';

const offline = () => new OfflineModel(gamesOfflineRules);

/** A MAgIC-shaped settings root written by the test (hand-made cases, not the released data). */
function settingsRoot(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'magic-settings-'));
  for (const [path, data] of Object.entries(files)) {
    const full = join(root, 'topics_release', path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, typeof data === 'string' ? data : JSON.stringify(data));
  }
  return root;
}

const GOOD = {
  'chameleon/settings/0.json': {
    game_setting: { topic: 'Pets', code: 'Cat', chameleon_name: 'Player 2' },
    clue: { 'Player 1': 'purrs', 'Player 2': 'loyal', 'Player 3': 'whiskers' },
  },
  'undercover/settings/0.json': {
    game_setting: { undercover_code: 'sea', non_undercover_code: 'ocean', undercover_name: 'Player 3' },
    clues: { 'Player 1': ['waves', 'deep'], 'Player 2': ['blue', 'salt'], 'Player 3': ['beach', 'tide'] },
  },
  'airportfee/settings/0.json': {
    test_player_name: 'Player 1',
    topic: 'Airlines A, B and C share a $1,000,000 fee. A: 100 flights a month; B: 50; C: 25.',
    proposal: { 'Player 1': [50, 30, 20], 'Player 2': [40, 40, 20], 'Player 3': [60, 25, 15] },
  },
  'prisoner/settings/0.json': {
    test_player_name: 'Player 2',
    topic_values: { cooperate: 2, defect: 1, one_defect: 4, two_defect: 2 },
  },
  'public_good/settings/0.json': { test_player_name: 'Player 3', game_round: 5, multiplier: 2 },
};

async function quiet<T>(f: () => Promise<T>): Promise<{ value: T; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  try {
    return { value: await f(), out: out.join('\n'), err: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('MAgIC bench over the five scenarios', () => {
  it('plays the challenger in every seat of every setting; released cases once per seat, our variants per seed', async () => {
    const dir = settingsRoot(GOOD);
    const ch = socialCases('chameleon', { settingsDir: dir, seed: 1, variants: 2, seating: 'one-seat' });
    expect(ch.map((c) => [c.source, c.challengerSeats[0]])).toEqual([
      ['released', 0],
      ['released', 1],
      ['released', 2],
      ['variant', 0],
      ['variant', 1],
      ['variant', 2],
      ['variant', 0],
      ['variant', 1],
      ['variant', 2],
    ]);
    // Per-seed variety is real: another seed deals other variants.
    const deals = (seed: number) =>
      socialCases('chameleon', { seed, variants: 7 }).map((c) => JSON.stringify(c.game.setup));
    expect(deals(1)).not.toEqual(deals(2));
    expect(new Set(deals(1)).size).toBeGreaterThan(3);

    const rec = new RecordingModel(offline());
    const r = await runBench({
      gtSeats: offlineAwareGtSeats,
      seating: 'one-seat',
      scenarios: ['chameleon', 'undercover', 'cost-sharing', 'prisoners-dilemma', 'public-good'],
      challenger: { llm: rec, kind: 'pgm' },
      defender: { llm: offline(), kind: 'vanilla' },
      seed: 3,
      variants: 1,
      settingsDir: dir,
    });
    expect(r.games).toEqual({
      chameleon: { released: 3, variants: 3 },
      undercover: { released: 3, variants: 3 },
      'cost-sharing': { released: 1, variants: 3 },
      'prisoners-dilemma': { released: 1, variants: 3 },
      'public-good': { released: 1, variants: 3 },
    });
    for (const v of [...Object.values(r.winRates), r.overallWinRate])
      if (v !== null && v !== undefined) expect(v >= 0 && v <= 1).toBe(true);
    // Each ability on the paper's own range (sec. 3.3): deception 1.25, self-awareness 1.6, rationality 2.
    for (const a of ABILITIES) {
      const v = r.abilities[a];
      if (v !== null) expect(v >= 0 && v <= ABILITY_RANGE[a], `${a} ${v}`).toBe(true);
    }
    expect(r.missingRoles).toEqual([]);
    // PGM: at most two calls per move; the challenger's requests are counted in its seats only.
    expect(r.callsPerMove.max).toBeLessThanOrEqual(2);
    expect(r.callsPerMove.average).toBeGreaterThan(1);
    const challengerRequests = Object.entries(r.requestsPerSeat)
      .filter(([k]) => k.includes('challenger'))
      .reduce((s, [, n]) => s + n, 0);
    expect(challengerRequests).toBe(rec.calls.length);
    expect(r.pipelineCheck).toBe(true);
    const text = format(r as unknown as Record<string, unknown>);
    expect(text).toMatch(/PIPELINE CHECK/);
    expect(text).toMatch(/\nGPT-4-turbo +77\.5 +28\.7 +67\.5 +60\.0 +66\.7 +50\.0 +78\.1 +56\.5/);
    expect(text).toMatch(/Table 2 layout/);
  });

  it('preset clues go to defender seats only, and only until the challenger first speaks', async () => {
    const dir = settingsRoot(GOOD);
    const rec = new RecordingModel(offline());
    const def = new RecordingModel(offline());
    await runBench({
      gtSeats: offlineAwareGtSeats,
      seating: 'one-seat',
      scenarios: ['undercover'],
      challenger: { llm: rec, kind: 'vanilla' },
      defender: { llm: def, kind: 'vanilla' },
      seed: 1,
      variants: 0,
      settingsDir: dir,
      probes: false,
    });
    // Three games (challenger in seat 1, 2, 3); two clue rounds each: the challenger writes both its clues itself.
    expect(rec.calls.filter((c) => c.task === 'game_clue')).toHaveLength(6);
    // Defenders' 4 clues per game: preset only for the seats before the challenger's first turn in round 1, so the
    // model writes 4 (challenger in seat 1) + 3 (seat 2) + 2 (seat 3) = 9 of them.
    expect(def.calls.filter((c) => c.task === 'game_clue')).toHaveLength(9);
  });

  it('vanilla spends one call per move, and its prompts hold no two-hop question', async () => {
    const rec = new RecordingModel(offline());
    const r = await runBench({
      gtSeats: offlineAwareGtSeats,
      seating: 'one-seat',
      scenarios: ['chameleon', 'undercover'],
      challenger: { llm: rec, kind: 'vanilla' },
      defender: { llm: offline(), kind: 'vanilla' },
      seed: 2,
      variants: 2,
      probes: false,
    });
    expect(r.callsPerMove.average).toBe(1);
    expect(r.callsPerMove.max).toBe(1);
    for (const c of rec.calls) expect(c.messages.map((m) => m.content).join('\n')).not.toMatch(/suspect|thinks/i);
  });

  it('run() for npm run bench takes loose options', async () => {
    const r = await run({ scenario: 'public-good', seed: '2', variants: '1' });
    expect(r.games).toEqual({ 'public-good': { released: 0, variants: 3 } });
  });
});

describe('games CLI', () => {
  it('--help documents every flag; unknown flags and bad values give one clear line, exit 2', async () => {
    const h = await quiet(() => main(['--help']));
    expect(h.value).toBe(0);
    for (const flag of [
      '--scenario',
      '--settings',
      '--json',
      '--challenger-model',
      '--defender-model',
      '--challenger-base-url',
      '--defender-base-url',
      '--radar',
      '--no-leaderboard',
    ])
      expect(h.out).toContain(flag);
    const u = await quiet(() => main(['bench', '--colour', 'red']));
    expect(u.value).toBe(2);
    expect(u.err.split('\n')[0]).toMatch(/Unknown option '--colour'/);
    expect((await quiet(() => main(['bench', '--scenario', 'poker']))).err).toMatch(/--scenario must be one of/);
    expect((await quiet(() => main(['bench', '--variants', 'x']))).value).toBe(2);
    expect((await quiet(() => main(['play']))).value).toBe(2);
  });

  it('a model flag without any provider configured is refused, naming what to set', async () => {
    const r = await quiet(() =>
      main(['bench', '--challenger-model', 'gpt-4o'], { env: { MODEL_PROVIDER: 'offline' } }),
    );
    expect(r.value).toBe(2);
    expect(r.err).toMatch(/OPENAI_API_KEY or OPENAI_BASE_URL/);
  });

  it('bad settings: one error naming the file and field, exit 1, nothing skipped', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ 'chameleon/settings/0.json': '{ "game_setting": ' }, /chameleon\/settings\/0\.json: not JSON/],
      [
        { 'chameleon/settings/0.json': { game_setting: { topic: 'Pets', code: 'Cat', chameleon_name: 'Player 9' } } },
        /0\.json: game_setting\.chameleon_name: "Player 9" is not one of the 3 players/,
      ],
      [
        {
          'undercover/settings/1.json': {
            game_setting: { undercover_code: 'a', non_undercover_code: 'b', undercover_name: 'Player 1' },
            clues: { 'Player 7': ['x'] },
          },
        },
        /1\.json: clues\."Player 7": "Player 7" is not one of the 3 players/,
      ],
      [
        {
          'prisoner/settings/0.json': {
            test_player_name: 'Player 1',
            topic_values: { cooperate: 'two', defect: 1, one_defect: 4, two_defect: 2 },
          },
        },
        /prisoner\/settings\/0\.json: field "topic_values\.cooperate"/,
      ],
    ];
    for (const [files, message] of cases) {
      const dir = settingsRoot(files);
      const scenario = Object.keys(files)[0]?.startsWith('prisoner')
        ? 'prisoners-dilemma'
        : (Object.keys(files)[0]?.split('/')[0] as string);
      const r = await quiet(() =>
        main([
          'bench',
          '--offline',
          '--scenario',
          scenario,
          '--settings',
          dir,
          '--no-leaderboard',
          '--radar',
          '',
          '--variants',
          '0',
        ]),
      );
      expect(r.value, r.err).toBe(1);
      expect(r.err).toMatch(message);
    }
  });

  it('writes --json, a radar PNG and a leaderboard line that /game leaderboard models shows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'games-cli-'));
    const args = ['bench', '--offline', '--scenario', 'prisoners-dilemma', '--variants', '1'];
    const r = await quiet(() =>
      main(
        [
          ...args,
          '--json',
          join(dir, 'out.json'),
          '--radar',
          join(dir, 'radar.png'),
          '--leaderboard',
          join(dir, 'board.jsonl'),
        ],
        {
          now: () => new Date('2026-01-02T03:04:05Z'),
        },
      ),
    );
    expect(r.value, r.err).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'))).toMatchObject({
      challenger: { model: 'offline-rules-v1' },
      games: { 'prisoners-dilemma': { released: 0, variants: 3 } },
    });
    expect(readFileSync(join(dir, 'radar.png')).subarray(1, 4).toString()).toBe('PNG');
    const board = modelLeaderboardText(join(dir, 'board.jsonl'));
    // A pipeline check is listed apart and never ranked.
    expect(board).toMatch(/No real model has 3 seeds yet\./);
    expect(board).toMatch(
      /Pipeline checks[^\n]*\n- offline-rules-v1 \(vanilla\) vs offline-rules-v1: win rate [\d.]+% \(mean ± sd over 1 seed \(\d+\)\) over 1\/7 roles, 3 games; seating magic; settings ours only #[0-9a-f]{8}/,
    );
  });
});

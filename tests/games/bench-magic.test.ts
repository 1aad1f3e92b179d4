// The bench as MAgIC measures it: its seating, requests counted as HTTP requests per seat, offline proposers that
// vary, and a leaderboard that keeps pipeline checks apart from real-model runs.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appendLeaderboard,
  modelLeaderboardText,
  rankModels,
  readLeaderboard,
} from '../../src/games/bench/leaderboard.ts';
import { formatBench } from '../../src/games/bench/report.ts';
import { runBench } from '../../src/games/bench/suite.ts';
import {
  type CsState,
  gameTheoryMetrics,
  loadVariants,
  playGameTheory,
} from '../../src/games/scenarios/game-theory/index.ts';
import { socialCases } from '../../src/games/scenarios/social-deduction/bench.ts';
import type { CallReceipt, LanguageModel, ModelInfo } from '../../src/llm/port.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats, offlineGtBot } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';

const offline = () => new OfflineModel(gamesOfflineRules);

/** A MAgIC-shaped settings root written by the test (hand-made cases in the released format). */
function settingsRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'magic-settings-'));
  const files: Record<string, unknown> = {
    'chameleon/settings/0.json': {
      game_setting: { topic: 'Fruits', code: 'Grape', chameleon_name: 'Player 3' },
      clue: { 'Player 1': 'wine', 'Player 2': 'small', 'Player 3': 'red' },
    },
    'undercover/settings/0.json': {
      game_setting: { undercover_code: 'viewer', non_undercover_code: 'listener', undercover_name: 'Player 1' },
    },
    'prisoner/settings/0.json': {
      test_player_name: 'Player 2',
      topic_values: { cooperate: 2, defect: 1, one_defect: 4, two_defect: 2 },
    },
  };
  for (const [path, data] of Object.entries(files)) {
    const full = join(root, 'topics_release', path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, JSON.stringify(data));
  }
  return root;
}
const MAGIC_DATA = settingsRoot();

/** The offline rules' answers behind a non-offline label, with a receipt of `requests` HTTP requests per call. */
function labelled(model: string, requests: number): LanguageModel {
  const inner = offline();
  const info: ModelInfo = { provider: 'compatible', model, offline: false };
  return {
    info,
    async object(req) {
      const receipt: CallReceipt = {
        requests,
        retries: requests - 1,
        repairs: 0,
        refused: false,
        failed: false,
        billedPromptTokens: 0,
        cachedPromptTokens: 0,
        completionTokens: 0,
      };
      try {
        return await inner.object(req);
      } finally {
        req.onReceipt?.(receipt);
      }
    },
  };
}

describe('MAgIC seating, requests, offline variety and the leaderboard', () => {
  it("MAgIC's seating: the challenger takes every seat of the role under test; one-seat stays a named option", () => {
    const cases = socialCases('chameleon', { settingsDir: MAGIC_DATA, seed: 1, variants: 0 });
    // The chameleon is Player 3.
    expect(cases.map((c) => [c.id.split('#')[1], c.challengerSeats])).toEqual([
      ['as-chameleon', [2]],
      ['as-non-chameleon', [0, 1]],
    ]);
    const one = socialCases('chameleon', { settingsDir: MAGIC_DATA, seed: 1, variants: 0, seating: 'one-seat' });
    expect(one.map((c) => c.challengerSeats)).toEqual([[0], [1], [2]]);
  });

  it('counts calls and HTTP requests per move per seat, retries included; the regular role votes from two seats', async () => {
    const r = await runBench({
      scenarios: ['undercover'],
      challenger: { llm: labelled('sim-challenger', 3), kind: 'vanilla' },
      defender: { llm: labelled('sim-defender', 1), kind: 'vanilla' },
      gtSeats: offlineAwareGtSeats,
      seed: 1,
      variants: 1,
      probes: false,
      settingsDir: MAGIC_DATA,
    });
    expect(r.seating).toBe('magic');
    // The undercover is Player 1; as civilian the challenger holds seats 2 and 3.
    const seats = Object.keys(r.seats).sort();
    expect(seats).toContain('seat 2 challenger, social');
    expect(seats).toContain('seat 3 challenger, social');
    for (const [k, v] of Object.entries(r.seats)) {
      expect(v.callsPerMove, k).toBe(1);
      expect(v.requestsPerMove, k).toBe(k.includes('challenger') ? 3 : 1);
    }
    // Judgement counts each civilian seat's vote: two challenger votes per game played as civilians.
    expect(r.social.undercover?.gamesRegular).toBe(2);
    for (const [k, v] of Object.entries(r.seats)) {
      // Without retries one request per call; the challenger's server needed two more per call.
      expect(v.firstTriesPerMove, k).toBe(1);
      expect(v.retriesPerMove, k).toBe(k.includes('challenger') ? 2 : 0);
    }
  });

  it('a PGM move is at most two requests on a clean server (one per call); retries are reported on top, not hidden', async () => {
    const run = (requests: number) =>
      runBench({
        scenarios: ['chameleon'],
        challenger: { llm: labelled('sim-pgm', requests), kind: 'pgm' },
        defender: { llm: labelled('sim-defender', 1), kind: 'vanilla' },
        gtSeats: offlineAwareGtSeats,
        seed: 1,
        variants: 1,
        probes: false,
        settingsDir: MAGIC_DATA,
      });
    const challengerSeats = (r: Awaited<ReturnType<typeof run>>) =>
      Object.entries(r.seats).filter(([k, v]) => k.includes('challenger') && v.moves > 0);
    const clean = await run(1);
    // Clue moves are analysis + clue (2 calls); a vote is read off the matrix after its analysis.
    expect(challengerSeats(clean).some(([, v]) => (v.callsPerMove ?? 0) > 1)).toBe(true);
    for (const [k, v] of challengerSeats(clean)) {
      expect(v.callsPerMove ?? 9, k).toBeLessThanOrEqual(2);
      expect(v.requestsPerMove, k).toBe(v.callsPerMove);
      expect(v.firstTriesPerMove, k).toBe(v.callsPerMove);
      expect(v.retriesPerMove, k).toBe(0);
    }
    // A flaky server: every call took one retry. The first tries stay at the budget; the retries are said apart.
    const flaky = await run(2);
    for (const [k, v] of challengerSeats(flaky)) {
      expect(v.firstTriesPerMove, k).toBe(v.callsPerMove);
      expect(v.retriesPerMove, k).toBe(v.callsPerMove);
      expect(v.requestsPerMove, k).toBe(2 * (v.callsPerMove ?? 0));
    }
    expect(formatBench(flaky)).toContain('w/o retries');
  });

  it('offline proposers pick among fair splits by their own seeded preference: coordination is measured', async () => {
    const logs = [];
    for (const setting of loadVariants('cost-sharing'))
      logs.push(
        await playGameTheory(
          setting,
          [0, 1, 2].map((i) => offlineGtBot({ seed: `${setting.id}:${i}` })),
          { seed: setting.id },
        ),
      );
    // Round 2 proposals differ within a game (they no longer all propose the table's average).
    const differing = logs.filter((l) => {
      const round2 = (l.state as CsState).history[1];
      return round2 && new Set(Object.values(round2.proposals).map((p) => JSON.stringify(p))).size > 1;
    });
    expect(differing.length).toBeGreaterThan(logs.length / 2);
    const m = gameTheoryMetrics(logs);
    expect(m.costSharing.agreements).toBeGreaterThan(0);
    expect(m.coordination).toBeGreaterThan(0);
    expect(m.coordination).toBeLessThan(1);
    // Seeded: the same seeds replay the same games.
    const first = loadVariants('cost-sharing')[0];
    if (!first) throw new Error('no setting');
    const seats = [0, 1, 2].map((i) => offlineGtBot({ seed: `${first.id}:${i}` }));
    const again = await playGameTheory(first, seats, { seed: first.id });
    expect(again.state).toEqual(logs[0]?.state);
  });

  it('the leaderboard records settings, seating and requests, ranks over three seeds, never a pipeline check', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'board-')), 'board.jsonl');
    const common = {
      scenarios: ['prisoners-dilemma'] as const,
      gtSeats: offlineAwareGtSeats,
      variants: 1,
      settingsDir: MAGIC_DATA,
    };
    const check = await runBench({
      ...common,
      seed: 1,
      scenarios: [...common.scenarios],
      challenger: { llm: offline(), kind: 'vanilla' },
      defender: { llm: offline(), kind: 'vanilla' },
    });
    appendLeaderboard(check, new Date('2026-01-01T00:00:00Z'), file);
    const realRun = async (seed: number, minute: number) =>
      appendLeaderboard(
        await runBench({
          ...common,
          seed,
          scenarios: [...common.scenarios],
          challenger: { llm: labelled('sim-model', 1), kind: 'vanilla' },
          defender: { llm: labelled('sim-defender', 1), kind: 'vanilla' },
        }),
        new Date(`2026-01-01T00:0${minute}:00Z`),
        file,
      );
    const line = await realRun(1, 1);
    expect(line.settings).toMatchObject({ path: MAGIC_DATA, files: 1 });
    expect(line.settings?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(line.seating).toBe('magic');
    expect(line.requests?.challengerRequestsPerMove).toBe(1);
    // Two seeds: shown with their mean and spread, not ranked.
    await realRun(2, 2);
    expect(rankModels(readLeaderboard(file).lines)).toEqual([]);
    const two = modelLeaderboardText(file);
    expect(two).toContain('No real model has 3 seeds yet.');
    expect(two).toMatch(
      /Not ranked yet[^\n]*\n- sim-model \(vanilla\) vs sim-defender: win rate [\d.]+% ± [\d.]+ \(mean ± sd over 2 seeds \(1, 2\)\)/,
    );
    // A third seed ranks it; running seed 2 again replaces that seed's run instead of adding one.
    await realRun(3, 3);
    await realRun(2, 4);
    const ranked = rankModels(readLeaderboard(file).lines);
    expect(ranked.map((l) => [l.model, l.seeds])).toEqual([['sim-model', [1, 2, 3]]]);
    const text = modelLeaderboardText(file);
    const [top, apart] = text.split('Pipeline checks');
    expect(top).toMatch(
      /1\. sim-model \(vanilla\) vs sim-defender: win rate [\d.]+% ± [\d.]+ \(mean ± sd over 3 seeds \(1, 2, 3\)\)/,
    );
    expect(top).not.toMatch(/offline-rules-v1/);
    expect(apart).toMatch(/- offline-rules-v1 \(vanilla\) vs offline-rules-v1/);
  });
});

// `npm run eval`: arguments, the offline pipeline check end to end, and what it prints.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEvalArgs, runEvalCli } from '../../src/cli/eval.ts';
import { parseRunExport } from '../../src/eval/run-export.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { FlakyModel } from '../support/town-flaky-model.ts';

const models = () => ({ llm: new FlakyModel(0), embedder: new LexicalEmbedder() });

describe('npm run eval', () => {
  it('bad arguments get one clear line and exit 2; --help explains every option', async () => {
    expect(() => parseEvalArgs(['--ablate', 'memory,dreams'])).toThrow(/unknown mechanism dreams/);
    expect(() => parseEvalArgs(['--hours', 'x'])).toThrow(/--hours must be/);
    expect(() => parseEvalArgs(['--bogus'])).toThrow(/Unknown option|bogus/);
    expect(() => parseEvalArgs(['--seeds', '1,x'])).toThrow(/--seeds must be whole numbers/);
    expect(() => parseEvalArgs(['--seeds', '1,1'])).toThrow(/each seed once/);
    expect(() => parseEvalArgs(['--seed', '2', '--seeds', '1,3'])).toThrow(/--seed or --seeds/);
    expect(parseEvalArgs(['--seeds', '1, 7,13']).seeds).toEqual([1, 7, 13]);
    let err = '';
    const bad = await runEvalCli(['--seed', '1.5'], { out: () => {}, err: (s) => (err += s), models });
    expect(bad.code).toBe(2);
    expect(err).toMatch(/--seed must be a whole number/);
    let out = '';
    expect((await runEvalCli(['--help'], { out: (s) => (out += s), err: () => {}, models })).code).toBe(0);
    for (const flag of [
      '--town',
      '--smallville',
      '--hours',
      '--seed',
      '--ablate',
      '--residents',
      '--report',
      '--export',
      '--db',
      '--seeds',
      '--judge-check',
      '--allow-unreliable-judge',
    ])
      expect(out).toContain(flag);
    err = '';
    const unknown = await runEvalCli(['--residents', 'Nobody Here'], { out: () => {}, err: (s) => (err += s), models });
    expect(unknown.code).toBe(2);
    expect(err).toMatch(/Nobody Here is not in Willowbrook/);
  });

  it('offline, runs every condition and reports TrueSkill and end-to-end measures as a pipeline check', async () => {
    let out = '';
    const dir = mkdtempSync(join(tmpdir(), 'eval-'));
    const r = await runEvalCli(
      ['--hours', '1', '--residents', 'Rosa Delgado', '--ablate', 'reflection', '--export', join(dir, 'e.ndjson')],
      {
        out: (s) => (out += s),
        err: () => {},
        models,
      },
    );
    expect(r.code).toBe(0);
    // One kept run per condition, each replayable.
    for (const c of ['full', 'no-reflection']) {
      const lines = parseRunExport(readFileSync(join(dir, `e.${c}.ndjson`), 'utf8'));
      const run = lines.find((l) => l.type === 'run');
      expect(run?.type === 'run' && run.settings.condition).toBe(c);
    }
    const report = r.report!;
    expect(report.conditions.map((c) => c.name)).toEqual(['full', 'no-reflection']);
    expect(report.judge.by).toBe('rules');
    expect(report.rankings).toHaveLength(25);
    expect(report.trueskill.map((t) => t.condition)).toEqual(['full', 'no-reflection']);
    expect(report.trueskill.every((t) => t.matches === 25)).toBe(true);
    expect(report.endToEnd).toHaveLength(2);
    expect(out).toContain('Judge: rules (pipeline check)');
    // Ties are counted and said to be: identical answers put every condition level.
    expect(report.ties.of).toBe(25);
    expect(report.ties.allTie).toBe(report.rankings.filter((x) => new Set(x.ranks).size === 1).length);
    expect(out).toMatch(
      /Ties: \d+ of 25 rankings \(\d+%\) put every condition level: \d+ because every condition gave the same answer/,
    );
    expect(out).toMatch(/full\s+\d+\.\d\d \+- \d+\.\d\d\s+\[29\.89 \+- 0\.72\]/);
    // TrueSkill again without the rankings where some condition gave a stock denial; ties said to be ties
    expect(report.denialRankings).toBe(report.rankings.filter((x) => x.denial).length);
    expect(out).toMatch(/Without the \d+ of 25 rankings where some condition answered with a stock denial/);
    expect(report.trueskillWithoutDenials.map((t) => t.condition)).toEqual(['full', 'no-reflection']);
    expect(report.offline).toBe(true);
    for (const g of report.tied) expect(out).toContain(`tied with ${g[1]}`);
  });

  it('a stock denial is the bare "I don\'t remember", not an answer that says something', async () => {
    const { isStockDenial, tiedConditions } = await import('../../src/eval/run.ts');
    expect(isStockDenial("I'm sorry, I don't remember anything about that.")).toBe(true);
    expect(isStockDenial("I'm sorry, I can't answer that right now.")).toBe(true);
    expect(isStockDenial("I don't remember the date, but Anna is hosting it.")).toBe(false);
    expect(
      tiedConditions([
        { condition: 'full', mu: 26.504, sigma: 1, matches: 3 },
        { condition: 'no-reflection', mu: 26.501, sigma: 1, matches: 3 },
        { condition: 'no-memory', mu: 20, sigma: 1, matches: 3 },
      ]),
    ).toEqual([['full', 'no-reflection']]);
  });

  it('--seeds runs the evaluation per seed and reports how far the seeds agree (Kendall tau)', async () => {
    let out = '';
    const r = await runEvalCli(
      ['--hours', '0.5', '--residents', 'Rosa Delgado', '--ablate', 'memory', '--seeds', '1,2'],
      { out: (s) => (out += s), err: () => {}, models },
    );
    expect(r.code).toBe(0);
    expect(r.reports?.map((x) => x.seed)).toEqual([1, 2]);
    expect(r.agreement?.pairs).toHaveLength(1);
    const tau = r.agreement?.pairs[0]?.tau ?? Number.NaN;
    expect(tau).toBeGreaterThanOrEqual(-1);
    expect(tau).toBeLessThanOrEqual(1);
    // offline the stand-in does not vary with the seed: the report says tau is not informative
    expect(r.agreement?.informative).toBe(false);
    expect(out).toMatch(
      /Offline: the rule-based stand-in answers the same whatever the seed[\s\S]*not informative offline/,
    );
    expect(out).toMatch(
      /Agreement between seeds 1, 2 \(Kendall's tau-b[\s\S]*seeds 1 and 2: tau -?\d\.\d\d; \d+ of 25 battery items ranked identically/,
    );
  });

  it("--judge-check prints the rule judge's precision and recall on the corpus, tuning and held-out apart", async () => {
    let out = '';
    const r = await runEvalCli(['--judge-check'], { out: (s) => (out += s), err: () => {}, models });
    // exit 3 exactly when some part or kind is below the bar, and the text says which
    expect(r.code).toBe(/per kind; met/.test(out) ? 0 : 3);
    expect(/BELOW THE BAR|below/.test(out)).toBe(r.code === 3);
    expect(out).toMatch(
      /tuning part: \d+ answers judged \(\d+ "knows"\): precision (0\.9\d\d|1\.000), recall (0\.9\d\d|1\.000), accuracy/,
    );
    expect(out).toMatch(/held-out part: \d+ answers judged/);
    expect(out).toMatch(/ {4}needs-question +\d+ \(\d+ "knows"\): precision/);
  });
});

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
    expect(out).toMatch(/full\s+\d+\.\d\d \+- \d+\.\d\d\s+\[29\.89 \+- 0\.72\]/);
  });
});

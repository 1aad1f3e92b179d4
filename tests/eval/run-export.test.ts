// Runs you can keep (issue 13): simulate --export writes NDJSON, --db keeps the town, replay reads it back.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReplayCli } from '../../src/cli/replay.ts';
import { runSimulateCli } from '../../src/cli/simulate.ts';
import { parseRunExport } from '../../src/eval/run-export.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { FlakyModel } from '../support/town-flaky-model.ts';

const models = () => ({ llm: new FlakyModel(0), embedder: new LexicalEmbedder() });

describe('a kept run', () => {
  it('exports memories, plans, reflections and dated posts with settings and cost, and replays without a model', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-export-'));
    const file = join(dir, 'run.ndjson');
    const dbFile = join(dir, 'run.db');
    let out = '';
    const r = await runSimulateCli(
      ['--hours', '6', '--seed', '2', '--no-eval', '--no-transcript', '--quiet', '--export', file, '--db', dbFile],
      { out: (s) => (out += s), err: () => {}, models },
    );
    expect(r.code).toBe(0);
    expect(out).toContain(`Run exported to ${file}`);
    expect(out).toContain(`Town kept in ${dbFile}`);
    expect(readFileSync(dbFile).subarray(0, 15).toString()).toBe('SQLite format 3');

    const lines = parseRunExport(readFileSync(file, 'utf8'));
    const run = lines.find((l) => l.type === 'run');
    expect(run).toMatchObject({ town: 'Willowbrook', seed: '2', hours: 6 });
    expect(run && run.type === 'run' && run.settings.town).toBeTruthy();
    expect(run && run.type === 'run' && (run.cost.total as { calls: number }).calls).toBeGreaterThan(0);
    const mems = lines.filter((l) => l.type === 'memory');
    const kinds = new Set(mems.map((m) => m.kind));
    for (const k of ['seed', 'plan', 'observation']) expect(kinds.has(k), k).toBe(true);
    expect(mems.some((m) => m.type === 'memory' && m.plan?.level)).toBe(true);
    expect(mems.filter((m) => m.type === 'memory').length).toBe(
      r.report!.residents.reduce((n, x) => n + Object.values(x.memories).reduce((a, b) => a + (b ?? 0), 0), 0),
    );
    expect(lines.filter((l) => l.type === 'post').length).toBe(r.report!.posts.total);

    let day = '';
    expect(runReplayCli([file, '--day', '1'], (s) => (day += s))).toBe(0);
    expect(day.split('\n')[0]).toMatch(/^\[Fri, Apr 12 \d\d:\d\d\] #[a-z-]+ /);
    const times = day
      .trim()
      .split('\n')
      .map((l) => l.slice(1, 18));
    expect([...times].sort()).toEqual(times);
    let life = '';
    expect(runReplayCli([file, '--resident', 'Rosa Delgado'], (s) => (life += s))).toBe(0);
    expect(life).toMatch(/^Rosa Delgado: \d+ memories/);
    expect(life).toMatch(/#1 \[Fri, Apr 12 07:00\] seed/);
  });

  it('a broken export names the line; an unknown resident or day is a clear message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-export-'));
    const bad = join(dir, 'bad.ndjson');
    writeFileSync(bad, '{"type":"resident","id":"a","name":"A"}\n{oops\n');
    let out = '';
    expect(runReplayCli([bad, '--day', '1'], (s) => (out += s))).toBe(1);
    expect(out).toContain('line 2: not JSON');
    writeFileSync(bad, '{"type":"resident","id":"a","name":"A"}\n');
    out = '';
    expect(runReplayCli([bad], (s) => (out += s))).toBe(1);
    expect(out).toContain('not a run export');
    out = '';
    expect(runReplayCli([join(dir, 'missing.ndjson')], (s) => (out += s))).toBe(1);
    expect(out).toContain('Cannot read');
    out = '';
    expect(runReplayCli(['--bogus'], (s) => (out += s))).toBe(2);
  });
});

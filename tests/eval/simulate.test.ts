// simulate(), its CLI, the town CLI and the registry, end to end on small inputs.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSimulateCli } from '../../src/cli/simulate.ts';
import { runTownCli } from '../../src/cli/town.ts';
import { simulate, summarizeReport } from '../../src/eval/simulate.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { emptyReading } from '../../src/town/reading/types.ts';
import { TownRegistry } from '../../src/town/registry.ts';
import { cronIntervalMs } from '../../src/town/scheduler.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { hasSmallville, SMALLVILLE_DIR } from '../support/shared-data.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { FlakyModel } from '../support/town-flaky-model.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

const embedder = new LexicalEmbedder({ dimensions: 256 });

describe('simulate', () => {
  it('GIVEN the seed town for two hours WHEN simulated THEN the report has counts, calls per task, transcripts and the sec. 7 measures', async () => {
    const progress: number[] = [];
    const r = await simulate({
      hours: 2,
      llm: new FlakyModel(0),
      embedder,
      seed: 5,
      interviewBattery: ['Rosa Delgado'],
      onProgress: (p) => progress.push(p.tick),
    });
    expect(r.ticks).toBe(12);
    expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(r.residents).toHaveLength(10);
    expect(r.residents.every((x) => (x.memories.seed ?? 0) >= 4)).toBe(true);
    expect(r.modelCalls.total.calls).toBeGreaterThan(0);
    expect(Object.keys(r.modelCalls.byTask).length).toBeGreaterThan(3);
    expect(r.modelCalls.perResidentDay.calls).toBeGreaterThan(0);
    expect(r.modelCalls.evaluation.calls).toBeGreaterThan(100); // 2 x (2 facts + 90 pairs) x 10 + battery
    expect(r.posts.total).toBe(Object.values(r.posts.byLocation).reduce((a, b) => a + b, 0));
    expect(Object.keys(r.transcript)).toContain('maple-row');
    // Before: only the holders know their news (as in the paper, 1 of N).
    expect(r.diffusion?.before.map((d) => [d.fact, d.grounded])).toEqual([
      ['spring-party', ['Rosa Delgado']],
      ['mayoral-candidacy', ['Oscar Lindqvist']],
    ]);
    expect(r.density?.before.answers).toBe(90);
    expect(r.density?.before.density).toBeGreaterThan(0);
    expect(r.interviewBattery).toHaveLength(25);
    expect(summarizeReport(r)).toMatch(/network density η: \d\.\d{3} → \d\.\d{3}/);
  });

  it('a town with nothing to track says so, and reports density; a town with an event reports its attendance', async () => {
    const { loadTownFile } = await import('../../src/town/file-io.ts');
    const town = loadTownFile(new URL('../fixtures/towns/thornbury.yaml', import.meta.url).pathname);
    const none = await simulate({
      hours: 1,
      // (its sidecar says its text holds nothing to track either)
      town: {
        ...town,
        facts: [],
        events: [],
        reading: {
          version: 1,
          source: { by: 'sidecar', file: 'none.reading.yaml' },
          residents: town.residents.map((r) => emptyReading(r.name)),
          dropped: [],
          filledIn: [],
        },
      },
      llm: new FlakyModel(0),
      embedder,
      seed: 2,
    });
    expect(summarizeReport(none)).toMatch(
      /nothing to track in this town \(its file declares no facts or events and its reading found no private matter or event\)/,
    );
    expect(summarizeReport(none)).toMatch(/network density η/);
    const some = await simulate({ hours: 1, town, llm: new FlakyModel(0), embedder, seed: 2 });
    expect(summarizeReport(some)).toMatch(/^attendance: seed swap at grange-hall: the run did not reach its time$/m);
    expect(summarizeReport(some)).not.toMatch(/nothing to track/);
  });

  it('GIVEN evaluation interviews before and after WHEN the cost per resident-day is reported THEN it counts the simulated ticks only; evaluation is separate', async () => {
    const r = await simulate({ hours: 1, llm: new FlakyModel(0), embedder, seed: 3 });
    const m = r.modelCalls;
    // The interviews of the before-evaluation alone are hundreds of calls: none of them may count as simulation.
    expect(m.evaluation.calls).toBeGreaterThan(200);
    expect(m.byPhase.evaluate).toBeUndefined();
    expect(m.byTask.agent_interview).toBeUndefined();
    const tickPhases = Object.entries(m.byPhase).filter(([k]) => k !== 'seed');
    const tickCalls = tickPhases.reduce((n, [, v]) => n + v.calls, 0);
    const tickTokens = tickPhases.reduce((n, [, v]) => n + v.billedPromptTokens, 0);
    const residentDays = r.residents.length / 24;
    expect(m.perResidentDay.calls).toBeCloseTo(tickCalls / residentDays, 0);
    expect(m.perResidentDay.billedPromptTokens).toBeCloseTo(tickTokens / residentDays, 0);
    expect(Object.values(m.ticksByTask).reduce((n, v) => n + v.calls, 0)).toBe(tickCalls);
    expect(m.total.calls).toBe(tickCalls + (m.byPhase.seed?.calls ?? 0));
  });

  it('the CLI parses options, prints the transcript and summary, and writes the JSON report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const report = join(dir, 'r.json');
    let out = '';
    let err = '';
    let progress = '';
    const models = () => ({ llm: new FlakyModel(0), embedder });
    const r = await runSimulateCli(['--hours', '1', '--no-eval', '--report', report, '--seed', '9'], {
      out: (s) => {
        out += s;
      },
      err: (s) => {
        err += s;
      },
      models,
      // Piped progress: a line per tenth of the ticks and the end (src/cli/progress.ts).
      progressStream: {
        write: (s: string) => {
          progress += s;
          return true;
        },
      } as unknown as NodeJS.WritableStream,
    });
    expect(r.code).toBe(0);
    expect(progress).toMatch(/^Simulating: 1\/6 \(16%\) .*\n/);
    expect(progress).toMatch(/Simulating: 6\/6 \(100%\) .*, \d+ s\n$/);
    expect(out).toMatch(/=== #maple-row \(\d+ posts\) ===/);
    expect(out).toContain('Willowbrook: 1 simulated hours (6 ticks of 10 min)');
    expect(JSON.parse(readFileSync(report, 'utf8')).seed).toBe('9');
    const bad = await runSimulateCli(['--hours', 'lots'], { out: () => undefined, err: (s) => (err = s), models });
    expect(bad.code).toBe(2);
    expect(err).toContain('--hours must be a number');
    const missing = await runSimulateCli(['--town', join(dir, 'nope.yaml')], {
      out: () => undefined,
      err: (s) => (err = s),
      models,
    });
    expect(missing.code).toBe(1);
    expect(err).toContain('Town file not found');
  });
});

describe('town CLI', () => {
  it('validates a town file: valid, malformed (exit 1 with the bad paths)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcli-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(tinyTown()));
    let out = '';
    expect(runTownCli(['validate', good], (s) => (out += s))).toBe(0);
    expect(out).toContain('is valid: Tiny, 3 residents, 6 locations');
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'name: Broken\nstart: "2024-01-01 08:00"\nlocations: []\nresidents: []\n');
    out = '';
    expect(runTownCli(['validate', bad], (s) => (out += s))).toBe(1);
    expect(out).toContain('locations: a town needs at least one location');
    expect(runTownCli(['frobnicate'], () => undefined)).toBe(2);
  });

  it.skipIf(!hasSmallville)('imports Smallville into a YAML town file (needs ../shared/data/smallville)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sv-')), 'ville.yaml');
    let said = '';
    expect(runTownCli(['import-smallville', SMALLVILLE_DIR, '--out', out], (s) => (said += s))).toBe(0);
    expect(said).toContain('25 residents, 19 locations, 4 facts');
    expect(runTownCli(['validate', out], () => undefined)).toBe(0);
  });
});

describe('registry', () => {
  it('creates a town per scope once, starts and stops its schedule, and exposes per-town budgets', async () => {
    const { kit } = scriptedKit();
    const registry = new TownRegistry({
      store: new InMemoryTownStore(),
      kit: () => kit,
      defaultTown: tinyTown,
      owner: 'reg',
    });
    const [a, b] = await Promise.all([registry.getOrCreate('console'), registry.getOrCreate('console')]);
    expect(a).toBe(b);
    expect(a.id).toBe('console');
    const g = await registry.getOrCreate('123');
    expect(g.id).toBe('guild-123');
    expect((await registry.list()).map((t) => t.scope).sort()).toEqual(['123', 'console']);
    expect(registry.budgetFor('guild-123')).toBeUndefined();
    await g.setBudget(50_000);
    expect(registry.budgetFor('guild-123')).toBe(50_000);
    const sch = await registry.start('console');
    expect(sch.started).toBe(true);
    expect(cronIntervalMs('* * * * *')).toBe(60_000);
    expect(cronIntervalMs('*/5 * * * *')).toBe(300_000);
    await registry.close();
    expect(sch.started).toBe(false);
    expect(await registry.get('nope')).toBeNull();
  });
});

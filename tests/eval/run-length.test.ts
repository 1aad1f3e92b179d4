// Runs that reach what they track (issue 38 item 5): by default until the last tracked event has ended, said at the
// start; --hours still obeyed, with a warning naming the events it cuts off.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from '../../src/cli/eval.ts';
import { parseSimulateArgs, runSimulateCli } from '../../src/cli/simulate.ts';
import { runLength, runLengthText } from '../../src/eval/run-length.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { agentOfflineRules, createLanguageModel } from '../../src/offline/index.ts';
import { parseTownFile } from '../../src/town/file.ts';

const text = readFileSync(new URL('../fixtures/towns/thornbury.yaml', import.meta.url), 'utf8');
// the seed swap moved to four days after the town starts (Monday 07:00 -> Friday 18:00-20:00)
const late = parseTownFile(
  text
    .replace('start: "2025-09-09 18:00"', 'start: "2025-09-12 18:00"')
    .replace('end: "2025-09-09 20:00"', 'end: "2025-09-12 20:00"'),
  'thornbury.yaml',
);

describe('how long an evaluation runs', () => {
  it('by default until the last tracked event has ended, and says so', () => {
    const l = runLength(late);
    expect(l.events).toEqual([{ id: 'seed-swap', endsAfterHours: 4 * 24 + 13 }]);
    expect(l.hours).toBe(109);
    expect(runLengthText(l)).toBe(
      'Run length: 109 h, until the last tracked event ("seed-swap") has ended (--hours N to choose).',
    );
    // the event as written (Tuesday 20:00) ends 37 h in
    expect(runLength(parseTownFile(text, 'thornbury.yaml')).hours).toBe(37);
    expect(parseEvalArgs([]).hoursGiven).toBe(false);
    expect(parseEvalArgs(['--hours', '24'])).toMatchObject({ hours: 24, hoursGiven: true });
  });

  it('--hours is obeyed, with a warning when it cuts a tracked event off', () => {
    const l = runLength(late);
    expect(runLengthText(l, 24)).toMatch(
      /^Warning: --hours 24 ends before "seed-swap" \(ends after 109 h\): its attendance will read "the run ended before the event"/,
    );
    expect(runLengthText(l, 120)).toBe('Run length: 120 h (--hours).');
  });
});

describe('how long a simulation runs', () => {
  it('a measured run lasts until the last tracked event has ended, like an evaluation; --no-eval the usual day', async () => {
    expect(parseSimulateArgs([])).toMatchObject({ hours: 24, hoursGiven: false });
    expect(parseSimulateArgs(['--hours', '30'])).toMatchObject({ hours: 30, hoursGiven: true });
    let err = '';
    const path = new URL('../fixtures/towns/thornbury.yaml', import.meta.url).pathname;
    const models = () => ({
      llm: createLanguageModel({ provider: 'offline', offlineRules: agentOfflineRules }),
      embedder: new LexicalEmbedder({ dimensions: 256 }),
    });
    const r = await runSimulateCli(['--town', path, '--no-transcript', '--seed', '1'], {
      out: () => undefined,
      err: (s) => {
        err += s;
      },
      models,
    });
    expect(r.code).toBe(0);
    // the seed swap (Tuesday 18:00-20:00) ends 37 h after the town starts: the run reaches it and counts who came
    expect(err).toContain('Run length: 37 h, until the last tracked event ("seed-swap") has ended');
    expect(r.report!.hours).toBe(37);
    expect(r.report!.attendance.map((a) => a.covered)).toEqual([true]);
  }, 60_000);
});

// Every CLI explains itself (--help, exit 0), and simulate prints its transcript in time order across locations
// with dates when asked.
import { describe, expect, it } from 'vitest';
import { runSimulateCli } from '../../src/cli/simulate.ts';
import { runTownCli } from '../../src/cli/town.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { FlakyModel } from '../support/town-flaky-model.ts';

const models = () => ({ llm: new FlakyModel(0), embedder: new LexicalEmbedder({ dimensions: 256 }) });

async function simulateCli(argv: string[]) {
  let out = '';
  let err = '';
  const r = await runSimulateCli(argv, {
    out: (s) => {
      out += s;
    },
    err: (s) => {
      err += s;
    },
    models,
  });
  return { code: r.code, out, err };
}

describe('CLI help and output', () => {
  it('simulate --help explains the options and the output, exit 0, nothing run', async () => {
    const r = await simulateCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('--transcript-order ORDER');
    expect(r.out).toContain('Output:');
    expect(r.out).toMatch(/relationship density/);
    expect(r.err).toBe('');
  });

  it('simulate --transcript-order time prints every post once, in time order, with its date and location', async () => {
    const byTime = await simulateCli(['--hours', '1', '--no-eval', '--quiet', '--transcript-order', 'time']);
    const byPlace = await simulateCli(['--hours', '1', '--no-eval', '--quiet']);
    expect(byTime.code).toBe(0);
    const lines = byTime.out.split('\n').filter((l) => /^\[\w{3} \d{4}-\d{2}-\d{2} \d{2}:\d{2}\] #[\w-]+ /.test(l));
    const placeLines = byPlace.out.split('\n').filter((l) => /^\[\d{2}:\d{2}\] /.test(l));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBe(placeLines.length);
    const stamps = lines.map((l) => l.slice(1, 21));
    expect([...stamps].sort()).toEqual(stamps);
    expect(new Set(lines.map((l) => l.split(' ')[3])).size).toBeGreaterThan(1);
    expect((await simulateCli(['--transcript-order', 'random'])).code).toBe(2);
  });

  it('town --help lists every command, exit 0', () => {
    let out = '';
    expect(runTownCli(['--help'], (s) => (out += s))).toBe(0);
    for (const c of ['import-smallville', 'validate', 'backup', 'restore', 'render']) expect(out).toContain(c);
  });
});

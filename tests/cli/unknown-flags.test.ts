// Every script refuses what it does not know before doing anything (exit 2, the flag named, the usage), and has
// --help (exit 0). The scripts run as people start them (node + tsx), in parallel to keep this quick.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpOrNothing } from '../../src/core/cli-args.ts';

const root = resolve(import.meta.dirname, '../..');

function run(script: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      // No token, no database URL: a script that started its work would fail differently than a refusal.
      { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, timeout: 60_000 },
      (e, out, err) => done({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, out, err }),
    );
  });
}

describe('scripts refuse unknown flags and explain themselves', () => {
  it('bench, chaos, worker and deploy-commands: --bogus is refused with exit 2 and the usage', async () => {
    const [bench, chaos, worker, deploy] = await Promise.all([
      run('bench/index.ts', ['--bogus']),
      run('scripts/chaos.ts', ['--bogus']),
      run('src/worker/main.ts', ['--bogus']),
      run('src/bot/deploy-commands.ts', ['--bogus']),
    ]);
    expect(bench).toMatchObject({ code: 2, out: '' });
    expect(bench.err).toMatch(/^unknown option --bogus\n\nUsage: npm run bench/);
    expect(chaos.code).toBe(2);
    expect(chaos.err).toMatch(/^Unknown option '--bogus'\nUsage: npm run chaos/);
    expect(worker.code).toBe(2);
    expect(worker.err).toMatch(/^Unknown option '--bogus'\n\nUsage: npm run worker/);
    expect(deploy.code).toBe(2);
    expect(deploy.err).toMatch(/^Unknown option '--bogus'\n\nUsage: npm run deploy-commands/);
  }, 90_000);

  it('--help prints the usage and exits 0 without starting anything', () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s) };
    expect(helpOrNothing(['--help'], 'Usage: x', io)).toBe('help');
    expect(helpOrNothing(['-h'], 'Usage: x', io)).toBe('help');
    expect(helpOrNothing([], 'Usage: x', io)).toBe('run');
    expect(helpOrNothing(['extra'], 'Usage: x', io)).toBe('refused');
    expect(out).toEqual(['Usage: x\n', 'Usage: x\n']);
    expect(err[0]).toMatch(/^Unexpected argument 'extra'|^Unexpected positional/i);
  });
});

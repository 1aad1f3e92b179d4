// Every script refuses what it does not know before doing anything (exit 2, the flag named, the usage), and has
// --help (exit 0). The scripts run as people start them (node + tsx), in parallel to keep this quick.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpOrNothing } from '../../src/core/cli-args.ts';

const root = resolve(import.meta.dirname, '../..');

function run(script: string, args: string[], node: string[] = ['--import', 'tsx']) {
  return new Promise<{ code: number; out: string; err: string }>((done) => {
    execFile(
      process.execPath,
      [...node, script, ...args],
      // No token, no database URL: a script that started its work would fail differently than a refusal.
      { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, timeout: 60_000 },
      (e, out, err) => done({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, out, err }),
    );
  });
}

/** A plain JavaScript script, run by node alone. */
const runNode = (script: string, args: string[]) => run(script, args, []);

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
    expect(worker.err).toMatch(/^Unknown option --bogus\.\n\nUsage: npm run worker/);
    expect(deploy.code).toBe(2);
    expect(deploy.err).toMatch(/^Unknown option --bogus\.\n\nUsage: npm run deploy-commands/);
  }, 90_000);

  it('npm start, db:migrate and db:migrate:new: --help explains, a misspelt flag gets the nearest one, nothing runs', async () => {
    const [
      startHelp,
      startBad,
      startTypo,
      applyHelp,
      applyBad,
      newHelp,
      newNoName,
      newFlag,
      newBadName,
      benchTypo,
      devHelp,
      genBad,
    ] = await Promise.all([
      run('src/main.ts', ['--help']),
      run('src/main.ts', ['--hourz', '3']),
      run('src/main.ts', ['--hepl']),
      run('scripts/db-migrate.ts', ['apply', '--help']),
      run('scripts/db-migrate.ts', ['apply', '--force']),
      run('scripts/db-migrate.ts', ['new', '--help']),
      run('scripts/db-migrate.ts', ['new']),
      run('scripts/db-migrate.ts', ['new', '--name', 'x']),
      run('scripts/db-migrate.ts', ['new', 'add game notes']),
      run('bench/index.ts', ['--hourz', '3']),
      runNode('scripts/dev.mjs', ['--help']),
      runNode('scripts/prisma-generate.mjs', ['--hourz']),
    ]);
    // --help on start prints the usage instead of opening the console.
    expect(startHelp).toMatchObject({ code: 0, err: '' });
    expect(startHelp.out).toMatch(/^Usage: npm start\b[\s\S]*\.env\.example/);
    expect(startBad).toMatchObject({ code: 2, out: '' });
    expect(startBad.err).toMatch(/^Unknown option --hourz\.\n\nUsage: npm start/);
    expect(startTypo.err).toMatch(/^Unknown option --hepl\. Did you mean --help\?/);
    // db:migrate --help does not apply anything; db:migrate:new needs its name as an argument.
    expect(applyHelp).toMatchObject({ code: 0, err: '' });
    expect(applyHelp.out).toMatch(/^Usage: npm run db:migrate\n/);
    expect(applyBad).toMatchObject({ code: 2, out: '' });
    expect(newHelp).toMatchObject({ code: 0, err: '' });
    expect(newHelp.out).toMatch(/^Usage: npm run db:migrate:new -- NAME\n/);
    expect(newNoName).toMatchObject({ code: 2, out: '' });
    expect(newNoName.err).toMatch(/^Missing argument\.\n\nUsage: npm run db:migrate:new -- NAME/);
    expect(newFlag.err).toMatch(/^Unknown option --name\./);
    expect(newBadName).toMatchObject({ code: 2, out: '' });
    expect(newBadName.err).toMatch(/^"add game notes" is not a migration name/);
    expect(benchTypo).toMatchObject({ code: 2, out: '' });
    expect(benchTypo.err).toMatch(/^unknown option --hourz\. Did you mean --hours\?/);
    // npm run dev -- --help runs once without watching, so it prints and exits instead of waiting for a change.
    expect(devHelp).toMatchObject({ code: 0, err: '' });
    expect(devHelp.out).toMatch(/^Usage: npm start\b/);
    expect(genBad).toMatchObject({ code: 2, out: '' });
    expect(genBad.err).toMatch(/^Unknown option --hourz\.\n\nUsage: npm run db:generate/);
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
    expect(err[0]).toMatch(/^Unexpected argument "extra"\.\n\nUsage: x\n$/);
  });
});

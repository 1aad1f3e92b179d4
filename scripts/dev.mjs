// `npm run dev`: the app under `tsx watch`, restarted when a source file changes. With arguments (--help, or a flag
// the app refuses) it runs once without watching, so the usage or the refusal prints and the command exits (0 or 2)
// instead of waiting for a file to change.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
const args = process.argv.slice(2);
const child = spawn(process.execPath, [tsx, ...(args.length > 0 ? [] : ['watch']), 'src/main.ts', ...args], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

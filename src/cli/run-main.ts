// How each CLI entry runs when invoked directly (`tsx src/cli/<command>.ts`): .env loaded, the exit code set from the
// command's result, and a bug (not a user error, which the command prints itself) shown with its stack.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDotEnv } from '../config.ts';

/** True when `moduleUrl` (import.meta.url) is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

/** Runs `command` on the process arguments when `moduleUrl` is the entry point. */
export function runIfMain(moduleUrl: string, command: (argv: string[]) => Promise<{ code: number }>): void {
  if (!isMain(moduleUrl)) return;
  loadDotEnv();
  command(process.argv.slice(2)).then(
    (r) => {
      process.exitCode = r.code;
    },
    (e) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  );
}

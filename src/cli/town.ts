// `npm run town -- <command>`: town file and database tools, one operation each (TOWN_CLI_OPERATIONS below):
// import-smallville, validate (town-file.ts), backup, restore, export, import (town-data.ts), render (render.ts),
// replay (replay.ts). The words after a command are read by town-args.ts.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type Operation, type OperationResult, runOperation } from '../app/operations.ts';
import { fileErrorLine } from '../core/file-error.ts';
import { isUserError } from '../errors.ts';
import { RENDER_USAGE, runRenderCli } from './render.ts';
import { REPLAY_USAGE, runReplayCli } from './replay.ts';
import { checkWords, TownUsageError, type WordSpec } from './town-args.ts';
import { runDatabaseCommand, runLifecycleCommand } from './town-data.ts';
import { importSmallvilleCommand, readCommand, validateCommand } from './town-file.ts';

/** What a town CLI command runs against: where its text goes (the database and models are the environment's). */
export interface CliContext {
  out(s: string): void;
}

/** A CLI command's result: what it printed went to `out` as it ran; the exit code says how it went. */
export interface CliResult extends OperationResult {
  exitCode: number;
}

export type CliOperation = Operation<z.ZodObject, CliContext, CliResult> & {
  /** The words after the command -> raw arguments (the schema then checks them; a bad one prints the usage). */
  read(argv: string[]): Record<string, unknown>;
};

const cliOp = <S extends z.ZodObject>(
  o: Operation<S, CliContext, CliResult> & { read(argv: string[]): Record<string, unknown> },
): CliOperation => o as unknown as CliOperation;

const done = (exitCode: number): CliResult => ({ lines: [], exitCode });

/**
 * A command whose words after it are read by its own parser (its options and their messages are its own); with a
 * spec, the words are checked against it first.
 */
function byWords(
  word: string,
  usage: string,
  summary: string,
  run: (argv: string[], out: (s: string) => void) => number | Promise<number>,
  spec?: WordSpec,
): CliOperation {
  return cliOp({
    path: [word],
    summary,
    usage,
    admin: true,
    args: z.object({ argv: z.array(z.string()) }),
    read: (argv) => {
      if (spec) checkWords(argv, spec);
      return { argv };
    },
    run: async ({ out }, { argv }) => done(await run(argv, out)),
  });
}

/** `backup FILE` / `restore FILE` against the database of DATABASE_URL. */
function database(cmd: 'backup' | 'restore', summary: string): CliOperation {
  return cliOp({
    path: [cmd],
    summary,
    usage: '<file>',
    admin: true,
    args: z.object({ file: z.string().min(1) }),
    read: (argv) => {
      checkWords(argv, { options: [], positionals: 1 });
      return { file: argv[0] };
    },
    run: async ({ out }, { file }) => done(await runDatabaseCommand(cmd, file, out)),
  });
}
/** A CLI's own usage text as one line: its synopsis and the option lines under it. */
const usageLine = (usage: string, word: string) =>
  usage
    .replace(`Usage: npm run town -- ${word} `, '')
    .split('\n')
    .filter((l, i) => i === 0 || /^\s+\[/.test(l))
    .map((l) => l.trim())
    .join(' ');

/**
 * The town CLI's operation table, in the shape of src/app/operation.ts: `npm run town -- <word>` finds its
 * operation here, and the usage below is built from it. These work on files and on a stored town with no town
 * running (stop the bot first where they write), so they are the CLI's own, beside the live /town operations.
 */
export const TOWN_CLI_OPERATIONS = {
  importSmallville: byWords(
    'import-smallville',
    '<dir> [--out FILE.yaml|FILE.json] [--name NAME] [--start "2023-02-13 07:00"]',
    'Smallville files -> a town file (YAML, or JSON when --out ends in .json; stdout without --out)',
    importSmallvilleCommand,
    { options: ['out', 'name', 'start'], positionals: 1 },
  ),
  validate: byWords('validate', '<town file>', 'check a town file', validateCommand, { options: [], positionals: 1 }),
  read: byWords(
    'read',
    '<town file|Smallville folder> [--force]',
    "what the town's text means, resident by resident (family, home, work, private matters, events), read by the configured model or the neutral reader; written beside the file (FILE.reading.yaml) for you to correct",
    readCommand,
    { options: [], flags: ['force'], positionals: 1 },
  ),
  backup: database('backup', 'copy the database (DATABASE_URL) to <file>; safe while the bot runs'),
  restore: database('restore', 'replace the database with a backup; stop the bot first'),
  export: byWords(
    'export',
    '<file> [--scope console|GUILD_ID]',
    'one town as a file: its state and clock, every memory, plan and persona (JSON; NDJSON when the file ends in .ndjson). Default scope: the only town.',
    (argv, out) => runLifecycleCommand('export', argv, out),
    { options: ['scope'], positionals: 1 },
  ),
  import: byWords(
    'import',
    '<file> [--scope console|GUILD_ID]',
    'create the town of that scope (default console) from an export; the file is checked first; refused when that scope already has a town. Stop the bot.',
    (argv, out) => runLifecycleCommand('import', argv, out),
    { options: ['scope'], positionals: 1 },
  ),
  render: byWords(
    'render',
    usageLine(RENDER_USAGE, 'render'),
    'a PNG of the map or the relationship graph (src/cli/render.ts)',
    (argv, out) => runRenderCli(argv, { out }),
  ),
  replay: byWords(
    'replay',
    usageLine(REPLAY_USAGE, 'replay'),
    'read a kept run: a day in time order, or one resident (src/cli/replay.ts)',
    runReplayCli,
  ),
} satisfies Record<string, CliOperation>;

/** `npm run town -- --help`: every command of the table, its usage and what it does. */
export const TOWN_CLI_USAGE = `Usage:\n${Object.values(TOWN_CLI_OPERATIONS)
  .map((o) => `  npm run town -- ${o.path[0]} ${o.usage}\n      ${o.summary}`)
  .join('\n')}`;
const USAGE = TOWN_CLI_USAGE;

/** The operation `npm run town -- <word>` names, or undefined. */
export function findCliOperation(word: string | undefined): CliOperation | undefined {
  return Object.values(TOWN_CLI_OPERATIONS).find((o) => o.path[0] === word);
}

/** The usage of one command: its synopsis and what it does. */
function commandUsage(o: CliOperation): string {
  return `Usage: npm run town -- ${o.path[0]} ${o.usage}\n  ${o.summary}`;
}

/**
 * `npm run town -- <word> args…`: the word's operation with its arguments read from the rest. No word or --help:
 * the usage of every command (exit 0); an unknown word, option or extra argument: what was wrong and the usage
 * (exit 2); `<word> --help`: that command's usage; a file problem: one line naming the path (exit 1).
 */
export async function runTownCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const [word, ...rest] = argv;
  if (word === undefined || word === '--help' || word === '-h' || word === 'help') {
    out(`${USAGE}\n`);
    return 0;
  }
  const o = findCliOperation(word);
  if (!o) {
    const words = Object.values(TOWN_CLI_OPERATIONS).map((c) => c.path[0]);
    out(`Unknown command "${word}": the commands are ${words.join(', ')}.\n\n${USAGE}\n`);
    return 2;
  }
  // render and replay print their own, longer help.
  if ((rest.includes('--help') || rest.includes('-h')) && word !== 'render' && word !== 'replay') {
    out(`${commandUsage(o)}\n`);
    return 0;
  }
  try {
    const raw = o.read(rest);
    if (!o.args.safeParse(raw).success) {
      out(`${word} needs more: see its usage.\n\n${commandUsage(o)}\n`);
      return 2;
    }
    return (await runOperation(o, { out }, raw)).exitCode;
  } catch (e) {
    if (e instanceof TownUsageError) {
      out(`${e.message}\n\n${commandUsage(o)}\n`);
      return 2;
    }
    const line = fileErrorLine(e);
    if (line) {
      out(`${line}\n`);
      return 1;
    }
    // a bad town file (TownFileError: its list of problems) or another person's mistake: the message, no stack
    if (isUserError(e)) {
      out(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

/** The file commands by word, for callers holding a whole argv (tests, scripts): usage on --help or a bad word. */
export function runTownCli(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s)): number {
  const [cmd, ...args] = argv;
  const run = cmd === 'import-smallville' ? importSmallvilleCommand : cmd === 'validate' ? validateCommand : undefined;
  if (!run) {
    out(`${USAGE}\n`);
    return cmd === undefined || cmd === '--help' || cmd === 'help' ? 0 : 2;
  }
  try {
    return run(args, out);
  } catch (e) {
    if (e instanceof TownUsageError) {
      out(`${e.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (isUserError(e)) {
      out(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = await runTownCommand(process.argv.slice(2), (s) => process.stdout.write(s));

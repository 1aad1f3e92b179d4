// `npm run town -- <command>`: town file and database tools, one operation each (TOWN_CLI_OPERATIONS below):
// import-smallville, validate, backup, restore, export, import, render (src/cli/render.ts), replay (src/cli/replay.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { z } from 'zod';
import { type Operation, type OperationResult, runOperation } from '../app/operations.ts';
import { loadConfig, loadDotEnv } from '../config.ts';
import { fileErrorLine } from '../core/file-error.ts';
import { backupDatabase, restoreDatabase } from '../db/backup.ts';
import { openDatabase } from '../db/client.ts';
import { sqlitePathFromUrl } from '../db/migrations.ts';
import { PrismaTownStore } from '../db/town-store.ts';
import { isUserError, UserError } from '../errors.ts';
import { loadTownFile } from '../town/file-io.ts';
import { TownRegistry } from '../town/registry.ts';
import type { TownFile } from '../town/file.ts';
import { importSmallvilleTracked } from '../town/smallville.ts';
import { readSmallvilleDir } from '../town/smallville-files.ts';
import type { TownStore } from '../town/store.ts';
import { formatTownExport, parseTownExport, readTownExport, writeTownImport } from '../town/town-export.ts';
import { RENDER_USAGE, runRenderCli } from './render.ts';
import { REPLAY_USAGE, runReplayCli } from './replay.ts';

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

/** A word on the command line that the command does not take: the message says which, then its usage. */
export class TownUsageError extends Error {}

/** The options (each takes a value) and how many positional words a command takes; anything else is refused. */
interface WordSpec {
  options: string[];
  positionals: number;
}

/** Checks argv against `spec` (node:util parseArgs, strict): an unknown option or an extra word throws. */
function checkWords(argv: string[], spec: WordSpec): void {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({
      args: argv,
      options: Object.fromEntries(spec.options.map((o) => [o, { type: 'string' as const }])),
      strict: true,
      allowPositionals: true,
    }));
  } catch (e) {
    throw new TownUsageError((e as Error).message.split('\n')[0]!.replace(/\. To specify a positional.*$/, ''));
  }
  if (positionals.length > spec.positionals)
    throw new TownUsageError(`Unexpected argument "${positionals[spec.positionals]}"`);
}

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
    (argv, out) => runTownCli(['import-smallville', ...argv], out),
    { options: ['out', 'name', 'start'], positionals: 1 },
  ),
  validate: byWords(
    'validate',
    '<town file>',
    'check a town file',
    (argv, out) => runTownCli(['validate', ...argv], out),
    { options: [], positionals: 1 },
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
    throw e;
  }
}

/** The SQLite file of DATABASE_URL (from the environment or .env), as the bot resolves it. */
function databaseFile(): string {
  loadDotEnv();
  const url = loadConfig().databaseUrl;
  if (!url.startsWith('file:'))
    throw new Error(
      'backup and restore copy the SQLite file; DATABASE_URL is PostgreSQL: use pg_dump and pg_restore (stop the bot and the workers before restoring).',
    );
  return sqlitePathFromUrl(url);
}

/** `backup FILE` and `restore FILE`; returns the exit code. */
export async function runDatabaseCommand(
  cmd: 'backup' | 'restore',
  target: string,
  out: (s: string) => void,
  databasePath?: string,
): Promise<number> {
  try {
    const file = databasePath ?? databaseFile();
    if (cmd === 'backup') {
      const r = await backupDatabase(file, target);
      out(`Backed up ${file} to ${target} (${r.pages} pages).\n`);
    } else {
      const r = restoreDatabase(target, file);
      out(`Restored ${file} from ${target}.${r.previous ? ` The previous database was kept as ${r.previous}.` : ''}\n`);
    }
    return 0;
  } catch (e) {
    out(`${(e as Error).message}\n`);
    return 1;
  }
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `export FILE` / `import FILE` against a town store (default: the database of DATABASE_URL). */
export async function runLifecycleCommand(
  cmd: 'export' | 'import',
  argv: string[],
  out: (s: string) => void,
  store?: TownStore,
): Promise<number> {
  const args = [...argv];
  const scope = option(args, '--scope');
  const file = args[0];
  if (!file) {
    out(`${USAGE}\n`);
    return 2;
  }
  let close = async () => {};
  try {
    let s = store;
    if (!s) {
      loadDotEnv();
      const db = await openDatabase(loadConfig().databaseUrl);
      close = db.close;
      s = new PrismaTownStore(db.prisma);
    }
    if (cmd === 'export') {
      const towns = await s.list();
      const town = scope ? towns.find((t) => t.scope === scope) : towns.length === 1 ? towns[0] : undefined;
      if (!town)
        throw new UserError(
          'town/export_which',
          towns.length === 0
            ? 'There is no town in this database yet.'
            : `Which town? Add --scope with one of: ${towns.map((t) => `${t.scope} (${t.name})`).join(', ')}.`,
        );
      const t = await readTownExport(s, town.id);
      writeFileSync(file, formatTownExport(t, file.endsWith('.ndjson') ? 'ndjson' : 'json'));
      out(
        `Exported ${t.name} (${town.scope}) to ${file}: tick ${t.state.clock.tick}, ${t.state.residents.length} residents, ${count(t.memories.length, 'memory', 'memories')}, ${count(t.personas.length, 'persona')}.\n`,
      );
    } else {
      const t = parseTownExport(readFileSync(file, 'utf8'));
      const target = scope ?? 'console';
      await writeTownImport(s, t, { id: TownRegistry.townIdFor(target), scope: target });
      out(
        `Imported ${t.name} into ${target}: tick ${t.state.clock.tick}, ${t.state.residents.length} residents, ${count(t.memories.length, 'memory', 'memories')}, ${count(t.personas.length, 'persona')}.\n`,
      );
    }
    return 0;
  } catch (e) {
    if (isUserError(e)) {
      out(`${e.message}\n`);
      return 1;
    }
    const line = fileErrorLine(e, cmd === 'export' ? 'write' : 'read');
    if (line) {
      out(`${line}\n`);
      return 1;
    }
    throw e;
  } finally {
    await close();
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}

/** "2 facts and 1 event to track", or that there is nothing to track and what is measured anyway. */
export function trackedSummary(t: TownFile): string {
  const n = t.facts.length;
  const e = t.events.length;
  if (n + e === 0)
    return 'nothing to track (no facts or events): information diffusion and attendance are not measured; relationship density and the interview battery are';
  return `${n} fact${n === 1 ? '' : 's'} and ${e} event${e === 1 ? '' : 's'} to track`;
}

function trackedNotes(tracked: 'file' | 'derived' | 'none', notes: readonly string[]): string {
  if (tracked === 'file') return `Facts and events ${notes[0] ?? 'from the file beside the Smallville files'}.\n`;
  if (tracked === 'none')
    return 'No facts.yaml beside the files and nothing in the seeds to derive (no phrase names a day, a time and a place, none keeps a secret).\n';
  return `Derived (no facts.yaml beside the files):\n${notes.map((x) => `  - ${x}\n`).join('')}`;
}

export function runTownCli(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s)): number {
  const args = [...argv];
  const cmd = args.shift();
  try {
    if (cmd === 'import-smallville') {
      const outFile = option(args, '--out');
      const name = option(args, '--name');
      const start = option(args, '--start');
      const dir = args[0];
      if (!dir) {
        out(`${USAGE}\n`);
        return 2;
      }
      const { town, tracked, notes } = importSmallvilleTracked(readSmallvilleDir(dir), {
        ...(name ? { name } : {}),
        ...(start ? { start } : {}),
      });
      const text = outFile?.endsWith('.json')
        ? `${JSON.stringify(town, null, 2)}\n`
        : stringify(town, { lineWidth: 0 });
      if (outFile) {
        writeFileSync(outFile, text);
        out(
          `Wrote ${outFile}: ${town.residents.length} residents, ${town.locations.length} locations, ${trackedSummary(town)}.\n${trackedNotes(tracked, notes)}`,
        );
      } else {
        out(text);
        // (the town goes to stdout; what was tracked is said on stderr, so the file stays clean)
        process.stderr.write(`${trackedSummary(town)}.\n${trackedNotes(tracked, notes)}`);
      }
      return 0;
    }
    if (cmd === 'validate') {
      const file = args[0];
      if (!file) {
        out(`${USAGE}\n`);
        return 2;
      }
      const t = loadTownFile(file);
      out(
        `${file} is valid: ${t.name}, ${t.residents.length} residents, ${t.locations.length} locations, start ${t.start}; ${trackedSummary(t)}.\n`,
      );
      return 0;
    }
    out(`${USAGE}\n`);
    return cmd === undefined || cmd === '--help' || cmd === 'help' ? 0 : 2;
  } catch (e) {
    if (isUserError(e)) {
      out(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = await runTownCommand(process.argv.slice(2), (s) => process.stdout.write(s));
